"""Finding secret strings in JSON answers: exact strings and keys, and hidden names inside text."""
import json
from pathlib import Path

from tests.browser.secrets_check import strings, where

PLACEHOLDER = "<sent-id>"
NAME_FIELDS = ("name", "title", "gloss")


def catalogue(game) -> dict:
    """Each catalogue card's identity strings (id or key, printed name, title, gloss), by id/key."""
    index = {}
    for card in game.describe().get("cards") or []:
        if not isinstance(card, dict):
            continue
        ident = {card[k] for k in ("id", "key", *NAME_FIELDS) if isinstance(card.get(k), str)}
        for k in ("id", "key"):
            if isinstance(card.get(k), str):
                index[card[k]] = frozenset(ident)
    return index


def printed_names(game) -> frozenset:
    return frozenset(card[k] for card in game.describe().get("cards") or [] if isinstance(card, dict)
                     for k in NAME_FIELDS if isinstance(card.get(k), str))


def is_name(identity: str, names: frozenset) -> bool:
    return len(identity) >= 2 and (identity in names or not identity.isascii())


def texts(value, at=""):
    """(path, string) for every string value and key in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{at}/{k}", k
            yield from texts(v, f"{at}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from texts(v, f"{at}/{i}")
    elif isinstance(value, str):
        yield at, value


def scrub(value, sent):
    """``value`` with every string equal to one the caller sent (or containing it) made a placeholder."""
    sent = {s for s in sent if isinstance(s, str) and s}
    if not sent:
        return value
    if isinstance(value, dict):
        return {scrub(k, sent): scrub(v, sent) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub(v, sent) for v in value]
    if isinstance(value, str):
        for s in sorted(sent, key=len, reverse=True):
            value = value.replace(s, PLACEHOLDER)
    return value


def found(value, secret, names, public=frozenset()) -> list:
    """Where ``value`` carries a secret: exact paths, then 'path ~ name' for names inside text that is
    neither another card's whole name nor one of the game's ``public`` texts (describe(): its rules'
    statements name kinds of card, never a dealt one) — nor inside such a text or a longer card name
    quoted in a longer string ("罔両「八雲紫の神隠し」" holds 八雲紫; explain quotes rule statements)."""
    secret = set(secret)
    if not secret:
        return []
    hits = [f"{p} = {v!r}" for p in where(value, secret) for v in [_at(value, p)]]
    named = [s for s in secret if is_name(s, names)]
    for path, text in texts(value):
        if text in secret or text in names or text in public:
            continue
        hits += [f"{path} ~ {n!r} in {text[:120]!r}" for n in named
                 if n in text and n in unquoted(text, n, names, public)]
    return hits


_QUOTABLE = {}
# The games' glossary terms (engine/games/<game>/glossary.json): words for kinds of things
# (「カリスマカード」, a kind every seat is dealt one of), never the name of a dealt card, though one may hold
# such a name. A name inside such a term is not that card named.
TERMS = frozenset(entry["ja"] for glossary in Path(__file__).resolve().parents[2].glob("engine/games/*/glossary.json")
                  for entry in json.loads(glossary.read_text(encoding="utf-8")) if isinstance(entry.get("ja"), str))


def unquoted(text: str, name: str, names: frozenset, public: frozenset = frozenset()) -> str:
    """``text`` less the other card names, the public texts (20 characters or more) and the glossary
    terms that hold ``name`` and that it quotes."""
    key = (names, public, name)
    if key not in _QUOTABLE:
        holders = {p for p in public if len(p) >= 20 and name in p} | {m for m in names if name in m} | \
            {t for t in TERMS if name in t}
        _QUOTABLE[key] = sorted(holders - {name}, key=len, reverse=True)
    for quoted in _QUOTABLE[key]:
        text = text.replace(quoted, "")
    return text


def _at(value, path):
    for part in path.strip("/").split("/") if path else []:
        if isinstance(value, list):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return part                                    # the key itself
    return value


__all__ = ["PLACEHOLDER", "catalogue", "found", "is_name", "printed_names", "scrub", "strings", "texts", "unquoted"]
