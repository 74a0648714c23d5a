"""Steps that are not decisions (issue 38): how many steps a seat is asked with and without a pass
setting, and what an automatic pass costs beside a manual one (the baseline, measured in the same run).

Plays ``--matches`` random matches of a game through the API (embedded store, in process): seat 0 has
recorded ``pass`` ``--mode`` (only-choice by default), seat 1 recorded nothing (every step asked, as
before). Prints per seat the steps asked, how many of them offered nothing but a pass, the automatic
passes made, and the mean time of a POST /actions with and without an automatic pass following it.

    .venv/bin/python bench/bench_auto.py --game threebythree --variant overlord --matches 10
"""
import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import fakeredis                                                   # noqa: E402

from service import create_app                                     # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="threebythree")
    ap.add_argument("--variant", default="overlord")
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--moves", type=int, default=150)
    ap.add_argument("--mode", default="only-choice")
    args = ap.parse_args()
    client = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer()}).test_client()
    asked, pass_only, autos, timed = [0, 0], [0, 0], 0, {True: [], False: []}
    rnd = random.Random(1)
    for _ in range(args.matches):
        r = client.post("/matches", json={"game": args.game, "variant": args.variant,
                                          "seats": [{"name": "霊夢"}, {"name": "魔理沙"}]}).get_json()
        mid, tokens = r["match_id"], [s["token"] for s in r["seats"]]
        h = [{"Authorization": f"Bearer {t}"} for t in tokens]
        client.put(f"/matches/{mid}/seats/0/settings", json={"pass": args.mode}, headers=h[0])
        for n in range(args.moves):
            info = client.get(f"/matches/{mid}").get_json()
            if info["outcome"] is not None:
                break
            seat = info["to_act"][0]
            legal = client.get(f"/matches/{mid}/legal-actions", headers=h[seat]).get_json()
            asked[seat] += 1
            pass_only[seat] += legal["actions"] == [{"type": "pass"}]
            body = {"action": rnd.choice(legal["actions"]), "expected_version": legal["version"], "command_id": f"b{n}"}
            start = time.perf_counter()
            answer = client.post(f"/matches/{mid}/actions", json=body, headers=h[seat]).get_json()
            spent = time.perf_counter() - start
            now = client.get(f"/matches/{mid}").get_json()["version"]
            followed = now > answer["version"]
            autos += now - answer["version"] > 0 and sum(
                1 for e in client.get(f"/matches/{mid}/events", headers=h[0],
                                      query_string={"after": answer["version"], "limit": 1000}).get_json()["events"]
                if e.get("auto"))
            timed[followed].append(spent)
    mean = {k: (sum(v) / len(v) * 1000 if v else float("nan")) for k, v in timed.items()}
    print(f"{args.game} {args.variant}, {args.matches} matches, seat 0 pass={args.mode}, seat 1 nothing recorded")
    print(f"  seat 0: asked {asked[0]} steps, {pass_only[0]} of them pass-only; automatic passes made: {autos}")
    print(f"  seat 1: asked {asked[1]} steps, {pass_only[1]} of them pass-only (the baseline)")
    print(f"  POST /actions: {mean[False]:.1f} ms mean without an automatic pass after it ({len(timed[False])}), "
          f"{mean[True]:.1f} ms with ({len(timed[True])})")


if __name__ == "__main__":
    main()
