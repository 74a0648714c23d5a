"""A webhook receiver and an SMTP server started by a test on free loopback ports (issue 17): each
records what it got; the receiver answers 500 to the first ``fail`` requests of a path."""
import hashlib
import hmac
import json
import threading
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller

from tests.plugin_stack import free_port


class WebhookReceiver:
    def __init__(self):
        self.received, self.failing, self.lock = [], {}, threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.lock:
                    left = receiver.failing.get(self.path, 0)
                    receiver.failing[self.path] = max(0, left - 1)
                    receiver.received.append({"path": self.path, "headers": dict(self.headers), "body": body,
                                              "status": 500 if left else 200})
                self.send_response(500 if left else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_port}"
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    def fail(self, path: str, times: int) -> None:
        with self.lock:
            self.failing[path] = times

    def accepted(self, path: str, secret: str) -> list[dict]:
        """The messages the receiver took (2xx) at ``path``, each checked to be signed with ``secret``."""
        out = []
        for r in self.at(path):
            expected = "sha256=" + hmac.new(secret.encode(), r["body"], hashlib.sha256).hexdigest()
            assert hmac.compare_digest(r["headers"]["X-Kifu-Signature"], expected), "bad signature"
            message = json.loads(r["body"])
            assert r["headers"]["X-Kifu-Delivery"] == message["delivery"]
            assert r["headers"]["X-Kifu-Event"] == message["event"]
            if r["status"] == 200:
                out.append(message)
        return out

    def at(self, path: str) -> list[dict]:
        with self.lock:
            return [r for r in self.received if r["path"] == path]

    def stop(self):
        self.http.shutdown()
        self.http.server_close()


class SmtpSink:
    """aiosmtpd on a free port; ``mails`` are email.message.EmailMessage objects."""

    def __init__(self):
        self.mails, sink = [], self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                sink.mails.append(message_from_bytes(envelope.content, policy=policy.default))
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()
        self.url = f"smtp://127.0.0.1:{self.port}"

    def to(self, address: str) -> list:
        return [m for m in self.mails if m["To"] == address]

    def stop(self):
        self.controller.stop()
