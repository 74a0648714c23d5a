// The kifu JSON API as the page uses it. Errors become ApiError(status, code, message, rule). Every
// call names the page's language (?lang=, i18n.js), so the server's texts come in it.
import {_, current} from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, rule = null) {
    super(message);
    Object.assign(this, {status, code, rule});
  }
}

/** path with the page's language as ?lang= (the API calls and the event stream's URL). */
export function withLang(path) {
  const url = new URL(path, location.origin);
  url.searchParams.set("lang", current());
  return url.pathname + url.search;
}

export async function api(method, path, {token = null, body} = {}) {
  const headers = {Accept: "application/json"};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(withLang(path), {method, headers, cache: "no-store",
                                  body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (e) {
    throw new ApiError(0, "network", _("the server could not be reached (%(reason)s)", {reason: e.message}));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(response.status, error.code ?? `http_${response.status}`,
                       error.message ?? response.statusText, error.rule ?? null);
  }
  return data;
}

export const get = (path, token) => api("GET", path, {token});
export const post = (path, body, token) => api("POST", path, {token, body});

let listed = null;

/** GET /games, once per page load: every game's id, title and variants (titles for the lobby). */
export function gamesList() {
  listed = listed ?? get("/games").then(answer => answer.games).catch(e => { listed = null; throw e; });
  return listed;
}

/** "3x3Wars (サイザンウォーズ) · 初級ルール (オーバーロード戦) / Overlord" for a game and variant id. */
export async function titleOf(gameId, variantId) {
  const game = (await gamesList().catch(() => [])).find(g => g.id === gameId);
  const variant = game?.variants.find(v => v.id === variantId);
  return `${game?.title ?? gameId} · ${variant?.title ?? variantId}`;
}

const games = new Map();

/** GET /games/<id>, once per page load: the title, variants, card catalogue and rulebook. */
export function gameInfo(id) {
  if (!games.has(id)) {
    games.set(id, get(`/games/${encodeURIComponent(id)}`).then(describe => {
      const cards = new Map((describe.cards ?? []).filter(c => c && (c.id ?? c.key))
                                                  .map(c => [String(c.id ?? c.key), c]));
      return {...describe, cardsById: cards};
    }).catch(e => { games.delete(id); throw e; }));
  }
  return games.get(id);
}

export function newCommandId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
