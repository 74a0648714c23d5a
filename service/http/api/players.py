"""Players: make one, see it and its keys, revoke a key, sign another device in, list its matches
on any device, and bind a seat held by token (service.application.identity.players). The player's key is the
bearer of every ``/players/me`` route. Sign-ins are counted per client address (``client_address``)."""
from flask import Blueprint, current_app

from service.application.identity import player_keys, players
from service.http.api import answer, bearer_token, client_address, json_body, query_args
from service.http.player_schemas import (AdoptedOut, AdoptIn, NewPlayerIn, PlayerKeyOut, PlayerMatchesOut,
                                         PlayerMatchesQuery, PlayerOut, PlayerUpdateIn, SignInCodeOut, SignInIn)
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store

bp = Blueprint("players", __name__, url_prefix="/players")


def the_player() -> tuple[str, str]:
    """The request's player and key id (its key as the bearer): 401 without one, 403 a bad one."""
    return player_keys.authenticate(get_store(), bearer_token())


def limits() -> players.SignInLimits:
    return players.SignInLimits.from_settings(current_app.config)


def bound_player(seats: list[dict]) -> str | None:
    """The creating player, when a seat of a new match is to be bound to it (else no key is read)."""
    return the_player()[0] if any(s.get("player") for s in seats) and bearer_token() else None


@bp.post("")
@idempotent()
def register():
    body = NewPlayerIn().load(json_body())
    return answer(PlayerKeyOut(), players.register(get_store(), body["name"], body["label"]), 201)


@bp.get("/me")
def me():
    player_id, key_id = the_player()
    return answer(PlayerOut(), players.describe(get_store(), player_id, key_id))


@bp.patch("/me")
def update():
    """The player's own settings: ``language`` (its e-mails', webhooks' and requests' language)."""
    player_id, key_id = the_player()
    body = PlayerUpdateIn().load(json_body())
    return answer(PlayerOut(), players.update(get_store(), player_id, key_id, body))


@bp.delete("/me/keys/<key_id>")
def revoke(key_id: str):
    """Revoke a key (this device's, or one made after it) and the keys made from it: they open
    nothing from now on."""
    player_id, by = the_player()
    player_keys.revoke(get_store(), player_id, by, key_id)
    return "", 204


@bp.post("/me/sign-in-codes")
@idempotent()
def sign_in_code():
    player_id, key_id = the_player()
    return answer(SignInCodeOut(), players.sign_in_code(get_store(), player_id, key_id, limits()), 201)


@bp.post("/sign-in")
@idempotent()
def sign_in():
    body = SignInIn().load(json_body())
    return answer(PlayerKeyOut(), players.sign_in(get_store(), body["code"], body["label"], client_address(),
                                                  limits()), 201)


@bp.get("/me/matches")
def matches():
    player_id, _ = the_player()
    query = PlayerMatchesQuery().load(query_args())
    return answer(PlayerMatchesOut(), players.matches(get_store(), player_id, query["finished"]))


@bp.post("/me/seats")
@idempotent()
def adopt():
    player_id, _ = the_player()
    body = AdoptIn().load(json_body())
    return answer(AdoptedOut(), players.adopt(get_store(), player_id, body["match_id"], body["token"]), 201)
