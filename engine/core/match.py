"""Running a decider: creating a match, folding events, taking an action.

Some events belong to the platform rather than to a game: ``MatchCreated`` (first event of every
match: configuration, seed commitment, engine and card-set versions), ``SeedRevealed`` (after
the end: the seed, so anyone can re-derive every shuffle), ``MatchForked`` (second event of a
fork: the whole game state it starts from), the dispute records in ``NOTE_EVENTS``, which
change no game state, and the table events of ``table.py`` (who controls a seat, deadlines,
forfeits), folded into ``state["match"]``.
"""
import marshal
from contextvars import ContextVar

from engine.core.errors import IllegalAction
from engine.core.events import SCHEMA_VERSION, Event
from engine.core.game import Game, MatchConfig, can
from engine.core.rng import Rng, commitment
from engine.core.rulings import check as check_rulings
from engine.core import seat_settings
from engine.core.table import TABLE_EVENTS, fold_table
from engine.core.i18n import Catalog

_, ngettext = Catalog.of("core").functions()

ENGINE_VERSION = "0.1.0"
PLATFORM_RULE = "kifu/match"
NOTE_EVENTS = frozenset({"DisputeFiled", "DisputeRuled", "DisputeConsented", "DisputeForked"})
PLATFORM_EVENTS = frozenset({"MatchCreated", "SeedRevealed", "MatchForked"}) | NOTE_EVENTS | TABLE_EVENTS


def clone(state: dict) -> dict:
    """A deep copy of a JSON-ready state (marshal is the fastest exact copy for these types)."""
    return marshal.loads(marshal.dumps(state))


def create_events(game: Game, config: MatchConfig, seed: bytes) -> list[Event]:
    """The opening events of a new match: MatchCreated, then the game's own setup."""
    check_rulings(game.id, game.rulings, config.rulings)
    game.validate(config)
    created = Event("MatchCreated", {
        **config.to_dict(),
        "commitment": commitment(seed),
        "engine_version": ENGINE_VERSION,
        "cardset_version": game.cardset_version,
    }, rule=PLATFORM_RULE)
    state = apply(game, None, created, config)
    return [created, *game.setup(state, config, Rng.for_version(seed, state["version"]))]


def seed_revealed(seed: bytes) -> Event:
    """The platform event that makes a match's seed public once it has an outcome."""
    return Event("SeedRevealed", {"seed": seed.hex()}, rule=PLATFORM_RULE)


def apply(game: Game, state: dict | None, event: Event, config: MatchConfig | None = None) -> dict:
    """Fold one event into the state (the state given may be changed and is returned)."""
    if event.type not in PLATFORM_EVENTS:       # a game's event: the commonest case, looked at first
        state = game.evolve(state, event)
    elif event.type == "MatchCreated":
        d = event.data
        config = config or MatchConfig.of_created(d)
        state = game.initial_state(config)
        state["version"] = 0
        state["match"] = {k: d[k] for k in ("game", "variant", "seats", "options", "analysis",
                                            "commitment", "engine_version", "cardset_version")}
        if d.get("rulings"):                    # the rulings the match chose (engine/core/rulings.py)
            state["match"]["rulings"] = dict(d["rulings"])
        if d.get("settings"):                   # the settings seats took with the match (seat_settings.py)
            seat_settings.fold_created(state["match"], d["settings"])
    elif event.type == "SeedRevealed":
        state["match"]["seed"] = event.data["seed"]
    elif event.type == "MatchForked":
        state = {**clone(event.data["state"]), "version": state["version"], "match": state["match"]}
    elif event.type in NOTE_EVENTS:
        pass
    elif event.type in TABLE_EVENTS:
        fold_table(state["match"], event, state["version"] + 1)
    state["version"] += 1
    return state


def fold(game: Game, events, state: dict | None = None) -> dict:
    for event in events:
        state = apply(game, state, event)
    return state


def play(game: Game, state: dict, seat: int, action: dict, seed: bytes) -> list[Event]:
    """Decide an action at the state's version, with the rng that version owns."""
    check_fields(game, action)
    return game.decide(state, seat, action, Rng.for_version(seed, state["version"]))


# A state handed over by ``step``: the decider's Emitter works on it instead of on a copy.
_HANDED = ContextVar("kifu_handed_state", default=None)


def step(game: Game, state: dict, seat: int, action: dict, rng) -> tuple[dict, list[Event]]:
    """``(state after the action, its events)``: ``decide`` and the fold in one pass.

    The state given is used up: the decider's working copy (``Emitter``) *is* that state, so
    nothing is copied and no event is folded twice (what bots, playouts and simulations need,
    and the same state ``fold(game, decide(...), clone(state))`` gives). A caller that needs the
    state before keeps a ``clone``; after an IllegalAction the state given is not to be used.
    ``rng`` is the decision's (``Rng.for_version(seed, version)`` in a match, a bot's own in its
    search).
    """
    handed = [state]
    token = _HANDED.set(handed)
    try:
        events = game.decide(state, seat, action, rng)
    finally:
        _HANDED.reset(token)
    if len(handed) == 2:                        # an Emitter took it: its state is the state after
        if handed[1].events is not events and handed[1].events != events:
            raise RuntimeError(f"{game.id}: decide returned other events than its Emitter on the given state "
                               "emitted (a decider that decides on the state it is given keeps what it emits)")
        return handed[1].state, events
    for event in events:                        # a decider without an Emitter: fold its events
        state = apply(game, state, event)
    return state, events


def advance(game: Game, state: dict, seat: int, action: dict, rng) -> dict:
    """The state after the action, its events not kept (bots, playouts, simulations): the game's
    ``compact_step`` where it declares one (a shorter path to the same state), else ``step``.
    The state given is used up, as with ``step``."""
    if can(game, "compact_step"):
        return game.compact_step(state, seat, action, rng)
    return step(game, state, seat, action, rng)[0]


def check_fields(game: Game, action) -> None:
    """IllegalAction naming the first field the action's type does not define (a type the game does
    not declare is left to ``decide``, which refuses it under its own rule)."""
    if not isinstance(action, dict):
        raise IllegalAction(PLATFORM_RULE, _("an action is a JSON object with a 'type'"))
    fields = game.action_fields.get(action.get("type")) if isinstance(action.get("type"), str) else None
    if fields is None or fields.issuperset(action):
        return
    extra = sorted(set(action) - fields)
    if extra:
        raise IllegalAction(PLATFORM_RULE, _("a %(type)s action has no field %(field)s (its fields: %(fields)s)",
                                             type=repr(action["type"]), field=repr(extra[0][:40]),
                                             fields=", ".join(sorted(fields))))


class Emitter:
    """Builds a decision's events while keeping a working copy of the state up to date.

    ``emit`` applies each event at once, so the decider reads ``self.state`` as it is after what it
    has emitted so far, and can go on emitting the automatic steps that follow. A decider makes one
    Emitter per decision: under ``step`` it works on the state handed over rather than on a copy.
    """

    def __init__(self, game: Game, state: dict, rng=None):
        self.game = game
        handed = _HANDED.get()
        if handed is not None and len(handed) == 1 and handed[0] is state:
            handed.append(self)                 # ``step`` handed this state over: work on it
            self.state = state
        else:
            self.state = clone(state)
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, type_: str, data: dict, rule: str, seat: int | None = None,
             cause: int | None = None) -> int:
        """Apply and record an event; returns its version (for the ``cause`` of later events)."""
        event = tuple.__new__(Event, (type_, {} if data is None else data, seat, rule, cause, SCHEMA_VERSION))
        if type_ in PLATFORM_EVENTS:
            self.state = apply(self.game, self.state, event)
        else:                                   # apply() for a game's event, without the call
            self.state = self.game.evolve(self.state, event)
            self.state["version"] += 1
        self.events.append(event)
        return self.state["version"]
