"""Driving the web client like a player: through the lobby form, by keyboard where it can."""
import json

# A quick game that ends on life: units on the board and attacking before anything else (removal
# trades cards one for one and drags a game out to the deck's end), pass last.
PRIORITY = {"deploy": 0, "redeploy": 1, "enhance": 2, "magic": 3, "grand": 3, "territory": 4,
            "choose": 5, "remove": 6, "counter": 7, "add": 0, "pass": 9}


class Eager:
    """Chooses the first action of the most eager kind; expands territory ``expansions`` times per
    seat and passes after that, so cards go to the board and the game ends soon."""

    def __init__(self, expansions: int = 3):
        self.expansions, self.expanded = expansions, {}

    def __call__(self, actions: list, seat: int = 0) -> int:
        def rank(i):
            kind = actions[i].get("type")
            if kind == "territory" and self.expanded.get(seat, 0) >= self.expansions:
                return (10, i)
            return (PRIORITY.get(kind, 8), i)
        best = min(range(len(actions)), key=rank)
        if actions[best].get("type") == "territory":
            self.expanded[seat] = self.expanded.get(seat, 0) + 1
        return best


def create_match(page, game: str, variant: str, joins: list[str], names=None, house_rules=None) -> str:
    """Fill the lobby's form; ``joins`` per seat: "token" (me), "invite", "open" or "bot:<kind>";
    ``house_rules`` {ruling name: choice} picked in the form's "House rules"."""
    page.goto("/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    page.select_option("#variant", variant)
    if page.input_value("#seat-count") != str(len(joins)):
        page.fill("#seat-count", str(len(joins)))
        page.dispatch_event("#seat-count", "change")
    for seat, join in enumerate(joins):
        page.select_option(f"#seat-{seat}-join", join)
        if names:
            page.fill(f"#seat-{seat}-name", names[seat])
    if house_rules:
        page.wait_for_selector("#house-rules:not([hidden])")
        if page.get_attribute("#house-rules", "open") is None:
            page.click("#house-rules > summary")
        for name, choice in house_rules.items():
            page.check(f"#ruling-{name}-{choice}")
    page.click("#create")
    return page.wait_for_selector("#created").get_attribute("data-match")


def invite_link(page, seat: int) -> str:
    return page.input_value(f"#created [data-invite-seat='{seat}']")


def status(page) -> dict:
    return page.eval_on_selector("#status", "el => ({...el.dataset})")


def wait_status(page, version: int | None = None, **want):
    """Wait until the play page shows ``version`` (and the dataset values in ``want``: ``match`` the
    match id, ``your_move``, ``over``)."""
    page.wait_for_function(
        """([version, want]) => {
             const d = document.querySelector('#status')?.dataset;
             return d && d.version !== undefined && (version === null || Number(d.version) === version)
                    && Object.entries(want).every(([k, v]) => d[k] === v);
           }""", arg=[version, {_camel(k): str(v).lower() if isinstance(v, bool) else str(v)
                            for k, v in want.items()}])


def _camel(key: str) -> str:
    first, *rest = key.split("_")
    return first + "".join(part.title() for part in rest)


def act(page, choose, seat: int = 0) -> dict:
    """Play one of the page's listed actions with the keyboard; returns the action."""
    listed = page.locator("#actions [data-action]")
    actions = [json.loads(a) for a in listed.evaluate_all("els => els.map(e => e.dataset.action)")]
    assert actions, "the page lists no action"
    i = choose(actions, seat)
    element = listed.nth(i)
    if element.evaluate("el => el.tagName") == "OPTION":
        select = element.locator("xpath=..")
        select.select_option(element.get_attribute("value"))
        go = select.locator("xpath=following-sibling::button[1]")
        go.focus()
    else:
        element.focus()
    page.keyboard.press("Enter")
    return actions[i]


def play_to_end(server, match_id: str, pages: dict, choose=None, on_step=None, max_actions=600) -> dict:
    """Whoever the server says is to act plays from their page (``pages``: seat -> page) until
    the match has an outcome; every page must show each version before its seat acts. Seats
    without a page are bots: the test waits for a page to show their move."""
    choose = choose or Eager()
    for step in range(max_actions):
        info = server.api(f"/matches/{match_id}")
        if info["outcome"] is not None:
            return info
        seat = info["to_act"][0]
        if seat not in pages:                       # a bot's move: a player's page sees it come
            next(iter(pages.values())).wait_for_function(
                "v => Number(document.querySelector('#status').dataset.version) > v", arg=info["version"])
            continue
        page = pages[seat]
        page.wait_for_function("""v => { const d = document.querySelector('#status')?.dataset;
                                         return d && (Number(d.version) > v || (Number(d.version) === v && d.yourMove === 'true')); }""",
                               arg=info["version"])
        if int(status(page)["version"]) > info["version"]:
            continue                                # a pass the seat's settings made for it came meanwhile
        act(page, choose, seat)
        page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v",
                               arg=info["version"])
        if on_step:
            on_step(step, info)
    raise AssertionError(f"no outcome after {max_actions} actions")


class Builder:
    """ディメンション・ゼロ: energy up to ``energy`` cards a seat, then units onto own-area squares
    and bases onto base squares; no moves, strategies or abilities, so both sides keep a board."""

    def __init__(self, energy: int = 3):
        self.energy, self.given = energy, {}

    def __call__(self, actions: list, seat: int = 0) -> int:
        def rank(i):
            a = actions[i]
            kind = a.get("type")
            if kind == "energy":
                return (0 if self.given.get(seat, 0) < self.energy else 9, i)
            if kind in ("keep", "choose"):
                return (0, i)
            if kind == "play" and "square" in a and a["square"] // 3 != 1:
                return (1, i)
            if kind == "play" and "line" in a:
                return (2, i)
            if kind == "plan_create":
                return (3, i)
            return (8 if kind == "pass" else 10, i)
        best = min(range(len(actions)), key=rank)
        if actions[best]["type"] == "energy":
            self.given[seat] = self.given.get(seat, 0) + 1
        return best


class Buyer:
    """東方祀爭録: answer choices, play actions, then treasures, buy the dearest pile it can (never
    a minus card), end the turn."""

    def __init__(self, costs: dict):
        self.costs = costs

    def __call__(self, actions: list, seat: int = 0) -> int:
        def rank(i):
            a = actions[i]
            kind = a.get("type")
            if kind == "buy":
                return (3 if a["card"] != "minus" else 9, -self.costs.get(a["card"], 0), i)
            return ({"choose": 0, "play": 1, "play_treasures": 2, "end_actions": 5}.get(kind, 8), 0, i)
        return min(range(len(actions)), key=rank)


def chooser(game: dict):
    """The player that brings a game (its GET /games/<id>) to a busy position soon."""
    if game["id"] == "dimension-zero":
        return Builder()
    if game["id"] == "shisoroku":
        return Buyer({c["id"]: c["cost"] for c in game["cards"]})
    return Eager()


def play_via_api(server, match_id: str, tokens: dict, choose, steps: int) -> dict:
    """Up to ``steps`` actions by whoever is to act, posted straight to the API (not a page)."""
    for _ in range(steps):
        info = server.api(f"/matches/{match_id}")
        if info["outcome"] is not None or not info["to_act"]:
            break
        seat = info["to_act"][0]
        legal = server.api(f"/matches/{match_id}/legal-actions", tokens[seat])
        r = server.client.post(f"/matches/{match_id}/actions", headers={"Authorization": f"Bearer {tokens[seat]}"},
                               json={"action": legal["actions"][choose(legal["actions"], seat)],
                                     "expected_version": legal["version"], "command_id": f"setup-{info['version']}"})
        assert r.status_code == 200, r.get_json()
    return server.api(f"/matches/{match_id}")


def held_tokens(page) -> dict:
    """seat -> token of the seats this page's browser holds."""
    return {s["seat"]: s["token"] for s in page.evaluate("JSON.parse(localStorage.getItem('kifu.seats.v1'))")}


def open_seat(browsing, match_id: str, seat: int, token: str, viewport=None):
    """A fresh browser holding only ``seat`` of the match, on its play page."""
    page = browsing.page(**({"viewport": viewport} if viewport else {}))
    page.goto("/#/nowhere")
    page.evaluate("e => localStorage.setItem('kifu.seats.v1', JSON.stringify([e]))",
                  {"match_id": match_id, "seat": seat, "token": token, "name": f"seat {seat}"})
    page.goto(f"/#/m/{match_id}?seat={seat}")
    return page


def commands(server, match_id: str) -> list:
    """The first version of each command's batch (a seat's action, the setup, a table note): what a
    replay by move steps through."""
    from service.http.redis_conn import get_store
    with server.app.app_context():
        return [r.version for r in get_store().read(match_id, 0)
                if r.command is not None or r.event.type == "MatchCreated"]
