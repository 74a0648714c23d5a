"""Issue 41 in the browser: two players sign in, create and claim a rated match from the pages, play it to
the end, see their new ratings on the match page and in each other's profile, whose chart (SVG drawn
on the page) shows the change; the lobby's ladder lists them."""
import pytest

from tests.browser.conftest import screenshot
from tests.browser.driving import invite_link, play_to_end, wait_status
from tests.browser.test_web_players import sign_up

pytestmark = pytest.mark.browser


def test_two_players_play_a_rated_match_and_see_their_ratings_and_profiles(browsing, server):
    desk = browsing.page()
    reimu = sign_up(desk, "Reimu")
    desk.goto("/")
    desk.wait_for_selector("#game option[value='toy']", state="attached")
    desk.select_option("#game", "toy")
    desk.select_option("#seat-0-join", "token")
    desk.select_option("#seat-1-join", "invite")
    desk.check("#rated")
    desk.click("#create")
    desk.wait_for_selector("#created")
    match_id = desk.get_attribute("#created", "data-match")
    link = invite_link(desk, 1)

    other = browsing.page()
    marisa = sign_up(other, "Marisa")
    other.goto(link)
    other.click("#claim")
    wait_status(other)
    desk.goto(f"/#/m/{match_id}?seat=0")
    wait_status(desk)
    assert desk.inner_text("#rating-change") == "Rated match"

    ended = play_to_end(server, match_id, {0: desk, 1: other})
    winner = ended["outcome"]["winner"]
    for page in (desk, other):
        wait_status(page, over=True)
        page.wait_for_selector("#rating-change .rating-after")
    after = {int(el.get_attribute("data-seat")): int(el.inner_text())
             for el in desk.query_selector_all("#rating-change .rating-after")}
    assert after[winner] > 1500 > after[1 - winner]

    # each in the other's profile: the rating now and a chart from 1500 to it
    for page, them, seat in ((desk, marisa, 1), (other, reimu, 0)):
        page.click(f"#rating-change a[href='#/player/{them['player_id']}']")
        page.wait_for_selector("#profile .rating-chart")
        assert page.inner_text("#profile-name") == them["name"]
        assert page.inner_text("#profile .rating-now").rstrip("?") == str(after[seat])
        chart = page.locator("#profile .rating-chart")
        assert chart.get_attribute("data-points") == "2" and chart.get_attribute("data-last") == str(after[seat])
        assert page.locator("#profile .rating-chart circle").count() == 2
        assert page.locator(f"#profile .results [data-match='{match_id}']").count() == 1
    screenshot(desk, "ratings-profile", "#profile")

    desk.goto("/")
    desk.select_option("#ladder-variant", "toy/standard")
    desk.wait_for_selector("#leaderboard li")
    names = desk.locator("#leaderboard li a").all_inner_texts()
    assert names == (["Reimu", "Marisa"] if winner == 0 else ["Marisa", "Reimu"])
