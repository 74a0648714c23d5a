// A seat's settings (issue 38, "steps that are not decisions are not asked"): when to pass priority
// for me, whether to pay for me (a default payment I may change before sending), whether a choice
// of one is taken for me, whether a move is confirmed before it is sent. Where the server keeps
// settings (`settings` in GET /matches/<id> for the seat's token) they are changed with
// PUT /matches/<id>/seats/<seat>/settings and recorded in the match's log as the seat's own choice;
// where it does not, the page keeps the two it applies itself (a choice of one, confirm) in this
// browser, and does not offer the others. A change is also remembered as this browser's choice for
// the seats it takes later: a match created here, a seat claimed or taken here, is claimed with those
// (`claimSettings`; none remembered: `{}`, the defaults), so passes that are the only move are made
// for the seat from its first move on.
import {api} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {N_, _} from "./i18n.js";

const KEPT = "kifu.settings.v1";
export const DEFAULTS = {pass: "only-choice", pay: "auto", single: "auto", confirm: false};
const SERVER_KEPT = ["pass", "pay", "single"];          // the settings the server records; confirm is the page's
const CHOICES = {
  pass: [N_("Passing priority"), [["manual", N_("Ask me every time")], ["only-choice", N_("Pass for me when passing is the only move")],
                              ["unless-respond", N_("Pass for me unless I could respond")]]],
  pay: [N_("Paying costs"), [["auto", N_("Pay for me (I may change the payment before sending)")], ["manual", N_("Let me pick every payment")]]],
  single: [N_("A choice of one"), [["auto", N_("Take it for me")], ["manual", N_("Ask me anyway")]]],
};

function keptAll() {
  try { return JSON.parse(localStorage.getItem(KEPT) ?? "{}") ?? {}; } catch { return {}; }
}

/** The settings this browser keeps for a seat (with the browser-wide ones under "*"). */
export function keptSettings(key) {
  const all = keptAll();
  return {...DEFAULTS, ...(all["*"] ?? {}), ...(all[key] ?? {})};
}

/** The settings a seat this browser takes is claimed with (POST /matches' seat spec, a claim's
 * body): the choices remembered here, else `{}` (the server's defaults). */
export function claimSettings() {
  const remembered = keptAll()["*"] ?? {};
  return Object.fromEntries(SERVER_KEPT.filter(name => name in remembered).map(name => [name, remembered[name]]));
}

function keep(key, settings) {
  const all = keptAll();
  all[key] = settings;
  try { localStorage.setItem(KEPT, JSON.stringify(all)); } catch { /* not kept */ }
}

/** The settings panel of the play page: {element, current(), update(match)}. */
export function settingsPanel({key, path, seat, token}) {
  let server = null;                  // the server's settings for the seat, when it keeps them
  let local = keptSettings(key);
  const element = h("details", {id: "seat-settings", class: "settings"});
  const current = () => ({...local, ...(server ?? {}), confirm: local.confirm});

  /** The settings sent for the seat: recorded in the match's log, in force from now on. */
  async function save(settings) {
    const body = Object.fromEntries(SERVER_KEPT.map(name => [name, settings[name]]));
    const answer = await api("PUT", `${path}/seats/${seat}/settings`, {token, body});
    server = {...DEFAULTS, ...(answer?.settings ?? body)};
  }

  async function change(name, value) {
    local = {...local, [name]: value};
    keep(key, local);
    keep("*", {...(keptAll()["*"] ?? {}), [name]: value});       // remembered for the seats taken later
    if (server && name !== "confirm") {         // confirming before sending is this page's own business
      try {
        await save({...server, [name]: value});
        notify(_("Settings saved."));
      } catch (e) {
        notify(_("The settings were not saved: %(reason)s", {reason: e.message}), "error");
      }
    }
    render();
  }

  function render() {
    const now = current();
    const open = element.open;
    const rows = Object.entries(CHOICES).filter(([name]) => server || name === "single").map(([name, [title, options]]) => {
      const id = `set-${name}`;
      return h("div", {class: "setting"}, h("label", {for: id}, _(title)),
        h("select", {id, onchange: e => change(name, e.target.value)},
          options.map(([value, text]) => h("option", {value, selected: now[name] === value}, _(text)))));
    });
    replace(element, h("summary", {}, _("Settings")), rows,
      h("label", {class: "check setting"}, h("input", {type: "checkbox", id: "set-confirm", checked: Boolean(now.confirm),
        onchange: e => change("confirm", e.target.checked)}), " ", _("Confirm each move before it is sent (and see the choices made by default)")),
      server ? null : h("p", {class: "hint"}, _("Passing and paying for you need a newer server; these settings are kept in this browser.")));
    element.open = open;
  }

  return {
    element, current,
    /** The match as GET /matches/<id> answered it: its `settings`, where the server keeps them. */
    update(match) {
      const had = JSON.stringify(server);
      server = match?.settings && typeof match.settings === "object" ? {...DEFAULTS, ...match.settings} : null;
      if (had !== JSON.stringify(server) || !element.firstChild) render();
    },
    get supported() { return server !== null; },
    /** The seat recorded its settings on the server: its steps are asked forward as they say. */
    get recorded() { return server?.recorded === true; },
  };
}
