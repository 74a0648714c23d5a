"""Move deadlines from the web client: a match created in the lobby with "10 minutes a move, a bot
stands in" shows the time left in my matches; when the deadline passes (the service clock moved
by the test; the server's job thread runs the deadline) the stand-in bot plays the seat, and the
page's "take your seat back" button returns it to the person."""
from datetime import datetime, timezone

import pytest

from service.application import clock
from tests.browser.conftest import screenshot
from tests.browser.driving import held_tokens, wait_status
from tests.jobs import ManualClock

pytestmark = pytest.mark.browser


@pytest.fixture
def service_clock():
    """The service clock, starting now (so the page's own clock agrees) and moved by the test."""
    fake = ManualClock(datetime.now(timezone.utc))
    previous = clock.set_source(fake)
    yield fake
    clock.set_source(previous)


def my_matches(page) -> list:
    """The "my matches" answers the page received, newest last."""
    return [body for path, method, body in page.context.recorder.answers if path == "/my-matches"]


def test_a_deadline_shows_in_my_matches_and_a_stand_in_seat_is_taken_back(browsing, server, service_clock):
    page = browsing.page()
    page.goto("/")
    page.wait_for_selector("#game option[value='threebythree']", state="attached")
    page.select_option("#game", "threebythree")
    page.select_option("#variant", "overlord")
    for seat, name in enumerate(["Reimu", "Marisa"]):
        page.select_option(f"#seat-{seat}-join", "token")
        page.fill(f"#seat-{seat}-name", name)
    assert page.locator("#on-timeout").is_hidden()
    page.select_option("#deadline", "10")
    page.select_option("#on-timeout", "bot")
    page.click("#create")
    match_id = page.wait_for_selector("#created").get_attribute("data-match")
    info = server.api(f"/matches/{match_id}")
    assert info["deadline"]["minutes"] == 10 and info["deadline"]["on_timeout"] == "bot"

    # my matches: both seats, each with its time left
    page.wait_for_function("id => document.querySelectorAll(`#my-matches [data-match='${id}'] .deadline`).length === 2", arg=match_id)
    assert all("10 min left" in t for t in page.locator("#my-matches .deadline").all_inner_texts())
    listed = [m for m in my_matches(page)[-1]["matches"] if m["match_id"] == match_id]
    assert len(listed) == 2 and all(m["due"] == info["deadline"]["due"] for m in listed)
    screenshot(page, "lobby-deadline")

    # Marisa chooses her setup in time; Reimu does not, and the stand-in bot takes her seat
    tokens = held_tokens(page)
    legal = server.api(f"/matches/{match_id}/legal-actions", tokens[1])
    r = server.client.post(f"/matches/{match_id}/actions", headers={"Authorization": f"Bearer {tokens[1]}"},
                           json={"action": legal["actions"][0], "expected_version": legal["version"], "command_id": "marisa"})
    assert r.status_code == 200
    page.goto(f"/#/m/{match_id}?seat=0")
    wait_status(page, r.get_json()["version"], your_move=True)
    assert "min left" in page.inner_text("#status .deadline")
    service_clock.advance(minutes=11)
    page.wait_for_selector("#reclaim", timeout=20_000)        # the job thread looks every second
    seats = server.api(f"/matches/{match_id}")["seats"]
    assert seats[0]["controller"] == "bot" and seats[0]["stand_in"] is True
    assert "stand-in bot" in page.inner_text("#status") or "stand-in bot" in page.inner_text("#field")
    assert page.locator("#actions [data-action]").count() == 0              # the bot plays this seat now
    screenshot(page, "threebythree-stand-in")

    page.click("#reclaim")
    page.wait_for_selector("#notice :text('Your seat is yours again.')")
    page.wait_for_selector("#reclaim", state="detached")
    seats = server.api(f"/matches/{match_id}")["seats"]
    assert seats[0]["controller"] == "human" and seats[0]["stand_in"] is False
