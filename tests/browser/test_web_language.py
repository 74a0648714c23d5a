"""The page's language (issue 39): a Japanese browser gets the page in Japanese (its own strings from
the page catalog, GET /i18n/ja.json, and the server's texts through ?lang=ja); the header's switch
changes it, remembers it on the device and, signed in, saves it as the player's preference."""
import re

import pytest

from engine.core.registry import list_games

pytestmark = pytest.mark.browser


def test_a_japanese_browser_reads_japanese_and_the_switch_changes_it(browsing, server):
    page = browsing.page(locale="ja-JP")
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto("/")
    page.wait_for_selector(".lang-switch")
    assert page.get_attribute("html", "lang") == "ja"
    assert page.inner_text(".top nav a") == "ロビー"
    page.goto("/#/nowhere")
    page.get_by_text("そのページはありません").wait_for()
    api_calls = [u for u in requests if "/games" in u or "/players/" in u or "/my-matches" in u]
    assert api_calls and all("lang=ja" in u for u in api_calls), api_calls
    page.select_option(".lang-switch", "en")
    page.wait_for_selector("html[lang='en']", state="attached")
    assert page.inner_text(".top nav a") == "Lobby"
    assert page.evaluate("localStorage.getItem('kifu.lang.v1')") == "en"
    page.reload()
    page.wait_for_selector(".lang-switch")
    assert page.get_attribute("html", "lang") == "en" and page.input_value(".lang-switch") == "en"


def test_signed_in_the_switch_is_the_player_s_preference(browsing, server):
    page = browsing.page()
    page.goto("/")
    page.wait_for_selector(".lang-switch")
    player = page.evaluate("""async () => {
        const r = await fetch('/players', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                           body: JSON.stringify({name: 'Reimu'})});
        const p = await r.json();
        localStorage.setItem('kifu.player.v1', JSON.stringify(p));
        return p;
    }""")
    page.reload()
    page.wait_for_selector(".lang-switch")
    page.select_option(".lang-switch", "ja")
    page.wait_for_selector("html[lang='ja']", state="attached")
    me = page.evaluate("""async key => (await (await fetch('/players/me',
                          {headers: {Authorization: 'Bearer ' + key}})).json())""", player["key"])
    assert me["language"] == "ja"


def test_a_new_device_of_the_player_starts_in_the_player_s_language(browsing, server):
    page = browsing.page(locale="en-US")
    page.goto("/")
    page.wait_for_selector(".lang-switch")
    page.evaluate("""async () => {
        const r = await fetch('/players', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                           body: JSON.stringify({name: 'Marisa'})});
        const p = await r.json();
        await fetch('/players/me', {method: 'PATCH', headers: {'Content-Type': 'application/json',
                                    Authorization: 'Bearer ' + p.key}, body: JSON.stringify({language: 'ja'})});
        localStorage.setItem('kifu.player.v1', JSON.stringify(p));
    }""")
    page.reload()
    page.wait_for_selector("html[lang='ja']", state="attached")
    assert page.inner_text(".top nav a") == "ロビー"


def test_a_move_s_fields_and_a_bot_s_kind_read_in_japanese(browsing, server):
    """The move list's labels say every field in words of the page's language: 3x3Wars's "as" (what a
    調律 counts as, ★海癒 / 強化) read 「調律を3として」, not "as 調律 3" (a fresh-clone run found it on
    the play page); a bot's kind 「ランダム」, not "random"."""
    page = browsing.page(locale="ja-JP")
    page.goto("/")
    page.wait_for_selector(".lang-switch")
    said = page.evaluate("""async () => {
        const {describeAction, seatName} = await import('/web/labels.js');
        const {gameInfo} = await import('/web/api.js');
        const info = {...await gameInfo('threebythree'), kinds: {enhance: '強化を発動する', heal: '★海癒'}};   // as a first step names them
        const match = {seats: [{seat: 0, name: '霊夢'}, {seat: 1, name: '魔理沙', controller: 'bot', bot: {bot: 'random'}}]};
        return {spell: describeAction(info, {type: 'enhance', spells: [{target: '005', with: ['046'], as: {'046': 3}}]}),
                heal: describeAction(info, {type: 'heal', card: '045', as: {'045': 2}}),
                bot: seatName(match, 1)};
    }""")
    assert "調律を3として" in said["spell"] and "重装歩兵" in said["spell"], said
    assert "調律を2として" in said["heal"], said
    assert said["bot"] == "魔理沙（ボット・ランダム）", said
    assert not re.search(r"[A-Za-z]{2,}", "".join(said.values())), said
    fields = sorted({f for g in list_games() if not g.id.startswith("toy") for kind in g.action_fields.values() for f in kind} - {"type"})
    words = page.evaluate("""async fields => {
        const {fieldWord} = await import('/web/labels.js');
        return Object.fromEntries(fields.map(f => [f, fieldWord(f)]));
    }""", fields)
    assert {f: w for f, w in words.items() if re.search(r"[A-Za-z]", w)} == {}, "every action field of every game in words"
