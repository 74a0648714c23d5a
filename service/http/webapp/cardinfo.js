// A card's text, one click, tap or key away: every card the page draws carries a small "ⓘ" button
// (infoButton) that opens the page's one card box (#card-detail) with the card's name, facts and
// text — the game's own words for it (GET /games/<id> "text", told from the card data) — and, where
// the card data marks facts as designed (its `provenance`), which ones: kifu made them up, they are
// not printed. Hovering a card shows the same text as its tooltip.
import {h, replace} from "./dom.js";
import {N_, _, current} from "./i18n.js";

let cards = null;               // the catalogue the page shows now (withViewNames of the game info)

/** The catalogue card an id stands for: the id, a copy of one ("C06a" for "C06"), or a constructed
 *  deck's instance ("1:C06b"). */
export function cardOf(info, value) {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const map = info?.cardsById, id = String(value);
  const bare = id.replace(/^\d+:/, "");
  return map?.get(id) ?? map?.get(bare) ?? (/^(.+\d)[a-z]$/.test(bare) ? map?.get(bare.slice(0, -1)) : null) ?? null;
}

// the card data's kinds and fields in words (the games' card data names them by key)
const KINDS = {unit: N_("unit"), base: N_("base"), strategy: N_("strategy"), magic: N_("magic"), spellbreaker: N_("spellbreaker"),
               tuning: N_("tuning"), character: N_("character card"), charisma: N_("charisma card"), spell: N_("spell card")};
const FIELDS = {abilities: N_("abilities"), ability: N_("abilities"), attack: N_("attack"), colours: N_("colours"),
                condition: N_("condition"), cost: N_("cost"), effect: N_("effect"), effects: N_("effect"), grand_magic: N_("grand magic"),
                hp: N_("HP"), keywords: N_("keywords"), manifest: N_("manifest"), move: N_("move cost"), name: N_("name"),
                on_buy: N_("when bought"), on_gain: N_("when gained"), play: N_("effect when played"), plays_as: N_("plays as"),
                power: N_("power"), race: N_("race"), reaction: N_("reaction"), requirement: N_("requirement"), smash: N_("smash"),
                static: N_("static ability"), support: N_("support"), timing: N_("timing"), traits: N_("traits"), vp: N_("VP"),
                vp_per_cards: N_("VP per cards")};
const word = (table, key) => table[key] ? _(table[key]) : String(key).replace(/_/g, " ");

/** The facts of a card in one line: gloss (an English page's: the name in English words), kind, colour,
 *  cost, power, traits. */
export function facts(card) {
  const cost = card.cost !== null && typeof card.cost === "object" ? Object.entries(card.cost).map(([k, v]) => `${v}${k}`).join("") : card.cost;
  const kind = card.kind ?? card.type;
  return [current() === "en" && card.gloss, card.title, kind && word(KINDS, kind), card.colour, cost != null && _("cost %(cost)s", {cost}),
          card.power != null && _("power %(power)s", {power: card.power}), ...(card.traits ?? [])].filter(Boolean).join(" · ");
}

/** The fields of the card data marked "designed" (made up by kifu, never printed). */
export function designed(card) {
  return Object.entries(card?.provenance ?? {}).filter(([, v]) => v === "designed").map(([k]) => word(FIELDS, k));
}

/** The tooltip of a card: its facts and text. */
export function tooltip(card) {
  return [facts(card), card.text, designed(card).length ? _("(designed by kifu: %(fields)s)", {fields: designed(card).join(", ")}) : ""]
    .filter(Boolean).join("\n");
}

/** The "ⓘ" of a card id the page may show (nothing for an id the catalogue does not know). */
export function infoButton(info, id) {
  const card = cardOf(info, id);
  if (!card) return null;
  return h("button", {type: "button", class: "card-info", "data-card-info": String(id),
                      "aria-label": _("card text: %(name)s", {name: card.name ?? id}), title: _("card text")}, "ⓘ");
}

/** The catalogue the card box reads (the play and replay pages set it at each render). */
export function showingCards(info) {
  cards = info;
}

function box() {
  let el = document.getElementById("card-detail");
  if (!el) {
    el = h("aside", {id: "card-detail", class: "card-detail", role: "dialog", "aria-label": _("card"), hidden: true});
    document.body.append(el);
  }
  return el;
}

export function openCard(id) {
  const card = cardOf(cards, id), el = box();
  if (!card) return;
  const made = designed(card);
  replace(el, h("header", {},
      h("strong", {lang: "ja", class: "card-name"}, card.name ?? String(id)),
      h("button", {type: "button", class: "close", "aria-label": _("close"), onclick: closeCard}, "×")),
    facts(card) ? h("p", {class: "card-facts"}, facts(card)) : null,
    h("p", {class: "card-text"}, card.text ?? _("No text is known for this card.")),
    made.length ? h("p", {class: "designed", title: _("not printed text: made up by kifu where nothing public states it")},
      _("✎ Designed by kifu (not printed): %(fields)s", {fields: made.join(", ")})) : null,
    card.note && current() === "en" ? h("p", {class: "card-note"}, card.note) : null);       // the card data's note is English
  el.dataset.card = String(id);
  el.hidden = false;
  el.querySelector(".close").focus();
}

export function closeCard() {
  const el = document.getElementById("card-detail");
  if (el && !el.hidden) {
    el.hidden = true;
    document.querySelector(`[data-card-info="${CSS.escape(el.dataset.card ?? "")}"]`)?.focus();
  }
}

document.addEventListener("click", e => {
  const button = e.target.closest?.(".card-info");
  if (button) {
    e.preventDefault();
    openCard(button.dataset.cardInfo);
  }
});
document.addEventListener("keydown", e => { if (e.key === "Escape") closeCard(); });
window.addEventListener("hashchange", closeCard);
