// Building DOM nodes without innerHTML: every text from the server or a user becomes a text node.
import {_, ngettext} from "./i18n.js";

/** h("button", {class: "act", onclick: f, "data-x": 1}, "label", child, [more]) */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = value;
    else if (name === "value") el.value = value;
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** A short message in the page's live region (read out by screen readers). */
export function notify(message, kind = "info") {
  const box = document.getElementById("notice");
  replace(box, message ? h("p", {class: `notice ${kind}`}, message) : null);
}

export function timeAgo(iso) {
  const s = Math.round((Date.now() - Date.parse(iso)) / 1000);
  if (!Number.isFinite(s)) return "";
  if (s < 60) return _("just now");
  if (s < 3600) return ngettext("%(n)s min ago", "%(n)s min ago", Math.floor(s / 60));
  if (s < 86400) return ngettext("%(n)s h ago", "%(n)s h ago", Math.floor(s / 3600));
  return ngettext("%(n)s d ago", "%(n)s d ago", Math.floor(s / 86400));
}

export function timeLeft(iso) {
  const s = Math.round((Date.parse(iso) - Date.now()) / 1000);
  if (!Number.isFinite(s)) return "";
  if (s <= 0) return _("deadline passed");
  if (s < 3600) return ngettext("%(n)s min left", "%(n)s min left", Math.ceil(s / 60));
  if (s < 86400) return _("%(h)s h %(min)s min left", {h: Math.floor(s / 3600), min: Math.floor((s % 3600) / 60)});
  return _("%(d)s d %(h)s h left", {d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600)});
}
