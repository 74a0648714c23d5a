"""The recorded match whose Japanese narration is a fixture (issue 39): a greedy and a random bot (engine/bots,
seeded by the match seed) play a 東方零次元 duel; each event is told, as redacted for seat 0 and with
seat 0's view before it, in Japanese and in English. ``python -m tests.dimension_zero.narration_match``
writes fixtures/narration_ja.json again (after a deliberate change of the narration or the catalog)."""
import functools
import json
import random
from pathlib import Path

from engine.bots import bot_key, bot_rng, choose
from engine.core import MatchConfig, Reader, apply, clone, create_events, fold, narrate, play
from engine.core.i18n import speaking
from engine.games.dimension_zero import GAME

FIXTURE = Path(__file__).parent / "fixtures" / "narration_ja.json"
MATCH = {"variant": "touhou", "seed": "i39-narration-ja-2", "bots": ["greedy", "random"], "reader": 0,
         "names": ["霊夢", "魔理沙"], "max_actions": 1500}


def recorded_events(match=MATCH) -> list:
    seed = match["seed"].encode()
    events = create_events(GAME, MatchConfig(GAME.id, match["variant"], ["a", "b"], {}), seed)
    live = fold(GAME, events)
    for _step in range(match["max_actions"]):
        if GAME.outcome(live) is not None:
            break
        seat = GAME.to_act(live)[0]
        action = choose(GAME, live, seat, {"bot": match["bots"][seat]}, bot_rng(bot_key(seed, seat), live["version"]))
        new = play(GAME, live, seat, action, seed)
        live = fold(GAME, new, live)
        events += new
    return events


def told(events, reader, names, lang) -> list:
    """(version, event, sentence) for every game event (not the platform's: MatchCreated) the reader is
    shown and the log does not fold, in ``lang``."""
    return told_to(events, (reader,), names, lang)[reader]


def told_to(events, readers, names, lang) -> dict:
    """``told`` for each of ``readers`` (reader -> its lines), the match folded once for all of them."""
    out, state = {reader: [] for reader in readers}, None
    with speaking(lang):
        for version, event in enumerate(events, start=1):
            for reader in readers if GAME.narrate.covers(event.type) else ():
                shown = GAME.redact(event, reader)
                if shown is None:
                    continue
                view = (lambda before=state, seat=reader: GAME.view(before, seat) if before is not None else {})
                text = narrate(GAME, shown, Reader(reader, names, view))
                if text is not None:
                    out[reader].append((version, event, text))
            state = apply(GAME, clone(state) if state is not None else None, event)
    return out


@functools.lru_cache(maxsize=None)
def random_matches() -> tuple:
    """Random duels of every variant and a best-of-3 match: events of every kind the game emits."""
    out = []
    for variant, options, games in (("first-century", {}, 3), ("touhou", {}, 3), ("touhou-instant", {}, 2),
                                    ("touhou", {"best_of": 3}, 1)):
        for i in range(games):
            seed = b"i39-ja-%s-%d-%d" % (variant.encode(), i, len(options))
            events = create_events(GAME, MatchConfig(GAME.id, variant, ["a", "b"], options), seed)
            live = fold(GAME, events)
            rng = random.Random(seed)
            while GAME.outcome(live) is None:
                seat = rng.choice(GAME.to_act(live))
                new = play(GAME, live, seat, rng.choice(GAME.legal_actions(live, seat)), seed)
                live = fold(GAME, new, live)
                events += new
            out.append(events)
    return tuple(out)


def write_fixture() -> None:
    lines = [{"version": v, "type": e.type, "ja": text}
             for v, e, text in told(recorded_events(), MATCH["reader"], MATCH["names"], "ja")]
    head = json.dumps(MATCH, ensure_ascii=False)[:-1]
    body = ",\n  ".join(json.dumps(line, ensure_ascii=False) for line in lines)
    FIXTURE.write_text(f'{head}, "lines": [\n  {body}\n]}}\n')


if __name__ == "__main__":
    write_fixture()
