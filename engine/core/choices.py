"""The choice protocol: a move built a few small choices at a time (issue 15; README "Choosing a move").

A seat builds an action as a *partial action*: a dict holding the parts chosen so far (``{}`` at
first, then ``{"type": "play"}``, ``{"type": "play", "card": "c12"}``, ...). ``Game.choices(state,
seat, partial)`` answers with the next **Step**: a prompt and a short list of **Options**, each
carrying the whole next partial action. An option marked ``done`` is a complete action, posted as
any action is. Nothing is kept between steps: the partial action is the whole state of the dialog,
so the server stays stateless and nothing is appended until the move is complete.

Parts that choose k of n things (payments, targets, discards, subsets, setup picks) are built one
pick at a time into a list, in the order picked (``pick``): a step offers at most n options, never
the C(n, k) list. A list part is closed by the options of the part after it (or, when it is the
last part, by a ``done`` option), so ``{"targets": ["u1"], "pay": []}`` means "one target, now pay".

``from_actions`` is the protocol over a flat list of complete actions, field by field, for games
(or situations) whose every move is listed; a game whose moves have parts answers with its own
steps. The relation between partial and complete actions is ``extends``: a partial action's
scalars equal the action's, its lists are prefixes (element by element, recursively).
"""
import json
from dataclasses import dataclass, field

from engine.core.canonical import canonical_json
from engine.core.errors import IllegalAction

RULE = "kifu/choices"
MAX_OPTIONS = 60     # no step offers more (tests/conformance/test_choices.py checks it)


@dataclass(frozen=True)
class Option:
    action: dict                 # the partial action this option leads to (complete when ``done``)
    label: str                   # what the option says ("緑1 (c12)", "square 2-3", "Done")
    ref: str | None = None       # the thing on the table it names (card instance, square, pile, land)
    done: bool = False           # ``action`` is complete: post it

    def to_dict(self) -> dict:
        return {"action": self.action, "label": self.label, "ref": self.ref, "done": self.done}


@dataclass(frozen=True)
class Step:
    prompt: str                  # the step's text: "Choose a card to play"
    field: str | None            # the action field this step fills (None: the move is complete)
    options: list = field(default_factory=list)
    picked: int | None = None    # for a list part: how many picked so far
    need: tuple | None = None    # for a list part: (fewest, most) it takes

    def to_dict(self) -> dict:
        out = {"prompt": self.prompt, "field": self.field, "options": [o.to_dict() for o in self.options]}
        if self.need is not None:
            out["picked"], out["need"] = self.picked, list(self.need)
        return out


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
        raise IllegalAction(RULE, f"a partial action is an object, not {type(partial).__name__}")
    return partial


def no_move(partial) -> IllegalAction:
    """What a partial action no legal move starts with gets (the same for a hidden and an unknown id)."""
    text = json.dumps(partial, ensure_ascii=False, sort_keys=True)
    return IllegalAction(RULE, f"no legal move starts with {text[:120]}{'…' if len(text) > 120 else ''}")


def label_of(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def ref_of(value) -> str | None:
    return str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def from_actions(actions: list, partial: dict, *, prompts: dict | None = None, labels=None, refs=None) -> Step:
    """The step after ``partial`` over complete ``actions``, one field at a time in each action's key
    order (``type`` first). ``labels(field, value)`` / ``refs(field, value)`` name options (defaults:
    the value itself); ``prompts`` maps a field to its prompt."""
    partial = check_partial(partial)
    prompts = prompts or {}
    matching = [a for a in actions if _has(partial, a)]
    if not matching:
        raise no_move(partial)
    complete = [a for a in matching if a == partial]
    longer = [a for a in matching if a != partial]
    if not longer:
        return Step("This move is complete.", None, [Option(partial, "Done", None, True)])
    options = [Option(partial, "As it is", None, True)] if complete else []
    seen, name = set(), None
    for a in longer:
        nxt_field = next(k for k in a if k not in partial)
        name = name or nxt_field
        nxt = {**partial, nxt_field: a[nxt_field]}
        key = canonical_json(nxt)
        if key in seen:
            continue
        seen.add(key)
        value = a[nxt_field]
        done = nxt in longer and not any(b != nxt and _has(nxt, b) for b in longer)
        options.append(Option(nxt, labels(nxt_field, value) if labels else _default_label(nxt_field, value),
                              refs(nxt_field, value) if refs else None if nxt_field == "type" else ref_of(value),
                              done))
    return Step(prompts.get(name, f"Choose {name}"), name, options)


def _default_label(name: str, value) -> str:
    return value.replace("_", " ") if name == "type" and isinstance(value, str) else label_of(value)


def _has(partial: dict, action: dict) -> bool:
    """``action`` holds every field of ``partial`` with the same value (values taken whole)."""
    return all(k in action and action[k] == v for k, v in partial.items())


def pick(partial: dict, name: str, pool: list, fits, *, prompt: str, need: tuple, label=label_of, ref=ref_of,
         done=None, close: dict | None = None, close_label: str = "Done") -> Step:
    """A list part built one pick at a time from ``pool``: the options are the pool's items (each at
    most as often as it appears in the pool) for which ``fits(chosen + [item])``, plus a closing
    option once at least ``need[0]`` are chosen and ``done(chosen)``. ``close`` is the partial action
    the closing option leads to (default: the list as chosen, complete: the list is the last part).

    ``fits(list)`` must be true iff the list can still be completed to a legal choice, ``done(list)``
    iff it is one (default ``fits``); ``need`` is (fewest, most) items, for the client's counter."""
    chosen = list(partial.get(name, []))
    left = list(pool)
    for c in chosen:
        if c in left:
            left.remove(c)
    options, seen = [], set()
    if len(chosen) < need[1]:
        for item in left:
            key = canonical_json(item)
            if key in seen or not fits(chosen + [item]):
                continue
            seen.add(key)
            options.append(Option({**partial, name: chosen + [item]}, label(item), ref(item)))
    if need[0] <= len(chosen) and (done or fits)(chosen):
        target = {**partial, name: chosen} if close is None else close
        options.insert(0, Option(target, close_label, None, close is None))
    return Step(prompt, name, options, len(chosen), need)


def walk(game, state: dict, seat: int, choose_option, limit: int = 200) -> dict:
    """A complete action reached by taking ``choose_option(step)`` (an Option) at every step."""
    partial = {}
    for _ in range(limit):
        step = game.choices(state, seat, partial)
        if not step.options:
            raise IllegalAction(RULE, f"{game.id}: a step offers nothing after {json.dumps(partial, ensure_ascii=False)[:200]}")
        option = choose_option(step)
        if option.done:
            return option.action
        partial = option.action
    raise IllegalAction(RULE, f"{game.id}: no complete move after {limit} steps")


def random_action(game, state: dict, seat: int, rng) -> dict:
    """A uniformly random option at every step (the random bot; every legal move has a chance)."""
    return walk(game, state, seat, lambda step: step.options[rng.below(len(step.options))])


def reachable(game, state: dict, seat: int, action: dict, limit: int = 400) -> bool:
    """Whether the protocol completes exactly ``action`` (depth-first over the options ``action``
    extends, at most ``limit`` steps)."""
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

    return go({})
