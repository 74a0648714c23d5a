// Pieces the game fields share: a zone of a player's panel, "none", card chips, face-down backs.
import {h} from "../dom.js";
import {_, ngettext} from "../i18n.js";
import {cardChip} from "../labels.js";

/** A <dt>/<dd> pair for a player's panel, grouped in a div.zone (display: contents unless a field
 *  lays its zones out as a row: dimension_zero.css). */
export const zone = (title, ...content) => h("div", {class: "zone"}, h("dt", {}, title), h("dd", {}, content));
export const none = () => h("span", {class: "none"}, _("none"));
/** Card ids as chips, or "none". */
export const chips = (info, ids) => ids.length ? h("span", {class: "chips"}, ids.map(id => cardChip(info, id))) : none();
/** ``n`` face-down card backs; for none, ``empty()`` ("none" unless told otherwise; null: nothing);
 *  ``attrs[i]``: attributes of the i-th back (a handle a move may name: its data-ref). */
export const backs = (n, empty = none, attrs = []) => n
  ? h("span", {class: "backs", role: "img", "aria-label": ngettext("%(n)s face-down card", "%(n)s face-down cards", n)},
      Array.from({length: n}, (x, i) => h("span", {class: "back", "aria-hidden": attrs[i] ? null : "true", ...attrs[i]})))
  : (empty ? empty() : null);
