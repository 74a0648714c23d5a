"""evolve: apply each Dimension Zero event to the state. No rules here: decide put every fact in the event.

Card identities enter the state only through an event's ``reveal`` (public), ``private`` (one map per
seat) and ``secret`` (seen by nobody) maps; views.redact drops what a seat may not see.
"""


from engine.games.dimension_zero.state import DUEL_KEYS, initial_state


def _learn(s, d):
    for key in ("reveal", "secret"):
        s["cards"].update(d.get(key) or {})
    for m in d.get("private") or []:
        s["cards"].update(m or {})


def _decks_set(s, d):
    for seat, deck in enumerate(d["decks"]):
        s["players"][seat]["deck"] = list(deck)


def _position_set(s, d):
    s["first"] = d["first"]
    for seat, p in enumerate(s["players"]):
        z = d["players"][seat]
        for zone in ("deck", "hand", "grave", "energy", "smash", "removed"):
            p[zone] = list(z.get(zone, []))
        p["plan"] = z.get("plan")
        p["mulligan"] = "done"
    for u in d["units"]:
        s["seq"] += 1
        s["units"][u["card"]] = {"square": u["square"], "seq": s["seq"], "damage": u.get("damage", 0),
                                 "centre": False}
    for b in d["bases"]:
        s["seq"] += 1
        s["bases"][b["card"]] = {"line": b["line"], "seq": s["seq"]}
    s["frozen"] = {c: True for c in d["frozen"]}


def _first_chosen(s, d):
    s["first"] = d["first"]


def _cards_drawn(s, d):
    p = s["players"][d["seat"]]
    for c in d["cards"]:
        p["deck"].remove(c)
        if p["plan"] == c:
            p["plan"] = None
        p["hand"].append(c)


def _mulliganed(s, d):
    p = s["players"][d["seat"]]
    for c in d["bottom"]:
        p["hand"].remove(c)
    p["deck"].extend(d["bottom"])
    p["mulligan"] = "done"


def _kept(s, d):
    s["players"][d["seat"]]["mulligan"] = "done"


def _mulligan_offered(s, d):
    s["phase"] = "mulligan"
    s["players"][d["seat"]]["mulligan"] = "offered"


def _turn_started(s, d):
    s["turn"] = d["turn"]
    s["active"] = d["seat"]
    s["phase"] = "release"
    s["priority"] = None
    s["passes"] = 0


def _phase(s, d):
    s["phase"] = d["phase"]
    if d["phase"] != "main" and d["phase"] != "end":
        s["priority"] = None
        s["passes"] = 0


def _released(s, d):
    for c in d["cards"]:
        s["frozen"].pop(c, None)


def _frozen(s, d):
    for c in d["cards"]:
        s["frozen"][c] = True


def _take(s, c, src):
    seat = int(c[0])
    p = s["players"][seat]
    if src == "square":
        del s["units"][c]
    elif src == "base":
        del s["bases"][c]
    elif src == "stack":
        pass
    else:
        p[src].remove(c)
        if src == "deck" and p["plan"] == c:
            p["plan"] = None
    s["frozen"].pop(c, None)


def _card_moved(s, d):
    c = d["card"]
    _take(s, c, d["from"])
    seat = int(c[0])
    dest = d["to"]
    if dest == "square":
        s["seq"] += 1
        s["units"][c] = {"square": d["square"], "seq": s["seq"], "damage": 0, "centre": bool(d.get("centre"))}
    elif dest == "base":
        s["seq"] += 1
        s["bases"][c] = {"line": d["line"], "seq": s["seq"]}
    elif dest == "deck_bottom":
        s["players"][seat]["deck"].append(c)
    elif dest != "stack":
        s["players"][seat][dest].append(c)
    if d.get("frozen"):
        s["frozen"][c] = True


def _unit_moved(s, d):
    s["seq"] += 1
    u = s["units"][d["card"]]
    u["square"] = d["to"]
    u["seq"] = s["seq"]
    s["frozen"].pop(d["card"], None)


def _plan_opened(s, d):
    s["players"][d["seat"]]["plan"] = d["card"]


def _stacked(s, d):
    s["stack_n"] += 1
    item = dict(d["item"])
    item["n"] = s["stack_n"]
    s["stack"].append(item)
    if d.get("trigger") is not None:
        s["triggers"].pop(d["trigger"])


def _trigger_queued(s, d):
    s["triggers"].append(dict(d["trigger"]))


def _trigger_dropped(s, d):
    s["triggers"].pop(d["index"])


def _left_stack(s, d):
    s["stack"] = [i for i in s["stack"] if i["n"] != d["n"]]


def _priority_given(s, d):
    s["priority"] = d["seat"]
    s["passes"] = 0


def _priority_passed(s, d):
    s["priority"] = 1 - d["seat"]
    s["passes"] += 1


def _battle_started(s, d):
    s["battles"].append({"square": d["square"], "attacker": d["attacker"], "defender": d["defender"],
                         "step": "first", "stacked": False, "dealt": [], "winner": None,
                         "waiting": s["stack"], "held": s["triggers"]})
    s["stack"] = []
    s["triggers"] = []


def _battle_step(s, d):
    b = s["battles"][-1]
    b["step"] = d["step"]
    b["stacked"] = False
    if "winner" in d:
        b["winner"] = d["winner"]


def _damage_stacked(s, d):
    s["battles"][-1]["stacked"] = True


def _battle_ended(s, d):
    b = s["battles"].pop()
    s["stack"] = b["waiting"]
    s["triggers"] = b["held"] + s["triggers"]


def _damage_dealt(s, d):
    for hit in d["hits"]:
        if hit["card"] in s["units"]:
            s["units"][hit["card"]]["damage"] += hit["amount"]
    if s["battles"] and d.get("dealers"):
        s["battles"][-1]["dealt"].extend(d["dealers"])


def _mod_added(s, d):
    s["mods"].append(dict(d["mod"]))


def _recovered(s, d):
    for u in s["units"].values():
        u["damage"] = 0
    s["mods"] = []


def _pending(s, d):
    s["pending"] = d["pending"]


def _decided(s, d):
    s["pending"] = None


def _game_ended(s, d):
    s["phase"] = "over"
    s["priority"] = None
    s["pending"] = None
    s["outcome"] = {"winner": d["winner"], "draw": d["draw"], "reason": d["reason"],
                    **({"wins": d["wins"]} if "wins" in d else {})}


def _duel_ended(s, d):
    s["series"]["duels"].append({"winner": d["winner"], "draw": d["draw"], "reason": d["reason"], "first": d["first"]})
    s["series"]["ready"] = [False, False]
    s["priority"] = None
    s["pending"] = None


def _sideboard_set(s, d):
    lists = d["private_lists"][d["seat"]] if d.get("private_lists") else None
    if lists:
        s["series"]["decks"][d["seat"]] = list(lists["deck"])
        s["series"]["sideboards"][d["seat"]] = list(lists["sideboard"])
    s["series"]["ready"][d["seat"]] = True


def _duel_started(s, d):
    fresh = initial_state(s["variant"])
    for key in DUEL_KEYS:
        s[key] = fresh[key]


EVOLVE = {
    "DuelEnded": _duel_ended, "SideboardSet": _sideboard_set, "DuelStarted": _duel_started,
    "DecksSet": _decks_set, "PositionSet": _position_set, "FirstPlayerChosen": _first_chosen,
    "CardsDrawn": _cards_drawn, "MulliganOffered": _mulligan_offered, "Mulliganed": _mulliganed, "HandKept": _kept,
    "TurnStarted": _turn_started, "PhaseEntered": _phase, "Released": _released, "Frozen": _frozen,
    "CardMoved": _card_moved, "UnitMoved": _unit_moved, "PlanOpened": _plan_opened, "Stacked": _stacked,
    "TriggerQueued": _trigger_queued, "TriggerDropped": _trigger_dropped, "LeftStack": _left_stack,
    "PriorityGiven": _priority_given, "PriorityPassed": _priority_passed, "BattleStarted": _battle_started,
    "BattleStep": _battle_step, "DamageStacked": _damage_stacked, "BattleEnded": _battle_ended,
    "DamageDealt": _damage_dealt, "ModAdded": _mod_added, "Recovered": _recovered,
    "DecisionPending": _pending, "Decided": _decided, "GameEnded": _game_ended,
    "Noted": lambda s, d: None,
}


def evolve(state, event):
    _learn(state, event.data)
    EVOLVE[event.type](state, event.data)
    return state
