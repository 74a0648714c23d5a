#!/usr/bin/env python3
"""Re-derive every shuffle and dice roll of an exported kifu match, with nothing but the standard library.

    python3 tools/rederive.py MATCH.jsonl          (or - for stdin; -v lists every draw)

Input: a finished match's export (GET /matches/<id>/export), the full truth. The script checks
  1. the seed revealed by the last event against the commitment published when the match was created;
  2. the hash chain of every event (sha256 over the previous hash, the version and the event's
     canonical JSON), so the lines are the ones the server stored;
  3. every random draw: the rng of the decision taken at version v is keyed by
     HMAC-SHA256(seed, "kifu-rng:v"); its bytes are SHA-256(key || counter as 8 bytes big-endian),
     counter 0, 1, ...; below(n) takes 8 bytes as a big-endian integer x and rejects x >= 2**64 -
     2**64 % n, else returns x % n; a shuffle is Fisher-Yates from the last item down (j = below(i+1));
     a die with s sides is 1 + below(s). Each draw is re-made from the seed and its inputs and must
     give the recorded result; where an event of the same batch shows the result (a dealt order, a
     rolled value) the script says which.
Exit status 0 when everything re-derives, 1 on any mismatch, 2 when the export cannot be checked.
"""
import hashlib
import hmac
import json
import sys


class Rng:
    def __init__(self, seed: bytes, version: int):
        self.key = hmac.new(seed, b"kifu-rng:%d" % version, hashlib.sha256).digest()
        self.counter, self.buffer = 0, b""

    def take(self, n):
        while len(self.buffer) < n:
            self.buffer += hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def below(self, n):
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = int.from_bytes(self.take(8), "big")
            if x < limit:
                return x % n

    def shuffled(self, items):
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def redraw(rng, draw):
    op = draw["op"]
    if op == "below":
        return rng.below(draw["n"])
    if op == "die":
        return 1 + rng.below(draw["sides"])
    if op == "shuffle":
        return rng.shuffled(draw["items"])
    raise ValueError(f"unknown draw {op!r}")


def canonical(obj) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def chain_ok(events) -> str | None:
    prev = "0" * 64
    for e in events:
        d = {k: e[k] for k in ("type", "data", "seat", "rule", "cause")}
        d["schema"] = e.get("schema", 1)
        if "command" in e:
            d["command"] = e["command"]
        h = hashlib.sha256(prev.encode("ascii") + b"\n%d\n" % e["version"] + canonical(d)).hexdigest()
        if h != e.get("hash"):
            return f"hash chain broken at version {e['version']}"
        prev = h
    return None


def witnesses(result, batch) -> list:
    """Where the batch's events show ``result``: a field equal to it, or to a run of a shuffled order."""
    found = []
    for e in batch:
        for field, value in (e.get("data") or {}).items():
            if isinstance(result, list) and isinstance(value, list) and value and value == result:
                found.append(f"{e['type']}@{e['version']}.{field}")
            elif isinstance(result, list) and isinstance(value, list) and 1 < len(value) < len(result):
                starts = [i for i in range(len(result) - len(value) + 1) if result[i:i + len(value)] == value]
                found += [f"{e['type']}@{e['version']}.{field}=[{i}:{i + len(value)}]" for i in starts[:1]]
            elif not isinstance(result, list) and type(value) is type(result) and value == result \
                    and field not in ("seat", "to", "count"):
                found.append(f"{e['type']}@{e['version']}.{field}")
    return found


def main(argv) -> int:
    verbose = "-v" in argv
    paths = [a for a in argv if a != "-v"] or ["-"]
    text = sys.stdin.read() if paths[0] == "-" else open(paths[0], encoding="utf-8").read()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    header, events = lines[0], lines[1:]
    if header.get("redacted_for") is not None:
        print(f"this export is redacted for {header['redacted_for']}: export the finished match", file=sys.stderr)
        return 2
    reveal = next((e for e in events if e["type"] == "SeedRevealed"), None)
    if reveal is None:
        print("the seed is not revealed yet: the match has not ended", file=sys.stderr)
        return 2
    seed = bytes.fromhex(reveal["data"]["seed"])
    failures = []
    if hashlib.sha256(seed).hexdigest() != header["commitment"]:
        failures.append("the revealed seed does not match the commitment")
    broken = chain_ok(events)
    if broken:
        failures.append(broken)
    starts = [i for i, e in enumerate(events) if "command" in e] + [len(events)]
    draws = shown = 0
    for a, b in zip(starts, starts[1:]):
        rng_info = events[a].get("rng")
        if not rng_info:
            continue
        rng = Rng(seed, rng_info["version"])
        for draw in rng_info["draws"]:
            draws += 1
            again = redraw(rng, draw)
            where = witnesses(again, events[a:b])
            shown += bool(where)
            if again != draw["result"]:
                failures.append(f"draw {draw['op']} at version {rng_info['version']}: recorded "
                                f"{draw['result']!r}, seed gives {again!r}")
            elif verbose:
                print(f"v{rng_info['version']} {draw['op']}: {json.dumps(again, ensure_ascii=False)}"
                      f"{'  = ' + ', '.join(where) if where else ''}")
    print(f"match {header['match_id']} ({header['game']}/{header['variant']}): seed matches commitment: "
          f"{'no' if 'commitment' in ' '.join(failures) else 'yes'}; chain of {len(events)} events: "
          f"{'broken' if broken else 'ok'}; {draws} draws re-derived ({shown} shown in events)")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
