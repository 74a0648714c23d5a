"""The decider contract every game implements (docs/DECIDER.md): the ``Game`` protocol; ``Facts``,
the one declaration of what a game is and offers (OpenSpiel's ``GameType`` is the model: each game
states its facts once, as data, and callers read them instead of probing the game); ``can``, how a
caller asks for an optional hook; and ``GameBase``, what the games' decider classes share."""
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping, Protocol

from engine.core.choices import Step, from_actions, listed
from engine.core.errors import ConfigError
from engine.core.events import Event
from engine.core.i18n import Catalog
from engine.core.outcomes import rewards
from engine.core.rng import Rng
from engine.core.rulings import rules_index as rulings_index

_, ngettext = Catalog.of("core").functions()

# The optional hooks a game may have; a game lists those it has in ``Facts.capabilities`` and callers
# ask ``can(game, name)`` instead of probing for attributes.
CAPABILITIES = frozenset({
    "secrets",        # secrets(state, seat) -> Secrets: who may know which card (every game of engine/games/)
    "determinize",    # determinize(state, seat, rng): hidden parts re-dealt (searching bots, seat forks)
    "evaluate",       # evaluate(state, seat) -> [0, 1]: a position's value from what the seat knows
    "evaluate_seats", # evaluate_seats(state) -> [evaluate(state, s) for every seat], worked out at once
    "cards_named",    # cards_named(state, action) -> card ids an action names (per-card statistics)
    "narrate",        # narrate(event, reader) -> str | None: the event as a sentence (engine/core/narration.py)
    "passing",        # passing(state, seat) -> {"action", "respond": bool | None} | None: the pass the seat may make
                      # now, and whether it has something to answer (None: not a window to answer in); seat settings
    "situation",      # situation(state, reader) -> str: what the match waits on, in the game's words, from public
                      # state only ("the removal step", "a counter window: 霊夢's removal"); the view's pending_text
    "compact_step",   # compact_step(state, seat, action, rng) -> state: the state after, no events built
})


@dataclass(frozen=True)
class Variant:
    id: str
    title: str
    min_seats: int
    max_seats: int


class GameBot(Protocol):
    """A bot a game offers beside the generic ones (``Facts.bots``; e.g. 東方祀爭録's big-money,
    engine/games/shisoroku/big_money.py): usually a module with these two functions."""

    def check(self, config: dict) -> dict: ...          # the config made explicit; ConfigError naming a fault
    def choose(self, game: "Game", state: dict, seat: int, rng: Rng, config: dict) -> dict: ...   # a legal action


@dataclass(frozen=True)
class Facts:
    """What a game is and offers, declared once by the game (its class's ``facts``) and read by every
    caller: the registry, the API's game list, match creation, the bots, simulations, the narrated
    log, the conformance suite.

    ``id``: the game id (the registry's key, ``<id>/<rule>`` in every rule a game event cites);
    ``title``: its display name; ``seed_section``: the seed document its rules come from ("003");
    ``cardset_version``: the version of its rules and cards, pinned by every match (docs/DECIDER.md
    "Rules versions"); ``variants``: variant id -> Variant, each with its seat counts;
    ``action_fields``: action type -> the fields it may carry, "type" included (nothing else reaches
    ``decide``); ``capabilities``: the optional hooks it has (CAPABILITIES); ``bots``: bot name ->
    the game's own bots (GameBot), offered beside the generic ones of engine/bots; ``unordered``:
    action type -> the list fields whose order ``decide`` ignores (the choice protocol offers them in
    one order; the conformance suite compares actions with them sorted); ``catalog``: the domain of the
    game's own translations (engine/core/i18n.py), in which its title and its variants' titles are read.

    Checked when the game's module loads: an unknown capability, a variant filed under another id or
    with an empty seat range, an ``unordered`` field its action type does not carry is a ValueError."""

    id: str
    title: str
    seed_section: str
    cardset_version: str
    variants: Mapping[str, Variant]
    action_fields: Mapping[str, frozenset]
    capabilities: frozenset = frozenset()
    bots: Mapping[str, GameBot] = field(default_factory=dict)
    unordered: Mapping[str, tuple] = field(default_factory=dict)
    catalog: str | None = None

    def __post_init__(self):
        unknown = sorted(set(self.capabilities) - CAPABILITIES)
        if unknown:
            raise ValueError(f"{self.id}: no such capability {unknown}; known: {sorted(CAPABILITIES)}")
        for key, v in self.variants.items():
            if key != v.id or not 1 <= v.min_seats <= v.max_seats:
                raise ValueError(f"{self.id}: variant {key!r} is {v}: filed under its own id, 1 <= min_seats <= max_seats")
        for kind, fields in self.unordered.items():
            if not set(fields) <= self.action_fields.get(kind, frozenset()):
                raise ValueError(f"{self.id}: unordered {kind}: {sorted(fields)} are not all fields of that action")
        freeze = object.__setattr__                      # frozen all through: no table changes later
        freeze(self, "variants", MappingProxyType(dict(self.variants)))
        freeze(self, "action_fields", MappingProxyType(dict(self.action_fields)))
        freeze(self, "capabilities", frozenset(self.capabilities))
        freeze(self, "bots", MappingProxyType(dict(self.bots)))
        freeze(self, "unordered", MappingProxyType(dict(self.unordered)))


def can(game: "Game", capability: str) -> bool:
    """Whether ``game`` declares the optional hook ``capability`` (one of CAPABILITIES)."""
    if capability not in CAPABILITIES:
        raise ValueError(f"no such capability {capability!r}; known: {sorted(CAPABILITIES)}")
    return capability in game.facts.capabilities


@dataclass(frozen=True)
class MatchConfig:
    """What a match is created with. ``position`` is an explicit analysis setup (or None)."""

    game: str
    variant: str
    seats: list = field(default_factory=list)      # seat names, index = seat number
    options: dict = field(default_factory=dict)
    position: dict | None = None
    audit_live: bool = False       # refereed live: the auditor sees every hand while it runs
    rulings: dict = field(default_factory=dict)    # ruling name -> choice (engine/core/rulings.py)
    rated: bool = False            # its end changes the seats' ratings (service/application/ratings)
    settings: dict = field(default_factory=dict)   # seat ("0"...) -> the settings it took with its seat

    def to_dict(self) -> dict:
        """MatchCreated's data (``audit_live``, ``rulings``, ``rated`` and ``settings`` only when set, so
        older records keep their shape and their hashes)."""
        return {"game": self.game, "variant": self.variant, "seats": list(self.seats),
                "options": dict(self.options), "analysis": self.position is not None,
                **({"audit_live": True} if self.audit_live else {}),
                **({"rulings": dict(self.rulings)} if self.rulings else {}),
                **({"rated": True} if self.rated else {}),
                **({"settings": {seat: dict(s) for seat, s in self.settings.items()}} if self.settings else {})}

    @classmethod
    def of_created(cls, data: dict, position: dict | None = None, audit_live: bool = False) -> "MatchConfig":
        """The configuration a MatchCreated event's data records (its rulings included)."""
        return cls(data["game"], data["variant"], data["seats"], data.get("options", {}), position,
                   audit_live, data.get("rulings", {}), bool(data.get("rated")), data.get("settings", {}))


@dataclass(frozen=True)
class Secrets:
    """What one seat (None: a spectator) may not know in a position: the game's one declared answer
    to "who may know which card", read by its views, its redaction, its deciders' error messages
    (an id in ``handles`` is refused exactly as an id that does not exist) and the shared
    hidden-information tests.

    ``handles``: the ids an action may name (card instance ids, zone slots) whose identity is hidden
    from the seat. ``identities``: the identity strings (card ids, printed names) of the hidden
    cards, less those the seat also knows from a copy it may see; no answer to the seat may
    contain one of them."""

    handles: frozenset = frozenset()
    identities: frozenset = frozenset()


class Game(Protocol):
    """A game as a decider. States are plain JSON-ready dicts that carry their own ``version``.

    ``evolve`` may apply the event to the state it is given and return it: callers that need the old
    state keep a ``clone``. ``decide`` must never change the state it is given.
    """

    facts: Facts                     # what the game is and offers (above): declared once, read by callers
    rules: dict                      # rule id -> (seed section, statement): the game's rulebook.py
    rulings: dict                    # ruling name -> Ruling: its readings of what the seed leaves open

    # The facts callers read most, as attributes (GameBase reads them from ``facts``).
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    def variant_title(self, variant_id: str) -> str | None: ...
    @property
    def seed_section(self) -> str: ...
    @property
    def cardset_version(self) -> str: ...
    @property
    def variants(self) -> Mapping[str, Variant]: ...
    # The fields each action type may carry ("type" included); ``engine.core.match.play`` refuses
    # any other field before ``decide`` sees the action, so nothing unread is ever stored.
    @property
    def action_fields(self) -> Mapping[str, frozenset]: ...

    def describe(self) -> dict: ...                                     # variants, seats, card list
    def validate(self, config: MatchConfig) -> None: ...                # raise ConfigError
    def initial_state(self, config: MatchConfig) -> dict: ...
    def setup(self, state: dict, config: MatchConfig, rng: Rng) -> list[Event]: ...
    def decide(self, state: dict, seat: int, action: dict, rng: Rng) -> list[Event]: ...
    def evolve(self, state: dict, event: Event) -> dict: ...
    def legal_actions(self, state: dict, seat: int) -> list[dict]: ...  # one complete action per move
    # The choice protocol (engine/core/choices.py): the next step of a move the seat is building,
    # after the parts chosen so far; every action ``decide`` accepts is reachable, every action it
    # completes is accepted. IllegalAction for a partial action no legal move starts with.
    def choices(self, state: dict, seat: int, partial: dict) -> Step: ...
    def to_act(self, state: dict) -> list[int]: ...
    def view(self, state: dict, seat: int | None) -> dict: ...
    def redact(self, event: Event, seat: int | None) -> Event | None: ...
    def outcome(self, state: dict) -> dict | None: ...
    def results(self, outcome: dict, n_seats: int) -> list[float]: ...  # per seat, 1 win .. 0 loss
    def pass_action(self, state: dict, seat: int) -> dict | None: ...   # "pass" at a deadline, or None
    def rulings_of(self, state: dict | None, event: Event) -> list: ...  # rulings the event depends on

    # The optional hooks: only those ``facts.capabilities`` declares are there, and only those are
    # ever called (callers ask ``can(game, name)``; tests/conformance/test_facts.py checks both).
    # secrets: what the seat may not know (Secrets above); every game of engine/games/ has it.
    def secrets(self, state: dict, seat: int | None) -> Secrets: ...
    # determinize: a full state consistent with what ``seat`` can see, hidden parts re-dealt with
    # ``rng`` (information-set search, analysis forks). Games without it cannot host searching bots.
    def determinize(self, state: dict, seat: int, rng: Rng) -> dict: ...
    # evaluate: a position's value to ``seat`` in [0, 1], reading only what the seat knows (bots).
    def evaluate(self, state: dict, seat: int) -> float: ...
    # evaluate_seats: ``[evaluate(state, s) for every seat]``, the same floats, worked out at once.
    def evaluate_seats(self, state: dict) -> list[float]: ...
    # cards_named: the card ids (as in ``describe()["cards"]``) an action names, for simulations'
    # per-card statistics; without it, every card id found anywhere in the action counts.
    def cards_named(self, state: dict, action: dict) -> set: ...
    # narrate: the event (already redacted for ``reader``, an engine.core.narration.Reader) as a
    # sentence of the game's log, or None for an internal step the log folds away; usually a
    # ``narration.Lines`` table in engine/games/<game>/narration.py. Without it the log says the type.
    def narrate(self, event: Event, reader) -> str | None: ...
    # compact_step: the state after ``seat`` takes ``action`` (the state given is used up), reached
    # without building events: the same state ``engine.core.step`` gives, by a shorter path for
    # the moves bots and simulations make most (``engine.core.advance`` calls it).
    def compact_step(self, state: dict, seat: int, action: dict, rng: Rng) -> dict: ...


# The names of Facts' fields: a game class declares them in its ``facts`` only (GameBase refuses a
# class that sets one beside it, so the declaration and the attributes cannot disagree).
FACT_NAMES = frozenset(Facts.__dataclass_fields__)


class GameBase:
    """What the games' decider classes share: the facts callers read most as attributes (from the
    class's ``facts``), ``describe()`` from them (plus ``describe_more()``: cards, options, boards),
    the variant and seat-count checks of ``validate`` (``check_seats``), ``outcome`` kept in
    ``state["outcome"]``, ``results``, ``pass_action``, ``rulings_of`` and the choice protocol over
    ``legal_actions``."""

    facts: Facts                   # every game class sets it
    rules: dict = {}               # rule id -> (seed section, statement): the game's rulebook.py
    rulings: dict = {}             # ruling name -> engine.core.rulings.Ruling: the game's rulings.json

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        beside = sorted(FACT_NAMES & set(vars(cls)))
        if beside:
            raise TypeError(f"{cls.__name__} sets {', '.join(beside)} beside its facts: declare "
                            f"{'them' if len(beside) > 1 else 'it'} in facts (engine.core.game.Facts)")

    @property
    def id(self) -> str:
        return self.facts.id

    @property
    def title(self) -> str:
        """The game's name in the language spoken."""
        return self._said(self.facts.title)

    def variant_title(self, variant_id: str) -> str | None:
        """A variant's name in the language spoken (None: no such variant)."""
        variant = self.variants.get(variant_id)
        return None if variant is None else self._said(variant.title)

    def _said(self, text: str) -> str:
        return Catalog.of(self.facts.catalog).gettext(text) if self.facts.catalog else text

    @property
    def seed_section(self) -> str:
        return self.facts.seed_section

    @property
    def cardset_version(self) -> str:
        return self.facts.cardset_version

    @property
    def variants(self) -> Mapping[str, Variant]:
        return self.facts.variants

    @property
    def action_fields(self) -> Mapping[str, frozenset]:
        return self.facts.action_fields

    def describe(self) -> dict:
        linked = rulings_index(self.rulings)
        return {"id": self.id, "title": self.title, "seed": self.seed_section,
                "cardset_version": self.cardset_version,
                "variants": [{"id": v.id, "title": self._said(v.title), "min_seats": v.min_seats, "max_seats": v.max_seats}
                             for v in self.variants.values()],
                **self.describe_more(),
                "rules": {k: {"section": s, "statement": t, **({"rulings": [self.rulings[n].id for n in linked[k]]}
                                                              if k in linked else {})}
                          for k, (s, t) in self.rules.items()},
                "rulings": [r.describe() for r in self.rulings.values()]}

    def rulings_of(self, state: dict | None, event: Event) -> list:
        """The names of the rulings ``event`` depends on: those that decide the rule it cites. A game
        whose rulings decide events citing a broader rule names them here by the event (and the
        state before it). Reads only what the event shows to the table."""
        return list(rulings_index(self.rulings).get((event.rule or "").partition("/")[2], ()))

    def describe_more(self) -> dict:
        return {}

    def check_seats(self, config: MatchConfig) -> Variant:
        """The config's variant; ConfigError for an unknown one or a seat count it does not take."""
        variant = self.variants.get(config.variant)
        if variant is None:
            raise ConfigError(_("unknown variant %(variant)s for %(game)s; available: %(variants)s",
                                variant=repr(config.variant), game=self.id, variants=sorted(self.variants)))
        seats = len(config.seats)
        if not variant.min_seats <= seats <= variant.max_seats:
            said = {"game": self.id, "variant": variant.id, "least": variant.min_seats, "most": variant.max_seats,
                    "seats": seats}
            raise ConfigError(_("%(game)s %(variant)s is for exactly %(least)s seats, not %(seats)s", **said)
                              if variant.min_seats == variant.max_seats else
                              _("%(game)s %(variant)s is for %(least)s to %(most)s seats, not %(seats)s", **said))
        return variant

    def outcome(self, state: dict) -> dict | None:
        return state["outcome"]

    def results(self, outcome: dict, n_seats: int) -> list[float]:
        """Per seat: 1 won, 0 lost, shares of a draw or a shared win, ranks in between."""
        return rewards(outcome, n_seats)

    def choices(self, state: dict, seat: int, partial: dict) -> Step:
        """The choice protocol over ``legal_actions``, field by field: right for a game whose every
        move is listed; a game whose moves have parts (payments, targets, subsets) overrides it."""
        return from_actions(listed(self.legal_actions, state, seat), partial)

    def pass_action(self, state: dict, seat: int) -> dict | None:
        """The seat's first legal action of type ``pass`` (what a deadline's "pass" plays), or None."""
        return next((a for a in self.legal_actions(state, seat) if a.get("type") == "pass"), None)
