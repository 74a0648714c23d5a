// Ratings on the page (issue 41): the lobby's "Ladder" (a game and variant's leaderboard, names linked
// to profiles, bots with their strength), quick pairing ("find me an opponent near my rating"), the
// rated/casual choice of the new-match form, and a rated match's rating change beside its seats.
import {ApiError, api, get, gamesList, post} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {_, ngettext} from "./i18n.js";
import {currentPlayer, syncPlayerSeats} from "./players.js";

export const profileLink = (id, name) => id.startsWith("player:")
  ? h("a", {href: `#/player/${encodeURIComponent(id.slice(7))}`, class: "player-link"}, name)
  : h("span", {class: "bot-name"}, name);

export const shownRating = e => `${e.rating}${e.provisional ? "?" : ""}`;

/** The lobby's ladder and quick pairing, for the game and variant chosen in it. */
export function ladderPanel() {
  const section = h("section", {id: "ladder", "aria-labelledby": "ladder-h"}, h("h2", {id: "ladder-h"}, _("Ladder")));
  const pick = h("select", {id: "ladder-variant", "aria-label": _("game and variant")});
  const board = h("div", {id: "leaderboard"});
  const pairing = h("div", {id: "pairing"});
  section.append(h("div", {class: "row"}, pick), board, pairing);
  gamesList().then(games => {
    replace(pick, games.flatMap(g => g.variants.map(v => h("option", {value: `${g.id}/${v.id}`}, `${g.title} · ${v.title}`))));
    show();
  }).catch(e => replace(board, h("p", {class: "error"}, e.message)));
  pick.addEventListener("change", show);
  let timer = null;
  function show() {
    const [game, variant] = pick.value.split("/");
    loadBoard(board, game, variant, null, true);
    clearTimeout(timer);
    pairingBox(pairing, game, variant, next => { timer = next; });
  }
  section.stop = () => clearTimeout(timer);
  return section;
}

async function loadBoard(box, game, variant, cursor, fresh) {
  let page;
  try {
    page = await get(`/ratings/${encodeURIComponent(game)}/${encodeURIComponent(variant)}?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
  } catch (e) {
    replace(box, h("p", {class: "error"}, e.message));
    return;
  }
  if (fresh) replace(box, page.entries.length ? h("ol", {class: "leaderboard"}) : h("p", {class: "none"}, _("Nobody rated yet.")));
  const list = box.querySelector("ol");
  for (const e of page.entries) {
    list.append(h("li", {"data-id": e.id, value: e.rank}, profileLink(e.id, e.name),
      h("span", {class: "rating", title: e.provisional ? ngettext("±%(dev)s, %(n)s game, provisional", "±%(dev)s, %(n)s games, provisional", e.games, {dev: 2 * e.deviation})
                                          : ngettext("±%(dev)s, %(n)s game", "±%(dev)s, %(n)s games", e.games, {dev: 2 * e.deviation})},
        ` ${shownRating(e)}`), e.kind === "bot" ? h("small", {}, " ", _("bot")) : null));
  }
  box.querySelector(".more")?.remove();
  if (page.next_cursor) {
    box.append(h("button", {type: "button", class: "more", onclick: () => loadBoard(box, game, variant, page.next_cursor, false)}, _("More")));
  }
}

function pairingBox(box, game, variant, schedule) {
  const player = currentPlayer();
  if (!player) { replace(box, h("p", {class: "none"}, _("Sign in to be paired with an opponent near your rating."))); return; }
  const path = `/pairing/${encodeURIComponent(game)}/${encodeURIComponent(variant)}`;
  const render = ticket => {
    if (ticket.status === "paired") {
      replace(box, h("p", {id: "paired"}, _("Paired:"), " ", h("a", {id: "paired-link",
        href: `#/m/${encodeURIComponent(ticket.match_id)}?seat=${ticket.seat}`}, _("go to the match"))));
      syncPlayerSeats();
      return;
    }
    if (ticket.status === "waiting") {
      replace(box, h("p", {id: "pairing-waiting"}, _("Waiting for an opponent near %(rating)s (%(s)s s)", {rating: ticket.rating, s: ticket.waited_seconds}), " "),
        ticket.bot_offer ? h("button", {type: "button", id: "take-bot", onclick: () => send(() => post(`${path}/bot`, undefined, player.key))},
          _("Play %(bot)s (%(rating)s) instead", {bot: ticket.bot_offer.bot, rating: ticket.bot_offer.rating})) : null,
        h("button", {type: "button", id: "leave-pairing", onclick: () => send(async () => {
          await api("DELETE", path, {token: player.key}); return {status: "none"}; })}, _("Stop waiting")));
      schedule(setTimeout(() => send(() => get(path, player.key)), 5000));
      return;
    }
    replace(box, h("button", {type: "button", id: "find-opponent", onclick: () => send(() => post(path, undefined, player.key))},
      _("Find an opponent near my rating")));
  };
  async function send(call) {
    try { render(await call()); } catch (e) { notify(_("Pairing: %(reason)s", {reason: e instanceof ApiError ? e.message : e}), "error"); }
  }
  send(() => get(path, player.key));
}

/** The new-match form's rated/casual choice: its element, and what it adds to the request body. */
export function ratedChoice() {
  const box = h("input", {type: "checkbox", id: "rated", name: "rated"});
  const element = h("div", {class: "row"}, h("label", {for: "rated"}, _("Rated")),
    h("div", {class: "pick"}, box, h("small", {}, " ", _("every seat a signed-in player or a bot; the result changes ratings"))));
  return {element, apply: body => { if (box.checked) body.rated = true; }};
}

/** A rated match's view: each seat's rating before and after, once it has ended (else "rated"). */
export function ratingChange(view) {
  if (!view.rated) return null;
  if (!view.ratings) return h("p", {class: "rated", id: "rating-change"}, view.outcome ? _("Rated: not counted") : _("Rated match"));
  const names = Object.fromEntries((view.seats ?? []).map(s => [s.seat, s.name]));
  return h("p", {class: "rated", id: "rating-change"}, _("Ratings:"), " ", view.ratings.map((r, i) => [i ? " · " : "",
    profileLink(r.id, names[r.seat] ?? r.id), ` ${r.rating_before} → `,
    h("strong", {"data-seat": r.seat, class: "rating-after"}, String(r.rating_after))]));
}

/** An open seat's or listed match's rating note: rated or casual, and the seated players' ratings. */
export function seatRating(s) {
  const known = (s.seat_ratings ?? []).map((r, i) => r === null ? null : `${s.seats[i]} ${r}`).filter(Boolean);
  return h("span", {class: "seat-rating"}, s.rated ? _("rated") : _("casual"), known.length ? ` (${known.join(", ")})` : "", " ");
}
