"""The move builder (webapp/builder.js, issue 15): a move made a step at a time from the options the
choice protocol offers — the step's text, a way back, the complete move shown before it is sent —
on a desk and a phone, each step asked by POST (the partial move never in a URL); the field's things
a step names are clickable (a card chip, by its data-ref)."""
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import PHONE
from tests.browser.driving import create_match, held_tokens, wait_status

pytestmark = pytest.mark.browser


def options(page) -> list:
    return page.locator("#move .choice").all_inner_texts()


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desk", "phone"])
def test_a_move_built_step_by_step_with_a_way_back(browsing, server, viewport):
    page = browsing.page(**({"viewport": viewport} if viewport else {}))
    sent = []
    page.on("request", lambda request: sent.append((request.method, request.url)))
    match_id = create_match(page, "toy", "standard", ["token", "token"])
    seat = server.api(f"/matches/{match_id}")["to_act"][0]
    page.goto(f"/#/m/{match_id}?seat={seat}")
    wait_status(page, 4, your_move=True)
    page.wait_for_selector("#move .choice:has-text('2')")       # "add", the only kind of move, taken for me
    assert page.inner_text("#move-prompt").startswith("Choose")
    assert options(page) == ["1", "2", "3"] and "add" in page.inner_text("#move .move-so-far").lower()
    page.click("#seat-settings > summary")                                # "confirm before sending"
    page.check("#set-confirm")
    page.click("#move .choice:has-text('2')")
    assert "2" in page.inner_text("#move .move-ready").lower()            # shown before it is sent
    assert server.api(f"/matches/{match_id}")["version"] == 4               # nothing sent yet
    page.click("#move .move-back")                                         # changed my mind
    assert page.evaluate("document.activeElement.textContent") == "1"      # the focus is on the step
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")                                           # "3", by keyboard
    page.click("#move-send")
    wait_status(page, 7)
    events = server.api(f"/matches/{match_id}/events?after=4", held_tokens(page)[seat])["events"]
    assert events[0]["type"] == "Added" and events[0]["data"]["n"] == 3
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    steps = [method for method, url in sent if urlsplit(url).path.endswith(f"/matches/{match_id}/legal-actions")]
    assert "POST" in steps                                  # each step's partial move in a body ...
    assert not [url for _, url in sent if "partial" in url]  # ... never in a URL, which access logs write
