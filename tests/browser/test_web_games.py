"""Every registered game plays from the page: a match created in the lobby (every seat in this
browser), a few moves played through the API, then the page of the seat to act shows the view,
the game's dedicated field where GET /games/<id> names a renderer (and nothing from renderers/
where it names none), and the legal actions — a screenshot of it per game (`<game>-play.png`) —
and nothing the page received shows another seat's hidden cards. The games are the registry's:
a new game is picked up with no edit here."""
import pytest

from engine.core import list_games
from tests.browser.conftest import screenshot
from tests.browser.driving import chooser, create_match, held_tokens, play_via_api, wait_status
from tests.browser.secrets_check import leaks, others_hands_shown, private_to_others_only, while_unfinished

pytestmark = pytest.mark.browser
GAMES = sorted(g.id for g in list_games())         # every registered game, the suite's test-only ones too
STEPS = {"dimension-zero": 60, "shisoroku": 30}          # tuning only: any other game plays 12 steps


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_page_per_game(browsing, server, game_id):
    game = server.api(f"/games/{game_id}")
    variant = game["variants"][0]
    page = browsing.page()
    fetched = []
    page.on("request", lambda r: "/web/renderers/" in r.url and fetched.append(r.url.split("/web/", 1)[1]))
    match_id = create_match(page, game_id, variant["id"], ["token"] * variant["min_seats"])
    tokens = held_tokens(page)
    info = play_via_api(server, match_id, tokens, chooser(game), STEPS.get(game_id, 12))
    seat = (info["to_act"] or [0])[0]
    page.goto(f"/#/m/{match_id}?seat={seat}")
    wait_status(page, info["version"])
    assert page.locator("#view .panel").count() > 0                       # the generic view
    if "renderer" in game:                                               # its dedicated field
        page.wait_for_selector("#field > *")
        assert page.locator("#field > *").count() == 1
        assert f"/web/{fetched[0]}" == game["renderer"] and page.locator("#field").inner_text().strip()
        if "stylesheet" in game:
            assert page.locator(f"link[rel=stylesheet][href='{game['stylesheet']}']").count() == 1
    else:                                                                # the generic panels alone
        assert page.locator("#field > *").count() == 0 and fetched == []
    if info["to_act"]:
        assert page.locator("#actions [data-action]").count() > 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, f"{game_id}-play")

    answers = while_unfinished(page.context.recorder.answers)
    assert others_hands_shown(answers, seat) == []
    cards = {str(c.get("id", c.get("key"))) for c in game.get("cards", [])} | {c["name"] for c in game.get("cards", []) if c.get("name")}
    assert leaks(answers, private_to_others_only(server, match_id, tokens, seat, cards)) == []
