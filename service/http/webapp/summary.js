// The end of a match, summed up (issue 38): the result in words, each seat's scores and counts, the
// cards the rules reveal at the end (those the view shows), the seed revealed by the last event with
// a way to verify the match, and the rematch (table.js draws its button beside the board).
import {get} from "./api.js";
import {h, replace} from "./dom.js";
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
    h("h3", {id: "summary-h"}, "The match is over"),
    h("p", {class: "result"}, h("strong", {}, `${describeOutcome(match, match.outcome)}.`)),
    scores.length ? h("p", {class: "scores"}, scores.join(" · ")) : null,
    names.length ? h("table", {class: "counts"},
      h("thead", {}, h("tr", {}, h("th", {scope: "col"}, "Player"), names.map(n => h("th", {scope: "col"}, humanize(n).replace(/ count$/, ""))))),
      h("tbody", {}, counted.map(([p]) => h("tr", {}, h("th", {scope: "row"}, Number.isInteger(p.seat) ? seatName(match, p.seat) : ""),
        names.map(n => h("td", {}, p[n] ?? "—")))))) : null,
    revealed.length ? h("div", {class: "revealed"}, h("h4", {}, "Cards in hand at the end"),
      revealed.map(p => h("p", {}, `${seatName(match, p.seat)}: `, h("span", {class: "chips"}, p.hand.map(id => cardChip(info, id)))))) : null,
    seed !== undefined ? h("p", {class: "seed"}, "The match's seed, now revealed: ", h("code", {class: "seed-value"}, String(seed)), " ",
      h("button", {type: "button", id: "verify", onclick: () => verify(path, token, verdict)}, "Verify this match"), " ", verdict) : null);
}

function outcomeScores(match) {
  const scores = match.outcome?.scores;
  if (Array.isArray(scores)) return scores.map((s, i) => `${seatName(match, i)} ${s}`);
  if (scores && typeof scores === "object") return Object.entries(scores).map(([seat, s]) => `${seatName(match, Number(seat))} ${s}`);
  return [];
}

async function verify(path, token, box) {
  replace(box, "Checking…");
  try {
    const report = await get(`${path}/verify`, token);
    if (report.ok) replace(box, "Verified: every move replays to the same record from the revealed seed.");
    else if (report.status && report.ok === undefined) replace(box, "The check is queued; ask again in a moment.");
    else replace(box, h("span", {class: "error"}, `The record does not replay the same (${(report.divergences ?? []).length} differences).`));
  } catch (e) {
    replace(box, h("span", {class: "error"}, `Could not verify: ${e.message}`));
  }
}
