// #/join/<match>/<seat>/<code>: take a seat from an invite link (or an open seat) with one click.
import {ApiError, gameInfo, get, post, titleOf} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {_} from "./i18n.js";
import {holdSeat, seatsIn} from "./held.js";
import {houseRulesList} from "./house_rules.js";
import {perMove, seatName} from "./labels.js";
import {currentPlayer} from "./players.js";
import {claimSettings} from "./settings.js";

export function showJoin(root, {matchId, seat, code}) {
  replace(root, h("p", {}, _("Loading the invitation…")));
  load(root, matchId, seat, code);
  return () => {};
}

async function load(root, matchId, seat, code) {
  let match;
  try {
    match = await get(`/matches/${encodeURIComponent(matchId)}`);
  } catch (e) {
    replace(root, h("h2", {}, _("Invitation")), h("p", {class: "error", id: "join-error"}, e.status === 404
      ? _("There is no match at this address: the invite link may be mistyped, or the match was never made here.") : e.message),
      h("a", {href: "#/"}, _("Back to the lobby")));
    return;
  }
  // the house rules by their titles (the game's description; only their names if it cannot be read)
  const described = Object.keys(match.rulings ?? {}).length ? await gameInfo(match.game).catch(() => null) : null;
  const playHref = `#/m/${encodeURIComponent(matchId)}?seat=${seat}`;
  const mine = seatsIn(matchId).some(s => s.seat === seat);
  const entry = (match.seats ?? []).find(s => s.seat === seat);
  const button = h("button", {type: "button", class: "primary", id: "claim", disabled: mine || !entry?.unclaimed,
                              onclick: () => claim(root, match, seat, code, button)},
                   _("Play as %(name)s", {name: seatName(match, seat)}));
  const others = (match.seats ?? []).filter(s => s.seat !== seat).map(s => seatName(match, s.seat));
  replace(root,
    h("h2", {}, _("Invitation")),
    h("p", {}, h("strong", {}, await titleOf(match.game, match.variant))),
    h("p", {}, entry ? _("Your seat: %(name)s", {name: seatName(match, seat)}) : "", entry && others.length ? " · " : "",
      others.length ? _("against %(others)s", {others: others.join(", ")}) : ""),
    match.deadline?.minutes ? h("p", {}, _("Move deadline: %(deadline)s.", {deadline: perMove(match.deadline.minutes)})) : null,
    match.audit_live ? h("p", {class: "warn", id: "audit-live"},
      _("This match is refereed live: the auditor sees every hand.")) : null,
    houseRulesList(match.rulings, described?.rulings),
    mine ? h("p", {}, _("This browser already holds this seat."), " ", h("a", {href: playHref}, _("Go to the match")))
      : !entry ? h("p", {class: "error"}, _("The match has no seat %(n)s.", {n: seat + 1}))
      : !entry.unclaimed ? h("p", {class: "error"}, _("Somebody has already taken this seat."))
      : h("p", {}, _("The seat will be kept in this browser only: come back to the match from this browser.")),
    button);
  if (!mine && entry?.unclaimed) button.focus();
}

async function claim(root, match, seat, code, button) {
  button.disabled = true;
  try {
    const player = currentPlayer();
    const got = await post(`/matches/${encodeURIComponent(match.match_id)}/seats/${seat}/claim`,
                           {invite: code, settings: claimSettings(), ...(player ? {player: true} : {})}, player?.key);
    holdSeat({match_id: got.match_id, seat: got.seat, token: got.token, name: got.name,
              game: match.game, variant: match.variant});
    location.hash = `#/m/${encodeURIComponent(got.match_id)}?seat=${got.seat}`;
  } catch (e) {
    notify(e instanceof ApiError ? _("Could not take the seat: %(reason)s", {reason: e.message}) : String(e), "error");
    button.disabled = false;
  }
}
