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
// move is taken without a click (unless the seat's "a choice of one" says manual); the move being
// built is kept in sessionStorage per match and seat, so a reload, a line of table talk or another
// seat's move that leaves its options as they were does not throw it away. After each choice the
// focus goes to the new step's first option, so a move can be made with the keyboard alone.
import {h, replace} from "./dom.js";
import {describeAction, optionLabel, optionSuffix} from "./labels.js";

const KEPT = "kifu.move.v1.";

/**
 * moveBuilder({info, first, next, send, notify, key, settings}) -> {element, mark(field), chooseRef(ref), first}
 *   first: the step GET /legal-actions answered (partial {}); next(partial) -> Promise of
 *   {step, partial} (the server may have taken single choices forward: its partial); send(action)
 *   posts a complete action; key: where the move is kept (match and seat); settings() -> the seat's
 *   settings ({confirm, single}).
 */
export function moveBuilder({info, first, next, send, notify, key = null, settings = () => ({})}) {
  const element = h("section", {id: "move", class: "move", "aria-labelledby": "move-h"});
  let trail = [{partial: {}, step: first}];     // the steps taken, first to current
  let chosen = null;                            // a complete move waiting for "Send" (confirm on)
  let only = null;                              // a ref clicked on the field that several options name
  let field = null, busy = false;    // field: the element the game's things are drawn in
  let focusAfter = false;            // a choice was made: the next render focuses the new step

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

  async function choose(option, auto = false) {
    if (busy) return;
    only = null;
    if (completes(option)) {
      if (!settings().confirm && !auto) return sendNow(option.action);
      chosen = option;
      focusAfter = true;
      keep();
      return render();
    }
    busy = true;
    element.dataset.busy = "true";
    try {
      const {step, partial} = await next(option.action);
      if (!step?.options?.length) chosen = {action: partial, label: option.label};      // nothing more to choose
      else trail.push({partial, step, label: optionLabel(option, info), auto});
      focusAfter = true;
      keep();
    } catch (e) {
      notify(`That choice is no longer possible: ${e.message}`, "error");
    } finally {
      busy = false;
      render();
    }
    await takeSingle();
    element.dataset.busy = String(busy);
  }

  /** A step of one option that does not complete the move is not a decision: it is taken. */
  function takeSingle() {
    const {step} = current();
    if (chosen || settings().single === "manual" || step.options.length !== 1 || completes(step.options[0])) return null;
    return choose(step.options[0], true);
  }

  function sendNow(action) {
    forget();
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

  function chooseRef(ref) {
    const matching = current().step.options.filter(o => o.ref === ref);
    if (matching.length === 1) return choose(matching[0]);
    if (matching.length > 1) {
      only = ref;
      focusAfter = true;
      render();
    }
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
      chosen = kept.chosen && current().step.options.some(o => JSON.stringify(o.action) === JSON.stringify(kept.chosen.action))
        ? current().step.options.find(o => JSON.stringify(o.action) === JSON.stringify(kept.chosen.action)) : null;
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
             option.default && i !== undefined ? h("span", {class: "default-mark"}, " (default)") : null);
  }

  function render() {
    const {step, partial} = current();
    const path = trail.slice(1).map(t => t.label);
    const sofar = path.length ? h("p", {class: "move-so-far"}, "So far: ",
                                  path.map((p, i) => [i ? " › " : "", h("span", {class: "picked-step"}, p)])) : null;
    let body;
    if (chosen) {
      body = [h("p", {class: "move-ready"}, h("strong", {}, "Your move: "), chosen.label && !/^done$/i.test(chosen.label)
                ? [path.join(" › "), path.length ? " › " : "", optionLabel(chosen, info)] : describeAction(info, chosen.action)),
        h("div", {class: "choices"},
          h("button", {type: "button", id: "move-send", class: "send", onclick: () => sendNow(chosen.action)}, "Send this move"),
          h("button", {type: "button", class: "move-back", onclick: back}, "Back"))];
    } else {
      const options = only ? step.options.filter(o => o.ref === only) : step.options;
      const counter = step.need ? h("span", {class: "move-count"}, ` (${step.picked} chosen; ${
        step.need[0] === step.need[1] ? step.need[0] : `${step.need[0]}–${step.need[1]}`} in all)`) : null;
      body = [h("p", {class: "move-prompt", id: "move-prompt"}, step.prompt, counter),
        h("div", {class: "choices", role: "group", "aria-labelledby": "move-prompt"}, options.map(optionButton)),
        trail.length > 1 || only ? h("p", {class: "move-nav"},
          h("button", {type: "button", class: "move-back", onclick: back}, "Back"), " ",
          h("button", {type: "button", class: "restart", onclick: restart}, "Start over")) : null];
    }
    element.dataset.partial = JSON.stringify(partial);
    element.dataset.busy = String(busy);
    element.dataset.ready = String(Boolean(chosen));
    replace(element, h("h3", {id: "move-h"}, "Make a move"), sofar, ...body);
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
    const picked = new Set();
    const walk = v => Array.isArray(v) ? v.forEach(walk) : v && typeof v === "object" ? Object.values(v).forEach(walk)
                                                                                     : picked.add(String(v));
    walk(Object.fromEntries(Object.entries((chosen ?? {action: current().partial}).action ?? {}).filter(([k]) => k !== "type")));
    for (const thing of field.querySelectorAll("[data-ref]")) {
      const on = refs.has(thing.dataset.ref);
      thing.classList.toggle("choosable", on);
      const isPicked = picked.has(thing.dataset.ref);
      thing.classList.toggle("picked", isPicked);
      if (on) thing.setAttribute("tabindex", "0");
      else thing.removeAttribute("tabindex");
      if (isPicked) thing.setAttribute("aria-current", "true"); else thing.removeAttribute("aria-current");
    }
  }

  render();
  element.dataset.busy = "true";
  const settle = () => { element.dataset.busy = String(busy); };
  if (key) restore().then(() => trail.length === 1 ? takeSingle() : null).finally(settle);
  else Promise.resolve(takeSingle()).finally(settle);
  return {element, mark, chooseRef, first: JSON.stringify(first)};
}

/** Clicks (and Enter / Space) on a field's choosable things go to ``builder().chooseRef``. */
export function clickableField(el, builder) {
  const pick = e => {
    if (e.target.closest?.(".card-info")) return;               // a card's text, not a choice
    const target = e.target.closest?.("[data-ref].choosable");
    if (!target || !el.contains(target) || (e.type === "keydown" && e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    e.stopPropagation();
    builder()?.chooseRef(target.dataset.ref);
  };
  el.addEventListener("click", pick, true);
  el.addEventListener("keydown", pick, true);
}
