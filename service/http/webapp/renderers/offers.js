// Acting from a field: a square or a pile offers the legal actions that concern it — the very
// objects GET /legal-actions listed (ctx.actions), never one built here — as a button that plays
// the only one, or lists them to choose from. Without ctx (the replay) nothing is offered. A move
// played here goes through the move builder (ctx.play, play.js): sent on the click, or shown ready
// to send where the seat confirms each move first; the offer that stands for it is then drawn picked.
import {h, replace} from "../dom.js";
import {_} from "../i18n.js";
import {describeAction, kindWord} from "../labels.js";

/** {offer(test, where, label?) -> button | null, box}: `box` is where several matching actions are listed. */
export function fieldOffers(info, ctx) {
  const listed = ctx?.play ? ctx.actions ?? [] : [];
  const box = h("div", {class: "field-choices", "aria-live": "polite"});

  function offer(test, where, label = null) {
    const actions = listed.filter(test);
    if (!actions.length) return null;
    const kinds = [...new Set(actions.map(a => kindWord(info, a.type)))].join(" / ");
    return h("button", {type: "button", class: "here", "data-offers": actions.length,
                        "data-field-action": actions.length === 1 ? JSON.stringify(actions[0]) : null,
                        title: actions.map(a => describeAction(info, a)).join("\n"),
                        onclick: () => actions.length === 1 ? ctx.play(actions[0]) : list(actions, where)},
             label ?? kinds, actions.length > 1 ? ` (${actions.length})` : "");
  }

  function list(actions, where) {
    replace(box, h("p", {class: "field-choices-head"}, _("Legal here (%(where)s):", {where})),
      h("div", {class: "field-choices-list"}, actions.map(a =>
        h("button", {type: "button", class: "act", "data-field-action": JSON.stringify(a), onclick: () => ctx.play(a)},
          describeAction(info, a)))),
      h("button", {type: "button", class: "cancel", onclick: () => replace(box)}, _("Cancel")));
    box.querySelector("button")?.focus();
  }

  return {offer, box};
}
