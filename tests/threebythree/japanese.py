"""The Japanese narration of 3x3Wars matches (issue 39), for tests/test_glossaries.py and test_narration_ja.py.

``fixtures/narration_ja.json`` is one recorded match: the seed, level and seat names, every action as
played (seeded greedy bots), and the Japanese narration for seat 0, line by line with each event's type.
Tell it again after a deliberate change of wording with ``python -m tests.threebythree.japanese`` (the
actions are kept; with no fixture, a match is recorded anew).
"""
import json
import random
from pathlib import Path

from engine import bots
from engine.core import PLATFORM_EVENTS, Event, MatchConfig, Reader, create_events, fold, narrate, play
from engine.core.i18n import speaking
from tests.threebythree.table import GAME

FIXTURE = Path(__file__).parent / "fixtures" / "narration_ja.json"
GLOSSARY = json.loads((Path(__file__).resolve().parents[2] / "engine" / "games" / "threebythree" / "glossary.json")
                      .read_text(encoding="utf-8"))
NAMES = ["霊夢", "魔理沙"]


def recorded(variant="overlord", seed=b"kifu-i39-ja-0", bot="greedy") -> dict:
    """A match of two seeded bots: its actions and, for seat 0, the Japanese line of each event."""
    events = create_events(GAME, MatchConfig("threebythree", variant, NAMES, {}), seed)
    state, actions = fold(GAME, events), []
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        action = bots.choose(GAME, state, seat, {"bot": bot, "budget": None},
                             bots.bot_rng(bots.bot_key(seed, seat), len(events)))
        actions.append([seat, action])
        new = play(GAME, state, seat, action, seed)
        state, events = fold(GAME, new, state), events + new
    return {"variant": variant, "seed": seed.decode(), "names": NAMES, "reader": 0, "actions": actions,
            "lines": [{"version": v, "type": t, "ja": line} for v, t, _e, line in told(events, 0)]}


def replayed(fixture: dict) -> list:
    """The events of the recorded match, its actions played again from its seed."""
    seed = fixture["seed"].encode()
    events = create_events(GAME, MatchConfig("threebythree", fixture["variant"], fixture["names"], {}), seed)
    state = fold(GAME, events)
    for seat, action in fixture["actions"]:
        new = play(GAME, state, seat, action, seed)
        state, events = fold(GAME, new, state), events + new
    return events


def told(events, reader, lang="ja", names=NAMES) -> list:
    """(version, event type, the event as the reader sees it, its line) for each game event narrated."""
    out = []
    with speaking(lang):
        for v, e in enumerate(events, start=1):
            if e.type in PLATFORM_EVENTS:
                continue
            shown = GAME.redact(e, reader)
            line = narrate(GAME, shown, Reader(reader, names)) if shown is not None else None
            if line:
                out.append((v, e.type, shown, line))
    return out


# What seeded random matches hardly ever show: a mulligan (中級 ・マリガン), 不死 (○不死), a drawn game
# (◇勝利条件), an analysis position.
RARE = [Event("PositionSet", {"first": 0, "hands": [["009"], []], "territories": [[], []], "magic": [[], []],
                              "deck": ["018"], "units": [[], []], "discard": []}, None, "threebythree/setup.position"),
        Event("Mulliganed", {"seat": 0, "returned": ["009", "018"], "count": 1}, 0, "threebythree/apprentice.mulligan"),
        Event("DecisionOpened", {"kind": "undying", "seat": 1, "cards": ["031"], "resume": "removal"}, None,
              "threebythree/trait.不死"),
        Event("UndyingUsed", {"seat": 1, "card": "031"}, 1, "threebythree/trait.不死"),
        Event("GameEnded", {"winner": None, "draw": True, "reason": "deck", "life": [7, 7]}, None,
              "threebythree/win.deck")]


def random_matches(per_variant=6) -> list:
    """Seeded random matches of every level: (events) lists; and the RARE events."""
    out = []
    for variant in GAME.variants:
        for i in range(per_variant):
            seed = b"kifu-i39-random-%s-%d" % (variant.encode(), i)
            rng = random.Random(seed)
            events = create_events(GAME, MatchConfig("threebythree", variant, NAMES, {}), seed)
            state = fold(GAME, events)
            while GAME.outcome(state) is None:
                seat = rng.choice(GAME.to_act(state))
                new = play(GAME, state, seat, rng.choice(GAME.legal_actions(state, seat)), seed)
                state, events = fold(GAME, new, state), events + new
            out.append(events)
    return out + [RARE]


def selects(selector: str, event) -> bool:
    """A glossary entry's event: "Type", "Type:field" (the field is there) or "Type:field=value" (true, false
    — which also matches a missing field — or a string)."""
    kind, _sep, cond = selector.partition(":")
    if event.type != kind:
        return False
    if not cond:
        return True
    field, eq, value = cond.partition("=")
    if not eq:
        return field in event.data
    want = {"true": True, "false": False}.get(value, value)
    got = event.data.get(field)
    return (got or False) == want if isinstance(want, bool) else got == want


def retold(fixture: dict) -> dict:
    """The recorded match (its actions kept) with its lines told again as the catalog says them now."""
    return {**fixture, "lines": [{"version": v, "type": t, "ja": line}
                                 for v, t, _e, line in told(replayed(fixture), fixture["reader"])]}


if __name__ == "__main__":
    FIXTURE.parent.mkdir(exist_ok=True)
    again = retold(json.loads(FIXTURE.read_text(encoding="utf-8"))) if FIXTURE.is_file() else recorded()
    FIXTURE.write_text(json.dumps(again, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
