"""Money (破産): tolls paid player to player, selling lands one at a time, bankruptcy.

Only a toll can bankrupt a player (the seed's 破産 speaks of tolls). Other payments (EVENT and
spell effects) take at most what the payer has (kifu: money.capped).
"""
from engine.games.dokusenroku import flow
from engine.games.dokusenroku.board import ECON, base_value
from engine.games.dokusenroku.rulebook import rule
from engine.games.dokusenroku.state import chain, current_lap_bonus, current_toll, owned_lands


def toll_due(state, seat, land_id) -> int:
    amount = current_toll(state, land_id)
    if state["flags"]["toll_half"] and state["active"] == seat:
        amount = (amount + 1) // 2
    return amount


def charge_toll(em, seat, land_id, cause, actor=None):
    """Ⅲ①: pay the toll to the land's owner; short of money, sell lands (a decision) or go bankrupt."""
    state = em.state
    amount = toll_due(state, seat, land_id)
    owner = state["lands"][land_id]["owner"]
    if state["players"][seat]["money"] >= amount:
        v = em.emit("TollPaid", {"seat": seat, "to": owner, "land": land_id, "amount": amount, "bank": 0},
                    rule("square.toll"), actor, cause)
        flow.finish_turn(em, v)
    else:
        v = em.emit("DebtOpened", {"seat": seat, "to": owner, "land": land_id, "amount": amount},
                    rule("money.sell"), actor, cause)
        if not owned_lands(em.state, seat):
            bankrupt(em, seat, v)


def sale_price(state, land_id) -> int:
    """売却価格 = 基本価値 + 通行料 (at the land's level and its chain as it is now)."""
    return base_value(land_id, state["lands"][land_id]["level"]) + current_toll(state, land_id)


def sell(em, seat, land_id, cause):
    state = em.state
    land = state["lands"][land_id]
    v = em.emit("LandSold", {"seat": seat, "land": land_id, "price": sale_price(state, land_id),
                             "level": land["level"], "chain": chain(state, land_id), "character": land["character"]},
                rule("money.sell-price"), seat, cause)
    settle_debt(em, v)


def settle_debt(em, cause):
    state = em.state
    debt = state["debt"]
    seat = debt["seat"]
    if state["players"][seat]["money"] >= debt["amount"]:
        v = em.emit("TollPaid", {"seat": seat, "to": debt["to"], "land": debt["land"], "amount": debt["amount"],
                                 "bank": 0}, rule("square.toll"), cause=cause)
        flow.finish_turn(em, v)
    elif not owned_lands(state, seat):
        bankrupt(em, seat, cause)


def bankrupt(em, seat, cause):
    """Everything is sold and the toll still cannot be paid: the bank pays the shortfall; the player
    moves to START holding the lap-bonus amount and may draw up to 5 cards."""
    state = em.state
    debt = state["debt"]
    paid = state["players"][seat]["money"]
    v = em.emit("Bankrupted", {"seat": seat, "to": debt["to"], "land": debt["land"], "amount": debt["amount"],
                               "paid": paid, "bank": debt["amount"] - paid, "money": current_lap_bonus(state),
                               "from": state["players"][seat]["at"]}, rule("money.bankrupt"), cause=cause)
    if len(em.state["players"][seat]["hand"]) < ECON["bankrupt_refill"]:
        flow.wait(em, "refill", seat, v)
    else:
        flow.finish_turn(em, v)


def refill(em, seat, cause):
    need = ECON["bankrupt_refill"] - len(em.state["players"][seat]["hand"])
    if flow.draw(em, seat, need, "money.refill", cause):
        flow.finish_turn(em, cause)


def pay_capped(em, seat, to, amount, why, rule_id, cause):
    """A non-toll payment: at most what the payer has (to None = the bank)."""
    paid = min(amount, em.state["players"][seat]["money"])
    if paid > 0:
        em.emit("MoneyPaid", {"seat": seat, "to": to, "amount": paid, "asked": amount, "why": why},
                rule(rule_id), cause=cause)

