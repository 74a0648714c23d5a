"""3x3Wars (seed 003: 3x3Wars マニュアル ver.1.2) as a decider: Overlord (初級), Apprentice (中級),
Wizard (上級) and Seven Mage (セブンメイジ戦).

Modules, in the order the manual reads: cards (data), levels, setup and setup_choices (ゲーム準備),
flow (ゲームの流れ), spells (呪文フェイズ), magic (魔法), grand (大魔術), actions (decide), evolve,
views (hidden information), legal.
"""
from engine.core import ConfigError, Variant
from engine.games.threebythree import actions, legal, setup as setup_rules, views
from engine.games.threebythree.determinize import determinize as _determinize
from engine.games.threebythree.evaluate import evaluate as _evaluate
from engine.games.threebythree.cards import CARDSET_VERSION, card_list
from engine.games.threebythree.evolve import evolve as _evolve
from engine.games.threebythree.levels import LEVELS
from engine.games.threebythree.rulebook import RULES
from engine.games.threebythree.state import initial_state


class ThreeByThree:
    id = "threebythree"
    title = "3x3Wars (サイザンウォーズ)"
    seed_section = "003"
    cardset_version = CARDSET_VERSION
    evaluate = staticmethod(_evaluate)       # bots' position value for a seat (evaluate.py)
    variants = {lv.id: Variant(lv.id, lv.title, 2, 2) for lv in LEVELS.values()}

    def describe(self) -> dict:
        return {"id": self.id, "title": self.title, "seed": self.seed_section,
                "cardset_version": self.cardset_version,
                "variants": [{"id": v.id, "title": v.title, "min_seats": v.min_seats, "max_seats": v.max_seats}
                             for v in self.variants.values()],
                "cards": card_list(),
                "rules": {k: {"section": s, "statement": t} for k, (s, t) in RULES.items()}}

    def validate(self, config) -> None:
        if config.variant not in self.variants:
            raise ConfigError(f"unknown variant {config.variant!r} for threebythree; available: {sorted(self.variants)}")
        if len(config.seats) != 2:
            raise ConfigError("threebythree is for exactly 2 seats")
        setup_rules.validate_options(config.options)
        if config.position is not None:
            setup_rules.validate_position(config.position, config.variant)

    def initial_state(self, config) -> dict:
        return initial_state(config.variant)

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng)

    def decide(self, state, seat, action, rng):
        return actions.decide(self, state, seat, action, rng)

    def evolve(self, state, event):
        return _evolve(state, event)

    def to_act(self, state) -> list:
        if state["phase"] == "setup":        # both choose at once; Seven Mage: magic once both hands are kept
            return [i for i, p in enumerate(state["players"])
                    if not p["ready"] and (p["offered_hands"] or p["offered_magic"])]
        if state["phase"] == "over":
            return []
        step = state["step"]
        if step == "counter":
            return [state["pending"]["responder"]]
        if step == "respond":
            return [state["respond"]["responder"]]
        if step == "decision":
            return [state["decision"]["seat"]]
        return [state["active"]]

    def legal_actions(self, state, seat) -> list:
        return legal.legal_actions(state, seat, self.to_act(state))

    def view(self, state, seat) -> dict:
        return views.view(state, seat)

    def redact(self, event, seat):
        return views.redact(event, seat)

    def outcome(self, state):
        return state["outcome"]

    def determinize(self, state, seat, rng):
        return _determinize(state, seat, rng)


GAME = ThreeByThree()
