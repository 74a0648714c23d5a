"""Driving the move builder as a player does, counting the clicks (issue 38): each step's options
read from the page (their data-choice), one picked by the test's policy and clicked, until the move
is sent; and the page's visible text, tap targets and accessibility read the same way everywhere."""
import json
import os
import re

from tests.browser.driving import status

TRACE = bool(os.environ.get("KIFU_TRACE_CLICKS"))


def settled(page):
    """The builder has its step (no step being asked of the server, no single choice being taken)."""
    page.wait_for_function("() => { const m = document.querySelector('#move');"
                           " return !m || m.dataset.busy === 'false'; }")


def options(page) -> list:
    return page.locator("#move .choice").evaluate_all(
        "els => els.map(e => ({action: JSON.parse(e.dataset.choice), done: e.dataset.done === 'true',"
        " label: e.textContent}))")


def build(page, pick, limit: int = 30, field: str | None = None) -> int:
    """Clicks through the builder until the move is sent (the page shows a later version); ``pick``
    (options) -> the index to click; ``field``: a selector of things on the field a player would click
    first where there is one (a card in hand that starts the move). Returns the clicks made."""
    version = int(status(page)["version"])
    clicks = 0
    settled(page)
    if field and page.locator(field).count():
        if TRACE:
            print("  field:", page.inner_text("#move-prompt"), "->", page.locator(field).first.inner_text())
        page.locator(field).first.click(position={"x": 6, "y": 6})      # on its name, not on its "ⓘ"
        clicks += 1
    for _ in range(limit):
        settled(page)
        if int(status(page)["version"]) > version:
            return clicks
        if page.locator("#move-send").count():
            page.click("#move-send")
            clicks += 1
            break
        listed = options(page)
        assert listed, page.inner_text("#move")
        chosen = pick(listed)
        if TRACE:
            print("  step:", page.inner_text("#move-prompt"), "->", listed[chosen]["label"], f"({len(listed)} options)")
        page.locator("#move .choice").nth(chosen).click()
        clicks += 1
        if listed[chosen]["done"] and not page.locator("#move-send").count():
            break
    page.wait_for_function("v => Number(document.querySelector('#status').dataset.version) > v", arg=version)
    return clicks


def by_type(*order, avoid=()):
    """A policy: the first option whose action's type comes first in ``order`` (then any but
    ``avoid``, then the first)."""
    def pick(listed):
        for kind in order:
            for i, o in enumerate(listed):
                if o["action"].get("type") == kind:
                    return i
        return next((i for i, o in enumerate(listed) if o["action"].get("type") not in avoid), 0)
    return pick


# ---- what a page shows ----------------------------------------------------------------------------

VISIBLE_TEXT = """() => {
  const skip = '.id-suffix, .card-detail, .seed-value, input, textarea, script, style, noscript';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(skip) || !n.textContent.trim()) continue;
    if (el.checkVisibility && !el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    out.push(n.textContent.trim());
  }
  return out.join('\\n');
}"""


def visible_text(page) -> str:
    return page.evaluate(VISIBLE_TEXT)


def internal_ids(text: str, game: dict, event_types=()) -> list:
    """What the text shows of the machine underneath: card instance ids ("0-05"), land ids ("L07"),
    variant keys, catalogue keys, event type names, "Version", JSON-like dumps, snake_case keys."""
    found = []
    patterns = [r"\b\d-\d{2}\b", r"\bL\d+\b", r"\bVersion\b", r"\{\s*\"", r"\"\s*:", r"\bv\d+\b",
                r"\b[a-z]+_[a-z_]+\b"]                  # the last: a key in snake_case ("end_turn", "draw_agreed")
    keys = {v["id"] for v in game.get("variants", []) if not v["id"].isdigit()} | {game["id"]}
    keys |= {str(c.get("id")) for c in game.get("cards", []) if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+|[a-z]+\d*|\d{3}|[A-Z]\d{2}", str(c.get("id")))}
    for pattern in patterns:
        found += re.findall(pattern, text)
    words = set(re.findall(r"[A-Za-z0-9][A-Za-z0-9-]*", text))
    found += sorted(k for k in keys if k in words)
    found += sorted(t for t in event_types if t in words)
    return [f"{f} in «{_around(text, f)}»" for f in found]


def _around(text: str, found: str) -> str:
    at = text.find(found)
    return text[max(0, at - 40):at + len(found) + 20].replace("\n", " / ")


TAP_TARGETS = """() => {
  const sel = 'a[href], button, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), summary, [tabindex="0"]';
  return [...document.querySelectorAll(sel)].filter(el => el.checkVisibility ? el.checkVisibility() : true)
    .map(el => { const r = el.getBoundingClientRect();
                 return {tag: el.tagName, text: (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40),
                         w: Math.round(r.width), h: Math.round(r.height)}; })
    .filter(t => t.w > 0 && t.h > 0 && (t.w < 44 || t.h < 44));
}"""


def small_targets(page) -> list:
    return page.evaluate(TAP_TARGETS)


def axe_violations(page, axe) -> list:
    """Serious and critical axe-core violations of the page, as "rule: target" lines."""
    results = axe.run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def in_view(page, selector: str) -> bool:
    return page.evaluate("""s => { const el = document.querySelector(s); if (!el) return false;
                                   const r = el.getBoundingClientRect();
                                   return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
                         selector)


def dump(listed) -> str:
    return json.dumps(listed, ensure_ascii=False)
