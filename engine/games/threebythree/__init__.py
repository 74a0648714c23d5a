"""3x3Wars (seed 003: 3x3Wars マニュアル ver.1.2) as a decider: Overlord (初級), Apprentice (中級),
Wizard (上級) and Seven Mage (セブンメイジ戦).

Modules, in the order the manual reads: cards (data), levels, setup and setup_choices (ゲーム準備),
flow (ゲームの流れ), spells (呪文フェイズ), magic (魔法), grand (大魔術), actions (decide), evolve,
views (hidden information), legal.
"""
from engine.core import Facts, GameBase, Variant
from engine.core.choices import listed
from engine.core.i18n import N_
from engine.games.threebythree import actions, choices as choice_steps, legal, setup as setup_rules, views
from engine.games.threebythree.determinize import determinize
from engine.games.threebythree.evaluate import evaluate
from engine.games.threebythree.card_text import text as card_text
from engine.games.threebythree.cards import CARDSET_VERSION, card_list
from engine.games.threebythree.evolve import evolve
from engine.games.threebythree.levels import LEVELS
from engine.games.threebythree.narration import LINES
from engine.games.threebythree.rulebook import RULES, statement
from engine.games.threebythree.ruling_events import event_rulings
from engine.games.threebythree.rulings import RULINGS
from engine.games.threebythree.secrets import secrets
from engine.games.threebythree.situation import situation
from engine.games.threebythree.state import initial_state


class ThreeByThree(GameBase):
    facts = Facts(
        id="threebythree",
        title=N_("3x3Wars (サイザンウォーズ)"),
        catalog="threebythree",
        seed_section="003",
        cardset_version=CARDSET_VERSION,
        variants={lv.id: Variant(lv.id, lv.title, 2, 2) for lv in LEVELS.values()},
        action_fields=actions.FIELDS,
        capabilities=frozenset({"secrets", "determinize", "evaluate", "narrate", "passing", "situation"}),
    )
    rules = RULES
    rulings = RULINGS                       # readings of what the seed leaves open (rulings.json)
    evolve = staticmethod(evolve)
    view = staticmethod(views.view)
    redact = staticmethod(views.redact)
    determinize = staticmethod(determinize)
    secrets = staticmethod(secrets)         # who may know which card (secrets.py)
    evaluate = staticmethod(evaluate)       # bots' position value for a seat (evaluate.py)
    narrate = LINES                         # the log in sentences (narration.py)
    # Card set kifu.1 opened an enhancement's counter window only for a seat holding as many hand
    # cards as the spell uses, so ★不許火 went unasked with fewer (previous.py keeps that decider).
    negation_needs_hand = False

    def describe_more(self) -> dict:
        return {"cards": [{**c, "text": card_text(c)} for c in card_list()]}

    def describe(self) -> dict:
        """As every game describes itself, the rules' statements in the caller's language (rulebook.py)."""
        described = super().describe()
        for rule_id, told in described["rules"].items():
            told["statement"] = statement(rule_id)
        return described

    def rulings_of(self, state, event) -> list:
        return super().rulings_of(state, event) + event_rulings(state, event)

    def validate(self, config) -> None:
        self.check_seats(config)
        setup_rules.validate_options(config.options)
        if config.position is not None:
            setup_rules.validate_position(config.position, config.variant)

    def initial_state(self, config) -> dict:
        return initial_state(config.variant)

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng)

    def decide(self, state, seat, action, rng):
        return actions.decide(self, state, seat, action, rng)

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

    def passing(self, state, seat) -> dict | None:
        """The pass ``seat`` may make now (seat settings, engine/core/seat_settings.py). In a counter window
        (seed 003 2.3) or answering the opponent's magic or enhancement (★不許火) it has something to
        answer (``respond``) when any other move is legal; a step of its own turn is its own decision (None)."""
        legal_now = self.legal_actions(state, seat)
        if {"type": "pass"} not in legal_now:
            return None
        if state["phase"] == "setup" or state["step"] not in ("counter", "respond"):
            return {"action": {"type": "pass"}, "respond": None}
        return {"action": {"type": "pass"}, "respond": len(legal_now) > 1}

    def situation(self, state, reader) -> str:
        """What the match waits on, told from public state only (situation.py)."""
        return situation(state, reader)

    def choices(self, state, seat, partial):
        """The choice protocol: setup picks, spells target by target, counters and redeploys card by card."""
        return choice_steps.choices(state, seat, partial, listed(self.legal_actions, state, seat))


GAME = ThreeByThree()
