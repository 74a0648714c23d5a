"""Sending a notification (issue 17), for the ``deliver_notification`` job: a signed webhook over
HTTP(S), or an e-mail through the SMTP server ``KIFU_SMTP_URL`` names. ``send(subscription, message)``
answers ``(ok, detail)``; ``detail`` says what happened in a few words and never holds the URL, the
secret or the SMTP password (it goes to the owner's delivery log).

Webhook: ``POST`` the message as compact JSON (service.application.notify.messages.body) with
  X-Kifu-Signature: sha256=<hex HMAC-SHA256 of the body, keyed by the subscription's secret>
  X-Kifu-Delivery: <delivery id>   (the same on every retry: receivers deduplicate on it)
  X-Kifu-Event: your_move | deadline_near | match_ended | dispute | chat
A 2xx answer is delivered; anything else (another status, a redirect — never followed —, a timeout, a
refused connection) is a failed attempt, retried by the application. A URL whose host resolves to an
address webhooks may not reach (service.application.notify.webhook_urls.reachable: a loopback, private,
link-local or other non-public one, or an IPv6 form of one, unless ``KIFU_WEBHOOK_PRIVATE`` allows it)
is refused, so a webhook cannot be pointed at the service's own network: the host is looked up once,
every address found is checked, and the connection is made to those exact socket addresses, with
nothing looked up again (the Host header and the TLS server name stay the URL's host). No proxy is
used.

E-mail: text/plain, with ``List-Unsubscribe`` (one-click, RFC 8058) and ``Message-ID`` from the
delivery id; ``smtp://`` (``?starttls=1`` to upgrade) or ``smtps://``, with a user and password
in the URL where the server wants them.
"""
import hashlib
import hmac
import http.client
import os
import smtplib
import socket
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from service.application.notify import messages, settings as notify_settings, webhook_urls

TIMEOUT = 10


def send(sub: dict, message: dict) -> tuple[bool, str]:
    if sub["kind"] == "webhook":
        return webhook(sub["target"], sub["secret"], message)
    return email(sub["target"], message)


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def resolve(host: str, port: int) -> list[tuple]:
    """Where a TCP connection to ``host`` may go: getaddrinfo's (family, type, proto, socket address)
    for each address ([] when it does not resolve)."""
    try:
        return [(family, kind, proto, address) for family, kind, proto, _, address
                in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]
    except (socket.gaierror, UnicodeError):
        return []


def webhook(url: str, secret: str, message: dict) -> tuple[bool, str]:
    """POST the signed message to ``url``. The host is looked up once, each address found is checked
    (webhook_urls.reachable) and the connection is made to the first of those exact socket addresses
    that answers, so a name cannot resolve to a public address for the check and to a private one
    for the request (DNS rebinding). No proxy is used."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return False, "refused: the URL's host or port cannot be read"
    found = resolve(parts.hostname or "", port)
    if not found:
        return False, "not reached (the URL's host is not known)"
    reach = notify_settings.webhook_reach()
    if not all(webhook_urls.reachable(address[0], reach) for *_, address in found):
        return False, "refused: the URL's host is not an address webhooks may reach (not a public one)"
    body = messages.body(message)
    headers = {"Content-Type": "application/json; charset=utf-8", "User-Agent": "kifu-notify/1",
               "X-Kifu-Signature": signature(secret, body), "X-Kifu-Delivery": message["delivery"],
               "X-Kifu-Event": message["event"]}
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname, port, timeout=TIMEOUT)        # Host and TLS name: the URL's host
    connection._create_connection = lambda _, timeout, source=None: _connect(found, timeout, source)
    try:
        connection.request("POST", (parts.path or "/") + (f"?{parts.query}" if parts.query else ""), body, headers)
        status = connection.getresponse().status                     # a redirect is not followed
    except http.client.InvalidURL:
        return False, "refused: the URL cannot be sent to"
    except (OSError, http.client.HTTPException) as e:            # a TLS certificate refused is an OSError too
        return False, f"not reached ({type(e).__name__})"
    except ValueError:                                           # a name that is no IDNA
        return False, "refused: the URL cannot be sent to"
    finally:
        connection.close()
    return (True, f"HTTP {status}") if 200 <= status < 300 else (False, f"HTTP {status}")


def _connect(found: list[tuple], timeout: float, source=None) -> socket.socket:
    """A connection to the first of ``found`` (resolve's, checked) that answers, as a connection by
    name tries each."""
    error = OSError("no address")
    for info in found:
        try:
            return open_socket(info, timeout, source)
        except OSError as e:
            error = e
    raise error


def open_socket(info: tuple, timeout: float, source=None) -> socket.socket:
    """A TCP connection to exactly ``info``'s socket address (family, type, proto, address): no name
    is looked up."""
    sock = socket.socket(*info[:3])
    try:
        sock.settimeout(timeout)
        if source:
            sock.bind(source)
        sock.connect(info[3])
        return sock
    except BaseException:
        sock.close()
        raise


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
    try:
        conf = smtp_settings(url)
    except ValueError:                       # an operator's mistake: said in the log, never the URL itself
        return False, "not sent (KIFU_SMTP_URL is not smtp://host:port or smtps://host:port)"
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
