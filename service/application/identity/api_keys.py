"""API keys: the credential background work that costs CPU (simulations) needs, and each key's
quota of estimated CPU-seconds per UTC day.

An operator issues a key with ``kifu keys create NAME [--daily-cpu-seconds N]``; the key is printed
once and only its SHA-256 is kept, so a leaked database gives no usable key. ``kifu keys list``
shows each key's quota and today's use, ``kifu keys revoke NAME`` ends it at once. Keys live in the
store (service.application.storage.api_keys: by name, each key's record, its use per UTC day, kept
two days), so every web process sees a new or revoked key without a restart.
"""
import hashlib
import math
import secrets
from datetime import datetime, timedelta

from service.application import clock
from service.application.errors import Forbidden, Illegal, Throttled, Unauthenticated
from service.application.storage import api_keys as api_key_records
from service.i18n import _

PREFIX = "kifu_"
NAME_MAX = 64
USAGE_KEPT_SECONDS = 2 * 86400


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def issue(store, name: str, daily_cpu_seconds: int | None = None) -> str:
    """A new key named ``name`` (unique; ValueError if taken or malformed); the key itself, which
    is never stored and so cannot be shown again."""
    if not name or len(name) > NAME_MAX or not name.isprintable():
        raise ValueError(f"a key's name is 1 to {NAME_MAX} printable characters, not {name!r}")
    if daily_cpu_seconds is not None and daily_cpu_seconds < 0:
        raise ValueError("the daily quota is 0 (no limit) or more CPU-seconds")
    key = PREFIX + secrets.token_urlsafe(32)
    digest = _digest(key)
    if not api_key_records.add(store, name, digest, {
            "name": name, "created_at": clock.iso(clock.now()),
            "daily_cpu_seconds": "" if daily_cpu_seconds is None else str(daily_cpu_seconds)}):
        raise ValueError(f"a key named {name!r} exists: revoke it first (kifu keys revoke {name})")
    return key


def revoke(store, name: str) -> bool:
    """Ends the key named ``name`` at once; False if there is none."""
    return api_key_records.remove(store, name)


def listing(store, default_daily: int) -> list[dict]:
    """Every key: name, created_at, daily quota (CPU-seconds; 0: none) and what it used today."""
    day = _day(clock.now())
    out = []
    for name, digest in sorted(api_key_records.names(store).items()):
        record = api_key_records.record(store, digest)
        if record:
            out.append({"name": name, "created_at": record.get("created_at"),
                        "daily_cpu_seconds": _daily(record, default_daily),
                        "used_today": api_key_records.used(store, digest, day)})
    return out


def authenticate(store, token: str | None) -> dict:
    """The key ``token`` is: ``{"name", "digest", "daily_cpu_seconds" (None: the default)}``.
    401 without a token, 403 for a token that is no key of this service (unknown or revoked)."""
    if token is None:
        raise Unauthenticated("api_key_required", _("simulations need an API key: Authorization: Bearer <key> (an "
                                                    "operator issues one with `kifu keys create NAME`)"))
    digest = _digest(token)
    record = api_key_records.record(store, digest)
    if not record:
        raise Forbidden("unknown_api_key", _("the bearer token is not an API key of this service (unknown or revoked; "
                                             "a seat token is not one)"))
    daily = record.get("daily_cpu_seconds", "")
    return {"name": record["name"], "digest": digest, "daily_cpu_seconds": int(daily) if daily else None}


def charge(store, key: dict, seconds: float, default_daily: int) -> int:
    """Charges ``seconds`` (rounded up) to ``key``'s use today; 422 if more than its whole daily
    quota, 429 (with the seconds until the quota renews at 00:00 UTC) if today's use would pass
    it. The whole-second charge, to ``refund`` if the work is not queued after all."""
    cost = max(1, math.ceil(seconds))
    daily = _daily(key, default_daily)
    if daily and cost > daily:
        raise Illegal("over_daily_quota", _("this simulation's estimated %(cost)s CPU-seconds are more than key "
                                            "%(name)s may use in a day (%(daily)s); ask for fewer games or smaller "
                                            "budgets",
                                            cost=format(cost, ","), name=repr(key['name']), daily=format(daily, ",")),
                      rule="kifu/simulations")
    now = clock.now()
    used = api_key_records.charge(store, key["digest"], _day(now), cost, USAGE_KEPT_SECONDS)
    if daily and used > daily:
        api_key_records.refund(store, key["digest"], _day(now), cost)
        renews = (datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), now.tzinfo) - now)
        raise Throttled("quota_exceeded", _("key %(name)s has used %(used)s of its %(daily)s CPU-seconds today (UTC) "
                                            "and this simulation needs %(cost)s; the quota renews at 00:00 UTC",
                                            name=repr(key['name']), used=format(used - cost, ","),
                                            daily=format(daily, ","), cost=format(cost, ",")),
                        retry_after=max(1, math.ceil(renews.total_seconds())))
    return cost


def refund(store, key: dict, cost: int) -> None:
    api_key_records.refund(store, key["digest"], _day(clock.now()), cost)


def _daily(key: dict, default_daily: int) -> int:
    value = key.get("daily_cpu_seconds")
    return default_daily if value in (None, "") else int(value)


def _day(when: datetime) -> str:
    return when.date().isoformat()
