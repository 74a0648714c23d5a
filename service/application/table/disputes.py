"""Disputes: a seat flags an event, the auditor rules, and when the ruling overturns the event and
every seat consents the match continues from a fork before it. Each step is an event appended to the
match (visible to both seats and to spectators), so nothing is ever deleted; the dispute's current
state is also kept in the meta as ``dispute:<id>`` (JSON), written in the same atomic append.
"""
import json

from engine.core import Event, seed_revealed
from service.application.match import forks
from service.application.match.committing import commit
from service.application.match.reactions import Reaction
from service.application.errors import Conflict, NotFound
from service.application.match.loading import check_version, open_match
from service.application.table.seats import held_seats
from service.i18n import _

RULE = "kifu/dispute"
DECISIONS = ("stands", "overturned")
RETRIES = 8


def listing(meta: dict) -> list:
    found = [json.loads(v) for k, v in meta.items() if k.startswith("dispute:")]
    return sorted(found, key=lambda d: d["dispute"])


def file(store, match_id: str, seat: int, body: dict, meta: dict) -> dict:
    check_version(match_id, meta, body["version"])

    def make(meta, version):
        dispute = {"dispute": version + 1, "version": body["version"], "seat": seat, "reason": body["reason"],
                   "ruling": None, "consents": [], "continued_in": None}
        event = Event("DisputeFiled", {k: dispute[k] for k in ("dispute", "version", "seat", "reason")}, seat, RULE)
        return [event], dispute
    return _append(store, match_id, seat, "dispute", make)


def rule(store, match_id: str, dispute_id: int, body: dict) -> dict:
    def make(meta, version):
        dispute = _open(meta, dispute_id)
        if dispute["ruling"] is not None:
            raise Conflict("already_ruled", _("dispute %(dispute_id)s was ruled %(decision)s",
                                              dispute_id=dispute_id, decision=dispute['ruling']['decision']))
        dispute["ruling"] = {"decision": body["decision"], "note": body["note"], "version": version + 1}
        event = Event("DisputeRuled", {"dispute": dispute_id, "decision": body["decision"], "note": body["note"]},
                      None, RULE, cause=dispute_id)
        return [event], dispute
    return _append(store, match_id, None, "ruling", make)


def consent(store, match_id: str, dispute_id: int, seat: int) -> dict:
    seats = None

    def make(meta, version):
        nonlocal seats
        dispute = _open(meta, dispute_id)
        if (dispute["ruling"] or {}).get("decision") != "overturned":
            raise Conflict("not_overturned", _("dispute %(dispute_id)s can be replayed only once the auditor has "
                                               "ruled it overturned",
                                               dispute_id=dispute_id), RULE)
        if seat in dispute["consents"]:
            raise Conflict("already_consented", _("seat %(seat)s has already consented", seat=seat), RULE)
        dispute["consents"] = sorted(dispute["consents"] + [seat])
        seats = len(held_seats(meta))
        event = Event("DisputeConsented", {"dispute": dispute_id, "seat": seat}, seat, RULE, cause=dispute_id)
        return [event], dispute
    dispute = _append(store, match_id, seat, "consent", make)
    if len(dispute["consents"]) < seats:        # every seat a person holds (bots are not asked)
        return {**dispute, "match": None}
    meta = store.meta(match_id)
    start = store.batch_start(match_id, dispute["version"])
    at = start.version - 1 if start is not None else 0
    made = forks.continuation(store, match_id, at, meta, start.command if start is not None else None)

    def record(meta, version):
        d = _open(meta, dispute_id)
        d["continued_in"] = made["match_id"]
        event = Event("DisputeForked", {"dispute": dispute_id, "match": made["match_id"], "at": at},
                      None, RULE, cause=dispute_id)
        return [event], d
    # the original takes no more moves: nobody waits on it any longer (service.application.turns.deadlines)
    dispute = _append(store, match_id, None, "continued", record,
                      {"continued_in": made["match_id"], "waiting": "{}"})
    return {**dispute, "match": {"match_id": made["match_id"], "version": made["version"], "from_version": at}}


class RevealOriginals(Reaction):
    """When a continuation ends, whoever ended it, the match it continues has its seed revealed too —
    its hidden cards are public now — so its shuffles can be re-derived. That reveal is a commit of
    the original (closing it: ``ended`` "continued"), so the original's own original follows in turn."""

    name = "reveal the original"

    def after(self, store, commit, prepared) -> None:
        if commit.ended and commit.continues:
            reveal_original(store, commit.continues.rsplit("@", 1)[0])


def reveal_original(store, original: str) -> bool:
    """The seed of ``original``, a match continued elsewhere, revealed and the match closed (unless it
    already is); whether this did it."""
    meta = store.meta(original)
    if meta is None or meta.get("ended"):
        return False
    seed = store.secret(original)
    _append(store, original, None, "reveal", lambda meta, version: ([seed_revealed(seed)], None),
            {"ended": "continued"})
    return True


def _open(meta: dict, dispute_id: int) -> dict:
    raw = meta.get(f"dispute:{dispute_id}")
    if raw is None:
        raise NotFound("dispute_not_found", _("no dispute %(dispute_id)s in this match", dispute_id=dispute_id))
    return json.loads(raw)


def _append(store, match_id: str, seat, note: str, make, extra_meta: dict | None = None) -> dict:
    """Append the events ``make(meta, version)`` returns at the current version (retried when someone
    appended first), with the dispute's new state in the meta; returns that state."""
    for _attempt in range(RETRIES):
        m = open_match(store, match_id)
        events, dispute = make(m.meta, m.version)
        states = {} if dispute is None else {
            f"dispute:{dispute['dispute']}": json.dumps(dispute, ensure_ascii=False)}
        try:
            commit(store, m, [({"seat": seat, "note": note}, events)], by="dispute", seat=seat,
                   meta={**states, **(extra_meta or {})})
        except Conflict as e:
            if e.code == "stale_version":           # someone appended first: decide again
                continue
            raise
        return dispute
    raise Conflict("busy", _("the match kept moving while recording this; try again"))
