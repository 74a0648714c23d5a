"""The HTTP adapter: the Flask app factory (flaskr style), its blueprints (``api/``), request
schemas, the mapping of the application's domain errors to status codes, and the web client."""
import logging
import os

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from service.application import settings
from service.application.notify import settings as notify_settings
from service.application.storage.connections import SOCKET_TIMEOUT
from service.http import language, logs, redis_conn
from service.http.api import (audit, disputes, exports, forks, games, health, history, jobs, lobby, matches,
                              notifications, players, ratings, simulations, spec, table, web)
from service.http.errors import register_error_handlers
from service.http.json_provider import FastJSONProvider


def create_app(test_config: dict | None = None) -> Flask:
    """The app. Config: REDIS_URL (unset: embedded fakeredis), STORE_URL and QUEUE_URL
    (``KIFU_STORE_URL``, ``KIFU_QUEUE_URL``: a Redis Cluster store and the queues' own Redis, see
    redis_conn), and every setting of ``service.application.settings`` read from ``KIFU_<NAME>``:
    STORE_WAIT_REPLICAS and STORE_WAIT_MS, SNAPSHOT_EVERY (events, 50), VERIFY_ON_END (queue
    workers.jobs.verify_match when a match ends, True), STATE_CACHE_SIZE (latest states kept
    in-process, 512; 0 turns the cache off), VERIFY_INLINE_MAX (GET /verify runs inline up to this
    many events, else as an RQ job; 2000), SSE_KEEPALIVE_MS (the live feed's longest silence before a
    keep-alive comment, 15000), SSE_MAX_SECONDS (a feed connection's life before the client
    reconnects with Last-Event-ID, 300), STREAMS_PER_ADDRESS and STREAMS_PER_TOKEN (open live feeds
    of this process per client address and per token, 64 and 16; 0: no cap),
    MAX_BODY_BYTES (MAX_CONTENT_LENGTH), the SIM_* limits of simulations, the SIGN_IN_* limits of
    players' sign-ins, TRUSTED_PROXIES (reverse proxies in front: the client's address is then read
    from that many hops of X-Forwarded-For, werkzeug's ProxyFix). ``test_config`` overrides
    any of them. The games of the modules ``KIFU_GAMES`` names are registered beside those of
    ``engine/games/``."""
    app = Flask(__name__, static_folder=None)
    configured = settings.from_env()
    app.config.from_mapping(REDIS_URL=os.environ.get("REDIS_URL") or None,
                            STORE_URL=os.environ.get("KIFU_STORE_URL") or None,
                            QUEUE_URL=os.environ.get("KIFU_QUEUE_URL") or None,
                            FAKEREDIS_SERVER=None, **configured)
    app.json = FastJSONProvider(app)           # orjson for answers (json_provider.py): UTF-8 kept, keys as given
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.config["MAX_CONTENT_LENGTH"] = app.config["MAX_BODY_BYTES"]
    if app.config["TRUSTED_PROXIES"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["TRUSTED_PROXIES"])

    if app.config["SSE_KEEPALIVE_MS"] >= SOCKET_TIMEOUT * 1000:
        raise settings.SettingError(f"KIFU_SSE_KEEPALIVE_MS ({app.config['SSE_KEEPALIVE_MS']}) must be shorter than the "
                                    f"Redis socket timeout ({SOCKET_TIMEOUT:.0f} s), or every wait of the live "
                                    "feed fails")
    warning = notify_settings.loopback_warning()   # and a KIFU_WEBHOOK_PRIVATE that is no setting stops here
    settings.register_plugin_games()
    redis_conn.init_app(app)
    register_error_handlers(app)
    logs.init_app(app)
    language.init_app(app)
    if warning:
        logging.getLogger(__name__).warning(warning)
    for module in (games, matches, history, audit, disputes, forks, simulations, exports, jobs, lobby, spec,
                   health, players, notifications, table, web, ratings):
        app.register_blueprint(module.bp)
    # Imported here, not at the top: gunicorn imports this package (for service.http.gunicorn_conf)
    # before that module sets PROMETHEUS_MULTIPROC_DIR, and prometheus_client picks its mode when
    # first imported; the workers import it only once they run create_app.
    from service.http import metrics
    metrics.init_app(app)
    return app
