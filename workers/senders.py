"""Sending a notification (issue 17), for the ``deliver_notification`` job: a signed webhook over
HTTP(S), or an e-mail through the SMTP server ``KIFU_SMTP_URL`` names. ``send(subscription, message)``
answers ``(ok, detail)``; ``detail`` says what happened in a few words and never holds the URL, the
secret or the SMTP password (it goes to the owner's delivery log).

Webhook: ``POST`` the message as compact JSON (service.application.messages.body) with
  X-Kifu-Signature: sha256=<hex HMAC-SHA256 of the body, keyed by the subscription's secret>
  X-Kifu-Delivery: <delivery id>   (the same on every retry: receivers deduplicate on it)
  X-Kifu-Event: your_move | deadline_near | match_ended | dispute | chat
A 2xx answer is delivered; anything else (another status, a redirect — never followed —, a timeout, a
refused connection) is a failed attempt, retried by the application. Unless
``KIFU_WEBHOOK_PRIVATE=1``, a URL whose host resolves to a loopback, private, link-local or other
non-public address is refused (so a webhook cannot be pointed at the service's own network).

E-mail: text/plain, with ``List-Unsubscribe`` (one-click, RFC 8058) and ``Message-ID`` from the
delivery id; ``smtp://`` (``?starttls=1`` to upgrade) or ``smtps://``, with a user and password
in the URL where the server wants them.
"""
import hashlib
import hmac
import ipaddress
import os
import smtplib
import socket
import urllib.error
import urllib.request
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from service.application import messages, notify_settings

TIMEOUT = 10


def send(sub: dict, message: dict) -> tuple[bool, str]:
    if sub["kind"] == "webhook":
        return webhook(sub["target"], sub["secret"], message)
    return email(sub["target"], message)


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def public_host(host: str, port: int) -> bool:
    """Whether every address ``host`` resolves to is a public one."""
    try:
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except socket.gaierror:
        return False
    return all(ipaddress.ip_address(info[4][0].split("%")[0]).is_global for info in found)


def webhook(url: str, secret: str, message: dict) -> tuple[bool, str]:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if not notify_settings.private_targets() and not public_host(parts.hostname or "", port):
        return False, "refused: the URL's host is not a public address"
    body = messages.body(message)
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json; charset=utf-8", "User-Agent": "kifu-notify/1",
        "X-Kifu-Signature": signature(secret, body), "X-Kifu-Delivery": message["delivery"],
        "X-Kifu-Event": message["event"]})
    try:
        with _opener.open(request, timeout=TIMEOUT) as answer:
            status = answer.status
    except urllib.error.HTTPError as e:
        return False, f"HTTP {e.code}"
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        return False, f"not reached ({type(reason).__name__})"
    return (True, f"HTTP {status}") if 200 <= status < 300 else (False, f"HTTP {status}")


def smtp_settings(url: str) -> dict:
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError("KIFU_SMTP_URL is smtp://host:port or smtps://host:port")
    query = parse_qs(parts.query)
    return {"host": parts.hostname, "port": parts.port or (465 if parts.scheme == "smtps" else 25),
            "ssl": parts.scheme == "smtps", "starttls": query.get("starttls", ["0"])[0] in ("1", "true", "yes"),
            "user": unquote(parts.username) if parts.username else None,
            "password": unquote(parts.password) if parts.password else None}


def email(address: str, message: dict, environ=None) -> tuple[bool, str]:
    environ = os.environ if environ is None else environ
    url = environ.get("KIFU_SMTP_URL")
    if not url:
        return False, "no SMTP server is set (KIFU_SMTP_URL)"
    conf = smtp_settings(url)
    mail = EmailMessage()
    mail["From"] = environ.get("KIFU_MAIL_FROM") or "kifu <kifu@localhost>"
    mail["To"] = address
    mail["Subject"] = messages.subject(message)
    mail["Message-ID"] = f"<{message['delivery']}@kifu>"          # the same on a retry: clients see one
    mail["List-Unsubscribe"] = f"<{message['unsubscribe']}>"
    mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail["X-Kifu-Delivery"] = message["delivery"]
    mail["X-Kifu-Event"] = message["event"]
    mail.set_content(messages.text(message))
    kind = smtplib.SMTP_SSL if conf["ssl"] else smtplib.SMTP
    try:
        with kind(conf["host"], conf["port"], timeout=TIMEOUT) as server:
            if conf["starttls"]:
                server.starttls()
            if conf["user"]:
                server.login(conf["user"], conf["password"] or "")
            server.send_message(mail)
    except smtplib.SMTPResponseException as e:
        return False, f"SMTP {e.smtp_code}"
    except (smtplib.SMTPException, OSError) as e:
        return False, f"not sent ({type(e).__name__})"
    return True, "sent"
