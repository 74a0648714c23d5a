"""One test per leak issue 13 describes (engine level where the service calls the engine directly:
a seat's fork is ``game.determinize(state, seat, rng)`` in service/application/match/forks.py).

The 東方祀爭録 one (after 古明地さとり puts the revealed cards back, CardsPutOnDeck must not give their
order to the other seats) is left to the shisoroku helper's own test beside its fix
(tests/shisoroku/leaks.py already states the rule: CardsPutOnDeck shows its cards only to the owner
unless they were revealed).
"""
import random

import pytest

from engine.core import MatchConfig, Rng, create_events, fold, get_game, play
from tests.helpers import ApiMatch
from tests.hidden import games, positions, probes
from tests.hidden.adversary import answer
from tests.hidden.leaks import scrub


def test_dimension_zero_activate_names_no_hidden_card():
    """{"type":"activate","card":<opponent hand id>,"ability":9} answers as "card":"9-99" does."""
    game, findings = get_game("dimension-zero"), []
    for label, state, seed in positions.of(game.id):
        for seat in game.to_act(state):
            base, _ = answer(game, state, seat, {"type": "activate", "card": "9-99", "ability": 9}, seed)
            for h in state["players"][1 - seat]["hand"]:
                probes.count(game.id, "regression: activate")
                got, _ = answer(game, state, seat, {"type": "activate", "card": h, "ability": 9}, seed)
                if scrub(got, {h}) != scrub(base, {"9-99"}):
                    findings.append(f"{label} seat {seat} card {h}: {got} vs {base}")
    assert not findings, "\n".join(findings[:10])


def _pending_search(game):
    """A constructed 東方独占録 position where a seat is searching its deck (S07 played when it can)."""
    for i in range(40):
        rng, seed = random.Random(i), b"search-%d" % i
        state = fold(game, create_events(game, MatchConfig(game.id, "constructed", ["a", "b"], {}), seed))
        for _ in range(400):
            if game.outcome(state) is not None:
                break
            if (state["pending"] or {}).get("kind") == "search":
                return state
            seat = rng.choice(game.to_act(state))
            legal = game.legal_actions(state, seat)
            s07 = [a for a in legal if str(a.get("card", "")).startswith("S07")]
            state = fold(game, play(game, state, seat, s07[0] if s07 else rng.choice(legal), seed), state)
    raise AssertionError("no pending search reached in 40 seeds")


def test_dokusenroku_fork_keeps_no_true_search_options():
    game = get_game("dokusenroku")
    state = _pending_search(game)
    searcher = state["pending"]["seat"]
    truth = sorted(state["pending"]["options"])
    forks = [game.determinize(state, 1 - searcher, Rng(bytes([i]) * 32)) for i in range(8)]
    probes.count(game.id, "regression: fork search", len(forks))
    kept = [f for f in forks if sorted((f["pending"] or {}).get("options") or []) == truth]
    assert len(kept) < len(forks), (f"every fork by seat {1 - searcher} keeps seat {searcher}'s true search "
                                    f"options {truth} (its deck's true contents)")


def test_dimension_zero_best_of_3_fork_keeps_no_true_series_deck():
    game = get_game("dimension-zero")
    seed = b"bo3"
    state = fold(game, create_events(game, MatchConfig(game.id, "touhou", ["a", "b"], {"best_of": 3}), seed))
    truth = (state["series"]["decks"][1], state["series"]["sideboards"][1])
    forks = [game.determinize(state, 0, Rng(bytes([i]) * 32)) for i in range(8)]
    probes.count(game.id, "regression: fork series", len(forks))
    kept = [f for f in forks if ((f.get("series") or {}).get("decks", [None, None])[1],
                                 (f.get("series") or {}).get("sideboards", [None, None])[1]) == truth]
    assert len(kept) < len(forks), "every fork by seat 0 keeps seat 1's true series.decks / series.sideboards"


@pytest.mark.parametrize("game", games.GAMES, ids=games.GAME_IDS)
def test_a_listed_action_with_a_long_junk_field_is_refused_naming_it(client, game):
    variant = next(iter(game.variants))
    m = ApiMatch(client, game.id, variant)
    seat = m.info()["to_act"][0]
    legal = m.legal(seat)
    action = {**legal["actions"][0], "note_to_self": "x" * 10_000}
    probes.count(game.id, "regression: junk field (HTTP)")
    r = m.post(seat, action, legal["version"])
    body = r.get_json()
    assert r.status_code == 422, body
    assert "note_to_self" in body["error"]["message"], body
