// The 3x3Wars field: the opponent's side above, the caller's below (seat 0 below for spectators):
// life, hand and territories (cards where the seat may see them, backs and counts otherwise),
// magic slots face down / up / sideways, the three unit slots, and between them the turn, step,
// deck and discard, and any spell or answer window pending.
import {h} from "../dom.js";
import {N_, _} from "../i18n.js";
import {infoButton, tooltip} from "../cardinfo.js";
import {cardChip, cardOf, describeValue, humanize, seatName} from "../labels.js";
import {backs, chips, none, zone} from "./parts.js";

const UNIT_SLOTS = 3;
const STEPS = {removal: N_("removal step"), enhance: N_("enhancement step"), counter: N_("counter window"),
               territory: N_("territory expansion"), strategy: N_("deploy / redeploy"), end: N_("end step"),
               respond: N_("answer window"), decision: N_("decision"), draw: N_("draw step"), battle: N_("battle"),
               pierce: N_("attacks with 透過"), attack: N_("attack step")};
const PHASES = {setup: N_("setup"), turns: N_("turns"), mulligan: N_("mulligan"), over: N_("the match is over")};

export default function threebythreeField(info, view, match) {
  const players = view.players ?? [];
  const me = Number.isInteger(view.you) ? view.you : 0;
  const order = [...players].sort((a, b) => (a.seat === me) - (b.seat === me));
  return h("div", {class: "ttw-field", "aria-label": _("3x3Wars field")},
           order.map((p, i) => [i === order.length - 1 ? middle(info, view, match) : null,
                                side(info, view, match, p, p.seat === view.you)]));
}

function side(info, view, match, p, mine) {
  const active = !match?.outcome && view.active === p.seat;
  return h("section", {class: `ttw-side ${mine ? "mine" : "theirs"}${active ? " active" : ""}`,
                       "data-seat": p.seat, "aria-label": seatName(match, p.seat)},
    h("header", {class: "ttw-head"},
      h("h3", {}, seatName(match, p.seat), mine ? " — " + _("you") : "", active ? h("span", {class: "turn-mark"}, " ▶ " + _("to play")) : ""),
      h("span", {class: "life", title: _("life")}, "♥ ", h("strong", {"data-life": p.seat}, String(p.life)))),
    h("div", {class: "ttw-units", "aria-label": _("units")},
      Array.from({length: UNIT_SLOTS}, (x, i) => p.units?.[i] ? unit(info, p.units[i]) : h("div", {class: "unit empty"}, _("empty slot")))),
    h("dl", {class: "ttw-zones"},
      zone(_("Magic"), (p.magic ?? []).length ? p.magic.map((m, i) => magic(info, m, i)) : none()),
      zone(_("Territories (%(n)s)", {n: p.territory_count ?? 0}), p.territories ? chips(info, p.territories) : backs(p.territory_count)),
      zone(_("Hand (%(n)s)", {n: p.hand_count ?? 0}), h("span", {class: "hand", "data-hand": mine ? "mine" : "other", "data-hand-of": p.seat},
        p.hand ? chips(info, p.hand) : backs(p.hand_count))),
      p.mentor ? zone(_("Mentor"), cardChip(info, p.mentor)) : null,
      p.offered_magic?.length ? zone(_("Magic offered"), chips(info, p.offered_magic)) : null,
      p.offered_hands?.length ? zone(_("Hands offered"), p.offered_hands.map(hand => h("span", {class: "group"}, chips(info, hand)))) : null));
}

function middle(info, view, match) {
  const over = Boolean(match?.outcome);
  const step = over ? _("the match is over") : view.phase === "turns" ? word(STEPS, view.step) : word(PHASES, view.phase);
  const toPlay = !over && Number.isInteger(view.active) && view.phase === "turns" ? _("%(name)s to play", {name: seatName(match, view.active)}) : "";
  return h("section", {class: "ttw-middle", "aria-label": _("table")},
    h("p", {class: "ttw-step"}, [view.turn ? _("Turn %(n)s", {n: view.turn}) : "", toPlay, step].filter(Boolean).join(" · ")),
    h("p", {class: "ttw-piles"}, _("Deck %(deck)s · Discard %(discard)s", {deck: view.deck_count ?? "?", discard: (view.discard ?? []).length}),
      (view.removed ?? []).length ? " · " + _("Removed %(n)s", {n: view.removed.length}) : ""),
    view.pending && !match?.outcome ? h("p", {class: "ttw-pending"}, view.pending_text ?? pendingSentence(info, match, view.pending)) : null,
    view.respond && !match?.outcome ? h("p", {class: "ttw-pending"}, respondSentence(info, match, view.respond)) : null,
    view.decision && !match?.outcome ? h("p", {class: "ttw-pending"}, _("%(name)s decides: %(what)s.", {name: who(match, view.decision.seat),
                                          what: KINDS[view.decision.kind] ? _(KINDS[view.decision.kind]) : humanize(view.decision.kind ?? "").toLowerCase()})) : null);
}

const KINDS = {remove: N_("a removal"), enhance: N_("an enhancement"), magic: N_("a magic"), grand: N_("a grand magic"),
               counter: N_("a counter"), dig: N_("dig"), discard: N_("discard"), heal: N_("heal"), undying: N_("undying"), pass: N_("pass")};
const who = (match, seat) => Number.isInteger(seat) ? seatName(match, seat) : _("A player");
/** A key of the view in words: the table's, else the key humanized. */
const word = (table, key) => table[key] ? _(table[key]) : humanize(key ?? "");
const named = (info, id) => id === null || id === undefined ? "" : describeValue(info, id);

/** The spell waiting on the table, told as a sentence ("Reimu casts a removal on 竜王; Marisa may counter."). */
function pendingSentence(info, match, pending) {
  const spells = (pending.spells ?? []).map(sp => sp.countered ? _("%(target)s (countered)", {target: named(info, sp.target)})
                                                                 : named(info, sp.target)).filter(Boolean);
  const said = {name: who(match, pending.seat), spell: KINDS[pending.kind] ? _(KINDS[pending.kind]) : humanize(pending.kind ?? "").toLowerCase(),
                targets: spells.join(", "), responder: Number.isInteger(pending.responder) ? seatName(match, pending.responder) : ""};
  if (spells.length && said.responder) return _("%(name)s casts %(spell)s on %(targets)s; %(responder)s may counter it.", said);
  if (spells.length) return _("%(name)s casts %(spell)s on %(targets)s.", said);
  if (said.responder) return _("%(name)s casts %(spell)s; %(responder)s may counter it.", said);
  return _("%(name)s casts %(spell)s.", said);
}

function respondSentence(info, match, respond) {
  const name = who(match, respond.seat);
  return respond.card ? _("%(name)s may answer to %(card)s.", {name, card: named(info, respond.card)}) : _("%(name)s may answer.", {name});
}

function unit(info, u) {
  return h("div", {class: "unit", "data-card": u.card, "data-ref": u.card, "data-colour": u.colour,
                   title: tooltip(cardOf(info, u.card) ?? {name: u.name})},
    h("span", {class: "unit-name"}, u.name ?? u.card, infoButton(info, u.card)),
    h("span", {class: "unit-stats"}, h("span", {class: "cost"}, _("cost %(cost)s", {cost: u.cost})), " · ",
      h("strong", {class: "power"}, _("power %(power)s", {power: u.power})),
      u.enhanced ? h("span", {class: "enh"}, ` (+${u.enhanced})`) : "", u.pierce ? " · 透過" : ""),
    (u.traits ?? []).length ? h("span", {class: "traits"}, u.traits.join(" ")) : null);
}

// a magic's state in the rulebook's words: face down (裏側), face up (表側), sideways (横側)
const MAGIC_STATES = {down: N_("face down"), up: N_("face up"), side: N_("sideways")};

function magic(info, m, index) {
  const state = MAGIC_STATES[m.state] ? _(MAGIC_STATES[m.state]) : humanize(m.state ?? "").toLowerCase();
  const label = m.card ? cardChip(info, m.card) : h("span", {class: "chip facedown"}, _("face down"));
  return h("span", {class: `magic ${m.state}`, title: _("magic, %(state)s", {state}), "data-ref": m.card ? null : String(index)},
           label, m.card || m.state !== "down" ? h("small", {}, ` ${state}`) : null);
}
