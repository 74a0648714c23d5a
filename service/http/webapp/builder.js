// The move builder: a move made a few small choices at a time through the choice protocol
// (POST /legal-actions {"partial": ...}, README "Choosing a move": never in the URL, which access
// logs write, as a partial move may hold hidden choices). It shows the step's text, its options
// as buttons, how many are picked of a list part, a way back, and the move so far; the things on
// the field whose `data-ref` an option names (cards, squares, piles, lands) become clickable too,
// and those already picked are drawn as picked. Every option comes from the server: nothing is
// built here but the path.
//
// Play that flows (issue 38): an option that completes the move is sent on its click (unless the
// seat's "confirm before sending" is on); a step with a single option that does not complete the
// move is taken without a click (unless the seat's "a choice of one" says manual); a click whose next
// step leaves nothing to decide sends the move at once (see `obvious`: the one way to finish it, the
// default payment, or the move as it is where what is left is an optional detail), while "confirm
// before sending" shows that step with the obvious option ready and the others a "Back" away; the move being
// built is kept in sessionStorage per match and seat, so a reload, a line of table talk or another
// seat's move that leaves its options as they were does not throw it away. After each choice the
// focus goes to the new step's first option, so a move can be made with the keyboard alone.
import {h, replace} from "./dom.js";
import {_} from "./i18n.js";
import {describeAction, optionLabel, optionSuffix} from "./labels.js";

const KEPT = "kifu.move.v1.";

/** Equal JSON values, whatever the order of their keys. */
function same(a, b) {
  const norm = v => Array.isArray(v) ? v.map(norm) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().map(k => [k, norm(v[k])])) : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/**
 * moveBuilder({info, first, next, send, notify, key, settings, actions}) -> {element, mark(field), chooseRef(ref), pick(action), first}
 *   first: the step GET /legal-actions answered (partial {}); next(partial) -> Promise of
 *   {step, partial} (the server may have taken single choices forward: its partial); send(action)
 *   posts a complete action; key: where the move is kept (match and seat); settings() -> the seat's
 *   settings ({confirm, single}); actions: the seat's legal moves, complete (GET /legal-actions'
 *   `actions`): a thing on the field that only one option's moves name starts the move with a click.
 */
export function moveBuilder({info, first, next, send, notify, key = null, settings = () => ({}), actions = []}) {
  const element = h("section", {id: "move", class: "move", "aria-labelledby": "move-h"});
  let trail = [{partial: {}, step: first}];     // the steps taken, first to current
  let chosen = null;                            // a complete move waiting for "Send" (confirm on)
  let only = null;                              // a ref clicked on the field that several options name
  let field = null, busy = false;    // field: the element the game's things are drawn in
  let focusAfter = false;            // a choice was made: the next render focuses the new step
  let sent = false;                  // the move has been sent: nothing more to choose here
  const spots = new Map();           // ref -> the places on the field it was picked at (the same card
                                     // kind may lie in several zones: only the one picked is drawn picked)

  const current = () => trail[trail.length - 1];
  const completes = option => Boolean(option.done || option.completes);

  function keep() {
    if (!key) return;
    try {
      if (trail.length <= 1 && !chosen) sessionStorage.removeItem(KEPT + key);
      else sessionStorage.setItem(KEPT + key, JSON.stringify({
        first: JSON.stringify(first), chosen: chosen ? {action: chosen.action, label: chosen.label} : null,
        trail: trail.slice(1).map(t => ({partial: t.partial, label: t.label, auto: Boolean(t.auto)}))}));
    } catch { /* private mode: the move is not kept */ }
  }

  /** ``clicked``: the choice follows the player's click (a step taken for them at the start of a
   * move, before any click, never sends anything). */
  async function choose(option, auto = false, clicked = !auto, at = null) {
    if (busy) return;
    only = null;
    const where = option.ref != null && field ? at ?? places(String(option.ref), true) : [];
    if (where.length) spots.set(String(option.ref), where);
    if (completes(option)) {
      if (!settings().confirm && !auto) return sendNow(option.action);
      chosen = option;
      focusAfter = true;
      keep();
      return render();
    }
    busy = true;
    element.dataset.busy = "true";
    let ready = null;
    try {
      const {step, partial} = await next(option.action);
      if (!step?.options?.length) chosen = {action: partial, label: option.label};      // nothing more to choose
      else {
        trail.push({partial, step, label: optionLabel(option, info), auto});
        ready = clicked ? obvious(step, partial) : null;
        if (ready && settings().confirm) chosen = ready;          // shown ready; "Back" shows the others
      }
      focusAfter = true;
      keep();
    } catch (e) {
      // the server's reason names the move as data: the player reads what to do instead
      notify(e.status === 0 ? _("The server cannot be reached: try that choice again in a moment.")
        : _("That choice is no longer possible: the position has changed. Choose again."), "warn");
    } finally {
      busy = false;
      if (!ready || settings().confirm) render();
    }
    if (ready && !settings().confirm) return sendNow(ready.action);
    await takeSingle(clicked);
    element.dataset.busy = String(busy);
  }

  /** A step of one option that does not complete the move is not a decision: it is taken. */
  function takeSingle(clicked = false) {
    const {step} = current();
    if (chosen || settings().single === "manual" || step.options.length !== 1 || completes(step.options[0])) return null;
    return choose(step.options[0], true, clicked);
  }

  /** The option that finishes the move when nothing is left to decide, or null: the step's only
   * option when it completes the move (a choice of one); the default payment's last choice (the
   * server marks it only while the seat pays automatically); or "as it is" where every option
   * completes the move and one of them is the move so far, the others an optional detail of it
   * (東方祀爭録's card left on top of the discard pile at the end of a turn). Never a list part's
   * step: picking from a list is a decision even when "Done" is one of its options. */
  function obvious(step, partial) {
    const options = step.options;
    if (options.length === 1 && completes(options[0])) return settings().single === "manual" ? null : options[0];
    const marked = options.filter(o => o.default && completes(o));
    if (marked.length === 1) return marked[0];
    if (step.need || options.length < 2 || !options.every(completes)) return null;
    return options.find(o => same(o.action, partial)) ?? null;
  }

  function sendNow(action) {
    forget();
    sent = busy = true;                 // nothing more is chosen here while the move is on its way
    element.dataset.busy = "true";
    return send(action);
  }

  function forget() {
    if (key) try { sessionStorage.removeItem(KEPT + key); } catch { /* nothing kept */ }
  }

  function back() {
    only = null;
    focusAfter = true;
    if (chosen) chosen = null;
    else {
      if (trail.length > 1) trail.pop();
      while (trail.length > 1 && trail[trail.length - 1].auto) trail.pop();   // past the steps taken for me
    }
    keep();
    render();
  }

  function restart() {
    only = null;
    chosen = null;
    focusAfter = true;
    trail = trail.slice(0, 1);
    keep();
    render();
  }

  /** A whole move picked on the field (a square's or a pile's offer: one of the moves GET
   * /legal-actions listed, as it listed it) takes the path of a last choice: sent on its click, or,
   * with "confirm before sending", put in the panel as the move ready to send (the move being built
   * here, if any, gives way to it; "Back" goes back to the first step). */
  async function pick(action) {
    if (busy || sent) return null;
    trail = trail.slice(0, 1);
    const done = await choose({action, label: null, completes: true});
    if (chosen) element.querySelector("#move-send")?.scrollIntoView?.({block: "nearest"});
    return done;
  }

  /** The indexes, among the field's things, of those that bear ``ref`` (and are choosable now). */
  function places(ref, choosable = false) {
    return [...field.querySelectorAll("[data-ref]")].flatMap((t, i) =>
      t.dataset.ref === ref && (!choosable || t.classList.contains("choosable")) ? [i] : []);
  }

  async function chooseRef(ref, thing = null) {
    const at = thing && field ? [[...field.querySelectorAll("[data-ref]")].indexOf(thing)] : null;
    const matching = current().step.options.filter(o => o.ref === ref);
    if (matching.length === 1) return choose(matching[0], false, true, at);
    if (matching.length > 1) {
      only = ref;
      focusAfter = true;
      return render();
    }
    // a thing the first step does not name, but the moves of only one of its options do (a card in
    // hand, when playing is the only thing it can do): that option, then the thing itself
    const lead = leadsTo(ref);
    if (lead.length !== 1) return null;
    await choose(lead[0]);
    const next = sent || chosen ? [] : current().step.options.filter(o => o.ref === ref);
    return next.length === 1 ? choose(next[0], false, true, at) : null;
  }

  /** The first step's options (short of a complete move) whose listed moves name ``ref`` in one of
   * their fields: a click on it may start the move there. */
  function leadsTo(ref) {
    if (trail.length !== 1 || chosen || !actions.length) return [];
    const names = a => Object.entries(a).some(([k, v]) => k !== "type" && (typeof v === "string" || Number.isInteger(v))
                                                           && String(v) === ref);
    const extends_ = (a, partial) => Object.entries(partial).every(([k, v]) => same(a[k], v));
    return current().step.options.filter(o => !completes(o) && actions.some(a => extends_(a, o.action) && names(a)));
  }

  /** The move kept for this match and seat (a reload, a new render), each of its steps asked again:
   * kept only while the server still offers them. */
  async function restore() {
    let kept;
    try { kept = JSON.parse(sessionStorage.getItem(KEPT + key) ?? "null"); } catch { kept = null; }
    if (!kept || kept.first !== JSON.stringify(first)) return forget();
    try {
      const steps = await Promise.all(kept.trail.map(t => next(t.partial)));
      if (steps.some(s => !s.step?.options?.length)) return forget();
      trail = [trail[0], ...kept.trail.map((t, i) => ({partial: t.partial, label: t.label, auto: t.auto, step: steps[i].step}))];
      chosen = kept.chosen ? current().step.options.find(o => same(o.action, kept.chosen.action))
        ?? (!kept.trail.length && actions.some(a => same(a, kept.chosen.action)) ? kept.chosen : null) : null;   // picked on the field
      render();
    } catch {
      forget();
    }
  }

  function optionButton(option, i) {
    return h("button", {type: "button", class: `choice${completes(option) ? " done" : ""}`, "data-choice": JSON.stringify(option.action),
                        "data-ref": option.ref ?? null, "data-done": String(completes(option)),
                        "data-default": option.default ? "true" : null, onclick: () => choose(option)},
             optionLabel(option, info), optionSuffix(option, info) ? h("small", {class: "id-suffix"}, ` ${optionSuffix(option, info)}`) : null,
             option.default && i !== undefined ? h("span", {class: "default-mark"}, " ", _("(default)")) : null);
  }

  function render() {
    const {step, partial} = current();
    const path = trail.slice(1).map(t => t.label);
    const sofar = path.length ? h("p", {class: "move-so-far"}, _("So far:"), " ",
                                  path.map((p, i) => [i ? " › " : "", h("span", {class: "picked-step"}, p)])) : null;
    let body;
    if (chosen) {
      body = [h("p", {class: "move-ready"}, h("strong", {}, _("Your move:"), " "), chosen.label && !/^done$/i.test(chosen.label)
                ? [path.join(" › "), path.length ? " › " : "", optionLabel(chosen, info)] : describeAction(info, chosen.action)),
        h("div", {class: "choices"},
          h("button", {type: "button", id: "move-send", class: "send", onclick: () => sendNow(chosen.action)}, _("Send this move")),
          h("button", {type: "button", class: "move-back", onclick: back}, _("Back")))];
    } else {
      const options = only ? step.options.filter(o => o.ref === only) : step.options;
      const counter = step.need ? h("span", {class: "move-count"}, " ", _("(%(picked)s chosen; %(need)s in all)", {picked: step.picked,
        need: step.need[0] === step.need[1] ? step.need[0] : `${step.need[0]}–${step.need[1]}`})) : null;
      body = [h("p", {class: "move-prompt", id: "move-prompt"}, step.prompt, counter),
        h("div", {class: "choices", role: "group", "aria-labelledby": "move-prompt"}, options.map(optionButton)),
        trail.length > 1 || only ? h("p", {class: "move-nav"},
          h("button", {type: "button", class: "move-back", onclick: back}, _("Back")), " ",
          h("button", {type: "button", class: "restart", onclick: restart}, _("Start over"))) : null];
    }
    element.dataset.partial = JSON.stringify(partial);
    element.dataset.busy = String(busy);
    element.dataset.ready = String(Boolean(chosen));
    replace(element, h("h3", {id: "move-h"}, _("Make a move")), sofar, ...body);
    mark();
    if (focusAfter) {
      focusAfter = false;
      element.querySelector("#move-send, .choice")?.focus({preventScroll: true});
    }
  }

  /** Makes the field's things the current step names clickable (class "choosable"), and those the
   * move has picked so far drawn as picked (class "picked"). */
  function mark(el = field) {
    field = el;
    if (!field) return;
    const refs = new Set(chosen ? [] : current().step.options.map(o => o.ref).filter(r => r !== null));
    if (trail.length === 1 && !chosen && actions.length) {       // things that start the move by themselves
      for (const thing of field.querySelectorAll("[data-ref]")) {
        if (!refs.has(thing.dataset.ref) && leadsTo(thing.dataset.ref).length === 1) refs.add(thing.dataset.ref);
      }
    }
    for (const offer of field.querySelectorAll("[data-field-action]")) {   // a whole move offered on the field
      const isPicked = Boolean(chosen) && same(JSON.parse(offer.dataset.fieldAction), chosen.action);
      offer.classList.toggle("picked", isPicked);
      if (isPicked) offer.setAttribute("aria-current", "true"); else offer.removeAttribute("aria-current");
    }
    const picked = new Set();
    const walk = v => Array.isArray(v) ? v.forEach(walk) : v && typeof v === "object" ? Object.values(v).forEach(walk)
                                                                                     : picked.add(String(v));
    walk(Object.fromEntries(Object.entries((chosen ?? {action: current().partial}).action ?? {}).filter(([k]) => k !== "type")));
    [...field.querySelectorAll("[data-ref]")].forEach((thing, i) => {
      const on = refs.has(thing.dataset.ref);
      thing.classList.toggle("choosable", on);
      const isPicked = picked.has(thing.dataset.ref) && (spots.get(thing.dataset.ref)?.includes(i) ?? true);
      thing.classList.toggle("picked", isPicked);
      if (on) thing.setAttribute("tabindex", "0");
      else thing.removeAttribute("tabindex");
      if (isPicked) thing.setAttribute("aria-current", "true"); else thing.removeAttribute("aria-current");
    });
  }

  render();
  element.dataset.busy = "true";
  const settle = () => { element.dataset.busy = String(busy); };
  if (key) restore().then(() => trail.length === 1 ? takeSingle() : null).finally(settle);
  else Promise.resolve(takeSingle()).finally(settle);
  return {element, mark, chooseRef, pick, first: JSON.stringify(first)};
}

/** Clicks (and Enter / Space) on a field's choosable things go to ``builder().chooseRef``. */
export function clickableField(el, builder) {
  const pick = e => {
    if (e.target.closest?.(".card-info")) return;               // a card's text, not a choice
    const target = e.target.closest?.("[data-ref].choosable");
    if (!target || !el.contains(target) || (e.type === "keydown" && e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    e.stopPropagation();
    builder()?.chooseRef(target.dataset.ref, target);
  };
  el.addEventListener("click", pick, true);
  el.addEventListener("keydown", pick, true);
}
