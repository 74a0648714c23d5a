"""Every registered game plays from the generic page: a match created in the lobby (every seat in
this browser), a few moves played through the API, then the page of the seat to act shows the
view and the legal actions — and a screenshot of it per game (`<game>-play.png`)."""
import pytest

from engine.core import list_games
from tests.browser.conftest import screenshot
from tests.browser.driving import Eager, create_match, wait_status

pytestmark = pytest.mark.browser
GAMES = sorted(g.id for g in list_games() if not g.id.startswith("toy"))   # toy*: test-only


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_page_per_game(browsing, server, game_id):
    game = server.api(f"/games/{game_id}")
    variant = game["variants"][0]
    page = browsing.page()
    match_id = create_match(page, game_id, variant["id"], ["token"] * variant["min_seats"])
    tokens = {s["seat"]: s["token"] for s in page.evaluate("JSON.parse(localStorage.getItem('kifu.seats.v1'))")}
    choose = Eager()
    for _ in range(12):                     # into the game a little, through the API
        info = server.api(f"/matches/{match_id}")
        if info["outcome"] is not None or not info["to_act"]:
            break
        seat = info["to_act"][0]
        legal = server.api(f"/matches/{match_id}/legal-actions", tokens[seat])
        r = server.client.post(f"/matches/{match_id}/actions", headers={"Authorization": f"Bearer {tokens[seat]}"},
                               json={"action": legal["actions"][choose(legal["actions"], seat)],
                                     "expected_version": legal["version"], "command_id": f"setup-{info['version']}"})
        assert r.status_code == 200, r.get_json()
    info = server.api(f"/matches/{match_id}")
    seat = (info["to_act"] or [0])[0]
    page.goto(f"/#/m/{match_id}?seat={seat}")
    wait_status(page, info["version"])
    assert page.locator("#view .panel").count() > 0                       # the generic view
    if info["to_act"]:
        assert page.locator("#actions [data-action]").count() > 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, f"{game_id}-play")
