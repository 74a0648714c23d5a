"""The table's own moves (engine/core/table_moves.py) as a seat makes them: resign, offer / accept /
decline a draw, a line of table talk, and the withdrawal of a draw offer its offerer's next move
brings with it. Each is appended through ``committing.commit`` as a batch whose command is
``{"seat", "table": move}``, so an audit re-decides it; a resignation or an agreed draw ends the
match and reveals its seed in the same batch, as every ending does.

Not tied to a version (a table move does not depend on the position): when someone appended
first it is decided again at the new version. An optional ``command_id`` makes a resent request
answer once. Table talk is rate-limited per seat (``TALK_BURST`` lines in ``TALK_WINDOW`` seconds,
``TALK_MAX`` in a match), counted in the meta's ``talk:<seat>`` written by the same append.
"""
import json

from engine.core import IllegalAction
from engine.core.table_moves import decide_table
from service.application import clock
from service.application.match.committing import Committed, commit, repeated
from service.application.errors import Conflict, Illegal, Throttled
from service.application.match.loading import open_match
from service.application.table.seats import display_name
from service.i18n import _

RETRIES = 8
TALK_BURST, TALK_WINDOW, TALK_MAX = 5, 30, 1000


def move(store, match_id: str, seat: int, table_move: dict, command_id: str | None = None) -> Committed:
    """Append ``seat``'s table move: what it committed (its ``answer`` as the seat sees it)."""
    command_key = f"{seat}:{command_id}" if command_id else ""
    if command_key:
        known = store.stored_answer(match_id, command_key)
        if known is not None:
            return repeated(match_id, json.loads(known))
    for _attempt in range(RETRIES):
        m = open_match(store, match_id)
        if m.meta.get("continued_in"):
            raise Illegal("match_continued", _("after a dispute this match continues as match %(continued_in)s; go on "
                                               "there",
                                               continued_in=m.meta['continued_in']), "kifu/dispute")
        meta = _talk_meta(m.meta, seat) if table_move.get("type") == "say" else None
        try:
            events = decide_table(m.game, m.state, seat, table_move)
        except IllegalAction as e:
            raise Illegal("illegal_table_move", e.message, e.rule) from None
        try:
            return commit(store, m, [({"seat": seat, "table": table_move}, events)], by="table",
                          command_key=command_key, command_id=command_id or "", seat=seat, meta=meta)
        except Conflict as e:
            if e.code != "stale_version":
                raise
    raise Conflict("busy", _("the match kept moving while recording this; try again"))


def _talk_meta(meta: dict, seat: int) -> dict:
    """The seat's new ``talk:<seat>`` count, or 429 when it has said too much too fast."""
    talk = json.loads(meta.get(f"talk:{seat}") or '{"n": 0, "recent": []}')
    now = clock.now().timestamp()
    recent = [t for t in talk["recent"] if now - t < TALK_WINDOW]
    if talk["n"] >= TALK_MAX:
        raise Throttled("talk_limit", _("seat %(seat)s has said %(talk_max)s lines in this match, the most a match "
                                        "keeps",
                                        seat=seat, talk_max=TALK_MAX), retry_after=None)
    if len(recent) >= TALK_BURST:
        wait = int(TALK_WINDOW - (now - min(recent))) + 1
        raise Throttled("talk_too_fast", _("at most %(talk_burst)s lines in %(talk_window)s s; say it again in "
                                           "%(wait)s s",
                                           talk_burst=TALK_BURST, talk_window=TALK_WINDOW, wait=wait),
                        retry_after=wait)
    return {f"talk:{seat}": json.dumps({"n": talk["n"] + 1, "recent": [*recent, now]})}


def talk(store, match_id: str, after: int = 0, limit: int = 100) -> dict:
    """The match's lines of table talk after version ``after``: ``{"lines": [{version, seat, name,
    text, at}], "next_after"}``. Table talk is public like the table (every seat, the auditor and
    spectators read it), so this reads the record as anyone may."""
    lines, cursor = [], after
    meta = store.meta(match_id) or {}
    while len(lines) < limit:
        page = store.read(match_id, cursor, count=500)
        if not page:
            break
        for record in page:
            cursor = record.version
            if record.event.type == "ChatSaid":
                d = record.event.data
                lines.append({"version": record.version, "seat": d["seat"], "name": display_name(meta, d["seat"]),
                              "text": d["text"], "at": record.at})
                if len(lines) >= limit:
                    break
    return {"match_id": match_id, "lines": lines, "next_after": cursor}

