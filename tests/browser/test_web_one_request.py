"""One request per move from the play page (issue 37): the mover's page sends its POST /actions and
takes the new position, the log and its next choice from the answer, asking nothing more; the other
seat's page takes the move's events from the stream it follows (no GET /events) and reads the match,
and its legal actions only when it is to act — once for each move, the passes its settings make for it
being moves of their own."""
from urllib.parse import urlsplit

import pytest

from tests.browser.driving import Eager, act, commands, create_match, invite_link, wait_status
from tests.browser.test_web_threebythree import tokens_of

pytestmark = pytest.mark.browser

MOVES = 16


def requests_of(page) -> list:
    """(method, path) of every request the page sent to the kifu server."""
    sent = []
    page.on("request", lambda r: r.url.startswith(page.context.recorder.base) and sent.append(
        (r.method, urlsplit(r.url).path)))
    return sent


def test_a_move_is_one_request_and_the_other_seat_reads_the_stream(browsing, server):
    reimu = browsing.page()
    match_id = create_match(reimu, "threebythree", "overlord", ["token", "invite"], ["Reimu", "Marisa"])
    marisa = browsing.page()
    marisa.goto(invite_link(reimu, 1))
    marisa.click("#claim")
    wait_status(marisa, your_move=True)
    reimu.click("#go-to-match")
    wait_status(reimu, your_move=True)
    pages = {0: reimu, 1: marisa}
    tokens = {**tokens_of(reimu), **tokens_of(marisa)}
    sent = {seat: requests_of(page) for seat, page in pages.items()}
    path = f"/matches/{match_id}"
    choose, alone, watched = Eager(), 0, 0
    for _ in range(MOVES):
        info = server.api(path)
        if info["outcome"] is not None:
            break
        seat, other = info["to_act"][0], 1 - info["to_act"][0]
        wait_status(pages[seat], info["version"], your_move=True)
        for log in sent.values():
            log.clear()
        act(pages[seat], choose, seat)
        pages[seat].wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v",
                                      arg=info["version"])
        after = server.api(path)
        wait_status(pages[seat], after["version"])
        mover = [r for r in sent[seat] if not r[1].endswith("/stream")]
        assert mover[0] == ("POST", f"{path}/actions"), mover
        alone += mover == [("POST", f"{path}/actions")]
        # The other seat's page hears of the move from the stream when it may see one of its events
        # (a move wholly hidden from it, such as a setup choice, sends it nothing).
        if server.api(f"{path}/events?after={info['version']}&limit=1000", tokens[other])["events"]:
            wait_status(pages[other], after["version"])
            reads = [r for r in sent[other] if not r[1].endswith("/stream")]
            if after["outcome"] is None:            # the match, and the legal actions when to act
                # once per move: the mover's, and the passes the other seat's settings made for it
                # right after (issue 38), which the stream may tell of apart
                moves = [v for v in commands(server, match_id) if info["version"] < v <= after["version"]]
                assert set(reads) <= {("GET", path), ("GET", f"{path}/legal-actions")}, reads
                assert 1 <= reads.count(("GET", path)) <= len(moves), (reads, moves)
                if len(moves) == 1:
                    assert reads == [("GET", path)] + ([("GET", f"{path}/legal-actions")]
                                                       if other in after["to_act"] else []), reads
            watched += 1
        for log in sent.values():
            assert ("GET", f"{path}/events") not in log, log        # the log comes from the answer or the stream
    # A move that moves the table or ends the match is read again; the others are one request.
    assert alone >= MOVES - 2, f"{alone} of {MOVES} moves were one request"
    assert watched >= MOVES // 2
