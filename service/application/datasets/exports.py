"""Dataset exports in the background: ``POST /exports`` queues the ``export_dataset`` job, ``GET
/jobs/<id>`` follows it, and ``GET /exports/<id>/<table>/<file>`` downloads its files when done.

The files are written by service.application.datasets.tables under ``KIFU_EXPORT_DIR/<id>/`` (default:
``kifu-exports`` in the system's temp directory), which web and worker processes must share (one
machine, or a shared volume); they are not kept in Redis, since a dataset can be far larger than
anything Redis should hold. Nothing deletes them: clear old exports from the directory yourself.
The export's spec and progress are kept in the store (service.application.storage.exports). A
retried job resumes after the cursor of its manifest.
"""
import json
import os
import re
import secrets
import tempfile
from pathlib import Path

from service.application import clock, settings
from service.application.datasets import tables
from service.application.match import listing
from service.application.storage import exports as export_records

EXPORT_ID = re.compile(r"exp-[A-Za-z0-9_-]{1,40}")
FILE = re.compile(r"part-\d{5}\.(jsonl|parquet)")


def export_root() -> Path:
    return Path(os.environ.get("KIFU_EXPORT_DIR") or Path(tempfile.gettempdir()) / "kifu-exports")


def directory(export_id: str) -> Path:
    return export_root() / export_id


def create(store, spec: dict) -> str:
    """Queue the export of ``spec`` (game, variant, since, format); its id."""
    if spec.get("since") is not None:
        listing.since_score(spec["since"])           # 400 now rather than a failed job later
    export_id = "exp-" + secrets.token_urlsafe(9)
    export_records.create(store, export_id, spec, clock.iso(clock.now()))
    store.jobs.enqueue("low", "export_dataset", export_id, job_id=export_id, timeout=24 * 3600,
                       keep=7 * 86400, retries=(10, 60))
    return export_id


def run(store, export_id: str) -> dict:
    """The job: write the dataset (resuming after the manifest's cursor when retried)."""
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
    """A finished export's file, or None (unknown export, table or file, or not finished)."""
    if not EXPORT_ID.fullmatch(export_id) or table not in tables.TABLES or not FILE.fullmatch(name):
        return None
    manifest = tables.read_manifest(directory(export_id))
    if manifest is None or not manifest.get("finished"):
        return None
    if f"{table}/{name}" not in {f["file"] for f in manifest["tables"][table]["files"]}:
        return None
    return directory(export_id) / table / name
