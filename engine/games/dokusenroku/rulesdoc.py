"""RULES.md, rendered from the data so the document players read cannot drift from the game.

    python -m engine.games.dokusenroku.rulesdoc > engine/games/dokusenroku/RULES.md

(tests/dokusenroku/test_data.py fails when the file and the data disagree.)
"""
from engine.games.dokusenroku.board import ECON, EVENT_TABLE, LANDS, RAW as BOARD, SQUARES
from engine.games.dokusenroku.cards import RAW as CARDS
from engine.games.dokusenroku.rulebook import RULES

AREA_NAMES = {"blue": "青 blue", "red": "赤 red", "green": "緑 green", "yellow": "黄 yellow"}
KIND_NAMES = {"start": "START", "land": "land", "event": "EVENT", "sukima": "スキマ"}
ABILITY_TEXT = {
    "first_strike": "【先制攻撃】", "jamming": "【妨害】", "third_eye": "【第三の目】",
    "fairy": "【妖精】 +{atk} attack per other 妖精 on the board",
    "assault": "強襲: +{atk} attack when invading", "guard": "堅守: +{hp} HP when defending",
    "terrain": "地の利: +{hp} HP defending a {area} land", "breaker": "結界破り: no land bonus for the defender",
    "resurrect": "リザレクション: destroyed, back to hand", "bounty": "略奪: +{amount}圓 on winning a battle",
}
SUPPORT_TEXT = {"atk": "+{n} attack", "hp": "+{n} HP", "first_strike": "gives 【先制攻撃】",
                "jamming": "gives 【妨害】", "breaker": "gives 結界破り"}
TARGET_TEXT = {"none": "—", "other": "another player", "own_land": "your land", "other_land": "another's land"}

RULINGS = """\
## How kifu reads the rulebook

The seed (shared/seeds/002) is the rulebook; where it is silent kifu rules as follows. Rule ids in
brackets are those events and errors cite (`dokusenroku/<id>`, listed at the end).

- **Turn** [turn.order]: Ⅰ draw, Ⅱ spell, Ⅲ invest, Ⅳ roll come in this order. Ⅰ-Ⅲ may be skipped;
  the draw is possible only as the first thing in the turn, a spell only before investing. Spells
  marked *free* do not count as the turn's one spell (一部を除く). Investing raises one land by one
  or more levels at once, paying its investment per level; the top level is 5 (kifu).
- **Squares wait** only when the player holds a card and has at least 10圓 (the cheapest character):
  these are public facts, so the log never tells the table what a hand could not do. Otherwise an
  empty or own land passes, and another's land charges its toll. On EVENT the player may also
  decline both choices. An EVENT level-up with exactly one land to raise raises it without asking.
- **Tolls and money** [money.*]: only a toll can bankrupt a player, as the seed's 破産 says. A player
  short of the toll sells lands of their choice one at a time at base value + the toll the land has at
  that moment, and stops as soon as the toll can be paid. With nothing left to sell the player is
  bankrupt: the owner still receives the whole toll (the player's money plus the bank's shortfall),
  and the player moves to START holding the lap-bonus amount (20 + 3 × lands owned by all players
  after the sales) and may draw until holding 5 cards. Other payments (EVENT and spell effects) take
  at most what the payer has [money.capped].
- **Invasion** [battle.*]: the invader pays the character's cost when invading; each support is paid
  when it is revealed (its cost would otherwise give it away). "No support" is allowed and is seen
  by the table (no face-down card). A defender holding no card is not asked. Each side strikes at
  most once: the first striker, then the other if it survived. The invader wins only by destroying
  the defender; the defender's character stays in every other case.
- **【先制攻撃】**: from the character or a support; the defender strikes first only if it has it and
  the invader does not.
- **【妨害】**: a character's own 妨害 voids the opposing support. A support that adds 妨害 is void
  when the other side has 妨害 (so when both supports add it, both are void); a valid one voids the
  opposing support. A void support is still paid for and still goes to the graveyard.
- **【第三の目】**: the side holding it chooses its support after the other side's support has been
  chosen and revealed (when the invader holds it, the invader puts out the character alone first).
  Both sides holding it cancel out: the normal order.
- **【妖精】**: +attack for each other 妖精 character placed on a land; in constructed only the fairies
  of the character's own player count.
- **Movement spells** [spell.movement]: each player has one pending move change; a later movement
  spell replaces it (その他 ④); it is used up by that player's next move. 凍符「パーフェクトフリーズ」
  targets another player.
- **Search** [constructed.search]: the searcher sees the deck's contents (not its order) with the
  removed cards put back, takes one card (or none), and the deck is shuffled and the agreed number
  removed again, unseen.
- **End** [end.*] (option `end`, README.md "The end of the game"): by default (`deck-out`) the game
  ends the moment a deck runs out: the draw (the turn's draw, a spell, EVENT, the bankruptcy refill)
  or search that takes its last card ends it; in constructed, any player's own deck, whatever the
  others hold. `empty-draw` (card set kifu.1's reading) ends it when a draw finds the drawer's deck
  empty; drawing being optional (Ⅰ), that game can go on with an empty deck for as long as nobody draws.
  **Total assets** = money + for each land owned, its base value at its level + its current toll
  (the sale price; 連鎖をすると…総資産を増やす事にもつながります). The highest total wins; equal
  totals share the win.
- **Deck-size adjustment** [constructed.adjust]: the agreed number (`options.removed`) is removed
  from each deck after shuffling: default 0 / 5 / 10 cards with 2 / 3 / 4 players in constructed
  (the seed's 目安), or none unless a number is agreed when the match chose the ruling
  removal-default `agreed` (README.md "Rulings"). kifu also lets a standard table agree on a number
  (default 0).
- **カリスマ in a constructed deck** [constructed.deck]: each player gets one カリスマ besides the 40
  cards; the 40 may not hold カリスマ cards unless the match chose the ruling charisma-in-deck `in-deck`
  (then up to 3, like any card).
"""


def _ability(entries, texts):
    parts = []
    for name, params in entries.items():
        params = {k: AREA_NAMES.get(v, v) for k, v in params.items()}
        parts.append(texts[name].format(**params))
    return "; ".join(parts) or "—"


def _entries(raw):
    return {e["do"]: {k: v for k, v in e.items() if k != "do"} for e in raw}


def render() -> str:
    out = ["# 東方独占録 — the board, tables and cards kifu plays (seed 002)", "",
           "Generated by `python -m engine.games.dokusenroku.rulesdoc` from board.json and cards.json.",
           "No board, land, toll table or card list of the printed game is public: everything below is",
           "**designed** by kifu unless marked *seed* (the rulebook) or *public* (Touhou names, the circle's",
           "rules page). The one number the seed gives is kept: a level-3 land in a 4-chain has a 100圓 toll",
           "(marked ★).", "", RULINGS, "## Economy", "",
           f"- Starting money {ECON['start_money']}圓 (seed); hand {ECON['hand_size']} cards + カリスマ (seed); "
           f"hand limit {ECON['hand_limit']} at the end of the turn (seed).",
           f"- Lap bonus {ECON['lap_bonus']}圓 + {ECON['lap_bonus_per_land']}圓 × lands owned by all players "
           f"(seed); stopping on START: +{ECON['start_square_bonus']}圓 (seed).",
           f"- Land bonus in battle: level × {ECON['level_hp']} HP (seed). Levels 1-{ECON['max_level']} (designed); "
           f"chains count up to {ECON['chain_cap']} (seed).", ""]
    b = BOARD["board"]
    out += ["## The board", "", f"{b['name']}: {len(SQUARES)} squares in one loop, two joined pieces "
            + ", ".join(f"{p['name']} (squares {p['squares'][0]}-{p['squares'][1]})" for p in b["pieces"])
            + ". Players move with increasing square numbers; 31 is followed by 0 (START).", "",
            "| square | kind | land | area |", "|---|---|---|---|"]
    for i, sq in enumerate(SQUARES):
        land = LANDS.get(sq.get("land"))
        out.append(f"| {i} | {KIND_NAMES[sq['kind']]} | {f'{land.id} {land.name}' if land else ''} | "
                   f"{AREA_NAMES[land.area] if land else ''} |")
    out += ["", "## Land cards", "",
            "Each land: base value by level (土地カード ②), toll by level and chain (④; 6+ lands count as a",
            "5-chain), and the investment per level (⑤).", ""]
    for lid, land in sorted(LANDS.items()):
        raw = BOARD["lands"][lid]
        out += [f"### {lid} {land.name} ({raw['gloss']}) — {AREA_NAMES[land.area]}, square {land.square}, "
                f"invest {land.invest}圓/level", "", "| level | base value | 1-chain | 2-chain | 3-chain | 4-chain | 5-chain |",
                "|---|---|---|---|---|---|---|"]
        for lv in range(5):
            cells = [str(t) + (" ★" if lv == 2 and c == 3 and "toll(level 3, chain 4)" in raw["provenance"] else "")
                     for c, t in enumerate(land.tolls[lv])]
            out.append(f"| {lv + 1} | ({land.values[lv]}) | " + " | ".join(cells) + " |")
        out.append("")
    out += ["## EVENT bonus table (roll 2d6)", "", "| 2d6 | name | effect |", "|---|---|---|"]
    for total in range(2, 13):
        e = EVENT_TABLE[total]
        out.append(f"| {total} | {e['name']} | {e['text']} |")
    out += ["", "## Character cards", "",
            "Cost is paid alike to place, invade or support (キャラクターカード ①). Names and epithets are public;",
            "numbers and abilities designed.", "",
            "| id | name | title | cost | attack | HP | ability | support |", "|---|---|---|---|---|---|---|---|"]
    for cid, c in CARDS["characters"].items():
        out.append(f"| {cid} | {c['name']} | {c['title']} | {c['cost']} | {c['attack']} | {c['hp']} | "
                   f"{_ability(_entries(c['ability']), ABILITY_TEXT)} | {_ability(_entries(c['support']), SUPPORT_TEXT)} |")
    out += ["", "## Spell cards", "", "| id | name | cost | target | effect | provenance |", "|---|---|---|---|---|---|"]
    for sid, s in CARDS["spells"].items():
        prov = ", ".join(f"{k}: {v}" for k, v in s["provenance"].items())
        out.append(f"| {sid} | {s['name']} | {s['cost']} | {TARGET_TEXT[s['target']]} | "
                   f"{s['text']}{' (free)' if s['free'] else ''} | {prov} |")
    for xid, x in CARDS["charisma"].items():
        out += ["", "## カリスマ", "", f"{xid} {x['name']}: cost {x['cost']}, support only: "
                f"{_ability(_entries(x['support']), SUPPORT_TEXT)}. {x['note']}"]
    out += ["", "## Preset decks (constructed, designed)", ""]
    for pid, p in CARDS["presets"].items():
        out.append(f"- `{pid}` {p['name']}: " + ", ".join(f"{c}×{n}" for c, n in sorted(p["cards"].items())))
    out += ["", "## Rule ids", "", "| id | seed section | statement |", "|---|---|---|"]
    out += [f"| {k} | {s} | {t} |" for k, (s, t) in RULES.items()]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(render(), end="")
