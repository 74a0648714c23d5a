"""The platform part of the engine: match creation, fold, the hash chain."""
from engine.core import (GENESIS_HASH, ENGINE_VERSION, Event, MatchConfig, canonical_json, chain_hash,
                         create_events, fold, get_game, list_games)


def test_match_created_carries_commitment_and_versions():
    game = get_game("threebythree")
    events = create_events(game, MatchConfig("threebythree", "overlord", ["a", "b"]), b"s" * 32)
    created = events[0]
    assert created.type == "MatchCreated" and created.rule == "kifu/match"
    assert created.data["engine_version"] == ENGINE_VERSION
    assert created.data["cardset_version"] == game.cardset_version
    assert len(created.data["commitment"]) == 64 and b"s" * 32 not in canonical_json(created.data)


def test_every_event_cites_a_rule():
    game = get_game("threebythree")
    events = create_events(game, MatchConfig("threebythree", "overlord", ["a", "b"]), b"x")
    assert all(e.rule for e in events)


def test_seed_revealed_is_folded_into_match_metadata():
    game = get_game("threebythree")
    events = create_events(game, MatchConfig("threebythree", "overlord", ["a", "b"]), b"x")
    state = fold(game, events + [Event("SeedRevealed", {"seed": "78"}, rule="kifu/match")])
    assert state["match"]["seed"] == "78" and state["version"] == len(events) + 1


def test_hash_chain_detects_any_change():
    events = [{"type": "A", "data": {"x": 1}}, {"type": "B", "data": {"y": "名"}}]
    h1 = chain_hash(GENESIS_HASH, 1, events[0])
    h2 = chain_hash(h1, 2, events[1])
    assert chain_hash(chain_hash(GENESIS_HASH, 1, {"type": "A", "data": {"x": 2}}), 2, events[1]) != h2
    assert chain_hash(h1, 3, events[1]) != h2                     # the version is part of the hash
    assert canonical_json({"b": 1, "a": "名"}) == '{"a":"名","b":1}'.encode()


def test_registry_lists_games():
    assert "threebythree" in [g.id for g in list_games()]
