"""A seat's settings (engine/core/seat_settings.py, service/application/table/settings.py) and the
steps they take for it (service/application/match/automatic.py): recorded in the log as the seat's own
table move, a pass made for it marked automatic with the setting that made it, the API unchanged for a
seat that recorded nothing (issue 38)."""
import random

from tests.helpers import ApiMatch


def put(client, m, seat, body, token_seat=None):
    return client.put(f"/matches/{m.id}/seats/{seat}/settings", json=body,
                      headers=m.headers(seat if token_seat is None else token_seat))


def overlord(client) -> ApiMatch:
    return ApiMatch(client, game="threebythree", variant="overlord")


def test_unknown_settings_and_values_are_400s_naming_them(client):
    m = overlord(client)
    for body, named in (({"speed": "fast"}, "speed"), ({"pass": "always"}, "always"), ({"confirm": "yes"}, "confirm"),
                        ({"pay": True}, "pay"), ({"confirm": 1}, "true or false")):
        r = put(client, m, 0, body)
        assert r.status_code == 400, body
        assert named in r.get_json()["error"]["message"]
    assert put(client, m, 1, {"pass": "manual"}, token_seat=0).status_code == 403
    assert m.info(0)["settings"]["recorded"] is False


def test_settings_are_recorded_as_the_seats_own_event_and_shown_to_that_seat_only(client):
    m = overlord(client)
    before = m.info(0)
    assert before["settings"] == {"pass": "manual", "pay": "auto", "single": "auto", "confirm": False,
                                  "recorded": False}
    r = put(client, m, 1, {"confirm": True})
    assert r.status_code == 200
    assert r.get_json()["settings"] == {"pass": "only-choice", "pay": "auto", "single": "auto", "confirm": True,
                                        "recorded": True}
    assert m.info(1)["settings"]["confirm"] is True
    assert m.info(0)["settings"]["recorded"] is False            # the other seat's own, not seat 1's
    assert m.info(None)["settings"] is None
    events = m.get("/events", 0, limit=1000)["events"]
    changed = [e for e in events if e["type"] == "SeatSettingsChanged"]
    assert len(changed) == 1 and changed[0]["seat"] == 1 and changed[0]["rule"] == "kifu/settings"
    assert changed[0]["data"]["settings"]["pass"] == "only-choice"
    assert changed[0]["text"].startswith("Marisa's settings: the table passes when passing is the only move")
    again = put(client, m, 1, {"confirm": True}).get_json()     # nothing changes: nothing appended
    assert again["version"] == r.get_json()["version"]


def _play(m, rnd, moves=200):
    """Random legal moves; returns the (seat, legal actions) of every step the seats were asked."""
    asked = []
    for _ in range(moves):
        info = m.info()
        if info["outcome"] is not None:
            break
        seat = info["to_act"][0]
        legal = m.legal(seat)
        asked.append((seat, legal["actions"]))
        r = m.post(seat, rnd.choice(legal["actions"]), legal["version"])
        assert r.status_code == 200, r.get_json()
    return asked


def test_a_pass_that_is_the_only_move_is_made_for_a_seat_that_asked_and_told_as_automatic(client):
    m = overlord(client)
    assert put(client, m, 0, {"pass": "only-choice"}).status_code == 200
    asked = _play(m, random.Random(3))
    assert not [a for s, a in asked if s == 0 and a == [{"type": "pass"}]]         # never asked: made for it
    assert [a for s, a in asked if s == 1 and a == [{"type": "pass"}]]             # seat 1 recorded nothing
    own = m.get("/events", 0, limit=1000)["events"]
    auto = [e for e in own if e.get("auto")]
    assert auto and all(e["move"]["seat"] == 0 for e in auto)
    assert auto[0]["auto"] == {"setting": {"pass": "only-choice"}, "why": "only-choice"}
    assert auto[0]["text"].endswith("(automatic)")
    if m.info()["outcome"] is None:                  # while it runs, the other seat is not told it was automatic
        theirs = {e["version"]: e for e in m.get("/events", 1, limit=1000)["events"]}
        assert "auto" not in theirs[auto[0]["version"]]
        assert not theirs[auto[0]["version"]]["text"].endswith("(automatic)")


def test_a_dispute_sees_the_automatic_pass_with_the_setting_that_made_it(client):
    m = overlord(client)
    put(client, m, 0, {"pass": "only-choice"})
    rnd = random.Random(5)
    for _ in range(200):
        own = m.get("/events", 0, limit=1000)["events"]
        auto = [e for e in own if e.get("auto")]
        if auto:
            break
        info = m.info()
        seat = info["to_act"][0]
        legal = m.legal(seat)
        m.post(seat, rnd.choice(legal["actions"]), legal["version"])
    version = auto[0]["version"]
    r = client.post(f"/matches/{m.id}/disputes", json={"version": version, "reason": "I did not pass"},
                    headers=m.headers(0))
    assert r.status_code == 201
    log = {e["version"]: e for e in m.get("/events", 0, limit=1000)["events"]}
    filed = [e for e in log.values() if e["type"] == "DisputeFiled"][0]
    disputed = log[filed["data"]["version"]]
    assert disputed["auto"]["setting"] == {"pass": "only-choice"}
    assert disputed["text"].endswith("(automatic)")
    settings = [e for v, e in log.items() if e["type"] == "SeatSettingsChanged" and v < version]
    assert settings[-1]["data"] == {"seat": 0, "settings": {"pass": "only-choice", "pay": "auto", "single": "auto",
                                                           "confirm": False}}


def test_manual_asks_every_step_and_changing_settings_makes_the_waiting_pass(client):
    m = overlord(client)
    put(client, m, 0, {"pass": "manual"})
    rnd = random.Random(7)
    for _ in range(300):                             # play until seat 0 is asked a pass-only step
        info = m.info()
        seat = info["to_act"][0]
        legal = m.legal(seat)
        if seat == 0 and legal["actions"] == [{"type": "pass"}]:
            break
        m.post(seat, rnd.choice(legal["actions"]), legal["version"])
    else:
        raise AssertionError("seat 0 was never asked a pass-only step")
    at = m.info()["version"]
    r = put(client, m, 0, {"pass": "only-choice"})
    assert r.status_code == 200 and r.get_json()["version"] == m.info()["version"] > at + 1   # after the pass
    log = m.get("/events", 0, after=at, limit=100)["events"]
    assert log[0]["type"] == "SeatSettingsChanged"
    assert log[1]["move"]["seat"] == 0 and log[1]["auto"] == {"setting": {"pass": "only-choice"},
                                                              "why": "only-choice"}


DEFAULTS = {"pass": "only-choice", "pay": "auto", "single": "auto", "confirm": False}


def test_a_seat_taken_at_creation_with_settings_has_them_from_the_start_in_match_created(client):
    seats = [{"name": "Reimu", "settings": {}}, {"name": "Marisa", "settings": {"confirm": True}}]
    r = client.post("/matches", json={"game": "threebythree", "variant": "overlord", "seats": seats})
    assert r.status_code == 201, r.get_json()
    m = ApiMatch.held(client, r.get_json()["match_id"], [s["token"] for s in r.get_json()["seats"]])
    plain = overlord(client)
    assert m.info()["version"] == plain.info()["version"]                 # no event of its own
    created = m.get("/events", 0, limit=1)["events"][0]
    assert created["data"]["settings"] == {"0": DEFAULTS, "1": {**DEFAULTS, "confirm": True}}
    assert "settings" not in plain.get("/events", 0, limit=1)["events"][0]["data"]   # left out: shape unchanged
    assert m.info(0)["settings"] == {**DEFAULTS, "recorded": True}
    assert m.info(1)["settings"]["confirm"] is True
    asked = _play(m, random.Random(3))
    assert not [a for s, a in asked if a == [{"type": "pass"}]]          # from the first move, never asked
    assert [e for e in m.get("/events", 0, limit=1000)["events"] if e.get("auto")]


def test_settings_at_creation_are_checked_and_only_for_a_seat_the_creator_takes(client):
    for seat, named in (({"name": "a", "settings": {"pass": "always"}}, "seats.0.settings.pass"),
                        ({"name": "a", "settings": {"speed": 1}}, "seats.0.settings.speed"),
                        ({"name": "a", "join": "invite", "settings": {}}, "seats.0.settings"),
                        ({"name": "a", "bot": "random", "settings": {}}, "seats.0.settings")):
        r = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": [seat, {"name": "b"}]})
        assert r.status_code == 400 and named in r.get_json()["error"]["message"], (seat, r.get_json())


def test_a_claim_with_settings_records_them_as_the_seats_first_table_move(client):
    seats = [{"name": "Reimu", "settings": {}}, {"name": "Marisa", "join": "invite"}]
    r = client.post("/matches", json={"game": "threebythree", "variant": "overlord", "seats": seats})
    made = r.get_json()
    code, url = made["seats"][1]["invite"], f"/matches/{made['match_id']}/seats/1/claim"
    bad = client.post(url, json={"invite": code, "settings": {"pass": "always"}})
    assert bad.status_code == 400 and "settings.pass" in bad.get_json()["error"]["message"]
    claimed = client.post(url, json={"invite": code, "settings": {"pay": "manual"}})    # the 400 took no seat
    assert claimed.status_code == 200, claimed.get_json()
    assert claimed.get_json()["settings"] == {**DEFAULTS, "pay": "manual", "recorded": True}
    m = ApiMatch.held(client, made["match_id"], [made["seats"][0]["token"], claimed.get_json()["token"]])
    changed = [e for e in m.get("/events", 1, limit=1000)["events"] if e["type"] == "SeatSettingsChanged"]
    assert [(e["seat"], e["data"]["settings"]) for e in changed] == [(1, {**DEFAULTS, "pay": "manual"})]
    assert m.info(1)["settings"]["pay"] == "manual"


def test_a_claim_without_settings_records_nothing(client):
    m = ApiMatch(client, audit_live=True)                 # both seats claimed by invite, no settings
    assert not [e for e in m.get("/events", 0, limit=1000)["events"] if e["type"] == "SeatSettingsChanged"]
    assert m.info(0)["settings"]["recorded"] is False


def _dz_play_with_payment(client):
    """A Dimension Zero match where the seat to act can play a card that costs 2 energy or more."""
    m = ApiMatch(client, game="dimension-zero", variant="first-century")
    rnd = random.Random(11)
    for _ in range(400):
        info = m.info()
        if info["outcome"] is not None:
            return None, None
        seat = info["to_act"][0]
        legal = m.legal(seat)
        paid = [a for a in legal["actions"] if a["type"] == "play" and len(a.get("pay", ())) >= 2]
        if paid:
            return m, (seat, paid[0])
        m.post(seat, rnd.choice(legal["actions"]), legal["version"])
    return None, None


def test_forward_takes_the_default_payment_and_a_choice_of_one_and_stops_at_a_real_choice(client):
    m, found = _dz_play_with_payment(client)
    assert m is not None
    seat, play = found
    head = {k: v for k, v in play.items() if k not in ("pay", "targets", "pact")}
    plain = client.post(f"/matches/{m.id}/legal-actions", json={"partial": head}, headers=m.headers(seat)).get_json()
    marked = [o for o in plain["step"]["options"] if o.get("default")]
    forwarded = client.post(f"/matches/{m.id}/legal-actions", json={"partial": head, "forward": True},
                            headers=m.headers(seat)).get_json()
    assert forwarded["forwarded"] and all(o["completes"] == o["done"] for o in forwarded["step"]["options"])
    assert len(marked) == 1 and forwarded["forwarded"][0] == marked[0]["action"]     # the default's way
    last = [o for o in forwarded["step"]["options"] if o.get("default")]
    assert len(last) == 1 and last[0]["completes"] and len(last[0]["action"]["pay"]) == len(play["pay"])
    put(client, m, seat, {"pay": "manual", "single": "manual"})
    manual = client.post(f"/matches/{m.id}/legal-actions", json={"partial": head, "forward": True},
                         headers=m.headers(seat)).get_json()
    assert not any(o.get("default") for o in manual["step"]["options"])
    assert manual["partial"] == head or manual["forwarded"] == []


def test_labels_say_the_name_and_an_id_only_as_a_suffix_where_two_share_it(client):
    from engine.core.choices import suffixed
    options = suffixed([{"label": "妖精 (c1)", "ref": "c1"}, {"label": "妖精 (c2)", "ref": "c2"},
                        {"label": "魔理沙 (c3)", "ref": "c3"}, {"label": "Pass", "ref": None}])
    assert options == [{"label": "妖精", "ref": "c1", "suffix": "c1"}, {"label": "妖精", "ref": "c2", "suffix": "c2"},
                       {"label": "魔理沙", "ref": "c3"}, {"label": "Pass", "ref": None}]


def test_pending_text_says_whose_move_and_the_situation_in_words(client):
    for game, variant in (("threebythree", "overlord"), ("dimension-zero", "first-century"),
                          ("shisoroku", "standard"), ("dokusenroku", "standard")):
        m = ApiMatch(client, game=game, variant=variant)
        rnd = random.Random(1)
        for _ in range(6):
            info = m.info()
            seat = info["to_act"][0]
            mine, theirs = m.info(seat)["pending_text"], m.info(1 - seat)["pending_text"]
            assert mine.startswith("Your move — ")
            assert theirs.startswith("Your move — " if 1 - seat in info["to_act"] else "Waiting for ")
            assert "Pending:" not in mine + theirs and "{" not in mine + theirs and "seat " not in mine + theirs
            legal = m.legal(seat)
            m.post(seat, rnd.choice(legal["actions"]), legal["version"])


def test_a_bot_seat_reads_bot_and_its_kind(client):
    r = client.post("/matches", json={"game": "threebythree", "variant": "overlord",
                                      "seats": [{"name": "霊夢"}, {"name": "Player 2", "bot": "greedy"}]})
    assert r.status_code == 201, r.get_json()
    m = ApiMatch.held(client, r.get_json()["match_id"], [s["token"] for s in r.get_json()["seats"]])
    info = m.info(0)
    assert [s["display_name"] for s in info["seats"]] == ["霊夢", "Bot (greedy)"]
    if info["to_act"] == [1]:
        assert info["pending_text"].startswith("Waiting for Bot (greedy)")


def test_a_rematch_keeps_each_seats_settings_as_they_were_at_the_end(client):
    m = ApiMatch(client)
    put(client, m, 0, {"confirm": True})
    m.play_to_end()
    r = client.post(f"/matches/{m.id}/rematch", json={}, headers=m.headers(0))
    assert r.status_code == 201, r.get_json()
    again = ApiMatch.held(client, r.get_json()["match_id"], m.tokens)
    assert again.info(0)["settings"] == {**DEFAULTS, "confirm": True, "recorded": True}
    assert again.info(1)["settings"]["recorded"] is False
    assert again.get("/events", 0, limit=1)["events"][0]["data"]["settings"] == {"0": {**DEFAULTS, "confirm": True}}
