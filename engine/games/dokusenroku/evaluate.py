"""A heuristic value of a position for one seat, in (0, 1): what bots score positions with.

Reads only ``view(state, seat)`` (it builds the view and reads nothing else; ``evaluate_seats`` the
spectator's view with the battle as each seat sees it, a part of that seat's view): money, positions,
lands (owner, level, character, current toll and value), hand counts, the deck count, the debt and
the battle as that seat sees it (a face-down support it did not commit stays unknown). No hand's
contents are read, not even the seat's own, so every seat is valued alike.

- 勝利条件: the game ends when a player must draw from an empty deck, and the highest total assets
  win (rulebook ``end.draw``, ``end.assets``: money + each land's base value at its level + its
  current toll). Total assets are therefore the core of the value, as a margin over the best rival.
- 破産: a toll that cannot be paid is paid by selling lands (asset-neutral at 基本価値 + 通行料) and
  then by bankruptcy, so an open debt (``money.sell``) counts as already paid to its creditor, less
  the tolls still to come of the share of the debtor's land value the sale must take.
- 移動の方法 Ⅲ / 土地 Ⅱ: lands earn tolls from the others until the end; their worth beyond their
  asset value is the tolls still to come, which shrink with the deck (the game's clock).
- 移動の方法 Ⅳ: before the roll that ends the active player's turn, its average tolls and START
  bonuses count already, so an action taken before the roll is not compared with a roll made.
- 戦闘の流れ: a battle in progress counts by the arithmetic of ``battle.fight``, averaged over the
  supports the seat cannot see: won, the land moves with its tolls to come (and a bounty is paid);
  lost, the invader pays the toll (with the sale it forces when short) and takes its character
  back to hand unless destroyed; a support not yet revealed still costs its price (Ⅲ,
  ``battle.reveal``). Cards in hand are worth a little (characters to place and invade with,
  spells), and money up to LIQUID_CAP a little more than its face value (it pays tolls without
  selling lands and buys the empty lands the dice lead to).
- The margin over the best rival is read relative to their average worth (tolls grow the economy
  many times over in a game), and more sharply as the deck runs out: the same lead counts more as
  the end nears. A tenth of the value is read ten times less sharply, so a big lead still prefers
  a bigger one.
"""
import math

from engine.games.dokusenroku.battle import ability, fight
from engine.games.dokusenroku.cards import cost_of
from engine.games.dokusenroku.board import BOARD_SIZE, ECON, HAND_LIMIT, land_at, lap_bonus
from engine.games.dokusenroku.views import battle_seen, view

HAND_CARD = 12            # 圓 per card in hand, up to the hand limit (more are discarded at the end of the turn)
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


def _sale_loss(v, s, shortfall, left):
    """破産 / 土地 Ⅱ: a toll short of money is paid by selling lands at their asset value, so the sale
    loses no assets but the tolls those lands would still earn: the share of the land value sold."""
    if shortfall <= 0:
        return 0.0
    value = tolls = 0
    for land in v["lands"].values():
        if land["owner"] == s:
            value += land["value"]
            tolls += land["toll"]
    if value <= 0:
        return 0.0
    return min(1.0, shortfall / value) * TOLL_TURNS * left * tolls


def _battle_swing(v, seat, worth):
    """戦闘の流れ Ⅱ-Ⅴ: a battle in progress, averaged over the supports the seat cannot see. Won, the
    land moves with its tolls to come; lost, the invader pays the toll (selling lands if short) and
    takes its character back unless destroyed. Supports not yet revealed still cost their price."""
    b = v["battle"]
    if b is None:
        return
    left = _deck_left(v)
    inv, dfd = b["invader"], b["defender"]
    land = v["lands"][b["land"]]
    stake = land["value"] + TOLL_TURNS * left * land["toll"]
    toll = (land["toll"] + 1) // 2 if v["flags"]["toll_half"] else land["toll"]
    lands = {lid: x for lid, x in v["lands"].items() if x["owner"] is not None}
    options = {}
    for role in ("invader", "defender"):
        known = b[role] == seat or b["revealed"][role] or (
            not b["committed"][role] and v["players"][b[role]]["hand_count"] == 0)
        options[role] = (b["supports"][role],) if known else HIDDEN_SUPPORTS
    back = HAND_CARD if v["players"][inv]["hand_count"] < HAND_LIMIT else 0
    total = {inv: 0.0, dfd: 0.0}
    tries = 0
    for si in options["invader"]:
        for sd in options["defender"]:
            sup = {"invader": si, "defender": sd}
            f = fight({"battle": {**b, "supports": sup}, "lands": lands, "variant": v["variant"]})
            cost = {r: (cost_of(sup[r]) if sup[r] is not None and not b["revealed"][r] else 0) for r in sup}
            gain = {inv: -cost["invader"], dfd: -cost["defender"]}
            if f["winner"] == "invader":
                gain[inv] += stake + _bounty(b["attacker"])
                gain[dfd] -= stake
            else:
                gain[inv] -= toll + _sale_loss(v, inv, toll + cost["invader"] - v["players"][inv]["money"], left)
                gain[dfd] += toll + _bounty(land["character"])
                if "invader" not in f["destroyed"] or "resurrect" in ability(b["attacker"]):
                    gain[inv] += back
            total[inv] += gain[inv]
            total[dfd] += gain[dfd]
            tries += 1
    worth[inv] += total[inv] / tries
    worth[dfd] += total[dfd] / tries


def _bounty(card):
    return ability(card).get("bounty", {}).get("amount", 0)


TWO_DICE = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}


def _roll_ahead(v, worth):
    """移動の方法 Ⅲ①, Ⅳ, Ⅴ: before the roll that ends the active player's turn (Ⅳ may not be
    skipped), the tolls and START bonuses its 2d6 lead to, on average. Without it every action
    taken before the roll would be compared with a roll already made."""
    if v["step"] != "main":
        return
    seat = v["active"]
    p = v["players"][seat]
    if p["move"] is not None:                 # a movement spell: the move is no dice roll
        return
    bonus = lap_bonus(sum(1 for land in v["lands"].values() if land["owner"] is not None))
    half = v["flags"]["toll_half"]
    for total, chance in TWO_DICE.items():
        to = p["at"] + total
        if to >= BOARD_SIZE:
            worth[seat] += chance * (bonus + (ECON["start_square_bonus"] if to == BOARD_SIZE else 0))
        lid = land_at(to % BOARD_SIZE)
        land = v["lands"][lid] if lid is not None else None
        if land is not None and land["owner"] is not None and land["owner"] != seat:
            toll = (land["toll"] + 1) // 2 if half else land["toll"]
            worth[seat] -= chance * toll
            worth[land["owner"]] += chance * toll


def values(v, seat) -> dict:
    """Each seat's expected worth at the end, in 圓, as the viewing seat can tell."""
    left = _deck_left(v)
    worth = {}
    for p in v["players"]:
        s = p["seat"]
        tolls = sum(land["toll"] for land in v["lands"].values() if land["owner"] == s)
        worth[s] = (p["assets"] + HAND_CARD * min(p["hand_count"], HAND_LIMIT) + TOLL_TURNS * left * tolls
                    + LIQUID_BONUS * min(max(p["money"], 0), LIQUID_CAP))
    debt = v["debt"]
    if debt is not None:
        worth[debt["seat"]] -= debt["amount"] + _sale_loss(v, debt["seat"], debt["amount"] - v["players"][debt["seat"]]["money"], left)
        if debt.get("to") is not None:
            worth[debt["to"]] += debt["amount"]
    _battle_swing(v, seat, worth)
    _roll_ahead(v, worth)
    return worth


def evaluate(state, seat) -> float:
    v = view(state, seat, ())                 # to_act is not read
    return _score(v, values(v, seat), seat)


def evaluate_seats(state) -> list:
    """``[evaluate(state, s) for s in seats]``, the view built once: as a spectator sees the table,
    with for each seat the battle as that seat sees it, the one part of its view ``values`` reads
    that depends on the seat (a face-down support is known to its owner only). Without a battle
    every seat's worths are the same, worked out once."""
    table = view(state, None, ())
    seats = range(len(state["players"]))
    if state["battle"] is None:
        worth = values(table, None)
        return [_score(table, worth, seat) for seat in seats]
    seen = [{**table, "battle": battle_seen(state["battle"], seat)} for seat in seats]
    return [_score(seen[seat], values(seen[seat], seat), seat) for seat in seats]


def _score(v, worth, seat) -> float:
    """The value to ``seat`` of each seat's expected ``worth``: its margin over the best rival."""
    mine = worth[seat]
    best_other = max(w for s, w in worth.items() if s != seat)
    margin = (mine - best_other) / max(SIZE, SIZE + (mine + best_other) / 2)
    full = min(_deck_left(v), DECK_FULL) / DECK_FULL
    x = margin * (SHARP_END - (SHARP_END - SHARP_START) * full)
    return 0.9 * _sigmoid(x) + 0.1 * _sigmoid(x / 10)


def _sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))
