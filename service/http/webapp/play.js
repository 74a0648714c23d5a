// #/m/<match>?seat=N: play a match as a seat this browser holds (or watch it as a spectator).
// The page shows the game's dedicated field where one exists (the last move marked on it), the move
// builder (the choice protocol's steps, the field's things clickable) and every move as one quick
// list, the whole view as generic panels, and the narrated log (log.js) move by move; it follows the
// event log for changes. On a desk the field and the move sit side by side, so the hand and the
// current choice show without scrolling.
// One request per move (issue 37): the answer to this seat's POST /actions carries the new view, the
// events and the next choice, so nothing is asked again after it; other seats' moves come from the
// stream the page follows (their narrated events go to the log as they arrive), after which the page
// reads the match, and its legal actions only when this seat is to act.
import {actionsPanel, setBusy} from "./actions.js";
import {clickableField, moveBuilder} from "./builder.js";
import {get, newCommandId, post, gameInfo, titleOf} from "./api.js";
import {h, notify, replace, timeLeft} from "./dom.js";
import {_} from "./i18n.js";
import {ratingChange} from "./ratings.js";
import {inviteLink, createdInvites, keepInvite, lastSeen, markSeen, organiserToken, seatsIn} from "./held.js";
import {showingCards} from "./cardinfo.js";
import {markLastMove} from "./lastmove.js";
import {groupMoves, moveItem} from "./log.js";
import {describeOutcome, kindsOf, perMove, seatName, withViewNames} from "./labels.js";
import {viewPanels} from "./panels.js";
import {follow} from "./live.js";
import {rendererFor} from "./renderer.js";
import {tablePanels} from "./table.js";
import {settingsPanel} from "./settings.js";
import {endSummary} from "./summary.js";

const LOG_SIZE = 200;           // events read when the page opens
const LOG_MOVES = 12;           // moves the log shows

export function showPlay(root, {matchId, seat: wanted}) {
  const held = seatsIn(matchId);
  const mine = held.find(s => s.seat === wanted) ?? held[0] ?? null;
  const token = mine?.token ?? null;
  const path = `/matches/${encodeURIComponent(matchId)}`;
  const el = {
    title: h("h2", {}, _("Match")), status: h("p", {id: "status", class: "status"}, _("Loading…")),
    seats: h("div", {class: "seat-switch"}), field: h("div", {id: "field"}),
    actions: h("section", {id: "actions", "aria-labelledby": "act-h"}),
    panels: h("details", {id: "view", class: "view"}), log: h("ol", {id: "log", class: "log"}),
    invites: h("div", {class: "invites"}), rated: h("div", {class: "rated-box"}), standIn: h("div", {class: "stand-in"}),
    table: h("div", {id: "table-panels"}), summary: h("div", {id: "summary-box"}),
  };
  const settings = mine ? settingsPanel({key: `${matchId}.${mine.seat}`, path, seat: mine.seat, token}) : null;
  replace(root, h("div", {class: "play"}, el.title, el.status, el.rated, el.standIn, el.seats, el.invites,
    h("div", {class: "play-grid"},
      h("div", {class: "play-field"}, el.field, el.panels),
      h("div", {class: "play-side"}, el.summary, el.actions, settings?.element ?? null, el.table,
        h("section", {class: "events", "aria-labelledby": "log-h"}, h("h3", {id: "log-h"}, _("Log")), el.log),
        h("p", {class: "links"}, h("a", {id: "replay-link", href: `#/replay/${encodeURIComponent(matchId)}${mine ? `?seat=${mine.seat}` : ""}`}, _("Replay this match")),
          " · ", h("a", {href: "#/"}, _("Lobby")))))));
  let info = null, field, match = null, legal = null, busy = false, seenEvents = 0, loading = null, title = null;
  let streamed = 0;                       // the newest version the stream told of (0: polling or none yet)
  let talked = true;                      // a line of table talk came since the talk was last read
  let missing = false;                    // the match does not exist: a page that says so, no more loading
  const moves = new Map();                // the log's moves by their first version (log.js)
  let builder = null, builtAt = null;     // the move builder, for the version it was built at
  const since = lastSeen(matchId);
  clickableField(el.field, () => builder);

  async function load() {
    if (missing) return;
    match = await get(path, token);
    settings?.update(match);
    title = title ?? await titleOf(match.game, match.variant);
    info = info ?? await gameInfo(match.game).catch(() => ({cardsById: new Map()}));
    if (field === undefined) field = await rendererFor(info);       // the game's dedicated renderer, or null
    const standIn = (match.seats ?? []).find(s => s.seat === mine?.seat)?.stand_in;
    const toAct = token && !match.outcome && !standIn && match.to_act.includes(mine?.seat);
    legal = toAct ? await get(`${path}/legal-actions`, token) : {version: match.version, actions: [], step: null};
    if (!seenEvents) seenEvents = Math.max(0, match.version - LOG_SIZE);
    if (live?.streaming()) seenEvents = Math.max(seenEvents, match.version);  // the stream tells the log
    else if (seenEvents < match.version) await loadEvents();
    render();
    markSeen(matchId, match.version);
  }
  function refresh() {
    loading = loading ?? load().catch(e => {
      if (e.status === 404 && !match) return notFound();
      notify(e.status === 0 ? _("The server cannot be reached; the page tries again when you act or reload.") : e.message, "error");
    }).finally(() => { loading = null; });
    return loading;
  }
  function notFound() {
    missing = true;
    replace(root, h("div", {class: "play missing"}, h("h2", {}, _("No such match")),
      h("p", {id: "status", class: "status", "data-missing": "true"},
        _("There is no match at this address: the link may be mistyped, or the match was never made here.")),
      h("p", {}, h("a", {href: "#/"}, _("Back to the lobby")))));
  }
  async function loadEvents() {
    const page = await get(`${path}/events?after=${seenEvents}&limit=200`, token);
    logged(page.events);
    seenEvents = Math.max(seenEvents, page.next_after);
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
    let answered = false;
    try {
      const answer = await post(`${path}/actions`, {action, expected_version: legal.version, command_id: newCommandId()}, token);
      answered = took(answer);
      notify("");
    } catch (e) {
      if (e.code === "stale_version") notify(_("Someone moved first: the match has been refreshed, choose again."), "warn");
      else notify(_("Not accepted: %(reason)s. The match has been refreshed.", {reason: e.message}), "error");
    } finally {
      busy = false;
      builder = null;                          // sent (or refused): the next move is built anew
      if (!answered || streamed > match.version) await refresh();     // a move came meanwhile: read it
      else render();
      if (!answered) live?.poke();
      el.actions.querySelector("#move-send, #move .choice, button")?.focus({preventScroll: true});
    }
  }
  /** A whole move clicked on the field (a square's or a pile's offer) or in the list of every move:
   * sent at once, or, where the seat confirms each move first ("confirm before sending"), shown ready
   * to send in the move panel, as its last choice would be. Sent straight away, not through the
   * builder, when nothing is to be confirmed: the builder ignores clicks while it asks the server
   * for a step, and a click the player made must not be lost (a rated-match test's click was). */
  function playFromField(action) {
    return builder && settings?.current()?.confirm ? builder.pick(action) : play(action);
  }
  /** The action's answer as the new position: true when it could be taken as it is. The page reads
   * the match again when the log lacks events before it, or when the answer ends the match or moves
   * the table (a draw offer withdrawn by the move): the table and the rematch links are not in it. */
  function took(answer) {
    const after = legal.version;
    if (seenEvents < after || answer.version < match.version || answer.outcome) return false;
    if (answer.events.some(e => e.rule?.startsWith("kifu/"))) return false;
    match = {...match, version: answer.version, to_act: answer.to_act, outcome: answer.outcome, view: answer.view,
             deadline: match.deadline && {...match.deadline,      // a seat no longer to act waits no more
               waiting: match.deadline.waiting.filter(w => answer.to_act.includes(w.seat))}};
    legal = answer.legal;
    logged(answer.events);
    seenEvents = Math.max(seenEvents, answer.version);
    markSeen(matchId, match.version);
    return true;
  }
  function logged(events) {
    groupMoves(events, moves);
    for (const key of [...moves.keys()].sort((a, b) => a - b).slice(0, -LOG_MOVES)) moves.delete(key);
    if (events.some(e => e.type === "ChatSaid")) talked = true;
  }
  /** A narrated event from the stream: into the log at once (no GET /events for it); drawn now when
   * no reading of the match follows it (the page is at its version already). */
  function told(event) {
    if (!event || !Number.isInteger(event.version)) return;
    logged([event]);
    seenEvents = Math.max(seenEvents, event.version);
    streamed = Math.max(streamed, event.version);
    if (match && event.version <= match.version && !busy) {
      const ordered = [...moves.values()].sort((a, b) => a.version - b.version);
      markLastMove(el.field, ordered.at(-1)?.events);
      renderLog(ordered);
    }
  }
  /** The stream (or the poll) saw the match move: read it, unless this seat's own POST is in flight
   * (its answer comes first, and the page reads the match after it if the stream went further). */
  function changed() {
    return busy ? Promise.resolve() : refresh();
  }
  function render() {
    const yourMove = Boolean(mine) && match.to_act.includes(mine.seat) && !match.outcome;
    replace(el.title, title ?? info.title ?? _("Match"), match.analysis ? " " + _("(analysis)") : "");
    el.status.dataset.match = match.match_id;
    el.status.dataset.version = match.version;
    el.status.dataset.yourMove = yourMove;
    el.status.dataset.over = Boolean(match.outcome);
    const who = match.to_act.map(s => seatName(match, s)).join(", ");
    const due = match.deadline?.waiting.find((w) => w.seat === mine?.seat)?.due ?? null;
    const deadline = due ? timeLeft(due) : match.deadline ? perMove(match.deadline.minutes) : "";
    replace(el.status, mine ? _("You are %(name)s.", {name: seatName(match, mine.seat)}) : _("You are watching."), " ",
      match.outcome ? h("strong", {class: "over"}, _("Over: %(outcome)s.", {outcome: describeOutcome(match, match.outcome)}))
        : yourMove ? h("strong", {class: "your-move"}, _("Your move.")) : _("Waiting for %(who)s.", {who: who || _("nobody")}),
      deadline && !match.outcome ? h("span", {class: "deadline"}, ` ${deadline}.`) : "");
    renderSeats();
    replace(el.rated, ratingChange(match));
    renderStandIn();
    if (settings) settings.element.hidden = Boolean(match.outcome);        // nothing more to set once it is over
    tablePanels(el.table, {match, mine, token, path, refresh, talk: talked || Boolean(match.outcome)});
    talked = false;
    const known = {...withViewNames(info, match.view), kinds: kindsOf(legal.step),   // kinds: the moves' words
                   seat: match.seat ?? mine?.seat ?? null};      // whose side a square is named from (labels.js dzSquare)
    showingCards(known);
    const ordered = [...moves.values()].sort((a, b) => a.version - b.version);     // oldest move first
    replace(el.field, field ? field(known, match.view, match, {actions: legal.actions, play: playFromField,
                                                              recent: ordered.flatMap(m => m.events)}) : null);
    markLastMove(el.field, ordered.at(-1)?.events);
    renderLog(ordered);
    replace(el.summary, endSummary(known, match, ordered.flatMap(m => m.events), path, token));
    // The move being built is kept while its first step offers what it offered (table talk, a
    // spectator, another seat's move elsewhere change nothing of it); else it is built anew, and the
    // builder takes back what sessionStorage kept of it while the server still offers those steps.
    if (!legal.step) builder = builtAt = null;
    else if (!builder || builder.first !== JSON.stringify(legal.step)) {
      builtAt = legal.version;
      const forward = Boolean(settings?.recorded);
      builder = moveBuilder({info: known, first: legal.step, send: play, notify, key: `${matchId}.${mine.seat}`, actions: legal.actions,
        settings: () => settings?.current() ?? {},
        next: partial => post(`${path}/legal-actions`, forward ? {partial, forward: true} : {partial}, token)
          .then(answer => ({step: answer.step, partial: answer.partial ?? partial}))});
    }
    const hadFocus = el.actions.contains(document.activeElement);
    replace(el.actions, h("h3", {id: "act-h"}, yourMove ? _("Your move") : _("Actions")),
      builder ? builder.element : null,
      legal.actions.length ? h("details", {class: "quick", open: true}, h("summary", {}, _("Every move in one list")),
                               actionsPanel(known, legal.actions, playFromField, match))
        : h("p", {class: "none"}, match.outcome ? _("The match is over.") : mine ? _("Nothing to do until the others move.") : _("Spectators cannot act.")));
    builder?.mark(el.field);
    if (hadFocus && !el.actions.contains(document.activeElement)) {
      el.actions.querySelector("#move-send, #move .choice, button")?.focus({preventScroll: true});
    }
    const open = el.panels.open || !field;
    replace(el.panels, h("summary", {}, _("The whole view (as this seat sees it)")), viewPanels(known, match.view, match));
    el.panels.open = open;
  }
  function renderStandIn() {
    const entry = (match.seats ?? []).find(s => s.seat === mine?.seat);
    replace(el.standIn, entry?.stand_in && !match.outcome ? h("p", {class: "warn"},
      _("A bot has played your seat since you missed a deadline."), " ",
      h("button", {type: "button", id: "reclaim", onclick: reclaim}, _("Take your seat back"))) : null);
  }
  async function reclaim() {
    try {
      await post(`${path}/seats/${mine.seat}/reclaim`, {}, token);
      notify(_("Your seat is yours again."));
    } catch (e) {
      notify(_("Could not take the seat back: %(reason)s", {reason: e.message}), "error");
    }
    await refresh();
  }
  function renderSeats() {
    const others = held.filter(s => s.seat !== mine?.seat);
    replace(el.seats, others.length ? [_("Also yours here:"), " ", others.map(s => h("a", {href: `#/m/${encodeURIComponent(matchId)}?seat=${s.seat}`},
      seatName(match, s.seat), match.to_act.includes(s.seat) ? " " + _("(to move)") : ""))] : null);
    const waiting = (match.seats ?? []).filter(s => s.unclaimed && s.join === "invite" && !match.outcome);
    const kept = createdInvites()[matchId]?.invites ?? [];
    const organiser = organiserToken(matchId);
    replace(el.invites, waiting.length ? h("p", {}, _("Waiting for a player:"), " ", waiting.map(s => {
      const invite = kept.find(i => i.seat === s.seat);
      if (invite) {
        return h("input", {type: "text", readonly: true, value: inviteLink(matchId, s.seat, invite.code),
                           "data-invite-seat": s.seat, "aria-label": _("invite link for %(name)s", {name: s.name})});
      }
      // The link was made in another browser, or lost: the organiser token (kept where the match was
      // created) asks for a new one; no seat token may.
      return organiser ? h("button", {type: "button", "data-reissue-seat": s.seat, onclick: () => reissue(s)},
                       _("New invite link for %(name)s", {name: s.name})) : null;
    })) : null);
  }

  async function reissue(seatInfo) {
    try {
      const got = await post(`${path}/seats/${seatInfo.seat}/invite`, {}, organiserToken(matchId));
      keepInvite(matchId, match, {seat: got.seat, name: got.name, code: got.invite});
      notify(_("A new invite link for %(name)s; the old one no longer works.", {name: got.name}));
    } catch (e) {
      notify(_("Could not make a new invite link: %(reason)s", {reason: e.message}), "error");
    }
    renderSeats();
  }

  let live = null, stopped = false;
  refresh().then(() => {
    if (!stopped && match && !match.outcome) {
      live = follow(path, token, () => match.version, changed, () => Boolean(match.outcome), told);
    }
  });
  return () => { stopped = true; live?.stop(); };
}
