"""The web client: ``/`` serves the page and ``/web/<asset>`` its ES modules and CSS from
``service/http/webapp`` (no build step, no CDN). Every answer carries a strict Content-Security-Policy:
the page loads and talks to this origin only.

The page's shell, index.html, is a Jinja template rendered in the request's language (Flask-Babel's
choice, service/http/language.py): its skip link, its lobby link and its noscript sentence read so
before the script runs or where none runs (the script then speaks the language chosen on the device).
It varies with Accept-Language, and is revalidated by its ETag each time.

A game's dedicated renderer is found by convention, never registered: the module
``renderers/<game id, - as _>.js`` (and its own stylesheet ``<same>.css``, if any); GET /games/<id>
names them (``renderer_assets``) and the page imports them from there (same origin, so the policy
allows it). A game without one is drawn by the generic panels."""
import functools
import hashlib
import json
from pathlib import Path

from babel import Locale
from flask import Blueprint, Response, request, send_from_directory
from jinja2 import Environment, FileSystemLoader, select_autoescape

from engine.core.i18n import LANGUAGES, Catalog, current
from service.application.errors import NotFound
from service.i18n import _

bp = Blueprint("web", __name__)
ASSETS = Path(__file__).resolve().parents[1] / "webapp"
RENDERERS = "renderers"
PAGE = Catalog.of("page", str(ASSETS / "index.html"))       # the page domain: service/http/webapp/locale
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")  # gettext's order of a language's plural forms
CATALOG_MAX_AGE = 300
SHELL = Environment(loader=FileSystemLoader(str(ASSETS)), autoescape=select_autoescape(["html"]),
                    auto_reload=False).get_template("index.html")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
       "form-action 'self'")


def renderer_assets(game_id: str) -> dict:
    """``{"renderer": "/web/renderers/<name>.js", "stylesheet": "/web/renderers/<name>.css"}``,
    each only where the file exists (``<name>``: the game id with ``-`` as ``_``)."""
    name = game_id.replace("-", "_")
    if not name.isidentifier():
        return {}
    found = {}
    for key, suffix in (("renderer", ".js"), ("stylesheet", ".css")):
        if (ASSETS / RENDERERS / f"{name}{suffix}").is_file():
            found[key] = f"/web/{RENDERERS}/{name}{suffix}"
    return found if "renderer" in found else {}


@functools.lru_cache(maxsize=len(LANGUAGES))
def shell(lang: str) -> tuple[str, str]:
    """The shell rendered in ``lang`` (the language spoken now) and its ETag: once per language."""
    body = SHELL.render(lang=lang, _=PAGE.gettext)
    return body, hashlib.sha256(body.encode("utf-8")).hexdigest()[:32]


@bp.get("/")
def page():
    """The shell in the request's language (the page domain's words), revalidated by its ETag."""
    body, etag = shell(current())
    response = Response(body, mimetype="text/html")
    response.set_etag(etag)
    response.cache_control.no_cache = True
    response.cache_control.max_age = 0
    return response.make_conditional(request)


@bp.get("/web/<path:asset>")
def asset(asset: str):
    if not (ASSETS / asset).is_file() or asset == "index.html":
        raise NotFound("asset_not_found", _("no web asset %(asset)s", asset=repr(asset)))
    return send_from_directory(ASSETS, asset, max_age=0)


@bp.get("/i18n/<lang>.json")
def catalog(lang: str):
    """The page's messages in ``lang`` (``{id: text}``, a plural message ``{singular: [forms]}``) and
    ``plural``: the CLDR categories of its forms, in order (the page picks one with Intl.PluralRules).
    Cacheable a few minutes, then revalidated by its ETag."""
    if lang not in LANGUAGES:
        raise NotFound("language_not_found", _("no language %(lang)s; languages: %(languages)s", lang=repr(lang[:20]),
                                               languages=", ".join(LANGUAGES)))
    tags = Locale.parse(lang).plural_form.tags | {"other"}
    body = json.dumps({"lang": lang, "plural": [t for t in CLDR_ORDER if t in tags],
                       "messages": PAGE.messages(lang)}, ensure_ascii=False, sort_keys=True)
    response = Response(body, mimetype="application/json")
    response.set_etag(hashlib.sha256(body.encode("utf-8")).hexdigest()[:32])
    response.cache_control.public = True
    response.cache_control.max_age = CATALOG_MAX_AGE
    return response.make_conditional(request)


@bp.after_request
def security_headers(response):
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
