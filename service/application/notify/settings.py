"""The settings of notifications (issue 17), from the environment; web and workers read the same:

  KIFU_PUBLIC_URL          the page's address, for links in messages (default http://127.0.0.1:8000;
                           kifu builds no absolute URL from request headers)
  KIFU_SMTP_URL            smtp://[user:password@]host:port (``?starttls=1``) or smtps://...: e-mail is
                           offered only when it is set
  KIFU_MAIL_FROM           the From of e-mail (default ``kifu <kifu@localhost>``)
  KIFU_NOTIFY_RETRIES      seconds before each retry of a failed delivery (default 30,120,600,3600,21600)
  KIFU_WEBHOOK_PRIVATE     where webhooks may go (``webhook_reach``; service.application.notify.webhook_urls
                           decides each address): unset or 0, public addresses only; 1, also private
                           LAN addresses (10/8, 172.16/12, 192.168/16, fc00::/7, ...); ``loopback``,
                           also this host's own (tests only: their receivers listen on 127.0.0.1).
                           Never link-local (a cloud's metadata service), multicast, reserved or
                           unspecified addresses, nor IPv6 forms of those. Any other value stops the
                           process at start; ``loopback`` is warned of at start.
"""
import os

from service.application.settings import SettingError

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


PUBLIC, PRIVATE, LOOPBACK = "public", "private", "loopback"
REACH = {"": PUBLIC, "0": PUBLIC, "1": PRIVATE, "loopback": LOOPBACK}


def webhook_reach(environ=None) -> str:
    """PUBLIC, PRIVATE or LOOPBACK from ``KIFU_WEBHOOK_PRIVATE``; SettingError for any other value (a
    typo must not widen nor silently narrow where webhooks go)."""
    environ = os.environ if environ is None else environ
    raw = environ.get("KIFU_WEBHOOK_PRIVATE", "")
    if raw.strip() not in REACH:
        raise SettingError(f"KIFU_WEBHOOK_PRIVATE is unset or 0 (webhooks to public addresses only), 1 (also "
                           f"private LAN addresses) or loopback (also this host's own: tests only), not {raw!r}")
    return REACH[raw.strip()]


def loopback_warning(environ=None) -> str | None:
    """What a web or worker process says at start when webhooks may reach this host itself."""
    if webhook_reach(environ) != LOOPBACK:
        return None
    return ("KIFU_WEBHOOK_PRIVATE=loopback: webhooks may reach this host's own services (loopback addresses), "
            "as the tests' receivers need; never set it in production")
