"""The choice protocol for 3x3Wars (engine/core/choices.py; issue 15), a part at a time:

- setup (003 ゲーム準備): territories one card at a time, then the magic (初級); the hand card by card,
  then the magic (中級 / 上級); one of the two dealt hands card by card, then three magic (セブンメイジ戦);
- spells (2.1 除去, 2.2 強化): spell by spell — its target, then its card(s), each 調律 with the value
  it counts as (変幻: 1, 2 or 3), then another target or Done;
- counters (2.3): the answering cards one at a time, then any 調律 values that make it a counter;
- redeploy (4.2): the card, then the units to discard one at a time, then which 交代 units go back
  to the hand; magic and ★天写 (魔法): the discarded units of 転生's condition, then the target(s);
  ★探生: the card given, then the unit taken; ★海癒: the card, then a 調律's value.
The other moves are chosen from the listed actions, field by field.
"""
from itertools import product

from engine.core import IllegalAction
from engine.core.choices import Option, Part, Step, headed, no_move
from engine.games.threebythree import magic, spells
from engine.games.threebythree.cards import DECK, MAGIC, TUNING_VALUES
from engine.games.threebythree.levels import LEVELS
from engine.games.threebythree.setup import HAND_SIZE
from engine.games.threebythree.state import has_trait, other, territory_limit

PARTS = ("spells", "with", "as", "discard", "to_hand", "target", "give", "take", "territories", "magic", "hand")
PROMPTS = {"type": "Choose what to do", "card": "Choose a card", "copy": "Choose the magic ★天写 copies"}


def choices(state, seat, partial, listed) -> Step:
    labels = _labels(state)
    kind = partial.get("type") if isinstance(partial, dict) else None
    if kind in ("remove", "enhance") and any(a["type"] == kind for a in listed):
        return _spells_step(state, seat, kind, partial, labels)
    return headed(partial, listed, lambda action: _parts(state, seat, action, labels), PARTS, prompts=PROMPTS,
                  labels=lambda field, value: _card_label(state, seat, value, labels) if field in ("card", "copy")
                  else _type_label(value),
                  refs=lambda field, value: value if field in ("card", "copy") else None)


# ---- the parts of each move ---------------------------------------------------------------------

def _parts(state, seat, action, labels) -> list:
    me = state["players"][seat]
    kind = action.get("type")
    if state["phase"] == "setup":
        return _setup(state, seat, labels) if kind == "choose" else []
    if kind in ("remove", "enhance"):             # built by _spells_step; here only: not complete yet
        return [Part("spells", "", [], many=True)]
    if kind == "counter":
        return _counter(state, seat, action, labels)
    if kind == "redeploy":
        return _redeploy(state, seat, action, labels)
    if kind == "magic":
        return _magic_parts(state, seat, action["card"], labels)
    if kind == "grand":
        name = MAGIC[action["card"]].grand
        if name == "★天写" and "copy" in action:
            return _magic_parts(state, seat, action["copy"], labels)
        if name == "★探生":
            units = sorted({c for c in state["discard"] if DECK[c].is_unit})
            if me["hand"] and units:
                return [Part("give", "★探生: choose the card of your hand to give", sorted(me["hand"]), label=labels),
                        Part("take", "★探生: choose the unit of the discard pile to take", units, label=labels)]
        return []
    if kind == "heal" and DECK[action["card"]].kind == "tuning":
        c = action["card"]
        return [Part("as", "★海癒: how much life 調律 gives", [{c: v} for v in TUNING_VALUES],
                     label=lambda m: f"{next(iter(m.values()))} life", ref=lambda m: None)]
    return []


def _setup(state, seat, labels) -> list:
    p, variant = state["players"][seat], state["variant"]
    if variant == "overlord":
        return [Part("territories", "Choose a territory (3)", sorted(p["hand"]), many=True, need=(3, 3), label=labels),
                Part("magic", "Choose your magic", list(p["offered_magic"]), label=labels)]
    k = LEVELS[variant].chosen_magic
    magic_part = Part("magic", f"Choose your magic ({k})", list(p["offered_magic"]), many=True, need=(k, k), label=labels)
    if variant == "seven-mage":
        if not p["offered_hands"]:
            return [magic_part]
        hands = [set(h) for h in p["offered_hands"]]
        pool = sorted({c for h in p["offered_hands"] for c in h})
        n = len(p["offered_hands"][0])
        return [Part("hand", "Keep one of your two hands: choose its cards", pool, many=True, need=(n, n),
                     fits=lambda chosen: any(set(chosen) <= h for h in hands), label=labels)]
    return [Part("hand", f"Choose your hand ({HAND_SIZE})", sorted(p["hand"]), many=True, need=(HAND_SIZE,) * 2,
                 label=labels), magic_part]


def _counter(state, seat, action, labels) -> list:
    top = spells.counter_target(state["pending"])
    n = len(top["with"])
    hand = sorted(state["players"][seat]["hand"])

    def maps(cards):
        tuned = [c for c in cards if DECK[c].kind == "tuning"]
        for values in product(TUNING_VALUES, repeat=len(tuned)):
            as_map = dict(zip(tuned, values))
            if spells.counters(cards, as_map, top):
                yield as_map

    def fits(chosen):
        rest = [c for c in hand if c not in chosen]
        need = n - len(chosen)
        if need == 0:
            return any(True for _ in maps(chosen))
        return any(fits(chosen + [c]) for c in rest) if need else False

    parts = [Part("with", f"Choose a card to counter with ({n})", hand, many=True, need=(n, n), fits=fits, label=labels)]
    chosen = action.get("with") or []
    if any(DECK[c].kind == "tuning" for c in chosen if c in DECK):
        parts.append(Part("as", "What each 調律 counts as", lambda a: list(maps(a.get("with", []))),
                          label=lambda m: ", ".join(f"{labels(c)} = {v}" for c, v in m.items()), ref=lambda m: None))
    return parts


def _redeploy(state, seat, action, labels) -> list:
    units = list(state["players"][seat]["units"])
    cost = DECK[action["card"]].cost

    def room(gone):
        return sum(DECK[u].cost for u in gone) + territory_limit(state, seat, leaving=gone)

    def fits(chosen):
        rest = [u for u in units if u not in chosen]
        return any(cost <= room(chosen + [u for i, u in enumerate(rest) if mask >> i & 1])
                   for mask in range(1 << len(rest)))

    def swap(a):
        return [u for u in a.get("discard", ()) if has_trait(state, u, "交代")]

    return [Part("discard", f"Choose a unit to discard (room for cost {cost})", units, many=True,
                 need=(1, len(units)), fits=fits, done=lambda gone: cost <= room(gone), label=labels,
                 close_label="Done discarding"),
            Part("to_hand", "交代: choose the units that go back to your hand", swap, many=True,
                 need=(0, len(swap(action))), label=labels, close_label="Done")]


def _magic_parts(state, seat, mid, labels) -> list:
    parts = []
    if MAGIC[mid].condition == "discard_3_units":
        units = sorted(c for c in state["players"][seat]["hand"] if DECK[c].is_unit)
        parts.append(Part("discard", "転生: choose a unit card of your hand to discard (3)", units, many=True,
                          need=(3, 3), label=labels))
    e = magic.targeted(mid)
    if e is None:
        return parts
    spec, allowed = magic.EFFECTS[e["do"]], magic.EFFECTS[e["do"]].choices(state, seat, e)
    if not allowed:
        return parts
    if spec.many:
        n = min(e["count"], len(allowed))
        return parts + [Part("target", f"Choose a target ({n})", list(allowed), many=True, need=(n, n), label=labels)]
    return parts + [Part("target", "Choose a target", list(allowed), label=labels)]


# ---- spells: a list of {target, with, as}, spell by spell -----------------------------------------

def _spells_step(state, seat, kind, partial, labels) -> Step:
    chosen = partial.get("spells", [])
    if set(partial) != {"type"} | ({"spells"} if "spells" in partial else set()) or not isinstance(chosen, list) \
            or not all(isinstance(sp, dict) for sp in chosen):
        raise no_move(partial)
    removal = kind == "remove"
    units = state["players"][other(seat) if removal else seat]["units"]
    for i, sp in enumerate(chosen):
        if not _spell_ok(state, seat, removal, sp, chosen[:i], complete=i < len(chosen) - 1):
            raise no_move(partial)
    used = [c for sp in chosen for c in sp.get("with", ())]
    free = [c for c in sorted(state["players"][seat]["hand"]) if c not in used]
    last = chosen[-1] if chosen else None
    options = []

    def add(spell_list, label, ref):
        options.append(Option({"type": kind, "spells": spell_list}, label, ref))

    if last is not None:
        tuned = [c for c in last.get("with", ()) if DECK[c].kind == "tuning" and c not in last.get("as", {})]
        if tuned:                                       # 変幻: a 調律 just chosen says what it counts as
            c = tuned[0]
            for v in TUNING_VALUES:
                sp = {**last, "as": {**last.get("as", {}), c: v}}
                if _spell_ok(state, seat, removal, sp, chosen[:-1], complete=False):
                    add(chosen[:-1] + [sp], f"{labels(c)} counts as {v}", None)
            return Step(f"調律 {labels(c)}: what number does it count as?", "spells", options)
        if len(last.get("with", ())) < (2 if removal else 1):
            for c in free:
                sp = {**last, "with": last.get("with", []) + [c]}
                if _spell_ok(state, seat, removal, sp, chosen[:-1], complete=False):
                    add(chosen[:-1] + [sp], labels(c), c)
    if last is None or _spell_ok(state, seat, removal, last, chosen[:-1], complete=True):
        if chosen and _all_ok(state, seat, kind, chosen):
            options.insert(0, Option({"type": kind, "spells": chosen}, "Done: cast these spells", None, True))
        targeted = set(state["flags"]["targeted"]) | {sp["target"] for sp in chosen}
        for t in units:
            if t not in targeted and _spell_ok(state, seat, removal, {"target": t}, chosen, complete=False):
                add(chosen + [{"target": t}], f"Remove {DECK[t].name}, cost {DECK[t].cost} ({t})" if removal
                    else f"Enhance {labels(t)}", t)
    if not options:
        raise no_move(partial)
    what = "removal" if removal else "enhancement"
    done = " — or Done to cast the spells chosen" if any(o.done for o in options) else ""
    if last and len(last.get("with", ())) == 0:
        prompt = f"Choose a card for the {what} of {DECK[last['target']].name}" + (
            f" (one card of cost {DECK[last['target']].cost}, or two adding up to it or more)" if removal else "")
    elif removal:                                   # 003 2.1: one card of the unit's cost, or two adding up to it
        prompt = "Choose a unit to remove (a removal is one card of its cost, or two adding up to it or more)" + done
    else:
        prompt = "Choose a unit to enhance" + done
    return Step(prompt, "spells", options)


def _spell_ok(state, seat, removal, sp, before, complete) -> bool:
    """Whether the spell ``sp`` (after the spells ``before``) is, or can still become, a legal one."""
    target = sp.get("target")
    units = state["players"][other(seat) if removal else seat]["units"]
    if target not in units or target in state["flags"]["targeted"] or any(s.get("target") == target for s in before) \
            or set(sp) - {"target", "with", "as"}:
        return False
    hand = state["players"][seat]["hand"]
    used = [c for s in before for c in s.get("with", ())]
    cards, as_map = sp.get("with", []), sp.get("as", {})
    if not isinstance(cards, list) or not isinstance(as_map, dict) or len(set(cards)) != len(cards) \
            or any(c not in hand or c in used for c in cards) \
            or any(c not in cards or DECK[c].kind != "tuning" or as_map[c] not in TUNING_VALUES for c in as_map):
        return False
    if complete and (not cards or any(DECK[c].kind == "tuning" and c not in as_map for c in cards)):
        return False
    rest = [c for c in hand if c not in used and c not in cards]
    if removal:
        return _removal_ok(target, cards, as_map, rest, complete)
    return _enhance_ok(state, target, cards, as_map, rest, complete)


def _values(c, as_map):
    if DECK[c].kind == "spellbreaker":
        return []
    if DECK[c].kind == "tuning":
        return [as_map[c]] if c in as_map else list(TUNING_VALUES)
    return [DECK[c].cost]


def _removal_ok(target, cards, as_map, rest, complete) -> bool:
    cost = DECK[target].cost
    if any(DECK[c].kind == "spellbreaker" for c in cards) or len(cards) > 2:
        return False
    if len(cards) == 2:
        return max(_values(cards[0], as_map)) + max(_values(cards[1], as_map)) >= cost
    if len(cards) == 1:
        if cost in _values(cards[0], as_map):
            return True
        return not complete and any(max(_values(cards[0], as_map)) + max(_values(c, {}) or [-99]) >= cost for c in rest)
    return not complete and any(_removal_ok(target, [c], {}, [r for r in rest if r != c], False) for c in rest)


def _enhance_ok(state, target, cards, as_map, rest, complete) -> bool:
    if len(cards) > 1:
        return False
    if not cards:
        return not complete and any(_enhance_ok(state, target, [c], {}, [], False) for c in rest)
    c = cards[0]
    try:
        spells.enhancement(state, target, c, {c: as_map.get(c, TUNING_VALUES[-1])})
    except IllegalAction:
        return False
    return True


def _all_ok(state, seat, kind, chosen) -> bool:
    declared = [{"target": sp["target"], "with": sp["with"], "as": sp.get("as", {})} for sp in chosen]
    try:
        (spells.check_removal if kind == "remove" else spells.check_enhance)(state, seat, declared)
    except IllegalAction:
        return False
    return True


# ---- labels -------------------------------------------------------------------------------------

def _labels(state):
    def label(value) -> str:
        if isinstance(value, str) and value in DECK:
            c = DECK[value]
            return f"{c.name} ({value})"
        if isinstance(value, str) and value in MAGIC:
            return f"{MAGIC[value].name} ({value})"
        if isinstance(value, int) and not isinstance(value, bool):
            return f"face-down magic #{value}"
        if isinstance(value, list):
            return ", ".join(label(v) for v in value)
        return str(value)
    return label


def _card_label(state, seat, value, labels) -> str:
    """A card as an option names it; a magic that would act on nothing now says so (入植 with no unit to
    deploy is carried out as far as possible, 003 magic.effect: it does nothing)."""
    text = labels(value)
    if isinstance(value, str) and value in MAGIC and any(e["do"] == "extra_deploy" for e in MAGIC[value].effects):
        e = next(e for e in MAGIC[value].effects if e["do"] == "extra_deploy")
        if not magic.EFFECTS["extra_deploy"].choices(state, seat, e):
            return text.replace(f" ({value})", f": nothing can be deployed now, so it does nothing ({value})")
    return text


def _type_label(value) -> str:
    return {"pass": "Pass", "remove": "Cast removal spells", "enhance": "Cast enhancement spells",
            "counter": "Counter", "territory": "Place a territory", "deploy": "Deploy a unit",
            "redeploy": "Redeploy (discard units, deploy one)", "magic": "Use a magic", "grand": "Use a grand magic",
            "choose": "Choose", "mulligan": "Mulligan", "dig": "Dig (宝掘)", "discard": "Discard",
            "heal": "Heal (★海癒)", "undying": "Back to the hand (不死)"}.get(value, str(value))
