// #/m/<match>?seat=N: play a match as a seat this browser holds (or watch it as a spectator).
// The page shows the game's dedicated field where one exists (the last move marked on it), the move
// builder (the choice protocol's steps, the field's things clickable) and every move as one quick
// list, the whole view as generic panels, and the narrated log (log.js) move by move; it follows the
// event log for changes. On a desk the field and the move sit side by side, so the hand and the
// current choice show without scrolling.
import {actionsPanel, setBusy} from "./actions.js";
import {clickableField, moveBuilder} from "./builder.js";
import {get, newCommandId, post, gameInfo} from "./api.js";
import {h, notify, replace, timeLeft} from "./dom.js";
import {ratingChange} from "./ratings.js";
import {inviteLink, createdInvites, keepInvite, lastSeen, markSeen, organiserToken, seatsIn} from "./held.js";
import {showingCards} from "./cardinfo.js";
import {markLastMove} from "./lastmove.js";
import {groupMoves, moveItem} from "./log.js";
import {describeOutcome, seatName, withViewNames} from "./labels.js";
import {viewPanels} from "./panels.js";
import {follow} from "./live.js";
import {rendererFor} from "./renderer.js";
import {tablePanels} from "./table.js";

const LOG_SIZE = 200;           // events read when the page opens
const LOG_MOVES = 12;           // moves the log shows

export function showPlay(root, {matchId, seat: wanted}) {
  const held = seatsIn(matchId);
  const mine = held.find(s => s.seat === wanted) ?? held[0] ?? null;
  const token = mine?.token ?? null;
  const path = `/matches/${encodeURIComponent(matchId)}`;
  const el = {
    title: h("h2", {}, "Match"), status: h("p", {id: "status", class: "status"}, "Loading…"),
    seats: h("div", {class: "seat-switch"}), field: h("div", {id: "field"}),
    actions: h("section", {id: "actions", "aria-labelledby": "act-h"}),
    panels: h("details", {id: "view", class: "view"}), log: h("ol", {id: "log", class: "log"}),
    invites: h("div", {class: "invites"}), rated: h("div", {class: "rated-box"}), standIn: h("div", {class: "stand-in"}), table: h("div", {id: "table-panels"}),
  };
  replace(root, h("div", {class: "play"}, el.title, el.status, el.rated, el.standIn, el.seats, el.invites,
    h("div", {class: "play-grid"},
      h("div", {class: "play-field"}, el.field, el.panels),
      h("div", {class: "play-side"}, el.actions, el.table,
        h("section", {class: "events", "aria-labelledby": "log-h"}, h("h3", {id: "log-h"}, "Log"), el.log),
        h("p", {class: "links"}, h("a", {id: "replay-link", href: `#/replay/${encodeURIComponent(matchId)}${mine ? `?seat=${mine.seat}` : ""}`}, "Replay this match"),
          " · ", h("a", {href: "#/"}, "Lobby"))))));
  let info = null, field, match = null, legal = null, busy = false, seenEvents = 0, loading = null;
  const moves = new Map();                // the log's moves by their first version (log.js)
  let builder = null, builtAt = null;     // the move builder, for the version it was built at
  const since = lastSeen(matchId);
  clickableField(el.field, () => builder);

  async function load() {
    match = await get(path, token);
    info = info ?? await gameInfo(match.game).catch(() => ({cardsById: new Map()}));
    if (field === undefined) field = await rendererFor(info);       // the game's dedicated renderer, or null
    const standIn = (match.seats ?? []).find(s => s.seat === mine?.seat)?.stand_in;
    legal = token && !match.outcome && !standIn ? await get(`${path}/legal-actions`, token)
                                                : {version: match.version, actions: [], step: null};
    if (!seenEvents) seenEvents = Math.max(0, match.version - LOG_SIZE);
    await loadEvents();
    render();
    markSeen(matchId, match.version);
  }
  function refresh() {
    loading = loading ?? load().catch(e => notify(e.message, "error")).finally(() => { loading = null; });
    return loading;
  }
  async function loadEvents() {
    const page = await get(`${path}/events?after=${seenEvents}&limit=200`, token);
    groupMoves(page.events, moves);
    for (const key of [...moves.keys()].sort((a, b) => a - b).slice(0, -LOG_MOVES)) moves.delete(key);
    seenEvents = page.next_after;
    return page.version;
  }
  function renderLog(ordered) {
    replace(el.log, [...ordered].reverse().map((move, i) => moveItem(info, match, move,
      {isNew: since > 0 && move.events.some(e => e.version > since), latest: i === 0})));
  }
  async function play(action) {
    if (busy) return;
    busy = true;
    setBusy(el.actions, true);
    try {
      await post(`${path}/actions`, {action, expected_version: legal.version, command_id: newCommandId()}, token);
      notify("");
    } catch (e) {
      if (e.code === "stale_version") notify("Someone moved first: the match has been refreshed, choose again.", "warn");
      else notify(`Not accepted: ${e.message}${e.rule ? ` (${e.rule})` : ""}. The match has been refreshed.`, "error");
    } finally {
      busy = false;
      await refresh();
      live?.poke();
      el.actions.querySelector("button")?.focus();
    }
  }
  function render() {
    const yourMove = Boolean(mine) && match.to_act.includes(mine.seat) && !match.outcome;
    replace(el.title, `${info.title ?? match.game} · ${match.variant}`, match.analysis ? " (analysis)" : "");
    el.status.dataset.match = match.match_id;
    el.status.dataset.version = match.version;
    el.status.dataset.yourMove = yourMove;
    el.status.dataset.over = Boolean(match.outcome);
    const who = match.to_act.map(s => seatName(match, s)).join(", ");
    const due = match.deadline?.waiting.find((w) => w.seat === mine?.seat)?.due ?? null;
    const deadline = due ? timeLeft(due) : match.deadline ? `${match.deadline.minutes} min a move` : "";
    replace(el.status, mine ? `You are ${seatName(match, mine.seat)}. ` : "You are watching. ",
      match.outcome ? h("strong", {class: "over"}, `Over: ${describeOutcome(match, match.outcome)}.`)
        : yourMove ? h("strong", {class: "your-move"}, "Your move.") : `Waiting for ${who || "nobody"}.`,
      ` Version ${match.version}.`, deadline ? h("span", {class: "deadline"}, ` ${deadline}.`) : "");
    renderSeats();
    replace(el.rated, ratingChange(match));
    renderStandIn();
    tablePanels(el.table, {match, mine, token, path, refresh});
    const known = withViewNames(info, match.view);
    showingCards(known);
    const ordered = [...moves.values()].sort((a, b) => a.version - b.version);     // oldest move first
    replace(el.field, field ? field(known, match.view, match, {actions: legal.actions, play,
                                                              recent: ordered.flatMap(m => m.events)}) : null);
    markLastMove(el.field, ordered.at(-1)?.events);
    renderLog(ordered);
    if (!legal.step) builder = builtAt = null;
    else if (builtAt !== legal.version) {              // a new position: a new move to build
      builtAt = legal.version;
      builder = moveBuilder({info: known, first: legal.step, send: play, notify,
        next: partial => post(`${path}/legal-actions`, {partial}, token).then(answer => answer.step)});
    }
    replace(el.actions, h("h3", {id: "act-h"}, yourMove ? "Your move" : "Actions"),
      builder ? builder.element : null,
      legal.actions.length ? h("details", {class: "quick", open: true}, h("summary", {}, "Every move in one list"),
                               actionsPanel(known, legal.actions, play))
        : h("p", {class: "none"}, match.outcome ? "The match is over." : mine ? "Nothing to do until the others move." : "Spectators cannot act."));
    builder?.mark(el.field);
    const open = el.panels.open || !field;
    replace(el.panels, h("summary", {}, "The whole view (as this seat sees it)"), viewPanels(known, match.view, match));
    el.panels.open = open;
  }
  function renderStandIn() {
    const entry = (match.seats ?? []).find(s => s.seat === mine?.seat);
    replace(el.standIn, entry?.stand_in && !match.outcome ? h("p", {class: "warn"},
      "A bot has played your seat since you missed a deadline. ",
      h("button", {type: "button", id: "reclaim", onclick: reclaim}, "Take your seat back")) : null);
  }
  async function reclaim() {
    try {
      await post(`${path}/seats/${mine.seat}/reclaim`, {}, token);
      notify("Your seat is yours again.");
    } catch (e) {
      notify(`Could not take the seat back: ${e.message}`, "error");
    }
    await refresh();
  }
  function renderSeats() {
    const others = held.filter(s => s.seat !== mine?.seat);
    replace(el.seats, others.length ? ["Also yours here: ", others.map(s => h("a", {href: `#/m/${encodeURIComponent(matchId)}?seat=${s.seat}`},
      seatName(match, s.seat), match.to_act.includes(s.seat) ? " (to move)" : ""))] : null);
    const waiting = (match.seats ?? []).filter(s => s.unclaimed && s.join === "invite" && !match.outcome);
    const kept = createdInvites()[matchId]?.invites ?? [];
    const organiser = organiserToken(matchId);
    replace(el.invites, waiting.length ? h("p", {}, "Waiting for a player: ", waiting.map(s => {
      const invite = kept.find(i => i.seat === s.seat);
      if (invite) {
        return h("input", {type: "text", readonly: true, value: inviteLink(matchId, s.seat, invite.code),
                           "data-invite-seat": s.seat, "aria-label": `invite link for ${s.name}`});
      }
      // The link was made in another browser, or lost: the organiser token (kept where the match was
      // created) asks for a new one; no seat token may.
      return organiser ? h("button", {type: "button", "data-reissue-seat": s.seat, onclick: () => reissue(s)},
                       `New invite link for ${s.name}`) : null;
    })) : null);
  }

  async function reissue(seatInfo) {
    try {
      const got = await post(`${path}/seats/${seatInfo.seat}/invite`, {}, organiserToken(matchId));
      keepInvite(matchId, match, {seat: got.seat, name: got.name, code: got.invite});
      notify(`A new invite link for ${got.name}; the old one no longer works.`);
    } catch (e) {
      notify(`Could not make a new invite link: ${e.message}`, "error");
    }
    renderSeats();
  }

  let live = null, stopped = false;
  refresh().then(() => {
    if (!stopped && match && !match.outcome) {
      live = follow(path, token, () => match.version, refresh, () => Boolean(match.outcome));
    }
  });
  return () => { stopped = true; live?.stop(); };
}
