"""The dedicated fields of ディメンション・ゼロ and 東方祀爭録: a match created in the lobby, played into
the game through the API, then each seat's page in a browser holding only that seat, on a desk
and on a phone — the field drawn as the view says (squares, base squares, units; supply piles
and their counts), a screenshot of each, acting by clicking the field, and no hidden card in
anything the pages received."""
import json
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import DESK, PHONE, screenshot
from tests.browser.driving import Builder, Buyer, create_match, held_tokens, open_seat, play_via_api, wait_status
from tests.browser.flow import in_view, settled
from tests.browser.secrets_check import (keyed, leaks, others_hands_shown, private_to_others_only,
                                         while_unfinished)

pytestmark = pytest.mark.browser
SIZES = {"desk": DESK, "phone": PHONE}


def full_state(server, match_id: str, version: int | None = None) -> dict:
    from engine.core import get_game
    from service.http.redis_conn import get_store
    with server.app.app_context():
        store = get_store()
        meta = store.meta(match_id)
        return store.load(get_game(meta["game"]), match_id, int(meta["version"]) if version is None else version)


def ever_planned(server, match_id: str) -> set:
    """The Dimension Zero cards that were face up as a plan (the deck's top card, public: 001 ch.2
    §3(4)②) at some version: a page told then what one is (the view's ``names`` under its id) told
    nothing hidden, though it was drawn into a hand later (the final state's secrets hold its kind)."""
    from engine.games.dimension_zero.state import plan_card
    last = full_state(server, match_id)["version"]
    return {c for v in range(1, last + 1) for s in (0, 1) if (c := plan_card(full_state(server, match_id, v), s))}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def posted_actions(page) -> list:
    """The actions this page posts, as it sent them."""
    sent = []
    page.on("request", lambda r: r.method == "POST" and urlsplit(r.url).path.endswith("/actions") and sent.append(r.post_data_json["action"]))
    return sent


def no_secrets(server, match_id, tokens, seat, page, card_strings, were_public=frozenset()):
    """The page's answers name no card kind only another seat knew; ``were_public``: card ids that
    were public for a while, whose kind the view's ``names`` then told under their id."""
    answers = while_unfinished(page.context.recorder.answers)
    assert answers and others_hands_shown(answers, seat) == []
    secret = private_to_others_only(server, match_id, tokens, seat, card_strings)
    told_then = tuple(f"/names/{card}" for card in were_public)
    found = [(method, path, kept) for method, path, hits in leaks(answers, secret)
             if (kept := [h for h in hits if not h.endswith(told_then)])]
    assert found == []
    return answers


# ---- ディメンション・ゼロ --------------------------------------------------------------------------

def board_with_units(server, match_id, tokens):
    """Builds until the seat to act may play a unit onto a square, with units of both seats on the
    field (after a while, of either: the deal is random)."""
    builder = Builder()
    for attempt in range(40):
        info = play_via_api(server, match_id, tokens, builder, 8)
        assert info["outcome"] is None
        owners = {u["owner"] for u in server.api(f"/matches/{match_id}")["view"]["units"]}
        seat = info["to_act"][0]
        legal = server.api(f"/matches/{match_id}/legal-actions", tokens[seat])["actions"]
        if any(a["type"] == "play" and "square" in a for a in legal) and (owners == {0, 1} or attempt >= 20 and owners):
            return info
    raise AssertionError("no position with a unit to play onto a square came up")


def test_dimension_zero_field(browsing, server):
    host = browsing.page()
    match_id = create_match(host, "dimension-zero", "touhou", ["token", "token"], ["霊夢", "魔理沙"])
    tokens = held_tokens(host)
    info = board_with_units(server, match_id, tokens)
    seat, other = info["to_act"][0], 1 - info["to_act"][0]
    pages = {}
    for size, viewport in SIZES.items():
        page = pages[size] = open_seat(browsing, match_id, seat, tokens[seat], viewport)
        wait_status(page, info["version"], your_move=True)
        view = server.api(f"/matches/{match_id}", tokens[seat])["view"]
        field = page.locator("#field .dz-field")
        assert field.locator(".dz-square").count() == 9
        for owner in (0, 1):
            assert field.locator(f".dz-base[data-owner='{owner}']").count() == 3
        drawn = field.locator(".dz-square .dz-card.unit")
        assert drawn.count() == len(view["units"])
        for u in view["units"]:
            unit = field.locator(f".dz-square[data-square='{u['square']}'] .dz-card[data-card='{u['card']}']")
            assert str(u["power"]) in unit.inner_text()
            state = {"frozen", "released"} & set(unit.get_attribute("class").split())   # (and "choosable", where it may act)
            assert state == {"frozen" if u["frozen"] else "released"}
            assert f"owner-{u['owner']}" in unit.get_attribute("class")
            assert view["names"][u["card"]] in unit.inner_text()
        for b in view["bases"]:
            assert field.locator(f".dz-base[data-owner='{b['owner']}'][data-line='{b['line']}'] .dz-card").count() == 1
        theirs = next(p for p in view["players"] if p["seat"] == other)
        assert field.locator(f".dz-side[data-seat='{other}'] .back").count() == theirs["hand_count"] + len(theirs["smash"])
        assert field.locator(f".dz-side[data-seat='{seat}'] .chip.card").count() >= len(view["players"][seat]["hand"])
        # the own area is drawn at the bottom: its squares come after the centre's
        order = field.locator(".dz-square").evaluate_all("els => els.map(e => Number(e.dataset.square))")
        assert order.index(4) < order.index(seat * 6 + 1) and order.index(4) > order.index(other * 6 + 1)
        assert fits(page), size
        screenshot(page, f"dimension-zero-{size}")
        if size == "phone":
            screenshot(page, "dimension-zero-phone-field", "#field")

    # acting from the board: a square's offer posts one of the listed actions, unchanged
    page = pages["desk"]
    legal = server.api(f"/matches/{match_id}/legal-actions", tokens[seat])
    square = next(a["square"] for a in legal["actions"] if a["type"] == "play" and "square" in a)
    sent = posted_actions(page)
    page.click(f".dz-square[data-square='{square}'] .here")
    if page.locator(".field-choices [data-field-action]").count():
        listed = page.locator(".field-choices [data-field-action]")
        offered = [json.loads(x) for x in listed.evaluate_all("els => els.map(e => e.dataset.fieldAction)")]
        assert all(a in legal["actions"] for a in offered) and {"square": square} in [{"square": a.get("square")} for a in offered]
        screenshot(page, "dimension-zero-choices")
        listed.first.click()
    page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=legal["version"])
    assert len(sent) == 1 and sent[0] in legal["actions"]
    # the play waits on the stack, or has resolved already where the other seat's only move was to
    # pass (its settings pass for it: issue 38)
    page.wait_for_selector("#field .dz-stack li.dz-top, #log .said:has-text('plays')")
    if page.locator("#field .dz-stack li.dz-top").count():
        assert "plays" in page.inner_text("#field .dz-stack li.dz-top")
        screenshot(page, "dimension-zero-stack", "#field")
    page.click("#replay-link")                                              # the replay draws the field too
    page.wait_for_selector("#replay-field .dz-board")
    assert page.locator("#replay-field .dz-square").count() == 9 and page.locator("#replay-field .here").count() == 0

    catalogue = server.api("/games/dimension-zero")["cards"]
    strings = {c["key"] for c in catalogue} | {c["name"] for c in catalogue}
    hand = set(full_state(server, match_id)["players"][other]["hand"])
    told = [server.api(f"/matches/{match_id}", tokens[seat]), server.api(f"/matches/{match_id}/events?limit=1000", tokens[seat])]
    planned = ever_planned(server, match_id)
    hidden = hand - planned - {path.rsplit("/", 1)[-1] for path in keyed(told, hand)}    # never told to this seat
    for page in pages.values():
        answers = no_secrets(server, match_id, tokens, seat, page, strings, planned)
        assert hidden and [p for _, _, body in answers for p in keyed(body, hidden)] == []


# ---- 東方祀爭録 ------------------------------------------------------------------------------------

def check_supply(page, view):
    tiles = page.locator("#field .ss-pile")
    assert tiles.count() == len(view["supply"])
    assert page.locator("#field .ss-supply ol").first.locator(".ss-pile").count() == len(view["kingdom"])
    for p in view["supply"]:
        tile = page.locator(f"#field .ss-pile[data-card='{p['card']}']")
        assert tile.get_attribute("data-left") == str(p["left"])
        text = tile.inner_text()
        assert ("EMPTY" in text) if p["left"] == 0 else (f"×{p['left']}" in text), (p, text)
        assert tile.locator(".ss-cost").inner_text() == str(p["cost"])
        assert ("empty" in tile.get_attribute("class").split()) == (p["left"] == 0)


def test_shisoroku_table(browsing, server):
    host = browsing.page()
    match_id = create_match(host, "shisoroku", "standard", ["token"] * 3, ["霊夢", "魔理沙", "咲夜"])
    tokens = held_tokens(host)
    catalogue = server.api("/games/shisoroku")["cards"]
    info = play_via_api(server, match_id, tokens, Buyer({c["id"]: c["cost"] for c in catalogue}), 45)
    seat = info["to_act"][0]
    pages = []
    for size, viewport in SIZES.items():
        page = open_seat(browsing, match_id, seat, tokens[seat], viewport)
        pages.append(page)
        wait_status(page, info["version"], your_move=True)
        view = server.api(f"/matches/{match_id}", tokens[seat])["view"]
        check_supply(page, view)
        for p in view["players"]:
            box = page.locator(f"#field .ss-player[data-seat='{p['seat']}']")
            if p["seat"] == seat:
                counts = box.locator(".ss-hand .chip").evaluate_all("els => els.map(e => Number(e.dataset.count))")
                assert sum(counts) == len(p["hand"]) == p["hand_count"]
            else:
                assert box.locator(".back").count() == p["hand_count"]
        assert "Coins" in page.inner_text("#field .ss-turn")
        assert fits(page), size
        screenshot(page, f"shisoroku-{size}")
        if size == "phone":
            screenshot(page, "shisoroku-phone-field", "#field")
    strings = {c["id"] for c in catalogue} | {c["name"] for c in catalogue}
    for page in pages:
        no_secrets(server, match_id, tokens, seat, page, strings)


POSITION = {"kingdom": ["youmu", "keine", "satori", "utsuho", "koishi", "gensoufubi", "sumizome", "greeneyed", "rin", "yuugi"],
            "first": 0, "supply": {"hokora": 0, "satori": 0}, "trash": ["osaisen", "hakurei", "minus"],
            "players": [{"hand": ["omiki", "hounoumai", "osaisen", "youmu", "hakurei"], "deck": ["osaisen"] * 5, "discard": ["rin"]},
                        {"hand": ["osaisen"] * 3 + ["yuugi", "hakurei"], "deck": ["osaisen"] * 5, "discard": []}]}


def test_shisoroku_empty_piles_and_buying_from_the_supply(browsing, server):
    r = server.client.post("/matches", json={"game": "shisoroku", "variant": "standard", "setup": POSITION,
                                             "seats": [{"name": "霊夢"}, {"name": "魔理沙"}]})
    assert r.status_code == 201, r.get_json()
    match_id, token = r.get_json()["match_id"], r.get_json()["seats"][0]["token"]
    page = open_seat(browsing, match_id, 0, token)
    wait_status(page, your_move=True)
    view = server.api(f"/matches/{match_id}", token)["view"]
    check_supply(page, view)
    assert page.locator("#field .ss-pile.empty").count() == 2
    assert "2 empty piles" in page.inner_text("#field .ss-supply h3")
    assert page.locator("#field .ss-common").inner_text().count("お賽銭") == 1          # the trash
    sent = posted_actions(page)
    start = server.api(f"/matches/{match_id}")["version"]
    page.click("#field .ss-player.mine .here:has-text('御神酒')")                     # play a treasure from the hand
    page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=start)
    assert "Coins 3" in page.inner_text("#field .ss-turn")
    assert page.locator("#field .ss-pile[data-card='satori'] .here").count() == 0    # empty: nothing to buy
    screenshot(page, "shisoroku-buying")
    before = server.api(f"/matches/{match_id}")["version"]
    page.click("#field .ss-pile[data-card='youmu'] .here")
    page.wait_for_selector("#field .ss-pile[data-card='youmu'][data-left='9']")
    legal_then = [{"type": "play", "card": "omiki"}, {"type": "buy", "card": "youmu"}]
    assert sent == legal_then
    bought = server.api(f"/matches/{match_id}/events?after={before}", token)["events"]
    assert [e["data"]["card"] for e in bought if e["type"] == "CardBought"] == ["youmu"]


# ---- "confirm before sending" on the field (issue 38) ------------------------------------------

def confirm_first(page):
    """"Confirm before sending" on for this browser, as the seat's settings keep it."""
    page.evaluate("localStorage.setItem('kifu.settings.v1', JSON.stringify({'*': {confirm: true}}))")
    page.reload()


def field_offers(page) -> list:
    listed = page.locator("#field .field-choices [data-field-action]")
    return [json.loads(x) for x in listed.evaluate_all("els => els.map(e => e.dataset.fieldAction)")]


DZ_HAND = {"first": 0, "units": [{"card": "th-koakuma", "owner": 1, "square": 6, "damage": 0, "frozen": False}], "bases": [],
           "players": [{"deck": ["th-koakuma"] * 10, "hand": ["th-cirno-ice", "th-cirno"], "grave": [], "smash": [],
                        "removed": [], "energy": ["th-cirno"] * 3, "plan": False},
                       {"deck": ["th-koakuma"] * 10, "hand": [], "grave": [], "smash": [], "removed": [], "energy": [],
                        "plan": False}]}


def confirming_seat(browsing, server, game: str, variant: str, setup: dict):
    """A match of two people from ``setup``, seat 0's page open with "confirm before sending" on, its
    move to make: (page, match id, seat 0's token, the match's version)."""
    r = server.client.post("/matches", json={"game": game, "variant": variant, "setup": setup,
                                             "seats": [{"name": "霊夢"}, {"name": "魔理沙"}]})
    assert r.status_code == 201, r.get_json()
    match_id, token = r.get_json()["match_id"], r.get_json()["seats"][0]["token"]
    page = open_seat(browsing, match_id, 0, token)
    confirm_first(page)
    wait_status(page, your_move=True)
    settled(page)
    return page, match_id, token, server.api(f"/matches/{match_id}")["version"]


def test_a_field_click_waits_for_send_when_the_seat_confirms_first(browsing, server):
    """A square's offer with "confirm before sending" on: the move picked there is shown ready in the
    move panel, as its last choice would be, and nothing is posted until Send; another of the
    square's moves may be picked instead, and the pick outlives a reload. Two units in hand, each
    playable onto the square (000 ユニットのプレイ): the square lists two moves."""
    page, match_id, token, start = confirming_seat(browsing, server, "dimension-zero", "touhou", DZ_HAND)
    legal = server.api(f"/matches/{match_id}/legal-actions", token)["actions"]
    sent = posted_actions(page)
    page.click("#field .dz-square[data-square='1'] .here")
    offered = field_offers(page)
    assert len(offered) == 2 and all(a in legal and a["square"] == 1 for a in offered)
    page.locator("#field .field-choices [data-field-action]").nth(0).click()
    page.wait_for_selector("#move[data-ready='true'] #move-send")
    assert in_view(page, "#move-send")
    assert page.locator("#field .field-choices [data-field-action].picked").evaluate_all(
        "els => els.map(e => JSON.parse(e.dataset.fieldAction))") == [offered[0]]
    assert page.locator(f"#field [data-ref='{offered[0]['card']}'].picked").count() == 1     # the card in hand
    page.locator("#field .field-choices [data-field-action]").nth(1).click()              # changed my mind
    page.wait_for_selector("#field .field-choices [data-field-action].picked")
    assert page.locator("#field .field-choices [data-field-action].picked").evaluate_all(
        "els => els.map(e => JSON.parse(e.dataset.fieldAction))") == [offered[1]]
    assert page.locator(f"#field [data-ref='{offered[1]['card']}'].picked").count() == 1
    assert page.locator(f"#field [data-ref='{offered[0]['card']}'].picked").count() == 0
    page.reload()                                                                          # kept for the seat
    wait_status(page, start, your_move=True)
    page.wait_for_selector("#move[data-ready='true'] #move-send")
    assert sent == [] and server.api(f"/matches/{match_id}")["version"] == start
    page.click("#move-send")
    page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=start)
    assert sent == [offered[1]]


def test_a_field_click_sends_at_once_unless_the_seat_confirms_first(browsing, server):
    """A hand card's and a supply pile's offer (東方祀爭録), and a move of the list of every move: with
    "confirm before sending" on, the move waits in the panel (Back takes it away, nothing sent); turned
    off in the seat's settings, one click sends it."""
    page, match_id, token, start = confirming_seat(browsing, server, "shisoroku", "standard", POSITION)
    sent = posted_actions(page)
    omiki = "#field .ss-player.mine .here:has-text('御神酒')"
    page.click(omiki)
    page.wait_for_selector("#move[data-ready='true'] #move-send")
    assert "picked" in page.get_attribute(omiki, "class").split()
    assert page.get_attribute(omiki, "aria-current") == "true"
    page.click("#move .move-back")                                           # not this one after all
    page.wait_for_selector("#move[data-ready='false']")
    assert "picked" not in page.get_attribute(omiki, "class").split()
    assert sent == [] and server.api(f"/matches/{match_id}")["version"] == start
    page.click("#actions .quick [data-action*='omiki']")                      # the list of every move waits too
    page.wait_for_selector("#move[data-ready='true'] #move-send")
    page.click("#move .move-back")
    page.wait_for_selector("#move[data-ready='false']")
    assert sent == []
    page.click("#seat-settings > summary")
    page.uncheck("#set-confirm")
    page.click(omiki)                                                         # one click sends
    page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=start)
    assert sent == [{"type": "play", "card": "omiki"}]
    page.click("#field .ss-pile[data-card='youmu'] .here")
    page.wait_for_selector("#field .ss-pile[data-card='youmu'][data-left='9']")
    assert sent == [{"type": "play", "card": "omiki"}, {"type": "buy", "card": "youmu"}]


def test_dimension_zero_squares_read_by_name_from_the_seats_side(browsing, server):
    """000 プレイシートの見方 l.127-135 (001 ch.1 §4; issue 38): the page names a square as the rulebook does,
    「中央エリアの左ライン」, not by number, and from its seat's side (「自分から見て」): square 3 is seat 0's
    中央エリアの左ライン and seat 1's 中央エリアの右ライン, square 0 seat 0's 自軍エリア and seat 1's 敵軍エリア.
    The move list's labels (``match.seat``), a field offer's (``info.seat``) and the field's squares and
    base squares alike, in either language."""
    said = {}
    for locale in ("ja-JP", "en-US"):
        page = browsing.page(locale=locale)
        page.goto("/")
        page.wait_for_selector(".lang-switch")
        said[locale] = page.evaluate("""async () => {
            const {describeAction} = await import('/web/labels.js');
            const {gameInfo} = await import('/web/api.js');
            const field = (await import('/web/renderers/dimension_zero.js')).default;
            const info = {...await gameInfo('dimension-zero'), kinds: {play: 'P', move: 'M'}};
            const out = {};
            for (const seat of [0, 1]) {
              const match = {seat, seats: [{seat: 0, name: 'A'}, {seat: 1, name: 'B'}], view: {}};
              const drawn = field(info, {you: seat, players: [{seat: 0}, {seat: 1}]}, match, null);
              out[seat] = {play: describeAction(info, {type: 'play', card: 'c', square: 3}, match),
                           move: describeAction(info, {type: 'move', unit: 'u', to: 8}, match),
                           base: describeAction(info, {type: 'play', card: 'c', line: 0}, match),
                           offer: describeAction({...info, seat}, {type: 'play', card: 'c', square: 0}),
                           cell: drawn.querySelector(".dz-line-head[data-line='0']").textContent,
                           square: drawn.querySelector(".dz-square[data-square='0']").title,
                           line: drawn.querySelector(".dz-base[data-owner='0'][data-line='0']").title};
            }
            return out;
        }""")
    assert said["ja-JP"] == {
        "0": {"play": "P c · 中央エリアの左ラインに", "move": "M · ユニット u · 敵軍エリアの右ラインへ",
              "base": "P c · 左ラインのベーススクエアに", "offer": "P c · 自軍エリアの左ラインに", "cell": "左ライン",
              "square": "自軍エリアの左ライン", "line": "左ラインのベーススクエア"},
        "1": {"play": "P c · 中央エリアの右ラインに", "move": "M · ユニット u · 自軍エリアの左ラインへ",
              "base": "P c · 右ラインのベーススクエアに", "offer": "P c · 敵軍エリアの右ラインに", "cell": "右ライン",
              "square": "敵軍エリアの右ライン", "line": "右ラインのベーススクエア"}}, said["ja-JP"]
    assert said["en-US"]["1"]["play"] == "P c · onto the centre area, right line", said["en-US"]
    assert said["en-US"]["0"]["move"] == "M · unit u · to the enemy area, right line", said["en-US"]
