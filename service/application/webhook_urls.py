"""Which URLs a webhook may have (issue 17), checked when it is subscribed (``check``, 400 naming
``url``) and, for the address its host resolves to, when it is sent to (``public_ip``,
workers/senders.py): an http(s) URL with a host and a port that can be read, no user or password,
no spaces or control characters; and, unless ``KIFU_WEBHOOK_PRIVATE=1``, not a loopback, private,
link-local or other non-public host — refused here when the URL names one outright (an address,
``localhost``), and where it is sent when a name resolves to one.
"""
import ipaddress
import socket
import unicodedata
from urllib.parse import urlsplit

from service.application import notify_settings
from service.application.errors import Invalid

URL_MAX = 2000


def public_ip(address: str) -> bool:
    """Whether an IP address (``fe80::1%eth0``: its zone dropped) is a global, public one."""
    return ipaddress.ip_address(address.split("%")[0]).is_global


def check(target: str) -> str:
    """The webhook URL as kept; Invalid naming ``url`` when a webhook may not have it."""
    if len(target) > URL_MAX or any(c.isspace() or unicodedata.category(c).startswith("C") for c in target):
        raise Invalid("invalid_request", f"url: an http:// or https:// URL of at most {URL_MAX} characters, "
                      "without spaces or control characters")
    try:
        parts = urlsplit(target)
        parts.port                           # raises for a port that is not a number from 0 to 65535
    except ValueError:
        raise Invalid("invalid_request", "url: its host or port cannot be read") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid("invalid_request", f"url: an http:// or https:// URL of at most {URL_MAX} characters")
    if parts.username or parts.password:
        raise Invalid("invalid_request", "url: no user or password in the URL (the messages are signed)")
    if not notify_settings.private_targets() and not _may_be_public(parts.hostname):
        raise Invalid("invalid_request", f"url: {parts.hostname} is a loopback, private or other non-public "
                      "address; webhooks go to public hosts (KIFU_WEBHOOK_PRIVATE=1 allows others)")
    return target


def _may_be_public(host: str) -> bool:
    """False for a host that is a non-public address as written; a name is checked where it is sent."""
    if host == "localhost" or host.endswith(".localhost"):
        return False
    try:
        return public_ip(host)
    except ValueError:
        pass
    try:                                     # the short and numeric IPv4 forms (127.1, 2130706433)
        return public_ip(socket.inet_ntoa(socket.inet_aton(host)))
    except OSError:
        return True
