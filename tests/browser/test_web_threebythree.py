"""3x3Wars from the web client: created in the lobby, the second seat claimed from its invite
link in another browser, played to the end from the pages by keyboard, its replay scrubbed back
move by move to the first (one step per command) — and no answer the pages received carries the
other seat's hidden cards."""
import pytest

from tests.browser.conftest import PHONE, screenshot
from tests.browser.driving import commands, create_match, invite_link, play_to_end, wait_status
from tests.browser.secrets_check import known_to, leaks, private_to_others, while_unfinished
from tests.test_api_threebythree import HIDDEN_EVENTS

pytestmark = pytest.mark.browser


def has_route(server, rule: str) -> bool:
    return any(r.rule == rule for r in server.app.url_map.iter_rules())


def tokens_of(page) -> dict:
    held = page.evaluate("JSON.parse(localStorage.getItem('kifu.seats.v1'))")
    return {s["seat"]: s["token"] for s in held}


def check_views_are_redacted(answers, seat):
    """Each view and event the page received hides the other seat's cards (field by field)."""
    for path, _, body in answers:
        view = body.get("view") if isinstance(body, dict) else None
        for p in (view or {}).get("players", []):
            if p["seat"] != seat:
                assert p["hand"] is None and p["territories"] is None, path
                assert all(m["card"] is None for m in p["magic"] if m["state"] == "down" and not m.get("shown"))
        for e in body.get("events", []) if isinstance(body, dict) else []:
            owner, cards = HIDDEN_EVENTS.get(e["type"], (None, None))
            if owner and e["data"][owner] != seat:
                assert not isinstance(e["data"].get(cards), (list, str)), (path, e)


def test_create_claim_play_to_the_end_and_scrub_back(browsing, server):
    reimu = browsing.page()
    match_id = create_match(reimu, "threebythree", "overlord", ["token", "invite"], ["Reimu", "Marisa"])
    link = invite_link(reimu, 1)
    assert f"#/join/{match_id}/1/" in link

    marisa = browsing.page()
    marisa.goto(link)
    marisa.click("#claim")
    wait_status(marisa, your_move=True)                    # setup: both seats choose at once
    reimu.click("#go-to-match")
    wait_status(reimu, your_move=True)

    def midgame_screenshots(step, info):
        if step == 30:
            wait_status(reimu, server.api(f"/matches/{match_id}")["version"])
            screenshot(reimu, "threebythree-play")

    final = play_to_end(server, match_id, {0: reimu, 1: marisa}, on_step=midgame_screenshots)
    for page in (reimu, marisa):
        wait_status(page, final["version"], over=True)
        assert "Over:" in page.inner_text("#status")
        assert page.locator("#actions [data-action]").count() == 0

    reimu.click("#replay-link")                          # the replay steps move by move
    moves = commands(server, match_id)
    reimu.wait_for_selector(f"#replay-version[data-version='{final['version']}']")
    assert reimu.get_attribute("#replay-version", "data-steps") == str(len(moves))
    reimu.keyboard.press("Home")
    reimu.wait_for_selector("#replay-version[data-step='1']")
    assert reimu.get_attribute("#replay-version", "data-version") == str(moves[1] - 1)
    assert "The match begins: 3x3Wars" in reimu.inner_text("#replay-step")
    assert reimu.locator("#first").is_disabled() and reimu.locator("#prev").is_disabled()
    for step in range(2, 5):                # past the settings Marisa took her seat with, to the first choice
        reimu.keyboard.press("ArrowRight")
        reimu.wait_for_selector(f"#replay-version[data-step='{step}']")
        if "chooses" in reimu.inner_text("#replay-step"):
            break
    assert "Reimu chooses" in reimu.inner_text("#replay-step") or "Marisa chooses" in reimu.inner_text("#replay-step")
    step = reimu.inner_text("#replay-step")
    assert "threebythree/" not in step and "Version" not in step       # sentences, no event types or versions
    reimu.locator("#replay-step .cite summary").first.click()            # a sentence's rule, one click away
    assert "Each player puts 3" in reimu.inner_text("#replay-step .cite-body")     # the rulebook's statement
    if has_route(server, "/matches/<match_id>/events/<int:version>/explain"):
        reimu.locator("#replay-step .why-button").first.click()
        reimu.wait_for_selector("#replay-step .why-sentences li")
        why = reimu.inner_text("#replay-step .why-sentences")
        assert "chooses" in why and "Each player puts 3" in why and "Version" not in why, why
    else:
        assert reimu.locator(".why-button").count() == 0                 # no explain: no "Why?"
    screenshot(reimu, "threebythree-replay")
    twelve = max(m for m in moves if m <= 12)
    reimu.fill("#jump", str(moves.index(twelve) + 1))                    # to a move by its number
    reimu.press("#jump", "Enter")
    reimu.wait_for_selector(f"#replay-version[data-step='{moves.index(twelve) + 1}']")
    assert reimu.locator("#replay-field [data-life]").count() == 2
    reimu.click("#last")
    reimu.wait_for_selector(f"#replay-version[data-version='{final['version']}']")
    reimu.click("#first")
    reimu.wait_for_selector("#replay-version[data-step='1']")

    tokens = {**tokens_of(reimu), **tokens_of(marisa)}
    cards = {c["id"] for c in server.api("/games/threebythree")["cards"]}
    for seat, page in ((0, reimu), (1, marisa)):
        answers = while_unfinished(page.context.recorder.answers)
        assert told_versions(answers) >= 10     # the page's answers over the game (its length: the deal's)
        if has_route(server, "/matches/<match_id>/stream"):        # the live channel is checked too
            assert any(method == "STREAM" and body["events"] for _, method, body in answers)
            assert page.context.recorder.cut_streams == 0
        secret = private_to_others(server, match_id, tokens, seat, cards)
        assert len(secret) >= 3              # the other seat's last hand at least
        assert leaks(answers, secret) == []
        check_views_are_redacted(answers, seat)


def test_against_a_bot_from_an_invite_to_the_end(browsing, server):
    """The organiser seats a bot and invites a player; the player claims the seat, plays the bot
    to the end, and scrubs the replay back to version 1 with the buttons."""
    organiser = browsing.page()
    match_id = create_match(organiser, "threebythree", "overlord", ["invite", "bot:random"], ["Sanae", "Owl"])
    sanae = browsing.page()
    sanae.goto(invite_link(organiser, 0))
    sanae.click("#claim")
    wait_status(sanae, your_move=True)
    assert "Owl (bot, random)" in sanae.inner_text("#field")

    final = play_to_end(server, match_id, {0: sanae})
    wait_status(sanae, final["version"], over=True)
    sanae.click("#replay-link")
    sanae.wait_for_selector(f"#replay-version[data-version='{final['version']}']")
    steps = len(commands(server, match_id))
    for button, step in (("#prev", steps - 1), ("#first", 1), ("#next", 2)):
        sanae.click(button)
        sanae.wait_for_selector(f"#replay-version[data-step='{step}']")

    answers = while_unfinished(sanae.context.recorder.answers)
    assert told_versions(answers) >= 10
    check_views_are_redacted(answers, 0)
    public = known_to(server, match_id, None)
    owl = full_state(server, match_id)["players"][1]
    secret = (set(owl["hand"]) | set(owl["territories"]) | {m["card"] for m in owl["magic"]}) - public
    assert secret and leaks(answers, secret) == []


def told_versions(answers: list) -> int:
    """How many of the match's versions the page's answers told it (views, pages of events, the live
    stream): the recorder kept the page's traffic over the game, so the leak checks read something."""
    told = set()
    for _, method, body in answers:
        if isinstance(body, dict):
            told |= {e["version"] for e in body.get("events") or () if isinstance(e, dict) and "version" in e}
            if method != "STREAM" and isinstance(body.get("version"), int):
                told.add(body["version"])
    return len(told)


def full_state(server, match_id: str) -> dict:
    """The unredacted final state, straight from the store."""
    from engine.core import get_game
    from service.http.redis_conn import get_store
    with server.app.app_context():
        store = get_store()
        meta = store.meta(match_id)
        return store.load(get_game(meta["game"]), match_id, int(meta["version"]))


def test_the_match_page_fits_a_phone(browsing, server):
    page = browsing.page(viewport=PHONE)
    match_id = create_match(page, "threebythree", "overlord", ["token", "token"])
    page.click("#go-to-match")
    wait_status(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "threebythree-phone")
    assert server.api(f"/matches/{match_id}")["seats"][1]["unclaimed"] is False
