"""The lobby in a browser: my matches with "your move" first, open seats taken by another
browser, and a move made on a stale page answered with a refresh (409)."""
import pytest

from tests.browser.driving import act, create_match, invite_link, wait_status

pytestmark = pytest.mark.browser


def held(page) -> list:
    return page.evaluate("JSON.parse(localStorage.getItem('kifu.seats.v1'))")


def test_my_matches_lists_your_move_first(browsing, server):
    page = browsing.page()
    ids = [create_match(page, "toy", "standard", ["token", "invite"]) for _ in range(4)]
    to_act = {m: server.api(f"/matches/{m}")["to_act"] for m in ids}
    mine = [m for m in ids if to_act[m] == [0]]
    theirs = [m for m in ids if to_act[m] == [1]]
    page.goto("/")
    page.wait_for_function("n => document.querySelectorAll('#my-matches [data-match]').length === n", arg=4)
    listed = page.eval_on_selector_all("#my-matches [data-match]", "els => els.map(e => e.dataset.match)")
    assert set(listed[:len(mine)]) == set(mine) and set(listed[len(mine):]) == set(theirs)
    badges = page.locator("#my-matches .your-move .badge")
    assert badges.count() == len(mine)
    page.locator("#my-matches a").first.click()
    wait_status(page, your_move=bool(mine))


def test_an_open_seat_is_taken_from_another_browser(browsing, server):
    host = browsing.page()
    match_id = create_match(host, "toy", "standard", ["token", "open"], ["Reimu", "anyone"])
    guest = browsing.page()
    guest.goto("/")
    take = guest.locator("#open-seats li:has-text('anyone') button")
    take.first.click()
    wait_status(guest)
    assert guest.url.endswith(f"#/m/{match_id}?seat=1")
    assert [s["seat"] for s in held(guest) if s["match_id"] == match_id] == [1]
    assert server.api("/open-seats")["open_seats"] == []
    assert "You are anyone." in guest.inner_text("#status")


def test_a_stale_page_gets_a_409_and_is_refreshed(browsing, server):
    page = browsing.page()
    # The page must not hear of the other device's move: no live stream (where the server has
    # one) and, with its clock stopped, no polling either.
    page.route("**/matches/*/stream*", lambda route: route.abort())
    page.clock.install()
    match_id = create_match(page, "toy", "standard", ["token", "token"])
    info = server.api(f"/matches/{match_id}")
    seat = info["to_act"][0]
    page.goto(f"/#/m/{match_id}?seat={seat}")
    wait_status(page, info["version"], your_move=True)
    token = next(s["token"] for s in held(page) if s["seat"] == seat)
    r = server.client.post(f"/matches/{match_id}/actions", headers={"Authorization": f"Bearer {token}"},
                           json={"action": {"type": "add", "n": 1}, "expected_version": info["version"],
                                 "command_id": "from-another-device"})
    assert r.status_code == 200
    act(page, lambda actions, seat: len(actions) - 1)
    page.wait_for_selector("#notice .warn")
    assert "Someone moved first" in page.inner_text("#notice")
    wait_status(page, r.get_json()["version"], your_move=False)


def test_a_lost_invite_link_is_replaced_from_the_match_page(browsing, server):
    host = browsing.page()
    match_id = create_match(host, "toy", "standard", ["token", "invite"], ["Reimu", "Marisa"])
    lost = invite_link(host, 1)
    host.evaluate("localStorage.removeItem('kifu.invites.v1')")     # the link is gone from this browser
    host.goto(f"/#/m/{match_id}?seat=0")
    wait_status(host)
    host.click("[data-reissue-seat='1']")
    link = host.wait_for_selector(".invites [data-invite-seat='1']").input_value()
    assert link != lost and "the old one no longer works" in host.inner_text("#notice")
    guest = browsing.page()
    guest.goto(lost)
    guest.click("#claim")
    guest.wait_for_selector("#notice .error")
    guest.goto(link)
    guest.click("#claim")
    wait_status(guest)
    assert guest.url.endswith(f"#/m/{match_id}?seat=1")
    assert server.api(f"/matches/{match_id}")["seats"][1]["unclaimed"] is False


FITS = """sel => {
  const ctx = document.createElement("canvas").getContext("2d"), st = getComputedStyle(sel);
  ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
  const room = sel.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 18;   // less the arrow
  return [...sel.options].filter(o => ctx.measureText(o.text).width > room).map(o => o.text);
}"""


def test_the_lobby_names_games_by_their_titles(browsing, server):
    """Issue 21: the new-match selects show whole game and variant names on a desk (on a phone the
    whole name of the chosen one shows under its select), and my matches lists titles, not ids."""
    from tests.browser.conftest import PHONE, screenshot
    page = browsing.page()
    create_match(page, "shisoroku", "standard", ["token", "token"])
    create_match(page, "dimension-zero", "touhou-instant", ["token", "invite"])
    games = server.api("/games")["games"]
    for game in games:
        page.select_option("#game", game["id"])
        assert page.eval_on_selector("#game", FITS) == [], game["id"]
        for variant in game["variants"]:
            page.select_option("#variant", variant["id"])
            assert page.eval_on_selector("#variant", FITS) == [], variant["id"]
    page.goto("/")
    page.wait_for_function("n => document.querySelectorAll('#my-matches [data-match]').length === n", arg=3)
    mine = page.inner_text("#my-matches")
    for game, variant in (("shisoroku", "standard"), ("dimension-zero", "touhou-instant")):
        entry = next(g for g in games if g["id"] == game)
        assert entry["title"] in mine and next(v["title"] for v in entry["variants"] if v["id"] == variant) in mine
        assert f"{game} · " not in mine
    screenshot(page, "lobby-desk")
    phone = browsing.page(viewport=PHONE)
    phone.goto("/")
    phone.wait_for_selector("#game option[value='shisoroku']", state="attached")
    phone.select_option("#game", "shisoroku")
    assert phone.inner_text("#game-title") == next(g["title"] for g in games if g["id"] == "shisoroku")
    assert phone.locator("#game-title").is_visible() and not page.locator("#game-title").is_visible()
    screenshot(phone, "lobby-phone")
