"""東方独占録 (seed 002: the 東方独占録 rulebook) as a decider, for 2-4 players.

Variants: ``standard`` (one shared deck of every character and spell card) and ``constructed``
(追加ルール デッキ構築: each player's own 40-card deck and graveyard).

Modules, in the order the rulebook reads: cards and board (data: cards.json, board.json), setup
(ゲームの準備), flow (ゲームの進行, 勝利条件), moves (移動の方法), money (破産), battle (戦闘の流れ,
その他), effects (スペルカード, EVENT), actions (decide), evolve, views (hidden information), legal.
RULES.md holds the designed board, tables and cards; README.md the action vocabulary.
"""
from engine.core import Facts, GameBase, Variant
from engine.core.choices import listed
from engine.core.i18n import Catalog, N_
from engine.games.dokusenroku import actions, choices as choice_steps, legal, secrets as secrets_rules, setup as setup_rules, views
from engine.games.dokusenroku.board import describe_board
from engine.games.dokusenroku.card_text import text as card_text
from engine.games.dokusenroku.cards import CARDSET_VERSION, card_list, card_of, preset_list
from engine.games.dokusenroku.determinize import determinize
from engine.games.dokusenroku.evaluate import evaluate, evaluate_seats
from engine.games.dokusenroku.evolve import evolve
from engine.games.dokusenroku.narration import LINES
from engine.games.dokusenroku.rulebook import RULES
from engine.games.dokusenroku.rulings import RULINGS, choice_in, event_rulings
from engine.games.dokusenroku.state import initial_state

_ = Catalog.of("dokusenroku").gettext

WAITS = {"main": N_("draw, cast, invest or roll"), "land": N_("placing a character on the land stopped on"),
         "own": N_("placing a character on an own land"), "other": N_("paying the toll or invading"),
         "event": N_("the EVENT square"), "choose": N_("a choice a spell asks"),
         "defend": N_("the defender's support in a battle"), "invader_support": N_("the invader's support"),
         "sell": N_("selling lands to pay a toll"), "refill": N_("bankruptcy: refilling"),
         "discard": N_("discarding down to the hand limit")}


class Dokusenroku(GameBase):
    facts = Facts(
        id="dokusenroku",
        title=N_("東方独占録 (Touhou Dokusenroku)"),
        catalog="dokusenroku",
        seed_section="002",
        cardset_version=CARDSET_VERSION,
        variants={
            "standard": Variant("standard", N_("通常ルール / Standard (one shared deck)"), 2, 4),
            "constructed": Variant("constructed", N_("追加ルール デッキ構築 / Constructed (own 40-card decks)"), 2, 4),
        },
        action_fields=actions.ACTION_FIELDS,
        capabilities=frozenset({"secrets", "determinize", "evaluate", "evaluate_seats", "cards_named", "narrate",
                                "passing", "situation"}),
    )
    rules = RULES
    rulings = RULINGS                       # readings of what the seed leaves open (rulings.json)
    evolve = staticmethod(evolve)
    redact = staticmethod(views.redact)
    secrets = staticmethod(secrets_rules.secrets)    # who may know which card (secrets.py)
    determinize = staticmethod(determinize)
    evaluate = staticmethod(evaluate)       # bots' position value for a seat (evaluate.py)
    evaluate_seats = staticmethod(evaluate_seats)   # every seat's, at once (ISMCTS leaves)
    narrate = LINES                         # the log in sentences (narration.py)

    def describe_more(self) -> dict:
        return {"options": {"removed": "cards removed unseen from each deck after shuffling (デッキの枚数調整); "
                                       "default 0 (standard), 0/5/10 for 2/3/4 players (constructed; 0 under "
                                       "the ruling removal-default: agreed)",
                            "end": "deck-out (default: the game ends the moment a deck runs out) or empty-draw "
                                   "(it ends when a draw finds the deck empty; README 'The end of the game')",
                            "decks": "constructed: one entry per seat, a preset id or a list of 40 card ids "
                                     "(≤ 3 of each); omitted: the presets in order"},
                "cards": [{**c, "text": card_text(c)} for c in card_list()], "presets": preset_list(),
                **describe_board()}

    def validate(self, config) -> None:
        self.check_seats(config)
        seats = len(config.seats)
        setup_rules.validate_options(config.variant, seats, config.options, config.rulings)
        if config.position is not None:
            setup_rules.validate_position(config.variant, seats, config.position,
                                          setup_rules.removal(config.variant, seats, config.options, config.rulings),
                                          choice_in(config.rulings, "charisma-in-deck") == "in-deck")

    def initial_state(self, config) -> dict:
        seats = len(config.seats)
        return initial_state(config.variant, seats,
                             setup_rules.removal(config.variant, seats, config.options, config.rulings))

    def rulings_of(self, state, event) -> list:
        names = super().rulings_of(state, event) + event_rulings(state, event)
        if state is not None and "removed" in state.get("match", {}).get("options", {}):   # the number was named
            names = [n for n in names if n != "removal-default"]
        return names

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng)

    def decide(self, state, seat, action, rng):
        return actions.decide(self, state, seat, action, rng)

    def to_act(self, state) -> list:
        step = state["step"]
        if state["phase"] != "play" or step is None:
            return []
        if step == "defend":
            return [state["battle"]["defender"]]
        return [state["active"]]

    def legal_actions(self, state, seat) -> list:
        return legal.legal_actions(state, seat, self.to_act(state))

    def choices(self, state, seat, partial):
        """The choice protocol: every copy in hand offered, discards one pick at a time (choices.py)."""
        return choice_steps.choices(state, seat, partial, listed(self.legal_actions, state, seat))

    def passing(self, state, seat) -> dict | None:
        """The pass ``seat`` may make now (seat settings, engine/core/seat_settings.py): declining a
        decision (seed 002, the turn order). None of them answers another seat's move here (respond None)."""
        return {"action": {"type": "pass"}, "respond": None} if {"type": "pass"} in self.legal_actions(state, seat) \
            else None

    def situation(self, state, reader) -> str:
        """What the game waits on, told from public state only (002: the turn Ⅰ-Ⅴ, the squares)."""
        step = state["step"]
        what = _(WAITS[step]) if step in WAITS else str(step)
        active = state.get("active")
        if isinstance(active, int):
            return _("%(who)s's turn: %(what)s", who=reader.who(active), what=what)
        return _("The turn: %(what)s", what=what)

    def view(self, state, seat) -> dict:
        return views.view(state, seat, self.to_act(state))

    def cards_named(self, state, action) -> set:
        """The cards behind the instance ids an action names (simulations' per-card statistics)."""
        named = [action.get("card"), action.get("support"), *action.get("cards", ())]
        return {card_of(i) for i in named if isinstance(i, str)}


GAME = Dokusenroku()
