"""Issue 17 in the browser: two players on two browsers bound to identities; one moves to a second
device by the sign-in link and finds the match there; table talk reaches the other seat; the page's
title (and, allowed, a browser notification) says when it becomes your move; a draw by agreement,
a rematch and a resignation from the pages; the lobby's notification settings — and no answer the
pages received while the match ran carries the other seat's hidden cards. A device lists the keys
it may revoke with a button, the older ones with why not (issue 33)."""
import pytest

from tests.browser.conftest import PHONE, screenshot
from tests.browser.driving import Eager, act, create_match, invite_link, wait_status
from tests.browser.secrets_check import leaks, private_to_others, while_unfinished

pytestmark = pytest.mark.browser
NOTIFICATIONS = """
window.__notes = [];
window.Notification = class { constructor(title, options) { window.__notes.push([title, options && options.body]); }
  static get permission() { return "granted"; } static requestPermission() { return Promise.resolve("granted"); } };
document.hasFocus = () => false;
"""


def sign_up(page, name):
    page.goto("/")
    page.fill("#player-name", name)
    page.click("#sign-up-button")
    page.wait_for_selector("#player-signed-in")
    return page.evaluate("JSON.parse(localStorage.getItem('kifu.player.v1'))")


def held(page):
    return page.evaluate("JSON.parse(localStorage.getItem('kifu.seats.v1')) || []")


def move(server, match_id, pages, choose, moves):
    """``moves`` actions, each by whoever the server says is to act, from that seat's page."""
    for _ in range(moves):
        info = server.api(f"/matches/{match_id}")
        if info["outcome"] is not None:
            return
        seat = info["to_act"][0]
        wait_status(pages[seat], info["version"], your_move=True)
        act(pages[seat], choose, seat)
        pages[seat].wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v",
                                      arg=info["version"])


def test_two_players_a_second_device_talk_a_draw_a_rematch_and_a_resignation(browsing, server):
    desk = browsing.page()
    reimu = sign_up(desk, "Reimu")
    match_id = create_match(desk, "threebythree", "overlord", ["token", "invite"], ["Reimu", "Marisa"])
    link = invite_link(desk, 1)

    marisa_page = browsing.page()
    marisa_page.context.add_init_script(NOTIFICATIONS)
    marisa = sign_up(marisa_page, "Marisa")
    marisa_page.goto(link)
    marisa_page.click("#claim")
    wait_status(marisa_page)
    bound = server.api("/players/me/matches", marisa["key"])["matches"]
    assert [(m["match_id"], m["seat"]) for m in bound] == [(match_id, 1)]

    # Reimu moves to her phone by the sign-in link and finds the match there.
    desk.goto("/")
    desk.click("#add-device-button")
    sign_in = desk.input_value("#sign-in-link")
    phone = browsing.page(viewport=PHONE)
    phone.goto(sign_in)
    phone.click("#sign-in-here")
    phone.wait_for_selector(f"#my-matches [data-match='{match_id}']")
    assert phone.inner_text("#player-signed-in") == "Reimu"
    phone.click(f"#my-matches [data-match='{match_id}'] a")
    wait_status(phone)
    assert "You are Reimu." in phone.inner_text("#status")
    keys = [k["label"] for k in server.api("/players/me", reimu["key"])["keys"]]
    assert len(keys) == 2

    # Table talk from the phone reaches Marisa's page.
    phone.fill("#chat-text", "よろしくお願いします")
    phone.press("#chat-text", "Enter")
    marisa_page.wait_for_selector("#chat-lines li:has-text('よろしくお願いします')")
    assert "Reimu" in marisa_page.inner_text("#chat-lines")

    pages = {0: phone, 1: marisa_page}
    for _ in range(40):            # until a wait of Marisa's begins while her page is open (who moves first,
        move(server, match_id, pages, Eager(), 1)       # and how long a turn lasts, depends on the deal)
        if marisa_page.evaluate("window.__notes.length"):
            break
    assert marisa_page.evaluate("window.__notes.length") >= 1
    info = server.api(f"/matches/{match_id}")
    seat = info["to_act"][0]
    wait_status(pages[seat], info["version"], your_move=True)
    assert pages[seat].title() == "▶ Your move · kifu"
    screenshot(phone, "players-phone-table")

    # A draw by agreement: Marisa offers, Reimu (on the phone) accepts.
    marisa_page.click("#offer-draw")
    marisa_page.wait_for_selector("#draw-offered")
    phone.wait_for_selector("#accept-draw")
    phone.click("#accept-draw")
    wait_status(phone, over=True)
    wait_status(marisa_page, over=True)
    assert "Draw" in phone.inner_text("#status")

    tokens = {0: reimu["key"], 1: marisa["key"]}
    cards = {c["id"] for c in server.api("/games/threebythree")["cards"]}
    for seat, page in pages.items():
        answers = while_unfinished(page.context.recorder.answers)
        assert any(path.endswith("/chat") for path, _, _ in answers)
        secret = private_to_others(server, match_id, tokens, seat, cards)
        assert secret and leaks(answers, secret) == []

    # A rematch from the phone; Marisa's page links to it.
    phone.click("#rematch")
    phone.wait_for_function("m => !location.hash.includes(m)", arg=match_id)
    rematch = phone.evaluate("location.hash").split("/")[2].split("?")[0]
    wait_status(phone, match=rematch)
    assert "You are Reimu." in phone.inner_text("#status")
    marisa_page.wait_for_selector("#rematch-link", timeout=20_000)
    marisa_page.click("#rematch-link")
    wait_status(marisa_page, match=rematch)
    assert "You are Marisa." in marisa_page.inner_text("#status")
    marisa_page.click("#resign")
    marisa_page.click("#resign-confirm")
    wait_status(marisa_page, over=True)
    wait_status(phone, over=True)
    assert server.api(f"/matches/{rematch}")["outcome"]["reason"] == "resign"

    # The desk, signed in, lists both matches; the notification settings take a webhook.
    desk.goto("/")
    desk.wait_for_selector(f"#my-matches [data-match='{rematch}']")
    assert desk.locator(f"#my-matches [data-match='{match_id}']").count() == 1
    desk.select_option("#sub-kind", "webhook")
    desk.fill("#sub-target", "https://example.org/kifu")
    desk.click("#subscribe-button")
    assert desk.wait_for_selector("#sub-secret-value").inner_text().startswith("whsec_")
    desk.wait_for_selector("#subscriptions [data-sub]")
    screenshot(desk, "players-lobby")
    assert [s["target"] for s in server.api("/players/me/notifications", reimu["key"])["subscriptions"]] == \
        ["https://example.org/kifu"]


def test_a_revoked_device_is_signed_out_and_unsubscribing_is_one_click(browsing, server):
    desk = browsing.page()
    reimu = sign_up(desk, "Reimu")
    desk.click("#add-device-button")
    phone = browsing.page(viewport=PHONE)
    phone.goto(desk.input_value("#sign-in-link"))
    phone.click("#sign-in-here")
    phone.wait_for_selector("#player-signed-in")
    phone_key = phone.evaluate("JSON.parse(localStorage.getItem('kifu.player.v1')).key_id")
    # The phone may not revoke the desk, which came before it: no button, and it says why.
    phone.click("#player details summary")
    phone.wait_for_selector(f"#keys [data-key='{reimu['key_id']}'] .older-key")
    assert phone.locator(f"#keys [data-key='{reimu['key_id']}'] button").count() == 0
    assert phone.locator(f"#keys [data-key='{phone_key}'] button").inner_text() == "Revoke (sign out)"
    desk.goto("/")
    desk.click("#player details summary")
    # The desk may revoke both; revoking itself would take the phone it signed in with it.
    desk.wait_for_selector(f"#keys [data-key='{reimu['key_id']}'] .revokes-too")
    assert desk.locator("#keys .older-key").count() == 0
    desk.click(f"#keys [data-key='{phone_key}'] button")
    desk.wait_for_function("k => !document.querySelector(`#keys [data-key='${k}']`)", arg=phone_key)
    phone.goto("/")                     # the lobby opens signed in, then learns the key was revoked
    phone.wait_for_selector("#sign-up-button")                # signed out: its key was revoked
    made = server.client.post("/players/me/notifications", json={"kind": "webhook", "url": "https://example.org/h"},
                              headers={"Authorization": f"Bearer {reimu['key']}"}).get_json()
    with server.app.app_context():
        from service.application.notify.subscriptions import Owner, get
        from service.http.redis_conn import get_store
        token = get(get_store(), Owner.player(reimu["player_id"]), made["id"])["unsubscribe"]
    phone.goto(f"/#/unsubscribe/{token}")
    phone.click("#unsubscribe")
    phone.wait_for_selector("#unsubscribed")
    assert server.api("/players/me/notifications", reimu["key"])["subscriptions"] == []


def test_a_rematch_of_a_match_refereed_live_is_asked_and_agreed_on_the_pages(browsing, server):
    """Issue 33: the page of a match refereed live says so; once over it offers the rematch refereed
    live (the seat's consent) or not; the other seat's page tells who asked and what it means, and
    its agreement starts the rematch, refereed live."""
    made = server.client.post("/matches", json={"game": "toy", "variant": "standard", "audit_live": True, "seats": [
        {"name": "Reimu", "join": "invite"}, {"name": "Marisa", "join": "invite"}]}).get_json()
    match_id, pages = made["match_id"], {}
    for seat in (0, 1):
        pages[seat] = browsing.page()
        pages[seat].goto(f"/#/join/{match_id}/{seat}/{made['seats'][seat]['invite']}")
        pages[seat].wait_for_selector("#audit-live")
        pages[seat].click("#claim")
        wait_status(pages[seat], match=match_id)
    reimu, marisa = pages[0], pages[1]
    assert "auditor sees every hand" in reimu.inner_text("#refereed-live")
    reimu.click("#resign")
    reimu.click("#resign-confirm")
    wait_status(marisa, over=True)
    marisa.click("#rematch-live")
    marisa.wait_for_selector("#notice .info")
    assert "Waiting for Reimu" in marisa.inner_text("#notice")
    marisa.wait_for_function("() => document.querySelector('#live-rematch')?.innerText"   # once refreshed
                             ".includes('You agreed to a rematch refereed live')", timeout=20_000)
    reimu.wait_for_function("() => document.querySelector('#live-rematch')?.innerText"
                            ".includes('Marisa asked')", timeout=20_000)
    assert "the same auditor sees every hand" in reimu.inner_text("#live-rematch")
    screenshot(reimu, "live-rematch-asked", "#table-moves")
    reimu.click("#rematch-live")
    reimu.wait_for_function("m => !location.hash.includes(m)", arg=match_id)
    rematch = reimu.evaluate("location.hash").split("/")[2].split("?")[0]
    wait_status(reimu, match=rematch)
    assert server.api(f"/matches/{rematch}")["audit_live"] is True
    reimu.wait_for_selector("#refereed-live")
    marisa.wait_for_selector("#rematch-link", timeout=20_000)
