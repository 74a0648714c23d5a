// The generic view: any game's view for a seat as readable panels. Scalars become a definition
// list, lists of scalars become chips (card names where the catalogue knows them), lists of
// objects become one panel each (titled by seat where they have one), nested objects nest. Keys
// and the values that name something of the game read in the page's language (view_words.js).
import {h} from "./dom.js";
import {_} from "./i18n.js";
import {cardChip, isCard, seatName} from "./labels.js";
import {keyWord, valueWord} from "./view_words.js";

const MAX_DEPTH = 5;

const isObject = v => v !== null && typeof v === "object" && !Array.isArray(v);

export function viewPanels(info, view, match, title = null) {
  return h("div", {class: "panels"}, panel(info, title ?? _("Table"), view, match, 0));
}

function panel(info, title, obj, match, depth, extra = {}) {
  const facts = [], nested = [];
  for (const [key, value] of Object.entries(obj)) {
    if (isObject(value) && Object.keys(value).length && depth < MAX_DEPTH) {
      nested.push(panel(info, label(info, key), value, match, depth + 1));
    } else if (Array.isArray(value) && value.some(isObject) && depth < MAX_DEPTH) {
      nested.push(listPanel(info, key, value, match, depth + 1));
    } else {
      facts.push(h("dt", {}, label(info, key)), h("dd", {}, scalar(info, value, key)));
    }
  }
  return h("section", {class: `panel depth-${depth}`, ...extra},
           h(depth ? "h4" : "h3", {}, title),
           facts.length ? h("dl", {class: "facts"}, facts) : null, nested);
}

function listPanel(info, key, items, match, depth) {
  return h("section", {class: "panel-list"}, h("h4", {}, label(info, key)),
           h("div", {class: "panel-row"}, items.map((item, i) => {
             if (!isObject(item)) return h("section", {class: "panel"}, scalar(info, item, key));
             const seat = Number.isInteger(item.seat) ? item.seat : null;
             const title = seat !== null ? (seat === match?.seat ? _("%(name)s — you", {name: seatName(match, seat)}) : seatName(match, seat))
                                         : `${label(info, key)} ${i + 1}`;
             return panel(info, title, item, match, depth, {"data-seat": seat});
           })));
}

/** A key as a title or a fact's term: its word (view_words.js), with a capital. */
function label(info, key) {
  const word = keyWord(info, key);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function scalar(info, value, key = null) {
  if (value === null || value === undefined) return h("span", {class: "none"}, "—");
  if (typeof value === "boolean") return value ? _("yes") : _("no");
  if (Array.isArray(value)) {
    if (!value.length) return h("span", {class: "none"}, _("none"));
    return h("span", {class: "chips"}, value.map(v => Array.isArray(v) ? h("span", {class: "group"}, scalar(info, v, key))
                                                                        : isCard(info, v) ? cardChip(info, v)
                                                                        : h("span", {class: "chip"}, v === null ? "?" : isObject(v) ? JSON.stringify(v) : word(info, key, v))));
  }
  if (isObject(value)) return Object.keys(value).length ? h("code", {}, JSON.stringify(value)) : h("span", {class: "none"}, _("none"));
  if (key === "rule" && info?.rules?.[value]) return rule(info, value);
  return isCard(info, value) ? cardChip(info, value) : word(info, key, value);
}

/** A value in the game's words where it names something (a phase, a step, a kind), else as it is. */
function word(info, key, value) {
  return valueWord(info, key, value) ?? String(value);
}

/** A rule of the game's rulebook (GET /games/<id> "rules"): a card's own rule ("card.<id>") as the
 *  card, another by its section of the rulebook. */
function rule(info, id) {
  const card = id.startsWith("card.") ? id.slice("card.".length) : null;
  return card && isCard(info, card) ? cardChip(info, card) : h("span", {class: "rule", title: id}, info.rules[id].section ?? id);
}
