// The end of a match, summed up (issue 38): the result in words, each seat's scores and counts, the
// cards the rules reveal at the end (those the view shows), the seed revealed by the last event with
// a way to verify the match, and the rematch (table.js draws its button beside the board).
import {get} from "./api.js";
import {h, replace} from "./dom.js";
import {N_, _, withNodes, ngettext} from "./i18n.js";
import {cardChip, describeOutcome, humanize, seatName} from "./labels.js";

const COUNTS = /^(life|score|points|vp|money|coins|cash|assets|fame|territory_count|hand_count|deck_count|energy_count|buys|actions)$/;

/** The summary box of a match that is over, or null. ``events``: the events the page has read. */
export function endSummary(info, match, events, path, token) {
  if (!match.outcome) return null;
  const players = (match.view?.players ?? []).filter(p => p && typeof p === "object");
  const counted = players.map(p => [p, Object.entries(p).filter(([k, v]) => COUNTS.test(k) && typeof v === "number")]);
  const names = [...new Set(counted.flatMap(([, c]) => c.map(([k]) => k)))];
  const scores = outcomeScores(match);
  const revealed = players.filter(p => Array.isArray(p.hand) && p.hand.length);
  const seed = events.find(e => e.type === "SeedRevealed")?.data?.seed;
  const verdict = h("span", {id: "verify-result", "aria-live": "polite"});
  return h("section", {id: "summary", class: "summary", "aria-labelledby": "summary-h"},
    h("h3", {id: "summary-h"}, _("The match is over")),
    h("p", {class: "result"}, h("strong", {}, _("%(outcome)s.", {outcome: describeOutcome(match, match.outcome)}))),
    scores.length ? h("p", {class: "scores"}, scores.join(" · ")) : null,
    names.length ? h("table", {class: "counts"},
      h("thead", {}, h("tr", {}, h("th", {scope: "col"}, _("Player")), names.map(n => h("th", {scope: "col"}, countWord(n))))),
      h("tbody", {}, counted.map(([p]) => h("tr", {}, h("th", {scope: "row"}, Number.isInteger(p.seat) ? seatName(match, p.seat) : ""),
        names.map(n => h("td", {}, p[n] ?? "—")))))) : null,
    revealed.length ? h("div", {class: "revealed"}, h("h4", {}, _("Cards in hand at the end")),
      revealed.map(p => h("p", {}, `${seatName(match, p.seat)}: `, h("span", {class: "chips"}, p.hand.map(id => cardChip(info, id)))))) : null,
    seed !== undefined ? h("p", {class: "seed"}, withNodes(_("The match's seed, now revealed: %(seed)s"), {seed: h("code", {class: "seed-value"}, String(seed))}), " ",
      h("button", {type: "button", id: "verify", onclick: () => verify(path, token, verdict)}, _("Verify this match")), " ", verdict) : null);
}

// the counts a summary shows, in words
const COUNT_WORDS = {life: N_("Life"), score: N_("Score"), points: N_("Points"), vp: N_("VP"), money: N_("Money"), coins: N_("Coins"),
                     cash: N_("Cash"), assets: N_("Assets"), fame: N_("Fame"), territory_count: N_("Territory"), hand_count: N_("Hand"),
                     deck_count: N_("Deck"), energy_count: N_("Energy"), buys: N_("Buys"), actions: N_("Actions")};

function countWord(key) {
  return COUNT_WORDS[key] ? _(COUNT_WORDS[key]) : humanize(key).replace(/ count$/, "");
}

function outcomeScores(match) {
  const scores = match.outcome?.scores;
  if (Array.isArray(scores)) return scores.map((s, i) => `${seatName(match, i)} ${s}`);
  if (scores && typeof scores === "object") return Object.entries(scores).map(([seat, s]) => `${seatName(match, Number(seat))} ${s}`);
  return [];
}

async function verify(path, token, box) {
  replace(box, _("Checking…"));
  try {
    const report = await get(`${path}/verify`, token);
    if (report.ok) replace(box, _("Verified: every move replays to the same record from the revealed seed."));
    else if (report.status && report.ok === undefined) replace(box, _("The check is queued; ask again in a moment."));
    else {
      const n = (report.divergences ?? []).length;
      replace(box, h("span", {class: "error"}, ngettext("The record does not replay the same (%(n)s difference).",
                                                        "The record does not replay the same (%(n)s differences).", n)));
    }
  } catch (e) {
    replace(box, h("span", {class: "error"}, _("Could not verify: %(reason)s", {reason: e.message})));
  }
}
