"""Invasion (移動の方法 Ⅲ②, 戦闘の流れ Ⅰ-Ⅴ, その他 ①-③, 追加ルール 妖精).

The invader puts out a character (paying its cost) and a face-down support; the defender answers
with a face-down support (an action of the defending seat during the invader's turn); both are
revealed and paid for; abilities and the land bonus apply; the invader strikes, a surviving defender
strikes back. 第三の目 changes the order of the support choices; 妨害 voids supports; 先制攻撃 lets
the defender strike first.
"""
from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.dokusenroku import flow, money
from engine.games.dokusenroku.board import LANDS, LEVEL_HP
from engine.games.dokusenroku.cards import (CHARACTERS, can_support, card_name, card_of, cost_of, is_character,
                                            support_of)
from engine.games.dokusenroku.rulebook import rule
from engine.games.dokusenroku.secrets import echo
from engine.games.dokusenroku.state import placed_characters

_ = Catalog.of("dokusenroku").gettext

ROLES = ("invader", "defender")


def ability(instance):
    return CHARACTERS[card_of(instance)].ability


def third_eye_side(attacker, defender_card):
    """第三の目: the side holding it chooses its support after seeing the other's (both: neither)."""
    a, d = "third_eye" in ability(attacker), "third_eye" in ability(defender_card)
    return "invader" if a and not d else "defender" if d and not a else None


def check_support(state, seat, card, spare):
    """A support card must be in hand, a character or カリスマ, and affordable with ``spare`` money."""
    if card is None:
        return
    if card not in state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), _("%(card)s is not in your hand", card=echo(card)))
    if not can_support(card):
        raise IllegalAction(rule("card.support"), _("%(card)s is a spell card: only characters and カリスマ support",
                                                    card=card_name(card)))
    if cost_of(card) > spare:
        raise IllegalAction(rule("card.cost"), _("%(card)s costs %(cost)s圓 as a support; you can spend %(spare)s圓",
                                                 card=card_name(card), cost=cost_of(card), spare=spare))


def declare(em, seat, land_id, action):
    state = em.state
    card, support = action.get("card"), action.get("support")
    if card not in state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), _("%(card)s is not in your hand", card=echo(card)))
    if not is_character(card):
        raise IllegalAction(rule("battle.invader" if can_support(card) else "spell.not-placeable"),
                            _("%(card)s cannot invade: only a character card can", card=card_name(card)))
    if support == card:
        raise IllegalAction(rule("battle.invader"), _("the support must be another card"))
    defender_card = state["lands"][land_id]["character"]
    eye = third_eye_side(card, defender_card)
    money_left = state["players"][seat]["money"] - cost_of(card)
    if money_left < 0:
        raise IllegalAction(rule("card.cost"), _("%(card)s costs %(cost)s圓; you have %(money)s圓", card=card_name(card),
                                                 cost=cost_of(card), money=state["players"][seat]["money"]))
    if eye == "invader":
        if "support" in action:
            raise IllegalAction(rule("ability.third-eye"),
                                _("第三の目: your support is chosen after the defender's is revealed; leave out "
                                  "\"support\""))
    else:
        if "support" not in action:
            raise IllegalAction(rule("battle.invader"), _('give "support": a card id, or null for none'))
        check_support(state, seat, support, money_left)
    v = em.emit("InvasionDeclared", {"seat": seat, "land": land_id, "defender": state["lands"][land_id]["owner"],
                                     "card": card, "cost": cost_of(card), "third_eye": eye},
                rule("square.invade"), seat)
    if eye != "invader":
        em.emit("SupportCommitted", {"seat": seat, "role": "invader", "card": support}, rule("battle.invader"), cause=v)
    advance(em, v)


def commit(em, seat, action):
    """The support of the seat the battle waits for (defender, or a 第三の目 invader)."""
    b = em.state["battle"]
    role = "defender" if seat == b["defender"] else "invader"
    card = action.get("card")
    check_support(em.state, seat, card, em.state["players"][seat]["money"])
    v = em.emit("SupportCommitted", {"seat": seat, "role": role, "card": card},
                rule("battle.defender" if role == "defender" else "ability.third-eye"), seat)
    advance(em, v)


def advance(em, cause):
    """Run the battle on until a seat must choose a support, or resolve it."""
    while True:
        b = em.state["battle"]
        eye = b["third_eye"]
        first, second = ("defender", "invader") if eye == "invader" else ("invader", "defender")
        if eye is not None and b["supports"][first] is not None and not b["revealed"][first]:
            _reveal(em, first, "ability.third-eye", cause)
            continue
        for role in (first, second):
            if not b["committed"][role]:
                seat = b[role]
                if em.state["players"][seat]["hand"]:
                    flow.wait(em, "defend" if role == "defender" else "invader_support", seat, cause)
                    return
                cause = em.emit("SupportCommitted", {"seat": seat, "role": role, "card": None},
                                rule("battle.defender" if role == "defender" else "ability.third-eye"), cause=cause)
                break
        else:
            for role in ROLES:
                if b["supports"][role] is not None and not b["revealed"][role]:
                    _reveal(em, role, "battle.reveal", cause)
            resolve(em, cause)
            return


def _reveal(em, role, rule_id, cause):
    b = em.state["battle"]
    card = b["supports"][role]
    em.emit("SupportRevealed", {"seat": b[role], "role": role, "card": card, "cost": cost_of(card)},
            rule(rule_id), cause=cause)


# ---- the fight ---------------------------------------------------------------------------------

def _grants(support, name):
    return support is not None and name in support_of(support)


def voided(attacker, defender_card, sup):
    """その他 ②: which supports 妨害 voids. A character's own 妨害 voids the opposing support; a support
    adding 妨害 against 妨害 is void (both, when both supports add it); a valid one voids the other."""
    own = {"invader": "jamming" in ability(attacker), "defender": "jamming" in ability(defender_card)}
    other = {"invader": "defender", "defender": "invader"}
    void = {r: sup[r] is not None and own[other[r]] for r in ROLES}
    for r in ROLES:
        if not void[r] and _grants(sup[r], "jamming") and _grants(sup[other[r]], "jamming"):
            void[r] = True
    for r in ROLES:
        if sup[r] is not None and not void[r] and _grants(sup[r], "jamming") and sup[other[r]] is not None:
            void[other[r]] = True
    return void


def fairy_bonus(state, instance, owner):
    """追加ルール 妖精: +atk for each other 妖精 on the board (constructed: only its owner's)."""
    fairy = ability(instance).get("fairy")
    if not fairy:
        return 0
    count = sum(1 for o, c in placed_characters(state)
                if c != instance and "fairy" in ability(c) and (state["variant"] == "standard" or o == owner))
    return fairy["atk"] * count


def fight(state) -> dict:
    """The numbers of 戦闘の流れ Ⅲ-Ⅳ for the battle in progress (both supports revealed)."""
    b = state["battle"]
    land_id = b["land"]
    land = state["lands"][land_id]
    att, dfd = b["attacker"], land["character"]
    sup = dict(b["supports"])
    void = voided(att, dfd, sup)
    live = {r: (support_of(sup[r]) if sup[r] is not None and not void[r] else {}) for r in ROLES}
    parts = {r: {"attack": [], "hp": []} for r in ROLES}
    for role, card, seat in (("invader", att, b["invader"]), ("defender", dfd, b["defender"])):
        c, ab, p = CHARACTERS[card_of(card)], ability(card), parts[role]
        p["attack"].append(["card", c.attack])
        p["hp"].append(["card", c.hp])
        fb = fairy_bonus(state, card, seat)
        if fb:
            p["attack"].append(["fairy", fb])
        if role == "invader" and "assault" in ab:
            p["attack"].append(["assault", ab["assault"]["atk"]])
        if role == "defender" and "guard" in ab:
            p["hp"].append(["guard", ab["guard"]["hp"]])
        if role == "defender" and "terrain" in ab and ab["terrain"]["area"] == LANDS[land_id].area:
            p["hp"].append(["terrain", ab["terrain"]["hp"]])
        if "atk" in live[role]:
            p["attack"].append(["support", live[role]["atk"]["n"]])
        if "hp" in live[role]:
            p["hp"].append(["support", live[role]["hp"]["n"]])
    breaker = "breaker" in ability(att) or "breaker" in live["invader"]
    if not breaker:
        parts["defender"]["hp"].append(["land", land["level"] * LEVEL_HP])
    stats = {r: {k: sum(x for _, x in parts[r][k]) for k in ("attack", "hp")} for r in ROLES}
    labels = {label for r in ROLES for k in ("attack", "hp") for label, _ in parts[r][k]}
    strike_first = {r: "first_strike" in ability(c) or "first_strike" in live[r]
                    for r, c in (("invader", att), ("defender", dfd))}
    first = "defender" if strike_first["defender"] and not strike_first["invader"] else "invader"
    hp = {r: stats[r]["hp"] for r in ROLES}
    strikes = []
    for striker in (first, "defender" if first == "invader" else "invader"):
        target = "defender" if striker == "invader" else "invader"
        hp[target] -= stats[striker]["attack"]
        strikes.append({"by": striker, "damage": stats[striker]["attack"], "hp_left": hp[target]})
        if hp[target] <= 0:
            break
    winner = "invader" if hp["defender"] <= 0 else "defender"
    destroyed = [r for r in ROLES if hp[r] <= 0]
    applied = ["battle.reveal"] + (["ability.jamming"] if any(void.values()) else []) + \
        [RULE_OF_PART[x] for x in ("fairy", "assault", "guard", "terrain", "land") if x in labels] + \
        (["ability.breaker"] if breaker else []) + (["ability.first-strike"] if any(strike_first.values()) else []) + \
        ["battle.strike"] + (["battle.counter"] if len(strikes) > 1 else []) + ["battle.graveyard"]
    return {"void": void, "parts": parts, "stats": stats, "first": first, "breaker": breaker,
            "strikes": strikes, "winner": winner, "destroyed": destroyed, "applied": [rule(r) for r in applied]}


RULE_OF_PART = {"fairy": "ability.fairy", "assault": "ability.assault", "guard": "ability.guard",
                "terrain": "ability.terrain", "land": "land.level-bonus"}


def resolve(em, cause):
    state = em.state
    b = state["battle"]
    land_id, att = b["land"], b["attacker"]
    dfd = state["lands"][land_id]["character"]
    f = fight(state)
    graveyard = [c for c in (b["supports"]["invader"], b["supports"]["defender"]) if c is not None]
    to_hand = []
    for role, card in (("invader", att), ("defender", dfd)):
        seat = b[role]
        if role in f["destroyed"] and "resurrect" in ability(card):
            to_hand.append([seat, card])
            f["applied"].append(rule("ability.resurrect"))
        elif role in f["destroyed"]:
            graveyard.append(card)
        elif role == "invader" and f["winner"] == "defender":
            to_hand.append([seat, card])
    won = f["winner"] == "invader"
    if won:
        f["applied"].append(rule("land.keep-level"))
    v = em.emit("BattleResolved", {
        "land": land_id, "invader": b["invader"], "defender": b["defender"], "attacker": att, "defending": dfd,
        "supports": dict(b["supports"]), **f, "graveyard": graveyard, "to_hand": to_hand,
        "placed": att if won else None, "level": state["lands"][land_id]["level"],
    }, rule("battle.win" if won else "battle.lose"), cause=cause)
    for role, card in (("invader", att), ("defender", dfd)):
        bounty = ability(card).get("bounty")
        if bounty and f["winner"] == role:
            em.emit("MoneyGained", {"seat": b[role], "amount": bounty["amount"], "why": "bounty"},
                    rule("ability.bounty"), cause=v)
    if won:
        flow.finish_turn(em, v)
    else:
        money.charge_toll(em, b["invader"], land_id, v)
