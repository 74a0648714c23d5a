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


def create_match(page, game: str, variant: str, joins: list[str], names=None) -> str:
    """Fill the lobby's form; ``joins`` per seat: "token" (me), "invite", "open" or "bot:<kind>"."""
    page.goto("/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    page.select_option("#variant", variant)
    for seat, join in enumerate(joins):
        page.select_option(f"#seat-{seat}-join", join)
        if names:
            page.fill(f"#seat-{seat}-name", names[seat])
    page.click("#create")
    return page.wait_for_selector("#created").get_attribute("data-match")


def invite_link(page, seat: int) -> str:
    return page.input_value(f"#created [data-invite-seat='{seat}']")


def status(page) -> dict:
    return page.eval_on_selector("#status", "el => ({...el.dataset})")


def wait_status(page, version: int | None = None, **want):
    """Wait until the play page shows ``version`` (and the dataset values in ``want``)."""
    page.wait_for_function(
        """([version, want]) => {
             const d = document.querySelector('#status')?.dataset;
             return d && d.version !== undefined && (version === null || Number(d.version) === version)
                    && Object.entries(want).every(([k, v]) => d[k] === v);
           }""", arg=[version, {_camel(k): str(v).lower() for k, v in want.items()}])


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
        wait_status(page, info["version"], your_move=True)
        act(page, choose, seat)
        page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v",
                               arg=info["version"])
        if on_step:
            on_step(step, info)
    raise AssertionError(f"no outcome after {max_actions} actions")
