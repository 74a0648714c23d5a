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
from engine.games.dokusenroku.board import HAND_LIMIT
from engine.games.dokusenroku.views import view

HAND_CARD = 12            # 圓 per card in hand, up to the hand limit (more are discarded at the end of the turn)
LAND_BONUS = 0.0          # 圓 per land owned beyond its asset value: investments and chains to come
TOLL_TURNS = 0.07         # expected future toll income per remaining deck card, per 圓 of toll
LIQUID_CAP = 60           # 圓 in hand up to this much are worth LIQUID_BONUS more each: they buy lands
LIQUID_BONUS = 0.3
SIZE = 100.0              # 圓 added to the average worth the margin is read against
SHARP_END = 12.0          # how sharply the relative margin counts when the deck is empty ...
SHARP_START = 3.0         # ... and when it is full (DECK_FULL cards)
DECK_FULL = 56


def _deck_left(v) -> int:
    return min(p["deck_count"] for p in v["piles"])


# what a support the seat cannot see may be: none, カリスマ, or a character's support of each kind
HIDDEN_SUPPORTS = (None, "X00a", "C01a", "C03a", "C09a", "C05a", "C02a")


def _battle_swing(v, seat, worth):
    """The battle in progress, by the arithmetic of ``battle.fight``: a support the seat cannot see
    is any of HIDDEN_SUPPORTS (none for certain when that side holds no card and has not committed)."""
    b = v["battle"]
    if b is None:
        return
    lands = {lid: land for lid, land in v["lands"].items() if land["owner"] is not None}
    options = {}
    for role in ("invader", "defender"):
        known = b[role] == seat or b["revealed"][role] or (
            not b["committed"][role] and v["players"][b[role]]["hand_count"] == 0)
        options[role] = (b["supports"][role],) if known else HIDDEN_SUPPORTS
    wins = tries = 0
    for inv in options["invader"]:
        for dfd in options["defender"]:
            battle = {**b, "supports": {"invader": inv, "defender": dfd}}
            wins += fight({"battle": battle, "lands": lands, "variant": v["variant"]})["winner"] == "invader"
            tries += 1
    p = wins / tries
    land = v["lands"][b["land"]]
    invader, defender = b["invader"], b["defender"]
    swing = p * land["value"] - (1 - p) * land["toll"]
    worth[invader] += swing
    worth[defender] -= swing


def values(v, seat) -> dict:
    """Each seat's expected worth at the end, in 圓, as the viewing seat can tell."""
    left = _deck_left(v)
    worth = {}
    for p in v["players"]:
        s = p["seat"]
        owned = [land for land in v["lands"].values() if land["owner"] == s]
        tolls = sum(land["toll"] for land in owned)
        worth[s] = (p["assets"] + HAND_CARD * min(p["hand_count"], HAND_LIMIT) + TOLL_TURNS * left * tolls
                    + LAND_BONUS * len(owned)
                    + LIQUID_BONUS * min(max(p["money"], 0), LIQUID_CAP))
    debt = v["debt"]
    if debt is not None:
        worth[debt["seat"]] -= debt["amount"]
        if debt.get("to") is not None:
            worth[debt["to"]] += debt["amount"]
    _battle_swing(v, seat, worth)
    return worth


def evaluate(state, seat) -> float:
    v = view(state, seat, ())                 # to_act is not read
    worth = values(v, seat)
    mine = worth[seat]
    best_other = max(w for s, w in worth.items() if s != seat)
    margin = (mine - best_other) / max(SIZE, SIZE + (mine + best_other) / 2)
    full = min(_deck_left(v), DECK_FULL) / DECK_FULL
    x = margin * (SHARP_END - (SHARP_END - SHARP_START) * full)
    # a tenth of the value on a ten times wider scale: a big lead still prefers a bigger one
    return 0.9 * _sigmoid(x) + 0.1 * _sigmoid(x / 10)


def _sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))
