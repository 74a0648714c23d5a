"""Given/when/then helpers for API tests: a match created through the API, seats acting by token."""
import itertools

_ids = itertools.count(1)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


class ApiMatch:
    """A match created through the API; ``seat`` arguments pick the token sent (None: spectator)."""

    def __init__(self, client, game="toy", variant="standard", names=("Reimu", "Marisa"), **extra):
        self.client = client
        live = extra.get("audit_live", False)            # its seats join by invite: no token for the creator
        seats = [{"name": n, **({"join": "invite"} if live else {})} for n in names]
        r = client.post("/matches", json={"game": game, "variant": variant, "seats": seats, **extra})
        assert r.status_code == 201, r.get_json()
        self.created = r.get_json()
        self.id = self.created["match_id"]
        self.tokens = [s["token"] or (self._claim(s) if s.get("invite") else None) for s in self.created["seats"]]

    def _claim(self, seat: dict) -> str:
        r = self.client.post(f"/matches/{self.id}/seats/{seat['seat']}/claim", json={"invite": seat["invite"]})
        assert r.status_code == 200, r.get_json()
        return r.get_json()["token"]

    @classmethod
    def held(cls, client, match_id: str, tokens: list) -> "ApiMatch":
        """A match created elsewhere, driven with the given seat tokens."""
        m = cls.__new__(cls)
        m.client, m.id, m.tokens, m.created = client, match_id, list(tokens), None
        return m

    def headers(self, seat):
        return {} if seat is None else bearer(self.tokens[seat])

    def get(self, path="", seat=None, **query):
        r = self.client.get(f"/matches/{self.id}{path}", headers=self.headers(seat), query_string=query)
        assert r.status_code == 200, r.get_json()
        return r.get_json()

    def info(self, seat=None) -> dict:
        return self.get("", seat)

    def legal(self, seat) -> dict:
        return self.get("/legal-actions", seat)

    def post(self, seat, action, expected_version=None, command_id=None, headers=None):
        if expected_version is None:
            expected_version = self.info()["version"]
        body = {"action": action, "expected_version": expected_version,
                "command_id": command_id or f"cmd-{next(_ids)}"}
        return self.client.post(f"/matches/{self.id}/actions", json=body,
                                headers=self.headers(seat) if headers is None else headers)

    def seat_to_act(self) -> int:
        return self.info()["to_act"][0]

    def play_to_end(self, choose=lambda actions: actions[-1], on_step=None, max_actions=1000) -> dict:
        """Each seat to act posts an action chosen from its legal-actions until there is an outcome."""
        for _ in range(max_actions):
            info = self.info()
            if info["outcome"] is not None:
                return info
            seat = info["to_act"][0]
            legal = self.legal(seat)
            r = self.post(seat, choose(legal["actions"]), legal["version"])
            assert r.status_code == 200, r.get_json()
            if on_step:
                on_step(self, seat, r.get_json())
        raise AssertionError(f"no outcome after {max_actions} actions")


def api_key_headers(app, name: str | None = None, daily_cpu_seconds: int | None = 0) -> dict:
    """Authorization headers with a new API key issued on ``app``'s store (POST /simulations needs
    one; ``daily_cpu_seconds`` 0: no daily quota)."""
    from service.application.identity import api_keys
    with app.app_context():
        store = app.extensions["kifu_store"]
        return bearer(api_keys.issue(store, name or f"key-{next(_ids)}", daily_cpu_seconds))


class Outbox:
    """What would have been sent: (subscription target, message); ``fail`` answers to fail first."""

    def __init__(self):
        self.sent, self.failures = [], 0

    def __call__(self, sub, message):
        self.sent.append((sub["target"], message))
        if self.failures:
            self.failures -= 1
            return False, "HTTP 500"
        return True, "HTTP 200"

    def events(self, target=None, event=None):
        return [m for t, m in self.sent if (target is None or t == target) and (event is None or m["event"] == event)]
