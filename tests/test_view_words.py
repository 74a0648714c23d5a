"""The words of the game views (issue 39): the whole-view panels of the web page title every key of a
view, and say every value that names something of the game (a phase, a step, a kind of choice, a
zone), in the page's language and the game's own terms (service/http/webapp/view_words.js). Every key
and every such value the four games' views hold, over random games in memory (each variant, with and
without its options, at the fewest and the most seats; each seat's view and a spectator's), has its
word in the tables; a key left out would be shown in English on a Japanese page."""
import json
import re
from pathlib import Path

import pytest

from engine.bots import bot_key, bot_rng, choose
from engine.core import MatchConfig, Rng, advance, create_events, fold
from engine.core.registry import get_game
from engine.simulation.arena import game_seed

VIEW_WORDS = Path(__file__).resolve().parents[1] / "service" / "http" / "webapp" / "view_words.js"
GAMES = ("threebythree", "dimension-zero", "dokusenroku", "shisoroku")
# the options that change what a view holds (a best-of-three series, a deck-size adjustment, the other
# starting deck and the optional cards)
OPTIONS = {"dimension-zero": [{}, {"best_of": 3}], "dokusenroku": [{}, {"end": "empty-draw", "removed": 5}],
           "shisoroku": [{}, {"start_deck": "chirei", "goshinsatsu": True, "amaneki": True}], "threebythree": [{}]}
GAMES_EACH = 1
MAX_ACTIONS = 1500
SHOWN_OTHERWISE = {"variant", "rule"}       # a variant by its title, a rule by its card or its rulebook section
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def tables() -> dict:
    """view_words.js's tables as data: {"COMMON": {key: message}, "TERMS": {game: {"keys": {...},
    "values": {key: {value: message}}}}} (read from between its two marks, the JavaScript object
    literals made JSON)."""
    text = VIEW_WORDS.read_text(encoding="utf-8")
    body = text.split("// ---- the tables ----", 1)[1].split("// ---- end of the tables ----", 1)[0]
    body = re.sub(r"//[^\n]*", "", body)
    string = r'("(?:[^"\\]|\\.)*")'
    body = re.sub(r"N_\(" + string + r"\)", r"\1", body)
    body = re.sub(r'pgettext\("[^"]*",\s*' + string + r"\)", r"\1", body)
    body = body.replace("() => ({", "{").replace("}),", "},")
    body = re.sub(r"const (\w+) = ", r'"\1": ', body).replace("};", "},")
    body = re.sub(r"([{,]\s*)([A-Za-z_]\w*)\s*:", r'\1"\2":', body)
    body = re.sub(r",(\s*[}\]])", r"\1", "{" + body.strip().rstrip(",") + "}")
    return json.loads(body)


def card_ids(game) -> set:
    return {str(c.get("id", c.get("key"))) for c in game.describe().get("cards") or () if isinstance(c, dict)}


def walk(value, key, keys: set, values: set, ids: set) -> None:
    """The keys of ``value`` (nested) into ``keys``; (key, value) of its word-like strings into ``values``:
    Latin letters, no card id, no Japanese."""
    if isinstance(value, dict):
        for k, v in value.items():
            keys.add(k)
            walk(v, k, keys, values, ids)
    elif isinstance(value, list):
        for v in value:
            walk(v, key, keys, values, ids)
    elif isinstance(value, str) and key is not None and value not in ids and re.search(r"[A-Za-z]{2}", value) \
            and not JAPANESE.search(value):
        values.add((key, value))


@pytest.fixture(scope="module")
def seen() -> dict:
    """{game id: (keys, values)} over random games of every variant, options and seat count."""
    out = {}
    for game_id in GAMES:
        game = get_game(game_id)
        ids, keys, values = card_ids(game), set(), set()
        for variant in game.describe()["variants"]:
            for options in OPTIONS[game_id]:
                for seats in sorted({variant["min_seats"], variant["max_seats"]}):
                    for index in range(GAMES_EACH):
                        seed = game_seed(f"view-words {options}", index)
                        config = MatchConfig(game_id, variant["id"], [f"random-{s}" for s in range(seats)], options)
                        state = fold(game, create_events(game, config, seed))
                        for _ in range(MAX_ACTIONS):
                            for seat in [*range(seats), None]:
                                walk(game.view(state, seat), None, keys, values, ids)
                            if game.outcome(state) is not None:
                                break
                            seat = min(game.to_act(state))
                            action = choose(game, state, seat, {"bot": "random"},
                                            bot_rng(bot_key(seed, seat), state["version"]))
                            state = advance(game, state, seat, action, Rng.for_version(seed, state["version"]))
        out[game_id] = keys, values
    return out


def test_the_tables_read_as_data():
    words = tables()
    assert words["COMMON"]["hand"] == "hand" and words["TERMS"]["dokusenroku"]["keys"]["turn"] == "turn"
    assert words["TERMS"]["threebythree"]["values"]["step"]["removal"] == "removal step"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_key_of_the_games_views_has_its_word(seen, game_id):
    words = tables()
    keys, _values = seen[game_id]
    own = words["TERMS"][game_id]["keys"]
    ids = {k for k in keys if not isinstance(k, str) or re.search(r"\d", k)}     # card and land ids: shown as they are
    assert len(keys - ids) > 40
    missing = sorted(k for k in keys - ids if k not in own and k not in words["COMMON"])
    assert not missing, f"{game_id}: view keys without a word in view_words.js: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_value_that_names_something_has_its_word(seen, game_id):
    words = tables()["TERMS"][game_id]["values"]
    _keys, values = seen[game_id]
    assert {k for k, _v in values} >= {"phase", "kind"}
    missing = sorted((k, v) for k, v in values if k not in SHOWN_OTHERWISE and v not in words.get(k, {}))
    assert not missing, f"{game_id}: view values without a word in view_words.js: {missing}"
