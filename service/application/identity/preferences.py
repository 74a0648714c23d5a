"""A player's preferences (issue 39): ``language``, one of engine.core.i18n.LANGUAGES, or none (the
browser's, Accept-Language, then). It is the language of the player's e-mails and webhook texts
(service.application.notify), and of the requests made with the player's key that name none (?lang=,
service/http/language.py). Kept in the player's record (service.application.storage.players)."""
from engine.core.i18n import LANGUAGES, supported
from service.application.errors import Invalid
from service.application.identity.auth import token_hash
from service.application.identity.player_keys import KEY_PREFIX, resolve
from service.application.storage import players as player_records
from service.i18n import _


def language(store, player_id: str) -> str | None:
    """The player's language, None when not chosen."""
    return supported(player_records.fields(store, player_id, ["language"])[0])


def owner_of_key(store, key: str | None) -> str | None:
    """The player whose key ``key`` is, or None; reads nothing for a token that is no player key (a seat
    token)."""
    if not key or not key.startswith(KEY_PREFIX):
        return None
    found = resolve(store, token_hash(key))
    return found[0] if found else None


def language_of_key(store, key: str | None) -> str | None:
    """The language of the player whose key ``key`` is (None: no such key, or none chosen)."""
    player_id = owner_of_key(store, key)
    return language(store, player_id) if player_id else None


def set_language(store, player_id: str, lang) -> None:
    """``lang``: one of LANGUAGES, or None to leave the choice to each request again; 400 otherwise."""
    if lang is not None and lang not in LANGUAGES:
        raise Invalid("invalid_language", _("language: one of %(languages)s, or null",
                                            languages=", ".join(LANGUAGES)))
    player_records.set_field(store, player_id, "language", lang)
