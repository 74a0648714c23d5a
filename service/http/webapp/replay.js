// #/replay/<match>?seat=N&v=V: scrub the match's history. Each step shows the caller's view at
// that version (GET /state?version=V), the event there (or that it is hidden from the caller),
// the rule it cites from the game's rulebook, and "why" from the explain endpoint where the
// server has one. Keys: ←/→ previous/next, Home/End first/last.
import {ApiError, get, gameInfo} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {seatsIn} from "./held.js";
import {describeValue, humanize, seatName, withViewNames} from "./labels.js";
import {viewPanels} from "./panels.js";
import {rendererFor} from "./renderer.js";

let explainMissing = false;     // the server answered 404 for the explain route itself

export function showReplay(root, {matchId, seat: wanted, version}) {
  const held = seatsIn(matchId);
  const mine = held.find(s => s.seat === wanted) ?? held[0] ?? null;
  const token = mine?.token ?? null;
  const path = `/matches/${encodeURIComponent(matchId)}`;
  const el = {
    title: h("h2", {}, "Replay"), where: h("p", {id: "replay-version", class: "status", "aria-live": "polite"}),
    range: h("input", {type: "range", id: "scrub", min: 1, value: 1, "aria-label": "version"}),
    jump: h("input", {type: "number", id: "jump", min: 1, inputmode: "numeric", "aria-label": "go to version"}),
    event: h("section", {id: "replay-event", class: "panel", "aria-label": "event"}),
    field: h("div", {id: "replay-field"}), panels: h("details", {id: "replay-view", class: "view"}),
  };
  const button = (id, label, title, to) => h("button", {type: "button", id, title, "aria-label": title, onclick: () => go(to())}, label);
  const controls = h("div", {class: "scrubber", role: "group", "aria-label": "replay controls"},
    button("first", "« First", "first version", () => 1), button("prev", "‹ Prev", "previous version", () => at - 1),
    el.range, button("next", "Next ›", "next version", () => at + 1), button("last", "Last »", "last version", () => last),
    h("form", {class: "jump", onsubmit: e => { e.preventDefault(); go(Number(el.jump.value)); }},
      el.jump, h("button", {type: "submit", id: "go"}, "Go")));
  replace(root, h("div", {class: "replay"}, el.title, el.where, controls, el.event, el.field, el.panels,
    h("p", {class: "links"}, h("a", {href: `#/m/${encodeURIComponent(matchId)}${mine ? `?seat=${mine.seat}` : ""}`}, "Back to the match"),
      " · ", h("a", {href: "#/"}, "Lobby"))));
  el.range.addEventListener("input", () => go(Number(el.range.value)));
  let info, field = null, match, events = new Map(), last = 1, at = 1, shown = 0;

  async function start() {
    match = await get(path, token);
    info = await gameInfo(match.game).catch(() => ({cardsById: new Map()}));
    field = await rendererFor(info);       // the game's dedicated renderer, or null
    last = match.version;
    for (let after = 0; after < last;) {
      const page = await get(`${path}/events?after=${after}&limit=1000`, token);
      for (const e of page.events) events.set(e.version, e);
      if (page.next_after <= after) break;
      after = page.next_after;
    }
    replace(el.title, `Replay · ${info.title ?? match.game} · ${match.variant}`,
            mine ? ` · as ${seatName(match, mine.seat)}` : " · as a spectator");
    el.range.max = el.jump.max = last;
    if (!explainMissing) explainMissing = await routeMissing(`${path}/events/1/explain`, token);
    await go(version ?? last);
  }
  async function go(v) {
    if (!match || !Number.isInteger(v)) return;
    at = Math.min(last, Math.max(1, v));
    el.range.value = el.jump.value = at;
    history.replaceState(null, "", `#/replay/${encodeURIComponent(matchId)}?${new URLSearchParams({...(mine ? {seat: mine.seat} : {}), v: at})}`);
    const wanted = at;
    const state = await get(`${path}/state?version=${wanted}`, token).catch(e => { notify(e.message, "error"); return null; });
    if (!state || wanted !== at) return;
    shown = wanted;
    el.where.dataset.version = shown;
    replace(el.where, `Version ${shown} of ${last}`);
    for (const [id, off] of [["first", at <= 1], ["prev", at <= 1], ["next", at >= last], ["last", at >= last]]) {
      root.querySelector(`#${id}`).disabled = off;
    }
    renderEvent(events.get(shown));
    const known = withViewNames(info, state.view);
    replace(el.field, field ? field(known, state.view, {...match, seat: state.seat}) : null);
    const open = el.panels.open || !field;
    replace(el.panels, h("summary", {}, `The view at version ${shown}`), viewPanels(known, state.view, match));
    el.panels.open = open;
  }
  function renderEvent(e) {
    if (!e) {
      replace(el.event, h("h3", {}, `Event ${shown}`), h("p", {class: "none"}, "This event is hidden from you."));
      return;
    }
    const rule = ruleText(info, e.rule);
    const why = h("div", {class: "why"});
    replace(el.event, h("h3", {}, `Event ${e.version}: `, h("span", {"data-event-type": e.type}, humanize(e.type))),
      h("p", {}, Number.isInteger(e.seat) ? `by ${seatName(match, e.seat)} · ` : "",
        e.cause ? ["caused by ", h("a", {href: "#", onclick: ev => { ev.preventDefault(); go(e.cause); }}, `v${e.cause}`), " · "] : "",
        e.at),
      h("p", {class: "data"}, describeValue(info, e.data)),
      e.rule ? h("p", {class: "rule"}, "Rule ", h("code", {}, e.rule), rule ? `: ${rule}` : "") : null,
      explainMissing ? null : h("button", {type: "button", id: "why", onclick: () => explain(e.version, why)}, "Why?"),
      why);
  }
  async function explain(v, box) {
    try {
      const answer = await get(`${path}/events/${v}/explain`, token);
      replace(box, viewPanels(info, answer, match, "Why"));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && e.code === "not_found") {
        explainMissing = true;
        root.querySelector("#why")?.remove();
        notify("This server cannot explain events yet.");
      } else replace(box, h("p", {class: "error"}, e.message));
    }
  }
  function onKey(e) {
    if (e.target.closest?.("input, select, textarea") && e.target !== el.range) return;
    const to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 1, End: last}[e.key];
    if (to !== undefined && match) { e.preventDefault(); go(to); }
  }
  document.addEventListener("keydown", onKey);
  start().catch(e => notify(e.message, "error"));
  return () => document.removeEventListener("keydown", onKey);
}

/** True when the server has no such route at all (404 "not_found"), as opposed to an answer. */
async function routeMissing(url, token) {
  try {
    await get(url, token);
    return false;
  } catch (e) {
    return e instanceof ApiError && e.status === 404 && e.code === "not_found";
  }
}

/** The statement of a cited rule from the game's rulebook ("rules" in GET /games/<id>), if any. */
function ruleText(info, rule) {
  if (!rule || !info?.rules) return "";
  const entry = info.rules[rule] ?? info.rules[rule.split("/").slice(1).join("/")];
  if (!entry) return "";
  return typeof entry === "string" ? entry : [entry.statement, entry.section && `(${entry.section})`].filter(Boolean).join(" ");
}
