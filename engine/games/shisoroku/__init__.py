"""東方祀爭録 (seed 004: 基本的なルール), a Touhou re-theme of Dominion, as a decider. 2-4 players.

Modules, in the order the rules page reads: cards (data), setup (ゲームの準備 / 初期デッキ), turn
(ゲームの進行とフェイズ, ゲームの終了条件), actions (decide: the action and buy phases), moves (buy /
gain / trash order, reactions), effects (カードの指示: the effect vocabulary) and complex_cards,
run (the interpreter: pending decisions instead of blocking), decisions, legal, evolve, views
(公開情報と非公開情報).
"""
from engine.core import ConfigError, Variant
from engine.games.shisoroku import actions, legal, setup as setup_rules, views
from engine.games.shisoroku import effects as _effects  # noqa: F401  (loads the vocabulary, checks cards.json)
from engine.games.shisoroku import turn as _turn  # noqa: F401  (registers the turn's frames)
from engine.games.shisoroku.cards import CARDSET_VERSION, KINGDOM, START_DECKS, card_list
from engine.games.shisoroku.determinize import determinize as _determinize
from engine.games.shisoroku.evaluate import evaluate as _evaluate
from engine.games.shisoroku.evolve import evolve as _evolve
from engine.games.shisoroku.rulebook import RULES
from engine.games.shisoroku.state import initial_state


class Shisoroku:
    id = "shisoroku"
    title = "東方祀爭録 (Touhou Shisoroku, a Dominion-style deckbuilder)"
    seed_section = "004"
    cardset_version = CARDSET_VERSION
    evaluate = staticmethod(_evaluate)           # bots' position value for a seat (evaluate.py)
    variants = {"standard": Variant("standard", "基本的なルール / Standard", 2, 4)}

    def describe(self) -> dict:
        return {"id": self.id, "title": self.title, "seed": self.seed_section,
                "cardset_version": self.cardset_version,
                "variants": [{"id": v.id, "title": v.title, "min_seats": v.min_seats, "max_seats": v.max_seats}
                             for v in self.variants.values()],
                "options": {"kingdom": {"pool": list(KINGDOM), "count": 10, "default": "random"},
                            "start_deck": {"choices": sorted(START_DECKS), "default": "hakurei"},
                            "goshinsatsu": {"default": False}, "amaneki": {"default": False},
                            "first": {"default": "by lot"}},
                "cards": card_list(),
                "rules": {k: {"section": s, "statement": t} for k, (s, t) in RULES.items()}}

    def validate(self, config) -> None:
        if config.variant not in self.variants:
            raise ConfigError(f"unknown variant {config.variant!r} for shisoroku; available: {sorted(self.variants)}")
        v = self.variants[config.variant]
        if not v.min_seats <= len(config.seats) <= v.max_seats:
            raise ConfigError(f"shisoroku is for {v.min_seats}-{v.max_seats} seats, not {len(config.seats)}")
        setup_rules.validate_options(config.options, len(config.seats))
        if config.position is not None:
            setup_rules.validate_position(config.position, len(config.seats))

    def initial_state(self, config) -> dict:
        return initial_state(config.variant, len(config.seats))

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng)

    def decide(self, state, seat, action, rng):
        return actions.decide(self, state, seat, action, rng)

    evolve = staticmethod(_evolve)               # (state, event) -> state: the hottest call, kept direct

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


GAME = Shisoroku()
