// Being told (issue 17): the play page's title says when it is your move, with a browser
// notification where the player allowed them; the lobby's notification settings (webhooks and
// e-mail of the signed-in player, their delivery log); #/unsubscribe/<token>, the one step every
// message links to.
import {api, get, post} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {N_, _} from "./i18n.js";
import {currentPlayer} from "./players.js";

const TITLE = "kifu";
const EVENTS = [["your_move", N_("your move")], ["deadline_near", N_("deadline near")], ["match_ended", N_("match ended")],
                ["dispute", N_("disputes")], ["chat", N_("table talk")]];
let shown = null;             // {match, yourMove} at the play page's last render

window.addEventListener("hashchange", () => { document.title = TITLE; shown = null; });

/** On each render of the play page: the title says whose move it is; when a wait of yours begins
 * while the page is open (not when it is opened on one) and the page is not in front, a browser
 * notification says so, where the player allowed them. */
export function watchTurn(match, mine) {
  const yourMove = Boolean(mine) && !match.outcome && match.to_act.includes(mine.seat);
  document.title = yourMove ? "▶ " + _("Your move") + " · " + TITLE : match.outcome ? _("Over") + " · " + TITLE : TITLE;
  const before = shown?.match === match.match_id ? shown.yourMove : null;
  shown = {match: match.match_id, yourMove};
  if (!yourMove || before !== false) return;
  const away = document.visibilityState !== "visible" || !document.hasFocus();
  if (away && "Notification" in window && Notification.permission === "granted") {
    new Notification(_("kifu: your move"), {body: `${match.game} · ${match.variant}`, tag: `${match.match_id}@${match.version}`});
  }
}

const DENIED = N_("Browser notifications are blocked for this site: the page's title still says when it is your move, and the browser's site settings can allow them.");

/** A button asking the browser's permission to notify, where it has not been asked yet; a line
 * saying so where the browser (or the player) has refused it. */
export function permissionButton() {
  if (!("Notification" in window)) return null;
  if (Notification.permission === "denied") return h("p", {id: "notifications-denied", class: "hint"}, _(DENIED));
  if (Notification.permission !== "default") return null;
  const button = h("button", {type: "button", id: "allow-notifications", onclick: async () => {
    const answer = await Notification.requestPermission();
    if (answer === "denied") button.replaceWith(h("p", {id: "notifications-denied", class: "hint"}, _(DENIED)));
    else if (answer === "granted") button.replaceWith(h("p", {id: "notifications-allowed", class: "hint"},
      _("This browser will tell you when it is your move.")));
    else button.remove();
  }}, _("Tell me in this browser when it is my move"));
  return button;
}

/** A player's words for the errors of the notification settings (the operator's setting names stay
 * in the server's log). */
export function saidToPlayer(error) {
  if (error?.code === "email_not_configured") return _("this service does not send e-mail: choose a webhook instead");
  return String(error?.message ?? error).replace(/\s*\(?[^()]*\bKIFU_[A-Z_]+\)?/g, "");
}

/** The lobby's notification settings of the signed-in player. */
export function notificationsPanel() {
  const player = currentPlayer();
  if (!player) return null;
  const section = h("section", {id: "notifications", "aria-labelledby": "notify-h"});
  const list = h("ul", {id: "subscriptions", class: "sub-list"});
  const log = h("ol", {id: "deliveries", class: "log"});
  const kind = h("select", {id: "sub-kind", "aria-label": _("how")}, h("option", {value: "webhook"}, _("Webhook")),
                 h("option", {value: "email"}, _("E-mail")));
  const target = h("input", {id: "sub-target", required: true, maxlength: 2000, "aria-label": _("URL or e-mail address"),
                             placeholder: _("https://… or name@example.org")});
  const boxes = EVENTS.map(([value, label]) => h("label", {class: "check"},
    h("input", {type: "checkbox", value, checked: true, class: "sub-event"}), " ", _(label)));
  const secret = h("div", {id: "sub-secret"});
  async function load() {
    try {
      const subs = (await get("/players/me/notifications", player.key)).subscriptions;
      replace(list, subs.length ? subs.map(s => h("li", {"data-sub": s.id}, `${s.kind}: ${s.target} · ${s.events.join(", ")} `,
        h("button", {type: "button", onclick: async () => {
          await api("DELETE", `/players/me/notifications/${encodeURIComponent(s.id)}`, {token: player.key})
            .catch(e => notify(e.message, "error"));
          load();
        }}, _("Delete")))) : h("li", {class: "none"}, _("Nothing yet.")));
      const deliveries = (await get("/players/me/deliveries?limit=10", player.key)).deliveries;
      replace(log, deliveries.map(d => h("li", {"data-delivery": d.id, "data-status": d.status},
        `${d.event} · ${d.kind} · ${d.status}`, d.attempts.length ? ` (${d.attempts.map(a => a.detail).join(", ")})` : "")));
    } catch (e) { notify(e.message, "error"); }
  }
  const form = h("form", {id: "subscribe", class: "inline", onsubmit: async e => {
    e.preventDefault();
    const events = boxes.map(b => b.querySelector("input")).filter(i => i.checked).map(i => i.value);
    const body = {kind: kind.value, events, [kind.value === "webhook" ? "url" : "address"]: target.value.trim()};
    try {
      const made = await post("/players/me/notifications", body, player.key);
      target.value = "";
      replace(secret, made.secret ? h("p", {class: "warn"}, _("The webhook's signing secret, shown this once:"), " ",
        h("code", {id: "sub-secret-value"}, made.secret)) : null);
    } catch (err) { notify(_("Could not subscribe: %(reason)s", {reason: saidToPlayer(err)}), "error"); }
    load();
  }}, kind, target, h("span", {class: "checks"}, boxes), h("button", {type: "submit", id: "subscribe-button"}, _("Add")));
  replace(section, h("h2", {id: "notify-h"}, _("Notifications")), list, form, secret,
    h("details", {}, h("summary", {}, _("Latest deliveries")), log));
  load();
  return section;
}

/** #/unsubscribe/<token>: the one step a message's link leads to. */
export function showUnsubscribe(root, {token}) {
  const button = h("button", {type: "button", class: "primary", id: "unsubscribe", onclick: async () => {
    button.disabled = true;
    try {
      const gone = await post(`/unsubscribe/${encodeURIComponent(token)}`, {});
      replace(root, h("h2", {}, _("Unsubscribed")), h("p", {id: "unsubscribed"}, _("No more messages to %(target)s.", {target: gone.target})),
        h("a", {href: "#/"}, _("Lobby")));
    } catch (e) { notify(e.message, "error"); button.disabled = false; }
  }}, _("Unsubscribe"));
  replace(root, h("h2", {}, _("Unsubscribe")), h("p", {}, _("Stop the messages this link came with?")), button);
  return () => {};
}
