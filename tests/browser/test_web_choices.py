"""Moves with parts made only by clicking (issue 15): the move builder's options and the field's
things a step names (data-ref) — a Dimension Zero play with two targets and a payment of the player's
choosing, a 3x3Wars setup of three territories and a magic on a 390 px phone, and several buys in
one 東方祀爭録 turn."""
import pytest

from tests.browser.conftest import PHONE, screenshot
from tests.browser.driving import open_seat, wait_status

pytestmark = pytest.mark.browser


def create(server, game, variant, setup=None, seats=2):
    body = {"game": game, "variant": variant, "seats": [{"name": f"p{i}"} for i in range(seats)]}
    if setup is not None:
        body["setup"] = setup
    r = server.client.post("/matches", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["match_id"], [s["token"] for s in r.get_json()["seats"]]


def confirm_first(page):
    """"Confirm before sending" on for this browser (issue 38's one click sends a complete move at
    once): these tests look at the complete move before sending it."""
    page.evaluate("localStorage.setItem('kifu.settings.v1', JSON.stringify({'*': {confirm: true}}))")
    page.reload()


def click_ref(page, ref):
    """Clicks the thing on the field whose data-ref the current step offers, and waits for the next step."""
    before = page.get_attribute("#move", "data-partial")
    page.click(f"#field [data-ref='{ref}'].choosable")
    page.wait_for_function("b => document.querySelector('#move').dataset.partial !== b || document.querySelector('#move-send')",
                           arg=before)


def click_option(page, text):
    before = page.get_attribute("#move", "data-partial")
    page.click(f"#move .choice:has-text('{text}')")
    page.wait_for_function("b => document.querySelector('#move').dataset.partial !== b || document.querySelector('#move-send')",
                           arg=before)


def events_after(server, match_id, version, token):
    return server.api(f"/matches/{match_id}/events?after={version}", token)["events"]


DZ = {"first": 0, "units": [{"card": "th-koakuma", "owner": 1, "square": 6, "damage": 0, "frozen": False},
                            {"card": "th-rumia", "owner": 1, "square": 7, "damage": 0, "frozen": False}],
      "bases": [],
      "players": [{"deck": ["th-koakuma"] * 10, "hand": ["th-icicle-fall"], "grave": [], "smash": [], "removed": [],
                   "energy": ["th-cirno", "th-cirno", "th-cirno"], "plan": False},
                  {"deck": ["th-koakuma"] * 10, "hand": [], "grave": [], "smash": [], "removed": [], "energy": [],
                   "plan": False}]}


def test_dimension_zero_two_targets_and_a_payment_of_my_choosing(browsing, server):
    """000 テクニック④ (氷符「アイシクルフォール」: up to two targets) and 001 コストの支払い: the
    player picks which energy pays, so the default payment is not the only one."""
    match_id, tokens = create(server, "dimension-zero", "touhou", DZ)
    page = open_seat(browsing, match_id, 0, tokens[0])
    confirm_first(page)
    wait_status(page, your_move=True)
    view = server.api(f"/matches/{match_id}", tokens[0])["view"]
    icicle = view["players"][0]["hand"][0]
    energy = sorted(view["players"][0]["energy"])
    foes = sorted(u["card"] for u in view["units"])
    listed = server.api(f"/matches/{match_id}/legal-actions", tokens[0])["actions"]
    default = next(a["pay"] for a in listed if a.get("card") == icicle)
    start = server.api(f"/matches/{match_id}")["version"]
    click_option(page, "Play a card")
    page.wait_for_selector("#move[data-busy='false']")      # the only card in my hand, taken for me
    click_ref(page, foes[0])                                  # a unit on its square
    click_ref(page, foes[1])                                  # and a second one
    assert "Pay" in page.inner_text("#move-prompt")
    pay = [energy[2], energy[1]]
    assert sorted(pay) != sorted(default)
    click_ref(page, pay[0])                                   # energy chips
    click_ref(page, pay[1])
    assert "Your move" in page.inner_text("#move .move-ready")
    screenshot(page, "dz-two-targets-payment")
    page.click("#move-send")
    page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=start)
    stacked = events_after(server, match_id, start, tokens[0])
    frozen = next(e for e in stacked if e["type"] == "Frozen")
    assert frozen["data"]["cards"] == sorted(pay)
    item = next(e for e in stacked if e["type"] == "Stacked")["data"]["item"]
    assert item["targets"] == foes


def test_threebythree_setup_by_tapping_cards_on_a_phone(browsing, server):
    """003 ゲーム準備 (初級): three territories then one magic, each a tap on a card chip, on 390 px."""
    match_id, tokens = create(server, "threebythree", "overlord")
    seat = server.api(f"/matches/{match_id}")["to_act"][0]
    page = open_seat(browsing, match_id, seat, tokens[seat], viewport=PHONE)
    confirm_first(page)
    wait_status(page, your_move=True)
    view = server.api(f"/matches/{match_id}", tokens[seat])["view"]
    me = next(p for p in view["players"] if p["seat"] == seat)
    hand, magic = sorted(me["hand"]), me["offered_magic"]
    start = server.api(f"/matches/{match_id}")["version"]
    page.wait_for_selector("#move[data-busy='false']")       # "Choose", the only kind of move, taken for me
    for card in (hand[2], hand[0], hand[-1]):
        click_ref(page, card)
    click_ref(page, magic[1])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "threebythree-setup-phone")
    page.click("#move-send")
    page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=start)
    chosen = next(e for e in events_after(server, match_id, start, tokens[seat]) if e["type"] == "SetupChosen")
    assert chosen["data"]["territories"] == [hand[2], hand[0], hand[-1]] and chosen["data"]["magic"] == [magic[1]]


SHISOROKU = {"kingdom": ["youmu", "keine", "satori", "utsuho", "koishi", "gensoufubi", "sumizome", "greeneyed", "rin", "sairan"],
             "first": 0,
             "players": [{"hand": ["sairan", "osaisen", "osaisen", "osaisen", "osaisen"], "deck": ["osaisen"] * 5, "discard": []},
                         {"hand": ["osaisen"] * 5, "deck": ["osaisen"] * 5, "discard": []}]}


def test_shisoroku_several_buys_in_one_turn_by_clicking_piles(browsing, server):
    """l.49-l.60: 彩符「彩光乱舞」 (+2 actions +1 buy +2 coins, designed) then treasures: two buys, each a
    click on a supply pile."""
    match_id, tokens = create(server, "shisoroku", "standard", SHISOROKU)
    page = open_seat(browsing, match_id, 0, tokens[0])
    confirm_first(page)
    wait_status(page, your_move=True)

    def move(*steps):
        version = server.api(f"/matches/{match_id}")["version"]
        for kind, what in steps:
            (click_option if kind == "option" else click_ref)(page, what)
        page.click("#move-send")
        page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=version)
        return version

    move(("option", "play"), ("option", "彩符"))
    move(("option", "play treasures"))
    start = move(("option", "buy"), ("ref", "youmu"))
    move(("option", "buy"), ("ref", "satori"))
    bought = [e["data"]["card"] for e in events_after(server, match_id, start, tokens[0]) if e["type"] == "CardBought"]
    assert bought == ["youmu", "satori"]
