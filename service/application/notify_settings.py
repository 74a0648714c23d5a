"""The settings of notifications (issue 17), from the environment; web and workers read the same:

  KIFU_PUBLIC_URL          the page's address, for links in messages (default http://127.0.0.1:8000;
                           kifu builds no absolute URL from request headers)
  KIFU_SMTP_URL            smtp://[user:password@]host:port (``?starttls=1``) or smtps://...: e-mail is
                           offered only when it is set
  KIFU_MAIL_FROM           the From of e-mail (default ``kifu <kifu@localhost>``)
  KIFU_NOTIFY_RETRIES      seconds before each retry of a failed delivery (default 30,120,600,3600,21600)
  KIFU_WEBHOOK_PRIVATE     1: webhooks may go to loopback and private addresses (tests, a LAN);
                           otherwise such targets are refused when subscribed (an address as written)
                           and when sent to (what the name resolves to)
"""
import os

DEFAULT_RETRIES = (30, 120, 600, 3600, 21600)


def public_url(environ=None) -> str:
    environ = os.environ if environ is None else environ
    return (environ.get("KIFU_PUBLIC_URL") or "http://127.0.0.1:8000").rstrip("/")


def mail_configured(environ=None) -> bool:
    environ = os.environ if environ is None else environ
    return bool(environ.get("KIFU_SMTP_URL"))


def retries(environ=None) -> tuple[float, ...]:
    environ = os.environ if environ is None else environ
    raw = environ.get("KIFU_NOTIFY_RETRIES")
    if not raw:
        return DEFAULT_RETRIES
    try:
        found = tuple(float(x) for x in raw.split(",") if x.strip())
    except ValueError:
        raise ValueError(f"KIFU_NOTIFY_RETRIES is seconds separated by commas, not {raw!r}") from None
    if any(x < 0 for x in found):
        raise ValueError("KIFU_NOTIFY_RETRIES: seconds are not negative")
    return found


def private_targets(environ=None) -> bool:
    environ = os.environ if environ is None else environ
    return environ.get("KIFU_WEBHOOK_PRIVATE") == "1"
