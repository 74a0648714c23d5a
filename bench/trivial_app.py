"""The trivial endpoint issue 22 measures kifu's action loop against: one Redis HGETALL of a hash
shaped like a two-seat match's meta, answered as JSON by Flask, served by gunicorn with the same
settings as kifu in bench_api.py.

And ``POST /trivial``, the floor of an action's POST: the JSON body and the bearer token read, two
HGETALLs (an action's two round trips), the hash answered as JSON. bench_api.py's floor loop (GET,
GET with a token, POST) is kifu's action loop with nothing of kifu's own work: what no change to
kifu's routes can go below."""
import os

import redis
from flask import Flask, abort, jsonify, request

KEY = "bench:trivial"


def create_app() -> Flask:
    app = Flask(__name__)
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    client.hset(KEY, mapping={"game": "threebythree", "variant": "overlord", "version": "42",
                              "created_at": "2026-11-24T03:23:00Z", "analysis": "0", "audit_live": "0",
                              "engine_version": "0.1.0", "cardset_version": "3x3wars-1.2+kifu.1",
                              "last_hash": "0" * 64, "name:0": "a", "name:1": "b",
                              **{f"token:{i:064x}": str(i) for i in range(2)},
                              f"auditor:{7:064x}": "1", f"organiser:{9:064x}": "1"})

    @app.get("/trivial")
    def trivial():
        return jsonify({k.decode(): v.decode() for k, v in client.hgetall(KEY).items()})

    @app.post("/trivial")
    def floor_of_an_action():
        if not isinstance(request.get_json(), dict) or not request.headers.get("Authorization"):
            abort(400)
        client.hgetall(KEY)
        return jsonify({k.decode(): v.decode() for k, v in client.hgetall(KEY).items()})

    return app
