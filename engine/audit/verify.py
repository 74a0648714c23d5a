"""Replay verification: the hash chain, the seed against its commitment, every stored snapshot, and
(once the seed is revealed) every command decided again with the rng its version owns. Reads the
match through the store it is given (``meta``, ``read``, ``snapshots``...), so it needs no I/O of its own."""
from engine.audit.redecide import redecide
from engine.audit.rulesets import RulesVersionGone, for_created
from engine.core import GENESIS_HASH, Game, canonical_json, chain_hash, chained, commitment, get_game

MAX_DIVERGENCES = 50


def divergence(version, reason: str) -> dict:
    return {"version": version, "reason": reason}


class Findings:
    """Divergences by version, in the order found; the first reason found at a version is kept."""

    def __init__(self):
        self.by_version: dict = {}

    def add(self, version, reason: str) -> None:
        if version not in self.by_version and len(self.by_version) < MAX_DIVERGENCES:
            self.by_version[version] = reason

    def listed(self) -> list:
        """Earliest first (a finding with no version, such as "no such match", before all)."""
        order = sorted(self.by_version.items(), key=lambda item: (item[0] is not None, item[0] or 0))
        return [divergence(v, r) for v, r in order]


def verify(store, match_id: str) -> dict:
    """``{"ok", "match_id", "version", "snapshots_checked", "seed_revealed", "redecided",
    "first_divergence", "divergences"}``.

    ``divergences`` lists every version at which the stored stream, its hashes, the revealed seed, a
    snapshot or a re-decided command disagrees with a fresh replay from event 1 (one entry per
    version, its first reason); ``first_divergence`` is the earliest, or None. Re-decided events
    replace the stored ones in the replay, so one altered event is one divergence.
    """
    report = {"ok": False, "match_id": match_id, "version": 0, "snapshots_checked": 0,
              "seed_revealed": False, "redecided": 0, "first_divergence": None, "divergences": []}
    meta = store.meta(match_id)
    if meta is None:
        report["first_divergence"] = divergence(None, "no such match")
        report["divergences"] = [report["first_divergence"]]
        return report
    found = Findings()
    # Everything up to the version the meta names: the append script writes the meta with the
    # stream, so the stream holds at least that much, and what a match appends meanwhile (a live
    # match being verified) is neither read nor taken for a snapshot beyond the end.
    upto = int(meta.get("version", 0)) or None
    records = store.read(match_id, 0, upto)
    last_hash = _check_chain(records, found)
    seed = _revealed_seed(records, found)
    report["seed_revealed"] = seed is not None
    game = _game(meta, records, found)
    snapshots = {s["version"]: s["state"] for s in store.snapshots(match_id, until=upto)}

    def observe(version, state):
        if version in snapshots:
            report["snapshots_checked"] += 1
            if canonical_json(snapshots.pop(version)) != canonical_json(state):
                found.add(version, "stored snapshot differs from the replayed state")

    if game is not None:
        for batch in redecide(game, records, seed, observe=observe):
            report["redecided"] += batch.decided is not None
            if batch.error:
                found.add(batch.start, batch.error)
            at = batch.first_difference()
            if at is not None:
                found.add(at, "re-decided from the revealed seed, the rules produce other events "
                              "than the stored ones")
    version = records[-1].version if records else 0
    report["version"] = version
    if int(meta.get("version", -1)) != version or meta.get("last_hash") != last_hash:
        found.add(version, "meta version/last_hash disagree with the stream")
    elif store.read(match_id, version, count=1) and int((store.meta(match_id) or {}).get("version", -1)) == version:
        found.add(version + 1, "the stream holds events beyond the meta's version")
    if snapshots and game is not None:
        found.add(min(snapshots), "snapshot beyond the stream's end")
    report["divergences"] = found.listed()
    report["first_divergence"] = report["divergences"][0] if report["divergences"] else None
    report["ok"] = not report["divergences"]
    return report


def _check_chain(records, found: Findings) -> str:
    prev_hash, expected = GENESIS_HASH, 1
    for record in records:
        if record.version != expected:
            found.add(expected, f"missing event (next stored is version {record.version})")
        elif chain_hash(prev_hash, record.version, chained(record.event, record.command)) != record.hash:
            found.add(record.version, "hash chain broken: event or hash altered")
        prev_hash, expected = record.hash, record.version + 1
    return prev_hash


def _revealed_seed(records, found: Findings) -> bytes | None:
    reveal = next((r for r in records if r.event.type == "SeedRevealed"), None)
    if reveal is None:
        return None
    try:
        seed = bytes.fromhex(reveal.event.data["seed"])
    except (KeyError, TypeError, ValueError):
        found.add(reveal.version, "the revealed seed is not hex")
        return None
    created = records[0].event if records and records[0].event.type == "MatchCreated" else None
    if created is None or created.data.get("commitment") != commitment(seed):
        found.add(reveal.version, "the revealed seed does not match the commitment published at creation")
        return None
    return seed


def _game(meta: dict, records, found: Findings) -> Game | None:
    try:
        if records and records[0].event.type == "MatchCreated":
            return for_created(records[0].event.data)
        return get_game(meta["game"])
    except RulesVersionGone as e:
        found.add(1, str(e))
        return None
