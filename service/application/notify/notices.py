"""What a committed append is worth telling (issue 17), and telling it.

For each append (the ``Notices`` reaction around every commit and a new match's opening:
``expect``, then ``tell``) the match's seats that have someone to tell — bound to a player (meta
``player:<seat>``) or with subscriptions of their own (``notify:<seat>``) — are looked at; a match
with neither costs nothing more. For them:

- ``your_move``: a person's seat the match now waits for and did not before: a new *wait*, which
  begins at this append's version. The job id and each delivery id are made of that version, so a
  wait is told at most once, however many chat lines, offers or retries come while it lasts, and
  not at all when the job runs after the wait ended (the seat moved, a missed deadline's pass, the
  match continued after a dispute);
- ``deadline_near``: where a clock runs, a reminder scheduled at ``due - lead`` for each wait that
  begins here (``lead``: a fifth of the time to move, from a minute to a day), sent only if that
  wait (its ``waiting`` entry) is still the same then;
- ``match_ended``: the append that ends the match, to every seat;
- ``dispute``: a ``DisputeFiled`` or ``DisputeRuled``, to every seat but the one that filed it;
- ``chat``: a ``ChatSaid``, to every seat but the speaker's.

Each notice is one ``notify_match`` job (queue ``default``), which builds the message of each seat
(service.application.notify.messages: public facts only) for each of its subscriptions that wants that
event, and creates the deliveries (service.application.notify.delivery). Each job is recorded as a due job
(the Jobs port's ``at``) *before* the append, a couple of seconds on, and queued at once after it:
a process dying in between loses no notice, and an append that loses its race (409) leaves jobs
that find another record at their version and send nothing.
"""
import json
import logging
from datetime import timedelta

from engine.audit.rulesets import for_created
from engine.core import controller, match_outcome, seats_to_act
from service.application.match.reactions import Reaction
from service.application import clock
from service.application.notify import delivery, subscriptions
from service.application.turns.deadlines import due as deadline_due
from service.application.turns.deadlines import read_waiting
from service.application.turns.dispatch import GRACE_SECONDS     # a notice recorded before its append, as a bot move
from service.application.match.loading import open_match
from service.application.notify.messages import message
from service.application.notify.settings import public_url
from service.application.identity import preferences
from service.application.identity.player_keys import bound_seats
from service.application.table.seats import display_name, seat_count, seat_names
from service.application.notify.subscriptions import Owner

log = logging.getLogger(__name__)
LEAD_SHARE, LEAD_MIN, LEAD_MAX = 0.2, timedelta(minutes=1), timedelta(days=1)


def recipients(meta: dict) -> set[int]:
    """The seats someone is to be told about: bound to a player, or subscribed themselves (looked up
    seat by seat: fields the first read of a match's meta brings, loading.PER_SEAT)."""
    return {s for s in range(seat_count(meta)) if meta.get(f"player:{s}") or meta.get(f"notify:{s}")}




def expect(store, match_id: str, meta: dict, before: dict | None, after: dict, records: list) -> list:
    """Before the append of ``records`` (taking the match from ``before`` to ``after``; ``meta`` as
    it will stand): each notice it is worth, recorded as a due ``notify_match`` job a few seconds on,
    and the deadline reminders of the waits it begins. Returns the notices, for ``tell`` once the
    append is stored. A process dying in between loses nothing: the due jobs run anyway; an append
    that lost its race leaves jobs that find another record at their version and send nothing."""
    seats = recipients(meta)
    if not seats:
        return []
    match = after["match"]
    game = for_created(match)
    by_version = {r.version: r for r in records}
    notices = []
    for record in records:
        event = record.event
        if event.type == "ChatSaid":
            notices.append(("chat", record.version, seats - {event.data["seat"]}))
        elif event.type in ("DisputeFiled", "DisputeRuled"):
            notices.append(("dispute", record.version, seats - {event.seat}))
    ended = match_outcome(game, after) is not None
    if ended and (before is None or match_outcome(game, before) is None):
        notices.append(("match_ended", after["version"], seats))
    elif not ended and not meta.get("continued_in"):
        waited = set(seats_to_act(game, before)) if before is not None else set()
        new = {s for s in seats_to_act(game, after) if s in seats and s not in waited
               and controller(after, s)["by"] == "human"}
        notices.append(("your_move", after["version"], new))
        _schedule_reminders(store.jobs, match_id, match.get("clock"), read_waiting(meta), after["version"], seats)
    told = [(match_id, kind, version, sorted(to), by_version[version].hash) for kind, version, to in notices if to]
    for notice in told:
        _queue_notice(store.jobs, notice, clock.now() + timedelta(seconds=GRACE_SECONDS))
    return told


def tell(store, told: list) -> None:
    """After the append: the notices ``expect`` recorded, queued now (each once, whoever comes first)."""
    for notice in told:
        _queue_notice(store.jobs, notice, clock.now())


class Notices(Reaction):
    """What every commit is worth telling: recorded as due jobs before the append (``expect``), queued
    after it (``tell``). A notice must not stop play: a failure to record one is logged, unless the
    store does not answer (the append would fail as well)."""

    name = "notices"
    best_effort = True

    def before(self, store, commit):
        return expect(store, commit.match_id, commit.meta, commit.before, commit.state, commit.records)

    def after(self, store, commit, prepared) -> None:
        tell(store, prepared or [])


def _queue_notice(jobs, notice: tuple, at) -> None:
    """One ``notify_match`` due job, its id made of the notice and the hash of the record it tells of."""
    match_id, kind, version, to, record_hash = notice
    jobs.enqueue("default", "notify_match", match_id, kind, version, to, record_hash,
                 job_id=f"notify-{match_id}-{kind}-{version}-{record_hash[:16]}", at=at, keep=86400)


def _schedule_reminders(jobs, match_id: str, settings: dict | None, waiting: dict, version: int | None,
                        seats: set) -> None:
    """A ``remind_deadline`` job for each wait of ``seats`` that began at ``version`` (None: any)."""
    if not settings:
        return
    for seat, entry in waiting.items():
        if (version is not None and entry["version"] != version) or int(seat) not in seats:
            continue
        due = clock.parse(deadline_due(settings, entry))
        lead = min(max(timedelta(minutes=settings["minutes"] * LEAD_SHARE), LEAD_MIN), LEAD_MAX)
        job_id = f"remind-{match_id}-{seat}-{entry['version']}"
        if due - lead > clock.now() and not jobs.exists(job_id):
            jobs.enqueue("default", "remind_deadline", match_id, int(seat), entry["version"], clock.iso(due),
                         at=due - lead, job_id=job_id, keep=86400)


def catch_up(store, match_id: str, seats: set | None = None, player_id: str | None = None) -> None:
    """Someone to tell has just come to the table (a seat bound to a player, a new subscription of
    ``seats`` or of the player ``player_id``): the reminders of the waits already running, which the
    appends that began them did not schedule."""
    meta = store.meta(match_id)
    if meta is None or meta.get("ended") or meta.get("continued_in") or not meta.get("waiting"):
        return
    if player_id is not None:
        seats = {s for pid, s in bound_seats(meta).items() if pid == player_id}
    settings = open_match(store, match_id, meta=meta).state["match"].get("clock")
    _schedule_reminders(store.jobs, match_id, settings, read_waiting(meta), None,
                        recipients(meta) if seats is None else seats)


def facts(match_id: str, meta: dict) -> dict:
    """What every message says of the match: nothing any seat may not know."""
    return {"match_id": match_id, "game": meta["game"], "variant": meta["variant"], "seats": seat_names(meta)}


def notify(store, match_id: str, kind: str, version: int, seats: list, record_hash: str | None = None) -> dict:
    """The ``notify_match`` job: the deliveries of one notice (idempotent: their ids are fixed), if
    the record at ``version`` is the one it tells of (``record_hash``: an append that lost its race
    recorded notices of its own)."""
    meta = store.meta(match_id)
    if meta is None:
        return {"status": "no_match"}
    if record_hash is not None:
        stored = store.read(match_id, version - 1, version)
        if not stored or stored[0].hash != record_hash:
            return {"status": "not_appended"}
    if kind == "your_move":
        if meta.get("continued_in"):
            return {"status": "continued", "deliveries": 0}
        m = open_match(store, match_id, meta=meta)
        waiting = read_waiting(meta)
        clock_settings = m.state["match"].get("clock")
        details = {s: {"version": version, "due": deadline_due(clock_settings, waiting[str(s)])
                       if clock_settings and str(s) in waiting else None}
                   for s in seats if _still_waits(m, meta, waiting, s, version)}
    else:
        detail = _detail(store, match_id, meta, kind, version)
        details = {s: detail for s in seats}
    made = sum(_deliver_to(store, match_id, meta, s, kind, version, d) for s, d in details.items())
    return {"status": "notified", "deliveries": made}


def _still_waits(m, meta: dict, waiting: dict, seat: int, since: int) -> bool:
    """Whether the wait ``seat`` began at version ``since`` goes on: it is to act, has not moved
    since, and where a clock runs its wait is still that one (a missed deadline's pass ends it)."""
    if seat not in m.to_act() or m.outcome() is not None or int(meta.get(f"acted:{seat}", 0)) > since:
        return False
    return m.state["match"].get("clock") is None or waiting.get(str(seat), {}).get("version") == since


def remind(store, match_id: str, seat: int, since: int, due: str) -> dict:
    """The ``remind_deadline`` job: ``deadline_near`` if the seat still waits since ``since``."""
    meta = store.meta(match_id)
    if meta is None or meta.get("ended") or meta.get("continued_in"):
        return {"status": "over"}
    if read_waiting(meta).get(str(seat), {}).get("version") != since:
        return {"status": "moved"}
    made = _deliver_to(store, match_id, meta, seat, "deadline_near", since, {"version": since, "due": due})
    return {"status": "reminded", "deliveries": made}


def _detail(store, match_id: str, meta: dict, kind: str, version: int) -> dict:
    if kind == "match_ended":
        return {"version": version, "outcome": json.loads(meta["outcome"]) if meta.get("outcome") else None}
    event = store.read(match_id, version - 1, version)[0].event        # a public table record
    if kind == "chat":
        return {"version": version, "seat": event.data["seat"], "name": display_name(meta, event.data["seat"]),
                "text": event.data["text"]}
    d = event.data
    what = "a dispute was filed" if event.type == "DisputeFiled" else "the auditor ruled on a dispute"
    shown = {"dispute": d.get("dispute"), "disputed_version": d.get("version"), "reason": d.get("reason"),
             "decision": d.get("decision"), "note": d.get("note")}
    return {"version": version, "what": what, **{k: v for k, v in shown.items() if v is not None}}


def owners(meta: dict, match_id: str, seat: int) -> list[Owner]:
    """Whose subscriptions hear of ``seat``: its player's, and its own."""
    out = [Owner.player(pid) for pid, s in bound_seats(meta).items() if s == seat]
    if meta.get(f"notify:{seat}"):
        out.append(Owner.of_seat(match_id, seat))
    return out


def _deliver_to(store, match_id: str, meta: dict, seat: int, kind: str, version: int, detail: dict) -> int:
    made, at, base = 0, clock.iso(clock.now()), public_url()
    for owner in owners(meta, match_id, seat):
        preferred = preferences.language(store, owner.ident) if owner.kind == "player" else None
        for sub in subscriptions.of(store, owner):
            if kind not in sub["events"]:
                continue
            delivery_id = delivery.delivery_id(owner, sub["id"], match_id, kind, version, seat)
            msg = message(delivery_id, kind, at, facts(match_id, meta), seat, detail, base, sub["unsubscribe"],
                          preferred or sub.get("lang"))
            made += delivery.create(store, owner, sub, msg, match_id, seat, version)
    return made
