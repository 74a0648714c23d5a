"""One recorded 東方独占録 match, played by seeded bots (deterministic): the match the Japanese narration
fixture (fixtures/narration_ja.json) tells line by line, and the glossary test reads.

``python -m tests.dokusenroku.recorded`` rewrites the fixture's lines from its config (run it only when
a sentence is meant to change, and read the diff)."""
import functools
import json
from pathlib import Path

from engine.bots import choose
from engine.core import MatchConfig, Reader, Rng, create_events, fold, narrate, play
from engine.core.i18n import speaking
from engine.games.dokusenroku import GAME
from engine.games.dokusenroku.narration import LINES

FIXTURE = Path(__file__).parent / "fixtures" / "narration_ja.json"
GLOSSARY = json.loads((Path(__file__).resolve().parents[2] / "engine" / "games" / "dokusenroku" / "glossary.json")
                      .read_text(encoding="utf-8"))
MAX_ACTIONS = 3000


def fixture() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def events_of(match: dict) -> list:
    """The match's events: its config and seed, each seat played by its bot (``bots``), the bot's rng
    keyed by the seed and the version."""
    seed = match["seed"].encode()
    config = MatchConfig("dokusenroku", match["variant"], match["names"], match["options"])
    events = create_events(GAME, config, seed)
    state = fold(GAME, events)
    for _ in range(MAX_ACTIONS):
        if GAME.outcome(state) is not None:
            return events
        seat = GAME.to_act(state)[0]
        action = choose(GAME, state, seat, {"bot": match["bots"][seat], "budget": None},
                        Rng(b"bot", seed, state["version"]))
        new = play(GAME, state, seat, action, seed)
        state = fold(GAME, new, state)
        events += new
    raise AssertionError(f"the recorded match did not end in {MAX_ACTIONS} actions")


def told(events, names, lang="ja", reader=None) -> list:
    """``[(index, event type, sentence)]`` of every event the game narrates (the platform's and the
    table's are the core's), as ``reader`` (None: a spectator) reads it, in ``lang``."""
    out = []
    with speaking(lang):
        for i, event in enumerate(events):
            shown = GAME.redact(event, reader) if event.type in LINES.lines else None
            line = narrate(GAME, shown, Reader(reader, names)) if shown is not None else None
            if line is not None:
                out.append((i, event.type, line))
    return out


@functools.lru_cache(maxsize=None)
def random_matches() -> tuple:
    """Events of every type the game narrates, beside the recorded match's: seeded random games, and a
    game from an analysis position where a player goes bankrupt and refills (types random games do not
    reach)."""
    from tests.dokusenroku.playout import play_random_game
    from tests.dokusenroku.table import Table, owned, position
    games = [play_random_game(variant, seats, options, i, 5000, False)[1]
             for variant, seats, options in [("constructed", 3, {}), ("standard", 2, {"removed": 10}),
                                             ("constructed", 4, {}), ("standard", 4, {"removed": 10})]
             for i in range(2)]
    broke = Table(position(hands=[[], []], money=[0, 0], at=[3, 0], decks=[["C30a", "C31a", "C32a", "C33a"]],
                           lands={"L07": owned(1, "C20a"), "L10": owned(1, "C23a", 5)}))     # 002 破産
    broke.act(0, {"type": "roll"}, dice=[10])
    broke.act(0, {"type": "refill"})
    return (*games, broke.events)


if __name__ == "__main__":
    match = fixture()
    match["lines"] = [{"event": i, "type": t, "ja": s} for i, t, s in told(events_of(match), match["names"])]
    head = json.dumps({k: v for k, v in match.items() if k != "lines"}, ensure_ascii=False, indent=1)[:-2]
    lines = ",\n  ".join(json.dumps(x, ensure_ascii=False) for x in match["lines"])
    FIXTURE.write_text(f'{head},\n "lines": [\n  {lines}\n ]\n}}\n', encoding="utf-8")     # a line of the log a line
    print(f"{FIXTURE}: {len(match['lines'])} lines")
