"""Real things to point API requests at: a match of every registered game a few moves in (its seat,
auditor and organiser tokens), an ended match with a dispute and a fork, invite and open seats, a
simulation, a dataset export, an API key and a player (its key, a seat bound to it, a webhook
subscription and a seat's own) — made through the API itself. The route-walking
tests (a stopped Redis, schemathesis) fill path parameters and tokens from it."""
import random
from dataclasses import dataclass, field

from engine.core import list_games
from tests.helpers import ApiMatch, api_key_headers, bearer


@dataclass
class World:
    matches: list = field(default_factory=list)      # ApiMatch, one per game, a few moves in
    ended: ApiMatch = None                           # toy, played to its end, disputed at version 2
    invited: dict = None                             # POST /matches answer with an invite and an open seat
    dispute: int = 0
    fork: str = ""
    simulation: str = ""
    export: str = ""
    api_key: dict = None                             # Authorization headers
    player: dict = None                              # POST /players answer: key, key_id, player_id
    subscription: str = ""                           # the player's webhook subscription id
    seat_subscription: str = ""                      # seat 0 of the first match's own subscription id

    def tokens(self, m: ApiMatch) -> list:
        """Every token of ``m``: its seats', the auditor's and the organiser's, and the player key
        (bound to a seat of the first match, a stranger elsewhere)."""
        created = m.created or {}
        return [t for t in m.tokens if t] + [created.get("auditor_token"), created.get("organiser_token"),
                                             self.player["key"]]

    def all_matches(self) -> list:
        return [*self.matches, self.ended]


def two_seat_variant(game):
    return next(v for v in game.variants.values() if v.min_seats <= 2 <= v.max_seats)


def build(client, moves: int = 3) -> World:
    world = World(api_key=api_key_headers(client.application))
    rng = random.Random(16)
    for game in list_games():
        m = ApiMatch(client, game=game.id, variant=two_seat_variant(game).id)
        for _ in range(moves):
            info = m.info()
            if info["outcome"] is not None or not info["to_act"]:
                break
            seat = info["to_act"][0]
            legal = m.legal(seat)
            if not legal["actions"]:
                break
            assert m.post(seat, rng.choice(legal["actions"]), legal["version"]).status_code == 200
        world.matches.append(m)
    world.ended = ApiMatch(client)
    world.ended.play_to_end()
    r = client.post(f"/matches/{world.ended.id}/disputes", json={"version": 2, "reason": "check it"},
                    headers=bearer(world.ended.tokens[0]))
    assert r.status_code == 201, r.get_json()
    world.dispute = r.get_json()["dispute"]
    r = client.post(f"/matches/{world.ended.id}/forks", json={"version": world.ended.created["version"]},
                    headers=bearer(world.ended.created["auditor_token"]))
    assert r.status_code == 201, r.get_json()
    world.fork = r.get_json()["match_id"]
    r = client.post("/matches", json={"game": "toy", "variant": "standard",
                                      "seats": [{"name": "Host", "join": "invite"}, {"name": "Guest", "join": "open"}]})
    assert r.status_code == 201, r.get_json()
    world.invited = r.get_json()
    r = client.post("/simulations", json={"game": "toy", "variant": "standard", "games": 2, "seed": 1,
                                          "seats": [{"bot": "random"}, {"bot": "random"}]}, headers=world.api_key)
    assert r.status_code == 202, r.get_json()
    world.simulation = r.get_json()["id"]
    r = client.post("/exports", json={"game": "toy", "format": "jsonl"}, headers=world.api_key)
    assert r.status_code == 202, r.get_json()
    world.export = r.get_json()["id"]
    r = client.post("/players", json={"name": "Reimu", "label": "desk"})
    assert r.status_code == 201, r.get_json()
    world.player = r.get_json()
    first = world.matches[0]
    r = client.post("/players/me/seats", json={"match_id": first.id, "token": first.tokens[1]},
                    headers=bearer(world.player["key"]))
    assert r.status_code == 201, r.get_json()
    r = client.post("/players/me/notifications", json={"kind": "webhook", "url": "https://example.org/kifu"},
                    headers=bearer(world.player["key"]))
    assert r.status_code == 201, r.get_json()
    world.subscription = r.get_json()["id"]
    r = client.post(f"/matches/{first.id}/seats/0/notifications",
                    json={"kind": "webhook", "url": "https://example.org/seat"}, headers=bearer(first.tokens[0]))
    assert r.status_code == 201, r.get_json()
    world.seat_subscription = r.get_json()["id"]
    return world
