// The 東方独占録 board as players know it: the loop of squares (GET /games "board") drawn as a ring in
// track order — clockwise from START, round a 9×9 grid on a desk and a 7×11 one on a phone — each land
// with its area colour, owner, level, toll and character, the players' pieces on their squares;
// inside the ring the turn, the last dice roll (from the latest events the page holds), and each
// player's money, assets, square and hand (yours face up, the others' as card backs).
import {h} from "../dom.js";
import {N_, _, current, withNodes} from "../i18n.js";
import {infoButton, tooltip} from "../cardinfo.js";
import {cardChip, cardOf, describeValue, humanize, seatName} from "../labels.js";
import {backs} from "./parts.js";

const LAYOUTS = {desk: 9, phone: 7};           // columns of the ring; its rows follow from the square count
const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const KINDS = {start: "START", event: "EVENT", sukima: "スキマ"};         // as printed on the board
const STEPS = {main: N_("roll or play"), choose: N_("a choice"), sell: N_("selling land"), discard: N_("discarding"),
               land: N_("on an empty land"), own: N_("on their own land"), other: N_("on another player's land"),
               event: N_("on an EVENT square"), defend: N_("defending"), invader_support: N_("support"), refill: N_("refill")};

/** The (column, row) of each square on the perimeter of a `cols`-wide ring, clockwise from the
 *  top-left corner: along the top, down the right, back along the bottom, up the left. */
export function ring(n, cols) {
  const rows = Math.max(3, Math.ceil(n / 2) + 2 - cols);
  const cells = [];
  for (let c = 1; c <= cols; c++) cells.push([c, 1]);
  for (let r = 2; r <= rows; r++) cells.push([cols, r]);
  for (let c = cols - 1; c >= 1; c--) cells.push([c, rows]);
  for (let r = rows - 1; r >= 2; r--) cells.push([1, r]);
  return {cells: cells.slice(0, n), rows};
}

export default function dokusenrokuBoard(info, view, match, ctx) {
  const squares = info.board?.squares ?? [];
  const players = view.players ?? [];
  const places = Object.fromEntries(Object.entries(LAYOUTS).map(([k, cols]) => [k, ring(squares.length, cols)]));
  const board = h("ol", {class: "dk-ring", "aria-label": _("東方独占録 board, in track order")},
    squares.map((sq, i) => {
      const el = square(info, view, sq, i, players);
      for (const [k, place] of Object.entries(places)) {
        el.style.setProperty(`--${k}-col`, place.cells[i][0]);
        el.style.setProperty(`--${k}-row`, place.cells[i][1]);
      }
      return el;
    }),
    h("li", {class: "dk-centre", "aria-label": _("players and dice")}, centre(info, view, match, ctx)));
  for (const [k, place] of Object.entries(places)) board.style.setProperty(`--${k}-rows`, place.rows);
  return h("div", {class: "dk-board", "aria-label": _("東方独占録 board")}, board);
}

/** What the table waits for, as a sentence ("Waiting for Reimu: discard down to the hand limit."). */
function pendingSentence(match, pending) {
  const seats = (pending.seats ?? [pending.seat]).filter(s => Number.isInteger(s)).map(s => seatName(match, s));
  const key = pending.kind ?? pending.type;
  const what = STEPS[key] ? _(STEPS[key]) : key ? humanize(key).toLowerCase() : _("a choice");
  return _("Waiting for %(names)s: %(what)s.", {names: seats.join(", ") || _("a player"), what});
}

function centre(info, view, match, ctx) {
  const over = Boolean(match?.outcome);
  const key = view.step ?? view.phase ?? "";
  const step = [view.turn ? _("Move %(n)s", {n: view.turn}) : "", !over && Number.isInteger(view.active) ? seatName(match, view.active) : "",
                over ? _("the match is over") : STEPS[key] ? _(STEPS[key]) : humanize(key)].filter(Boolean).join(" · ");
  return [
    h("p", {class: "dk-step"}, step),
    roll(info, match, ctx?.recent ?? []),
    view.pending && !over ? h("p", {class: "dk-note"}, view.pending_text ?? pendingSentence(match, view.pending)) : null,
    view.battle ? h("p", {class: "dk-note"}, _("Battle: %(battle)s", {battle: describeValue(info, view.battle)})) : null,
    h("div", {class: "dk-players"}, (view.players ?? []).map(p => player(info, view, match, p))),
  ];
}

/** The last dice roll the page knows of, big: who rolled, the faces, the total and what for. */
function roll(info, match, recent) {
  const last = [...recent].reverse().find(e => Array.isArray(e.data?.dice) || Array.isArray(e.data?.rolls));
  if (!last) return h("p", {class: "dk-roll none"}, _("No dice rolled yet"));
  const dice = last.data.dice ?? last.data.rolls?.at(-1)?.dice ?? [];
  const who = last.data.seat ?? last.data.rolls?.at(-1)?.seat;
  const what = last.type === "EventRolled" ? `EVENT: ${last.data.name}` : last.type === "OrderRolled" ? _("turn order")
    : _("moves %(n)s to %(square)s", {n: last.data.steps, square: squareName(info, last.data.to)});
  return h("p", {class: "dk-roll", "data-roll": dice.join("+"), "data-version": last.version},
    h("span", {class: "dk-dice", "aria-label": _("dice %(faces)s", {faces: dice.join(" + ")})}, dice.map(d => DICE[d] ?? String(d)).join(" ")),
    h("span", {class: "dk-roll-what"}, h("strong", {}, `${dice.reduce((a, b) => a + b, 0)}`),
      ` · ${Number.isInteger(who) ? seatName(match, who) : ""} · ${what}`));
}

function squareName(info, i) {
  const sq = info.board?.squares?.[i];
  const name = sq?.kind === "land" ? info.lands?.[sq.land]?.name ?? sq.land : KINDS[sq?.kind] ?? _("board square");
  return `${name} (${i})`;
}

function player(info, view, match, p) {
  const mine = p.seat === view.you, active = !match?.outcome && view.active === p.seat;
  return h("section", {class: `dk-player owner-${p.seat}${active ? " active" : ""}${mine ? " mine" : ""}`, "data-seat": p.seat},
    h("h3", {}, h("span", {class: `piece owner-${p.seat}`}, String(p.seat)), seatName(match, p.seat),
      mine ? " — " + _("you") : "", active ? h("span", {class: "turn-mark"}, " ▶") : ""),
    h("p", {}, withNodes(_("Money %(money)s · assets %(assets)s圓 · square %(square)s"),
      {money: h("strong", {"data-money": p.seat}, `${p.money}圓`), assets: String(p.assets ?? "?"), square: String(p.at)})),
    h("p", {class: "dk-hand", "data-hand": mine ? "mine" : "other", "data-hand-of": p.seat}, _("Hand (%(n)s)", {n: p.hand_count ?? 0}), " ",
      p.hand ? h("span", {class: "chips"}, p.hand.map(c => cardChip(info, c))) : backs(p.hand_count, null)));
}

function square(info, view, sq, i, players) {
  const here = players.filter(p => p.at === i);
  const pieces = here.length ? h("span", {class: "dk-pieces"}, here.map(p => h("span", {class: `piece owner-${p.seat}`, title: _("seat %(n)s", {n: p.seat})}, String(p.seat)))) : null;
  const number = h("span", {class: "dk-index"}, String(i));
  if (sq.kind !== "land") {
    return h("li", {class: `dk-square ${sq.kind}`, "data-square": i, "data-index": i}, number,
      h("span", {class: "dk-name"}, KINDS[sq.kind] ?? humanize(sq.kind)), pieces);
  }
  const land = info.lands?.[sq.land] ?? {}, state = view.lands?.[sq.land] ?? {};
  const owned = Number.isInteger(state.owner);
  const character = state.character ? cardOf(info, state.character) : null;
  return h("li", {class: `dk-square land area-${land.area ?? "none"}${owned ? ` owner-${state.owner}` : ""}`, "data-square": i,
                  "data-index": i, "data-land": sq.land, "data-ref": sq.land, title: land.gloss && current() === "en" ? `${land.name ?? sq.land} (${land.gloss})` : land.name ?? sq.land},
    number, h("span", {class: "dk-name", lang: "ja"}, land.name ?? sq.land),
    h("span", {class: "dk-facts"}, owned ? `Lv ${state.level}${state.toll != null ? ` · ${state.toll}圓` : ""}` : `Lv ${state.level ?? 1}`),
    state.character ? h("span", {class: "dk-character", "data-card": state.character, title: character ? tooltip(character) : ""},
      h("span", {class: "dk-character-name", lang: "ja"}, character?.name ?? state.character), infoButton(info, state.character)) : null,
    pieces);
}
