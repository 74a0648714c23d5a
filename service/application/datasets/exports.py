"""Dataset exports in the background: ``POST /exports`` queues the ``export_dataset`` job, ``GET
/jobs/<id>`` follows it, and ``GET /exports/<id>/<table>/<file>`` downloads its files when done.

The files are written by service.application.datasets.tables under ``KIFU_EXPORT_DIR/<id>/`` (default:
``kifu-exports`` in the system's temp directory), which web and worker processes must share (one
machine, or a shared volume); they are not kept in Redis, since a dataset can be far larger than
anything Redis should hold. The export's spec and progress are kept in the store
(service.application.storage.exports). A retried job resumes after the cursor of its manifest.

Housekeeping (issue 40: 40 unauthenticated requests had added 240 MB in 0.4 s). An export is made
only for a credential — a player key or an API key (``requester``) — and each credential makes at
most ``KIFU_EXPORTS_PER_HOUR`` (429 ``too_many_exports`` with ``Retry-After`` past it). An export
lives ``KIFU_EXPORT_TTL_SECONDS`` (a day): its record expires in Redis, its files are no longer
served, and ``sweep`` — at each new export and each export job — removes the directories of
expired exports (and of exports whose record is gone, once their files are that old).
"""
import json
import logging
import os
import re
import secrets
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from service.application import clock, settings
from service.application.datasets import tables
from service.application.errors import Unauthenticated
from service.application.identity import api_keys, player_keys, rate_limits
from service.application.match import listing
from service.application.storage import exports as export_records
from service.application.storage.connections import UNAVAILABLE
from service.i18n import _

log = logging.getLogger(__name__)

EXPORT_ID = re.compile(r"exp-[A-Za-z0-9_-]{1,40}")
FILE = re.compile(r"part-\d{5}\.(jsonl|parquet)")


def export_root() -> Path:
    return Path(os.environ.get("KIFU_EXPORT_DIR") or Path(tempfile.gettempdir()) / "kifu-exports")


def directory(export_id: str) -> Path:
    return export_root() / export_id


@dataclass(frozen=True)
class Limits:
    per_hour: int = 10         # exports one credential makes in an hour (0: no limit)
    ttl: int = 86400           # seconds an export (its record and files) lives

    @classmethod
    def from_settings(cls, config) -> "Limits":
        return cls(config["EXPORTS_PER_HOUR"], config["EXPORT_TTL_SECONDS"])


def requester(store, token: str | None) -> str:
    """Who asks for an export: ``api:<name>`` for an API key, ``player:<id>`` for a player key. 401
    ``credential_required`` without a bearer; 403 for one that is neither (``unknown_api_key``,
    ``bad_player_key``)."""
    if token is None:
        raise Unauthenticated("credential_required", _("an export needs a credential: Authorization: Bearer <player "
                                                       "key or API key> (POST /players makes a player and its key)"))
    if token.startswith(api_keys.PREFIX):
        return "api:" + api_keys.authenticate(store, token)["name"]
    return "player:" + player_keys.authenticate(store, token)[0]


def create(store, spec: dict, requested_by: str = "operator", limits: Limits = Limits()) -> str:
    """Queue the export of ``spec`` (game, variant, since, format) for ``requested_by``, within its
    hourly quota; its id."""
    if spec.get("since") is not None:
        listing.since_score(spec["since"])           # 400 now rather than a failed job later
    rate_limits.take(store, f"exports:{requested_by}", limits.per_hour, 3600, "too_many_exports",
                     "exports per credential")
    sweep(store, limits.ttl)
    export_id = "exp-" + secrets.token_urlsafe(9)
    now = clock.now()
    export_records.create(store, export_id, spec, clock.iso(now), requested_by, now.timestamp() + limits.ttl,
                          limits.ttl)
    store.jobs.enqueue("low", "export_dataset", export_id, job_id=export_id, timeout=24 * 3600,
                       keep=limits.ttl, retries=(10, 60))
    return export_id


def expired(raw: dict, now: float) -> bool:
    """Whether an export's record says it has expired (a record from before expiry: never)."""
    return bool(raw.get("expires_at")) and float(raw["expires_at"]) <= now


def sweep(store, ttl: int, now: float | None = None) -> int:
    """Remove the files of every expired export under ``export_root()`` (and their records): those
    whose record says so, and those whose record is gone once their directory is ``ttl`` old (a
    directory another store's export made is left until then). How many were removed."""
    now = time.time() if now is None else now
    root, removed = export_root(), 0
    try:
        entries = [e for e in root.iterdir() if e.is_dir() and EXPORT_ID.fullmatch(e.name)]
    except OSError:
        return 0
    for entry in entries:
        raw = export_records.read(store, entry.name)
        try:
            old = entry.stat().st_mtime + ttl <= now
        except OSError:
            continue
        if expired(raw, now) or (not raw and old):
            shutil.rmtree(entry, ignore_errors=True)
            export_records.remove(store, entry.name)
            removed += 1
    if removed:
        log.info("exports: removed %d expired export(s) from %s", removed, root)
    return removed


def run(store, export_id: str) -> dict:
    """The job: write the dataset (resuming after the manifest's cursor when retried), after a sweep
    of the expired exports."""
    sweep(store, settings.from_env()["EXPORT_TTL_SECONDS"])
    spec = export_records.spec(store, export_id)

    def progress(done: int, total: int, cursor: str) -> None:
        if done % 20 == 0 or done == total:
            export_records.record_progress(store, export_id, done=done, total=total, cursor=cursor or "")
    manifest = tables.export(store, directory(export_id), spec.get("game"), spec.get("variant"),
                               spec.get("since"), spec.get("format", "parquet"), resume=True,
                               progress=progress, min_moves=settings.from_env()["RATING_MIN_MOVES"])
    export_records.record_progress(store, export_id, cursor=manifest["cursor"] or "")
    return summary(export_id, manifest)


def summary(export_id: str, manifest: dict) -> dict:
    return {"schema_version": manifest["schema_version"], "format": manifest["filter"]["format"],
            "matches": manifest["matches_exported"], "cursor": manifest["cursor"],
            "tables": {t: {"rows": v["rows"],
                           "files": [{**f, "url": f"/exports/{export_id}/{f['file']}"} for f in v["files"]]}
                       for t, v in manifest["tables"].items()}}


def status(store, export_id: str) -> dict | None:
    """The job document of ``GET /jobs/<id>``, or None for an unknown export."""
    raw = export_records.read(store, export_id) if EXPORT_ID.fullmatch(export_id) else None
    if not raw:
        return None
    job = store.jobs.status(export_id) or {"status": "queued", "result": None}
    doc = {"id": export_id, "kind": "export", "status": job["status"],
           "progress": {"done": int(raw.get("done", 0)), "total": int(raw.get("total", 0))},
           "spec": json.loads(raw["spec"]), "created_at": raw["created_at"], "results": None, "error": None}
    if job["status"] == "finished":
        manifest = tables.read_manifest(directory(export_id))
        doc["results"] = summary(export_id, manifest) if manifest else job["result"]
    elif job["status"] == "failed":
        doc["error"] = "the export job failed; see the worker's log"
    return doc


def file_path(store, export_id: str, table: str, name: str) -> Path | None:
    """A finished export's file, or None (unknown export, table or file, expired, or not finished;
    while the store is away a finished file is served without its expiry looked at)."""
    if not EXPORT_ID.fullmatch(export_id) or table not in tables.TABLES or not FILE.fullmatch(name):
        return None
    try:
        raw = export_records.read(store, export_id)
        if not raw or expired(raw, time.time()):
            return None                  # expired (its files are swept), or unknown
    except UNAVAILABLE:
        pass
    manifest = tables.read_manifest(directory(export_id))
    if manifest is None or not manifest.get("finished"):
        return None
    if f"{table}/{name}" not in {f["file"] for f in manifest["tables"][table]["files"]}:
        return None
    return directory(export_id) / table / name
