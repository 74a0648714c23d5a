"""Replay verification: recompute a match's hash chain and fold, and check every stored snapshot."""
from engine.core import GENESIS_HASH, apply, canonical_json, chain_hash, get_game


def divergence(version, reason: str) -> dict:
    return {"version": version, "reason": reason}


def verify(store, match_id: str) -> dict:
    """``{"ok", "match_id", "version", "snapshots_checked", "first_divergence"}``.

    ``first_divergence`` is None, or ``{"version", "reason"}`` for the first version at which the
    stored stream, its hashes, the meta or a snapshot disagree with a fresh replay from event 1.
    """
    report = {"ok": False, "match_id": match_id, "version": 0, "snapshots_checked": 0,
              "first_divergence": None}
    meta = store.meta(match_id)
    if meta is None:
        report["first_divergence"] = divergence(None, "no such match")
        return report
    game = get_game(meta["game"])
    snapshots = {s["version"]: s["state"] for s in store.snapshots(match_id)}
    state, prev_hash, version = None, GENESIS_HASH, 0
    for record in store.read(match_id):
        version += 1
        found = _check_record(record, version, prev_hash)
        if found is None:
            try:
                state = apply(game, state, record.event)
            except Exception as e:  # noqa: BLE001 - a tampered event may break the fold anywhere
                found = divergence(version, f"fold failed: {type(e).__name__}: {e}")
        if found is None and version in snapshots:
            report["snapshots_checked"] += 1
            if canonical_json(snapshots.pop(version)) != canonical_json(state):
                found = divergence(version, "stored snapshot differs from the replayed state")
        if found is not None:
            report["first_divergence"] = found
            return report
        prev_hash = record.hash
    report["version"] = version
    if int(meta.get("version", -1)) != version or meta.get("last_hash") != prev_hash:
        report["first_divergence"] = divergence(version, "meta version/last_hash disagree with the stream")
    elif snapshots:
        report["first_divergence"] = divergence(min(snapshots), "snapshot beyond the stream's end")
    report["ok"] = report["first_divergence"] is None
    return report


def _check_record(record, version: int, prev_hash: str) -> dict | None:
    if record.version != version:
        return divergence(version, f"missing event (next stored is version {record.version})")
    if chain_hash(prev_hash, version, record.event.to_dict()) != record.hash:
        return divergence(version, "hash chain broken: event or hash altered")
    return None
