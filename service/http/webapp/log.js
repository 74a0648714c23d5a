// The narrated log: the match's events told as sentences — each event's `text`, which the server
// makes from the event as this seat may see it (service/application/match/narrated.py), never here —
// grouped by move (`move`: the command they belong to: a seat's action, the setup, the table).
// Internal steps (no text) are folded away; each sentence's rule is one click (or tap) away.
import {h} from "./dom.js";
import {_} from "./i18n.js";
import {seatName} from "./labels.js";

/** Events in version order -> moves [{version, seat, events}], oldest first. */
export function groupMoves(events, into = new Map()) {
  for (const e of events) {
    const key = e.move?.version ?? e.version;
    if (!into.has(key)) into.set(key, {version: key, seat: e.move?.seat ?? null, events: []});
    const move = into.get(key);
    if (!move.events.some(x => x.version === e.version)) move.events.push(e);
  }
  return into;
}

/** {id, section, statement} of a cited rule from the game's rulebook ("rules" in GET /games/<id>). */
export function ruleOf(info, rule) {
  if (!rule) return null;
  const entry = info?.rules?.[rule] ?? info?.rules?.[rule.split("/").slice(1).join("/")];
  return {id: rule, section: entry?.section ?? null, statement: typeof entry === "string" ? entry : entry?.statement ?? null};
}

/** Who made a move: the seat, the match's setup, or the table. */
export function mover(match, move) {
  if (Number.isInteger(move.seat)) return seatName(match, move.seat);
  return move.version === 1 ? _("Setup") : _("The table");
}

/** One sentence of the log, with its rule behind a "§" (a <details>: works by touch and keyboard). */
export function sentence(info, e) {
  const rule = ruleOf(info, e.rule);
  return h("li", {class: "said", "data-version": e.version},
    h("span", {class: "text"}, withoutMatchId(e)),
    automatic(e) && !/\(automatic\)/.test(e.text ?? "") ? h("span", {class: "badge auto", title: _("made by the seat's settings")}, _("automatic")) : null,
    rule ? h("details", {class: "cite"},
      h("summary", {title: _("the rule: %(rule)s", {rule: rule.id}), "aria-label": _("rule of version %(version)s", {version: e.version})}, "§"),
      h("span", {class: "cite-body"}, h("code", {}, rule.id), rule.section ? ` · ${rule.section}` : "",
        rule.statement ? h("span", {class: "statement"}, ` — ${rule.statement}`) : "")) : null);
}

/** A rematch's sentence names the other match by its id (engine/core/narration.py): the page links
 * it instead ("A rematch of the earlier match"). */
function withoutMatchId(e) {
  const other = e.data?.match;
  if (!other || !String(e.text ?? "").includes(other)) return e.text;
  const link = h("a", {href: `#/m/${encodeURIComponent(other)}`}, e.type === "RematchOf" ? _("the earlier match") : _("the rematch"));
  if (e.type === "RematchOf") return [_("A rematch of"), " ", link];
  return [String(e.text).replace(` (${other})`, "").replace(other, "").trimEnd(), " (", link, ")"];
}

/** A move a seat's settings made (a pass when passing was the only move, a payment): the server marks
 * it on the event or on its move. */
const automatic = e => Boolean(e.automatic || e.move?.automatic || e.data?.automatic);

/** The sentences of a move (its internal steps left out). */
export function sentences(info, move) {
  const said = move.events.filter(e => e.text);
  return said.length ? h("ol", {class: "sentences"}, said.map(e => sentence(info, e)))
                     : h("p", {class: "none"}, _("Nothing the log tells (internal steps only)."));
}

/** A move as an item of the log: who moved, then what happened. */
export function moveItem(info, match, move, {isNew = false, latest = false} = {}) {
  return h("li", {class: `move${isNew ? " new" : ""}${latest ? " latest" : ""}`, "data-move": move.version},
    h("p", {class: "mover"}, h("strong", {}, mover(match, move)),
      isNew ? h("span", {class: "badge"}, _("new")) : null, latest ? h("span", {class: "badge last"}, _("last move")) : null),
    sentences(info, move));
}
