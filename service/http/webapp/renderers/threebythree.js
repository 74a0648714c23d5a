// The 3x3Wars field: the opponent's side above, the caller's below (seat 0 below for spectators):
// life, hand and territories (cards where the seat may see them, backs and counts otherwise),
// magic slots face down / up / sideways, the three unit slots, and between them the turn, step,
// deck and discard, and any spell or answer window pending.
import {h} from "../dom.js";
import {infoButton, tooltip} from "../cardinfo.js";
import {cardChip, cardOf, describeValue, humanize, seatName} from "../labels.js";
import {backs, chips, none, zone} from "./parts.js";

const UNIT_SLOTS = 3;
const STEPS = {removal: "removal step", enhance: "enhancement step", counter: "counter window",
               territory: "territory expansion", strategy: "deploy / redeploy", end: "end step",
               respond: "answer window", decision: "decision", draw: "draw step", battle: "battle"};

export default function threebythreeField(info, view, match) {
  const players = view.players ?? [];
  const me = Number.isInteger(view.you) ? view.you : 0;
  const order = [...players].sort((a, b) => (a.seat === me) - (b.seat === me));
  return h("div", {class: "ttw-field", "aria-label": "3x3Wars field"},
           order.map((p, i) => [i === order.length - 1 ? middle(info, view, match) : null,
                                side(info, view, match, p, p.seat === view.you)]));
}

function side(info, view, match, p, mine) {
  const active = !match?.outcome && view.active === p.seat;
  return h("section", {class: `ttw-side ${mine ? "mine" : "theirs"}${active ? " active" : ""}`,
                       "data-seat": p.seat, "aria-label": seatName(match, p.seat)},
    h("header", {class: "ttw-head"},
      h("h3", {}, seatName(match, p.seat), mine ? " — you" : "", active ? h("span", {class: "turn-mark"}, " ▶ to play") : ""),
      h("span", {class: "life", title: "life"}, "♥ ", h("strong", {"data-life": p.seat}, String(p.life)))),
    h("div", {class: "ttw-units", "aria-label": "units"},
      Array.from({length: UNIT_SLOTS}, (_, i) => p.units?.[i] ? unit(info, p.units[i]) : h("div", {class: "unit empty"}, "empty slot"))),
    h("dl", {class: "ttw-zones"},
      zone("Magic", (p.magic ?? []).length ? p.magic.map((m, i) => magic(info, m, i)) : none()),
      zone(`Territories (${p.territory_count ?? 0})`, p.territories ? chips(info, p.territories) : backs(p.territory_count)),
      zone(`Hand (${p.hand_count ?? 0})`, h("span", {class: "hand", "data-hand": mine ? "mine" : "other", "data-hand-of": p.seat},
        p.hand ? chips(info, p.hand) : backs(p.hand_count))),
      p.mentor ? zone("Mentor", cardChip(info, p.mentor)) : null,
      p.offered_magic?.length ? zone("Magic offered", chips(info, p.offered_magic)) : null,
      p.offered_hands?.length ? zone("Hands offered", p.offered_hands.map(hand => h("span", {class: "group"}, chips(info, hand)))) : null));
}

function middle(info, view, match) {
  const over = Boolean(match?.outcome);
  const step = over ? "the match is over" : view.phase === "turns" ? (STEPS[view.step] ?? humanize(view.step ?? "")) : humanize(view.phase ?? "");
  const toPlay = !over && Number.isInteger(view.active) && view.phase === "turns" ? `${seatName(match, view.active)} to play` : "";
  return h("section", {class: "ttw-middle", "aria-label": "table"},
    h("p", {class: "ttw-step"}, [view.turn ? `Turn ${view.turn}` : "", toPlay, step].filter(Boolean).join(" · ")),
    h("p", {class: "ttw-piles"}, `Deck ${view.deck_count ?? "?"} · Discard ${(view.discard ?? []).length}`,
      (view.removed ?? []).length ? ` · Removed ${view.removed.length}` : ""),
    view.pending && !match?.outcome ? h("p", {class: "ttw-pending"}, view.pending_text ?? pendingSentence(info, match, view.pending)) : null,
    view.respond && !match?.outcome ? h("p", {class: "ttw-pending"}, respondSentence(info, match, view.respond)) : null,
    view.decision && !match?.outcome ? h("p", {class: "ttw-pending"}, `${who(match, view.decision.seat)} decides: `,
                                          (KINDS[view.decision.kind] ?? humanize(view.decision.kind ?? "a choice")).toLowerCase(), ".") : null);
}

const KINDS = {remove: "a removal", enhance: "an enhancement", magic: "a magic", grand: "a grand magic", counter: "a counter",
               dig: "Dig", discard: "Discard", heal: "Heal", undying: "Undying", pass: "Pass"};
const who = (match, seat) => Number.isInteger(seat) ? seatName(match, seat) : "A player";
const named = (info, id) => id === null || id === undefined ? "" : describeValue(info, id);

/** The spell waiting on the table, told as a sentence ("Reimu casts a removal on 竜王; Marisa may counter."). */
function pendingSentence(info, match, pending) {
  const spells = (pending.spells ?? []).map(sp => `${named(info, sp.target)}${sp.countered ? " (countered)" : ""}`).filter(Boolean);
  return [`${who(match, pending.seat)} casts ${KINDS[pending.kind] ?? humanize(pending.kind ?? "a spell").toLowerCase()}`,
          spells.length ? ` on ${spells.join(", ")}` : "",
          Number.isInteger(pending.responder) ? `; ${seatName(match, pending.responder)} may counter it` : "", "."].join("");
}

function respondSentence(info, match, respond) {
  const card = respond.card ? ` to ${named(info, respond.card)}` : "";
  return `${who(match, respond.seat)} may answer${card}.`;
}

function unit(info, u) {
  return h("div", {class: "unit", "data-card": u.card, "data-ref": u.card, "data-colour": u.colour,
                   title: tooltip(cardOf(info, u.card) ?? {name: u.name})},
    h("span", {class: "unit-name"}, u.name ?? u.card, infoButton(info, u.card)),
    h("span", {class: "unit-stats"}, h("span", {class: "cost"}, `cost ${u.cost}`), " · ",
      h("strong", {class: "power"}, `power ${u.power}`),
      u.enhanced ? h("span", {class: "enh"}, ` (+${u.enhanced})`) : "", u.pierce ? " · pierces" : ""),
    (u.traits ?? []).length ? h("span", {class: "traits"}, u.traits.join(" ")) : null);
}

// a magic's state in the rulebook's words: face down (裏側), face up (表側), sideways (横側)
const MAGIC_STATES = {down: "face down", up: "face up", side: "sideways"};

function magic(info, m, index) {
  const state = MAGIC_STATES[m.state] ?? humanize(m.state ?? "").toLowerCase();
  const label = m.card ? cardChip(info, m.card) : h("span", {class: "chip facedown"}, "face down");
  return h("span", {class: `magic ${m.state}`, title: `magic, ${state}`, "data-ref": m.card ? null : String(index)},
           label, m.card || m.state !== "down" ? h("small", {}, ` ${state}`) : null);
}
