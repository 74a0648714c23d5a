"""Dimension Zero (seed 001, First Century rules) and 東方零次元 (seed 000) as a decider.

Modules, in the order the rulebooks read: cards (data), decks (presets and deck rules), state (zones
and the board), setup (デュエルの準備), flow (turn, priority, battle, rule effects), costs (コストの支払い),
plays (what may be declared), effects (the stack's resolution and the effect vocabulary), actions
(decide), evolve, views (hidden information), legal, evaluate (the bots' heuristic).
"""
from engine.core import ConfigError, Variant
from engine.games.dimension_zero import actions, legal, setup as setup_rules, views
from engine.games.dimension_zero.cards import CARDSET_VERSION, card_list
from engine.games.dimension_zero.determinize import determinize as _determinize
from engine.games.dimension_zero.evaluate import evaluate as _evaluate
from engine.games.dimension_zero.decks import PRESETS, SIDEBOARDS
from engine.games.dimension_zero.evolve import evolve as _evolve
from engine.games.dimension_zero.rulebook import RULES
from engine.games.dimension_zero.state import initial_state


class DimensionZero:
    id = "dimension-zero"
    title = "ディメンション・ゼロ / 東方零次元"
    seed_section = "001, 000"
    cardset_version = CARDSET_VERSION
    variants = {
        "first-century": Variant("first-century", "ディメンション・ゼロ First Century (40 cards, 7 smash)", 2, 2),
        "touhou": Variant("touhou", "東方零次元 (40 cards, 7 smash, second-player mulligan)", 2, 2),
        "touhou-instant": Variant("touhou-instant", "東方零次元 インスタント対戦 (25 singleton, 5 smash)", 2, 2),
    }

    def describe(self) -> dict:
        return {"id": self.id, "title": self.title, "seed": self.seed_section, "cardset_version": self.cardset_version,
                "variants": [{"id": v.id, "title": v.title, "min_seats": v.min_seats, "max_seats": v.max_seats}
                             for v in self.variants.values()],
                "cards": card_list(),
                "preset_decks": {v: {name: {"cards": deck, "sideboard": SIDEBOARDS[v][i], "provenance": "designed"}
                                     for i, (name, deck) in enumerate(decks.items())}
                                 for v, decks in PRESETS.items()},
                "rules": {k: {"section": s, "statement": t} for k, (s, t) in RULES.items()}}

    def validate(self, config) -> None:
        if config.variant not in self.variants:
            raise ConfigError(f"unknown variant {config.variant!r} for dimension-zero; available: {sorted(self.variants)}")
        if len(config.seats) != 2:
            raise ConfigError("dimension-zero is for exactly 2 seats")
        setup_rules.validate_options(config.variant, config.options)
        if config.position is not None:
            setup_rules.validate_position(config.variant, config.position)

    def initial_state(self, config) -> dict:
        return initial_state(config.variant, setup_rules.initial_series(config.variant, config.options))

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng)

    def decide(self, state, seat, action, rng):
        return actions.decide(self, state, seat, action, rng)

    def evolve(self, state, event):
        return _evolve(state, event)

    def to_act(self, state) -> list:
        return actions.to_act(state)

    def legal_actions(self, state, seat) -> list:
        return legal.legal_actions(state, seat)

    def view(self, state, seat) -> dict:
        return views.view(state, seat)

    def redact(self, event, seat):
        return views.redact(event, seat)

    def outcome(self, state):
        return state["outcome"]

    def determinize(self, state, seat, rng):
        return _determinize(state, seat, rng)

    evaluate = staticmethod(_evaluate)       # bots' position value for a seat (evaluate.py)

    def cards_named(self, state, action) -> set:
        """The card keys behind the instance ids an action names (simulations' per-card statistics)."""
        named = [action.get("card"), action.get("unit"), *action.get("targets", ())]
        return {state["cards"][i] for i in named if isinstance(i, str) and i in state["cards"]}


GAME = DimensionZero()
