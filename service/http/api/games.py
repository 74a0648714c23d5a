"""GET /games and GET /games/<game>: what can be played (and, for the web client, the game's
dedicated renderer where ``service/http/webapp/renderers/`` has one)."""
from flask import Blueprint

from engine.core import ConfigError, get_game, list_games
from service.application.errors import NotFound
from service.http.api import answer
from service.http.api.web import renderer_assets
from service.http.schemas import GameDescriptionOut, GamesOut
from engine.bots import BOTS, check_config, game_bots

bp = Blueprint("games", __name__, url_prefix="/games")


def summary(game) -> dict:
    return {"id": game.id, "title": game.title, "cardset_version": game.cardset_version,
            "variants": [{"id": v.id, "title": game.variant_title(v.id), "min_seats": v.min_seats,
                          "max_seats": v.max_seats} for v in game.variants.values()],
            "bots": bots_for(game)}


def bots_for(game) -> list[str]:
    """The bots that can hold a seat of this game (ismcts needs the game's determinize)."""
    names = []
    for name in sorted(BOTS) + sorted(game_bots(game)):
        try:
            check_config(game, {"bot": name})
        except ConfigError:
            continue
        names.append(name)
    return names


@bp.get("")
def index():
    return answer(GamesOut(), {"games": [summary(g) for g in list_games()]})


@bp.get("/<game>")
def describe(game: str):
    try:
        found = get_game(game)
    except ConfigError as e:
        raise NotFound("game_not_found", e.message) from None
    return answer(GameDescriptionOut(), {**found.describe(), **renderer_assets(found.id)})
