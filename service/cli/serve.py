"""``kifu serve``: the HTTP API on Werkzeug's threaded server (the embedded store unless REDIS_URL)."""
import logging
import sys

import click
from werkzeug.serving import WSGIRequestHandler, make_server

from service import create_app
from service.application.identity import api_keys
from service.application.storage.connections import UNAVAILABLE, describe_url
from service.cli.command import Command, one_line
from service.http.logs import redact


class RedactingHandler(WSGIRequestHandler):
    """Werkzeug's request and error log without the secrets a URL may carry (service.http.logs.redact):
    each request's line, and a request line it could not parse."""

    def log(self, type: str, message: str, *args) -> None:
        super().log(type, "%s", redact(message % args if args else message))


@click.command(cls=Command, help="serve the HTTP API (embedded fakeredis unless REDIS_URL)")
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--quiet", is_flag=True, help="no per-request log lines")
@click.option("--api-key", metavar="NAME", help="issue an API key (for POST /simulations) at start and "
              "print it: how to get one on the embedded store")
def serve(port: int, host: str, quiet: bool, api_key: str | None) -> int:
    """The URL is printed once the port is bound (port 0: any free)."""
    if quiet:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app()
    where = describe_url(app.config["STORE_URL"] or app.config["REDIS_URL"])
    store = app.extensions["kifu_store"]
    try:
        store.ping()
    except UNAVAILABLE as e:
        print(f"kifu serve: the store ({where}) does not answer ({one_line(e)}); serving anyway: routes that "
              "need it answer 503 store_unavailable, and /readyz 503, until it does", file=sys.stderr, flush=True)
    if api_key:
        print(f"API key {api_key!r} (for POST /simulations, shown once): "
              f"{api_keys.issue(store, api_key)}", flush=True)
    handler = type("KeepAliveHandler", (RedactingHandler,), {"protocol_version": "HTTP/1.1"})
    server = make_server(host, port, app, threaded=True, request_handler=handler)
    print(f"kifu serving on http://{host}:{server.server_port}/ (store: {where})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
