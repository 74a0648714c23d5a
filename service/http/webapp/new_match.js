// The "new match" form: game, variant, and per seat a name and who plays it — this browser, a
// friend with an invite link, anyone (an open seat), or a bot where the server offers bots; a move
// deadline; and, for a game that has them, its house rules (house_rules.js).
import {currentPlayer} from "./players.js";
import {gameInfo, gamesList, post} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {N_, _} from "./i18n.js";
import {houseRulesForm} from "./house_rules.js";
import {botWord} from "./labels.js";
import {ratedChoice} from "./ratings.js";
import {claimSettings} from "./settings.js";

const JOINS = [["token", N_("Me (this browser)")], ["invite", N_("Invite link")], ["open", N_("Open seat")]];
const DEADLINES = [["", N_("None")], ["10", N_("10 minutes a move")], ["60", N_("1 hour a move")],
                   ["1440", N_("1 day a move")], ["4320", N_("3 days a move")]];
const TIMEOUTS = [["pass", N_("the seat passes")], ["bot", N_("a bot stands in")], ["forfeit", N_("the seat forfeits")]];

export function newMatchForm(onCreated) {
  const gameSel = h("select", {id: "game", name: "game", required: true});
  const variantSel = h("select", {id: "variant", name: "variant", required: true});
  const countIn = h("input", {id: "seat-count", type: "number", min: 1, max: 16, value: 2});
  const seatsBox = h("div", {class: "seat-rows"});
  const deadlineSel = h("select", {id: "deadline"}, DEADLINES.map(([value, label]) => h("option", {value}, _(label))));
  const timeoutSel = h("select", {id: "on-timeout"}, TIMEOUTS.map(([value, label]) => h("option", {value}, _(label))));
  const timeoutRow = h("div", {class: "row", hidden: true}, h("label", {for: "on-timeout"}, _("When it passes")), timeoutSel);
  deadlineSel.addEventListener("change", () => { timeoutRow.hidden = !deadlineSel.value; });
  const houseRules = houseRulesForm();
  const rated = ratedChoice();
  const submit = h("button", {type: "submit", class: "primary", id: "create"}, _("Create match"));
  // the whole title of the chosen game and variant (a phone's select cuts long names short)
  const gameFull = h("small", {class: "chosen", id: "game-title"}), variantFull = h("small", {class: "chosen", id: "variant-title"});
  const form = h("form", {class: "new-match", onsubmit: e => { e.preventDefault(); create(); }},
    h("div", {class: "row"}, h("label", {for: "game"}, _("Game")), h("div", {class: "pick"}, gameSel, gameFull)),
    h("div", {class: "row"}, h("label", {for: "variant"}, _("Variant")), h("div", {class: "pick"}, variantSel, variantFull)),
    h("div", {class: "row seat-count"}, h("label", {for: "seat-count"}, _("Seats")), countIn),
    seatsBox, h("div", {class: "row"}, h("label", {for: "deadline"}, _("Move deadline")), deadlineSel), timeoutRow,
    houseRules.element, rated.element, submit);
  let games = [];

  function variant() {
    const game = games.find(g => g.id === gameSel.value);
    return game?.variants.find(v => v.id === variantSel.value);
  }
  function fillVariants() {
    const game = games.find(g => g.id === gameSel.value);
    replace(variantSel, (game?.variants ?? []).map(v => h("option", {value: v.id}, v.title)));
    replace(gameFull, game?.title ?? "");
    replace(seatsBox);
    fillSeats();
    fillHouseRules(gameSel.value);
  }
  function fillHouseRules(id) {
    houseRules.fill([]);
    if (!id) return;
    gameInfo(id).then(info => { if (gameSel.value === id) houseRules.fill(info.rulings); })
      .catch(e => notify(_("Could not read the game's house rules: %(reason)s", {reason: e.message}), "error"));
  }
  function fillSeats() {
    const v = variant();
    if (!v) return;
    replace(variantFull, v.title);
    countIn.min = v.min_seats;
    countIn.max = v.max_seats;
    const n = Math.min(v.max_seats, Math.max(v.min_seats, Number(countIn.value) || v.min_seats));
    countIn.value = n;
    countIn.closest(".row").hidden = v.min_seats === v.max_seats;
    const kept = [...seatsBox.querySelectorAll(".seat-row")];
    replace(seatsBox, Array.from({length: n}, (x, i) => kept[i] ?? seatRow(i)));
  }
  function seatRow(i) {
    const bots = games.find(g => g.id === gameSel.value)?.bots ?? [];
    const options = [...JOINS.map(([value, label]) => [value, _(label)]), ...bots.map(b => [`bot:${b}`, _("Bot: %(bot)s", {bot: botWord(b)})])];
    return h("fieldset", {class: "seat-row", "data-seat": i}, h("legend", {}, _("Seat %(n)s", {n: i + 1})),
      h("label", {for: `seat-${i}-name`}, _("Name")),
      h("input", {id: `seat-${i}-name`, class: "seat-name", required: true, maxlength: 64,
                  value: i === 0 ? currentPlayer()?.name ?? _("Player %(n)s", {n: 1}) : _("Player %(n)s", {n: i + 1})}),
      h("label", {for: `seat-${i}-join`}, _("Played by")),
      h("select", {id: `seat-${i}-join`, class: "seat-join"},
        options.map(([value, label], k) => h("option", {value, selected: k === (i === 0 ? 0 : 1)}, label))));
  }
  async function create() {
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map(row => {
      const name = row.querySelector(".seat-name").value.trim(), join = row.querySelector(".seat-join").value;
      if (join.startsWith("bot:")) return {name, bot: join.slice(4)};
      // a seat this browser takes is taken with this browser's settings (`{}`: the defaults), so the
      // steps that are no decision are not asked from its first move (issue 38)
      return join === "token" ? {name, join, settings: claimSettings()} : {name, join};
    });
    submit.disabled = true;
    try {
      const body = {game: gameSel.value, variant: variantSel.value, seats};
      const rulings = houseRules.chosen();
      if (Object.keys(rulings).length) body.rulings = rulings;
      rated.apply(body);
      if (deadlineSel.value) body.deadline = {minutes: Number(deadlineSel.value), on_timeout: timeoutSel.value};
      const player = currentPlayer(), own = seats.find(s => s.join === "token");
      if (player && own) own.player = true;               // this browser's seat, bound to its player
      const answer = await post("/matches", body, player && own ? player.key : null);
      notify("");
      onCreated({answer, game: gameSel.value, variant: variantSel.value});
    } catch (e) {
      notify(_("Could not create the match: %(reason)s", {reason: e.message}), "error");
    } finally {
      submit.disabled = false;
    }
  }

  gameSel.addEventListener("change", fillVariants);
  variantSel.addEventListener("change", fillSeats);
  countIn.addEventListener("change", fillSeats);
  gamesList().then(list => {
    games = list;
    replace(gameSel, games.map(g => h("option", {value: g.id}, g.title)));
    fillVariants();
  }).catch(e => notify(_("Could not list the games: %(reason)s", {reason: e.message}), "error"));
  return form;
}
