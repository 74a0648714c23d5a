"""Dimension Zero (seed 001, First Century rules) and 東方零次元 (seed 000) as a decider.

Modules, in the order the rulebooks read: cards (data), decks (presets and deck rules), state (zones
and the board), setup (デュエルの準備), flow (turn, priority, battle, rule effects), costs (コストの支払い),
plays (what may be declared), effects (the stack's resolution and the effect vocabulary), actions
(decide), evolve, secrets (who may know which card), views (hidden information), determinize, legal,
evaluate (the bots' heuristic).
"""
from engine.core import Facts, GameBase, Variant
from engine.core.i18n import N_
from engine.games.dimension_zero import actions, choices as choice_steps, legal, secrets as secrets_rules, setup as setup_rules, views
from engine.games.dimension_zero.card_text import text as card_text
from engine.games.dimension_zero.cards import CARDSET_VERSION, card_list
from engine.games.dimension_zero.determinize import determinize
from engine.games.dimension_zero.evaluate import evaluate
from engine.games.dimension_zero.decks import PRESETS, SIDEBOARDS
from engine.games.dimension_zero.evolve import evolve
from engine.games.dimension_zero.narration import LINES, situation_text
from engine.games.dimension_zero.rulebook import RULES
from engine.games.dimension_zero.rulings import RULINGS, event_rulings
from engine.games.dimension_zero.state import initial_state


class DimensionZero(GameBase):
    facts = Facts(
        id="dimension-zero",
        title=N_("ディメンション・ゼロ / 東方零次元"),
        catalog="dimension_zero",
        seed_section="001, 000",
        cardset_version=CARDSET_VERSION,
        variants={
            "first-century": Variant("first-century", N_("ディメンション・ゼロ First Century (40 cards, 7 smash)"), 2, 2),
            "touhou": Variant("touhou", N_("東方零次元 (40 cards, 7 smash, second-player mulligan)"), 2, 2),
            "touhou-instant": Variant("touhou-instant", N_("東方零次元 インスタント対戦 (25 singleton, 5 smash)"), 2, 2),
        },
        action_fields=actions.ACTION_FIELDS,
        capabilities=frozenset({"secrets", "determinize", "evaluate", "cards_named", "narrate", "passing",
                                "situation"}),
        unordered=choice_steps.UNORDERED,              # the deck after sideboarding (choices.py)
    )
    rules = RULES
    rulings = RULINGS                        # readings of what the seeds leave open (rulings.json)
    evolve = staticmethod(evolve)
    to_act = staticmethod(actions.to_act)
    legal_actions = staticmethod(legal.legal_actions)
    choices = staticmethod(choice_steps.choices)       # the choice protocol: heads, then picks (choices.py)
    view = staticmethod(views.view)
    redact = staticmethod(views.redact)
    secrets = staticmethod(secrets_rules.secrets)      # who may know which card (secrets.py)
    determinize = staticmethod(determinize)
    evaluate = staticmethod(evaluate)        # bots' position value for a seat (evaluate.py)
    narrate = LINES                          # the log in sentences (narration.py)
    # Card sets before kifu.3 offered 盟約 every square of the own area, the own units' too (previous.py).
    pact_onto_own_units = False

    def describe_more(self) -> dict:
        return {"cards": [{**c, "text": card_text(c)} for c in card_list()],
                "preset_decks": {v: {name: {"cards": deck, "sideboard": SIDEBOARDS[v][i], "provenance": "designed"}
                                     for i, (name, deck) in enumerate(decks.items())}
                                 for v, decks in PRESETS.items()}}

    def validate(self, config) -> None:
        self.check_seats(config)
        setup_rules.validate_options(config.variant, config.options)
        if config.position is not None:
            setup_rules.validate_position(config.variant, config.position)

    def initial_state(self, config) -> dict:
        return initial_state(config.variant, setup_rules.initial_series(config.variant, config.options))

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng)

    def decide(self, state, seat, action, rng):
        return actions.decide(self, state, seat, action, rng)

    def rulings_of(self, state, event) -> list:
        return super().rulings_of(state, event) + event_rulings(state, event)

    def passing(self, state, seat) -> dict | None:
        """The pass ``seat`` may make now (seat settings, engine/core/seat_settings.py): a priority pass
        (seed 001 ch.3 §4(1), "priority"), or skipping the energy or smash phase. It has something to answer
        (``respond``) when an ability waits on the stack or a battle is on and any other move is legal;
        priority in its own turn with nothing on the stack is its own decision (None)."""
        legal_now = self.legal_actions(state, seat)
        if {"type": "pass"} not in legal_now:
            return None
        if actions.situation(state) != "priority" or (state["active"] == seat and not state["stack"]
                                                       and not state["battles"]):
            return {"action": {"type": "pass"}, "respond": None}
        waiting = bool(state["stack"] or state["battles"])
        return {"action": {"type": "pass"}, "respond": waiting and len(legal_now) > 1}

    def situation(self, state, reader) -> str:
        """What the duel waits on, told from public state only (001 ch.2 §3: the phases of a turn; ch.3 §4:
        priority), in the caller's language."""
        return situation_text(state, reader)

    def cards_named(self, state, action) -> set:
        """The card keys behind the instance ids an action names (simulations' per-card statistics)."""
        named = [action.get("card"), action.get("unit"), *action.get("targets", ())]
        return {state["cards"][i] for i in named if isinstance(i, str) and i in state["cards"]}


GAME = DimensionZero()
