"""東方祀爭録 (seed 004: 基本的なルール), a Touhou re-theme of Dominion, as a decider. 2-4 players.

Modules, in the order the rules page reads: cards (data), setup (ゲームの準備 / 初期デッキ), turn
(ゲームの進行とフェイズ, ゲームの終了条件), actions (decide: the action and buy phases), moves (buy /
gain / trash order, reactions), effects (カードの指示: the effect vocabulary) and complex_cards,
run (the interpreter: pending decisions instead of blocking), decisions, legal, evolve, views
(公開情報と非公開情報).
"""
from engine.core import Facts, GameBase, Variant
from engine.core.choices import listed
from engine.core.i18n import N_
from engine.games.shisoroku import actions, big_money, choices as choice_steps, compact, legal, setup as setup_rules, views
# Imported for what they register: the effect handlers (effects, complex_cards) and the turn's frames.
from engine.games.shisoroku import complex_cards, effects, turn, vocabulary  # noqa: F401
from engine.games.shisoroku.card_text import text as card_text
from engine.games.shisoroku.cards import CARDSET_VERSION, KINGDOM, START_DECKS, card_list
from engine.games.shisoroku.determinize import determinize
from engine.games.shisoroku.evaluate import evaluate, evaluate_seats
from engine.games.shisoroku.evolve import evolve
from engine.games.shisoroku.narration import LINES, situation
from engine.games.shisoroku.rulebook import RULES
from engine.games.shisoroku.secrets import secrets
from engine.games.shisoroku.state import initial_state

vocabulary.check_vocabulary()          # every effect cards.json names has its handler, or the import fails


class Shisoroku(GameBase):
    facts = Facts(
        id="shisoroku",
        title=N_("東方祀爭録 (Touhou Shisoroku, a Dominion-style deckbuilder)"),
        catalog="shisoroku",
        seed_section="004",
        cardset_version=CARDSET_VERSION,
        variants={"standard": Variant("standard", N_("基本的なルール / Standard"), 2, 4)},
        action_fields=actions.FIELDS,
        capabilities=frozenset({"secrets", "determinize", "evaluate", "evaluate_seats", "narrate", "compact_step",
                                "situation"}),
        bots={big_money.NAME: big_money},       # the game's own bots, beside the generic ones
    )
    rules = RULES
    evolve = staticmethod(evolve)                # (state, event) -> state: the hottest call, kept direct
    to_act = staticmethod(actions.to_act)
    legal_actions = staticmethod(legal.legal_actions)

    def choices(self, state, seat, partial):
        """The choice protocol: card subsets and modes one pick at a time (choices.py)."""
        return choice_steps.choices(state, seat, partial, listed(self.legal_actions, state, seat))
    view = staticmethod(views.view)
    redact = staticmethod(views.redact)
    determinize = staticmethod(determinize)
    secrets = staticmethod(secrets)              # who may know which card (secrets.py, l.191-204)
    evaluate = staticmethod(evaluate)            # bots' position value for a seat (evaluate.py)
    evaluate_seats = staticmethod(evaluate_seats)  # every seat's, at once (ISMCTS leaves)
    narrate = LINES                              # the log in sentences (narration.py)

    def describe_more(self) -> dict:
        return {"options": {"kingdom": {"pool": list(KINGDOM), "count": 10, "default": "random"},
                            "start_deck": {"choices": sorted(START_DECKS), "default": "hakurei"},
                            "goshinsatsu": {"default": False}, "amaneki": {"default": False},
                            "first": {"default": "by lot"}},
                "cards": [{**c, "text": card_text(c)} for c in card_list()]}

    def validate(self, config) -> None:
        self.check_seats(config)
        setup_rules.validate_options(config.options, len(config.seats))
        if config.position is not None:
            setup_rules.validate_position(config.position, len(config.seats))

    def initial_state(self, config) -> dict:
        return initial_state(config.variant, len(config.seats))

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng)

    def decide(self, state, seat, action, rng):
        return actions.decide(self, state, seat, action, rng)

    def situation(self, state, reader) -> str:
        """What the game waits on, told from public state only (004: the action and buy phases, and the
        questions a card asks, whose fields are public: decisions.py)."""
        return situation(state, reader)

    def compact_step(self, state, seat, action, rng):
        """The state after the action without its events: the commonest moves directly (compact.py)."""
        return compact.compact_step(self, state, seat, action, rng)


GAME = Shisoroku()
