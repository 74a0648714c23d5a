// The 東方独占録 board: the loop of squares in order (from the game's board in GET /games), each
// land with its area colour, owner, level, toll and character; the players' pieces on their
// squares; money, assets and hand sizes above.
import {h} from "../dom.js";
import {cardChip, describeValue, humanize, seatName} from "../labels.js";

export default function dokusenrokuBoard(info, view, match) {
  const squares = info.board?.squares ?? [];
  const players = view.players ?? [];
  return h("div", {class: "dk-board", "aria-label": "東方独占録 board"},
    h("div", {class: "dk-players"}, players.map(p => h("section", {
      class: `dk-player owner-${p.seat}${view.active === p.seat ? " active" : ""}`, "data-seat": p.seat},
      h("h3", {}, seatName(match, p.seat), p.seat === view.you ? " — you" : "", view.active === p.seat ? " ▶" : ""),
      h("p", {}, "Money ", h("strong", {"data-money": p.seat}, String(p.money)), ` · assets ${p.assets ?? "?"} · square ${p.at}`),
      h("p", {}, `Hand (${p.hand_count ?? 0}) `, p.hand ? h("span", {class: "chips"}, p.hand.map(c => cardChip(info, c))) : "")))),
    h("p", {class: "dk-step"}, view.turn ? `Turn ${view.turn} · ` : "", humanize(view.step ?? view.phase ?? ""),
      view.pending ? ` · pending: ${describeValue(info, view.pending)}` : "",
      view.battle ? ` · battle: ${describeValue(info, view.battle)}` : ""),
    h("ol", {class: "dk-squares"}, squares.map((sq, i) => square(info, view, sq, i, players))));
}

function square(info, view, sq, i, players) {
  const here = players.filter(p => p.at === i);
  const pieces = here.length ? h("span", {class: "dk-pieces"}, here.map(p => h("span", {class: `piece owner-${p.seat}`, title: `seat ${p.seat}`}, String(p.seat)))) : null;
  if (sq.kind !== "land") {
    return h("li", {class: `dk-square ${sq.kind}`, value: i}, h("span", {class: "dk-name"}, humanize(sq.kind)), pieces);
  }
  const land = info.lands?.[sq.land] ?? {}, state = view.lands?.[sq.land] ?? {};
  const owned = Number.isInteger(state.owner);
  return h("li", {class: `dk-square land area-${land.area ?? "none"}${owned ? ` owner-${state.owner}` : ""}`, value: i,
                  "data-land": sq.land, "data-ref": sq.land, title: land.gloss ?? sq.land},
    h("span", {class: "dk-name"}, land.name ?? sq.land),
    h("span", {class: "dk-facts"}, owned ? `seat ${state.owner} · Lv ${state.level}` : `Lv ${state.level ?? 1} · free`,
      owned && state.toll != null ? ` · toll ${state.toll}` : ""),
    state.character ? cardChip(info, state.character) : null, pieces);
}
