// Players (issue 17): this browser's player — its key kept in localStorage —, making one, signing
// another device in with a one-time code or link (#/sign-in/<code>), the keys of every device (a key
// revokes itself and the keys made after it, and with each the devices signed in from it: issue 33),
// and the player's matches from the server kept beside the seats this browser holds (held.js, the key
// standing for the seat), so "My matches" is the same on every device.
import {api, get, post} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {_, withNodes} from "./i18n.js";
import {dropPlayerSeats, heldSeats, holdSeat} from "./held.js";

const PLAYER = "kifu.player.v1";

/** {player_id, name, key, key_id} or null */
export function currentPlayer() {
  try { return JSON.parse(localStorage.getItem(PLAYER)); } catch { return null; }
}

function keep(player) {
  localStorage.setItem(PLAYER, JSON.stringify({player_id: player.player_id, name: player.name,
                                                key: player.key, key_id: player.key_id}));
}

export function signOut() {
  localStorage.removeItem(PLAYER);
  dropPlayerSeats();
}

/** The player's matches (any device) added to the seats this browser holds; false when this
 * device's key was revoked (it is signed out then). */
export async function syncPlayerSeats() {
  const player = currentPlayer();
  if (!player) return true;
  let answer;
  try {
    answer = await get("/players/me/matches", player.key);
  } catch (e) {
    if (e.status !== 403) return true;
    signOut();
    notify(_("This device was signed out (its key was revoked)."), "warn");
    return false;
  }
  const held = heldSeats();
  for (const m of answer.matches) {
    if (held.some(s => s.match_id === m.match_id && s.seat === m.seat)) continue;
    holdSeat({match_id: m.match_id, seat: m.seat, token: player.key, name: m.seats[m.seat] ?? "",
              game: m.game, variant: m.variant, player: true});
  }
  return true;
}

/** The lobby's player section: sign up or sign in; once signed in, add a device, keys, sign out. */
export function playerPanel(onChange) {
  const section = h("section", {id: "player", "aria-labelledby": "player-h"});
  const render = () => {
    const player = currentPlayer();
    replace(section, h("h2", {id: "player-h"}, _("Player")), player ? signedIn(player, render, onChange) : signedOut(render, onChange));
  };
  render();
  return section;
}

function signedOut(render, onChange) {
  const name = h("input", {id: "player-name", maxlength: 64, required: true, placeholder: _("your name"), "aria-label": _("your name")});
  const code = h("input", {id: "sign-in-code", maxlength: 64, placeholder: "ABCD-EFGH-JKLM", "aria-label": _("sign-in code")});
  return [
    h("p", {class: "none"}, _("Play as a player to find your matches on any device and be told when it is your move.")),
    h("form", {class: "inline", id: "sign-up", onsubmit: async e => {
      e.preventDefault();
      try {
        keep(await post("/players", {name: name.value.trim(), label: deviceLabel()}));
        notify(_("Signed in as %(name)s.", {name: currentPlayer().name}));
      } catch (err) { notify(_("Could not make the player: %(reason)s", {reason: err.message}), "error"); return; }
      render(); onChange?.();
    }}, name, h("button", {type: "submit", id: "sign-up-button"}, _("Become a player"))),
    h("form", {class: "inline", id: "sign-in", onsubmit: async e => {
      e.preventDefault();
      if (await signIn(code.value)) { render(); onChange?.(); }
    }}, code, h("button", {type: "submit"}, _("Sign in with a code"))),
  ];
}

function signedIn(player, render, onChange) {
  const device = h("div", {id: "add-device"});
  const keys = h("ul", {id: "keys", class: "key-list"});
  loadKeys(player, keys, render);
  return [
    h("p", {}, withNodes(_("Signed in as %(name)s."), {name: h("strong", {id: "player-signed-in"}, player.name)}), " "),
    h("p", {},
      h("button", {type: "button", id: "add-device-button", onclick: () => addDevice(player, device)}, _("Add a device")), " ",
      h("button", {type: "button", id: "sign-out", onclick: () => { signOut(); render(); onChange?.(); }}, _("Sign out"))),
    device,
    h("details", {}, h("summary", {}, _("Devices signed in")), keys),
  ];
}

async function addDevice(player, box) {
  try {
    const made = await post("/players/me/sign-in-codes", {}, player.key);
    const link = `${location.origin}${location.pathname}#/sign-in/${encodeURIComponent(made.code)}`;
    replace(box, h("p", {}, _("On the other device, open this link or type the code (it works once, for 10 minutes):")),
      h("input", {type: "text", readonly: true, value: link, id: "sign-in-link", "aria-label": _("sign-in link"),
                  onfocus: e => e.target.select()}),
      h("p", {}, withNodes(_("Code: %(code)s"), {code: h("code", {id: "sign-in-code-shown"}, made.code)})));
  } catch (e) { notify(_("Could not make a sign-in code: %(reason)s", {reason: e.message}), "error"); }
}

async function loadKeys(player, list, render) {
  let me;
  try { me = await get("/players/me", player.key); } catch { return; }
  const label = id => me.keys.find(k => k.key_id === id)?.label || _("a device");
  replace(list, me.keys.map(k => {
    const line = madeFrom(me.keys, k.key_id).map(x => label(x.key_id));
    return h("li", {"data-key": k.key_id}, `${label(k.key_id)} · `, _("since %(date)s", {date: k.created_at.slice(0, 10)}),
      k.made_by ? " · " + _("signed in from %(device)s", {device: label(k.made_by)}) : "",
      k.key_id === me.key_id ? " " + _("(this one)") + " " : " ",
      k.may_revoke ? [
        h("button", {type: "button", onclick: async () => {
          await api("DELETE", `/players/me/keys/${encodeURIComponent(k.key_id)}`, {token: player.key}).catch(e => notify(e.message, "error"));
          if (k.key_id === me.key_id) { signOut(); render(); } else loadKeys(player, list, render);
        }}, k.key_id === me.key_id ? _("Revoke (sign out)") : _("Revoke")),
        line.length ? h("span", {class: "none revokes-too"}, " ", _("also revokes the devices signed in from it: %(devices)s", {devices: line.join(", ")})) : null,
      ] : h("span", {class: "none older-key"}, _("signed in before this device: only it, or a device older still, can revoke it")));
  }));
}

/** The keys made, directly or not, from sign-in codes of key ``id`` (revoking it revokes them). */
function madeFrom(keys, id) {
  const children = keys.filter(k => k.made_by === id);
  return children.concat(children.flatMap(k => madeFrom(keys, k.key_id)));
}

function deviceLabel() {
  const ua = navigator.userAgent;
  const date = new Date().toISOString().slice(0, 10);
  return /Mobile|Android|iPhone/.test(ua) ? _("phone (%(date)s)", {date}) : _("browser (%(date)s)", {date});
}

async function signIn(code) {
  try {
    keep(await post("/players/sign-in", {code: code.trim(), label: deviceLabel()}));
    notify(_("Signed in as %(name)s.", {name: currentPlayer().name}));
    return true;
  } catch (e) {
    notify(_("Could not sign in: %(reason)s", {reason: e.message}), "error");
    return false;
  }
}

/** #/sign-in/<code>: sign this device in with a code another device made. */
export function showSignIn(root, {code}) {
  const player = currentPlayer();
  const button = h("button", {type: "button", class: "primary", id: "sign-in-here", onclick: async () => {
    button.disabled = true;
    if (await signIn(code)) { await syncPlayerSeats(); location.hash = "#/"; } else button.disabled = false;
  }}, _("Sign in on this device"));
  replace(root, h("h2", {}, _("Sign in")),
    player ? h("p", {class: "warn"}, _("This browser is signed in as %(name)s; signing in replaces it.", {name: player.name})) : null,
    h("p", {}, _("This one-time code signs this browser in as the player who made it.")), button);
  button.focus();
  return () => {};
}
