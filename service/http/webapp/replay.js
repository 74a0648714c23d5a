// #/replay/<match>?seat=N&v=V: the match move by move. A step is one command — a seat's action, the
// setup, a note of the table — with what it caused (the events' `move`, service/application/
// narration.py): the narrated sentences (the events' `text`; internal steps that tell nothing are left
// out), each with its rule behind a "§" and "Why?" (the explain route, told here in words: what
// happened, by which rule, because of what), and the field as this seat saw it after the move (GET
// /state?version=<its last version>) with the move's cards marked. The page speaks of moves, never of
// event types or versions (issue 38); the URL keeps the version. Keys: ←/→ previous/next move, Home/End.
import {ApiError, get, gameInfo, titleOf} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {_, current} from "./i18n.js";
import {seatsIn} from "./held.js";
import {withViewNames} from "./labels.js";
import {showingCards} from "./cardinfo.js";
import {markLastMove} from "./lastmove.js";
import {groupMoves, mover, sentence} from "./log.js";
import {viewPanels} from "./panels.js";
import {rendererFor} from "./renderer.js";

let explainMissing = false;     // the server answered 404 for the explain route itself

export function showReplay(root, {matchId, seat: wanted, version}) {
  const held = seatsIn(matchId);
  const mine = held.find(s => s.seat === wanted) ?? held[0] ?? null;
  const token = mine?.token ?? null;
  const path = `/matches/${encodeURIComponent(matchId)}`;
  const el = {
    title: h("h2", {}, _("Replay")), where: h("p", {id: "replay-version", class: "status", "aria-live": "polite"}),
    range: h("input", {type: "range", id: "scrub", min: 1, value: 1, "aria-label": _("move")}),
    jump: h("input", {type: "number", id: "jump", min: 1, inputmode: "numeric", "aria-label": _("go to move number")}),
    step: h("section", {id: "replay-step", class: "panel replay-step", "aria-label": _("this move")}),
    field: h("div", {id: "replay-field"}), panels: h("details", {id: "replay-view", class: "view"}),
  };
  const button = (id, label, title, to) => h("button", {type: "button", id, title, "aria-label": title, onclick: () => go(to())}, label);
  const controls = h("div", {class: "scrubber", role: "group", "aria-label": _("replay controls")},
    button("first", _("« First"), _("first move"), () => 0), button("prev", _("‹ Prev"), _("previous move"), () => at - 1),
    el.range, button("next", _("Next ›"), _("next move"), () => at + 1), button("last", _("Last »"), _("last move"), () => moves.length - 1),
    h("form", {class: "jump", onsubmit: e => { e.preventDefault(); go(Number(el.jump.value) - 1); }},
      el.jump, h("button", {type: "submit", id: "go"}, _("Go"))));
  replace(root, h("div", {class: "replay"}, el.title, el.where, controls,
    h("div", {class: "replay-main"}, el.field, el.step), el.panels,
    h("p", {class: "links"}, h("a", {href: `#/m/${encodeURIComponent(matchId)}${mine ? `?seat=${mine.seat}` : ""}`}, _("Back to the match")),
      " · ", h("a", {href: "#/"}, _("Lobby")))));
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
    replace(el.title, _("Replay · %(title)s", {title: await titleOf(match.game, match.variant)}), " · ",
            mine ? _("as %(name)s", {name: mover(match, {seat: mine.seat})}) : _("as a spectator"));
    el.range.max = moves.length;
    el.jump.max = moves.length;
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
    el.jump.value = at + 1;
    history.replaceState(null, "", `#/replay/${encodeURIComponent(matchId)}?${new URLSearchParams({...(mine ? {seat: mine.seat} : {}), v: move.end})}`);
    const state = await get(`${path}/state?version=${move.end}`, token).catch(e => { notify(e.message, "error"); return null; });
    if (!state || wanted !== at) return;
    Object.assign(el.where.dataset, {version: move.end, step: at + 1, steps: moves.length});
    replace(el.where, h("strong", {}, _("Move %(n)s of %(all)s", {n: at + 1, all: moves.length})), ` · ${mover(match, move)}`);
    for (const [id, off] of [["first", at <= 0], ["prev", at <= 0], ["next", at >= moves.length - 1], ["last", at >= moves.length - 1]]) {
      root.querySelector(`#${id}`).disabled = off;
    }
    renderStep(move);
    const known = withViewNames(info, state.view);
    showingCards(known);
    const recent = moves.slice(Math.max(0, at - 3), at + 1).flatMap(m => m.events);
    const ended = at === moves.length - 1 ? match.outcome : null;          // a move before the end: the game goes on
    replace(el.field, field ? field(known, state.view, {...match, seat: state.seat, outcome: ended}, {recent}) : null);
    markLastMove(el.field, move.events);
    const open = el.panels.open || !field;
    replace(el.panels, h("summary", {}, _("The whole view after this move")), viewPanels(known, state.view, match));
    el.panels.open = open;
  }
  function renderStep(move) {
    const said = move.events.filter(e => e.text);
    replace(el.step, h("h3", {}, mover(match, move)), said.length
      ? h("ol", {class: "sentences"}, said.map(e => withWhy(sentence(info, e), e.version)))
      : h("p", {class: "none"}, _("Nothing to tell: the rules' own bookkeeping.")));
  }
  /** A sentence of the move with its "Why?" (where the server explains events). */
  function withWhy(item, v) {
    if (explainMissing) return item;
    const box = h("div", {class: "why"});
    item.append(" ", h("button", {type: "button", class: "why-button", "aria-expanded": "false",
                                  onclick: e => explain(v, box, e.currentTarget)}, _("Why?")), box);
    return item;
  }
  async function explain(v, box, button) {
    if (box.firstChild) {                         // open: the button closes it again
      replace(box);
      button.setAttribute("aria-expanded", "false");
      return;
    }
    try {
      const answer = await get(`${path}/events/${v}/explain`, token);
      replace(box, h("ol", {class: "why-sentences"}, whyInWords(answer).map(s => h("li", {}, s))));
      button.setAttribute("aria-expanded", "true");
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && e.code === "not_found") {
        explainMissing = true;
        for (const b of root.querySelectorAll(".why-button")) b.remove();
        notify(_("This server cannot explain events yet."));
      } else replace(box, h("p", {class: "error"}, e.message));
    }
  }
  /** The explanation as a player reads it: what happened, the rule's words and the house rules it
   * depends on, what it came from (back to the move that started it) — by move, not by version. */
  function whyInWords(answer) {
    const what = item => item?.hidden ? _("something hidden from you")
      : item?.text ? String(item.text).replace(/[.。]$/, "") : _("a step of the rules' own bookkeeping");
    const out = [_("%(what)s.", {what: what(answer.event)})];
    const plain = text => String(text).replace(/[.。]$/, "");
    const said = text => text?.[current()] ?? text?.en ?? text;
    // the game's rule in the rulebook's words; the platform's own (kifu/…) speak of the record's events
    const rule = String(answer.rule?.id ?? "").startsWith("kifu/") ? {} : answer.rule ?? {};
    if (rule.statement) {
      out.push(rule.section ? _("The rule (%(section)s): %(statement)s.", {section: rule.section, statement: plain(rule.statement)})
        : _("The rule: %(statement)s.", {statement: plain(rule.statement)}));
    }
    for (const ruling of rule.rulings ?? []) {         // the house rules it depends on, and this match's choice
      const text = said(ruling?.text);
      if (typeof text !== "string") continue;
      const choice = said(ruling.choice_text);
      out.push(typeof choice === "string"
        ? _("It depends on a house rule: %(rule)s. This match plays it so: %(choice)s.", {rule: plain(text), choice: plain(choice)})
        : _("It depends on a house rule: %(rule)s.", {rule: plain(text)}));
    }
    const causes = (answer.causes ?? []).filter(c => c.hidden || c.text);
    causes.forEach((c, i) => out.push(i ? _("Which came from: %(what)s.", {what: what(c)})
      : _("That happened because of: %(what)s.", {what: what(c)})));
    const command = answer.command;
    if (command) {
      const step = stepOf(command.version);
      const who = Number.isInteger(command.seat) ? mover(match, {seat: command.seat}) : null;
      const n = step + 1, name = who ?? _("the table");
      out.push(command.kind === "create" ? _("It belongs to the match's setup (move %(n)s).", {n})
        : command.kind === "note" ? _("It belongs to a note of the table (move %(n)s).", {n})
        : command.kind === "table" ? _("It belongs to %(name)s's move at the table (move %(n)s).", {name, n})
        : _("It belongs to %(name)s's move (move %(n)s).", {name, n}));
    }
    return out;
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
