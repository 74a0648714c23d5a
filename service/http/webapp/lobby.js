// #/ the lobby: the matches this browser holds a seat in ("your move" first), a form to create a
// match (seats played here, by invite link, open to anyone, or by a bot where the server has
// bots), the open seats anyone may take, and the invite links of matches created here.
import {get, post, titleOf} from "./api.js";
import {h, notify, replace, timeAgo, timeLeft} from "./dom.js";
import {_} from "./i18n.js";
import {createdInvites, dropInvite, forgetSeats, heldSeats, holdSeat, inviteLink, keepInvites, keepOrganiser} from "./held.js";
import {describeOutcome} from "./labels.js";
import {newMatchForm} from "./new_match.js";
import {poller} from "./poll.js";
import {notificationsPanel} from "./notify.js";
import {playerPanel, syncPlayerSeats} from "./players.js";
import {ladderPanel, seatRating} from "./ratings.js";
import {claimSettings} from "./settings.js";

export function showLobby(root) {
  const mine = h("section", {id: "my-matches", "aria-labelledby": "my-h"}, h("h2", {id: "my-h"}, _("My matches")));
  const create = h("section", {id: "new-match", "aria-labelledby": "new-h"}, h("h2", {id: "new-h"}, _("New match")));
  const open = h("section", {id: "open-seats", "aria-labelledby": "open-h"}, h("h2", {id: "open-h"}, _("Open seats")));
  const invites = h("section", {id: "invites", "aria-labelledby": "inv-h"});
  const player = h("div", {id: "player-box"});
  const showPlayer = () => replace(player, playerPanel(() => { showPlayer(); refresh(); }), notificationsPanel());
  showPlayer();
  const ladder = ladderPanel();
  replace(root, h("div", {class: "lobby"}, player, mine, create, invites, open, ladder));
  create.append(newMatchForm(created => { showCreated(create, created); refresh(); }));
  async function refresh() {
    if (!await syncPlayerSeats()) showPlayer();          // this device's key was revoked: signed out
    await Promise.all([loadMine(mine), loadOpen(open), loadInvites(invites)]);
    return false;
  }
  const poll = poller(refresh, {fast: 10000, slow: 30000});
  refresh();
  return () => { poll.stop(); ladder.stop(); };
}

async function loadMine(section) {
  const held = heldSeats();
  const list = h("ul", {class: "match-list"});
  if (!held.length) {
    replace(section, section.firstChild, h("p", {class: "none"}, _("No matches yet: create one or take an open seat.")));
    return;
  }
  let answer;
  try {
    answer = await post("/my-matches", {seats: held.map(s => ({match_id: s.match_id, token: s.token}))});
  } catch (e) {
    replace(section, section.firstChild, h("p", {class: "error"}, e.message));
    return;
  }
  if (answer.unknown.length) forgetSeats(answer.unknown.map(u => u.match_id));
  for (const m of answer.matches) {
    const title = await titleOf(m.game, m.variant);
    const others = m.seats.filter((name, i) => i !== m.seat).join(", ") || _("nobody");
    const deadline = m.due ? timeLeft(m.due) : "";
    list.append(h("li", {class: `match ${m.your_move ? "your-move" : ""}`, "data-match": m.match_id},
      h("a", {href: `#/m/${encodeURIComponent(m.match_id)}?seat=${m.seat}`},
        m.your_move ? h("span", {class: "badge"}, _("Your move")) : null,
        h("strong", {class: "match-title"}, title), " ",
        _("as %(seat)s vs %(others)s", {seat: m.seats[m.seat] ?? _("seat %(n)s", {n: m.seat}), others})),
      h("span", {class: "meta"},
        m.outcome ? _("over: %(outcome)s", {outcome: describeOutcome({seats: m.seats.map((name, seat) => ({seat, name}))}, m.outcome)})
                  : m.your_move ? _("waiting for you") : _("waiting for the others"),
        ` · ${timeAgo(m.updated_at)}`,
        deadline ? h("span", {class: "deadline"}, ` · ${deadline}`) : null)));
  }
  replace(section, section.firstChild, list);
}

async function loadOpen(section) {
  let seats;
  try {
    seats = (await get("/open-seats")).open_seats;
  } catch (e) {
    replace(section, section.firstChild, h("p", {class: "error"}, e.message));
    return;
  }
  const held = new Set(heldSeats().map(s => s.match_id));
  const open = seats.filter(s => !held.has(s.match_id));
  const titles = await Promise.all(open.map(s => titleOf(s.game, s.variant)));
  const rows = open.map((s, i) => h("li", {},
    `${titles[i]} · `, _("%(seat)s vs %(others)s", {seat: s.name, others: s.seats.filter((name, k) => k !== s.seat).join(", ")}),
    ` · ${timeAgo(s.created_at)} `,
    s.audit_live ? h("span", {class: "warn", title: _("the auditor sees every hand")}, _("refereed live"), " ") : null, seatRating(s),
    h("button", {type: "button", onclick: e => takeOpen(s, e.target)}, _("Take %(name)s", {name: s.name}))));
  replace(section, section.firstChild, rows.length ? h("ul", {class: "seat-list"}, rows) : h("p", {class: "none"}, _("No open seats.")));
}

async function takeOpen(s, button) {
  button.disabled = true;
  try {
    const got = await post(`/matches/${encodeURIComponent(s.match_id)}/seats/${s.seat}/claim`, {settings: claimSettings()});
    holdSeat({match_id: got.match_id, seat: got.seat, token: got.token, name: got.name, game: s.game, variant: s.variant});
    location.hash = `#/m/${encodeURIComponent(got.match_id)}?seat=${got.seat}`;
  } catch (e) {
    notify(_("Could not take the seat: %(reason)s", {reason: e.message}), "error");
    button.disabled = false;
  }
}

async function loadInvites(section) {
  const pending = Object.entries(createdInvites());
  const items = [];
  for (const [matchId, record] of pending) {
    const match = await get(`/matches/${encodeURIComponent(matchId)}`).catch(() => null);
    for (const invite of record.invites) {
      const entry = match?.seats?.find(s => s.seat === invite.seat);
      if (!match || !entry?.unclaimed || match.outcome) { dropInvite(matchId, invite.seat); continue; }
      items.push(inviteItem(matchId, invite, await titleOf(record.game, record.variant)));
    }
  }
  replace(section, items.length ? [h("h2", {id: "inv-h"}, _("Invites not yet taken")), h("ul", {class: "invite-list"}, items)] : []);
}

function inviteItem(matchId, invite, what) {
  const link = inviteLink(matchId, invite.seat, invite.code);
  const field = h("input", {type: "text", readonly: true, value: link, "data-invite-seat": invite.seat,
                            "aria-label": _("invite link for %(name)s", {name: invite.name}), onfocus: e => e.target.select()});
  return h("li", {}, `${what} · ${invite.name} `, field,
           h("button", {type: "button", onclick: () => copy(link)}, _("Copy")));
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); notify(_("Invite link copied.")); }
  catch { notify(_("Select the link and copy it.")); }
}

function showCreated(section, created) {
  const {answer, game, variant} = created;
  for (const s of answer.seats.filter(s => s.token)) {
    holdSeat({match_id: answer.match_id, seat: s.seat, token: s.token, name: s.name, game, variant});
  }
  keepOrganiser(answer.match_id, answer.organiser_token);
  const invites = answer.seats.filter(s => s.invite).map(s => ({seat: s.seat, name: s.name, code: s.invite}));
  if (invites.length) keepInvites(answer.match_id, {game, variant, invites});
  const mine = answer.seats.find(s => s.token);
  const old = section.querySelector(".created");
  if (old) old.remove();
  section.append(h("div", {class: "created", id: "created", "data-match": answer.match_id},
    h("p", {}, _("The match is made.")),
    invites.length ? h("ul", {class: "invite-list"}, invites.map(i => inviteItem(answer.match_id, i, _("Send this link")))) : null,
    answer.seats.some(s => s.join === "open") ? h("p", {}, _("Open seats are listed below for anyone to take.")) : null,
    h("a", {class: "button primary", id: "go-to-match",
            href: `#/m/${encodeURIComponent(answer.match_id)}${mine ? `?seat=${mine.seat}` : ""}`},
      mine ? _("Go to the match") : _("Watch the match"))));
}
