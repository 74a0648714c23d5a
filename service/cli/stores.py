"""The Redis a command works on: the store's server (``KIFU_STORE_URL`` or ``REDIS_URL``) and the
queues' (``KIFU_QUEUE_URL``), or None with a one-line message when none is set: the embedded store
lives inside ``kifu serve``, and no other command can reach it."""
import os
import sys

from service.application.storage.connections import connect, open_clients, queue_url, store_url


def connection(command: str):
    """A client of the store's server, or None (said) when none is set."""
    url = _url(command)
    return url and connect(url)


def clients(command: str):
    """``(store client, queue client)`` (``service.composition.build_store``'s), or None (said)."""
    url = _url(command)
    return url and open_clients(url, queue_url(os.environ))


def _url(command: str) -> str | None:
    url = store_url(os.environ)
    if not url:
        print(f"kifu {command} needs REDIS_URL (the embedded store lives inside `kifu serve`)", file=sys.stderr)
    return url
