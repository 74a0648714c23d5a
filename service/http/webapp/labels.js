// Readable names for the game-defined data the page shows: card ids, keys, actions. Generic: a
// string is shown as a card only when the game's catalogue (GET /games/<id> "cards") knows it.
import {cardOf, infoButton, tooltip} from "./cardinfo.js";
import {h} from "./dom.js";
import {N_, _, ngettext} from "./i18n.js";

export function humanize(key) {
  if (/\d/.test(String(key))) return String(key);           // an id ("0-03", "L01"), not a word
  return String(key).replace(/[_-]+/g, " ").replace(/^\w/, c => c.toUpperCase());
}

/** An option of the move builder in words: its label (the game's words), a lowercase action name
 *  ("play", "end actions") made a word with a capital. */
export function optionLabel(option, info = null) {
  let label = String(option?.label ?? "");
  const id = cardIdIn(option, info);
  if (id) label = label.slice(0, label.length - id.length - 3);           // "灯火幽鬼 (021)": the name
  return /^[a-z][a-z_ -]*$/.test(label) ? humanize(label) : label;
}

/** The card id a label ends with in brackets ("灯火幽鬼 (021)"), where the catalogue knows it. */
function cardIdIn(option, info) {
  const m = /^.*\S \(([^()\s]+)\)$/.exec(String(option?.label ?? ""));
  return m && info && cardOf(info, m[1]) ? m[1] : null;
}

/** The small suffix of an option: the server's (where names collide), or the card's id where two
 *  cards on the table share its name. */
export function optionSuffix(option, info = null) {
  if (option?.suffix) return String(option.suffix);
  const id = cardIdIn(option, info) ?? (option?.ref && cardOf(info, option.ref) ? String(option.ref) : null);
  return id && nameShared(info, id) ? id : null;
}

/** "1 day a move", "2 hours a move", "1 day 12 hours a move", "30 minutes a move". */
export function perMove(minutes) {
  const m = Number(minutes);
  if (!Number.isFinite(m) || m <= 0) return "";
  const days = Math.floor(m / 1440), hours = Math.floor((m % 1440) / 60), mins = Math.round(m % 60);
  const span = [days && ngettext("%(n)s day", "%(n)s days", days), hours && ngettext("%(n)s hour", "%(n)s hours", hours),
                !days && mins && ngettext("%(n)s minute", "%(n)s minutes", mins)].filter(Boolean).join(" ");
  return _("%(span)s a move", {span});
}

/** A kind of move in the game's words where the seat's first step named it (``info.kinds``,
 *  kindsOf), else its key made a word. */
export function kindWord(info, type) {
  return info?.kinds?.[type] ?? humanize(type ?? "action");
}

/** The kinds of move a seat's first step names, in the game's words ({type: label}): the server's
 *  labels of the options that choose only the kind of move. */
export function kindsOf(step) {
  const kinds = {};
  for (const o of step?.options ?? []) {
    const keys = Object.keys(o.action ?? {});
    if (keys.length === 1 && keys[0] === "type" && o.label) kinds[o.action.type] = optionLabel(o);
  }
  return kinds;
}

export {cardOf};

export function isCard(info, value) {
  return cardOf(info, value) !== null;
}

export function cardText(info, id) {
  const card = cardOf(info, id);
  return card?.name ? card.name : String(id);
}

const named = new WeakMap();      // cardsById -> Map(name -> how many card instances bear it)

/** True where the view names two card instances alike: the id is then shown, as a small suffix. */
export function nameShared(info, id) {
  const map = info?.cardsById;
  if (!map) return false;
  if (!named.has(map)) {
    const counts = {instance: new Map(), catalogue: new Map()};
    for (const card of map.values()) {
      const kind = card.instance ? counts.instance : counts.catalogue;
      kind.set(card.name, (kind.get(card.name) ?? 0) + 1);
    }
    named.set(map, counts);
  }
  const card = cardOf(info, id);
  if (!card) return false;
  const counts = named.get(map)[card.instance ? "instance" : "catalogue"];
  return (counts.get(card.name) ?? 0) > 1;
}

/** The game info with the card instances a view names: a view may map instance ids to catalogue
 * ids ("cards": {"0-03": "dz-plasma-rifle"}) and to names ("names": {"0-03": "…"}). */
export function withViewNames(info, view) {
  const isMap = v => v && typeof v === "object" && !Array.isArray(v);
  if (!isMap(view?.cards) && !isMap(view?.names)) return info;
  const cards = new Map(info.cardsById);
  const ids = new Set([...Object.keys(isMap(view.cards) ? view.cards : {}), ...Object.keys(isMap(view.names) ? view.names : {})]);
  for (const id of ids) {
    if (cards.has(id)) continue;
    const base = isMap(view.cards) ? info.cardsById.get(String(view.cards[id])) : null;
    const name = isMap(view.names) && typeof view.names[id] === "string" ? view.names[id] : base?.name;
    if (base || name) cards.set(id, {...(base ?? {}), id, name: name ?? id, instance: true});
  }
  return {...info, cardsById: cards};
}

/** A card as a chip: its name and id, its facts and text in the tooltip and behind its "ⓘ"
 *  (cardinfo.js), its colour as data-colour. */
export function cardChip(info, id, extra = {}) {
  const card = cardOf(info, id);
  if (!card) return h("span", {class: "chip", "data-ref": String(id), ...extra}, String(id));
  return h("span", {class: "chip card", "data-card": String(id), "data-ref": String(id), "data-colour": card.colour ?? null,
                    title: tooltip(card), ...extra},
           card.name ?? String(id), nameShared(info, id) ? h("small", {class: "id-suffix"}, ` ${id}`) : null,
           infoButton(info, id));
}

/** A value of the game's data in words: a card or a land by its name, a seat (where ``key`` says the
 *  value is one) by its player's name, a list joined, an object field by field. */
export function describeValue(info, value, match = null, key = null) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length ? value.map(v => describeValue(info, v, match, key)).join(", ") : _("none");
  if (typeof value === "object" && key === "as") return countedAs(info, value);
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => k === "as" ? describeValue(info, v, match, k)
      : `${isCard(info, k) ? cardText(info, k) : fieldWord(k)} ${describeValue(info, v, match, k)}`).join(", ");
  }
  if (typeof value === "boolean") return value ? _("yes") : _("no");
  if (isCard(info, value)) return cardText(info, value);
  const land = info?.lands?.[value];
  if (land?.name) return land.name;
  if (match && Number.isInteger(value) && SEAT_KEYS.test(key ?? "") && (match.seats ?? []).some(s => s.seat === value)) {
    return seatName(match, value);
  }
  return String(value);
}

const SEAT_KEYS = /^(seat|target|player|to|victim|opponent)$/;     // fields whose number names a seat
// how a move's field reads after its kind ("Play 博麗 霊夢 · square 3 · paying 十六夜 咲夜")
const FIELD_WORDS = {pay: N_("paying %(what)s"), target: N_("on %(what)s"), targets: N_("on %(what)s"), with: N_("with %(what)s"),
                     top: N_("leaving on top %(what)s"), as: "", cards: "", options: "", spells: ""};
// the data's keys a move or a value names most, in words (other keys: the key itself, humanized)
const KEY_WORDS = {square: N_("square"), line: N_("line"), to: N_("to"), from: N_("from"), unit: N_("unit"), seat: N_("seat"),
                   amount: N_("amount"), count: N_("count"), index: N_("number"), choice: N_("choice"), mode: N_("mode"),
                   ability: N_("ability"), source: N_("source"), slot: N_("slot"), player: N_("player"), steps: N_("steps"),
                   target: N_("target"), targets: N_("target"), with: N_("with"), pay: N_("paying"), top: N_("on top"),
                   card: N_("card"), cards: N_("cards"), land: N_("land"), kind: N_("kind"), spells: N_("spells"), hand: N_("hand"),
                   copy: N_("copying"), discard: N_("to the discard pile"), to_hand: N_("back to hand"), give: N_("giving"),
                   take: N_("taking"), territories: N_("territories"), magic: N_("magic"), levels: N_("levels"),
                   support: N_("support"), order: N_("order"), pact: N_("pact"), formation: N_("formation"),
                   deck: N_("deck"), sideboard: N_("sideboard"), option: N_("option"), options: N_("option"), as: N_("counting as")};

/** A key of the game's data as a word of the page's language. */
export function fieldWord(key) {
  return KEY_WORDS[key] ? _(KEY_WORDS[key]) : humanize(key).toLowerCase();
}

/** {"type":"play","card":"c1","square":3,"pay":["c2"]} -> "Play 博麗 霊夢 · square 3 · paying 十六夜 咲夜": the
 *  kind, the card or land it is about, then its other fields in words (``match``: seats by name). */
export function describeAction(info, action, match = null) {
  const {type, ...rest} = action ?? {};
  let head = kindWord(info, type);
  const parts = [];
  for (const [k, v] of Object.entries(rest)) {
    const place = dzPlace(info, k, v, match);                  // ディメンション・ゼロ: a square by its name
    if (place) { parts.push(place); continue; }
    const said = describeValue(info, v, match, k);
    if (k === "card" || k === "land") head += ` ${said}`;
    else parts.push(k in FIELD_WORDS ? FIELD_WORDS[k] ? _(FIELD_WORDS[k], {what: said}) : said : `${fieldWord(k)} ${said}`);
  }
  return [head, ...parts].join(" · ");
}

/** 3x3Wars's "as" field, {"046": 3}: what each card counts as ("調律 counting as 3"). */
function countedAs(info, value) {
  return Object.entries(value).map(([card, n]) => _("%(card)s counting as %(n)s", {card: cardText(info, card), n})).join(", ");
}

const GENERIC = /^(?:(?:player|seat|bot)\b|プレイヤー|ボット)[\s\d()a-z-]*$/i;     // "Player 2", "seat 1", "Bot (greedy)": no one's name

// the bots' kinds in words (the server's narration says them so too: engine/core/narration.py BOT_NAMES)
const BOT_WORDS = {random: N_("random"), greedy: N_("greedy"), ismcts: N_("ismcts"), "big-money": N_("big-money")};

/** A bot's kind as players read it ("greedy"; 「貪欲」 in Japanese); a kind without a word as the server names it. */
export function botWord(kind) {
  return BOT_WORDS[kind] ? _(BOT_WORDS[kind]) : humanize(kind).toLowerCase();
}

/** A seat by its player's name ("Reimu"); a bot as "Bot (greedy)" (or "Owl (bot, greedy)" where it
 *  has a name of its own); the seat's number only where two seats share a name. */
export function seatName(match, seat) {
  const seats = match?.seats ?? [];
  const entry = seats.find(s => s.seat === seat);
  if (!entry?.name) return _("Seat %(n)s", {n: seat + 1});
  const kind = entry.bot?.bot ? botWord(entry.bot.bot) : "";
  let name = entry.name;
  if (entry.controller === "bot" && entry.stand_in) {
    name = kind ? _("%(name)s (stand-in bot, %(kind)s)", {name, kind}) : _("%(name)s (stand-in bot)", {name});
  } else if (entry.controller === "bot" && GENERIC.test(name)) name = kind ? _("Bot (%(kind)s)", {kind}) : _("Bot");
  else if (entry.controller === "bot") name = kind ? _("%(name)s (bot, %(kind)s)", {name, kind}) : _("%(name)s (bot)", {name});
  const shared = seats.filter(s => s.name === entry.name).length > 1;
  return shared ? _("%(name)s (seat %(n)s)", {name, n: seat + 1}) : name;
}

const REASONS = {resign: N_("%(name)s wins by resignation"), resigned: N_("%(name)s wins by resignation"),
                 timeout: N_("%(name)s wins on time"), forfeit: N_("%(name)s wins by forfeit"), deadline: N_("%(name)s wins on time"),
                 draw_agreed: N_("%(name)s wins by agreement"), life: N_("%(name)s wins on life"),
                 deck: N_("%(name)s wins when the deck ran out"), smash: N_("%(name)s wins by smash"), match: N_("%(name)s wins the match")};

/** "Reimu wins", "Marisa wins by resignation", "Draw", or the outcome's fields in words. */
export function describeOutcome(match, outcome) {
  if (!outcome) return "";
  if (outcome.winner !== undefined && outcome.winner !== null) {
    const name = seatName(match, outcome.winner);
    if (REASONS[outcome.reason]) return _(REASONS[outcome.reason], {name});
    return outcome.reason ? _("%(name)s wins (%(reason)s)", {name, reason: humanize(outcome.reason).toLowerCase()})
      : _("%(name)s wins", {name});
  }
  if (outcome.draw || outcome.result === "draw" || outcome.winner === null) return _("Draw");
  return describeValue(null, outcome);
}

// ディメンション・ゼロ's squares by the rulebook's names (000 プレイシートの見方 l.127-135): the rows 自軍 / 中央 /
// 敵軍エリア, the columns 左 / 中央 / 右ライン, each 「自分から見て」, so named from one seat's side (seat 1 faces
// seat 0). Squares are row*3 + column, row 0 seat 0's own area, column 0 seat 0's left line; base squares
// are by line (engine/games/dimension_zero/state.py; the log says them so too: words.py).
const DZ_AREAS = [N_("own area"), N_("centre area"), N_("enemy area")];
const DZ_LINES = [N_("left line"), N_("centre line"), N_("right line")];
const DZ_PLACES = {square: N_("onto %(where)s"), line: N_("onto %(where)s"), to: N_("to %(where)s")};

/** A line (0-2) as ``seat`` names it: "left line" (「左ライン」). */
export function dzLine(line, seat) {
  return Number.isInteger(line) && line >= 0 && line <= 2 ? _(DZ_LINES[seat === 1 ? 2 - line : line]) : String(line);
}

/** A square (0-8) as ``seat`` names it: "the centre area, left line" (「中央エリアの左ライン」). */
export function dzSquare(square, seat) {
  if (!Number.isInteger(square) || square < 0 || square > 8) return String(square);
  const row = Math.floor(square / 3), area = row === 1 ? 1 : row === (seat === 1 ? 2 : 0) ? 0 : 2;
  return _("the %(area)s, %(line)s", {area: _(DZ_AREAS[area]), line: dzLine(square % 3, seat)});
}

/** A base square (by its line) as ``seat`` names it: "the base square of the left line". */
export function dzBase(line, seat) {
  return _("the base square of the %(line)s", {line: dzLine(line, seat)});
}

/** A ディメンション・ゼロ move's square, destination or base square (a pending choice of one too) in words
 *  from the page's seat (``match.seat``, else ``info.seat``): "onto the own area, left line"; else null. */
function dzPlace(info, key, value, match) {
  if (info?.id !== "dimension-zero" || !Number.isInteger(value)) return null;
  const seat = match?.seat ?? info?.seat ?? 0, pending = match?.view?.pending?.kind;
  if (key === "choice" && /^(own|adjacent)_square$/.test(pending ?? "")) return dzSquare(value, seat);
  if (key === "choice" && pending === "base_line") return dzBase(value, seat);
  if (!DZ_PLACES[key]) return null;
  return _(DZ_PLACES[key], {where: key === "line" ? dzBase(value, seat) : dzSquare(value, seat)});
}
