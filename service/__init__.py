"""kifu's HTTP service: the Flask app factory (flaskr style)."""
import os

from flask import Flask


def create_app(test_config: dict | None = None) -> Flask:
    """The app. Config: REDIS_URL (unset: embedded fakeredis), SNAPSHOT_EVERY (events, 50),
    VERIFY_ON_END (queue workers.jobs.verify_match when a match ends, True), STATE_CACHE_SIZE
    (latest states kept in-process, 512; 0 turns the cache off)."""
    app = Flask(__name__, static_folder=None)
    app.config.from_mapping(REDIS_URL=os.environ.get("REDIS_URL") or None, SNAPSHOT_EVERY=50,
                            VERIFY_ON_END=True, FAKEREDIS_SERVER=None,
                            STATE_CACHE_SIZE=512, MAX_CONTENT_LENGTH=1 << 20)
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    if test_config is not None:
        app.config.from_mapping(test_config)

    from service import redis_conn
    from service.api import games, history, jobs, lobby, matches, simulations, spec, web
    from service.errors import register_error_handlers

    redis_conn.init_app(app)
    register_error_handlers(app)
    for module in (games, matches, history, simulations, jobs, lobby, spec, web):
        app.register_blueprint(module.bp)
    return app
