"""What a 3x3Wars match waits on, as a sentence from public state only (the ``situation`` hook; the view's
``pending_text``): the step of the turn as ◇ゲームの流れ names it, a counter window on which spell (2.3 打消),
an answer to a magic (★不許火) or the choice an effect asks. Said in the caller's language."""
from engine.core.i18n import Catalog, N_
from engine.games.threebythree.narration import name

_, ngettext = Catalog.of("threebythree").functions()

STEPS = {"removal": N_("%(who)s's turn, the removal step (2.1)"),
         "enhance": N_("%(who)s's turn, the enhancement step (2.2)"),
         "territory": N_("%(who)s's turn, the territory step (4.1)"),
         "strategy": N_("%(who)s's turn, the strategy step (4.2)"),
         "end": N_("%(who)s's turn, the end of the turn (5.1)")}
DECISIONS = {"heal": N_("%(who)s chooses the card to heal by (★海癒)"),
             "dig": N_("%(who)s decides whether to draw (宝掘)"),
             "undying": N_("%(who)s decides whether destroyed units go back to the hand (不死)"),
             "discard": N_("%(who)s chooses the cards to discard")}


def situation(state, reader) -> str:
    if state["phase"] == "setup":
        return _("the setup: choosing hands, territories and magic")
    step = state["step"]
    if step == "counter":
        return _counter_window(state["pending"], reader)
    if step == "respond":
        r = state["respond"]
        return _("answering %(who)s's %(card)s (★不許火)", who=reader.who(r.get("seat", state["active"])),
                 card=name(r["card"])) if r.get("card") else \
            _("answering %(who)s's magic (★不許火)", who=reader.who(r.get("seat", state["active"])))
    if step == "decision":
        d = state["decision"]
        return _(DECISIONS.get(d.get("kind"), N_("%(who)s chooses what an effect asks")), who=reader.who(d["seat"]))
    who = reader.who(state["active"])
    return _(STEPS[step], who=who) if step in STEPS else _("%(who)s's turn", who=who)


def _counter_window(p, reader) -> str:
    """2.3: the spell the window is on (the last counter of its chain, if any), and whose it is."""
    spell = p["spells"][p["index"]]
    target = name(spell["target"])
    if spell["chain"]:
        return _("a counter window on %(who)s's counter against the spell on %(card)s (2.3)",
                 who=reader.who(spell["chain"][-1]["seat"]), card=target)
    if p["kind"] == "remove":
        return _("a counter window on %(who)s's removal of %(card)s (2.3)", who=reader.who(p["seat"]), card=target)
    return _("a counter window on %(who)s's enhancement of %(card)s (2.3)", who=reader.who(p["seat"]), card=target)
