"""The turn (◇ゲームの流れ): the steps that need no decision run on their own until one does.

A step waits for the active player when it offers something the table can see is possible (a
target for removal, a unit to enhance, a card in hand) or while the player still has a usable
magic (魔法 may be used any time in your turn). Skipping never depends on a hidden card, so the
event log never tells the opponent what a hand could not do.
"""
from engine.games.threebythree.cards import MAGIC
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.rulings import choice
from engine.games.threebythree.spells import counter_target, enhancement
from engine.games.threebythree.state import STEPS, has_trait, level, magic_available, may_negate, other, pierces, power

STEP_RULE = {"removal": "2.1", "enhance": "2.2", "territory": "4.1", "strategy": "4.2", "end": "5.1",
             "counter": "2.3.chain", "respond": "grand.不許火", "decision": "magic.effect"}


def needs_decision(state, step) -> bool:
    seat = state["active"]
    me, opp = state["players"][seat], state["players"][other(seat)]
    if magic_available(state, seat):
        return True
    if step == "removal":
        return bool(opp["units"])
    if step == "enhance":      # also the last moment to deploy a 速攻 unit before the battle
        early = "速攻" in level(state).traits and bool(me["hand"]) and not state["flags"]["strategy"]
        return bool(me["units"]) or early
    if step == "territory":
        return bool(me["hand"]) and not state["flags"]["territory"]
    if step == "strategy":
        return bool(me["hand"]) and not state["flags"]["strategy"]
    return False


def next_step(step):
    return STEPS[STEPS.index(step) + 1] if step != "end" else None


def resume_step(state):
    """The turn step that a magic's answer window or an effect's choice goes back to."""
    if state["step"] == "respond":
        return state["respond"]["step"]
    if state["step"] == "decision":
        return state["decision"]["resume"]
    return state["step"]


def resume(em, step, cause):
    """After a magic, an effect's choice or an early (速攻) deployment: the step waits again if it still
    offers something, else the turn goes on."""
    if em.state["phase"] == "over":
        return
    if step is None:
        continue_from(em, "end", cause)
    elif needs_decision(em.state, step):
        if em.state["step"] != step:
            em.emit("StepEntered", {"step": step}, rule(STEP_RULE[step]), cause=cause)
    else:
        continue_from(em, next_step(step), cause)


def continue_from(em, step, cause):
    """Run the turn on from ``step`` until a decision is needed or the game ends."""
    for s in STEPS[STEPS.index(step):] if step else ():
        if s == "battle":
            battle(em, cause)
            if em.state["phase"] == "over":
                return
        elif needs_decision(em.state, s):
            em.emit("StepEntered", {"step": s}, rule(STEP_RULE[s]), cause=cause)
            return
    end_turn(em, cause)


def start_turn(em, seat, turn, cause):
    v = em.emit("TurnStarted", {"turn": turn, "seat": seat}, rule("turn.order"), cause=cause)
    if em.state["deck"]:
        em.emit("CardDrawn", {"seat": seat, "card": em.state["deck"][0]}, rule("1.1"), cause=v)
    continue_from(em, "removal", v)


def end_turn(em, cause):
    seat = em.state["active"]
    v = em.emit("TurnEnded", {"seat": seat}, rule("5.1"), cause=cause)
    if not em.state["deck"]:
        lives = [p["life"] for p in em.state["players"]]
        winner = None if lives[0] == lives[1] else lives.index(max(lives))
        em.emit("GameEnded", {"winner": winner, "draw": winner is None, "reason": "deck", "life": lives},
                rule("win.deck"), cause=v)
        return
    start_turn(em, other(seat), em.state["turn"] + 1, v)


def check_life(em, cause) -> bool:
    """Life 0 or less ends the game at once (◇勝利条件)."""
    lives = [p["life"] for p in em.state["players"]]
    if min(lives) > 0:
        return False
    alive = [i for i, life in enumerate(lives) if life > 0]
    winner = alive[0] if alive else None
    em.emit("GameEnded", {"winner": winner, "draw": winner is None, "reason": "life", "life": lives},
            rule("win.life"), cause=cause)
    return True


def battle(em, cause):
    """3.1 透過 attack step, 3.2 attack step, 3.3 battle end; skipped with no units on your field."""
    state = em.state
    seat = state["active"]
    units = state["players"][seat]["units"]
    if not units:
        return
    defenders = [d for d in state["players"][other(seat)]["units"] if not state["mods"].get(d, {}).get("noblock")]
    piercing = [u for u in units if pierces(state, u)]
    others = [u for u in units if u not in piercing]
    walls = [] if manifest_active(state, seat, "pierce_walls") else [d for d in defenders if has_trait(state, d, "双壁")]
    for step, attackers, blockers in (
        ("3.1", piercing, walls),
        ("3.2", others, [d for d in defenders if not has_trait(state, d, "ブロック不可")]),
    ):
        if not attackers:
            continue
        attack = sum(power(em.state, u) for u in attackers)
        defence = sum(power(em.state, d) for d in blockers)
        v = em.emit("Attacked", {"step": "pierce" if step == "3.1" else "attack", "attackers": attackers,
                                 "blockers": blockers, "attack": attack, "defence": defence,
                                 "damage": max(0, attack - defence), "defender": other(seat)},
                    rule(step), cause=cause)
        if check_life(em, v):
            return
    em.emit("BattleEnded", {}, rule("3.3"), cause=cause)


def manifest_active(state, seat, effect) -> bool:
    """顕在: a face-up magic's lasting effect, kept to the end of the turn it left the field face up,
    and void for the turn ★不許火 negated it."""
    flags = state["flags"]
    for m in state["players"][seat]["magic"]:
        if m["state"] == "up" and MAGIC[m["card"]].manifest == effect and m["card"] not in flags["negated"]:
            return True
    return any(x["seat"] == seat and MAGIC[x["card"]].manifest == effect and x["card"] not in flags["negated"]
               for x in flags["manifest"])


def may_negate_enhancement(game, state, responder) -> bool:
    """○大魔術「★不許火」 (003 l.733-739): the opponent of an enhancement may negate it in either turn,
    and a grand magic needs no hand card (l.578-582), so the window opens on what the table can see
    of its magic (state.may_negate), whatever the hand holds. Card set kifu.1 asked only a seat
    holding as many cards as the spell uses (``negation_needs_hand``, previous.py)."""
    pending = state["pending"]
    return (not game.negation_needs_hand and pending["kind"] == "enhance" and responder != pending["seat"]
            and may_negate(state, responder))


def open_counter_window(em, cause):
    """2.3: the player facing the newest spell may counter it (with cards of the same count and
    numbers) or, facing an enhancement, negate it with ★不許火; a chain closes when nobody can or
    one passes."""
    pending = em.state["pending"]
    while pending["index"] < len(pending["spells"]):
        top = counter_target(pending)
        responder = other(top.get("seat", pending["seat"]))
        counters = len(em.state["players"][responder]["hand"]) >= len(top["with"])
        if counters or may_negate_enhancement(em.game, em.state, responder):
            em.emit("CounterWindowOpened", {"responder": responder, "index": pending["index"]},
                    rule("2.3.chain" if counters else "grand.不許火"), cause=cause)
            return
        close_chain(em, cause)
        pending = em.state["pending"]
    resolve_spells(em, cause)


def close_chain(em, cause):
    pending = em.state["pending"]
    spell = pending["spells"][pending["index"]]
    em.emit("ChainClosed", {"index": pending["index"], "countered": len(spell["chain"]) % 2 == 1},
            rule("2.3.resolve"), cause=cause)


def resolve_spells(em, cause):
    """All spells of the step take effect together (【呪文発動条件2】); used cards go to the discard pile."""
    pending = em.state["pending"]
    kind, seat = pending["kind"], pending["seat"]
    destroyed, enhanced, discarded, to_hand, undying = [], [], [], [], []
    for sp in pending["spells"]:
        discarded += sp["with"] + [c for link in sp["chain"] for c in link["with"]]
        if sp["countered"]:
            continue
        if kind == "remove":
            destroyed.append(sp["target"])
            immortal = has_trait(em.state, sp["target"], "不死")
            if immortal and undying_returns(em.state):
                to_hand.append(sp["target"])
            else:
                discarded.append(sp["target"])
                if immortal:
                    undying.append(sp["target"])
        else:
            amount, gives = enhancement(em.state, sp["target"], sp["with"][0], sp["as"])
            enhanced.append({"target": sp["target"], "amount": amount, **({"pierce": True} if gives else {})})
    em.emit("SpellsResolved", {"kind": kind, "defender": other(seat), "destroyed": destroyed,
                               "enhanced": enhanced, "discarded": discarded, "to_hand": to_hand},
            rule("2.1" if kind == "remove" else "2.2"), cause=cause)
    if not offer_undying(em, other(seat), undying, "enhance", cause):
        continue_from(em, "enhance" if kind == "remove" else "battle", cause)


def undying_returns(state) -> bool:
    """○不死 (l.659-663): a destroyed 不死 unit returns to its owner's hand — always, or at its owner's
    choice (ruling fushi-optional)."""
    return choice(state, "fushi-optional") == "always"


def offer_undying(em, owner, cards, resume, cause) -> bool:
    """Ruling fushi-optional "optional": the owner of 不死 units just destroyed (and in the discard
    pile) chooses which go back to the hand; then ``resume``. Only the opponent of the destroying
    seat loses 不死 units at once with the shipped cards (溶岩流 destroys cost 2 or less)."""
    if not cards:
        return False
    em.emit("DecisionOpened", {"kind": "undying", "seat": owner, "cards": list(cards), "resume": resume},
            rule("trait.不死"), cause=cause)
    return True
