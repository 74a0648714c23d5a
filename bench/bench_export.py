"""Dataset export throughput on real Redis: events/s written to Parquet (three tables, decisions
with each seat's view and legal actions) beside the raw Redis read rate (XRANGE pages of 500) of
the same streams, and the peak RSS of the export process (resource.getrusage).

Fills db 3 (``KIFU_BENCH_REDIS_URL`` names another; flushed before and after) with ``--matches`` random-bot 3x3Wars matches stored
through the normal creation and commit path (``kifu simulate --store``'s), then measures, each in
a fresh child process so its peak RSS is its own: the raw read of every stream, and the export.
``--copies K`` then stores every match K-1 more times under new ids (its keys DUMPed and RESTOREd,
indexed as the append indexes): the export reads K × matches matches, a scale (10,000 matches)
that would take hours to simulate, for the memory figure (issue 19: under 200 MB, flat).

    .venv/bin/python bench/bench_export.py [--matches 200] [--game threebythree --variant overlord]
    .venv/bin/python bench/bench_export.py --matches 200 --copies 50      # 10,000 matches
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import redis

from redis_db import REDIS_URL, flushed  # bench/, the directory of this script


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fill(args) -> None:
    from service.cli.simulate import play_stored_match
    from service.composition import in_process_store
    store = in_process_store(redis.Redis.from_url(REDIS_URL))
    spec = {"game": args.game, "variant": args.variant, "seats": [{"bot": "random"}, {"bot": "random"}]}
    started = time.perf_counter()
    for i in range(args.matches):
        play_stored_match(store, spec)
    print(json.dumps({"stored_matches": args.matches, "seconds": round(time.perf_counter() - started, 1)}))


def copy(args) -> None:
    from service.application.match import listing
    from service.application.storage import listing as indexes
    from service.application.storage.store import EventStore
    client = redis.Redis.from_url(REDIS_URL)
    originals = [m.decode() for m in client.zrange(indexes.status_index("ended"), 0, -1)]
    started = time.perf_counter()
    for match_id in originals:
        keys = [k.decode() for k in client.scan_iter(match=f"kifu:{{{match_id}}}:*", count=1000)]
        dumps = {k: client.dump(k) for k in keys}
        meta = {k.decode(): v.decode() for k, v in client.hgetall(f"kifu:{{{match_id}}}:meta").items()}
        for n in range(1, args.copies):
            twin = f"{match_id}-c{n}"
            pipe = client.pipeline(transaction=False)
            for k, blob in dumps.items():
                pipe.restore(k.replace(f"{{{match_id}}}", f"{{{twin}}}"), 0, blob, replace=True)
            pipe.execute()
            listing.index(EventStore(client), twin, meta)
    print(json.dumps({"copies": len(originals) * (args.copies - 1), "seconds": round(time.perf_counter() - started, 1)}))


def raw_read(args) -> None:
    from service.application.match import listing
    from service.application.storage import listing as indexes
    from service.application.storage.store import EventStore
    client = redis.Redis.from_url(REDIS_URL)
    started, events = time.perf_counter(), 0
    for _, match_id, _ in listing.walk(EventStore(client), indexes.status_index("ended")):
        after = "-"
        while True:
            page = client.xrange(f"kifu:{{{match_id}}}:events", after, "+", count=500)
            events += len(page)
            if len(page) < 500:
                break
            after = "(" + page[-1][0].decode()
    seconds = time.perf_counter() - started
    print(json.dumps({"events": events, "seconds": seconds, "peak_rss_mb": peak_rss_mb()}))


def export(args) -> None:
    from service.application.datasets import tables
    from service.composition import build_store
    before = peak_rss_mb()
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        manifest = tables.export(build_store(redis.Redis.from_url(REDIS_URL)), out, fmt="parquet")
        seconds = time.perf_counter() - started
        size = sum(f["bytes"] for t in manifest["tables"].values() for f in t["files"])
    print(json.dumps({"matches": manifest["matches_exported"],
                      "rows": {t: v["rows"] for t, v in manifest["tables"].items()},
                      "seconds": seconds, "bytes": size, "rss_before_mb": before, "peak_rss_mb": peak_rss_mb()}))


def child(phase: str, args) -> dict:
    out = subprocess.run([sys.executable, __file__, "--phase", phase, "--matches", str(args.matches),
                          "--copies", str(args.copies), "--game", args.game, "--variant", args.variant],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--game", default="threebythree")
    parser.add_argument("--variant", default="overlord")
    parser.add_argument("--copies", type=int, default=1, help="store every match this many times in all")
    parser.add_argument("--phase", choices=("fill", "copy", "raw", "export"))
    args = parser.parse_args()
    if args.phase:
        {"fill": fill, "copy": copy, "raw": raw_read, "export": export}[args.phase](args)
        return
    client = flushed()
    try:
        filled = child("fill", args)
        copied = child("copy", args) if args.copies > 1 else None
        raw = child("raw", args)
        exported = child("export", args)
    finally:
        client.flushdb()
    events = exported["rows"]["events"]
    print(f"{filled['stored_matches']} {args.game}/{args.variant} matches stored in {filled['seconds']} s "
          f"(creation + commit path, random bots)")
    if copied:
        print(f"each stored {args.copies} times in all ({copied['copies']:,} copies under new ids, {copied['seconds']} s)")
    print(f"raw Redis read (XRANGE pages of 500): {raw['events']:,} events in {raw['seconds']:.2f} s = "
          f"{raw['events'] / raw['seconds']:,.0f} events/s, peak RSS {raw['peak_rss_mb']:.0f} MB")
    print(f"export to Parquet: {exported['matches']} matches, {events:,} events, "
          f"{exported['rows']['decisions']:,} decisions in {exported['seconds']:.2f} s = "
          f"{events / exported['seconds']:,.0f} events/s ({exported['matches'] / exported['seconds']:,.1f} matches/s), "
          f"{exported['bytes'] / 1e6:.1f} MB written")
    print(f"export peak RSS {exported['peak_rss_mb']:.0f} MB (after imports {exported['rss_before_mb']:.0f} MB)")


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.getcwd())
    main()
