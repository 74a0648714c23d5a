"""A match played through the API by random legal actions, with its true states folded beside it."""
import json

from service.http.redis_conn import get_store
from tests.helpers import ApiMatch, bearer
from tests.hidden.truth import Truth


class Table:
    """``ApiMatch`` plus the truth: after each action the stored events are folded into ``truth``."""

    def __init__(self, app, client, game, variant: str, seats: int, **extra):
        self.app, self.client, self.game = app, client, game
        self.api = ApiMatch(client, game.id, variant, names=[f"p{i}" for i in range(seats)], **extra)
        self.id, self.seats = self.api.id, seats
        self.truth = Truth(game, seats)
        self.sync()

    def store(self):
        return get_store()

    def sync(self) -> None:
        with self.app.app_context():
            after = self.truth.version if self.truth.state is not None else 0
            self.truth.fold_records(get_store().read(self.id, after))

    @property
    def version(self) -> int:
        return self.truth.version

    def live(self) -> bool:
        return self.game.outcome(self.truth.state) is None

    def step(self, rng) -> bool:
        """One random legal action of a random seat to act; False when nobody can act (or it ended)."""
        if not self.live():
            return False
        to_act = self.game.to_act(self.truth.state)
        if not to_act:
            return False
        seat = rng.choice(to_act)
        legal = self.api.legal(seat)
        if not legal["actions"]:
            return False
        r = self.api.post(seat, rng.choice(legal["actions"]), legal["version"])
        assert r.status_code == 200, r.get_json()
        self.sync()
        return True

    def play(self, rng, steps: int) -> None:
        for _ in range(steps):
            if not self.step(rng):
                return

    # ---- reading as a caller --------------------------------------------------------------------

    def headers(self, caller, tokens=None):
        tokens = self.api.tokens if tokens is None else tokens
        return {} if caller is None else bearer(tokens[caller])

    def get(self, path, caller, match_id=None, tokens=None, **query):
        r = self.client.get(f"/matches/{match_id or self.id}{path}", headers=self.headers(caller, tokens),
                            query_string=query)
        return r.status_code, r

    def post(self, path, caller, body, tokens=None):
        r = self.client.post(f"/matches/{self.id}{path}", json=body, headers=self.headers(caller, tokens))
        return r.status_code, r.get_json()


def sse_events(text: str) -> list:
    """The ``match-event`` payloads of a server-sent-events body."""
    out = []
    for block in text.split("\n\n"):
        lines = block.split("\n")
        if "event: match-event" in lines:
            out.append(json.loads("".join(l[6:] for l in lines if l.startswith("data: "))))
    return out


def ndjson(text: str) -> list:
    return [json.loads(line) for line in text.splitlines() if line.strip()]
