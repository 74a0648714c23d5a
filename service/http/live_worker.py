"""The Procfile's gunicorn worker class (``--worker-class service.http.live_worker.LiveWorker``):
gunicorn's gthread worker — the JSON API on Flask in its pool of threads, as before — that takes
the live feed's connections over once their headers are sent, so an open match page holds no
pool thread (issue 35: 16 open pages used to take every thread of the Procfile's 2 × 8).

- The stream route (service/http/api/audit.py) checks the match, the token and the limits in a pool
  thread as any route does, then leaves a ``Handoff`` in the environ (service/http/live.py). This
  worker sends the headers, makes a ``Sink`` of the socket and hands it to the process's live hub
  (service.application.match.live), which writes each follower's events to it; the pool thread is
  free at once and gthread forgets the connection (it neither counts nor closes it).
- One selector thread per process (``Loop``) watches every handed-over socket: a client that goes
  away is dropped from the hub at once, and what a socket could not take at once is written when it
  can (a client that lets more than ``BACKLOG`` bytes pile up is cut off).
- SIGTERM ends every open stream at once (a ``caught-up`` message, which the page answers by
  reconnecting, to another process), then gthread finishes the requests in flight as always.

Why not gevent's worker: measured on the JSON API (bench/RESULTS.md, issue 35) it answered
``GET /matches/{id}`` slower under load than gthread, and it would need every library of the
request path to be cooperative; here the API keeps gthread's threads and only the idle streams move.
"""
import errno
import logging
import queue
import selectors
import socket
import threading

from gunicorn.workers.gthread import ThreadWorker

from service.http import live

log = logging.getLogger(__name__)
BACKLOG = 1 << 20          # bytes waiting for one slow client before its stream is cut
STOP_FLUSH_SECONDS = 3.0   # how long a stopping worker lets its streams' last messages go out


class Sink:
    """A follower's connection: ``write`` frames text as the response's body (HTTP/1.1 chunks where
    the response is chunked) and sends what the socket takes now, the rest from the loop's thread;
    ``close`` ends the body and the connection. Thread-safe."""

    def __init__(self, loop, sock, chunked: bool):
        self.loop, self.sock, self.chunked = loop, sock, chunked
        self.lock = threading.Lock()
        self.out = bytearray()
        self.closing = self.closed = False
        self._on_gone = None
        self._gone_told = False

    def on_gone(self, callback) -> None:
        """``callback()`` once the client is gone (at once if it is already)."""
        with self.lock:
            self._on_gone = callback
            tell = self.closed and not self._gone_told
            self._gone_told = self._gone_told or tell
        if tell:
            callback()

    def write(self, text: str) -> bool:
        """False once the connection is closed (the client went away, or it is ending)."""
        data = text.encode("utf-8")
        if self.chunked:
            data = b"%x\r\n%s\r\n" % (len(data), data)
        with self.lock:
            if self.closed or self.closing:
                return False
            self.out += data
            if len(self.out) > BACKLOG:
                log.warning("live: a follower took nothing of %d bytes; its stream is cut", len(self.out))
                self._shut()
                return False
            self._flush()
            return not self.closed

    def close(self) -> None:
        with self.lock:
            if self.closing or self.closed:
                return
            self.closing = True
            if self.chunked:
                self.out += b"0\r\n\r\n"
            self._flush()

    def flush(self) -> None:
        with self.lock:
            self._flush()

    def _flush(self) -> None:
        """Under the lock: send what the socket takes; the loop waits for it to take the rest."""
        while self.out and not self.closed:
            try:
                sent = self.sock.send(self.out)
            except (BlockingIOError, InterruptedError):
                self.loop.call(self.loop.want_write, self)
                return
            except OSError:
                self._shut()
                return
            del self.out[:sent]
        if self.closing and not self.out:
            self._shut()

    def _shut(self) -> None:
        """Under the lock: closed for good; the loop's thread closes the socket."""
        if self.closed:
            return
        self.closed = True
        self.out.clear()
        self.loop.call(self.loop.forget, self)

    def gone(self) -> None:
        """The client went away (the loop saw it): closed, and the hub told."""
        with self.lock:
            self._shut()
            tell = self._on_gone is not None and not self._gone_told
            self._gone_told = self._gone_told or tell
        if tell:
            self._on_gone()


class Loop:
    """One thread with a selector over every handed-over socket."""

    def __init__(self):
        self.selector = selectors.DefaultSelector()
        self._calls = queue.SimpleQueue()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.selector.register(self._wake_r, selectors.EVENT_READ, None)
        self.sinks = set()
        self.thread = threading.Thread(target=self._run, name="kifu-live-sockets", daemon=True)
        self.thread.start()

    def call(self, fn, *args) -> None:
        """``fn(*args)`` on the loop's thread."""
        self._calls.put((fn, args))
        try:
            self._wake_w.send(b"\0")
        except (BlockingIOError, OSError):
            pass            # already woken

    def add(self, sink: Sink) -> None:
        self.sinks.add(sink)
        self.selector.register(sink.sock, selectors.EVENT_READ, sink)

    def want_write(self, sink: Sink) -> None:
        if sink in self.sinks:
            self.selector.modify(sink.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, sink)

    def forget(self, sink: Sink) -> None:
        if sink in self.sinks:
            self.sinks.discard(sink)
            self.selector.unregister(sink.sock)
        try:
            sink.sock.close()
        except OSError:
            pass

    def pending(self) -> int:
        """Sinks still open (their last bytes not yet sent)."""
        return len(self.sinks)

    def _run(self) -> None:
        while True:
            for key, mask in self.selector.select(timeout=1.0):
                sink = key.data
                if sink is None:
                    self._run_calls()
                    continue
                if mask & selectors.EVENT_READ:
                    self._readable(sink)
                if mask & selectors.EVENT_WRITE and sink in self.sinks:
                    sink.flush()
                    with sink.lock:
                        drained = not sink.out
                    if drained and sink in self.sinks:
                        self.selector.modify(sink.sock, selectors.EVENT_READ, sink)

    def _run_calls(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except (BlockingIOError, OSError):
            pass
        while True:
            try:
                fn, args = self._calls.get_nowait()
            except queue.Empty:
                return
            try:
                fn(*args)
            except Exception:  # noqa: BLE001 - one socket's trouble must not stop the loop
                log.exception("live: socket loop call failed")

    def _readable(self, sink: Sink) -> None:
        try:
            data = sink.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as e:
            if e.errno not in (errno.ECONNRESET, errno.EPIPE, errno.ENOTCONN, errno.EBADF):
                log.debug("live: socket error %s", e)
            data = b""
        if not data:                    # the client closed: nothing more will be read
            sink.gone()
            self.forget(sink)
        # else: a client sent bytes on a stream's connection (it may not pipeline): ignored


class LiveWorker(ThreadWorker):
    """gthread, plus the hand-over of the live feed's connections (see the module's docstring)."""

    def init_process(self):
        self.live_loop = Loop()
        self._local = threading.local()
        self._stopping_streams = None
        super().init_process()

    def load_wsgi(self):
        super().load_wsgi()
        self.flask_app = self.wsgi
        self.wsgi = self._serving(self.wsgi)

    def _serving(self, app):
        def serve(environ, start_response):
            environ[live.SERVES] = True
            body = app(environ, start_response)
            handoff = environ.get(live.HANDOFF)
            if handoff is None:
                return body
            if hasattr(body, "close"):
                body.close()
            try:
                self._hand_over(handoff, start_response.__self__)
            except BaseException:
                handoff.release()
                raise
            return []
        return serve

    def _hand_over(self, handoff, resp) -> None:
        """Sends the response's headers, then gives its socket to the hub; gthread forgets it."""
        conn = self._local.conn
        resp.force_close()
        resp.send_headers()
        sink = Sink(self.live_loop, conn.sock, resp.chunked)
        resp.chunked = False              # the sink frames the body from now on; gthread writes nothing more
        conn.kifu_live = True
        conn.sock.setblocking(False)
        self.live_loop.call(self.live_loop.add, sink)
        sink.on_gone(handoff.follow(sink))

    def handle(self, conn):
        self._local.conn = conn
        try:
            return super().handle(conn)
        finally:
            self._local.conn = None

    def finish_request(self, conn, fs):
        if getattr(conn, "kifu_live", False):      # the live loop holds it now
            self.nr_conns -= 1
            return
        super().finish_request(conn, fs)

    def handle_exit(self, sig, frame):
        super().handle_exit(sig, frame)
        if self._stopping_streams is None:
            self._stopping_streams = threading.Thread(target=self._end_streams, name="kifu-live-stop", daemon=True)
            self._stopping_streams.start()

    def _end_streams(self) -> None:
        hub = getattr(self, "flask_app", None) and self.flask_app.extensions.get("kifu_live")
        if hub is not None:
            hub.stop()

    def run(self):
        super().run()
        if self._stopping_streams is None:          # stopped by other means (max_requests, the master gone)
            self._end_streams()
        else:
            self._stopping_streams.join(STOP_FLUSH_SECONDS)
        if self.live_loop.pending():
            done = threading.Event()
            for _ in range(int(STOP_FLUSH_SECONDS / 0.05)):
                self.live_loop.call(lambda: done.set() if not self.live_loop.pending() else None)
                if done.wait(0.05):
                    break
