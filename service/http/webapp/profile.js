// #/player/<id>: a player's public profile (GET /players/{id}): ratings per game and variant with a
// rating-history chart drawn here as SVG (no outside service), and the recent results.
import {get, titleOf} from "./api.js";
import {h, replace, timeAgo} from "./dom.js";
import {_, ngettext} from "./i18n.js";
import {profileLink, shownRating} from "./ratings.js";

const SVG = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** The ratings after each match as a line (and the deviation as a band), 1500 marked. */
export function historyChart(history, {width = 320, height = 120} = {}) {
  const points = [{rating: 1500, deviation: 350}, ...history];
  const lows = points.map(p => p.rating - p.deviation), highs = points.map(p => p.rating + p.deviation);
  const lo = Math.min(...points.map(p => p.rating), 1500) - 50, hi = Math.max(...points.map(p => p.rating), 1500) + 50;
  const x = i => 30 + (i * (width - 40)) / Math.max(points.length - 1, 1);
  const y = r => 10 + ((hi - Math.max(lo, Math.min(hi, r))) * (height - 20)) / (hi - lo);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const band = [...points.map((p, i) => `${x(i).toFixed(1)},${y(highs[i]).toFixed(1)}`),
                ...points.map((p, i) => `${x(i).toFixed(1)},${y(lows[i]).toFixed(1)}`).reverse()].join(" ");
  const last = points[points.length - 1];
  return s("svg", {class: "rating-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                   "aria-label": ngettext("rating from 1500 to %(rating)s over %(n)s match", "rating from 1500 to %(rating)s over %(n)s matches", history.length, {rating: last.rating}),
                   "data-points": points.length, "data-last": last.rating},
    s("polygon", {points: band, fill: "currentColor", opacity: 0.08}),
    s("line", {x1: 30, x2: width - 10, y1: y(1500), y2: y(1500), stroke: "currentColor", opacity: 0.3, "stroke-dasharray": "3 3"}),
    s("text", {x: 0, y: y(1500) + 4, "font-size": 10, fill: "currentColor"}, "1500"),
    s("path", {d: line, fill: "none", stroke: "currentColor", "stroke-width": 2}),
    ...points.map((p, i) => s("circle", {cx: x(i), cy: y(p.rating), r: 2.5, fill: "currentColor"},
                              s("title", {}, i ? _("%(rating)s after %(match)s", {rating: p.rating, match: p.match_id}) : _("1500 at the start")))));
}

export function showProfile(root, {playerId}) {
  replace(root, h("p", {}, _("Loading…")));
  get(`/players/${encodeURIComponent(playerId)}`).then(async p => {
    const rows = await Promise.all(p.ratings.map(async r => h("section", {class: "rating", "data-game": r.game, "data-variant": r.variant},
      h("h3", {}, await titleOf(r.game, r.variant)),
      h("p", {}, h("strong", {class: "rating-now"}, shownRating(r)), ` ±${2 * r.deviation} · `, ngettext("%(n)s rated game", "%(n)s rated games", r.games),
        r.provisional ? " · " + _("provisional") : ""),
      historyChart(r.history))));
    const recent = await Promise.all(p.recent.map(async m => h("li", {"data-match": m.match_id},
      h("a", {href: `#/replay/${encodeURIComponent(m.match_id)}`}, m.result), " " + _("vs") + " ",
      m.opponents.map((o, i) => [i ? ", " : "", profileLink(o.id, o.name)]),
      ` · ${await titleOf(m.game, m.variant)} · ${m.rating_before} → ${m.rating_after} · ${timeAgo(m.ended_at)}`)));
    replace(root, h("div", {class: "profile", id: "profile", "data-player": p.player_id},
      h("h2", {id: "profile-name"}, p.name),
      rows.length ? rows : h("p", {class: "none"}, _("No rated matches yet.")),
      h("h3", {}, _("Recent results")), recent.length ? h("ul", {class: "results"}, recent) : h("p", {class: "none"}, _("None yet.")),
      h("p", {}, h("a", {href: "#/"}, _("Back to the lobby")))));
  }).catch(e => replace(root, h("p", {class: "error"}, e.message), h("a", {href: "#/"}, _("Back to the lobby"))));
  return () => {};
}
