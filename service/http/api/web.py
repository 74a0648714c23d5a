"""The web client: ``/`` serves the page and ``/web/<asset>`` its ES modules and CSS from
``service/http/webapp`` (no build step, no CDN). Every answer carries a strict Content-Security-Policy:
the page loads and talks to this origin only.

A game's dedicated renderer is found by convention, never registered: the module
``renderers/<game id, - as _>.js`` (and its own stylesheet ``<same>.css``, if any); GET /games/<id>
names them (``renderer_assets``) and the page imports them from there (same origin, so the policy
allows it). A game without one is drawn by the generic panels."""
from pathlib import Path

from flask import Blueprint, send_from_directory

from service.application.errors import NotFound

bp = Blueprint("web", __name__)
ASSETS = Path(__file__).resolve().parents[1] / "webapp"
RENDERERS = "renderers"
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


@bp.get("/")
def page():
    return send_from_directory(ASSETS, "index.html", max_age=0)


@bp.get("/web/<path:asset>")
def asset(asset: str):
    if not (ASSETS / asset).is_file() or asset == "index.html":
        raise NotFound("asset_not_found", f"no web asset {asset!r}")
    return send_from_directory(ASSETS, asset, max_age=0)


@bp.after_request
def security_headers(response):
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
