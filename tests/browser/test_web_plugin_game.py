"""The plug-in game of tests/test_plugin_game.py (tests/toygame.py alone, named by KIFU_GAMES) in
headless Chromium against the real gunicorn: a match its bots played on the rq worker, drawn by
the generic panels, with no dedicated renderer asked for (it has none) and no page error."""
import os

import pytest

from tests.browser.conftest import DESK, screenshot
from tests.browser.driving import wait_status
from tests.conftest import flushed
from tests.plugin_stack import Stack

pytestmark = [pytest.mark.browser, pytest.mark.redis]
URL = os.environ["KIFU_WORKERS_REDIS_URL"]      # tests/conftest.py sets it


@pytest.fixture(scope="module")
def stack():
    s = Stack(flushed(URL), games="tests.toygame")
    yield s
    s.stop()


def test_a_plug_in_game_is_drawn_by_the_generic_panels(browser, stack):
    status, created = stack.post("/matches", {"game": "toy", "variant": "standard",
                                              "seats": [{"name": "Owl", "bot": "random"}, {"name": "Crow", "bot": "random"}]})
    assert status == 201, created
    match_id = created["match_id"]
    match = stack.until(lambda: (m := stack.get(f"/matches/{match_id}"))["outcome"] and m)
    context = browser.new_context(viewport=DESK, base_url=stack.url)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        errors, requested = [], []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("request", lambda r: requested.append(r.url.removeprefix(stack.url).split("?")[0]))   # its path (api.js adds ?lang=)
        page.goto(f"/#/m/{match_id}")
        wait_status(page, match["version"], over="true")
        page.wait_for_selector("#view .panel")
        assert page.locator("#field > *").count() == 0                         # no dedicated field
        assert "Toy counting game" in page.inner_text("h2")
        view = page.inner_text("#view")
        assert str(match["view"]["total"]) in view and str(match["view"]["target"]) in view
        assert page.locator("#log li").count() > 0
        screenshot(page, "toy-plugin-play")
        assert "/games/toy" in requested
        assert [u for u in requested if u.startswith("/web/renderers/")] == []   # none asked for
        assert page.locator("link[data-renderer]").count() == 0
        assert errors == []
    finally:
        context.close()
