"""The adversarial probe: a listed action with each field replaced by every kind of id in the match.

``answer`` runs ``engine.core.match.play`` exactly as the service does (fields checked, then
``decide`` with the version's rng) on the true state, never appending; what comes back is the answer
a seat would get: the IllegalAction's rule and message, or the events redacted for that seat.
"""
import random
import re

from engine.core import IllegalAction, apply, canonical_json, clone, play
from service.application.match.visibility import redact
from tests.hidden import games, probes
from tests.hidden.leaks import PLACEHOLDER, found, scrub, strings

JUNK_FIELD = "zz_junk_field"
HANDLES_PER_FIELD = 12      # hidden handles tried per field (all of them when fewer)
OTHERS_PER_FIELD = 6        # other strings of the true state (visible ids, names, words) per field


def answer(game, state, seat, action, seed) -> tuple:
    try:
        events = play(game, state, seat, action, seed)
    except IllegalAction as e:
        return ("illegal", e.rule, e.message), None
    except Exception as e:                                   # the service answers a crash too
        return ("crash", type(e).__name__, str(e)), None
    shown = [redact(game, e, seat) for e in events]
    return ("events", [e.to_dict() for e in shown if e is not None]), events


def nonexistent(like: str, taken: set) -> str:
    """An id shaped like ``like`` (its digits made 9, 8, ...) that names nothing in the match."""
    for d in "98765":
        candidate = re.sub(r"\d", d, like)
        if candidate not in taken:
            return candidate
    return "zz-nonexistent"


class Probe:
    def __init__(self, game, state, seed, rng: random.Random):
        self.game, self.state, self.seed, self.rng = game, state, seed, rng
        self.pool = sorted(strings({k: v for k, v in state.items() if k != "match"}))
        self.findings = []
        self.names = None

    def run(self, label: str, seat: int, names) -> None:
        game, state = self.game, self.state
        before = canonical_json(state)
        secret = games.secrets(game, state, seat)
        listed = game.legal_actions(state, seat)
        hidden_handles = sorted(secret.handles)
        others = [s for s in self.pool if s not in secret.handles and s not in secret.identities]
        by_type = {}
        for a in listed:
            by_type.setdefault(a.get("type"), a)
        for kind, fields in sorted((getattr(game, "action_fields", None) or {}).items()):
            if kind not in by_type:             # declared but not listed now: every field named too
                by_type[kind] = {"type": kind, **{f: "0-00" for f in sorted(fields) if f != "type"}}
        for kind, action in by_type.items():
            for field, original in action.items():
                if field == "type":
                    continue
                handles = self.rng.sample(hidden_handles, min(HANDLES_PER_FIELD, len(hidden_handles)))
                tried = handles + self.rng.sample(sorted(secret.identities), min(4, len(secret.identities))) + \
                    self.rng.sample(others, min(OTHERS_PER_FIELD, len(others)))
                like = handles[0] if handles else original if isinstance(original, str) else "0-00"
                missing = nonexistent(like, set(self.pool))
                shapes = [lambda x: x] + ([lambda x: [x]] if isinstance(original, list) else [])
                for shape in shapes:
                    base = self._ask(label, seat, {**action, field: shape(missing)}, missing, secret)
                    for x in tried:
                        got = self._ask(label, seat, {**action, field: shape(x)}, x, secret)
                        if x in secret.handles and got != base:
                            self.findings.append(
                                f"{label} seat {seat} {kind}.{field}: hidden handle {x!r} answers {got!r}, "
                                f"a nonexistent id ({missing!r}) {base!r}")
        if canonical_json(state) != before:
            self.findings.append(f"{label} seat {seat}: decide changed the state it was given")
            self.state = state = clone(state)

    def _ask(self, label, seat, action, sent, secret):
        probes.count(self.game.id, "adversarial answers (engine)")
        got, events = answer(self.game, self.state, seat, action, self.seed)
        scrubbed = scrub(got, {sent})
        if events is None:
            leaked = found(scrubbed, secret.identities, self.names)
        else:                       # an accepted action may show what it reveals: check what stays hidden
            after = self.game and clone(self.state)
            for e in events:
                after = apply(self.game, after, e)
            still = secret.identities & games.secrets(self.game, after, seat).identities
            leaked = found(scrubbed, still, self.names)
        self.findings += [f"{label} seat {seat} {action.get('type')} sent {str(sent)[:40]!r}: {hit}" for hit in leaked]
        return scrubbed


__all__ = ["JUNK_FIELD", "PLACEHOLDER", "Probe", "answer", "nonexistent"]
