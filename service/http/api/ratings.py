"""Ratings: a player's public profile, a game and variant's leaderboard, and quick pairing
(service.application.ratings). Profiles and leaderboards need no credential; pairing takes the
player's key as the bearer."""
from flask import Blueprint, current_app

from service.application.errors import Unauthenticated
from service.application.identity import preferences
from service.application.ratings import ladder, pairing
from service.http.api import answer, bearer_token, json_body, query_args
from service.http.api.players import the_player
from service.http.rating_schemas import LeaderboardOut, LeaderboardQuery, PairingIn, PairingOut, ProfileOut
from service.http.redis_conn import get_store

bp = Blueprint("ratings", __name__)


@bp.get("/players/<player_id>")
def profile(player_id: str):
    """Public; to its owner (its own key as the bearer) it shows its ``language`` too."""
    store = get_store()
    shown = ladder.profile(store, player_id)
    try:
        token = bearer_token()
    except Unauthenticated:             # a public route: a malformed header is no owner, not a 401
        token = None
    if token and preferences.owner_of_key(store, token) == player_id:
        shown["language"] = preferences.language(store, player_id)
    return answer(ProfileOut(), shown)


@bp.get("/ratings/<game>/<variant>")
def leaderboard(game: str, variant: str):
    query = LeaderboardQuery().load(query_args())
    return answer(LeaderboardOut(), ladder.leaderboard(get_store(), game, variant, query["cursor"], query["limit"]))


def _rules() -> pairing.Rules:
    return pairing.Rules.from_settings(current_app.config)


@bp.post("/pairing/<game>/<variant>")
def join(game: str, variant: str):
    player_id = the_player()[0]
    body = PairingIn().load(json_body(optional=True))
    return answer(PairingOut(), pairing.join(get_store(), game, variant, player_id, _rules(),
                                             settings=body["settings"]))


@bp.get("/pairing/<game>/<variant>")
def status(game: str, variant: str):
    player_id = the_player()[0]
    return answer(PairingOut(), pairing.status(get_store(), game, variant, player_id, _rules()))


@bp.post("/pairing/<game>/<variant>/bot")
def take_bot(game: str, variant: str):
    player_id = the_player()[0]
    return answer(PairingOut(), pairing.take_bot(get_store(), game, variant, player_id, _rules()))


@bp.delete("/pairing/<game>/<variant>")
def leave(game: str, variant: str):
    pairing.leave(get_store(), game, variant, the_player()[0])
    return "", 204
