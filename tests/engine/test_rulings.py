"""engine/core/rulings.py: rulings declared as data, chosen per match, recorded in MatchCreated and kept
by replay (the ruling diff re-decides a match under the rulings it recorded)."""
import json
from collections import namedtuple

import pytest

from engine.audit.rulings import ruling_diff
from engine.core import ConfigError, Event, MatchConfig, create_events, fold, get_game, play
from engine.core import rulings

Record = namedtuple("Record", "version event command")
SEED = b"rulings-seed"


def write(tmp_path, entries):
    path = tmp_path / "rulings.json"
    path.write_text(json.dumps({"rulings": entries}, ensure_ascii=False), encoding="utf-8")
    return path


ENTRY = {"name": "x", "title": "X", "seed": "003 l.1", "quote": "…", "text": {"ja": "…", "en": "…"},
         "rules": ["r"], "choices": {"a": {"ja": "", "en": ""}, "b": {"ja": "", "en": ""}}, "default": "a"}


def test_load_reads_a_ruling_and_refuses_malformed_ones(tmp_path):
    loaded = rulings.load(write(tmp_path, [ENTRY]), "g", {"r": ("s", "t")})
    assert loaded["x"].id == "g/ruling.x" and loaded["x"].selectable and loaded["x"].default == "a"
    for bad, why in (({**ENTRY, "rules": ["nope"]}, "no rule"), ({**ENTRY, "default": "c"}, "default"),
                     ({**ENTRY, "extra": 1}, "fields"), ({k: v for k, v in ENTRY.items() if k != "default"}, "default"),
                     ({**ENTRY, "text": {"en": "…"}}, "ja and en")):
        with pytest.raises(ValueError, match=why):
            rulings.load(write(tmp_path, [bad]), "g", {"r": ("s", "t")})


def test_a_game_without_rulings_refuses_any():
    game = get_game("shisoroku")
    config = MatchConfig("shisoroku", next(iter(game.variants)), ["a", "b"], rulings={"x": "y"})
    with pytest.raises(ConfigError, match="selectable: none"):
        create_events(game, config, SEED)
    with pytest.raises(ConfigError, match="has no choice"):
        create_events(get_game("threebythree"), MatchConfig("threebythree", "wizard", ["a", "b"],
                                                            rulings={"fushi-optional": ["always"]}), SEED)
    with pytest.raises(ConfigError, match='"rulings" must be an object'):
        create_events(get_game("threebythree"), MatchConfig("threebythree", "wizard", ["a", "b"], rulings=["x"]), SEED)


def test_match_created_round_trips_the_rulings():
    config = MatchConfig("threebythree", "wizard", ["a", "b"], {"first": 0}, rulings={"fushi-optional": "optional"})
    created = create_events(get_game("threebythree"), config, SEED)[0]
    assert MatchConfig.of_created(created.data) == MatchConfig("threebythree", "wizard", ["a", "b"], {"first": 0},
                                                               rulings={"fushi-optional": "optional"})


def removal_match(rulings_map):
    """A wizard analysis match whose second command removes a 不死 unit: the records a store would hold."""
    game = get_game("threebythree")
    pos = {"first": 0, "hands": [["018"], []], "territories": [[], []], "units": [[], ["043"]], "magic": [[], []],
           "deck": ["040", "041"]}
    events = create_events(game, MatchConfig("threebythree", "wizard", ["a", "b"], {}, pos, rulings=rulings_map), SEED)
    records = [Record(i + 1, e, {"create": {"position": pos}} if i == 0 else None) for i, e in enumerate(events)]
    state = fold(game, events)
    action = {"type": "remove", "spells": [{"target": "043", "with": ["018"]}]}
    for i, e in enumerate(play(game, state, 0, action, SEED)):
        records.append(Record(len(records) + 1, e, {"seat": 0, "action": action} if i == 0 else None))
    return game, records


def test_replay_decides_again_under_the_recorded_rulings():
    game, records = removal_match({"fushi-optional": "optional"})
    assert any(r.event.type == "DecisionOpened" for r in records)
    assert ruling_diff(game, records, SEED)["differences"] == []
    created = records[0].event
    stripped = Event(created.type, {k: v for k, v in created.data.items() if k != "rulings"}, created.seat,
                     created.rule, created.cause, created.schema)
    report = ruling_diff(game, [records[0]._replace(event=stripped), *records[1:]], SEED)
    removal = next(r.command for r in records if r.command and "action" in r.command)
    assert [d["command"] for d in report["differences"]] == [removal]      # ruled as "always" without them
