// The words of a game view's data (issue 39), for the whole-view panels (panels.js): a key titles a
// section or a fact, and a value that names a phase, a step, a kind or a zone reads as a word, in the
// page's language and in each game's own terms (engine/games/<game>/glossary.json, its rulebook).
// COMMON: the words the games' keys share. TERMS: a game's own words, under its id as the message's
// context (pgettext; built when first shown, the catalog loaded by then): its keys where its rulebook
// says them otherwise (山札 or デッキ, ターン or 順番) and the values of its keys. A key no table knows
// (a plug-in game's) is humanized, a value none knows is shown as it is; a variant reads as its
// title. tests/test_view_words.py checks that every key and every word-like value the four games'
// views hold has its word here (it reads the tables between the two marks below).
import {N_, _, current, pgettext} from "./i18n.js";
import {humanize} from "./labels.js";

// ---- the tables ----
const COMMON = {
  ability: N_("ability"), active: N_("to play"), actions: N_("actions"), answered: N_("answered"), assets: N_("assets"),
  bases: N_("bases"), battles: N_("battles"), best_of: N_("duels at most"), bought: N_("bought this turn"), buys: N_("buys left"),
  card: N_("card"), cards: N_("cards"), carried: N_("still in play from the last turn"), centre: N_("in the centre"),
  centre_played: N_("centre-played"), character: N_("character card"), coins: N_("coins"), colour: N_("colour"),
  committed: N_("support chosen"), cost: N_("cost"), count: N_("count"), countered: N_("countered"),
  damage: N_("damage"), dealers: N_("dealing damage"), dealt: N_("dealt damage"), debt: N_("payment due"),
  decision: N_("decision"), deck_count: N_("cards in the deck"), defender: N_("the defender"),
  discard_top: N_("top of the discard pile"), draw: N_("drawn"), duels: N_("duels"), energy: N_("energy zone"),
  enhanced: N_("enhancements"), except: N_("except"), exclude_types: N_("not of the types"),
  first: N_("goes first"), for: N_("chosen for"), frozen: N_("frozen"), gaining: N_("gaining"),
  grave: N_("graveyard"), graveyard: N_("graveyard"), hand: N_("hand"), hand_count: N_("cards in hand"),
  held: N_("triggers held"), hits: N_("damage dealt"), index: N_("spell resolving"), invader: N_("the invader"),
  kind: N_("kind"), kingdom: N_("kingdom"), land: N_("land"), lands: N_("lands"), left: N_("cards left"),
  level: N_("level"), levels: N_("levels"), life: N_("life"), looking: N_("looking at"),
  looking_count: N_("cards looked at"), magic: N_("magic"), magic_used: N_("magic used"), max: N_("at most"),
  mentor: N_("mentor"), min: N_("at least"), mods: N_("modifications"), money: N_("money"), move: N_("movement"),
  mulligan: N_("mulligan"), mulligans: N_("mulligans"), n: N_("number"), name: N_("name"), names: N_("names"),
  next_turn: N_("effects for the next turn"), offered_hands: N_("hands offered"), offered_magic: N_("magic offered"),
  options: N_("options"), options_count: N_("options (count)"), outcome: N_("outcome"), owner: N_("owner"),
  params: N_("condition"), passes: N_("passes in a row"), pending: N_("waiting for a choice"), phase: N_("phase"),
  piles: N_("decks and graveyards"), plan: N_("plan zone"), play: N_("in play"), players: N_("players"),
  power: N_("power"), priority: N_("priority"), prizes: N_("prizes"), purpose: N_("purpose"), ready: N_("ready"),
  reason: N_("reason"), reasons: N_("reasons"), released: N_("released"), removal: N_("cards removed from each deck"),
  removed_count: N_("cards removed"), respond: N_("answer window"), responder: N_("answering"),
  resume: N_("then back to"), revealed: N_("revealed"), rule: N_("rule"), scores: N_("victory points"),
  seat: N_("seat"), seats: N_("seats"), series: N_("match"), shared: N_("shared win"), shown: N_("shown"),
  sideboard: N_("sideboard"), smash: N_("smash zone"), source: N_("source"), source_zone: N_("source's zone"),
  spell: N_("spell card used"), spells: N_("spells"), square: N_("square"), stack: N_("stack"),
  stacked: N_("damage on the stack"), stage: N_("stage of the turn"), start_deck: N_("starting deck"),
  state: N_("face"), staying: N_("staying in play"), step: N_("step"), strategy_done: N_("strategy step done"),
  subject: N_("about"), supply: N_("supply"), supports: N_("supports"), target: N_("target"),
  targeted: N_("targeted this turn"), targets: N_("targets"), territories: N_("territories"),
  territory_bonus: N_("extra territory expansions"), territory_count: N_("territories (count)"),
  territory_done: N_("territory expanded"), third_eye: N_("third eye (第三の目)"), to: N_("to"),
  to_act: N_("to act"), to_smash: N_("to the smash zone instead"), toll: N_("toll"), toll_half: N_("toll halved"),
  traits: N_("traits"), trash: N_("trash"), triggers: N_("triggers"), turn: N_("turn"), turn_flags: N_("this turn"),
  turns: N_("turns taken"), types: N_("types"), unit: N_("unit"), units: N_("units"),
  untargetable: N_("cannot be targeted"), value: N_("land value"), variant: N_("variant"),
  waiting: N_("stack waiting"), when: N_("when"), winner: N_("winner"), winners: N_("winners"), wins: N_("wins"),
  with: N_("with"), you: N_("you"), zone: N_("zone"),
};

const TERMS = {
  "threebythree": () => ({
    keys: {
      as: pgettext("threebythree", "counts as"), by: pgettext("threebythree", "because of"),
      chain: pgettext("threebythree", "counters"), deck_count: pgettext("threebythree", "cards in the deck"),
      discard: pgettext("threebythree", "discard pile"), pierce: pgettext("threebythree", "pierces (透過)"),
      removed: pgettext("threebythree", "left the game"),
    },
    values: {
      phase: {setup: pgettext("threebythree", "setup"), mulligan: pgettext("threebythree", "mulligan"),
              turns: pgettext("threebythree", "turns"), over: pgettext("threebythree", "the match is over")},
      step: {removal: pgettext("threebythree", "removal step"), enhance: pgettext("threebythree", "enhancement step"),
             counter: pgettext("threebythree", "counter window"), territory: pgettext("threebythree", "territory step"),
             strategy: pgettext("threebythree", "strategy step"), end: pgettext("threebythree", "end step"),
             respond: pgettext("threebythree", "answer window"), decision: pgettext("threebythree", "decision"),
             draw: pgettext("threebythree", "draw step"), battle: pgettext("threebythree", "battle"),
             pierce: pgettext("threebythree", "attacks with 透過"), attack: pgettext("threebythree", "attack step")},
      resume: {removal: pgettext("threebythree", "removal step"), enhance: pgettext("threebythree", "enhancement step"),
               territory: pgettext("threebythree", "territory step"), strategy: pgettext("threebythree", "strategy step"),
               end: pgettext("threebythree", "end step")},
      kind: {remove: pgettext("threebythree", "removal"), enhance: pgettext("threebythree", "enhancement"),
             magic: pgettext("threebythree", "magic"), grand: pgettext("threebythree", "grand magic"),
             counter: pgettext("threebythree", "counter"), dig: pgettext("threebythree", "dig"),
             discard: pgettext("threebythree", "discard"), heal: pgettext("threebythree", "heal"),
             undying: pgettext("threebythree", "undying"), pass: pgettext("threebythree", "pass")},
      state: {down: pgettext("threebythree", "face down"), up: pgettext("threebythree", "face up"),
              side: pgettext("threebythree", "sideways")},
      reason: {deck: pgettext("threebythree", "the deck ran out"), life: pgettext("threebythree", "life")},
    },
  }),
  "dimension-zero": () => ({
    keys: {
      amount: pgettext("dimension-zero", "damage"), attacker: pgettext("dimension-zero", "attacking unit"),
      deck: pgettext("dimension-zero", "deck"), defender: pgettext("dimension-zero", "defending unit"),
      from: pgettext("dimension-zero", "from"), line: pgettext("dimension-zero", "line"),
      removed: pgettext("dimension-zero", "remove zone"), trigger: pgettext("dimension-zero", "trigger"),
    },
    values: {
      phase: {setup: pgettext("dimension-zero", "setup"), mulligan: pgettext("dimension-zero", "mulligan"),
              release: pgettext("dimension-zero", "release phase"), draw: pgettext("dimension-zero", "draw phase"),
              recovery: pgettext("dimension-zero", "recovery phase"), energy: pgettext("dimension-zero", "energy phase"),
              main: pgettext("dimension-zero", "main phase"), battle: pgettext("dimension-zero", "battle"),
              smash: pgettext("dimension-zero", "smash phase"), end: pgettext("dimension-zero", "end of turn"),
              sideboard: pgettext("dimension-zero", "sideboarding"), over: pgettext("dimension-zero", "the match is over")},
      step: {first: pgettext("dimension-zero", "first battle step"), second: pgettext("dimension-zero", "second battle step"),
             end: pgettext("dimension-zero", "battle end step")},
      kind: {play: pgettext("dimension-zero", "play"), move: pgettext("dimension-zero", "move"),
             ability: pgettext("dimension-zero", "ability"), trigger: pgettext("dimension-zero", "trigger"),
             damage: pgettext("dimension-zero", "battle damage"), plan_create: pgettext("dimension-zero", "plan made"),
             plan_refresh: pgettext("dimension-zero", "plan refreshed"),
             first_player: pgettext("dimension-zero", "who goes first"),
             trigger_target: pgettext("dimension-zero", "a trigger's target"),
             adjacent_square: pgettext("dimension-zero", "an adjacent square"),
             own_square: pgettext("dimension-zero", "one of your squares"),
             base_line: pgettext("dimension-zero", "a base square"), put_unit: pgettext("dimension-zero", "a unit to put"),
             grave_order: pgettext("dimension-zero", "the order into the graveyard")},
      from: {hand: pgettext("dimension-zero", "hand"), plan: pgettext("dimension-zero", "plan zone")},
      source_zone: {square: pgettext("dimension-zero", "square"), base: pgettext("dimension-zero", "base"),
                    hand: pgettext("dimension-zero", "hand"), grave: pgettext("dimension-zero", "graveyard"),
                    energy: pgettext("dimension-zero", "energy zone"), smash: pgettext("dimension-zero", "smash zone"),
                    removed: pgettext("dimension-zero", "remove zone"), deck: pgettext("dimension-zero", "deck pile"),
                    stack: pgettext("dimension-zero", "stack")},
      mulligan: {offered: pgettext("dimension-zero", "may mulligan"), done: pgettext("dimension-zero", "done")},
      reason: {deck: pgettext("dimension-zero", "the deck ran out"), smash: pgettext("dimension-zero", "smash"),
               match: pgettext("dimension-zero", "the match is decided")},
    },
  }),
  "dokusenroku": () => ({
    keys: {
      amount: pgettext("dokusenroku", "amount"), at: pgettext("dokusenroku", "on square"),
      attacker: pgettext("dokusenroku", "invading character"), battle: pgettext("dokusenroku", "battle"),
      chain: pgettext("dokusenroku", "chain"), defender: pgettext("dokusenroku", "the defender"),
      flags: pgettext("dokusenroku", "this turn"), n: pgettext("dokusenroku", "squares"),
      order: pgettext("dokusenroku", "turn order"), owner: pgettext("dokusenroku", "owner"),
      phase: pgettext("dokusenroku", "stage of the game"), revealed: pgettext("dokusenroku", "revealed"),
      step: pgettext("dokusenroku", "step"), to: pgettext("dokusenroku", "paid to"),
      trigger: pgettext("dokusenroku", "ended by"), turn: pgettext("dokusenroku", "turn"),
    },
    values: {
      phase: {play: pgettext("dokusenroku", "in play"), over: pgettext("dokusenroku", "the match is over")},
      step: {main: pgettext("dokusenroku", "roll or play"), choose: pgettext("dokusenroku", "a choice"),
             sell: pgettext("dokusenroku", "selling land"), discard: pgettext("dokusenroku", "discarding"),
             land: pgettext("dokusenroku", "on an empty land"), own: pgettext("dokusenroku", "on their own land"),
             other: pgettext("dokusenroku", "on another player's land"), event: pgettext("dokusenroku", "on an EVENT square"),
             defend: pgettext("dokusenroku", "defending"), invader_support: pgettext("dokusenroku", "the invader's support"),
             refill: pgettext("dokusenroku", "refill")},
      resume: {main: pgettext("dokusenroku", "roll or play"), finish: pgettext("dokusenroku", "the end of the turn")},
      kind: {plus: pgettext("dokusenroku", "moves further"), choose: pgettext("dokusenroku", "chooses how far"),
             fixed: pgettext("dokusenroku", "moves a fixed number"), level_up: pgettext("dokusenroku", "level up"),
             recover: pgettext("dokusenroku", "back from the graveyard"), search: pgettext("dokusenroku", "search the deck")},
      third_eye: {invader: pgettext("dokusenroku", "the invader"), defender: pgettext("dokusenroku", "the defender")},
      reason: {deck: pgettext("dokusenroku", "a deck ran out")},
    },
  }),
  "shisoroku": () => ({
    keys: {
      by: pgettext("shisoroku", "by"), first: pgettext("shisoroku", "goes first"),
    },
    values: {
      phase: {action: pgettext("shisoroku", "action phase"), buy: pgettext("shisoroku", "buy phase"),
              cleanup: pgettext("shisoroku", "clean-up phase"), over: pgettext("shisoroku", "the match is over")},
      kind: {cards: pgettext("shisoroku", "choose cards"), gain: pgettext("shisoroku", "choose a card to gain"),
             mode: pgettext("shisoroku", "choose an option"), name: pgettext("shisoroku", "name a card"),
             order: pgettext("shisoroku", "choose the order"), react: pgettext("shisoroku", "reaction")},
      purpose: {trash: pgettext("shisoroku", "to trash"), discard: pgettext("shisoroku", "to discard"),
                play: pgettext("shisoroku", "to play"), pass: pgettext("shisoroku", "to pass on"),
                order: pgettext("shisoroku", "to order"), reveal: pgettext("shisoroku", "to reveal"),
                reveal_to_deck: pgettext("shisoroku", "to reveal and put on the deck"),
                back: pgettext("shisoroku", "to put back on the deck")},
      zone: {hand: pgettext("shisoroku", "hand"), looking: pgettext("shisoroku", "looking at"),
             revealed: pgettext("shisoroku", "revealed")},
      when: {attack: pgettext("shisoroku", "when attacked"), would_gain: pgettext("shisoroku", "when gaining"),
             buy_victory: pgettext("shisoroku", "when buying a victory card"), trashed: pgettext("shisoroku", "when trashed")},
      types: {action: pgettext("shisoroku", "action"), treasure: pgettext("shisoroku", "treasure"),
              victory: pgettext("shisoroku", "victory"), curse: pgettext("shisoroku", "minus"),
              attack: pgettext("shisoroku", "attack"), reaction: pgettext("shisoroku", "reaction"),
              duration: pgettext("shisoroku", "duration"), prize: pgettext("shisoroku", "prize"),
              shelter: pgettext("shisoroku", "shelter")},
      exclude_types: {action: pgettext("shisoroku", "action"), treasure: pgettext("shisoroku", "treasure"),
                      victory: pgettext("shisoroku", "victory"), curse: pgettext("shisoroku", "minus"),
                      attack: pgettext("shisoroku", "attack"), reaction: pgettext("shisoroku", "reaction"),
                      duration: pgettext("shisoroku", "duration"), prize: pgettext("shisoroku", "prize"),
                      shelter: pgettext("shisoroku", "shelter")},
      options: {cards: pgettext("shisoroku", "+cards"), actions: pgettext("shisoroku", "+actions"),
                coins: pgettext("shisoroku", "+coins"), treasure: pgettext("shisoroku", "gain treasure"),
                silvers: pgettext("shisoroku", "gain 奉納米"), remodel: pgettext("shisoroku", "remodel"),
                discard: pgettext("shisoroku", "discard"), minus: pgettext("shisoroku", "gain a minus card"),
                back: pgettext("shisoroku", "put back"), hand: pgettext("shisoroku", "to the hand")},
      by: {"score": pgettext("shisoroku", "victory points"), "fewer turns": pgettext("shisoroku", "fewer turns"),
           "shared win": pgettext("shisoroku", "shared win")},
      reasons: {"6vp-pile": pgettext("shisoroku", "the 6 VP pile ran out"),
                "10vp-pile": pgettext("shisoroku", "the 10 VP pile ran out"),
                "3-piles": pgettext("shisoroku", "three piles ran out")},
      start_deck: {hakurei: pgettext("shisoroku", "7 お賽銭 and 3 博麗神社"),
                   chirei: pgettext("shisoroku", "7 お賽銭 and the three 地霊 cards")},
    },
  }),
};
// ---- end of the tables ----

const NONE = {keys: {}, values: {}};
const built = new Map();

/** The game's own words (TERMS), built once per language. */
function terms(game) {
  const id = `${current()}\u0004${game}`;
  if (!built.has(id)) built.set(id, Object.hasOwn(TERMS, game ?? "") ? TERMS[game]() : NONE);
  return built.get(id);
}

/** A key of ``info``'s game view as a word: the game's term, else the common word, else a land's
 *  name where the key is a land (東方独占録's "L01"), else the key humanized. */
export function keyWord(info, key) {
  const own = terms(info?.id).keys[key];
  if (own) return own;
  if (Object.hasOwn(COMMON, key)) return _(COMMON[key]);
  return info?.lands?.[key]?.name ?? humanize(key);
}

/** A value of the view in words, where it names something of the game (a phase, a step, a kind of
 *  choice, a zone; a variant by its title), else null (shown as it is). */
export function valueWord(info, key, value) {
  if (typeof value !== "string") return null;
  if (key === "variant") return info?.variants?.find(v => v.id === value)?.title ?? null;
  const words = terms(info?.id).values[key];
  return words && Object.hasOwn(words, value) ? words[value] : null;
}
