"""Idempotent creation (issue 40): a request that creates something — a match, a fork, a rematch, a
continuation, a player, a device's key, a code, a subscription, an export, a simulation — may carry
a key of the client's choosing (the ``Idempotency-Key`` header of the IETF httpapi draft), and a
retry with that key is answered with the first answer, nothing created again.

- **Scoped to the caller**: a key is looked up with who asks — the credential the request carries
  (a seat token, player key or API key), or the client's address without one — so two callers
  that choose the same key never meet. Only a hash of the two names the record.
- **Reserved before anything is created**: the first request takes the key atomically
  (storage/idempotency.py, a single-key script) for ``IN_FLIGHT_SECONDS``; a retry while it runs
  is refused (409 ``idempotency_key_in_use``, ``Retry-After``), so concurrent retries create once.
  A request that fails gives the key back (the retry does the work); one that succeeds keeps its
  answer under the key for ``ttl`` seconds (``KIFU_IDEMPOTENCY_TTL_SECONDS``).
- **One key, one request**: a retry whose method, path or body differs from the first's is 422
  ``idempotency_key_reused`` (the draft's advice), whatever the first answer was.
- **A new match no replica confirmed** (``KIFU_STORE_WAIT_REPLICAS``: 503 ``not_replicated``
  after the append): its answer is kept as *unconfirmed*; a retry asks the replicas again (WAIT)
  and, once they have the match, answers it as created (and lists it again: ``creating.confirm``).
- **The answer is sealed**: it holds the new tokens, and kifu keeps no token in the clear, so the
  answer is kept encrypted (AES-256-GCM by the ``cryptography`` library) under a key derived from
  the client's key and the caller's credential, neither of which is stored: a reader of Redis
  learns nothing of it without the client's key (as strong as the key the client chose: a UUID,
  say).

- **A new match is bound to its key before it exists** (``POST /matches``: ``begin`` with a
  ``plan``): the reservation names the match id the creation will take, and the creation keeps its
  answer, sealed, in the match's own ``commands`` hash with its append (``creating``, command key
  ``create``). A retry that finds the reservation with that match stored answers from it — even
  when the process that made it died before keeping the answer; one that finds no such match after
  ``IN_FLIGHT_SECONDS`` takes the reservation over and creates it under the same id (a first
  attempt that appends after all is then answered, not doubled). So one key makes one match.
"""
import base64
import hashlib
import json
import secrets
import time
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from service.application.errors import Conflict, Illegal, Invalid
from service.application.storage import idempotency as records
from service.i18n import _

KEY_MIN, KEY_MAX = 16, 255     # at least 16: an answer may hold tokens, so a key must not be guessable
IN_FLIGHT_SECONDS = 30      # a reservation's lease: longer than any creation takes
RETRY_AFTER_SECONDS = 1


def check_key(raw: str) -> str:
    """The key of an ``Idempotency-Key`` header: 16 to 255 visible ASCII characters other than ``"``
    and ``\\``, bare or as a quoted string (``"..."``, a Structured Field string as the draft writes
    it); 400 naming what is wrong. At least 16, because a retry's answer may hold tokens and a caller
    without a credential is known only by its address, which others may share (a UUID has 36)."""
    value = raw
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    if len(value) < KEY_MIN:
        raise Invalid("invalid_idempotency_key", _("Idempotency-Key: %(count)s characters, at least %(key_min)s (a "
                                                   "UUID, say): the key guards the first answer, tokens included",
                                                   count=len(value), key_min=KEY_MIN))
    if len(value) > KEY_MAX:
        raise Invalid("invalid_idempotency_key", _("Idempotency-Key: %(count)s characters, at most %(key_max)s",
                                                   count=len(value), key_max=KEY_MAX))
    if any(not ("\x21" <= c <= "\x7e") or c in '"\\' for c in value):
        raise Invalid("invalid_idempotency_key", _('Idempotency-Key: only visible ASCII characters other than " and '
                                                   '\\ (no spaces), bare or inside one pair of double quotes'))
    return value


def fingerprint(method: str, path: str, body: bytes, parsed=None) -> str:
    """What makes two requests the same: method, path and body (a JSON body compared as parsed, so
    its keys' order and spacing do not matter)."""
    canonical = body if parsed is None else json.dumps(parsed, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(b"\0".join([method.encode(), path.encode("utf-8", "surrogatepass"), canonical])).hexdigest()


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    content_type: str


@dataclass(frozen=True)
class Request:
    """One request with a key: who asks (``scope``: its credential, or its address), the key, what
    it asks (``fingerprint``) and how long its answer is kept (``ttl``, seconds)."""

    scope: str
    key: str
    fingerprint: str
    ttl: int

    @property
    def digest(self) -> str:
        return hashlib.sha256(b"kifu-idempotency\0" + self._material()).hexdigest()

    def _material(self) -> bytes:
        return self.scope.encode("utf-8", "surrogatepass") + b"\0" + self.key.encode()

    def seal(self, body: bytes) -> str:
        """``body`` encrypted and authenticated (AES-256-GCM, a fresh nonce) under a key derived
        from the client's key and credential (HKDF-SHA256), neither of which is stored."""
        nonce = secrets.token_bytes(12)
        return base64.b64encode(nonce + AESGCM(self._sealing_key()).encrypt(nonce, body, None)).decode()

    def unseal(self, sealed: str) -> bytes:
        raw = base64.b64decode(sealed)
        return AESGCM(self._sealing_key()).decrypt(raw[:12], raw[12:], None)

    def _sealing_key(self) -> bytes:
        return HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                    info=b"kifu-idempotency-seal").derive(self._material())


def _record(nonce: str, state: str, request: Request, answer: Answer | None = None, **more) -> str:
    data = {"state": state, "fp": request.fingerprint, **more}
    if answer is not None:
        data.update(status=answer.status, type=answer.content_type, body=request.seal(answer.body))
    return f"{nonce} {json.dumps(data, separators=(',', ':'))}"


def _read(record: str) -> tuple[str, dict]:
    nonce, _, data = record.partition(" ")
    return nonce, json.loads(data)


class Reservation:
    """The key taken by this request: end it with ``finish`` (an answer to keep), ``unconfirmed``
    (a new match's answer no replica confirmed yet) or ``abandon`` (nothing created: the key back).
    ``match_id``: the id the new match is to take (a reservation made with a plan), else None."""

    def __init__(self, store, request: Request, nonce: str, match_id: str | None = None):
        self.store, self.request, self.nonce, self.match_id = store, request, nonce, match_id

    def finish(self, answer: Answer) -> None:
        records.replace(self.store, self.request.digest, self.nonce,
                        _record(self.nonce, "done", self.request, answer), self.request.ttl)

    def unconfirmed(self, answer: Answer, match_id: str) -> None:
        records.replace(self.store, self.request.digest, self.nonce,
                        _record(self.nonce, "unconfirmed", self.request, answer, match_id=match_id), self.request.ttl)

    def abandon(self) -> None:
        records.replace(self.store, self.request.digest, self.nonce, None)


def begin(store, request: Request, confirm, plan=None, recover=None) -> "Reservation | Answer":
    """Take the key for ``request``, or the first answer to give again. 422 ``idempotency_key_reused``
    for a key first used for another request; 409 ``idempotency_key_in_use`` while the first runs.
    ``confirm(match_id)``: asks the replicas about an unconfirmed new match (raises while they
    still lack it), and lists it. ``plan()``: a new match id, reserved with the key (kept as long as
    an answer would be); ``recover(match_id)``: the Answer that match's creation stored with its
    append, or None while it has not been appended."""
    nonce, now = secrets.token_hex(8), time.time()
    planned = plan() if plan is not None else None
    fields = {"at": now, "match_id": planned} if planned else {}
    found = records.reserve(store, request.digest, _record(nonce, "pending", request, **fields),
                            request.ttl if planned else IN_FLIGHT_SECONDS)
    if found is None:
        return Reservation(store, request, nonce, planned)
    first_nonce, data = _read(found)
    if data["fp"] != request.fingerprint:
        raise Illegal("idempotency_key_reused", _("this Idempotency-Key was sent with another request (method, path "
                                                  "or body); a key stands for one request: choose a new key for a new "
                                                  "request"))
    if data["state"] == "pending" and data.get("match_id") and recover is not None:
        answer = recover(data["match_id"])
        if answer is not None:                       # appended: answered, whatever became of its request
            records.write(store, request.digest, _record(first_nonce, "done", request, answer),
                          records.seconds_left(store, request.digest))
            return answer
        if now - data["at"] >= IN_FLIGHT_SECONDS:     # its request died before the append: this one makes it
            taken = records.replace(store, request.digest, first_nonce,
                                    _record(nonce, "pending", request, at=now, match_id=data["match_id"]),
                                    request.ttl)
            if taken:
                return Reservation(store, request, nonce, data["match_id"])
    if data["state"] == "pending":
        busy = Conflict("idempotency_key_in_use", _("the first request with this Idempotency-Key is still being "
                                                    "answered; send it again in %(retry_after_seconds)s s",
                                                    retry_after_seconds=RETRY_AFTER_SECONDS))
        busy.retry_after = RETRY_AFTER_SECONDS
        raise busy
    answer = Answer(data["status"], request.unseal(data["body"]), data["type"])
    if data["state"] == "unconfirmed":
        confirm(data["match_id"])
        records.write(store, request.digest, _record(first_nonce, "done", request, answer),
                      records.seconds_left(store, request.digest))
    return answer
