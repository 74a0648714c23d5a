// Readable names for the game-defined data the page shows: card ids, keys, actions. Generic: a
// string is shown as a card only when the game's catalogue (GET /games/<id> "cards") knows it.
import {h} from "./dom.js";

export function humanize(key) {
  return String(key).replace(/[_-]+/g, " ").replace(/^\w/, c => c.toUpperCase());
}

export function isCard(info, value) {
  return (typeof value === "string" || typeof value === "number") && info?.cardsById?.has(String(value));
}

export function cardText(info, id) {
  const card = info?.cardsById?.get(String(id));
  return card?.name ? `${card.name} (${id})` : String(id);
}

function cardTitle(card) {
  const facts = [card.gloss, card.kind ?? card.type, card.colour, card.cost != null && `cost ${card.cost}`,
                 card.power != null && `power ${card.power}`, ...(card.traits ?? [])];
  return facts.filter(Boolean).join(" · ");
}

/** A card as a chip: its name and id, its facts in the tooltip, its colour as data-colour. */
export function cardChip(info, id, extra = {}) {
  const card = info?.cardsById?.get(String(id));
  if (!card) return h("span", {class: "chip", ...extra}, String(id));
  return h("span", {class: "chip card", "data-card": String(id), "data-colour": card.colour ?? null,
                    title: cardTitle(card), ...extra},
           card.name ?? String(id), " ", h("small", {}, String(id)));
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
