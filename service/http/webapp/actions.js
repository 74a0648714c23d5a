// Legal actions as buttons (or a list to pick from, when a kind has many): the page only ever
// posts an action exactly as GET /legal-actions listed it, so an illegal move cannot be sent.
import {h} from "./dom.js";
import {_} from "./i18n.js";
import {describeAction, kindWord} from "./labels.js";

const MAX_BUTTONS = 8;

export function actionsPanel(info, actions, onPlay, match = null) {
  const groups = new Map();
  for (const action of actions) {
    const type = action?.type ?? "action";
    if (!groups.has(type)) groups.set(type, []);
    groups.get(type).push(action);
  }
  return h("div", {class: "actions"}, [...groups].map(([type, list]) =>
    h("fieldset", {class: "action-group", "data-type": type},
      h("legend", {}, list.length > 1 ? _("%(kind)s (%(n)s)", {kind: kindWord(info, type), n: list.length}) : kindWord(info, type)),
      list.length <= MAX_BUTTONS ? list.map(a => actionButton(info, a, onPlay, match)) : picker(info, type, list, onPlay, match))));
}

function actionButton(info, action, onPlay, match) {
  return h("button", {type: "button", class: "act", "data-action": JSON.stringify(action),
                      onclick: () => onPlay(action)}, describeAction(info, action, match));
}

function picker(info, type, list, onPlay, match) {
  const id = `pick-${type}`;
  const select = h("select", {id, class: "act-pick"},
                   list.map((a, i) => h("option", {value: String(i), "data-action": JSON.stringify(a)},
                                        describeAction(info, a, match))));
  return h("div", {class: "picker"},
           h("label", {for: id, class: "sr-only"}, _("Which move of the kind “%(kind)s”", {kind: kindWord(info, type)})), select,
           h("button", {type: "button", class: "act-go", onclick: () => onPlay(list[Number(select.value)])},
             kindWord(info, type)));
}

export function setBusy(root, busy) {
  for (const el of root.querySelectorAll(".actions button, .actions select")) el.disabled = busy;
}
