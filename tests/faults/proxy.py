"""A TCP proxy between the web process and Redis, in the test process: transparent, until
``cut_after_append(match_id)`` arms it. Then, once Redis has answered that match's append (the
EVALSHA / EVAL naming its ``{id}:events`` key), every connection is dropped at once and new ones
are refused until ``heal()``: the web process has its append acknowledged and nothing after it
(the bot move's dispatch, the snapshot, the listing) reaches Redis."""
import socket
import threading


class Proxy:
    def __init__(self, upstream_port: int, port: int):
        self.upstream_port, self.port = upstream_port, port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.listener = socket.create_server(("127.0.0.1", port))
        self.sockets: set = set()
        self.lock = threading.Lock()
        self.refusing = False
        self.armed: bytes | None = None
        self.cut = threading.Event()
        self.closed = False
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    def cut_after_append(self, match_id: str) -> None:
        self.cut.clear()
        self.armed = b"{" + match_id.encode() + b"}:events"

    def heal(self) -> None:
        self.refusing = False

    def close(self) -> None:
        self.closed = True
        self.listener.close()
        self._drop_all()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                client.close()
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=2)
                server.settimeout(None)
            except OSError:                      # Redis is down: so is the connection
                client.close()
                continue
            pair = {"client": client, "server": server, "watch": False}
            with self.lock:
                self.sockets.update((client, server))
            threading.Thread(target=self._up, args=(pair,), daemon=True).start()
            threading.Thread(target=self._down, args=(pair,), daemon=True).start()

    def _up(self, pair: dict) -> None:
        """Client to Redis; spots the armed append going by."""
        try:
            while data := pair["client"].recv(65536):
                armed = self.armed
                if armed is not None and armed in data and (b"EVALSHA" in data or b"EVAL\r\n" in data):
                    pair["watch"] = True
                pair["server"].sendall(data)
        except OSError:
            pass
        self._close(pair)

    def _down(self, pair: dict) -> None:
        """Redis to client; after the watched append's reply, everything is cut."""
        try:
            while data := pair["server"].recv(65536):
                pair["client"].sendall(data)
                if pair["watch"]:
                    self.armed = None
                    self.refusing = True
                    self._drop_all()
                    self.cut.set()
                    return
        except OSError:
            pass
        self._close(pair)

    def _close(self, pair: dict) -> None:
        with self.lock:
            self.sockets.difference_update((pair["client"], pair["server"]))
        for s in (pair["client"], pair["server"]):
            self._shut(s)

    def _drop_all(self) -> None:
        with self.lock:
            sockets, self.sockets = list(self.sockets), set()
        for s in sockets:
            self._shut(s)

    @staticmethod
    def _shut(s) -> None:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        s.close()
