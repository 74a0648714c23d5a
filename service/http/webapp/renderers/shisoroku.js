// The 東方祀爭録 table (a deckbuilder): the turn's actions, buys and coins; the supply as a grid of
// piles — kingdom piles apart from the basic ones — each with its name, cost, cards left and
// types, empty piles marked, a pile you may buy offering its `buy`; the prizes and the trash; each
// player: hand (yours, above the supply so it shows at once; the others' as card backs), in play,
// lasting (duration) cards, discard top, deck size (yours; nobody knows another's deck or discard
// sizes).
import {h} from "../dom.js";
import {N_, _, current, withNodes, ngettext} from "../i18n.js";
import {infoButton, tooltip} from "../cardinfo.js";
import {cardChip, cardOf, describeValue, humanize, seatName} from "../labels.js";
import {fieldOffers} from "./offers.js";
import {backs, chips, none, zone} from "./parts.js";

const TYPES = {action: N_("Action"), treasure: N_("Treasure"), victory: N_("Victory"), curse: N_("Curse"), attack: N_("Attack"),
               reaction: N_("Reaction"), duration: N_("Duration"), prize: N_("Prize"), shelter: N_("Shelter")};
const PHASES = {action: N_("action phase"), buy: N_("buy phase"), cleanup: N_("clean-up")};

export default function shisorokuTable(info, view, match, ctx) {
  const offers = fieldOffers(info, ctx);
  const kingdom = new Set(view.kingdom ?? []);
  const supply = view.supply ?? [];
  const piles = list => h("ol", {class: "ss-piles"}, list.map(p => pile(info, p, offers)));
  const me = Number.isInteger(view.you) ? view.you : null;
  const mine = (view.players ?? []).find(p => p.seat === me);
  const others = (view.players ?? []).filter(p => p.seat !== me);
  const empty = supply.filter(p => p.left === 0).length;
  return h("div", {class: "ss-table", "aria-label": _("東方祀爭録 table")},
    turn(info, view, match),
    mine ? h("div", {class: "ss-players ss-mine"}, player(info, view, match, mine, offers)) : null,
    h("section", {class: "ss-supply", "aria-label": _("supply")},
      h("h3", {}, _("Supply"), empty ? h("span", {class: "ss-empty-count"}, " · " + ngettext("%(n)s empty pile", "%(n)s empty piles", empty)) : ""),
      h("h4", {}, _("Kingdom (%(n)s)", {n: kingdom.size})), piles(supply.filter(p => kingdom.has(p.card))),
      h("h4", {}, _("Basic")), piles(supply.filter(p => !kingdom.has(p.card)))),
    offers.box,
    h("dl", {class: "ss-common"},
      (view.prizes ?? []).length ? zone(_("Prizes (%(n)s)", {n: view.prizes.length}), chips(info, view.prizes)) : null,
      zone(_("Trash (%(n)s)", {n: (view.trash ?? []).length}), chips(info, view.trash ?? []))),
    h("div", {class: "ss-players"}, others.map(p => player(info, view, match, p, offers))));
}

function turn(info, view, match) {
  const who = Number.isInteger(view.active) ? seatName(match, view.active) : "—";
  const waiting = view.pending ? (view.pending.seats ?? [view.pending.seat]).filter(s => Number.isInteger(s)) : [];
  return h("section", {class: "ss-turn", "aria-label": _("turn")},
    h("p", {class: "ss-step"}, view.turn ? _("Turn %(n)s", {n: view.turn}) + " · " : "",
      match?.outcome ? _("the match is over") : [`${who}: `, PHASES[view.phase] ? _(PHASES[view.phase]) : humanize(view.phase ?? "")]),
    h("p", {class: "ss-counters"},
      counter(_("Actions"), view.actions), counter(_("Buys"), view.buys), counter(_("Coins"), view.coins, "coin"),
      view.bought ? h("span", {class: "ss-note"}, _("bought this turn: no more treasures")) : null),
    view.pending && !match?.outcome && view.pending_text ? h("p", {class: "ss-pending"}, view.pending_text)
      : view.pending && !match?.outcome ? h("p", {class: "ss-pending"}, withNodes(view.pending.card ? _("Waiting for %(names)s to %(what)s (%(card)s).") : _("Waiting for %(names)s to %(what)s."),
        {names: waiting.map(s => seatName(match, s)).join(", ") || _("a player"), what: pendingWords(view.pending),
         card: view.pending.card ? cardChip(info, view.pending.card) : ""})) : null,
    (view.staying ?? []).length ? h("p", {class: "ss-note"}, _("Staying in play: %(cards)s", {cards: describeValue(info, view.staying)})) : null,
    null);
}

// what a pending decision asks, in words: its kind and what the cards are for
const PURPOSES = {trash: N_("choose cards to trash"), discard: N_("choose cards to discard"), play: N_("choose cards to play"),
                  pass: N_("choose cards to pass on"), order: N_("choose cards in order"), reveal: N_("choose cards to reveal"),
                  reveal_to_deck: N_("choose cards to reveal and put on the deck")};

function pendingWords(pending) {
  if (pending.kind === "mode") return _("choose what the card does");
  if (pending.kind !== "cards") return _("choose (%(what)s)", {what: humanize(pending.kind ?? "").toLowerCase()});
  return PURPOSES[pending.purpose] ? _(PURPOSES[pending.purpose]) : _("choose cards");
}

function pile(info, p, offers) {
  const c = cardOf(info, p.card) ?? {}, types = c.types ?? [];
  const buy = offers.offer(a => a.type === "buy" && a.card === p.card, c.name ?? p.card, _("Buy"));
  return h("li", {class: `ss-pile${p.left === 0 ? " empty" : ""}${buy ? " buyable" : ""} ${types.map(t => `t-${t}`).join(" ")}`,
                  "data-card": p.card, "data-ref": p.card, "data-left": p.left, title: tooltip(c)},
    h("span", {class: "ss-cost", title: _("cost")}, String(p.cost ?? c.cost ?? "?")),
    h("span", {class: "ss-left", title: _("cards left")}, p.left === 0 ? _("EMPTY") : `×${p.left}`),
    h("span", {class: "ss-name", lang: "ja"}, c.name ?? p.card, infoButton(info, p.card)),
    c.gloss && current() === "en" ? h("span", {class: "ss-gloss"}, c.gloss) : null,        // the name in English words
    h("span", {class: "ss-types"}, types.map(t => h("span", {class: `ss-type t-${t}`}, TYPES[t] ? _(TYPES[t]) : humanize(t))),
      c.vp != null ? h("span", {class: "ss-type vp"}, _("%(n)s VP", {n: c.vp})) : null),
    buy);
}

function player(info, view, match, p, offers) {
  const mine = p.seat === view.you, active = !match?.outcome && p.seat === view.active;
  const hand = h("span", {class: "hand", "data-hand": mine ? "mine" : "other", "data-hand-of": p.seat},
                 p.hand ? grouped(info, p.hand, "ss-hand") : backs(p.hand_count));
  const plays = mine ? [...new Set(p.hand ?? [])].map(id => offers.offer(a => a.type === "play" && a.card === id, "hand",
                                                                             _("Play %(card)s", {card: cardOf(info, id)?.name ?? id})))
                          .filter(Boolean) : [];
  return h("section", {class: `ss-player${mine ? " mine" : ""}${active ? " active" : ""}`, "data-seat": p.seat},
    h("h3", {}, seatName(match, p.seat), mine ? " — " + _("you") : "", active ? h("span", {class: "turn-mark"}, " ▶ " + _("to play")) : ""),
    h("dl", {class: "ss-zones"},
      zone(_("Hand (%(n)s)", {n: p.hand_count ?? 0}), hand, plays.length ? h("span", {class: "ss-plays"}, plays) : null),
      zone(_("In play (%(n)s)", {n: (p.play ?? []).length}), grouped(info, p.play ?? [])),
      (p.carried ?? []).length || (p.next_turn ?? []).length
        ? zone(_("Lasting"), chips(info, [...(p.carried ?? []), ...(p.next_turn ?? [])])) : null,
      (p.revealed ?? []).length ? zone(_("Revealed"), chips(info, p.revealed)) : null,
      p.looking_count ? zone(_("Looking at (%(n)s)", {n: p.looking_count}), p.looking ? chips(info, p.looking) : backs(p.looking_count)) : null,
      zone(_("Discard top"), p.discard_top ? cardChip(info, p.discard_top) : h("span", {class: "none"}, _("empty"))),
      zone(_("Deck"), p.deck_count != null ? h("strong", {}, String(p.deck_count)) : h("span", {class: "none"}, _("hidden")),
        h("small", {class: "none"}, " · " + _("turns taken %(n)s", {n: p.turns ?? 0})))));
}

const counter = (label, n, kind = "") => h("span", {class: `ss-counter ${kind}`}, `${label} `, h("strong", {}, String(n ?? 0)));
/** Copies of a card as one chip, "お賽銭 ×4" (data-count 4). */
function grouped(info, ids, cls = "") {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  if (!counts.size) return none();
  return h("span", {class: `chips ${cls}`}, [...counts].map(([id, n]) => {
    const chip = cardChip(info, id, {"data-count": n});
    if (n > 1) chip.append(h("strong", {class: "ss-copies"}, ` ×${n}`));
    return chip;
  }));
}
