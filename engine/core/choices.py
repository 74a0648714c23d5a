"""The choice protocol: a move built a few small choices at a time (issue 15; README "Choosing a move").

A seat builds an action as a *partial action*: a dict holding the parts chosen so far (``{}`` at
first, then ``{"type": "play"}``, ``{"type": "play", "card": "c12"}``, ...). ``Game.choices(state,
seat, partial)`` answers with the next **Step**: a prompt and a short list of **Options**, each
carrying the whole next partial action. An option marked ``done`` is a complete action, posted as
any action is. Nothing is kept between steps: the partial action is the whole state of the dialog,
so the server stays stateless and nothing is appended until the move is complete.

Parts that choose k of n things (payments, targets, discards, subsets, setup picks) are built one
pick at a time into a list, in the order picked (``Part``, ``sequence``): a step offers at most n options, never
the C(n, k) list. A list part is closed by the options of the part after it (or, when it is the
last part, by a ``done`` option), so ``{"targets": ["u1"], "pay": []}`` means "one target, now pay".

``from_actions`` is the protocol over a flat list of complete actions, field by field, for games
(or situations) whose every move is listed; a game whose moves have parts answers with its own
steps. The relation between partial and complete actions is ``extends``: a partial action's
scalars equal the action's, its lists are prefixes (element by element, recursively).
"""
import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial as partial_fn
from typing import Protocol

from engine.core.canonical import canonical_json
from engine.core.errors import IllegalAction
from engine.core.i18n import N_, Catalog

_, ngettext = Catalog.of("core").functions()
RULE = "kifu/choices"
DONE, COMPLETE = N_("Done"), N_("This move is complete.")
MAX_OPTIONS = 60     # no step offers more (tests/conformance/test_choices.py checks it)


class Option:
    """One option of a step: ``action``, the partial action it leads to (complete when ``done``: post
    it); ``label``, what it says ("緑1 (c12)", "square 2-3", "Done"); ``ref``, the thing on the table it
    names (card instance, square, pile, land) or None.

    A step lists every option, but a walk takes one: an option may be given its label as a function
    of nothing and its action and ``done`` as ``settle``, a function giving ``(action, done)`` (the
    action may also be given at once), each worked out the first time it is read. A random walk then
    pays for the one option it takes, and reads exactly what a full listing would."""
    __slots__ = ("_action", "_label", "ref", "_done", "_settle", "default")

    def __init__(self, action, label, ref=None, done=False, *, settle=None, default=False):
        self._action, self._label, self.ref, self._done, self._settle = action, label, ref, done, settle
        self.default = default          # on the way of the default choice (a payment the rules find)

    @property
    def action(self) -> dict:
        if self._action is None:
            self._settled()
        return self._action

    @property
    def done(self) -> bool:
        if self._settle is not None:
            self._settled()
        return self._done

    @property
    def label(self) -> str:
        if callable(self._label):
            self._label = self._label()
        return self._label

    def _settled(self) -> None:
        self._action, self._done = self._settle()
        self._settle = None

    def to_dict(self) -> dict:
        """``completes`` says the same as ``done`` (picking it completes the move: send it); ``default``
        is there (true) only on the default choice's way."""
        out = {"action": self.action, "label": self.label, "ref": self.ref, "done": self.done,
               "completes": self.done}
        if self.default:
            out["default"] = True
        return out

    def __repr__(self) -> str:
        return f"Option({self.to_dict()!r})"


@dataclass(frozen=True)
class Step:
    prompt: str                  # the step's text: "Choose a card to play"
    field: str | None            # the action field this step fills (None: the move is complete)
    options: list = field(default_factory=list)
    picked: int | None = None    # for a list part: how many picked so far
    need: tuple | None = None    # for a list part: (fewest, most) it takes

    def to_dict(self) -> dict:
        out = {"prompt": self.prompt, "field": self.field, "options": suffixed([o.to_dict() for o in self.options])}
        if self.need is not None:
            out["picked"], out["need"] = self.picked, list(self.need)
        return out


def suffixed(options: list) -> list:
    """Options whose label ends with their ``ref`` in brackets ("妖精 (c12)") say it once, as words: the
    label without it, and the id as a small ``suffix`` only where another option of the step has the
    same name (two copies of one card)."""
    bases = []
    for o in options:
        tail = f" ({o['ref']})" if o.get("ref") else None
        bases.append(o["label"][:-len(tail)] if tail and o["label"].endswith(tail) and len(o["label"]) > len(tail)
                     else None)
    shared = {b for b in bases if b is not None and bases.count(b) > 1}
    for o, base in zip(options, bases):
        if base is not None:
            o["label"] = base
            if base in shared:
                o["suffix"] = o["ref"]
    return options


def extends(partial, action) -> bool:
    """Whether ``action`` completes ``partial``: equal scalars, list prefixes, dicts key by key."""
    if isinstance(partial, dict):
        return isinstance(action, dict) and all(k in action and extends(v, action[k]) for k, v in partial.items())
    if isinstance(partial, list):
        return (isinstance(action, list) and len(partial) <= len(action)
                and all(extends(p, a) for p, a in zip(partial[:-1], action))
                and (not partial or extends(partial[-1], action[len(partial) - 1])))
    return partial == action and type(partial) is type(action)


def check_partial(partial) -> dict:
    if not isinstance(partial, dict):
        raise IllegalAction(RULE, _("a partial action is an object, not %(kind)s", kind=type(partial).__name__))
    return partial


def no_move(partial) -> IllegalAction:
    """What a partial action no legal move starts with gets (the same for a hidden and an unknown id)."""
    text = json.dumps(partial, ensure_ascii=False, sort_keys=True)
    shown = text[:120] + ("…" if len(text) > 120 else "")
    return IllegalAction(RULE, _("no legal move starts with %(partial)s", partial=shown))


def label_of(value) -> str:
    """A value as an option says it where the game names it no better: in words, never as JSON (a list
    "a, b", an object "key value, ...", true "Yes", null "None")."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if value is None:
        return "None"
    if isinstance(value, list):
        return ", ".join(map(label_of, value)) or "None"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {label_of(v)}" for k, v in value.items()) or "None"
    return str(value)


def ref_of(value) -> str | None:
    return str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def from_actions(actions: list, partial: dict, *, prompts: dict | None = None, labels=None, refs=None) -> Step:
    """The step after ``partial`` over complete ``actions``, one field at a time in each action's key
    order (``type`` first). ``labels(field, value)`` / ``refs(field, value)`` name options (defaults:
    the value itself; a move's ``type`` always in sentence case, "End actions"); ``prompts`` maps a
    field to its prompt (default: "Choose what to do" for the type, "Choose the <field>" else). A
    partial action that is itself a listed move while longer ones extend it is offered as "Done"."""
    partial = check_partial(partial)
    prompts = prompts or {}
    matching = [a for a in actions if _has(partial, a)] if partial else actions
    if not matching:
        raise no_move(partial)
    longer = [a for a in matching if a != partial]
    if not longer:
        return Step(_(COMPLETE), None, [Option(partial, _(DONE), None, True)])
    options = [Option(partial, _(DONE), None, True)] if len(longer) < len(matching) else []
    seen, name = set(), None
    for a in longer:
        for nxt_field in a:
            if nxt_field not in partial:
                break
        name = name or nxt_field
        value = a[nxt_field]
        key = (nxt_field, _value_key(value))     # options differ only in the field added and its value
        if key in seen:
            continue
        seen.add(key)
        nxt = {**partial, nxt_field: value}
        options.append(Option(nxt, partial_fn(_option_label, labels, nxt_field, value),
                              refs(nxt_field, value) if refs else None if nxt_field == "type" else ref_of(value),
                              settle=partial_fn(_completes, nxt, nxt_field, value, longer)))
    return Step(prompts.get(name) or _default_prompt(name), name, options)


def _completes(nxt: dict, field: str, value, longer: list) -> tuple:
    """``(nxt, done)``: ``nxt`` (a partial action and one field more) is a listed action that no
    other listed action extends (``longer``: the listed actions that extend the partial one)."""
    extended = [b for b in longer if field in b and b[field] == value]
    return nxt, nxt in extended and all(b == nxt for b in extended)


def _value_key(value):
    """A key telling values apart as their canonical JSON does (a string as it is, a whole number tagged
    so that 1 and True stay apart, anything else as canonical JSON)."""
    kind = type(value)
    return value if kind is str else ("int", value) if kind is int else canonical_json(value)


def _option_label(labels, name: str, value) -> str:
    """An option of ``from_actions`` as it reads: the game's ``labels``, else the value (a type's
    underscores as spaces); a move's type in sentence case ("play" reads "Play")."""
    if labels is not None:
        text = labels(name, value)
    else:
        text = value.replace("_", " ") if name == "type" and isinstance(value, str) else label_of(value)
    return text[:1].upper() + text[1:] if name == "type" else text


def _default_prompt(name: str) -> str:
    """A step's prompt where the game gives none (its field's name, an English word, as a last resort)."""
    return _("Choose what to do") if name == "type" else _("Choose the %(field)s", field=name.replace("_", " "))


def _has(partial: dict, action: dict) -> bool:
    """``action`` holds every field of ``partial`` with the same value (values taken whole)."""
    return all(k in action and action[k] == v for k, v in partial.items())


@dataclass(frozen=True)
class Part:
    """One part of a move after its head: a scalar chosen from ``pool`` or (``many``) a list built
    one pick at a time. ``fits(value)`` is true iff the value (a list: as far as chosen) can still be
    completed to a legal choice, ``done(list)`` iff a list is one (default: ``fits``); ``need`` is a
    list's (fewest, most). ``prompt`` may be a function of the list chosen so far, ``pool`` one of
    the partial action (a part that depends on an earlier one)."""
    name: str
    prompt: object
    pool: list
    fits: object = None
    many: bool = False
    need: tuple = (1, 1)
    done: object = None
    label: object = label_of
    ref: object = ref_of
    close_label: str = DONE           # translated where it is shown
    default: object = None      # a list part's default choice (a payment the rules find): a function of the action

    def default_of(self, partial: dict) -> list | None:
        return None if self.default is None else self.default(partial)

    def items(self, partial: dict) -> list:
        return self.pool(partial) if callable(self.pool) else self.pool

    def ok(self, value) -> bool:
        return self.fits is None or self.fits(value)

    def complete(self, chosen) -> bool:
        return self.need[0] <= len(chosen) <= self.need[1] and (self.done or self.ok)(chosen)


def _rest(chosen, pool) -> list | None:
    """What of ``pool`` is left once ``chosen`` is taken from it (each item as often as the pool
    holds it), or None when ``chosen`` is not in the pool."""
    left = list(pool)
    for c in chosen:
        if c not in left:
            return None
        left.remove(c)
    return left


def _position(partial: dict, parts: list) -> int:
    """The index of the part still open in ``partial`` (len(parts): complete); a no_move for a
    partial no move of these parts starts with. A list part is closed when full or when a later
    part has begun."""
    open_at = None
    for i, part in enumerate(parts):
        if part.name not in partial:
            open_at = i if open_at is None else open_at
            continue
        if open_at is not None:
            raise no_move(partial)               # a later part begun before an earlier one
        value = partial[part.name]
        if not part.many:
            if value not in part.items(partial) or not part.ok(value):
                raise no_move(partial)
            continue
        if not isinstance(value, list) or len(value) > part.need[1] or _rest(value, part.items(partial)) is None \
                or not part.ok(value):
            raise no_move(partial)
        closed = len(value) == part.need[1] or any(q.name in partial for q in parts[i + 1:])
        if closed and not part.complete(value):
            raise no_move(partial)
        if not closed:
            open_at = i
    return len(parts) if open_at is None else open_at


def _forward(action: dict, parts_of) -> tuple:
    """``action`` with every part that leaves no choice filled in (a list of at most 0 items, a
    scalar with one fitting value), and whether it is then complete."""
    action = dict(action)
    while True:
        parts = parts_of(action)
        i = _position(action, parts)
        if i == len(parts) or parts[i].name in action:
            return action, i == len(parts)
        part = parts[i]
        if part.many and part.need[1] == 0:
            action[part.name] = []
            continue
        only = [x for x in part.items(action) if part.ok(x)] if not part.many else []
        if len(only) != 1:
            return action, False
        action[part.name] = only[0]             # a choice of one is made


def sequence(partial: dict, parts_of, *, complete_prompt: str = COMPLETE) -> Step:
    """The step after ``partial`` through its parts in order, ``parts_of(action)`` (a function of
    the action so far, so a part may depend on an earlier one; the partial's head, the fields before
    the parts, is the caller's). A list closes when full, by its ``Done`` option (which opens the
    next list part), or by choosing the next scalar part directly."""
    partial, _settled = _forward(partial, parts_of)
    parts = parts_of(partial)
    i = _position(partial, parts)
    if i == len(parts):
        return Step(_(complete_prompt), None, [Option(partial, _(DONE), None, True)])
    return _step(partial, parts_of, i)


def _step(partial: dict, parts_of, i: int) -> Step:
    part = parts_of(partial)[i]

    def option(action, label, ref):
        return Option(None, label, ref, settle=partial_fn(_forward, action, parts_of))

    def prompt(chosen):
        return part.prompt(chosen) if callable(part.prompt) else part.prompt

    if not part.many:
        options, seen = [], set()
        for item in part.items(partial):
            key = canonical_json(item)
            if key not in seen and part.ok(item):
                seen.add(key)
                options.append(option({**partial, part.name: item}, partial_fn(part.label, item), part.ref(item)))
        return Step(prompt(None), part.name, options)
    chosen = list(partial.get(part.name, []))
    left = _rest(chosen, part.items(partial))
    options, seen = [], set()
    default = part.default_of(partial)
    on_default = default is not None and chosen == default[:len(chosen)]
    if len(chosen) < part.need[1]:
        for item in left:
            key = canonical_json(item)
            if key not in seen and part.ok(chosen + [item]):
                seen.add(key)
                options.append(option({**partial, part.name: chosen + [item]}, partial_fn(part.label, item),
                                      part.ref(item)))
                options[-1].default = on_default and len(chosen) < len(default) and item == default[len(chosen)]
    if part.need[0] <= len(chosen) and part.complete(chosen):
        closed = {**partial, part.name: chosen}
        after = parts_of(closed)
        j = next(k for k, q in enumerate(after) if q.name == part.name) + 1
        if j == len(after):
            options.insert(0, Option(closed, _(part.close_label), None, True, default=on_default and chosen == default))
        elif after[j].many:
            options.insert(0, option({**closed, after[j].name: []}, _(part.close_label), None))
        else:
            options += _step(closed, parts_of, j).options
    return Step(prompt(chosen), part.name, options, len(chosen), part.need)


def heads_of(actions: list, part_names) -> list:
    """The listed actions without their parts (``part_names``), each once, in listed order; worked
    out once per ``listing`` of the position these are the listed moves of (every step of a walk
    asks again)."""
    memo = _LISTED.get()
    if memo is not None and memo[2] is not None and actions == memo[2]:      # a copy of them: cheap to compare
        heads = memo[3].get(("heads", part_names))
        if heads is None:
            heads = memo[3][("heads", part_names)] = _heads_of(actions, part_names)
        return heads
    return _heads_of(actions, part_names)


def _heads_of(actions: list, part_names) -> list:
    heads, parts = [], frozenset(part_names)
    for a in actions:
        head = a if parts.isdisjoint(a) else {k: v for k, v in a.items() if k not in parts}
        if head not in heads:
            heads.append(head)
    return heads


def headed(partial: dict, actions: list, parts_of, part_names, *, prompts: dict | None = None, labels=None,
           refs=None) -> Step:
    """Moves made of a head and then parts: the head's fields are chosen over the listed ``actions``
    without their parts (``part_names``: every field any part may fill), as ``from_actions`` does
    over complete actions, then ``parts_of(action)`` (the Parts of the move so far, built by
    ``sequence``). A head that is complete while a longer one extends it (a play, or the same play
    隊列召喚) offers both: its first part's options and the longer head's next field."""
    partial = check_partial(partial)
    heads = heads_of(actions, part_names)
    head = {k: v for k, v in partial.items() if k not in part_names}
    if head in heads:
        if set(partial) - set(head) - {p.name for p in parts_of(partial)}:
            raise no_move(partial)              # a part this move does not have
        step = sequence(partial, parts_of)
        if len(head) < len(partial) or not any(h != head and _has(head, h) for h in heads):
            return step
        more = from_actions(heads, head, prompts=prompts, labels=labels, refs=refs)
        return Step(step.prompt, step.field, step.options + _into_parts(more.options, head, parts_of),
                    step.picked, step.need)
    if len(head) < len(partial):
        raise no_move(partial)
    step = from_actions(heads, head, prompts=prompts, labels=labels, refs=refs)
    return Step(step.prompt, step.field, _into_parts(step.options, head, parts_of))


def _into_parts(options: list, head: dict, parts_of) -> list:
    """``from_actions``' options over heads, a completed head led on into its parts."""
    return [Option(None, o._label, o.ref, settle=partial_fn(_led_on, o, parts_of))
            for o in options if o.action != head]  # "as it is": the head goes on into its parts


def _led_on(option: Option, parts_of) -> tuple:
    return _forward(option.action, parts_of) if option.done else (option.action, False)


# [state, seat, its legal actions once listed, what steps worked out from them] while a walk or a
# bot's weighing goes on: see ``listing``.
_LISTED = ContextVar("kifu_listed", default=None)


@contextmanager
def listing(state: dict, seat: int):
    """Within it, ``listed`` gives the seat's legal actions in ``state`` computed once: every step of
    a walk through the protocol asks for the same list (and a bot walks several times from one
    position); the state does not change meanwhile. A listing inside one of the same state and seat
    keeps the outer list."""
    memo = _LISTED.get()
    if memo is not None and memo[0] is state and memo[1] == seat:
        yield
        return
    token = _LISTED.set([state, seat, None, {}])
    try:
        yield
    finally:
        _LISTED.reset(token)


def listing_memo(state: dict, seat: int) -> dict | None:
    """A dict that lives as long as the ``listing`` of ``state`` and ``seat`` under way (None outside
    one): what a game's step works out from the position alone (a move's parts, say) is kept there
    for the walk's next steps and the next walks."""
    memo = _LISTED.get()
    return memo[3] if memo is not None and memo[0] is state and memo[1] == seat else None


def listed(legal_actions, state: dict, seat: int) -> list:
    """``legal_actions(state, seat)`` — once per ``listing`` of that state and seat (a copy each time)."""
    memo = _LISTED.get()
    if memo is None or memo[0] is not state or memo[1] != seat:
        return legal_actions(state, seat)
    if memo[2] is None:
        memo[2] = legal_actions(state, seat)
    return list(memo[2])


class Chooser(Protocol):
    """What a walk through the protocol reads of a game (``engine.core.Game`` is one; a test may wrap
    one to check every step it answers): its id and its ``choices``."""

    @property
    def id(self) -> str: ...
    def choices(self, state: dict, seat: int, partial: dict) -> Step: ...


def forward(game: Chooser, state: dict, seat: int, partial: dict, *, single: bool = True, pay: bool = True,
            limit: int = 60) -> tuple[dict, Step, list]:
    """``(partial, step, taken)``: from ``partial``, the options that are no decision taken for the seat
    — a step of one option that does not complete the move (``single``), the default payment's way
    (``pay``: the options marked ``default``, up to the last, which completes nothing by itself) — until
    a step asks a real choice or completes the move; ``taken``: the partial actions passed through."""
    taken = []
    with listing(state, seat):
        step = game.choices(state, seat, partial)
        for _round in range(limit):
            nxt = _forced(step, single, pay)
            if nxt is None:
                break
            partial = nxt.action
            taken.append(partial)
            step = game.choices(state, seat, partial)
    return partial, step, taken


def _forced(step: Step, single: bool, pay: bool):
    """The option of ``step`` to take without asking, or None."""
    if single and len(step.options) == 1 and not step.options[0].done:
        return step.options[0]
    if pay:
        marked = [o for o in step.options if o.default and not o.done]
        if len(marked) == 1:
            return marked[0]
    return None


def walk(game: Chooser, state: dict, seat: int, choose_option, limit: int = 200) -> dict:
    """A complete action reached by taking ``choose_option(step)`` (an Option) at every step."""
    partial = {}
    with listing(state, seat):
        for _round in range(limit):
            step = game.choices(state, seat, partial)
            if not step.options:
                raise IllegalAction(RULE, f"{game.id}: a step offers nothing after {json.dumps(partial, ensure_ascii=False)[:200]}")
            option = choose_option(step)
            if option.done:
                return option.action
            partial = option.action
    raise IllegalAction(RULE, f"{game.id}: no complete move after {limit} steps")


def random_action(game: Chooser, state: dict, seat: int, rng) -> dict:
    """A uniformly random option at every step (the random bot; every legal move has a chance)."""
    return walk(game, state, seat, lambda step: step.options[rng.below(len(step.options))])


def reachable(game: Chooser, state: dict, seat: int, action: dict, limit: int = 400) -> bool:
    """Whether the protocol completes exactly ``action`` (depth-first over the options ``action``
    extends, at most ``limit`` steps; the seat's legal actions listed once, as a walk lists them)."""
    budget = [limit]

    def go(partial) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for option in game.choices(state, seat, partial).options:
            if option.done and option.action == action:
                return True
            if not option.done and option.action != partial and extends(option.action, action) and go(option.action):
                return True
        return False

    with listing(state, seat):
        return go({})
