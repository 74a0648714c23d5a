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
from engine.core.i18n import Catalog, N_
from engine.games.threebythree import magic, spells
from engine.games.threebythree.cards import DECK, MAGIC, TUNING_VALUES
from engine.games.threebythree.levels import LEVELS
from engine.games.threebythree.setup import HAND_SIZE
from engine.games.threebythree.state import has_trait, other, territory_limit

_, ngettext = Catalog.of("threebythree").functions()

PARTS = ("spells", "with", "as", "discard", "to_hand", "target", "give", "take", "territories", "magic", "hand")
PROMPTS = {"type": N_("Choose what to do"), "copy": N_("Choose the magic ★天写 copies")}
CARD_PROMPTS = {                                    # the card of each move, in the words of its step
    "territory": N_("Choose a card of your hand to put face down as a territory (4.1 領土拡大)"),
    "deploy": N_("Choose a unit to deploy (4.2 配備: cost up to your territories)"),
    "redeploy": N_("Choose the unit to deploy by redeploying (4.2 再配備)"),
    "magic": N_("Choose a magic to use"), "grand": N_("Choose the magic whose grand magic to use"),
    "discard": N_("Choose a card to discard"), "heal": N_("★海癒: choose the card whose cost you gain as life"),
    "undying": N_("不死: choose the unit to take back to your hand")}
TYPES = {"pass": N_("Pass"), "remove": N_("Cast removal spells"), "enhance": N_("Cast enhancement spells"),
         "counter": N_("Counter"), "territory": N_("Place a territory"), "deploy": N_("Deploy a unit"),
         "redeploy": N_("Redeploy (discard units, deploy one)"), "magic": N_("Use a magic"),
         "grand": N_("Use a grand magic"), "choose": N_("Choose"), "mulligan": N_("Mulligan"), "dig": N_("Dig (宝掘)"),
         "discard": N_("Discard"), "heal": N_("Heal (★海癒)"), "undying": N_("Back to the hand (不死)")}


def choices(state, seat, partial, listed) -> Step:
    labels = _labels(state)
    kind = partial.get("type") if isinstance(partial, dict) else None
    if kind in ("remove", "enhance") and any(a["type"] == kind for a in listed):
        return _spells_step(state, seat, kind, partial, labels)
    prompts = {field: _(text) for field, text in PROMPTS.items()}
    prompts["card"] = _(CARD_PROMPTS[kind]) if kind in CARD_PROMPTS else _("Choose a card")
    return headed(partial, listed, lambda action: _parts(state, seat, action, labels), PARTS, prompts=prompts,
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
                return [Part("give", _("★探生: choose the card of your hand to give"), sorted(me["hand"]), label=labels),
                        Part("take", _("★探生: choose the unit of the discard pile to take"), units, label=labels)]
        return []
    if kind == "heal" and DECK[action["card"]].kind == "tuning":
        c = action["card"]
        return [Part("as", _("★海癒: how much life 調律 gives"), [{c: v} for v in TUNING_VALUES],
                     label=lambda m: _("%(n)s life", n=next(iter(m.values()))), ref=lambda m: None)]
    return []


def _setup(state, seat, labels) -> list:
    p, variant = state["players"][seat], state["variant"]
    if variant == "overlord":
        return [Part("territories", _("Choose a card to put face down as a territory (3)"), sorted(p["hand"]), many=True, need=(3, 3), label=labels),
                Part("magic", _("Choose your magic"), list(p["offered_magic"]), label=labels)]
    k = LEVELS[variant].chosen_magic
    magic_part = Part("magic", _("Choose your magic (%(count)s)",
                                 count=k), list(p["offered_magic"]), many=True, need=(k, k), label=labels)
    if variant == "seven-mage":
        if not p["offered_hands"]:
            return [magic_part]
        hands = [set(h) for h in p["offered_hands"]]
        pool = sorted({c for h in p["offered_hands"] for c in h})
        n = len(p["offered_hands"][0])
        return [Part("hand", _("Keep one of your two hands: choose its cards"), pool, many=True, need=(n, n),
                     fits=lambda chosen: any(set(chosen) <= h for h in hands), label=labels)]
    return [Part("hand", _("Choose your hand (%(count)s)",
                           count=HAND_SIZE), sorted(p["hand"]), many=True, need=(HAND_SIZE,) * 2,
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
            return any(True for _found in maps(chosen))
        return any(fits(chosen + [c]) for c in rest) if need else False

    parts = [Part("with", _("Choose a card to counter with (%(count)s of the same numbers as the spell)",
                            count=n), hand, many=True, need=(n, n), fits=fits, label=labels)]
    chosen = action.get("with") or []
    if any(DECK[c].kind == "tuning" for c in chosen if c in DECK):
        parts.append(Part("as", _("What each 調律 counts as"), lambda a: list(maps(a.get("with", []))),
                          label=lambda m: _(", ").join(_("%(card)s = %(value)s", card=labels(c), value=v) for c, v in m.items()), ref=lambda m: None))
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

    return [Part("discard", _("Choose a unit to discard (room for cost %(cost)s)", cost=cost), units, many=True,
                 need=(1, len(units)), fits=fits, done=lambda gone: cost <= room(gone), label=labels,
                 close_label=_("Done discarding")),
            Part("to_hand", _("交代: choose the units that go back to your hand"), swap, many=True,
                 need=(0, len(swap(action))), label=labels, close_label=_("Done"))]


def _magic_parts(state, seat, mid, labels) -> list:
    parts = []
    if MAGIC[mid].condition == "discard_3_units":
        units = sorted(c for c in state["players"][seat]["hand"] if DECK[c].is_unit)
        parts.append(Part("discard", _("転生: choose a unit card of your hand to discard (3)"), units, many=True,
                          need=(3, 3), label=labels))
    e = magic.targeted(mid)
    if e is None:
        return parts
    spec, allowed = magic.EFFECTS[e["do"]], magic.EFFECTS[e["do"]].choices(state, seat, e)
    if not allowed:
        return parts
    if spec.many:
        n = min(e["count"], len(allowed))
        return parts + [Part("target", _("Choose a target (%(count)s)",
                                         count=n), list(allowed), many=True, need=(n, n), label=labels)]
    return parts + [Part("target", _("Choose a target"), list(allowed), label=labels)]


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
                    add(chosen[:-1] + [sp], _("%(card)s counts as %(value)s", card=labels(c), value=v), None)
            return Step(_("調律 %(card)s: what number does it count as? (変幻: 1, 2 or 3)", card=labels(c)), "spells",
                        options)
        if len(last.get("with", ())) < (2 if removal else 1):
            for c in free:
                sp = {**last, "with": last.get("with", []) + [c]}
                if _spell_ok(state, seat, removal, sp, chosen[:-1], complete=False):
                    add(chosen[:-1] + [sp], labels(c), c)
    if last is None or _spell_ok(state, seat, removal, last, chosen[:-1], complete=True):
        if chosen and _all_ok(state, seat, kind, chosen):
            options.insert(0, Option({"type": kind, "spells": chosen}, _("Done: cast these spells"), None, True))
        targeted = set(state["flags"]["targeted"]) | {sp["target"] for sp in chosen}
        for t in units:
            if t not in targeted and _spell_ok(state, seat, removal, {"target": t}, chosen, complete=False):
                add(chosen + [{"target": t}], _("Remove %(card)s, cost %(cost)s (%(id)s)", card=DECK[t].name,
                                                 cost=DECK[t].cost, id=t) if removal
                    else _("Enhance %(card)s", card=labels(t)), t)
    if not options:
        raise no_move(partial)
    return Step(_spells_prompt(removal, last, any(o.done for o in options)), "spells", options)


def _spells_prompt(removal, last, done) -> str:
    """What the spells step asks, with what its options need (003 2.1: one card of the unit's cost, or two
    adding up to it or more) and Done when Done is there."""
    if last and len(last.get("with", ())) == 0:
        target = DECK[last["target"]]
        if removal:
            return _("Choose a card for the removal of %(card)s (one card of cost %(cost)s, or two adding up to it "
                     "or more)", card=target.name, cost=target.cost)
        return _("Choose a card for the enhancement of %(card)s", card=target.name)
    if removal:
        return _("Choose a unit to remove (a removal is one card of its cost, or two adding up to it or more) — or "
                 "Done to cast the spells chosen") if done else \
            _("Choose a unit to remove (a removal is one card of its cost, or two adding up to it or more)")
    return _("Choose a unit to enhance — or Done to cast the spells chosen") if done else _("Choose a unit to enhance")


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
            return _("face-down magic #%(number)s", number=value)
        if isinstance(value, list):
            return _(", ").join(label(v) for v in value)
        return str(value)
    return label


def _card_label(state, seat, value, labels) -> str:
    """A card as an option names it; a magic that would act on nothing now says so (入植 with no unit to
    deploy is carried out as far as possible, 003 magic.effect: it does nothing)."""
    text = labels(value)
    if isinstance(value, str) and value in MAGIC and any(e["do"] == "extra_deploy" for e in MAGIC[value].effects):
        e = next(e for e in MAGIC[value].effects if e["do"] == "extra_deploy")
        if not magic.EFFECTS["extra_deploy"].choices(state, seat, e):
            return _("%(card)s: nothing can be deployed now, so it does nothing (%(id)s)", card=MAGIC[value].name,
                     id=value)
    return text


def _type_label(value) -> str:
    return _(TYPES[value]) if value in TYPES else str(value)
