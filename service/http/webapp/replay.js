// #/replay/<match>?seat=N&v=V: the match move by move. A step is one command — a seat's action, the
// setup, a note of the table — with what it caused (the events' `move`, service/application/
// narration.py): the narrated sentences, the field as this seat saw it after the move (GET
// /state?version=<its last version>) with the move's cards marked, and its events one click away,
// each with "Why?" (the explain route's sentences). Keys: ←/→ previous/next move, Home/End.
import {ApiError, get, gameInfo, titleOf} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {seatsIn} from "./held.js";
import {describeValue, humanize, withViewNames} from "./labels.js";
import {showingCards} from "./cardinfo.js";
import {markLastMove} from "./lastmove.js";
import {groupMoves, mover, ruleOf, sentences} from "./log.js";
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
    range: h("input", {type: "range", id: "scrub", min: 1, value: 1, "aria-label": "move"}),
    jump: h("input", {type: "number", id: "jump", min: 1, inputmode: "numeric", "aria-label": "go to version"}),
    step: h("section", {id: "replay-step", class: "panel replay-step", "aria-label": "this move"}),
    field: h("div", {id: "replay-field"}), panels: h("details", {id: "replay-view", class: "view"}),
  };
  const button = (id, label, title, to) => h("button", {type: "button", id, title, "aria-label": title, onclick: () => go(to())}, label);
  const controls = h("div", {class: "scrubber", role: "group", "aria-label": "replay controls"},
    button("first", "« First", "first move", () => 0), button("prev", "‹ Prev", "previous move", () => at - 1),
    el.range, button("next", "Next ›", "next move", () => at + 1), button("last", "Last »", "last move", () => moves.length - 1),
    h("form", {class: "jump", onsubmit: e => { e.preventDefault(); go(stepOf(Number(el.jump.value))); }},
      el.jump, h("button", {type: "submit", id: "go"}, "Go")));
  replace(root, h("div", {class: "replay"}, el.title, el.where, controls,
    h("div", {class: "replay-main"}, el.field, el.step), el.panels,
    h("p", {class: "links"}, h("a", {href: `#/m/${encodeURIComponent(matchId)}${mine ? `?seat=${mine.seat}` : ""}`}, "Back to the match"),
      " · ", h("a", {href: "#/"}, "Lobby"))));
  el.range.addEventListener("input", () => go(Number(el.range.value) - 1));
  let info, field = null, match, moves = [], last = 1, at = 0;

  async function start() {
    match = await get(path, token);
    info = await gameInfo(match.game).catch(() => ({cardsById: new Map()}));
    field = await rendererFor(info);       // the game's dedicated renderer, or null
    last = match.version;
    const events = [];
    for (let after = 0; after < last;) {
      const page = await get(`${path}/events?after=${after}&limit=1000`, token);
      events.push(...page.events);
      if (page.next_after <= after) break;
      after = page.next_after;
    }
    moves = [...groupMoves(events).values()].sort((a, b) => a.version - b.version);
    moves.forEach((m, i) => { m.end = i + 1 < moves.length ? moves[i + 1].version - 1 : last; });
    replace(el.title, `Replay · ${await titleOf(match.game, match.variant)}`,
            mine ? ` · as ${mover(match, {seat: mine.seat})}` : " · as a spectator");
    el.range.max = moves.length;
    el.jump.max = last;
    if (!explainMissing) explainMissing = await routeMissing(`${path}/events/1/explain`, token);
    await go(version ? stepOf(version) : moves.length - 1);
  }
  /** The move holding version v (the last move that starts at or before it). */
  function stepOf(v) {
    let i = 0;
    while (i + 1 < moves.length && moves[i + 1].version <= v) i++;
    return i;
  }
  async function go(i) {
    if (!match || !Number.isInteger(i) || !moves.length) return;
    at = Math.min(moves.length - 1, Math.max(0, i));
    const move = moves[at], wanted = at;
    el.range.value = at + 1;
    el.jump.value = move.end;
    history.replaceState(null, "", `#/replay/${encodeURIComponent(matchId)}?${new URLSearchParams({...(mine ? {seat: mine.seat} : {}), v: move.end})}`);
    const state = await get(`${path}/state?version=${move.end}`, token).catch(e => { notify(e.message, "error"); return null; });
    if (!state || wanted !== at) return;
    Object.assign(el.where.dataset, {version: move.end, step: at + 1, steps: moves.length});
    replace(el.where, h("strong", {}, `Move ${at + 1} of ${moves.length}`), ` · ${mover(match, move)}`);
    for (const [id, off] of [["first", at <= 0], ["prev", at <= 0], ["next", at >= moves.length - 1], ["last", at >= moves.length - 1]]) {
      root.querySelector(`#${id}`).disabled = off;
    }
    renderStep(move);
    const known = withViewNames(info, state.view);
    showingCards(known);
    const recent = moves.slice(Math.max(0, at - 3), at + 1).flatMap(m => m.events);
    replace(el.field, field ? field(known, state.view, {...match, seat: state.seat}, {recent}) : null);
    markLastMove(el.field, move.events);
    const open = el.panels.open || !field;
    replace(el.panels, h("summary", {}, `The whole view after this move (version ${move.end})`), viewPanels(known, state.view, match));
    el.panels.open = open;
  }
  function renderStep(move) {
    replace(el.step, h("h3", {}, mover(match, move)), sentences(info, move),
      h("details", {class: "move-events", id: "move-events"},
        h("summary", {}, `The events of this move (${move.events.length})`),
        h("ol", {class: "events-list"}, move.events.map(eventItem))));
  }
  function eventItem(e) {
    const rule = ruleOf(info, e.rule);
    const why = h("div", {class: "why"});
    return h("li", {"data-version": e.version},
      h("p", {}, h("span", {class: "v"}, `v${e.version} `), h("span", {"data-event-type": e.type}, humanize(e.type)),
        e.text ? ` — ${e.text}` : h("span", {class: "none"}, " (an internal step)")),
      h("p", {class: "data"}, describeValue(info, e.data)),
      rule ? h("p", {class: "rule"}, "Rule ", h("code", {}, rule.id), rule.statement ? `: ${rule.statement}` : "",
        rule.section ? ` (${rule.section})` : "") : null,
      explainMissing ? null : h("button", {type: "button", class: "why-button", onclick: () => explain(e.version, why)}, "Why?"),
      why);
  }
  async function explain(v, box) {
    try {
      const answer = await get(`${path}/events/${v}/explain`, token);
      replace(box, h("ol", {class: "why-sentences"}, (answer.why ?? []).map(s => h("li", {}, s))),
        h("details", {class: "why-details"}, h("summary", {}, "The explanation's data"), viewPanels(info, answer, match, "Why")));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && e.code === "not_found") {
        explainMissing = true;
        for (const b of root.querySelectorAll(".why-button")) b.remove();
        notify("This server cannot explain events yet.");
      } else replace(box, h("p", {class: "error"}, e.message));
    }
  }
  function onKey(e) {
    if (e.target.closest?.("input, select, textarea") && e.target !== el.range) return;
    const to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: moves.length - 1}[e.key];
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
