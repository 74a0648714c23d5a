"""The 東方独占録 log in Japanese (issue 39): one recorded match (fixtures/narration_ja.json: seeded bots,
its config and seed, and the expected Japanese line by line with each event's type) told again and
compared line by line; its turns told in the rulebook's words for the turn (002 ゲームの進行 Ⅰ-Ⅴ,
l.44-66); the English log and the events themselves the same whatever the language; each rule's
Japanese statement in the seed's words. Nothing of any event type left in English, the glossary's
words in the narration: tests/test_glossaries.py."""
import pytest

from engine.core import canonical_json
from engine.core.i18n import Catalog, speaking
from engine.games.dokusenroku.rulebook import RULES
from tests.dokusenroku.recorded import GLOSSARY, events_of, fixture, told
from tests.seeds import seed_lines

SEED = seed_lines("002") or ()
QUOTE = 8                   # characters of the seed in a row a rule's Japanese statement quotes at least

# 002 ゲームの進行: the turn and its five actions, each by the glossary concept its narration must use
TURN = {"turn": "TurnStarted",            # l.44 「ゲームは一人づつ時計回りの順番で進めます。」
        "deck": "CardDrawn",              # Ⅰ l.50 「山札からカードを一枚引く事ができる。」
        "spell-card": "SpellCast",        # Ⅱ l.52 「スペルカードを1枚まで使用できる。」
        "invest": "Invested",             # Ⅲ l.54 「所有する土地1ヶ所に対し投資ができる。」
        "dice": "Moved",                  # Ⅳ l.56 「サイコロをふって移動する」
        "graveyard": "CardsDiscarded"}    # Ⅴ l.58 「…6枚になるまで手札を墓地に捨てる。」


@pytest.fixture(scope="module")
def recorded():
    match = fixture()
    return match, events_of(match)


def test_the_recorded_match_is_told_in_japanese_line_by_line(recorded):
    match, events = recorded
    got = [{"event": i, "type": t, "ja": s} for i, t, s in told(events, match["names"])]
    want = match["lines"]
    for n, (g, w) in enumerate(zip(got, want)):
        assert g == w, f"line {n}: got {g}, the fixture has {w}"
    assert len(got) == len(want), f"{len(got)} lines told, the fixture has {len(want)}"


def test_each_turn_is_told_in_the_rulebooks_words_for_it(recorded):
    """ゲームの進行 Ⅰ-Ⅴ: every line of each of the turn's actions uses the rulebook's term for it, and the
    recorded match has every one of them (the check is not vacuous)."""
    match, events = recorded
    lines = told(events, match["names"])
    concepts = {c["id"]: c for c in GLOSSARY}
    assert set(TURN) <= set(match["terms"])
    for concept_id, kind in TURN.items():
        term = concepts[concept_id]["ja"]
        line = int(concepts[concept_id]["seed"].rsplit("l.", 1)[1])
        assert 44 <= line <= 66 and (not SEED or term in SEED[line - 1]), f"{term}: not the turn's word at l.{line}"
        of_kind = [x for _i, k, x in lines if k == kind]
        assert of_kind, f"the recorded match has no {kind}"
        assert all(term in x for x in of_kind), f"{kind} told without {term}: {[x for x in of_kind if term not in x][:3]}"
    for concept_id in match["terms"]:             # every term the fixture names, over the events it lists
        c = concepts[concept_id]
        missing = [x for _i, k, x in lines if k in c["events"] and c["ja"] not in x]
        assert not missing, f"{c['ja']} missing from {missing[:3]}"


def test_the_english_log_and_the_events_do_not_depend_on_the_language(recorded):
    """The same events in both languages (byte for byte: nothing translated is stored), and the English
    log is the message ids, not the Japanese."""
    match, events = recorded
    english = told(events, match["names"], "en")
    japanese = told(events, match["names"])
    assert [(i, t) for i, t, _s in english] == [(i, t) for i, t, _s in japanese]
    assert all(e != j for (_i, _t, e), (_k, _u, j) in zip(english, japanese))
    with speaking("ja"):
        again = events_of(match)
    assert [canonical_json(e.to_dict()) for e in again] == [canonical_json(e.to_dict()) for e in events]


def test_what_a_seat_may_not_see_stays_unnamed_in_japanese(recorded):
    """Hidden information holds in both languages: another seat's draw is "a card" (山札からカードを一枚),
    a face-down support is not named before it is revealed, for seat 1 reading seat 0's turns."""
    match, events = recorded
    names = match["names"]
    for i, kind, line in told(events, names, "ja", reader=1):
        seat = events[i].data.get("seat")
        if kind == "CardDrawn" and seat == 0:
            assert line == f"{names[0]}は山札からカードを一枚引いた", line
        if kind == "SupportCommitted" and seat == 0:
            assert line in (f"{names[0]}(侵略側)は援護カードを伏せて出した", f"{names[0]}(侵略側)は援護カードを出さなかった",
                            f"{names[0]}(防御側)は援護カードを伏せて出した", f"{names[0]}(防御側)は援護カードを出さなかった"), line


def _longest_quote(text: str, source: str) -> int:
    """The length of the longest run of ``text`` found word for word in ``source``."""
    best = 0
    for i in range(len(text)):
        while i + best < len(text) and text[i:i + best + 1] in source:
            best += 1
    return best


@pytest.mark.skipif(not SEED, reason="the rulebook (shared/seeds/002_*) is not on this machine")
def test_each_rules_japanese_statement_follows_the_seed_it_cites():
    """rulebook.py: a rule the seed states is told in Japanese in the seed's own words — its statement
    quotes at least QUOTE characters of the rulebook in a row (kifu's own rules, "(kifu) …", excepted)."""
    source = "".join(SEED).replace(" ", "").replace("\u3000", "")
    catalog = Catalog.of("dokusenroku")
    with speaking("ja"):
        loose = {k: catalog.gettext(statement) for k, (section, statement) in RULES.items()
                 if not section.startswith("(kifu)")}
    loose = {k: ja for k, ja in loose.items() if _longest_quote(ja.replace(" ", ""), source) < QUOTE}
    assert not loose, f"not in the seed's words: {loose}"
