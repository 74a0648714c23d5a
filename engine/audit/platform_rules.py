"""The rules of the platform itself (events no game emits), cited as ``kifu/<id>``, and the lookup of
any cited rule in its rules document (a game's ``describe()["rules"]``)."""
import weakref

from engine.core import Game
from engine.core.i18n import N_, Catalog, current
from engine.core.rulings import reference, rules_index

_, ngettext = Catalog.of("core").functions()

PLATFORM_RULES = {          # section, statement (translated where they are read: rule_text)
    "match": (N_("kifu: match lifecycle"),
              N_("A match opens with MatchCreated (configuration, seed commitment, pinned engine and card-set "
                 "versions) and, once it has an outcome, publishes its seed in SeedRevealed.")),
    "fork": (N_("kifu: forks"),
             N_("A fork is a new analysis match starting from another match's state at a version; hidden cards "
                "the forking seat could not see are re-dealt, the original is untouched.")),
    "dispute": (N_("kifu: disputes"),
                N_("A seat may flag an event; the match's auditor records a ruling; with both seats' consent an "
                   "overturned ruling is replayed from a fork before the disputed event.")),
    "table": (N_("kifu: the table"),
              N_("Who plays each seat (a person, a bot, a stand-in after a missed deadline), the per-move clock, "
                 "and a table move naming no known kind.")),
    "resign": (N_("kifu: resigning"),
               N_("A seat may resign while the match runs; the match ends and every other seat wins. The seed is "
                  "revealed with it, as at every ending.")),
    "draw": (N_("kifu: a draw by agreement"),
             N_("A seat may offer a draw while no other offer is open and every other seat is played by a person; "
                "each other seat accepts or declines; when all have accepted the match ends drawn. The offer is "
                "withdrawn by the offerer's next move.")),
    "talk": (N_("kifu: table talk"),
             N_("A seat may say a line at the table (1 to 500 characters, no control characters), during the "
                "match or after it; the service limits how often. The line is in the record, public like the "
                "table.")),
    "settings": (N_("kifu: seat settings"),
                 N_("A seat may record, while the match runs, which steps that are not decisions the table takes "
                    "for it: a pass when passing is its only legal move (only-choice), or also every pass where it "
                    "has nothing to answer (unless-respond); a default payment; a choice of one. A move so made is "
                    "the seat's own, appended like any, its command marked automatic with the setting that made "
                    "it. Settings never recorded: every step is asked.")),
    "rematch": (N_("kifu: rematch"),
                N_("Once a match is over a seat may start a rematch: a new match of the same game, variant, "
                   "options, seats, bots and clock, the first player moved on by one where the game chooses one; "
                   "each match names the other. The rematch of a match refereed live is refereed live (by the "
                   "same auditor) only when every seat a person plays has agreed to it first; otherwise it is "
                   "not.")),
}


def rule_text(game: Game, rule: str, event=None, state: dict | None = None) -> dict:
    """``{"id", "section", "statement"}`` for a cited rule (section and statement None if unknown),
    and ``rulings``: the game's rulings (engine/core/rulings.py) the rule's events depend on — or,
    given the ``event`` (and the ``state`` before it), those this event depends on — each with the
    match's choice when the state (so the match's ``rulings`` map) is given. No key when none."""
    prefix, _sep, rule_id = (rule or "").partition("/")
    if prefix == "kifu":
        known = PLATFORM_RULES.get(rule_id)
        section, statement = (_(known[0]), _(known[1])) if known else (None, None)
    else:
        entry = (_rules(game) or {}).get(rule_id) if prefix == game.id else None
        section, statement = (entry["section"], entry["statement"]) if entry else (None, None)
    out = {"id": rule, "section": section, "statement": statement}
    if prefix == game.id and game.rulings:
        names = game.rulings_of(state, event) if event is not None else rules_index(game.rulings).get(rule_id, [])
        chosen = None if state is None else state.get("match", {}).get("rulings", {})
        if names:
            out["rulings"] = [reference(game.rulings[n], chosen) for n in names]
    return out


_DESCRIBED = weakref.WeakKeyDictionary()       # game -> {language: its rules document} (describe() builds card lists)


def _rules(game: Game) -> dict:
    """The game's rules as describe() gives them in the current language (statements are translated)."""
    by_language = _DESCRIBED.setdefault(game, {})
    if current() not in by_language:
        by_language[current()] = game.describe().get("rules", {})
    return by_language[current()]
