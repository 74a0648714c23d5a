// The page's translations (issue 39): the page domain's catalog (service/http/webapp/locale, kept
// with Babel like the server's; ./dev babel page), served by GET /i18n/<lang>.json, loaded once
// before the page renders. Mark a string as the server does, so pybabel's javascript extractor
// finds it: _("Lobby"), _("%(name)s joined", {name}), ngettext("%(n)s card", "%(n)s cards", n).
// Placeholders are named, Python's %(name)s; the English is the message id. The language: the
// switch's choice (remembered in localStorage), else the browser's (navigator.languages), else en.

export const LANGUAGES = ["en", "ja"];
const CHOSEN = "kifu.lang.v1";

let language = "en";
let messages = {};
let categories = ["one", "other"];      // the plural forms' order (CLDR categories), as the catalog's
let rules = new Intl.PluralRules("en");

function fill(text, params = {}) {
  return text.replace(/%(?:\((\w+)\))?([sd%])/g, (all, name, kind) =>
    kind === "%" ? "%" : name !== undefined && name in params ? String(params[name]) : all);
}

/** The message in the page's language, its %(name)s placeholders filled from params. */
export function _(message, params) {
  const text = messages[message];
  return fill(typeof text === "string" && text ? text : message, params);
}

/** The message as ``context`` says it (a game's own term, under its id: pgettext("dokusenroku", "turn")
 * is 「順番」 where another game says 「ターン」); the catalog keeps it as "context\u0004message". */
export function pgettext(context, message, params) {
  const text = messages[`${context}\u0004${message}`];
  return fill(typeof text === "string" && text ? text : message, params);
}

/** Marks a message fixed at load time (a table of labels) for extraction; translated where it is
 * shown, with _(). */
export const N_ = message => message;

/** A translated message as a list of text and the nodes its placeholders stand for, for h(): a
 * sentence with a link or a strong name in it stays one message —
 * withNodes(_("Signed in as %(name)s."), {name: h("strong", {}, name)}). */
export function withNodes(text, nodes) {
  return text.split(/%\((\w+)\)s/).map((piece, i) => i % 2 ? nodes[piece] ?? `%(${piece})s` : piece).filter(p => p !== "");
}

/** The plural form of n in the page's language ({n} is a placeholder too). */
export function ngettext(singular, plural, n, params = {}) {
  const forms = messages[singular];
  const all = {n, ...params};
  if (Array.isArray(forms) && forms.length) {
    const i = Math.max(0, categories.indexOf(rules.select(n)));
    return fill(forms[Math.min(i, forms.length - 1)], all);
  }
  return fill(n === 1 ? singular : plural, all);
}

/** The page's language now. */
export function current() {
  return language;
}

/** The language chosen on this device with the switch, or null. */
export function chosenHere() {
  const chosen = localStorage.getItem(CHOSEN);
  return LANGUAGES.includes(chosen) ? chosen : null;
}

/** The language the page starts in: the one chosen on this device, else the browser's best. */
export function preferred() {
  const chosen = chosenHere();
  if (chosen) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Loads lang's catalog (GET /i18n/<lang>.json) and speaks it from now on; <html lang> follows. */
export async function load(lang) {
  lang = LANGUAGES.includes(lang) ? lang : "en";
  try {
    const response = await fetch(`/i18n/${lang}.json`);
    const catalog = response.ok ? await response.json() : {messages: {}, plural: ["one", "other"]};
    messages = catalog.messages ?? {};
    categories = catalog.plural ?? ["other"];
  } catch {
    messages = {};                       // the English of the message ids, then
  }
  language = lang;
  rules = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  return lang;
}

/** The switch's choice, remembered on this device. */
export function remember(lang) {
  localStorage.setItem(CHOSEN, lang);
}
