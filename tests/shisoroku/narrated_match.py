"""One recorded 東方祀爭録 match for the narration tests (issue 39), kept in fixtures/narration_ja.json:
three Big Money bots, each with its own kingdom card — 咒詛「魔彩光の上海人形」 (an attack), 降り注ぐ星の光
(a duration), 夢符「封魔陣」 (a reaction) — dealt and played from the fixture's seed, told to seat 0
(its own draws named, the others' counted). ``python -m tests.shisoroku.narrated_match`` rewrites the
fixture's lines from its seed and config (after a deliberate change of the Japanese narration)."""
import json
from pathlib import Path

from engine.core import MatchConfig, Reader, Rng
from engine.core.i18n import speaking
from engine.games.shisoroku import big_money
from tests.engine_table import EngineTable
from tests.shisoroku.table import GAME

FIXTURE = Path(__file__).with_name("fixtures") / "narration_ja.json"


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


if __name__ == "__main__":
    rewrite()
