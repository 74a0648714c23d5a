"""Ratings (issue 41): the model against Glickman's worked example and OpenSkill's own ranking, the live
figures of a few hundred rated matches across all games equal to a rebuild from the log and from an
export, aborted matches not counted, two ends at once both counted once."""
import importlib
import json
import random
import threading

import pytest
from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi
from openskill.models import PlackettLuce

from service.application.datasets import tables
from service.application.errors import Invalid
from service.application.match.creating import create_match
from service.application.ratings import live, model, rebuild
from service.application.ratings.model import GLICKO2, PLACKETT_LUCE, RatedEnd
from service.application.storage import ratings as stored
from service.cli import main
from tests.ratings.helpers import new_store, rated_match, variants

CLI = importlib.import_module("service.cli.ratings")       # (service.cli.ratings is also the click group)


def test_glicko2_matches_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200 beats 1400/30, loses to 1550/100 and
    1700/300 in one period (tau 0.5) -> 1464.06 / 151.52 / 0.05999."""
    me = {"rating": 1500.0, "deviation": 200.0, "volatility": 0.06, "games": 0}
    after = model.glicko2_period(me, [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)])
    # the paper rounds its steps (mu' = -0.2069 -> 1464.06); computed through, 1464.0507 / 151.5165 / 0.0599960
    assert after["rating"] == pytest.approx(1464.06, abs=0.01)
    assert after["deviation"] == pytest.approx(151.52, abs=0.01)
    assert after["volatility"] == pytest.approx(0.05999, abs=1e-5)
    assert after["games"] == 3
    assert round(mu_to_rating(rating_to_mu(1400.0)), 9) == 1400.0 and round(phi_to_rd(rd_to_phi(30.0)), 9) == 30.0


def test_a_two_seat_match_is_one_glicko2_period_for_each_seat():
    a = {**model.start(GLICKO2), "rating": 1500.0, "deviation": 200.0}
    b = {**model.start(GLICKO2), "rating": 1400.0, "deviation": 30.0}
    won, lost = model.rate(GLICKO2, [a, b], [1.0, 0.0])
    assert won == model.glicko2_period(a, [(1400.0, 30.0, 1.0)])
    assert lost == model.glicko2_period(b, [(1500.0, 200.0, 0.0)])
    drawn = model.rate(GLICKO2, [a, b], [0.5, 0.5])
    assert drawn[0]["rating"] < a["rating"] < won["rating"]        # a draw with a weaker player costs points
    assert not model.provisional({"deviation": 100.0}) and model.provisional(model.start(GLICKO2))


def test_a_multiplayer_update_ranks_placings_as_openskill_does():
    seats = [model.start(PLACKETT_LUCE) for _ in range(4)]
    seats[2] = {**seats[2], "rating": 1600.0, "deviation": 300.0}
    results = [0.0, 1.0, 1 / 3, 2 / 3]                  # places 4, 1, 3, 2
    assert model.placings(results) == [4, 1, 3, 2]
    after = model.rate(PLACKETT_LUCE, seats, results)
    reference = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)
    teams = [[reference.create_rating([s["rating"], s["deviation"]])] for s in seats]
    expected = reference.rate(teams, ranks=[4, 1, 3, 2])
    assert [(f["rating"], f["deviation"]) for f in after] == [(t[0].mu, t[0].sigma) for t in expected]
    gained = [f["rating"] - s["rating"] for f, s in zip(after, seats)]
    assert gained[1] > gained[3] > 0 > gained[0]         # the winner gains most, the last loses
    tied = model.rate(PLACKETT_LUCE, [model.start(PLACKETT_LUCE)] * 3, [0.5, 0.0, 0.5])
    assert tied[0] == tied[2] and tied[0]["rating"] > tied[1]["rating"]     # a shared first place


@pytest.fixture(scope="module")
def played():
    """Rated matches across every game and variant, 2 to 4 seats, a pool of players per variant: most
    end by a resignation or a draw after a few moves, some are aborted (0 or 1 move), a few stay running."""
    store, rng = new_store(), random.Random(41)
    ids = {"counted": [], "aborted": [], "running": []}
    pool = [f"pl{i}" for i in range(8)]
    combos = variants()
    for i in range(200):
        game, variant, n = combos[i % len(combos)]
        players = rng.sample(pool, n)
        kind = rng.choice(["counted"] * 8 + ["aborted", "running"])
        moves = rng.randint(0, 1) if kind == "aborted" else rng.randint(2, 4)
        ending = "none" if kind == "running" else rng.choice(["resign", "resign", "draw"])
        match_id = rated_match(store, game, variant, players, moves, ending, rng, loser=rng.randrange(n))
        ids[kind].append((game, variant, match_id))
    return store, ids


def test_rebuild_from_the_log_and_from_an_export_equal_the_live_ratings(played, tmp_path, monkeypatch):
    store, ids = played
    ladders = rebuild.project(rebuild.from_log(store, 2))
    assert rebuild.differences(store, ladders) == []
    counted = sum(len(ladder.changes) for ladder in ladders.values())
    assert counted >= 120 and len(ladders) == len({(g, v) for g, v, _ in ids["counted"]})
    for (game, variant), ladder in ladders.items():      # equal to the last bit, as stored
        assert stored.all_figures(store, game, variant) == ladder.figures
    for fmt in ("jsonl", "parquet"):
        out = tmp_path / fmt
        tables.export(store, out, fmt=fmt, min_moves=2)
        from_export = rebuild.project(rebuild.from_export(out))
        assert {gv: lad.figures for gv, lad in from_export.items()} == {gv: lad.figures for gv, lad in ladders.items()}
        assert rebuild.export_differences(out, from_export) == []
    monkeypatch.setattr(CLI, "_store", lambda: store)
    assert main(["ratings", "verify"]) == 0
    assert main(["ratings", "verify", "--from-export", str(tmp_path / "jsonl"), "--no-store"]) == 0
    assert main(["ratings", "verify", "--from-export", str(tmp_path / "parquet")]) == 0


def test_verify_finds_a_live_figure_changed_and_rebuild_puts_it_right(played, monkeypatch, capsys):
    store, ids = played
    game, variant, match_id = ids["counted"][0]
    who = stored.ends(store, game, variant, [match_id])[0]["change"][0]["who"]
    figure = stored.figures(store, game, variant, [who])[0]
    writes = stored.Writes(game, variant)
    writes.figure(who, {**figure, "rating": figure["rating"] + 1})
    assert writes.apply(store, stored.seq(store, game, variant))
    monkeypatch.setattr(CLI, "_store", lambda: store)
    assert main(["ratings", "verify"]) == 1
    assert who in capsys.readouterr().out
    assert main(["ratings", "rebuild"]) == 0
    assert main(["ratings", "verify"]) == 0


def test_aborted_matches_and_running_ones_do_not_count(played):
    store, ids = played
    for game, variant, match_id in ids["aborted"]:
        record = stored.ends(store, game, variant, [match_id])[0]
        if record["end"]["moves"] < 2:
            assert record["change"] is None and not record["end"]["counts"]
            assert record["end"]["reason"].startswith("aborted")
            for who in record["end"]["seats"]:
                assert match_id not in stored.history(store, game, variant, who, 1000)
    for game, variant, match_id in ids["running"]:
        assert stored.ends(store, game, variant, [match_id]) == [None]


def test_only_players_and_bots_may_sit_at_a_rated_match():
    store = new_store()
    body = {"game": "threebythree", "variant": "overlord", "options": {}, "setup": None, "audit_live": False,
            "deadline": None, "rated": True}
    with pytest.raises(Invalid, match="seats.1"):
        create_match(store, {**body, "seats": [{"name": "a", "bot": "random"}, {"name": "b"}]})
    with pytest.raises(Invalid, match="private"):
        create_match(store, {**body, "private": True, "seats": [{"name": "a", "bot": "random"}] * 2})
    made = create_match(store, {**body, "seats": [{"name": "a", "bot": "random"}, {"name": "b", "join": "open"}]})
    first = store.read(made.match_id, 0, 1)[0].event
    assert first.type == "MatchCreated" and first.data["rated"] is True
    casual = create_match(store, {**body, "rated": False, "seats": [{"name": "a"}, {"name": "b"}]})
    assert "rated" not in store.read(casual.match_id, 0, 1)[0].event.data          # older shape kept


def _end(match_id, at, seats, results):
    return RatedEnd(match_id, "threebythree", "overlord", at, seats, results, 5)


def test_two_ends_at_once_both_count_once_and_a_late_earlier_end_rewrites_in_order():
    store = new_store()
    ends = [_end(f"m{i}", f"2026-01-01T00:00:{i:02d}.000Z", [f"player:p{i % 3}", f"player:p{(i + 1) % 3}"],
                 [1.0, 0.0] if i % 2 else [0.5, 0.5]) for i in range(12)]
    late = ends.pop(3)                                   # ended fourth, recorded last: a rewrite
    results, barrier = [], threading.Barrier(4)

    def record(chunk):
        barrier.wait()
        results.extend(live.record(store, e) for e in chunk)
    threads = [threading.Thread(target=record, args=(ends[k::4],)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert live.record(store, late) == "rewritten"
    assert live.record(store, ends[0]) == "known"
    expected = model.project(GLICKO2, [*ends, late])
    assert stored.all_figures(store, "threebythree", "overlord") == expected.figures
    assert sum(f["games"] for f in expected.figures.values()) == 24
    recorded = {r["end"]["match_id"]: r["change"] for r in stored.all_ends(store, "threebythree", "overlord")}
    assert recorded == expected.changes
    assert stored.history(store, "threebythree", "overlord", "player:p0", 100) == \
        [e.match_id for e in sorted([*ends, late], key=model.order_key) if "player:p0" in e.seats]
    assert json.loads(json.dumps(expected.figures)) == expected.figures       # floats round-trip exactly


def test_an_end_the_reaction_missed_is_folded_in_by_its_due_job(monkeypatch):
    """A process that dies between the append and the reaction: the due rate_match job recorded before
    the append folds the end in later; run again, it finds it known."""
    from datetime import timedelta

    from service.application import clock
    store, rng = new_store(), random.Random(7)
    real = live.record
    monkeypatch.setattr(live, "record", lambda *a: (_ for _ in ()).throw(RuntimeError("killed")))
    match_id = rated_match(store, "threebythree", "overlord", ["p1", "p2"], 3, "resign", rng)
    assert stored.ends(store, "threebythree", "overlord", [match_id]) == [None]      # the reaction failed
    monkeypatch.setattr(live, "record", real)
    store.jobs.run_pending(clock.now() + timedelta(seconds=live.SAFETY_SECONDS + 1))
    record = stored.ends(store, "threebythree", "overlord", [match_id])[0]
    assert record["change"] is not None
    assert rebuild.differences(store, rebuild.project(rebuild.from_log(store, 2))) == []
    assert live.rate_match(store, match_id, 2) == "known"
