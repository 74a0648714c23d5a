"""Who may know which card: the one declared answer (``Game.secrets``) that the views, the redaction,
determinize and decide's id resolution all read, through ``state.visible``.

001 ch.1 §4 表向きに置かれたカードは、誰でもいつでも確認することができます; 000 プレイシートの見方
(l.137-138): 表向きのカードは双方のプレイヤー共にいつでも確認できます。裏向きのカードは双方のプレイヤー共に
確認することはできません. A hand is its owner's; the deck (but its plan card) and the smash zones are
face down and seen by nobody, their owner included; a card whose ● ability was activated from hand
(盟約) is shown while that ability waits on the stack (README "What each seat may know"). In a
best-of-3 the deck and sideboard lists a seat submits are its own.
"""
from engine.core import IllegalAction, Secrets
from engine.core.i18n import Catalog
from engine.games.dimension_zero.cards import CARDS
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.state import plan_card, stacked_sources, visible

_, ngettext = Catalog.of("dimension_zero").functions()

ECHO = 40           # an echoed id is cut to this many characters


def hidden_ids(state, seat) -> list:
    """The instance ids whose identity ``seat`` (None: a spectator) cannot see, sorted: those ``visible``
    answers no for, read zone by zone (the other seat's hand but its cards on the stack, each deck but
    its plan card, each smash zone) instead of card by card, which looked every card's zone up
    (determinize's time in searches; tests/dimension_zero/test_playouts.py checks they agree)."""
    hidden, stacked = [], None
    for i, p in enumerate(state["players"]):
        if i != seat:
            stacked = stacked_sources(state) if stacked is None else stacked
            hidden += [c for c in p["hand"] if c not in stacked]
        plan = plan_card(state, i)
        hidden += [c for c in p["deck"] if c != plan]
        hidden += p["smash"]
    return sorted(hidden)


def secrets(state, seat) -> Secrets:
    handles = hidden_ids(state, seat)
    seen = {state["cards"][c] for c in state["cards"] if c not in handles}
    keys = {state["cards"][c] for c in handles}
    series = state["series"]
    if series is not None:
        for i in (0, 1):
            if i == seat:
                seen |= set(series["decks"][i]) | set(series["sideboards"][i])
            else:
                keys |= set(series["decks"][i]) | set(series["sideboards"][i])
    keys -= seen
    names = {CARDS[k]["name"] for k in keys} - {CARDS[k]["name"] for k in seen}
    return Secrets(handles=frozenset(handles), identities=frozenset(keys | names))


def echo(value) -> str:
    """An id as an answer may repeat it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= ECHO else text[:ECHO] + "…"


def seen_card(state, seat, cid) -> str:
    """``cid`` if it names a card whose identity ``seat`` can see; otherwise the very IllegalAction a
    card that does not exist gets, so the answer never tells a hidden card from no card."""
    if not isinstance(cid, str) or cid not in state["cards"] or not visible(state, cid, seat):
        raise IllegalAction(rule("actions"), _("unknown card %(id)s", id=echo(cid)))
    return cid
