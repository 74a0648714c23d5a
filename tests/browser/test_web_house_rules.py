"""House rules in a browser (issue 36): the lobby form's collapsed "House rules" lists each selectable
ruling of the chosen game by its title and choices (the default picked), a match is created with a
house rule, and the friend's join page shows it — on a desk and on a 390 px phone."""
import pytest

from tests.browser.conftest import PHONE, screenshot
from tests.browser.driving import create_match, invite_link

pytestmark = pytest.mark.browser


def test_a_house_rule_chosen_in_the_lobby_is_shown_on_the_join_page(browsing, server):
    host = browsing.page()
    host.goto("/")
    host.wait_for_selector("#game option[value='threebythree']", state="attached")
    host.select_option("#game", "toy")
    host.wait_for_selector("#house-rules", state="attached")
    assert host.locator("#house-rules").is_hidden()                   # the toy game has no rulings
    host.select_option("#game", "threebythree")
    host.wait_for_selector("#house-rules:not([hidden])")
    assert host.get_attribute("#house-rules", "open") is None         # collapsed until asked for
    host.click("#house-rules > summary")
    legends = host.eval_on_selector_all("#house-rules legend", "els => els.map(e => e.textContent)")
    assert legends == ["What ★天写 copies", "Whether 不死 must be used", "Whether 豊穡 counts for 入植",
                       "Whether 師匠's point fills the ① part"]
    assert host.is_checked("#ruling-fushi-optional-always") and not host.is_checked("#ruling-fushi-optional-optional")
    assert "its owner chooses: back to the hand, or stay in the discard pile" in \
        host.inner_text("label[for='ruling-fushi-optional-optional']")
    assert "fushi-optional" not in host.inner_text("#house-rules")     # titles and words, not ids
    screenshot(host, "house-rules-lobby-desk", "#house-rules")

    match_id = create_match(host, "threebythree", "wizard", ["token", "invite"], ["Reimu", "Marisa"],
                            house_rules={"fushi-optional": "optional", "tensha-target": "own-face-up"})
    rulings = server.api(f"/matches/{match_id}")["rulings"]
    assert rulings == {"tensha-target": "own-face-up", "fushi-optional": "optional",
                       "housyoku-nyushoku": "counted", "mentor-any": "any"}
    link = invite_link(host, 1)

    friend = browsing.page(viewport=PHONE)
    friend.goto(link)
    friend.wait_for_selector("#house-rules")
    items = friend.eval_on_selector_all(
        "#house-rules li", "els => els.map(e => [e.dataset.ruling, e.dataset.choice, e.classList.contains('changed')])")
    assert items == [["tensha-target", "own-face-up", True], ["fushi-optional", "optional", True],
                     ["housyoku-nyushoku", "counted", False], ["mentor-any", "any", False]]
    shown = friend.inner_text("#house-rules")
    assert "Whether 不死 must be used: its owner chooses: back to the hand, or stay in the discard pile" in shown
    assert "chosen for this match" in shown and "(usual)" in shown
    width = friend.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width                              # nothing wider than the phone
    screenshot(friend, "house-rules-join-phone")
    friend.click("#claim")
    friend.wait_for_url(f"**/#/m/{match_id}?seat=1")


def test_the_lobby_form_reads_on_a_phone(browsing):
    page = browsing.page(viewport=PHONE)
    page.goto("/")
    page.wait_for_selector("#game option[value='dokusenroku']", state="attached")
    page.select_option("#game", "dokusenroku")
    page.wait_for_selector("#house-rules:not([hidden])")
    page.click("#house-rules > summary")
    page.click("#house-rules [data-ruling='removal-default'] .why > summary")
    assert "目安" in page.inner_text("#house-rules [data-ruling='removal-default'] .why")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "house-rules-lobby-phone", "#house-rules")
