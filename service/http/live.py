"""The live feed's place in the HTTP adapter: the process's live hub and stream limits
(service.application.match.live), made once per app, and the hand-off of a stream's connection.

A server that can hold many idle connections cheaply — the Procfile's gunicorn worker class,
service/http/live_worker.py — puts ``SERVES`` in each request's environ. The stream route then
answers only the headers and leaves in the environ a ``Handoff``: after the headers are sent, the
worker makes a sink of the connection's socket and calls ``follow(sink)``; the request's thread is
free again. Any other server (``kifu serve``, the test client) streams from the request's thread.
"""
import threading
from dataclasses import dataclass
from typing import Callable

from flask import current_app

from service.application.match.live import Hub, Limits

SERVES = "kifu.live.serves"          # environ: the server takes stream connections over
HANDOFF = "kifu.live.handoff"        # environ: the route's Handoff, for that server
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Handoff:
    follow: Callable          # follow(sink): a follower written to through ``sink`` from now on; returns
                              # what to call once the client is gone
    release: Callable         # the stream's place under the limits, given back if it never starts


def hub() -> Hub:
    """This process's live hub for the current app (its reader thread starts with the first follower)."""
    extensions = current_app.extensions
    with _LOCK:
        if "kifu_live" not in extensions:
            config = current_app.config
            extensions["kifu_live"] = Hub(extensions["kifu_store"], config["SSE_KEEPALIVE_MS"],
                                          config["SSE_MAX_SECONDS"])
        return extensions["kifu_live"]


def limits() -> Limits:
    extensions = current_app.extensions
    with _LOCK:
        if "kifu_stream_limits" not in extensions:
            config = current_app.config
            extensions["kifu_stream_limits"] = Limits(config["STREAMS_PER_ADDRESS"], config["STREAMS_PER_TOKEN"])
        return extensions["kifu_stream_limits"]
