"""Who may know which card in 3x3Wars: the one predicate views, determinize and ``secrets`` read.

マニュアル: a hand is held so the opponent cannot see it; territories and magic are set face down,
and "設置したあなたは常時確認可" (their owner may always check them). So, hidden from a seat (None: a
spectator): the deck (contents and order, from both), the cards left over at setup on their way under
the deck, and the other seat's hand, territories, dealt-but-unchosen cards (offered hands and magic)
and face-down magic not yet shown (暴露, ★天写). Everything else — units, the discard pile, removed
cards, face-up or sideways magic, spells on the table, counts — is public.

Every card has its own id, so ``handles`` are the ids of the hidden cards; ``identities`` are those ids
and the printed names / glosses of the hidden cards less those a visible card shares (several cards
carry the same name).
"""
from engine.core import Secrets
from engine.games.threebythree.cards import MAGIC, card_list

IDENTITY = {c["id"]: frozenset(c[k] for k in ("id", "name", "gloss") if isinstance(c.get(k), str))
            for c in card_list()}
# The Wizard level's basic magic (A17-A22) is dealt by rule, the same three to each seat
# (【魔法の基本ルール:初級】, setup.BASIC_MAGIC): which ones a seat holds is public; whether it kept
# them face down, and where, is not.
PUBLIC_BY_RULE = frozenset(m for m, card in MAGIC.items() if card.basic)


def owner_sees(owner: int, seat) -> bool:
    """Hands, territories and dealt cards: their owner only."""
    return owner == seat


def magic_seen(m: dict, owner: int, seat) -> bool:
    return owner_sees(owner, seat) or m["state"] != "down" or bool(m.get("shown"))


def hidden_cards(state, seat) -> list:
    out = list(state["deck"]) + list(state["leftovers"])
    for i, p in enumerate(state["players"]):
        if owner_sees(i, seat):
            continue
        out += p["hand"] + p["territories"] + p["offered_magic"] + [c for h in p["offered_hands"] for c in h]
        out += [m["card"] for m in p["magic"] if not magic_seen(m, i, seat)]
    return out


def _ids_in(value, out: set) -> set:
    if isinstance(value, dict):
        for k, v in value.items():
            _ids_in(k, out)
            _ids_in(v, out)
    elif isinstance(value, list):
        for v in value:
            _ids_in(v, out)
    elif isinstance(value, str) and value in IDENTITY:
        out.add(value)
    return out


def secrets(state, seat) -> Secrets:
    hidden = set(hidden_cards(state, seat))
    visible = _ids_in({k: v for k, v in state.items() if k != "match"}, set()) - hidden
    seen = set().union(*(IDENTITY[c] for c in visible | (PUBLIC_BY_RULE & hidden)))
    return Secrets(handles=frozenset(hidden),
                   identities=frozenset(s for c in hidden - PUBLIC_BY_RULE for s in IDENTITY[c]
                                        if s not in seen or s == c))
