// The ディメンション・ゼロ / 東方零次元 field, from the seat's side (its own area at the bottom; the
// board turned round for seat 1): each player's three base squares behind the 3x3 battle space,
// units on their squares (name, power, damage, released / frozen, owner), and around it each
// player's deck, hand, energy, smash zone, plan zone and graveyard, the turn, priority, battles,
// the stack (top first) and any pending choice. Squares are row*3 + column: row 0 is seat 0's own
// area, row 1 the centre, row 2 seat 1's; base squares are lines 0-2 (the same columns). They are
// named as the rulebook names them (labels.js dzSquare: 「中央エリアの左ライン」), from the seat's side, or
// where a line is about a player's act (a stacked play or move, a battle's attacker) from that player's.
import {h} from "../dom.js";
import {N_, _, withNodes, ngettext} from "../i18n.js";
import {infoButton, tooltip} from "../cardinfo.js";
import {cardChip, cardOf, describeValue, dzBase, dzLine, dzSquare, humanize, seatName} from "../labels.js";
import {fieldOffers} from "./offers.js";
import {backs, chips, none, zone} from "./parts.js";

const SMASH_TO_LOSE = {"touhou-instant": 5};          // else 7 (README, variants)
const PHASES = {release: N_("release phase"), draw: N_("draw phase"), recovery: N_("recovery phase"), energy: N_("energy phase"),
                main: N_("main phase"), smash: N_("smash phase"), end: N_("end of turn"), mulligan: N_("mulligan"),
                sideboard: N_("sideboarding"), battle: N_("battle"), setup: N_("setup"), over: N_("the match is over")};

export default function dimensionZeroField(info, view, match, ctx) {
  const seated = Number.isInteger(view.you), me = seated ? view.you : 0, them = 1 - me;
  const offers = fieldOffers(info, ctx);
  const frozen = new Set(view.frozen ?? []);
  const player = seat => (view.players ?? []).find(p => p.seat === seat) ?? {seat};
  const rows = me === 0 ? [2, 1, 0] : [0, 1, 2];
  const cols = me === 0 ? [0, 1, 2] : [2, 1, 0];
  const fighting = new Set((view.battles ?? []).map(b => b.square));
  const cell = sq => square(info, view, sq, fighting.has(sq), offers, me);
  const board = h("div", {class: "dz-board", "aria-label": _("battle space and base squares")},
    h("div", {class: "dz-corner"}), cols.map(c => h("div", {class: "dz-line-head", "data-line": c}, dzLine(c, me))),   // the lines, once
    baseRow(info, view, match, them, cols, offers),
    rows.map(r => [r === 1 ? rowLabel(_("Centre"), "centre")
                           : rowLabel(!seated ? _("%(name)s · area", {name: short(match, r / 2)}) : r === me * 2 ? _("Your area") : _("Enemy area"),
                                      `owner-${r / 2}`),
                   cols.map(c => cell(r * 3 + c))]),
    baseRow(info, view, match, me, cols, offers));
  return h("div", {class: "dz-field", "aria-label": _("ディメンション・ゼロ field")},
    h("div", {class: "dz-main"}, side(info, view, match, player(them), frozen, false), board, offers.box,
      side(info, view, match, player(me), frozen, view.you === me)),
    table(info, view, match));
}

function baseRow(info, view, match, seat, cols, offers) {
  const label = rowLabel(seat === view.you ? _("Your base") : _("%(name)s · base", {name: short(match, seat)}), `owner-${seat} base`);
  const me = Number.isInteger(view.you) ? view.you : 0;
  return [label, cols.map(line => {
    const base = (view.bases ?? []).find(b => b.owner === seat && b.line === line);
    const here = offers.offer(a => (a.type === "play" && a.line === line && seat === view.you)
                                   || (base && a.type === "activate" && a.card === base.card), dzBase(line, me));
    return h("div", {class: `dz-base owner-${seat}${base ? "" : " empty"}`, "data-line": line, "data-owner": seat,
                     "data-ref": seat === view.you ? `line-${line}` : null, title: dzBase(line, me)},
      base ? card(info, base, base.frozen, "base") : h("span", {class: "none"}, _("no base")), here);
  })];
}

function square(info, view, sq, battle, offers, me) {
  const units = (view.units ?? []).filter(u => u.square === sq);
  const ids = new Set(units.map(u => u.card));
  const here = offers.offer(a => a.square === sq || (a.type === "move" && a.to === sq)
                                 || (a.type === "smash" && ids.has(a.unit)) || (a.type === "activate" && ids.has(a.card)),
                            dzSquare(sq, me));
  const zone = sq < 3 ? "area-0" : sq > 5 ? "area-1" : "centre";
  return h("div", {class: `dz-square ${zone}${battle ? " battle" : ""}${units.length ? "" : " empty"}`, "data-square": sq,
                   "data-ref": `square-${sq}`, title: dzSquare(sq, me)},
    battle ? h("strong", {class: "dz-fight"}, "⚔ " + _("battle")) : null,
    units.map(u => card(info, u, u.frozen, "unit")), here);
}

function card(info, thing, isFrozen, kind) {
  const c = cardOf(info, thing.card) ?? {};
  return h("div", {class: `dz-card ${kind} owner-${thing.owner}${isFrozen ? " frozen" : " released"}`, "data-card": thing.card,
                   "data-ref": thing.card, "data-colours": (c.colours ?? []).join(""), title: tooltip(c)},
    h("span", {class: "dz-name"}, c.name ?? thing.card, infoButton(info, thing.card)),
    h("span", {class: "dz-stats"},
      kind === "unit" ? h("span", {class: "dz-power"}, h("strong", {}, String(thing.power ?? c.power ?? "?")),
        thing.damage ? h("span", {class: "dz-damage"}, " ", _("−%(n)s dmg", {n: thing.damage})) : "") : null,
      h("span", {class: "dz-state"}, h("span", {class: `piece owner-${thing.owner}`, title: _("seat %(n)s's", {n: thing.owner})}, String(thing.owner)),
        h("span", {class: isFrozen ? "tag frozen" : "tag released"}, isFrozen ? _("frozen") : _("released")),
        thing.centre_played ? " " + _("centre-played") : "", (c.keywords ?? []).length ? ` ${c.keywords.join(" ")}` : "")));
}

function side(info, view, match, p, frozen, mine) {
  const active = !match?.outcome && view.active === p.seat, limit = SMASH_TO_LOSE[view.variant] ?? 7;
  const energy = p.energy ?? [], ready = energy.filter(e => !frozen.has(e)).length, smash = (p.smash ?? []).length;
  return h("section", {class: `dz-side owner-${p.seat}${mine ? " mine" : ""}${active ? " active" : ""}`, "data-seat": p.seat},
    h("h3", {}, seatName(match, p.seat), mine ? " — " + _("you") : "", active ? h("span", {class: "turn-mark"}, " ▶ " + _("active")) : "",
      !match?.outcome && view.priority === p.seat ? h("span", {class: "turn-mark"}, " · " + _("priority")) : ""),
    h("dl", {class: "dz-zones"},
      (p.hand ? wide : el => el)(zone(_("Hand"), h("span", {class: "hand", "data-hand": mine ? "mine" : "other", "data-hand-of": p.seat},
        h("strong", {}, String(p.hand_count ?? 0)), " ", p.hand ? chips(info, p.hand) : backs(p.hand_count, null)))),
      wide(zone(_("Energy"), h("span", {class: "count"}, _("%(ready)s of %(all)s released", {ready, all: energy.length})), energy.length ? h("span", {class: "chips"},
        energy.map(e => cardChip(info, e, {class: `chip card${frozen.has(e) ? " frozen" : ""}`, "data-frozen": frozen.has(e)}))) : null)),
      zone(_("Smash"), h("span", {}, h("strong", {"data-smash": p.seat}, String(smash)), " ", _("of %(limit)s loses", {limit})),
        backs(smash, null, (p.smash ?? []).map(id => ({"data-ref": id, title: _("face-down smash card %(id)s", {id})})))),
      zone(_("Deck"), h("strong", {}, String(p.deck_count ?? "?"))),
      zone(_("Plan"), p.plan ? cardChip(info, p.plan) : none()),
      zone(_("Grave"), (p.grave ?? []).length ? h("details", {class: "dz-grave"}, h("summary", {}, String(p.grave.length)), chips(info, p.grave))
                                           : h("strong", {}, "0")),
      (p.removed ?? []).length ? zone(_("Removed"), chips(info, p.removed)) : null));
}

function table(info, view, match) {
  const who = seat => Number.isInteger(seat) ? seatName(match, seat) : "—";
  return h("aside", {class: "dz-table", "aria-label": _("turn and stack")},
    h("p", {class: "dz-step"}, view.turn ? _("Turn %(n)s", {n: view.turn}) + " · " : "", PHASES[view.phase] ? _(PHASES[view.phase]) : humanize(view.phase ?? "")),
    match?.outcome ? h("p", {}, _("The match is over.")) : h("p", {}, _("Active: %(name)s", {name: who(view.active)}), h("br"),
      _("Priority: %(name)s", {name: who(view.priority)}),
      view.passes ? " " + ngettext("(%(n)s pass in a row)", "(%(n)s passes in a row)", view.passes) : ""),
    (view.battles ?? []).map(b => h("p", {class: "dz-battle"}, "⚔ ", _("Battle on %(where)s: %(attacker)s attacks %(defender)s · %(step)s step",
      {where: dzSquare(b.square, ownerOf(view, b.attacker)), attacker: describeValue(info, b.attacker), defender: describeValue(info, b.defender), step: b.step}),
      b.winner != null ? " · " + _("winner %(name)s", {name: describeValue(info, b.winner)}) : "")),
    view.pending && !match?.outcome ? h("p", {class: "dz-pending"}, view.pending_text
      ?? _("Waiting for %(name)s to choose: %(what)s", {name: who(view.pending.seat), what: humanize(view.pending.kind)})) : null,
    h("h4", {}, _("Stack (%(n)s)", {n: (view.stack ?? []).length})),
    (view.stack ?? []).length ? h("ol", {class: "dz-stack"}, [...view.stack].reverse().map((item, i) =>
      h("li", {class: i === 0 ? "dz-top" : null}, i === 0 ? h("strong", {}, _("top") + " ▸ ") : "", stackItem(info, match, item))))
      : h("p", {class: "none"}, _("empty")),
    (view.mods ?? []).length ? h("p", {class: "dz-mods"}, _("Effects until end of turn: %(n)s", {n: view.mods.length})) : null,
    view.outcome ? h("p", {class: "ttw-outcome"}, _("Result: %(result)s", {result: describeValue(info, view.outcome)})) : null);
}

function stackItem(info, match, item) {
  const name = short(match, item.seat), by = `${name}: `, d = v => describeValue(info, v);
  const targets = (item.targets ?? []).length ? ` → ${d(item.targets)}` : "";
  const chip = id => cardChip(info, id);
  switch (item.kind) {
    case "play": return [withNodes(Number.isInteger(item.square) || Number.isInteger(item.line) ? _("%(name)s: plays %(card)s onto %(where)s")
                                 : _("%(name)s: plays %(card)s"),
                               {name, card: chip(item.card), where: Number.isInteger(item.square) ? dzSquare(item.square, item.seat)
                                                                                                : dzBase(item.line, item.seat)}), targets];
    case "move": return withNodes(_("%(name)s: moves %(card)s from %(from)s to %(to)s"),
                                  {name, card: chip(item.unit), from: dzSquare(item.from, item.seat), to: dzSquare(item.to, item.seat)});
    case "ability": return [withNodes(_("%(name)s: ability %(n)s of %(card)s"), {name, n: String(item.ability + 1), card: chip(item.source)}), targets];
    case "trigger": return [withNodes(_("%(name)s: ◆ trigger of %(card)s"), {name, card: chip(item.source)}), targets];
    case "plan_create": return _("%(name)s: creates a plan", {name});
    case "plan_refresh": return item.plan ? withNodes(_("%(name)s: refreshes the plan %(card)s"), {name, card: chip(item.plan)}) : _("%(name)s: refreshes the plan", {name});
    case "damage": return _("%(name)s: battle damage %(hits)s", {name, hits: d(item.hits)});
    default: return [by, humanize(item.kind ?? "item"), " ", d(Object.fromEntries(Object.entries(item).filter(([k]) => !["kind", "seat", "n"].includes(k))))];
  }
}

// a unit's owner (a battle is named from its attacker's side): as the view shows it, else by its id ("1-05": seat 1's)
const ownerOf = (view, card) => (view.units ?? []).find(u => u.card === card)?.owner
  ?? (/^[01]-/.test(String(card)) ? Number(String(card)[0]) : Number.isInteger(view.you) ? view.you : 0);
const wide = el => { el.classList.add("wide"); return el; };
const short = (match, seat) => match?.seats?.find(s => s.seat === seat)?.name ?? _("Seat %(n)s", {n: seat});
const rowLabel = (text, kind) => h("div", {class: `dz-row-label ${kind}`}, text);
