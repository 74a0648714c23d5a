"""Which URLs a webhook may have (issue 17), checked when it is subscribed (``check``, 400 naming
``url``), and which addresses a webhook may connect to (``reachable``), checked on the addresses
its host resolves to when it is sent (workers/senders.py: resolved once, checked, and connected to
those exact addresses): an http(s) URL with a host and a port that can be read, no user or password,
no spaces or control characters; and an address ``KIFU_WEBHOOK_PRIVATE`` lets it reach
(service.application.notify.settings.webhook_reach): public ones by default, also private LAN ones
(1), also this host's loopback ones (loopback: tests only) — never link-local, site-local,
multicast, reserved or unspecified ones. Refused here when the URL names such an address outright
(in any notation: ``127.1``, ``2130706433``, ``[::ffff:127.0.0.1]``, ``localhost``), and where it is
sent when a name resolves to one.

An IPv6 address that carries an IPv4 one is judged by the IPv4 addresses a connection to it reaches
(issue 33: ``[64:ff9b::7f00:1]`` reaches 127.0.0.1 through a NAT64 translator): IPv4-mapped
(``::ffff:0:0/96``), 6to4 (``2002::/16``), Teredo (``2001::/32``: its server and its client), by the
standard library's properties; and, for which it has none, the NAT64 well-known prefix
(``64:ff9b::/96``, RFC 6052), IPv4-translated (``::ffff:0:0:0/96``, RFC 2765) and IPv4-compatible
(``::/96``, RFC 4291) addresses, the IPv4 address in their last 32 bits. A local-use NAT64 prefix
(``64:ff9b:1::/48``, RFC 8215) is a network's own translator, where the IPv4 address sits by that
network's prefix length: never reached.
"""
import ipaddress
import socket
import unicodedata
from urllib.parse import urlsplit

from service.application.notify import settings as notify_settings
from service.application.errors import Invalid
from service.application.notify.settings import LOOPBACK, PUBLIC
from service.i18n import _

URL_MAX = 2000
LAST_32_BITS = tuple(ipaddress.ip_network(n) for n in ("64:ff9b::/96", "::ffff:0:0:0/96", "::/96"))
LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")


def reachable(address: str, reach: str) -> bool:
    """Whether a webhook may connect to an IP address (``fe80::1%eth0``: its zone dropped) under
    ``reach`` (notify_settings.PUBLIC, PRIVATE or LOOPBACK)."""
    found = destinations(ipaddress.ip_address(address.split("%")[0]))
    return bool(found) and all(_allowed(ip, reach) for ip in found)


def destinations(ip) -> list:
    """The addresses a connection to ``ip`` reaches: the IPv4 ones an IPv6 address carries, else
    ``ip`` itself; none for a local-use NAT64 address."""
    if ip.version == 4:
        return [ip]
    if ip in LOCAL_NAT64:
        return []
    carried = [a for a in (ip.ipv4_mapped, ip.sixtofour, *(ip.teredo or ())) if a is not None]
    if not carried and not (ip.is_loopback or ip.is_unspecified) and any(ip in n for n in LAST_32_BITS):
        carried = [ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)]
    return carried or [ip]


def _allowed(ip, reach: str) -> bool:
    if ip.is_loopback:                       # before is_reserved, which ::1 is too
        return reach == LOOPBACK
    if ip.is_link_local or ip.is_multicast or ip.is_reserved or ip.is_unspecified or getattr(ip, "is_site_local", False):
        return False
    return ip.is_global or reach != PUBLIC


def check(target: str) -> str:
    """The webhook URL as kept; Invalid naming ``url`` when a webhook may not have it."""
    if len(target) > URL_MAX or any(c.isspace() or unicodedata.category(c).startswith("C") for c in target):
        raise Invalid("invalid_request", _("url: an http:// or https:// URL of at most %(url_max)s characters, "
                                           "without spaces or control characters",
                                           url_max=URL_MAX))
    try:
        parts = urlsplit(target)
        parts.port                           # raises for a port that is not a number from 0 to 65535
    except ValueError:
        raise Invalid("invalid_request", _("url: its host or port cannot be read")) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid("invalid_request", _("url: an http:// or https:// URL of at most %(url_max)s characters",
                                           url_max=URL_MAX))
    if parts.username or parts.password:
        raise Invalid("invalid_request", _("url: no user or password in the URL (the messages are signed)"))
    reach = notify_settings.webhook_reach()
    if not _may_be_reached(parts.hostname, reach):
        raise Invalid("invalid_request", _("url: %(hostname)s is a loopback, private or other non-public address; "
                                           "webhooks go to public hosts (KIFU_WEBHOOK_PRIVATE=1 allows private LAN "
                                           "ones)",
                                           hostname=parts.hostname))
    return target


def _may_be_reached(host: str, reach: str) -> bool:
    """False for a host that is, as written, an address ``reach`` does not allow; a name is checked
    where it is sent."""
    if host == "localhost" or host.endswith(".localhost"):
        return reach == LOOPBACK
    try:
        return reachable(host, reach)
    except ValueError:
        pass
    try:                                     # the short and numeric IPv4 forms (127.1, 2130706433)
        return reachable(socket.inet_ntoa(socket.inet_aton(host)), reach)
    except OSError:
        return True
