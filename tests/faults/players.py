"""The clients of the fault suite: threads playing matches through the HTTP API as users do, each
match kind in a series (a new match when one ends), with deadlines:

- ``people``: two people (one thread holding both tokens), now and then one too slow for its
  deadline;
- ``fast``: two people sending ``add 1`` every 50 ms, each at the version the last answer gave
  (no deadline), so actions are in flight whenever a fault strikes;
- ``versus-bot``: a person against an ISMCTS bot;
- ``bots``: two ISMCTS bots (the thread only watches);
- ``idle``: two people who never act, so a deadline falls due every (test) minute and passes
  (``pass``: the stand-in plays one move for the seat) — a metronome of deadlines.

An action is sent with a command id of its own and retried with the same body while the answer is
unknown (a 5xx, a dropped connection, a timeout), as a client must; a 200 is *acknowledged*.
"""
import random
import threading
import time
import urllib.error
from dataclasses import dataclass

from tests.plugin_stack import request

CREATE_SECONDS = 120     # a match is created within this, Redis outages (30 s) included, or the test fails
KINDS = {
    "people": [{"name": "Reimu"}, {"name": "Marisa"}],
    "fast": [{"name": "Aya"}, {"name": "Hatate"}],
    "versus-bot": [{"name": "Sanae"}, {"name": "Owl", "bot": "ismcts", "budget": {"iterations": 150}}],
    "bots": [{"name": "Crow", "bot": "ismcts", "budget": {"iterations": 250}},
             {"name": "Owl", "bot": "ismcts", "budget": {"iterations": 250}}],
    "idle": [{"name": "Youmu"}, {"name": "Yuyuko"}],
}


@dataclass
class Ack:
    match_id: str
    seat: int
    command_id: str
    version: int            # the match's version after the action
    versions: list          # the versions of the events the answer showed


class Api:
    def __init__(self, url: str):
        self.url = url

    def call(self, method: str, path: str, body=None, token=None, timeout: float = 10) -> tuple[int, dict]:
        """``(status, body)``; a dropped connection or a timeout raises OSError (answer unknown)."""
        try:
            return request(self.url, method, path, body, token, timeout)
        except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
            raise OSError(str(e)) from e


class Load:
    def __init__(self, api: Api, minute: float, kinds: dict, seed: int = 16):
        self.api, self.minute, self.kinds = api, minute, kinds
        self.rng = random.Random(seed)
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.acks: list[Ack] = []
        self.matches: dict[str, str] = {}          # match id -> kind
        self.tokens: dict[str, list] = {}
        self.versions: dict[str, int] = {}           # match id -> its version when created
        self.unknown = 0                             # answers that never came (given up at the end)
        self.retried = 0                             # sends repeated after an unknown answer
        self.statuses: dict = {}                     # status (None: no answer) -> how many
        self.threads = []

    def start(self) -> None:
        for kind, count in self.kinds.items():
            for k in range(count):
                t = threading.Thread(target=self._series, args=(kind, random.Random(self.rng.random())),
                                     name=f"{kind}-{k}", daemon=True)
                self.threads.append(t)
                t.start()

    def stop(self, timeout: float = 60) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(timeout)
        assert not any(t.is_alive() for t in self.threads), "a client thread did not stop"

    def create(self, kind: str) -> tuple[str, list]:
        body = {"game": "toy", "variant": "standard", "options": {"target": 100}, "seats": KINDS[kind]}
        if kind == "fast":
            body["setup"] = {"first": 0, "total": 0, "secrets": [1, 1]}
        elif kind != "bots":
            body["deadline"] = {"minutes": 1, "on_timeout": "pass"}
        give_up = time.monotonic() + CREATE_SECONDS
        while True:
            try:
                status, created = self.api.call("POST", "/matches", body)
            except OSError:
                status, created = None, None
            assert time.monotonic() < give_up, f"no match created in {CREATE_SECONDS} s: {status} {created}"
            if status == 201:
                with self.lock:
                    self.matches[created["match_id"]] = kind
                    self.tokens[created["match_id"]] = [s["token"] for s in created["seats"]]
                    self.versions[created["match_id"]] = created["version"]
                return created["match_id"], [s["token"] for s in created["seats"]]
            if self.stopping.wait(0.3):
                return None, None

    def _series(self, kind: str, rng: random.Random) -> None:
        while not self.stopping.is_set():
            match_id, tokens = self.create(kind)
            if match_id is None:
                return
            if kind == "fast":
                self._play_fast(match_id, tokens, rng)
            else:
                self._play(match_id, tokens, kind, rng)

    def _play_fast(self, match_id: str, tokens: list, rng: random.Random) -> None:
        """Seat 0 first, then each in turn (toy passes the turn after every add) until one wins."""
        version, seat = self.versions[match_id], 0
        while not self.stopping.is_set():
            answer = self.submit(match_id, seat, tokens[seat], {"type": "add", "n": 1}, version, rng)
            if answer is None or any(e["type"] == "GameWon" for e in answer["events"]):
                return
            version, seat = answer["version"], 1 - seat
            self.stopping.wait(0.05)                   # ~10 actions a second: busy, not a flood

    def _play(self, match_id: str, tokens: list, kind: str, rng: random.Random) -> None:
        acting = kind in ("people", "fast", "versus-bot")
        while not self.stopping.is_set():
            try:
                status, info = self.api.call("GET", f"/matches/{match_id}")
            except OSError:
                status = None
            if status != 200:
                self.stopping.wait(0.2)
                continue
            if info["outcome"] is not None:
                return
            mine = [s for s in info["to_act"] if tokens[s]] if acting else []
            if not mine:
                self.stopping.wait(0.25)
                continue
            seat = mine[0]
            slow = kind == "people" and rng.random() < 0.08
            think = 0.0 if kind == "fast" else rng.uniform(0.05, 0.3)
            if self.stopping.wait(self.minute * 1.4 if slow else think):
                return
            try:
                status, legal = self.api.call("GET", f"/matches/{match_id}/legal-actions", token=tokens[seat])
            except OSError:
                continue
            if status != 200 or not legal["actions"]:
                continue
            self.submit(match_id, seat, tokens[seat], rng.choice(legal["actions"]), legal["version"], rng)

    def submit(self, match_id: str, seat: int, token: str, action: dict, version: int, rng) -> dict | None:
        """The answer once acknowledged; None when refused or never answered."""
        command_id = f"c-{rng.getrandbits(48):012x}"
        body = {"action": action, "expected_version": version, "command_id": command_id}
        given_up_at = None
        while True:
            try:
                status, answer = self.api.call("POST", f"/matches/{match_id}/actions", body, token)
            except OSError:
                status = None
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
            if status == 200:
                with self.lock:
                    self.acks.append(Ack(match_id, seat, command_id, answer["version"],
                                         [e["version"] for e in answer["events"]]))
                return answer
            if status is not None and status < 500:
                return None                             # refused: 409 (a deadline moved first), 422...
            with self.lock:
                self.retried += 1
            if self.stopping.is_set():
                given_up_at = given_up_at or time.monotonic() + 30
                if time.monotonic() > given_up_at:
                    with self.lock:
                        self.unknown += 1
                    return None
            time.sleep(0.3)
