"""Who may know which card (公開情報と非公開情報 l.191-204): the one predicate views, redaction,
determinize and ``secrets`` read.

|                     | yourself | the others |
|---------------------|----------|------------|
| deck                | hidden   | hidden     |   山札の内容 非公開 / 非公開 (l.194)
| hand, looked-at     | shown    | hidden     |   手札の内容 (l.196); 「見る」 自分だけが見て (l.131)
| discard below top   | hidden   | hidden     |   捨て札の内容 非公開 (l.199, l.203)
| discard top, play, lasting, revealed, supply, prizes, trash | shown | shown |

Card ids name kinds (several copies of each), so a hidden card's identity is a secret only when the
seat can neither see a copy nor know the kind from the public record: every supply pile, the
starting decks (public at setup) and the prizes of 五つの難題 are known to all, and every gain and
trash is public. Actions name only kinds of the seat's own visible zones, so there are no handles.
"""
from engine.core import Secrets
from engine.games.shisoroku.cards import PRIZES, START_DECKS, card_list

OWNER_ONLY = ("hand", "looking")
PUBLIC_ZONES = ("play", "carried", "revealed")


def sees(zone: str, owner: int, seat) -> bool:
    """May ``seat`` (None: a spectator) see the contents of ``owner``'s ``zone`` (not the discard)?"""
    if zone == "deck":
        return False
    return zone not in OWNER_ONLY or owner == seat


def hidden_zones(owner: int, seat) -> list:
    """The whole zones of ``owner`` hidden from ``seat`` (its discard pile below the top is too)."""
    return [z for z in ("deck", *OWNER_ONLY) if not sees(z, owner, seat)]


def hidden_cards(state, seat) -> list:
    out = []
    for i, p in enumerate(state["players"]):
        for z in hidden_zones(i, seat):
            out += p[z]
        out += p["discard"][:-1]
    return out


def known_kinds(state, seat) -> set:
    """Kinds the seat sees a copy of, or knows from the public record."""
    known = set(state["supply"]) | set(state["kingdom"]) | set(state["prizes"]) | set(state["trash"])
    known |= set(START_DECKS.get(state["start_deck"], ()))
    for k in state["kingdom"]:
        known |= set(PRIZES.get(k, ()))
    for i, p in enumerate(state["players"]):
        for z in PUBLIC_ZONES + OWNER_ONLY:
            if sees(z, i, seat):
                known |= set(p[z])
        known |= set(p["discard"][-1:]) | {e["card"] for e in p["next_turn"]}
    return known


# each card's identity strings, as the public card list names it: id, printed name, gloss
IDENTITY = {c["id"]: frozenset(c[k] for k in ("id", "name", "gloss") if isinstance(c.get(k), str))
            for c in card_list()}


def secrets(state, seat) -> Secrets:
    known = known_kinds(state, seat)
    hidden = set(hidden_cards(state, seat)) - known
    return Secrets(handles=frozenset(), identities=frozenset(s for c in hidden for s in IDENTITY[c]))
