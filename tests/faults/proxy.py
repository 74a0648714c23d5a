"""A TCP proxy between the web process and Redis, in the test process: transparent, until
``cut_after_append(match_id)`` arms it. Then, from the moment the web sends that match's append (the
EVALSHA naming ``kifu:{id}:events`` as its first key) nothing more is forwarded to Redis on any
connection; once Redis has answered the append, the answer is passed on, every connection is
dropped and new ones are refused until ``heal()``: the web process has its append acknowledged and
nothing after it (the bot move's dispatch, the snapshot) reaches Redis, on any pooled connection."""
import re
import socket
import threading

TAIL = 512          # bytes of a connection's stream kept to spot a command split across reads
APPEND = rb"EVALSHA\r\n\$40\r\n[0-9a-f]{40}\r\n\$\d+\r\n\d+\r\n\$\d+\r\nkifu:\{(%s)\}:events\r\n"
ANY_APPEND = re.compile(APPEND % rb"[^}]+")


class Proxy:
    def __init__(self, upstream_port: int, port: int):
        self.upstream_port, self.port = upstream_port, port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.listener = socket.create_server(("127.0.0.1", port))
        self.sockets: set = set()
        self.lock = threading.Lock()
        self.refusing = self.frozen = False
        self.armed: re.Pattern | None = None
        self.cut = threading.Event()
        self.closed = False
        self.others: list = []      # the matches whose appends went by while armed
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    def cut_after_append(self, match_id: str) -> None:
        self.cut.clear()
        self.others = []
        self.armed = re.compile(APPEND % re.escape(match_id.encode()))

    def heal(self) -> None:
        self.armed = None
        self.refusing = self.frozen = False

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
        """Client to Redis; spots the armed append going by, and forwards nothing after it."""
        tail = b""
        try:
            while data := pair["client"].recv(65536):
                armed = self.armed
                if armed is not None and any(m.end() > len(tail) for m in armed.finditer(tail + data)):
                    self.armed = None
                    self.frozen = pair["watch"] = True      # this append goes on; nothing else after it
                elif self.frozen:
                    break
                elif armed is not None:                     # (what went by instead: for a test's message)
                    self.others += [m.group(1).decode() for m in ANY_APPEND.finditer(tail + data)
                                    if m.end() > len(tail)]
                tail = (tail + data)[-TAIL:]
                pair["server"].sendall(data)
        except OSError:
            pass
        self._close(pair)

    def _down(self, pair: dict) -> None:
        """Redis to client; once the watched append is answered, everything is cut."""
        try:
            while data := pair["server"].recv(65536):
                # Decided once, before forwarding: the chunk may be the answer to the command before
                # the append, and once the client has it, it sends the append (``_up`` sets "watch")
                # before this thread looks again; that chunk must not cut.
                answer = pair["watch"]
                if answer:
                    self.refusing = True
                    self.cut.set()                       # before the answer: the client may look at once
                pair["client"].sendall(data)
                if answer:
                    self._drop_all()
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
