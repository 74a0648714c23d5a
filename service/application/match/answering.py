"""The answer to a seat's action (issue 37): what the seat needs for its next move, built from what
the commit returned, so a client makes one request per move.

Beside the short answer (``version``, ``events``), the full answer carries, at the new version and
as that seat may see it:

- ``to_act`` and ``outcome``, as ``GET /matches/{id}`` gives them;
- ``view``: the seat's view, as the ``view`` of ``GET /matches/{id}``;
- ``events``: the events since the action's ``expected_version`` (this commit's), redacted for the
  seat and narrated as ``GET /matches/{id}/events`` gives them (``text``, ``move``);
- ``legal``: exactly what ``GET legal-actions`` answers that seat (``version``, ``actions``,
  ``partial``, ``step``).

When the action is followed by automatic steps (a pass a seat's settings make for it:
match/automatic.py), the answer is at the version after them, its ``events`` theirs too: the
commits that follow the action's one directly (each made at the version the one before ended), as
the action's ``Committed`` holds them (``through_followed``). The short answer (``?answer=short``)
stays the action's own commit, as it was stored with it.

A fresh commit's answer is made from its ``Committed`` (the state before and after, the records, the
meta as it stands): no second load and no Redis round trip. A command answered before (the same
``command_id`` again) is answered the same, rebuilt from the stored short answer: the automatic
steps that followed it found in the log (``automatic.made_after``), the state at the version they
end and the records since the version it was made at, read back (a retry may cost reads; it is
rare and must not change the answer).
"""
from engine.core import Game, match_outcome, seats_to_act
from service.application.match.automatic import made_after
from service.application.match.committing import Committed
from service.application.match.loading import match_game, redact
from service.application.match.narrated import Narrator
from service.application.match.queries import legal_at
from service.application.table.seats import seat_names


def full_answer(store, done: Committed, seat: int, meta) -> dict:
    """The full answer to ``seat``'s action that committed ``done`` (or found it answered before);
    ``meta``: the match's meta as the request read it."""
    if done.repeated:
        return _rebuilt(store, done, seat, meta)
    last, records = done.through_followed()
    ended = bool(last.meta.get("ended"))
    names = seat_names(last.meta, last.state)
    narrator = Narrator(store, done.match_id, done.game, last.meta, seat, names=names, base=done.before)
    return _answer(done.game, last.state, seat, _told(narrator, done.game, records, seat, ended))


def _rebuilt(store, done: Committed, seat: int, meta) -> dict:
    short = done.answer
    after = short.get("after")
    if after is None:             # an answer stored before answers kept ``after``: its first event's
        after = min((e["version"] for e in short["events"]), default=short["version"] + 1) - 1
    version = made_after(store, done.match_id, short["version"])
    game = match_game(meta)
    state = store.load(game, done.match_id, version, shared=True)
    records = store.read(done.match_id, after, until=version)
    narrator = Narrator(store, done.match_id, game, meta, seat, names=seat_names(meta, state))
    ended = match_outcome(game, state) is not None
    return _answer(game, state, seat, _told(narrator, game, records, seat, ended))


def _answer(game: Game, state: dict, seat: int, events: list) -> dict:
    return {"version": state["version"], "events": events, "to_act": seats_to_act(game, state),
            "outcome": match_outcome(game, state), "view": game.view(state, seat),
            "legal": legal_at(game, state, seat)}


def _told(narrator: Narrator, game: Game, records, seat: int, with_hash: bool) -> list[dict]:
    """The records as the events route gives them to ``seat``: redacted, hidden ones left out, each
    told as a sentence with its move."""
    items = []
    for record in records:
        event = redact(game, record.event, seat)
        told = narrator.tell(record, None if event is None else record.item(event, with_hash))
        if told is not None:
            items.append(told)
    return items
