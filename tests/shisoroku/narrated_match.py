"""One recorded 東方祀爭録 match for the narration tests (issue 39), kept in fixtures/narration_ja.json:
three Big Money bots, each with its own kingdom card — 咒詛「魔彩光の上海人形」 (an attack), 降り注ぐ星の光
(a duration), 夢符「封魔陣」 (a reaction) — dealt and played from the fixture's seed, told to seat 0
(its own draws named, the others' counted). ``python -m tests.shisoroku.narrated_match`` rewrites the
fixture's lines from its seed and config (after a deliberate change of the Japanese narration)."""
import functools
import json
import random
import re
from pathlib import Path

from engine.core import Event, MatchConfig, Reader, Rng, clone
from engine.core.i18n import speaking
from engine.games.shisoroku import big_money
from engine.games.shisoroku.cards import CARDS, KINGDOM
from tests.engine_table import EngineTable
from tests.shisoroku.table import GAME, Table, position

FIXTURE = Path(__file__).with_name("fixtures") / "narration_ja.json"
GLOSSARY = json.loads((Path(__file__).resolve().parents[2] / "engine/games/shisoroku/glossary.json").read_text())


def fixture() -> dict:
    return json.loads(FIXTURE.read_text())


def events(match: dict) -> list:
    """The events of the match ``match`` (the fixture) describes, from MatchCreated to GameEnded."""
    config = MatchConfig("shisoroku", "standard", match["seats"], {"kingdom": match["kingdom"], "first": 0})
    table = EngineTable(GAME, config, match["seed"].encode())
    rng = Rng.for_version(match["seed"].encode(), 0)
    bots = [big_money.check(b) for b in match["bots"]]
    while GAME.outcome(table.state) is None:
        seat = GAME.to_act(table.state)[0]
        table.act(seat, big_money.choose(GAME, table.state, seat, rng, bots[seat]))
    return table.events


def narration(lang: str, match: dict, played: list) -> list:
    """[(event type, sentence)] of every game event the log tells (the platform's, told by the core,
    left out), as the fixture's reader reads them, in ``lang``."""
    reader = Reader(match["reader"], match["seats"])
    lines = []
    with speaking(lang):
        for e in played:
            shown = GAME.redact(e, reader.seat) if GAME.narrate.covers(e.type) else None
            text = GAME.narrate(shown, reader) if shown is not None else None
            if text is not None:
                lines.append((e.type, text))
    return lines


def rewrite() -> None:
    match = fixture()
    lines = narration("ja", match, events(match))
    head = {k: v for k, v in match.items() if k != "lines"}
    body = ",\n".join("  " + json.dumps({"event": t, "ja": s}, ensure_ascii=False) for t, s in lines)
    FIXTURE.write_text(json.dumps(head, ensure_ascii=False)[:-1] + ', "lines": [\n' + body + "\n]}\n")


# ---- beyond the recorded match: events of every type, for the checks of the Japanese (test_glossaries.py) ----

NAMES = ["霊夢", "魔理沙", "咲夜"]
HANDMADE = [      # events a few random games may not reach, as decide emits them (before redaction)
    Event("CardStays", {"seat": 0, "card": "star"}),
    Event("CardsDiscarded", {"seat": 1, "cards": ["osaisen", "hakurei"], "from": "hand"}),
    Event("CardsDiscarded", {"seat": 0, "cards": ["osaisen", "hakurei"], "from": "deck"}),
    Event("CardsLookedAt", {"seat": 1, "cards": ["osaisen", "omiki", "hakurei"], "from": "deck"}),
    Event("CardsPutInHand", {"seat": 0, "cards": ["osaisen"], "from": "looking"}),
    Event("CardsPutOnDeck", {"seat": 1, "cards": ["omiki", "osaisen"], "from": "revealed"}),
    Event("CardsPutOnDeck", {"seat": 0, "cards": ["hakurei"], "from": "hand", "revealed": True}),
    Event("GainReplaced", {"seat": 0, "card": "minus", "by": "fuumajin", "instead": "hounoumai"}),
    Event("NothingGained", {"seat": 0, "card": "minus", "reason": "pile empty"}),
    Event("NothingGained", {"seat": 0, "card": None, "reason": "no card fits"}),
    Event("CardGained", {"seat": 0, "card": "hounoumai", "from": "trash", "to": "hand"}),
    Event("Decided", {"seat": 0, "kind": "mode", "closes": 1, "answer": ["cards", "coins"]}),
    Event("GameEnded", {"reasons": ["3-piles", "10vp-pile"], "scores": [5, 5], "turns": [3, 3], "winners": [0, 1],
                        "winner": None, "shared": True, "by": "shared win"}),
]


@functools.lru_cache(maxsize=None)
def random_tables() -> tuple:
    """Random games over the whole kingdom, ten cards at a time, played to their end: (table, the
    states met with the seat to act in each)."""
    pool, out = sorted(KINGDOM), []
    for i in range(0, len(pool), 10):
        kingdom = (pool[i:i + 10] + pool[:10])[:10]
        table = EngineTable(GAME, MatchConfig("shisoroku", "standard", NAMES[:2], {"kingdom": kingdom}), b"ja%d" % i)
        rng = random.Random(i)
        met = []
        while GAME.outcome(table.state) is None:
            seat = rng.choice(GAME.to_act(table.state))
            met.append((clone(table.state), seat))
            table.act(seat, rng.choice(GAME.legal_actions(table.state, seat)))
        out.append((table, tuple(met)))
    return tuple(out)


def random_states():
    """The states random games meet, each with a seat to act (test_choices walks their steps)."""
    for _table, met in random_tables():
        yield from ((clone(state), seat) for state, seat in met)


def analysis_start() -> list:
    return Table(position(dict(hand=["osaisen"] * 5, deck=["omiki"]), dict(hand=["hakurei"] * 5, deck=[]))).events


def english_words(text: str) -> list:
    """The words of ``text`` in Latin letters, card names (printed as they are) aside."""
    for card in sorted((c.name for c in CARDS.values()), key=len, reverse=True):
        text = text.replace(card, "")
    return re.findall(r"[A-Za-z]+", text)


if __name__ == "__main__":
    rewrite()
