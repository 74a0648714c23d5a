"""Deliveries (issue 17): one message to one subscription, sent by ``deliver_notification`` jobs and
retried with back-off, each attempt written to the owner's delivery log
(service.application.storage.notify).

  a delivery   {id, sub, kind, event, match_id, seat, version, status: pending | retrying |
               delivered | failed | cancelled, attempts: [{at, ok, detail}], created_at, next_at, message}
  the log      the owner's delivery ids by creation time; the newest LOG_SIZE are kept, and older
               ones while still pending or retrying

A delivery's id is made of (owner, subscription, match, event, version, seat), and it is created with
HSETNX: a notice told twice creates it once. Attempt ``n`` runs as the job ``deliver-<id>-<n>`` and
does nothing if the record shows it made already, and sends only under a claim (``sending:<id>:<n>``,
SET NX, SENDING_SECONDS), so two runs of one attempt at once (a sweep queued it again while the
first waited for a work horse) send once; a run that died mid-attempt runs again after its lease
(RERUNS), once the claim is gone: a message is sent at least once, twice only after a crash. A failed
attempt schedules the next after ``KIFU_NOTIFY_RETRIES`` (30 s, 2 min, 10 min, 1 h, 6 h), then the
delivery is ``failed``. Webhook receivers get the same delivery id on every attempt and deduplicate
on it. Sending itself (HTTP, SMTP) is the job adapter's (``send``: workers/senders.py).
"""
import hashlib
from datetime import timedelta

from service.application import clock
from service.application.notify import settings as notify_settings, subscriptions
from service.application.notify.subscriptions import Owner
from service.application.storage import notify as notify_records

LOG_SIZE = 200
SENDING_SECONDS = 60         # an attempt's claim: longer than any send (workers.senders: 10 s timeouts)
RERUNS = (90, 90)            # a run that died mid-attempt runs again after these seconds (its claim gone)
TRIM_LOOK_PAST = 50          # unfinished deliveries among the oldest the trim steps over
DONE = ("delivered", "failed", "cancelled")


def delivery_id(owner: Owner, sub_id: str, match_id: str, event: str, version: int, seat: int) -> str:
    raw = f"{owner}|{sub_id}|{match_id}|{event}|{version}|{seat}".encode("utf-8")
    return "dlv_" + hashlib.sha256(raw).hexdigest()[:24]


def job_id(delivery: str, attempt: int) -> str:
    return f"deliver-{delivery}-{attempt}"


def create(store, owner: Owner, sub: dict, msg: dict, match_id: str, seat: int, version: int) -> int:
    """Record the delivery (once) and queue its first attempt; 1 if it is new, else 0."""
    now = clock.iso(clock.now())
    record = {"id": msg["delivery"], "sub": sub["id"], "kind": sub["kind"], "event": msg["event"],
              "match_id": match_id, "seat": seat, "version": version, "status": "pending", "attempts": [],
              "created_at": now, "next_at": now, "message": msg}
    if not notify_records.add_delivery(store, owner, record, clock.now().timestamp()):
        return 0
    _trim(store, owner)
    _queue(store.jobs, owner, record["id"], 0)
    return 1


def _queue(jobs, owner: Owner, delivery: str, attempt: int, at=None) -> None:
    jid = job_id(delivery, attempt)
    if not jobs.exists(jid):
        jobs.enqueue("default", "deliver_notification", str(owner), delivery, attempt, job_id=jid, at=at, keep=86400,
                     retries=RERUNS)


def _trim(store, owner: Owner) -> None:
    """Keep the newest LOG_SIZE deliveries, dropping the oldest finished ones: a delivery still
    pending or retrying stays (its next attempt reads the record; dropped, the message was lost)."""
    extra = notify_records.log_size(store, owner) - LOG_SIZE
    if extra <= 0:
        return
    oldest = notify_records.oldest(store, owner, extra + TRIM_LOOK_PAST)
    records = notify_records.deliveries(store, owner, oldest)
    done = [d for d, record in zip(oldest, records) if record is None or record["status"] in DONE][:extra]
    if done:
        notify_records.drop_deliveries(store, owner, done)


def get(store, owner: Owner, delivery: str) -> dict | None:
    return notify_records.delivery(store, owner, delivery)


def deliver(store, owner_text: str, delivery: str, attempt: int, send) -> dict:
    """Attempt ``attempt`` (0 first) of a delivery: ``send(subscription, message) -> (ok, detail)``."""
    owner = Owner.parse(owner_text)
    record = get(store, owner, delivery)
    if record is None or record["status"] in DONE:
        return {"status": "done" if record else "gone"}
    if len(record["attempts"]) != attempt:
        return {"status": "duplicate"}                   # this attempt was made (or is not due yet)
    if not notify_records.claim_sending(store, owner, delivery, attempt, SENDING_SECONDS):
        return {"status": "in_flight"}                   # another run of this attempt is sending it
    sub = subscriptions.get(store, owner, record["sub"])
    now = clock.now()
    if sub is None:
        record["status"] = "cancelled"                   # unsubscribed meanwhile: nothing is sent
    else:
        ok, detail = send(sub, record["message"])
        record["attempts"].append({"at": clock.iso(now), "ok": ok, "detail": detail})
        retries = notify_settings.retries()
        if ok:
            record["status"] = "delivered"
        elif attempt < len(retries):
            at = now + timedelta(seconds=retries[attempt])
            record["status"], record["next_at"] = "retrying", clock.iso(at)
            notify_records.save_delivery(store, owner, record)
            _queue(store.jobs, owner, delivery, attempt + 1, at=at)
            return {"status": "retrying", "attempt": attempt, "detail": detail}
        else:
            record["status"] = "failed"
    record["next_at"] = None
    notify_records.save_delivery(store, owner, record)
    return {"status": record["status"], "attempt": attempt}


def log(store, owner: Owner, limit: int = 50) -> list[dict]:
    """The owner's newest deliveries, newest first (the message without its unsubscribe link)."""
    out = []
    for record in notify_records.deliveries(store, owner, notify_records.newest(store, owner, limit)):
        if record is None:
            continue
        msg = {k: v for k, v in record.pop("message").items() if not k.startswith("unsubscribe")}
        out.append({**record, "message": msg})
    return out
