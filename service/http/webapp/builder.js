// The move builder: a move made a few small choices at a time through the choice protocol
// (POST /legal-actions {"partial": ...}, README "Choosing a move": never in the URL, which access
// logs write, as a partial move may hold hidden choices). It shows the step's text, its options
// as buttons, how many are picked of a list part, a way back, and the complete move before it is
// sent; the things on the field whose `data-ref` an option names (cards, squares, piles, lands)
// become clickable too. Every option comes from the server: nothing is built here but the path.
import {h, replace} from "./dom.js";
import {describeAction} from "./labels.js";

/**
 * moveBuilder({info, first, next, send, notify}) -> {element, mark(field), chooseRef(ref)}
 *   first: the step GET /legal-actions answered (partial {}); next(partial) -> Promise of the step
 *   after it; send(action) posts a complete action.
 */
export function moveBuilder({info, first, next, send, notify}) {
  const element = h("section", {id: "move", class: "move", "aria-labelledby": "move-h"});
  let trail = [{partial: {}, step: first}];     // the steps taken, first to current
  let chosen = null;                            // a complete move waiting for "Send"
  let only = null;                              // a ref clicked on the field that several options name
  let field = null, busy = false;    // field: the element the game's things are drawn in

  const current = () => trail[trail.length - 1];

  async function choose(option) {
    if (busy) return;
    only = null;
    if (option.done) {
      chosen = option;
      return render();
    }
    busy = true;
    try {
      const step = await next(option.action);
      trail.push({partial: option.action, step, label: option.label});
    } catch (e) {
      notify(`That choice is no longer possible: ${e.message}`, "error");
    } finally {
      busy = false;
      render();
    }
  }

  function back() {
    only = null;
    if (chosen) chosen = null;
    else if (trail.length > 1) trail.pop();
    render();
  }

  function restart() {
    only = null;
    chosen = null;
    trail = trail.slice(0, 1);
    render();
  }

  function chooseRef(ref) {
    const matching = current().step.options.filter(o => o.ref === ref);
    if (matching.length === 1) return choose(matching[0]);
    if (matching.length > 1) {
      only = ref;
      render();
    }
  }

  function optionButton(option) {
    return h("button", {type: "button", class: `choice${option.done ? " done" : ""}`, "data-choice": JSON.stringify(option.action),
                        "data-ref": option.ref ?? null, "data-done": String(option.done), onclick: () => choose(option)},
             option.label);
  }

  function render() {
    const {step, partial} = current();
    const path = trail.slice(1).map(t => t.label);
    const sofar = path.length ? h("p", {class: "move-so-far"}, "So far: ", path.join(" › ")) : null;
    let body;
    if (chosen) {
      body = [h("p", {class: "move-ready"}, h("strong", {}, "Your move: "), describeAction(info, chosen.action)),
        h("div", {class: "choices"},
          h("button", {type: "button", id: "move-send", class: "send", onclick: () => send(chosen.action)}, "Send this move"),
          h("button", {type: "button", class: "back", onclick: back}, "Back"))];
    } else {
      const options = only ? step.options.filter(o => o.ref === only) : step.options;
      const counter = step.need ? h("span", {class: "move-count"}, ` (${step.picked} chosen; ${
        step.need[0] === step.need[1] ? step.need[0] : `${step.need[0]}–${step.need[1]}`} in all)`) : null;
      body = [h("p", {class: "move-prompt", id: "move-prompt"}, step.prompt, counter),
        h("div", {class: "choices", role: "group", "aria-labelledby": "move-prompt"}, options.map(optionButton)),
        trail.length > 1 || only ? h("p", {class: "move-nav"},
          h("button", {type: "button", class: "back", onclick: back}, "Back"), " ",
          h("button", {type: "button", class: "restart", onclick: restart}, "Start over")) : null];
    }
    element.dataset.partial = JSON.stringify(partial);
    replace(element, h("h3", {id: "move-h"}, "Make a move"), sofar, ...body);
    mark();
  }

  /** Makes the field's things the current step names clickable (class "choosable"). */
  function mark(el = field) {
    field = el;
    if (!field) return;
    const refs = new Set(chosen ? [] : current().step.options.map(o => o.ref).filter(r => r !== null));
    for (const thing of field.querySelectorAll("[data-ref]")) {
      const on = refs.has(thing.dataset.ref);
      thing.classList.toggle("choosable", on);
      if (on) thing.setAttribute("tabindex", "0");
      else thing.removeAttribute("tabindex");
    }
  }

  render();
  return {element, mark, chooseRef};
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
