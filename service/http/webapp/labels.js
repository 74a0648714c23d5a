// Readable names for the game-defined data the page shows: card ids, keys, actions. Generic: a
// string is shown as a card only when the game's catalogue (GET /games/<id> "cards") knows it.
import {cardOf, infoButton, tooltip} from "./cardinfo.js";
import {h} from "./dom.js";

export function humanize(key) {
  if (/\d/.test(String(key))) return String(key);           // an id ("0-03", "L01"), not a word
  return String(key).replace(/[_-]+/g, " ").replace(/^\w/, c => c.toUpperCase());
}

export {cardOf};

export function isCard(info, value) {
  return cardOf(info, value) !== null;
}

export function cardText(info, id) {
  const card = cardOf(info, id);
  return card?.name ? `${card.name} (${id})` : String(id);
}

/** The game info with the card instances a view names: a view may map instance ids to catalogue
 * ids ("cards": {"0-03": "dz-plasma-rifle"}) and to names ("names": {"0-03": "…"}). */
export function withViewNames(info, view) {
  const isMap = v => v && typeof v === "object" && !Array.isArray(v);
  if (!isMap(view?.cards) && !isMap(view?.names)) return info;
  const cards = new Map(info.cardsById);
  const ids = new Set([...Object.keys(isMap(view.cards) ? view.cards : {}), ...Object.keys(isMap(view.names) ? view.names : {})]);
  for (const id of ids) {
    if (cards.has(id)) continue;
    const base = isMap(view.cards) ? info.cardsById.get(String(view.cards[id])) : null;
    const name = isMap(view.names) && typeof view.names[id] === "string" ? view.names[id] : base?.name;
    if (base || name) cards.set(id, {...(base ?? {}), id, name: name ?? id});
  }
  return {...info, cardsById: cards};
}

/** A card as a chip: its name and id, its facts and text in the tooltip and behind its "ⓘ"
 *  (cardinfo.js), its colour as data-colour. */
export function cardChip(info, id, extra = {}) {
  const card = cardOf(info, id);
  if (!card) return h("span", {class: "chip", "data-ref": String(id), ...extra}, String(id));
  return h("span", {class: "chip card", "data-card": String(id), "data-ref": String(id), "data-colour": card.colour ?? null,
                    title: tooltip(card), ...extra},
           card.name ?? String(id), " ", h("small", {}, String(id)), infoButton(info, id));
}

export function describeValue(info, value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length ? value.map(v => describeValue(info, v)).join(" + ") : "none";
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${humanize(k).toLowerCase()} ${describeValue(info, v)}`).join(", ");
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return isCard(info, value) ? cardText(info, value) : String(value);
}

/** {"type":"remove","spells":[{"target":"040","with":["027"]}]} -> "Remove: spells target 竜王 (040), with …" */
export function describeAction(info, action) {
  const {type, ...rest} = action ?? {};
  const parts = Object.entries(rest).map(([k, v]) => `${humanize(k).toLowerCase()} ${describeValue(info, v)}`);
  return `${humanize(type ?? "action")}${parts.length ? ": " + parts.join("; ") : ""}`;
}

export function seatName(match, seat) {
  const entry = match?.seats?.find(s => s.seat === seat);
  const bot = entry?.controller === "bot" ? `, ${entry.stand_in ? "stand-in " : ""}bot ${entry.bot?.bot ?? ""}`.trimEnd() : "";
  return entry?.name ? `${entry.name} (seat ${seat}${bot})` : `seat ${seat}`;
}

/** "Reimu wins", "Draw", or the outcome's fields in words. */
export function describeOutcome(match, outcome) {
  if (!outcome) return "";
  if (outcome.winner !== undefined && outcome.winner !== null) {
    return `${seatName(match, outcome.winner)} wins` + (outcome.reason ? ` (${outcome.reason})` : "");
  }
  if (outcome.draw || outcome.result === "draw" || outcome.winner === null) return "Draw";
  return describeValue(null, outcome);
}
