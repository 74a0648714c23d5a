"""A heuristic value of a position for one seat, in (0, 1): what bots score positions with.

Reads only ``view(state, seat)`` (it builds the view and reads nothing else): money, lands (owner,
level, character, current toll), hand counts (and the seat's own hand), the deck count, the debt
and the battle as that seat sees it (a face-down support it did not commit stays unknown).

- 勝利条件: the game ends when a player must draw from an empty deck, and the highest total assets
  win (rulebook ``end.draw``, ``end.assets``: money + each land's base value at its level + its
  current toll). Total assets are therefore the core of the value, as a margin over the best rival.
- 破産: a toll that cannot be paid is paid by selling lands (asset-neutral at 基本価値 + 通行料) and
  then by bankruptcy, so an open debt (``money.sell``) counts as already paid to its creditor.
- 移動の方法 Ⅲ / 土地 Ⅱ: lands earn tolls from the others until the end; their worth beyond their
  asset value is the tolls still to come, which shrink with the deck (the game's clock).
- 戦闘の流れ: a battle in progress counts by the arithmetic of ``battle.fight`` with the supports the
  seat can see; cards in hand are worth a little (characters to place and invade with, spells).
- The margin is read against a scale that also shrinks with the deck, so the same lead is worth more
  as the end nears.
"""
import math

from engine.games.dokusenroku.battle import fight
from engine.games.dokusenroku.views import view

HAND_CARD = 12            # 圓 per card in hand
TOLL_TURNS = 0.15         # expected future toll income per remaining deck card, per 圓 of toll
SCALE = 40.0              # 圓: a margin of SCALE is worth ~0.73 at the end of the game
SCALE_PER_CARD = 2.0      # extra scale per card left in the decks


def _deck_left(v) -> int:
    return min(p["deck_count"] for p in v["piles"])


def _battle_swing(v, seat_values):
    """The battle in progress, resolved with the supports this seat can see (unknown ones: none)."""
    b = v["battle"]
    if b is None or b["supports"] is None:
        return
    lands = {lid: land for lid, land in v["lands"].items() if land["owner"] is not None}
    try:
        result = fight({"battle": b, "lands": lands, "variant": v["variant"]})
    except (KeyError, TypeError):
        return
    land = v["lands"][b["land"]]
    invader, defender = b["invader"], b["defender"]
    if result["winner"] == "invader":
        seat_values[invader] += land["value"]
        seat_values[defender] -= land["value"]
    else:
        seat_values[invader] -= land["toll"]
        seat_values[defender] += land["toll"]


def values(v) -> dict:
    """Each seat's expected worth at the end, in 圓, as the viewing seat can tell."""
    left = _deck_left(v)
    worth = {}
    for p in v["players"]:
        s = p["seat"]
        tolls = sum(land["toll"] for land in v["lands"].values() if land["owner"] == s)
        worth[s] = p["assets"] + HAND_CARD * p["hand_count"] + TOLL_TURNS * left * tolls
    debt = v["debt"]
    if debt is not None:
        worth[debt["seat"]] -= debt["amount"]
        if debt.get("to") is not None:
            worth[debt["to"]] += debt["amount"]
    _battle_swing(v, worth)
    return worth


def evaluate(state, seat) -> float:
    v = view(state, seat, ())                 # to_act is not read
    worth = values(v)
    mine = worth[seat]
    best_other = max(w for s, w in worth.items() if s != seat)
    scale = SCALE + SCALE_PER_CARD * _deck_left(v)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / scale))
