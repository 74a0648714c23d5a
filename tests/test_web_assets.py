"""The web client is served by the app itself: the page, its modules, and a strict CSP."""
import html
import re
from pathlib import Path

import pytest

WEBAPP = Path(__file__).resolve().parents[1] / "service" / "http" / "webapp"


def test_the_page_is_served_at_the_root_with_a_strict_policy(client):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    assert b'<script type="module" src="/web/app.js">' in r.data
    policy = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert r.headers["X-Content-Type-Options"] == "nosniff"


NOSCRIPT = {"en": "kifu's web client needs JavaScript; the API is described at /openapi.yaml.",
            "ja": "kifu のウェブクライアントには JavaScript が必要です。API の説明は /openapi.yaml にあります。"}


@pytest.mark.parametrize("headers, lang", [({"Accept-Language": "ja-JP,ja;q=0.9"}, "ja"), ({"Accept-Language": "en-US"}, "en"),
                                           ({}, "en"), ({"Accept-Language": "fr, ja;q=0.5"}, "ja")])
def test_the_page_without_its_script_speaks_the_request_s_language(client, headers, lang):
    """The shell (index.html, a Jinja template) in the request's language (service/http/language.py):
    the noscript sentence, the skip and lobby links, <html lang>; it varies with Accept-Language and
    each language has its own ETag, so that a cache never answers one with the other."""
    r = client.get("/", headers=headers)
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and r.headers["Content-Language"] == lang
    noscript = re.search(r"<noscript><p>(.*)</p></noscript>", page).group(1)
    assert html.unescape(noscript) == NOSCRIPT[lang]
    assert f'<html lang="{lang}">' in page and "{{" not in page and "{#" not in page
    assert ("本文へ移動" in page and ">ロビー</a>" in page) == (lang == "ja")
    assert "Accept-Language" in r.headers["Vary"] and "no-cache" in r.headers["Cache-Control"]
    assert client.get("/", headers={**headers, "If-None-Match": r.headers["ETag"]}).status_code == 304
    other = client.get("/", query_string={"lang": "en" if lang == "ja" else "ja"})
    assert other.headers["ETag"] != r.headers["ETag"]
    assert client.get("/", headers={"If-None-Match": other.headers["ETag"], **headers}).status_code == 200


def test_every_module_the_page_imports_is_served(client):
    """Follows the import graph from app.js and from each game's dedicated renderer (the modules
    GET /games/<id> names): each module answers 200 as JavaScript, each stylesheet as CSS."""
    renderers, stylesheets = [], ["style.css"]
    for game in client.get("/games").get_json()["games"]:
        described = client.get(f"/games/{game['id']}").get_json()
        if "renderer" in described:
            renderers.append(described["renderer"].removeprefix("/web/"))
            stylesheets += [described["stylesheet"].removeprefix("/web/")] if "stylesheet" in described else []
    todo, seen = ["app.js", *renderers], set()
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
    assert {"play.js", "replay.js", "lobby.js", "renderer.js", "renderers/threebythree.js", "renderers/dimension_zero.js",
            "renderers/shisoroku.js", "renderers/dokusenroku.js", "renderers/offers.js", "renderers/parts.js"} <= seen
    assert {"renderers/threebythree.css", "renderers/shisoroku.css"} <= set(stylesheets)
    for name in stylesheets:
        r = client.get(f"/web/{name}")
        assert r.status_code == 200 and r.mimetype == "text/css", name


def test_a_games_renderer_is_found_by_its_file_name_alone(client, monkeypatch, tmp_path):
    """renderers/<game id, - as _>.js makes a game's dedicated renderer (and <same>.css its
    stylesheet): no registry lists them; a game without one (toy) is drawn by the generic panels."""
    from service.http.api import web
    described = client.get("/games/dimension-zero").get_json()
    assert described["renderer"] == "/web/renderers/dimension_zero.js"
    assert described["stylesheet"] == "/web/renderers/dimension_zero.css"
    assert "renderer" not in client.get("/games/toy").get_json()
    assert "stylesheet" not in client.get("/games/toy").get_json()
    assert "renderer" not in client.get("/games").get_json()["games"][0]
    (tmp_path / "renderers").mkdir()
    (tmp_path / "renderers" / "toy.js").write_text("export default () => null;\n")
    monkeypatch.setattr(web, "ASSETS", tmp_path)
    described = client.get("/games/toy").get_json()
    assert described["renderer"] == "/web/renderers/toy.js" and "stylesheet" not in described
    (tmp_path / "renderers" / "toy.css").write_text(".toy {}\n")
    assert client.get("/games/toy").get_json()["stylesheet"] == "/web/renderers/toy.css"
    assert client.get("/web/renderers/toy.js").status_code == 200


def test_no_module_builds_html_from_strings():
    """Names and card texts come from users and the server: the page never parses them as HTML."""
    paths = list(WEBAPP.rglob("*.js"))
    assert len(paths) > 10
    for path in paths:
        code = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("//"))
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", code), path


def test_unknown_or_escaping_assets_are_json_404s(client):
    for path in ("/web/nope.js", "/web/../openapi.yaml", "/web/%2e%2e/service/seats.py", "/web/index.html"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert r.get_json()["error"]["code"] in ("asset_not_found", "not_found"), path
