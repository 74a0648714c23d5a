"""Re-deciding a stored match: every batch of events is produced again from the command that made it
(the opening setup, or a seat's action) with the rng its version owns, and set beside what is stored.

A *batch* is what one command appended: its first stored event carries the command. Records are
anything with ``version``, ``event`` and ``command`` (service.application.storage.records.StoredEvent). Without the seed
(a match still running) nothing random can be re-decided, so batches are only folded.
"""
from dataclasses import dataclass, field

from engine.audit.recording_rng import RecordingRng
from engine.core import Game, IllegalAction, MatchConfig, apply, clone, match_outcome, seed_revealed
from engine.core.table_moves import decide_table


@dataclass
class Batch:
    start: int                      # version of the batch's first event
    records: list                   # the stored records of the batch
    command: dict | None            # what produced it (None: an old record without one)
    decided: list | None = None     # the events the rules produce now (None: not re-decided)
    draws: list = field(default_factory=list)
    rng_version: int | None = None  # the version the rng was keyed with
    error: str | None = None        # the rules refused or failed on the command

    @property
    def stored(self) -> list:
        return [r.event for r in self.records]

    def first_difference(self) -> int | None:
        """The version of the first stored event that the re-decided events do not reproduce."""
        if self.decided is None:
            return None
        stored = self.stored
        for i in range(max(len(stored), len(self.decided))):
            mine = self.decided[i].to_dict() if i < len(self.decided) else None
            theirs = stored[i].to_dict() if i < len(stored) else None
            if mine != theirs:
                return self.start + min(i, len(stored) - 1) if stored else self.start
        return None


def batches(records):
    """Group stored records into batches (a batch starts at each record with a command, and at 1)."""
    current = []
    for record in records:
        if current and (record.command is not None or record.event.type == "MatchCreated"):
            yield current
            current = []
        current.append(record)
    if current:
        yield current


def redecide(game: Game, records, seed: bytes | None, follow: str = "decided", observe=None):
    """Yield a ``Batch`` per stored batch, re-decided when ``seed`` is given.

    The state moves on by folding the re-decided events (``follow="decided"``: what the rules say
    happened, so one altered event shows as one divergence) or the stored ones (``"stored"``: what the
    match recorded, as a ruling diff needs). The stored events are folded wherever nothing was
    re-decided or the rules refused the command. ``observe(version, state)`` is called after each
    event is folded.
    """
    state = None
    for group in batches(records):
        batch = Batch(group[0].version, group, group[0].command)
        if seed is not None and batch.command is not None:
            _decide(game, batch, state, seed)
        events = batch.decided if follow == "decided" and batch.decided is not None else batch.stored
        try:
            for event in events:
                state = apply(game, state, event)
                if observe is not None:
                    observe(state["version"], state)
        except Exception as e:  # noqa: BLE001 - an altered event may break the fold anywhere
            # the exception's text may quote hidden cards: only once the seed (so the truth) is public
            detail = f"{type(e).__name__}: {e}" if seed is not None else type(e).__name__
            batch.error = batch.error or f"fold failed: {detail}"
            yield batch
            return
        yield batch


def _decide(game: Game, batch: Batch, state: dict | None, seed: bytes) -> None:
    """Fill in ``batch.decided`` (and its draws) from ``state``, the state before the batch."""
    command = batch.command
    try:
        if "create" in command:
            created = batch.stored[0]
            if created.type != "MatchCreated" or "fork" in command["create"]:
                return                       # a fork starts from another match's state: nothing random
            d = created.data
            config = MatchConfig.of_created(d, position=command["create"].get("position"))
            state = apply(game, None, created, config)
            rng = RecordingRng.for_version(seed, state["version"])
            made = game.setup(state, config, rng)
            events = [created, *made]
        elif "action" in command:
            rng = RecordingRng.for_version(seed, state["version"])
            made = events = list(game.decide(state, command["seat"], command["action"], rng))
        elif "table" in command:             # a table move (resign, draw, talk, rematch): no rng
            rng = None
            made = events = decide_table(game, state, command["seat"], command["table"])
        else:
            return                           # a platform note (a dispute): nothing to decide
        after = clone(state)
        for event in made:
            after = apply(game, after, event)
        if match_outcome(game, after) is not None and "seed" not in after["match"]:
            events = [*events, seed_revealed(seed)]
        batch.decided, batch.rng_version = events, None if rng is None else state["version"]
        batch.draws = rng.draws if rng is not None else []
    except IllegalAction as e:
        batch.error = f"the rules refuse the command: {e.rule}: {e.message}"
    except Exception as e:  # noqa: BLE001 - a decider crashing on a stored command is a finding
        batch.error = f"deciding the command failed: {type(e).__name__}: {e}"
