"""Who may know which card: the one declared answer (``Game.secrets``) that views, determinize and
decide's messages read.

An instance id names its card (``"C03a"``), so a hidden card's id is itself the secret. Hidden from
a seat (None: a spectator): the other seats' hands; every deck's contents and order, but a searching
seat sees the contents of the deck it looks through (追加ルール サーチ: 山札から指定したカードを手札に
くわえる); the cards the deck-size adjustment removed (取り除いたカードはゲーム中に見る事はできません);
another seat's face-down support until it is revealed (戦闘の流れ Ⅰ 他のプレイヤーから見えないように
伏せておく). See README "What each seat may know" for the cases shown by rule.
"""
from engine.core import Secrets
from engine.games.dokusenroku.cards import CHARACTERS, CHARISMA, SPELLS, card_of

ECHO = 40           # an echoed id is cut to this many characters


def echo(value) -> str:
    text = repr(value)
    return text if len(text) <= ECHO else text[:ECHO] + "…"


def support_hidden(battle, role, seat) -> bool:
    return battle[role] != seat and not battle["revealed"][role]


def searching(state, seat) -> bool:
    p = state["pending"]
    return bool(p) and p["kind"] == "search" and p["seat"] == seat


def search_hidden(pending, seat) -> bool:
    """A pending search's options (the deck's contents) are its seat's only."""
    return pending is not None and pending["kind"] == "search" and pending["seat"] != seat


def hidden_cards(state, seat) -> set:
    out = set()
    for q, p in enumerate(state["players"]):
        if q != seat:
            out |= set(p["hand"])
    for i, pile in enumerate(state["piles"]):
        out |= set(pile["removed"])
        if not (searching(state, seat) and _pile(state, seat) == i):
            out |= set(pile["deck"])
    b = state["battle"]
    if b is not None:
        out |= {c for role, c in b["supports"].items() if c is not None and support_hidden(b, role, seat)}
    return out


def _pile(state, seat):
    return 0 if state["variant"] == "standard" else seat


def seen_cards(state, seat) -> set:
    out = set(state["players"][seat]["hand"]) if seat is not None else set()
    for i, pile in enumerate(state["piles"]):
        out |= set(pile["graveyard"])
        if searching(state, seat) and _pile(state, seat) == i:
            out |= set(pile["deck"])
    out |= {land["character"] for land in state["lands"].values() if land.get("character")}
    b = state["battle"]
    if b is not None:
        out.add(b["attacker"])
        out |= {c for role, c in b["supports"].items() if c is not None and not support_hidden(b, role, seat)}
    return out


def name(cid) -> str:
    card = CHARACTERS.get(cid) or SPELLS.get(cid) or CHARISMA.get(cid)
    return card.name


def secrets(state, seat) -> Secrets:
    handles = hidden_cards(state, seat)
    seen = {card_of(c) for c in seen_cards(state, seat)}
    keys = {card_of(c) for c in handles} - seen
    names = {name(k) for k in keys} - {name(k) for k in seen}
    return Secrets(handles=frozenset(handles), identities=frozenset(keys | names))
