"""The page in the player's language (issue 39): per game, a Japanese browser (ja-JP) plays a few
moves against a bot by clicking and reads no English word on the page outside proper names, card
ids and the language switch, nor in the whole view (play's and the replay's panel of the game's view
opened: its keys and values in the game's terms); an English browser (en-US) reads no Japanese outside the names kept
as printed (cards, lands, the games' titles, rule keywords); the switch turns an English page
Japanese and the choice is remembered. Screenshots of every game in Japanese at desk and phone size
(`ja-<game>-desk.png`, `ja-<game>-phone.png`, and the phone's field alone, `ja-<game>-phone-field.png`)."""
import json
import re
import time

import pytest

from tests.browser.conftest import DESK, PHONE, screenshot
from tests.browser.driving import create_match, wait_status
from tests.browser.flow import build, by_type, settled

pytestmark = pytest.mark.browser

GAMES = [("threebythree", "overlord"), ("dimension-zero", "touhou"), ("shisoroku", "standard"),
         ("dokusenroku", "standard")]
# how the test's seat plays: the kinds of move that keep a game going a few moves, first
POLICIES = {"threebythree": by_type("territory", "deploy", "pass"), "dimension-zero": by_type("pass"),
            "shisoroku": by_type("play_treasures", "buy", "end_turn", "end_actions"),
            "dokusenroku": by_type("roll", "pass", "keep")}
NAMES = ["霊夢", "魔理沙"]
MOVES = 3

# Text the language check leaves out: the brand and the language switch, the game's and variant's
# titles (the games' own names, as the engine gives them), and the skip link's target.
NOT_CHECKED = ".lang-switch, .brand, .play > h2, #replay-version"
VISIBLE = """skip => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(skip + ', .id-suffix, .card-detail, .seed-value, input, textarea, script, style, noscript')) continue;
    if (!n.textContent.trim() || (el.checkVisibility && !el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}))) continue;
    out.push(n.textContent.trim());
  }
  return out.join('\\n');
}"""
# Latin words a Japanese page may show: the brand, the name of the ISMCTS bot's search (an acronym),
# marks printed on cards and boards
PRINTED = {"kifu", "ISMCTS", "START", "EVENT", "Lv"}
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]+")


def english_words(text: str, titles=()) -> list:
    """Latin words of two letters or more that are not a card id (ids hold digits), a proper name
    (``titles``: the games' and variants' titles the engine gives, taken out first) or a printed mark."""
    for title in sorted(titles, key=len, reverse=True):
        text = text.replace(title, " ")
    text = re.sub(r"\b\d{3} ch\.\d+", " ", text)          # a rulebook cited by file and chapter ("001 ch.3 §4")
    words = re.findall(r"(?<![\w-])[A-Za-z][A-Za-z'’]+(?![\w-])", text)
    return sorted({w for w in words if w not in PRINTED})


def japanese_left(text: str, kept: list) -> list:
    """The Japanese of ``text`` once the names kept as printed are taken out (longest first)."""
    for name in sorted(kept, key=len, reverse=True):
        text = text.replace(name, " ")
    return sorted(set(JAPANESE.findall(text)))


def titles(server) -> list:
    """Every game's and variant's title as the server gives it (a game's own name)."""
    games = server.api("/games?lang=ja")["games"]
    return [g["title"] for g in games] + [v["title"] for g in games for v in g["variants"]]


def printed_names(server, game_id: str) -> list:
    """What an English page shows in Japanese because it is printed so: card names and the words of
    their facts, lands, the game's and variants' titles, glossary terms kept as printed, the money."""
    names = []
    for lang in ("en", "ja"):
        game = server.api(f"/games/{game_id}?lang={lang}")
        names += [game["title"], *(v["title"] for v in game["variants"])]
        for card in game.get("cards", []):
            names += [str(card.get(k)) for k in ("name", "gloss", "title", "kind", "type") if card.get(k)]
            names += [str(t) for t in card.get("traits", []) + card.get("keywords", []) + card.get("types", [])]
        names += [land.get("name", "") for land in (game.get("lands") or {}).values()]
    glossary = json.loads(open(f"engine/games/{game_id.replace('-', '_')}/glossary.json", encoding="utf-8").read())
    names += [t["ja"] for t in glossary if JAPANESE.search(t["en"])] + [t["en"] for t in glossary]
    return [n for n in names if n] + ["日本語", "棋譜", "圓"]         # 圓: 東方独占録's money, as printed


def your_move_or_over(page):
    page.wait_for_function("() => { const d = document.querySelector('#status')?.dataset;"
                           " return d && (d.yourMove === 'true' || d.over === 'true'); }", timeout=30_000)


def play_against_bot(browsing, server, game_id, variant, locale):
    """A match made in the lobby in ``locale``: this browser's seat against a random bot, a few moves
    made by clicking through the move builder (the bot answers). Returns the page on the match."""
    page = browsing.page(locale=locale)
    match_id = create_match(page, game_id, variant, ["token", "bot:random"], names=NAMES)
    page.click("#go-to-match")
    wait_status(page)
    for _ in range(MOVES):
        your_move_or_over(page)
        if page.eval_on_selector("#status", "el => el.dataset.over") == "true":
            break
        settled(page)
        build(page, POLICIES[game_id])
    your_move_or_over(page)                    # the bot has answered: nothing moves until this seat does
    caught_up(page, server, match_id)
    settled(page)
    return page, match_id


def whole_view(page, selector: str) -> str:
    """The text of the whole-view panel (``selector``: play's "#view", the replay's "#replay-view"),
    opened: each key of the game's view and each value, as the page shows them."""
    page.locator(f"{selector} > summary").click()
    page.wait_for_selector(f"{selector}[open] .panels dt")
    text = page.evaluate(VISIBLE.replace("document.body", f"document.querySelector('{selector}')"), NOT_CHECKED)
    assert JAPANESE.search(text) and page.locator(f"{selector} .panels dt").count() > 10, text
    return text


def caught_up(page, server, match_id: str, seconds: float = 20) -> None:
    """Until the page shows the match's latest version: the bot's job may still be appending (its move,
    then an automatic pass) when the page first says it is this seat's move, so the version read once
    can be one the page has already gone past."""
    deadline = time.monotonic() + seconds
    while True:
        version = server.api(f"/matches/{match_id}")["version"]
        shown = page.eval_on_selector("#status", "el => el.dataset.version")
        if shown is not None and int(shown) == version:
            return
        assert time.monotonic() < deadline, f"the page shows version {shown}, the match is at {version}"
        page.wait_for_timeout(100)


@pytest.mark.parametrize("game_id, variant", GAMES)
def test_a_japanese_browser_plays_in_japanese(browsing, server, game_id, variant):
    page, match_id = play_against_bot(browsing, server, game_id, variant, "ja-JP")
    assert page.get_attribute("html", "lang") == "ja"
    text = page.evaluate(VISIBLE, NOT_CHECKED)
    assert JAPANESE.search(text)
    assert english_words(text, titles(server)) == [], text
    view = whole_view(page, "#view")                            # the view's keys and values, in the game's terms
    assert english_words(view, titles(server)) == [], view
    page.locator("#view > summary").click()                     # closed again: the field's card box below
    page.locator("#field .card-info").first.click()            # a card's box: its facts in Japanese too
    facts = page.locator("#card-detail .card-facts, #card-detail .designed").all_inner_texts()
    assert facts and english_words("\n".join(facts)) == [], facts
    page.keyboard.press("Escape")
    screenshot(page, f"ja-{game_id}-desk")
    page.set_viewport_size(PHONE)
    screenshot(page, f"ja-{game_id}-phone")
    screenshot(page, f"ja-{game_id}-phone-field", "#field")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size(DESK)
    page.goto(f"/#/replay/{match_id}?seat=0")                   # the replay, a move's "Why?" open
    page.wait_for_selector("#replay-step .why-button")
    page.locator("#replay-step .why-button").first.click()
    page.wait_for_selector("#replay-step .why-sentences li")
    why = page.inner_text("#replay-step .why-sentences")
    assert "手目" in why, why                # "It belongs to ... (move N)." in Japanese (the rest: the server's words)
    replay = page.evaluate(VISIBLE, NOT_CHECKED + ", .replay > h2, .why-sentences")
    assert english_words(replay, titles(server)) == [], replay
    view = whole_view(page, "#replay-view")
    assert english_words(view, titles(server)) == [], view
    page.goto("/")
    page.wait_for_selector("#my-matches li")
    lobby = page.evaluate(VISIBLE, NOT_CHECKED)
    assert english_words(lobby, titles(server)) == [], lobby


@pytest.mark.parametrize("game_id, variant", GAMES)
def test_an_english_browser_reads_no_japanese_but_printed_names(browsing, server, game_id, variant):
    page, match_id = play_against_bot(browsing, server, game_id, variant, "en-US")
    assert page.get_attribute("html", "lang") == "en"
    kept = printed_names(server, game_id) + NAMES
    assert japanese_left(page.evaluate(VISIBLE, NOT_CHECKED), kept) == []


def test_choosing_japanese_in_an_english_browser_is_remembered(browsing, server):
    page = browsing.page(locale="en-US")
    page.goto("/")
    page.wait_for_selector("#new-h")
    assert page.inner_text("#new-h") == "New match"
    page.select_option(".lang-switch", "ja")
    page.wait_for_selector("html[lang='ja']", state="attached")
    page.wait_for_selector("#new-h")
    assert page.inner_text("#new-h") == "新しい対局" and page.inner_text("#create") == "対局を作る"
    page.reload()
    page.wait_for_selector("#new-h")
    assert page.get_attribute("html", "lang") == "ja" and page.input_value(".lang-switch") == "ja"
    assert page.inner_text(".top nav a") == "ロビー" and page.inner_text("#new-h") == "新しい対局"
