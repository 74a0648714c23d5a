"""The table's own moves, beside the game's: resign, offer / accept / decline / withdraw a draw, say
a line of table talk, agree to a rematch refereed live, record a rematch. ``decide_table(game, state,
seat, move)`` is their decide: pure, without rng, every check here (an ``IllegalAction`` citing its platform rule,
engine/audit/platform_rules.py), so an audit re-decides a stored table command
``{"seat", "table": move}`` as it re-decides a game action. Their events (engine/core/table.py) are
folded into ``state["match"]`` and never reach the game.

Moves (JSON objects, ``type`` and exactly the fields listed):
  {"type": "resign"}                      the match ends; the other seats win
  {"type": "offer_draw"}                  an open offer, while no other is open; every other seat
                                          must be played by a person (a bot cannot agree)
  {"type": "accept_draw"}                 by each other seat; the last acceptance ends it drawn
  {"type": "decline_draw"}                by any other seat; the offer is closed
  {"type": "withdraw_draw"}               by the offerer (the service sends it after their move)
  {"type": "say", "text": "..."}          a line of table talk, 1..CHAT_MAX characters, also after the end
  {"type": "settings", "settings": {...}} the seat's settings (engine/core/seat_settings.py) while the
                                          match runs: any of pass, pay, single, confirm
  {"type": "consent_rematch"}             after the end: the seat agrees to a rematch refereed live
                                          (the same auditor sees every hand while it is played); once
                                          per seat; a bot is not asked (the service asks it only after
                                          a match refereed live: the state does not say which was)
  {"type": "rematch", "match": "<id>"}    after the end: the match that plays it again; with
    "audit_live": true                    it is refereed live, and every seat a person plays (not a
                                          bot; a stand-in's seat is a person's) must have consented
"""

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import Game
from engine.core.match import clone, fold
from engine.core.table import controller, match_outcome
from engine.core import seat_settings
from engine.core.i18n import Catalog

_, ngettext = Catalog.of("core").functions()

RESIGN_RULE, DRAW_RULE, TALK_RULE, REMATCH_RULE = "kifu/resign", "kifu/draw", "kifu/talk", "kifu/rematch"
CHAT_MAX = 500
MOVES = {"resign": {"type"}, "offer_draw": {"type"}, "accept_draw": {"type"}, "decline_draw": {"type"},
         "withdraw_draw": {"type"}, "say": {"type", "text"}, "settings": {"type", "settings"},
         "consent_rematch": {"type"},
         "rematch": {"type", "match"}}
OPTIONAL = {"rematch": {"audit_live"}}
AFTER_THE_END = frozenset({"say", "consent_rematch", "rematch"})


def decide_table(game: Game, state: dict, seat: int, move: dict) -> list[Event]:
    """The events of ``seat``'s table ``move`` at ``state``, or IllegalAction naming the rule."""
    kind = _check_shape(move)
    match = state["match"]
    if not isinstance(seat, int) or not 0 <= seat < len(match["seats"]):
        raise IllegalAction(TABLE_RULE_OF[kind], _("no seat %(seat)s at this table", seat=repr(seat)))
    over = match_outcome(game, state) is not None
    if over and kind not in AFTER_THE_END:
        raise IllegalAction(TABLE_RULE_OF[kind], _("the match is over"))
    return DECIDE[kind](game, state, seat, move, over)


def _check_shape(move) -> str:
    if not isinstance(move, dict) or move.get("type") not in MOVES:
        raise IllegalAction("kifu/table", _("a table move is one of %(moves)s", moves=", ".join(MOVES)))
    extra = sorted(set(move) - MOVES[move["type"]] - OPTIONAL.get(move["type"], set()))
    missing = sorted(MOVES[move["type"]] - set(move))
    if extra or missing:
        optional = sorted(OPTIONAL.get(move["type"], ()))
        said = {"move": repr(move["type"]), "fields": ", ".join(sorted(MOVES[move["type"]])),
                "optional": ", ".join(optional)}
        raise IllegalAction(TABLE_RULE_OF[move["type"]],
                            _("a %(move)s table move has the fields %(fields)s (and may have %(optional)s)", **said)
                            if optional else _("a %(move)s table move has the fields %(fields)s", **said))
    return move["type"]


def _resign(game: Game, state, seat, move, over):
    return [Event("SeatResigned", {"seat": seat}, seat, RESIGN_RULE)]


def _offer(game: Game, state, seat, move, over):
    match = state["match"]
    if match.get("draw_offer"):
        raise IllegalAction(DRAW_RULE, _("seat %(seat)s's draw offer is still open", seat=match["draw_offer"]["seat"]))
    others = [s for s in range(len(match["seats"])) if s != seat]
    if not others:
        raise IllegalAction(DRAW_RULE, _("nobody at the table to agree to a draw"))
    bots = [s for s in others if controller(state, s)["by"] != "human"]
    if bots:
        raise IllegalAction(DRAW_RULE, _("a bot plays seat %(seat)s, and a bot does not agree to draws", seat=bots[0]))
    return [Event("DrawOffered", {"seat": seat}, seat, DRAW_RULE)]


def _open_offer(state, seat, own: bool) -> dict:
    offer = state["match"].get("draw_offer")
    if offer is None:
        raise IllegalAction(DRAW_RULE, _("no draw offer is open"))
    if own and offer["seat"] != seat:
        raise IllegalAction(DRAW_RULE, _("the open draw offer is seat %(seat)s's, not yours", seat=offer["seat"]))
    if not own and offer["seat"] == seat:
        raise IllegalAction(DRAW_RULE, _("that is your own draw offer"))
    return offer


def _accept(game: Game, state, seat, move, over):
    offer = _open_offer(state, seat, own=False)
    if seat in offer["accepted"]:
        raise IllegalAction(DRAW_RULE, _("you have already accepted this draw offer"))
    events = [Event("DrawAccepted", {"seat": seat, "offer": offer["version"]}, seat, DRAW_RULE,
                    cause=offer["version"])]
    everyone = set(range(len(state["match"]["seats"])))
    if {offer["seat"], seat, *offer["accepted"]} == everyone:
        events.append(Event("DrawAgreed", {"offer": offer["version"], "seats": sorted(everyone)}, None, DRAW_RULE,
                            cause=state["version"] + 1))
    return events


def _decline(game: Game, state, seat, move, over):
    offer = _open_offer(state, seat, own=False)
    return [Event("DrawDeclined", {"seat": seat, "offer": offer["version"]}, seat, DRAW_RULE, cause=offer["version"])]


def _withdraw(game: Game, state, seat, move, over):
    offer = _open_offer(state, seat, own=True)
    return [Event("DrawWithdrawn", {"seat": seat, "offer": offer["version"]}, seat, DRAW_RULE,
                  cause=offer["version"])]


# What a line of table talk may not hold, as fixed code point ranges rather than categories of the
# Unicode database, which grows with each Python release: a stored line re-decided on any machine
# gets the answer it got when it was said. C0 and C1 controls, soft hyphen, the format and bidi
# controls, line and paragraph separators, surrogates, private use, interlinear annotations, tags.
NOT_TALK = ((0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x061C, 0x061C), (0x180E, 0x180E),
            (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x206F), (0xD800, 0xF8FF), (0xFEFF, 0xFEFF),
            (0xFFF9, 0xFFFB), (0xE0000, 0xE007F), (0xF0000, 0x10FFFF))


def _not_talk(c: str) -> bool:
    code = ord(c)
    return any(low <= code <= high for low, high in NOT_TALK)


def _say(game: Game, state, seat, move, over):
    text = move["text"]
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(TALK_RULE, _("a line of table talk is some text"))
    if len(text) > CHAT_MAX:
        raise IllegalAction(TALK_RULE, _("a line of table talk is at most %(most)s characters, not %(length)s",
                                         most=CHAT_MAX, length=len(text)))
    if text != text.strip() or any(_not_talk(c) for c in text):
        raise IllegalAction(TALK_RULE, _("a line of table talk has no control characters, nor space at either end"))
    return [Event("ChatSaid", {"seat": seat, "text": text}, seat, TALK_RULE)]


def _settings(game: Game, state, seat, move, over):
    settings = seat_settings.changed(state, seat, move["settings"])
    return [Event("SeatSettingsChanged", {"seat": seat, "settings": settings}, seat, seat_settings.RULE)]


def _no_rematch_yet(state, over) -> None:
    if not over:
        raise IllegalAction(REMATCH_RULE, _("a rematch is started once the match is over"))
    if state["match"].get("rematch"):
        raise IllegalAction(REMATCH_RULE, _("this match is played again as match %(match)s",
                                            match=state["match"]["rematch"]))


def people(state) -> list[int]:
    """The seats a person plays: every seat but a bot's own (a stand-in bot plays a person's seat)."""
    return [s for s in range(len(state["match"]["seats"]))
            if controller(state, s)["by"] == "human" or controller(state, s)["stand_in"]]


def _consent_rematch(game: Game, state, seat, move, over):
    _no_rematch_yet(state, over)
    if seat not in people(state):
        raise IllegalAction(REMATCH_RULE, _("a bot plays seat %(seat)s; a bot is not asked", seat=seat))
    if seat in state["match"].get("rematch_consents", []):
        raise IllegalAction(REMATCH_RULE, _("seat %(seat)s has already agreed to a rematch refereed live", seat=seat))
    return [Event("RematchConsented", {"seat": seat, "audit_live": True}, seat, REMATCH_RULE)]


def _rematch(game: Game, state, seat, move, over):
    _no_rematch_yet(state, over)
    if not isinstance(move["match"], str) or not 0 < len(move["match"]) <= 64:
        raise IllegalAction(REMATCH_RULE, _("a rematch names its match id"))
    if "audit_live" not in move:
        return [Event("RematchStarted", {"match": move["match"], "by": seat}, seat, REMATCH_RULE)]
    if move["audit_live"] is not True:
        raise IllegalAction(REMATCH_RULE, _("a rematch's audit_live is true, or left out (not refereed live)"))
    asked = [s for s in people(state) if s not in state["match"].get("rematch_consents", [])]
    if asked:
        raise IllegalAction(REMATCH_RULE, _("a rematch refereed live needs every seat a person plays to agree; "
                                            "seat %(seat)s has not", seat=asked[0]))
    return [Event("RematchStarted", {"match": move["match"], "by": seat, "audit_live": True}, seat, REMATCH_RULE)]


DECIDE = {"resign": _resign, "offer_draw": _offer, "accept_draw": _accept, "decline_draw": _decline,
          "withdraw_draw": _withdraw, "say": _say, "settings": _settings, "consent_rematch": _consent_rematch,
          "rematch": _rematch}
TABLE_RULE_OF = {"resign": RESIGN_RULE, "offer_draw": DRAW_RULE, "accept_draw": DRAW_RULE, "decline_draw": DRAW_RULE,
                 "withdraw_draw": DRAW_RULE, "say": TALK_RULE, "settings": seat_settings.RULE,
                 "consent_rematch": REMATCH_RULE,
                 "rematch": REMATCH_RULE}


def after_action(game: Game, state: dict, seat: int, events: list) -> list:
    """The table batches ``seat``'s game action (its ``events``, decided at ``state``) brings with
    it: the withdrawal of the seat's own open draw offer (an offer stands until the offerer's next
    move), as ``[(command, events)]`` to append after the action's batch; [] when there is none or
    the action ended the match."""
    offer = state["match"].get("draw_offer")
    if not offer or offer["seat"] != seat:
        return []
    after = fold(game, events, clone(state))
    if match_outcome(game, after) is not None:
        return []
    follow = {"type": "withdraw_draw"}
    return [({"seat": seat, "table": follow}, decide_table(game, after, seat, follow))]
