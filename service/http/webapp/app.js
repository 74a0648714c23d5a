// The page's router: #/ lobby, #/join/<match>/<seat>[/<code>], #/m/<match>[?seat=N] play,
// #/replay/<match>[?seat=N&v=V], #/sign-in/<code>, #/unsubscribe/<token>, #/player/<id> (a profile). Each view returns a function that stops its timers.
import {api} from "./api.js";
import {h, notify, replace} from "./dom.js";
import {_, LANGUAGES, chosenHere, current, load, preferred, remember} from "./i18n.js";
import {showJoin} from "./join.js";
import {showLobby} from "./lobby.js";
import {showPlay} from "./play.js";
import {showProfile} from "./profile.js";
import {showReplay} from "./replay.js";
import {currentPlayer, showSignIn} from "./players.js";
import {showUnsubscribe} from "./notify.js";

let stop = null;

export function parseHash(hash) {
  const [path, query = ""] = hash.replace(/^#/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return {parts, params: new URLSearchParams(query)};
}

function route() {
  const {parts, params} = parseHash(location.hash);
  const root = document.getElementById("app");
  if (stop) stop();
  stop = null;
  notify("");
  const seat = params.has("seat") ? Number(params.get("seat")) : null;
  if (parts[0] === "m" && parts[1]) stop = showPlay(root, {matchId: parts[1], seat});
  else if (parts[0] === "replay" && parts[1]) {
    stop = showReplay(root, {matchId: parts[1], seat, version: params.has("v") ? Number(params.get("v")) : null});
  } else if (parts[0] === "join" && parts[1] && parts[2] !== undefined) {
    stop = showJoin(root, {matchId: parts[1], seat: Number(parts[2]), code: parts[3] ?? null});
  } else if (parts[0] === "sign-in" && parts[1]) stop = showSignIn(root, {code: parts[1]});
  else if (parts[0] === "unsubscribe" && parts[1]) stop = showUnsubscribe(root, {token: parts[1]});
  else if (parts[0] === "player" && parts[1]) stop = showProfile(root, {playerId: parts[1]});
  else if (parts.length === 0) stop = showLobby(root);
  else replace(root, h("p", {}, _("No such page."), " ", h("a", {href: "#/"}, _("Back to the lobby"))));
}

const NAMES = {en: "English", ja: "日本語"};       // each language in its own words, never translated

/** The language switch in the header: remembered on this device, and the signed-in player's
 * preference (its e-mails and webhook texts follow it); the page is drawn again in it. */
function languageSwitch() {
  const select = h("select", {"aria-label": _("Language"), class: "lang-switch"},
                   LANGUAGES.map(lang => h("option", {value: lang, lang, selected: lang === current()}, NAMES[lang])));
  select.addEventListener("change", async () => {
    const lang = select.value;
    remember(lang);
    const player = currentPlayer();
    if (player) await api("PATCH", "/players/me", {token: player.key, body: {language: lang}}).catch(() => null);
    location.reload();
  });
  return select;
}

/** The page's own words in index.html, in the page's language. */
function translateShell() {
  document.querySelector(".skip").textContent = _("Skip to content");
  document.querySelector(".top nav a").textContent = _("Lobby");
  document.querySelector(".top nav").setAttribute("aria-label", _("main"));
  document.querySelector(".top").append(languageSwitch());
}

/** The page's language: the one chosen on this device, else the signed-in player's preference
 * (chosen on another device), else the browser's. */
async function startingLanguage() {
  const player = currentPlayer();
  if (chosenHere() || !player) return preferred();
  const me = await api("GET", "/players/me", {token: player.key}).catch(() => null);
  return LANGUAGES.includes(me?.language) ? me.language : preferred();
}

await load(await startingLanguage());
translateShell();
window.addEventListener("hashchange", route);
route();
