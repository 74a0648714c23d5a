"""Many live-feed followers in one thread: each a socket reading ``GET /matches/{id}/stream`` as a
page does (its token as a bearer header, ``Last-Event-ID`` on a reconnect), parsed as HTTP/1.1
(chunked or not) and server-sent events, with the time each message arrived. Used by
tests/test_live_streams.py and bench/bench_streams.py; a selector, not a thread per follower, so a
test can hold hundreds and the bench thousands. ``Sink``: a follower a live hub writes to in this
process (service.application.match.live), without a socket."""
import json
import selectors
import socket
import threading
import time


class Sink:
    """A live follower's connection as text, for a hub run in the test's process."""

    def __init__(self):
        self.text, self.closed = "", False

    def write(self, text: str) -> bool:
        self.text += text
        return True

    def close(self) -> None:
        self.closed = True


class Stream:
    """One follower: ``events`` [(version, event, arrived)] in order, ``comments``, ``caught_up``
    (the version of the last message, once the server ended the stream), ``status`` and ``body`` of
    an answer other than 200, ``closed``."""

    def __init__(self, host: str, port: int, path: str, token: str | None = None, last_id: int | None = None):
        self.path, self.token = path, token
        self.events, self.comments, self.caught_up = [], 0, None
        self.status, self.headers, self.body = None, {}, b""
        self.closed = False
        self._raw = bytearray()          # bytes not yet parsed as HTTP
        self._text = ""                  # body text not yet parsed as SSE
        self._chunked = False
        headers = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Accept: text/event-stream"]
        if token:
            headers.append(f"Authorization: Bearer {token}")
        if last_id is not None:
            headers.append(f"Last-Event-ID: {last_id}")
        self.sock = socket.create_connection((host, port), timeout=30)
        self.sock.sendall(("\r\n".join(headers) + "\r\n\r\n").encode())
        self.sock.setblocking(False)

    @property
    def last_id(self) -> int | None:
        return self.events[-1][0] if self.events else None

    def versions(self) -> list[int]:
        return [v for v, _, _ in self.events]

    def received(self, data: bytes, now: float) -> None:
        self._raw += data
        if self.status is None:
            end = self._raw.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self._raw[:end].decode("latin-1").split("\r\n")
            del self._raw[:end + 4]
            self.status = int(head[0].split()[1])
            self.headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in head[1:])}
            self._chunked = self.headers.get("transfer-encoding", "").lower() == "chunked"
        if self.status != 200:
            self.body += bytes(self._raw)
            self._raw.clear()
            return
        if not self._chunked:
            self._sse(self._raw.decode("utf-8"), now)
            self._raw.clear()
            return
        while True:
            line_end = self._raw.find(b"\r\n")
            if line_end < 0:
                return
            size = int(self._raw[:line_end].split(b";")[0], 16)
            if len(self._raw) < line_end + 2 + size + 2:
                return
            chunk = bytes(self._raw[line_end + 2:line_end + 2 + size])
            del self._raw[:line_end + 2 + size + 2]
            if size == 0:
                self.closed = True
                return
            self._sse(chunk.decode("utf-8"), now)

    def _sse(self, text: str, now: float) -> None:
        self._text += text
        while "\n\n" in self._text:
            message, self._text = self._text.split("\n\n", 1)
            lines = message.split("\n")
            if all(line.startswith(":") for line in lines if line):
                self.comments += 1
                continue
            fields = {}
            for line in lines:
                name, _, value = line.partition(":")
                fields[name] = fields.get(name, "") + (value[1:] if value.startswith(" ") else value)
            kind = fields.get("event")
            if kind == "match-event":
                self.events.append((int(fields["id"]), json.loads(fields["data"]), now))
            elif kind == "caught-up":
                self.caught_up = json.loads(fields["data"])["version"]

    def json_body(self):
        text = self.body.decode("utf-8", "replace")
        start = text.find("{")
        return json.loads(text[start:text.rindex("}") + 1]) if start >= 0 else {"raw": text}


class Followers:
    """A thread with a selector over every open ``Stream``."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.streams: list[Stream] = []
        self._selector = selectors.DefaultSelector()
        self._new, self._closing = [], []
        self._lock = threading.Lock()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._selector.register(self._wake_r, selectors.EVENT_READ, None)
        self._stop = False
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def open(self, path: str, token: str | None = None, last_id: int | None = None) -> Stream:
        stream = Stream(self.host, self.port, path, token, last_id)
        with self._lock:
            self.streams.append(stream)
            self._new.append(stream)
        self._wake_w.send(b"x")
        return stream

    def close(self, stream: Stream) -> None:
        """The client hangs up (as a closed tab does)."""
        with self._lock:
            self._closing.append(stream)
        self._wake_w.send(b"x")

    def _changes(self) -> None:
        try:
            self._wake_r.recv(65536)
        except BlockingIOError:
            pass
        with self._lock:
            new, self._new = self._new, []
            closing, self._closing = self._closing, []
        for stream in new:
            self._selector.register(stream.sock, selectors.EVENT_READ, stream)
        for stream in closing:
            self._forget(stream)

    def _forget(self, stream: Stream) -> None:
        try:
            self._selector.unregister(stream.sock)
        except (KeyError, ValueError):
            pass
        stream.closed = True
        stream.sock.close()

    def _run(self) -> None:
        while not self._stop:
            ready = self._selector.select(timeout=0.1)
            now = time.monotonic()
            for key, _ in ready:
                stream = key.data
                if stream is None:
                    self._changes()
                    continue
                if stream.closed:
                    continue
                try:
                    data = stream.sock.recv(1 << 16)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if data:
                    stream.received(data, now)
                if not data or stream.closed:
                    self._forget(stream)

    def until(self, probe, timeout: float, what: str = "followers") -> None:
        end = time.monotonic() + timeout
        while not probe():
            if time.monotonic() > end:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}")
            time.sleep(0.02)

    def stop(self) -> None:
        self._stop = True
        self._thread.join(5)
        for stream in self.streams:
            stream.sock.close()
        self._selector.close()
        self._wake_r.close()
        self._wake_w.close()
