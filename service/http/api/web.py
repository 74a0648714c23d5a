"""The web client: ``/`` serves the page and ``/web/<asset>`` its ES modules and CSS from
``service/http/webapp`` (no build step, no CDN). Every answer carries a strict Content-Security-Policy:
the page loads and talks to this origin only."""
from pathlib import Path

from flask import Blueprint, send_from_directory

from service.application.errors import NotFound

bp = Blueprint("web", __name__)
ASSETS = Path(__file__).resolve().parents[1] / "webapp"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
       "form-action 'self'")


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
