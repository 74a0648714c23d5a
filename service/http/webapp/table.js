// The table beside the board (issue 17): resign, offer / accept / decline a draw, a rematch once the
// match is over (the same token plays it: it is kept for the new match), and the table talk. Mounted
// by the play page with one call per render (tablePanels); keeps its own state between renders.
// A match refereed live says so; its rematch is asked refereed live (the seat's consent: it starts
// once every person has agreed, who has is shown) or not refereed live (it starts at once).
import {get, newCommandId, post} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {_, withNodes} from "./i18n.js";
import {holdSeat} from "./held.js";
import {seatName} from "./labels.js";
import {permissionButton, watchTurn} from "./notify.js";
import {poller} from "./poll.js";

const mounted = new WeakMap();

/** ``talk``: read the table talk again (the page says so when a line was said since it last did). */
export function tablePanels(box, {match, mine, token, path, refresh, talk = true}) {
  let state = mounted.get(box);
  if (!state) {
    state = {after: 0, lines: h("ol", {id: "chat-lines", class: "chat-lines", "data-empty": _("Nothing said yet.")}), moves: h("div", {id: "table-moves"}),
             confirming: false, poll: null, ctx: null};
    const text = h("input", {id: "chat-text", maxlength: 500, autocomplete: "off", "aria-label": _("say something")});
    const form = h("form", {id: "chat-form", class: "inline", onsubmit: e => { e.preventDefault(); say(state, text); }},
                   text, h("button", {type: "submit"}, _("Say")));
    state.form = form;
    replace(box, state.moves, h("section", {id: "chat", "aria-labelledby": "chat-h"},
      h("h3", {id: "chat-h"}, _("Table talk")), state.lines, form));
    mounted.set(box, state);
  }
  state.ctx = {match, mine, token, path, refresh};
  state.form.hidden = !mine;
  renderMoves(state);
  if (talk || !state.read) { state.read = true; loadChat(state); }
  watchTurn(match, mine);
  if (match.outcome && !state.poll) {        // the live feed ends with the match; talk and a rematch may not
    state.poll = poller(async () => {
      if (!box.isConnected) { state.poll.stop(); return false; }
      const before = state.ctx.match.version;
      await state.ctx.refresh();              // renders again: the rematch link, new lines of talk
      return state.ctx.match.version !== before;
    }, {fast: 2000, slow: 15000});
  }
}

function renderMoves(state) {
  const {match, mine} = state.ctx;
  const table = match.table ?? {};
  const offer = table.draw_offer;
  const parts = [];
  if (match.audit_live) {
    parts.push(h("p", {class: "warn", id: "refereed-live"}, _("This match is refereed live: its auditor sees every hand.")));
  }
  if (table.rematch_of) {
    parts.push(h("p", {}, withNodes(_("A rematch of %(match)s"), {match: h("a", {href: `#/m/${encodeURIComponent(table.rematch_of)}${mine ? `?seat=${mine.seat}` : ""}`},
      _("this match"))})));
  }
  if (mine && !match.outcome) {
    parts.push(state.confirming
      ? h("span", {}, _("Resign this match?"), " ",
          h("button", {type: "button", id: "resign-confirm", class: "danger", onclick: () => act(state, "resign")}, _("Yes, resign")), " ",
          h("button", {type: "button", onclick: () => { state.confirming = false; renderMoves(state); }}, _("No")))
      : h("button", {type: "button", id: "resign", onclick: () => { state.confirming = true; renderMoves(state); }}, _("Resign")));
    if (!offer) parts.push(" ", h("button", {type: "button", id: "offer-draw", onclick: () => act(state, "draw/offer")}, _("Offer a draw")));
    else if (offer.seat === mine.seat) parts.push(h("p", {id: "draw-offered"}, _("You offered a draw; your next move withdraws it.")));
    else if (!offer.accepted.includes(mine.seat)) {
      parts.push(h("p", {id: "draw-offer"}, _("%(name)s offers a draw.", {name: seatName(match, offer.seat)}), " ",
        h("button", {type: "button", id: "accept-draw", onclick: () => act(state, "draw/accept")}, _("Accept")), " ",
        h("button", {type: "button", id: "decline-draw", onclick: () => act(state, "draw/decline")}, _("Decline"))));
    }
    parts.push(" ", permissionButton());
  }
  if (match.outcome && table.rematch) {
    if (mine) holdSeat({match_id: table.rematch, seat: mine.seat, token: mine.token, name: mine.name,
                        game: match.game, variant: match.variant, ...(mine.player ? {player: true} : {})});
    parts.push(h("p", {}, h("a", {id: "rematch-link", href: `#/m/${encodeURIComponent(table.rematch)}${mine ? `?seat=${mine.seat}` : ""}`},
      _("Go to the rematch"))));
  } else if (match.outcome && mine && !match.analysis) {
    parts.push(match.audit_live ? liveRematch(state)
      : h("button", {type: "button", id: "rematch", onclick: () => rematch(state)}, _("Rematch")));
  }
  replace(state.moves, parts.length ? h("div", {class: "table-moves"}, parts) : null);
}

function liveRematch(state) {
  const {match, mine} = state.ctx;
  const agreed = match.table?.rematch_consents ?? [];
  const others = agreed.filter(s => s !== mine.seat).map(s => seatName(match, s));
  const plain = h("button", {type: "button", id: "rematch", onclick: () => rematch(state, false)}, _("Rematch, not refereed live"));
  if (agreed.includes(mine.seat)) {
    return h("div", {id: "live-rematch"}, h("p", {class: "warn"},
      _("You agreed to a rematch refereed live: the same auditor sees every hand while it is played; it starts once every player has agreed.")), plain);
  }
  return h("div", {id: "live-rematch"},
    h("p", {class: "warn"}, others.length
      ? _("%(names)s asked for a rematch refereed live: the same auditor sees every hand while it is played; it starts once every player has agreed.", {names: others.join(", ")})
      : _("A rematch refereed live too: the same auditor sees every hand while it is played; it starts once every player has agreed.")),
    h("button", {type: "button", id: "rematch-live", onclick: () => rematch(state, true)},
      others.length ? _("Agree to a rematch refereed live") : _("Ask for a rematch refereed live")), " ", plain);
}

async function act(state, route) {
  const {path, token, refresh} = state.ctx;
  state.confirming = false;
  try {
    await post(`${path}/${route}`, {command_id: newCommandId()}, token);
  } catch (e) { notify(_("Not accepted: %(reason)s", {reason: e.message}), "error"); }
  await refresh();
}

async function rematch(state, auditLive) {
  const {match, mine, path, token} = state.ctx;
  try {
    const made = await post(`${path}/rematch`, auditLive === undefined ? {} : {audit_live: auditLive}, token);
    if (!made.match_id) {                     // 202: agreed; waiting for the others
      notify(made.asked.length ? _("Agreed. Waiting for %(names)s to agree.", {names: made.asked.map(s => seatName(match, s)).join(", ")})
        : _("Agreed. The rematch is being started."));
      await state.ctx.refresh();
      return;
    }
    holdSeat({match_id: made.match_id, seat: mine.seat, token: mine.token, name: mine.name, game: match.game,
              variant: match.variant, ...(mine.player ? {player: true} : {})});
    location.hash = `#/m/${encodeURIComponent(made.match_id)}?seat=${mine.seat}`;
  } catch (e) {
    notify(_("No rematch: %(reason)s", {reason: e.message}), "error");
    await state.ctx.refresh();
  }
}

async function loadChat(state) {
  const {path} = state.ctx;
  if (state.loading) return state.loading;
  state.loading = (async () => {
    try {
      const page = await get(`${path}/chat?after=${state.after}&limit=200`);
      for (const line of page.lines) {
        state.lines.append(h("li", {"data-version": line.version, class: line.seat === state.ctx.mine?.seat ? "mine" : ""},
          h("strong", {}, line.name || _("seat %(n)s", {n: line.seat})), ": ", line.text));
      }
      state.after = page.next_after;
      if (page.lines.length) state.lines.scrollTop = state.lines.scrollHeight;
    } catch (e) { /* the next render tries again */ }
    state.loading = null;
  })();
  return state.loading;
}

async function say(state, input) {
  const text = input.value.trim();
  if (!text) return;
  const {path, token, refresh} = state.ctx;
  try {
    await post(`${path}/chat`, {text, command_id: newCommandId()}, token);
    input.value = "";
  } catch (e) { notify(_("Not said: %(reason)s", {reason: e.message}), "error"); }
  await loadChat(state);
  await refresh();
  input.focus();
}
