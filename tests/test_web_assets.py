"""The web client is served by the app itself: the page, its modules, and a strict CSP."""
import re
from pathlib import Path

WEBAPP = Path(__file__).resolve().parents[1] / "service" / "webapp"


def test_the_page_is_served_at_the_root_with_a_strict_policy(client):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    assert b'<script type="module" src="/web/app.js">' in r.data
    policy = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_every_module_the_page_imports_is_served(client):
    """Follows the import graph from app.js: each module answers 200 as JavaScript."""
    todo, seen = ["app.js"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        r = client.get(f"/web/{name}")
        assert r.status_code == 200, name
        assert r.mimetype in ("text/javascript", "application/javascript"), (name, r.mimetype)
        base = Path(name).parent
        for target in re.findall(r'from "\./([^"]+)"|from "\.\./([^"]+)"', r.get_data(as_text=True)):
            here, up = target
            todo.append(str(base / here) if here else str((base.parent / up)))
    assert {"play.js", "replay.js", "lobby.js", "renderers/threebythree.js", "renderers/dimension_zero.js",
            "renderers/shisoroku.js", "renderers/offers.js", "renderers/parts.js"} <= seen
    assert client.get("/web/style.css").mimetype == "text/css"


def test_no_module_builds_html_from_strings():
    """Names and card texts come from users and the server: the page never parses them as HTML."""
    for path in WEBAPP.rglob("*.js"):
        code = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("//"))
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", code), path


def test_unknown_or_escaping_assets_are_json_404s(client):
    for path in ("/web/nope.js", "/web/../openapi.yaml", "/web/%2e%2e/service/seats.py", "/web/index.html"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert r.get_json()["error"]["code"] in ("asset_not_found", "not_found"), path
