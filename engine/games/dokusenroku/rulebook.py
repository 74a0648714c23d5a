"""The 東方独占録 rules kifu implements, by id, with the seed section each comes from.

Seed: shared/seeds/002_* (東方独占録 rulebook). Every event and every IllegalAction cites one of these
ids as ``dokusenroku/<id>``. Sections marked "(kifu)" are kifu's own rulings where the seed is silent;
RULES.md beside this file explains each. Statements are marked for the ``dokusenroku`` catalog (N_): the
Japanese of each follows the cited seed lines; whoever shows a statement translates it (``_(statement)``).
"""
from engine.core.i18n import N_

RULES = {
    # 勝利条件 / ゲームの準備
    "end.deck-out": ("勝利条件 / 追加ルール ~ゲーム終了条件~ (reading: kifu)", N_("The game ends the moment the deck runs out: the draw (or search) that takes its last card ends it (option end: deck-out, the default).")),
    "end.draw": ("勝利条件", N_("With option end: empty-draw, the game ends at once when a player draws a card and the deck is empty.")),
    "end.assets": ("勝利条件 / ゲームの目的 (assets: kifu)", N_("The highest total assets win: money plus, for each land, its base value at its level plus its current toll; equal totals share the win.")),
    "setup.deck": ("ゲームの準備 Ⅰ", N_("All character and spell cards are shuffled into the deck.")),
    "setup.money": ("ゲームの準備 Ⅱ", N_("Each player gets 40圓 from the bank.")),
    "setup.hand": ("ゲームの準備 Ⅲ", N_("Each player draws 5 cards and adds one カリスマ card.")),
    "setup.order": ("ゲームの準備 Ⅳ", N_("Each player rolls 2d6; the highest total starts, tied highest totals roll again; play goes clockwise.")),
    "setup.position": ("(kifu) analysis setup", N_("An analysis match starts from an explicit position given by its creator.")),
    # ゲームの進行
    "turn.order": ("ゲームの進行", N_("Turns go clockwise; in a turn Ⅰ-Ⅴ come in order, Ⅰ-Ⅲ may be skipped, Ⅳ and Ⅴ may not.")),
    "turn.draw": ("ゲームの進行 Ⅰ", N_("The player may draw one card from the deck.")),
    "turn.spell": ("ゲームの進行 Ⅱ / スペルカード", N_("The player may use at most one spell card, paying its cost; cards that say so do not count.")),
    "turn.invest": ("ゲームの進行 Ⅲ / 土地カード ⑤", N_("The player may invest in one owned land, paying its investment per level raised.")),
    "turn.move": ("ゲームの進行 Ⅳ / 移動の方法", N_("The player must roll 2d6 and move that many squares.")),
    "turn.hand-limit": ("ゲームの進行 Ⅴ", N_("A player ending the turn with 7 or more cards discards down to 6 into the graveyard.")),
    "turn.end": ("ゲームの進行", N_("After these actions the turn passes to the player on the left (clockwise).")),
    # 移動の方法
    "square.empty": ("移動の方法 Ⅰ", N_("On an empty land the player may pay a character's cost and place it, gaining the land.")),
    "square.own": ("移動の方法 Ⅱ", N_("On an own land the player may place a new character, paying its cost; the old one returns to the hand.")),
    "square.other": ("移動の方法 Ⅲ", N_("On another player's land the player either pays the toll or invades.")),
    "square.toll": ("移動の方法 Ⅲ①", N_("The toll shown by the land card for its level and chain is paid to the land's owner.")),
    "square.invade": ("移動の方法 Ⅲ②", N_("The player invades with a character and a support card; winning takes the land, losing pays the toll.")),
    "square.pass-start": ("移動の方法 Ⅳ", N_("Passing START gives the lap bonus: 20圓 + 3 × the lands owned by all players.")),
    "square.start": ("移動の方法 Ⅴ", N_("Stopping exactly on START gives 40圓 besides the lap bonus.")),
    "square.event": ("移動の方法 Ⅵ", N_("On EVENT the player chooses: re-place a character on an owned land, or roll 2d6 for the board's bonus.")),
    "square.event.replace": ("移動の方法 Ⅵ①", N_("Re-placing pays the new character's cost; the old character returns to the hand.")),
    "square.event.bonus": ("移動の方法 Ⅵ②", N_("Roll 2d6 and follow the instruction the board gives for that total (table designed by kifu).")),
    "square.sukima": ("移動の方法 Ⅶ", N_("Nothing happens on a スキマ square.")),
    # 破産
    "money.sell": ("破産", N_("A player who cannot pay a toll sells owned lands until the toll can be paid.")),
    "money.sell-price": ("破産", N_("A land sells for its base value plus its current toll (level and chain).")),
    "money.sell-order": ("破産", N_("Lands are sold one at a time, so a chain's price drops with each land sold.")),
    "money.sold-land": ("破産", N_("A sold land's character goes to the graveyard and the land's level returns to 1.")),
    "money.bankrupt": ("破産", N_("Unable to pay even after selling: bankrupt, the player moves to START holding the lap-bonus amount; the bank pays the shortfall.")),
    "money.refill": ("破産", N_("The bankrupt player may draw until holding 5 cards.")),
    "money.capped": ("(kifu) payments other than tolls", N_("A payment other than a toll (EVENT and spell effects) takes at most what the payer has.")),
    # 土地
    "land.level": ("土地 Ⅰ / 土地カード ②", N_("A land's level (1-5; the maximum is kifu's) sets its base value and toll.")),
    "land.level-bonus": ("土地 Ⅰ② / 戦闘の流れ Ⅲ", N_("A defending character gets the land's level × 10 added to its HP.")),
    "land.chain": ("土地 Ⅱ / 土地カード ③", N_("A land's chain is the number of lands of its area its owner holds; 6 or more count as 5.")),
    "land.toll": ("土地カード ④", N_("The toll is read from the land card by level and chain (level 3, 4-chain: 100圓 on the seed's card).")),
    "land.keep-level": ("土地 Ⅲ", N_("When a battle changes a land's owner, its level is kept.")),
    # 戦闘の流れ
    "battle.invader": ("戦闘の流れ Ⅰ", N_("The invader puts out a character (paying its cost) and a support card face down.")),
    "battle.defender": ("戦闘の流れ Ⅱ", N_("The defender fights with the land's character and puts out only a support card face down.")),
    "battle.reveal": ("戦闘の流れ Ⅲ", N_("The supports are revealed and paid for, support abilities apply, and the land bonus is added.")),
    "battle.strike": ("戦闘の流れ Ⅳ①", N_("The invader strikes first: the defender loses HP equal to the attack; at 0 or less it is destroyed.")),
    "battle.counter": ("戦闘の流れ Ⅳ②", N_("A surviving defender wins and strikes back; an invader at 0 HP or less is destroyed.")),
    "battle.graveyard": ("戦闘の流れ Ⅳ (使用したカードを墓地に送る)", N_("Destroyed characters and all used supports go to the graveyard; a surviving losing invader returns to the hand.")),
    "battle.win": ("戦闘の流れ Ⅴ①", N_("A winning invader's character is placed on the land and the invader owns it (level kept).")),
    "battle.lose": ("戦闘の流れ Ⅴ②", N_("A losing invader pays the toll.")),
    "ability.first-strike": ("その他 ①【先制攻撃】", N_("First strike lets the defender strike first; if both have it the invader strikes first.")),
    "ability.jamming": ("その他 ②【妨害】", N_("妨害 voids the opponent's support; a support adding 妨害 against 妨害 is void (both void when both supports add it: kifu).")),
    "ability.third-eye": ("その他 ③【第三の目】", N_("第三の目: the opponent chooses and reveals a support first, then this side chooses (both: normal order, kifu).")),
    "ability.fairy": ("追加ルール (【妖精】)", N_("【妖精】 gains attack for every other 妖精 placed on the board; in constructed only its owner's count.")),
    "ability.assault": ("(kifu) 強襲", N_("When invading, this character has extra attack.")),
    "ability.guard": ("(kifu) 堅守", N_("When defending its land, this character has extra HP.")),
    "ability.terrain": ("(kifu) 地の利", N_("When defending a land of the named area, this character has extra HP.")),
    "ability.breaker": ("(kifu) 結界破り", N_("The land bonus is not added to the HP of a character this one invades.")),
    "ability.resurrect": ("(kifu) リザレクション", N_("Destroyed, this character returns to its owner's hand instead of the graveyard.")),
    "ability.bounty": ("(kifu) 略奪", N_("When this character wins a battle its owner gains money from the bank.")),
    "card.cost": ("キャラクターカード ① / スペルカード ①", N_("A card costs the same money whether used as a character or as a support; spells cost their printed amount.")),
    "card.support": ("キャラクターカード ③", N_("A support card contributes only its support ability; only character cards and カリスマ support.")),
    "card.charisma": ("ゲームの準備 Ⅲ / (public) rules page", N_("The カリスマ card can only be used as a support card.")),
    "spell.not-placeable": ("スペルカード", N_("Spell cards cannot be placed on a land.")),
    "spell.movement": ("その他 ④", N_("Spells that change how far a player moves override one another: the latest one counts.")),
    "spell.effect": ("スペルカード ②", N_("A spell's effect is carried out as far as possible (effects designed by kifu).")),
    # 追加ルール (デッキ構築)
    "constructed.deck": ("追加ルール ~デッキ構築制限~", N_("A constructed deck is exactly 40 cards, at most 3 of each card, plus one カリスマ card besides (whether the 40 may hold カリスマ cards too: ruling charisma-in-deck).")),
    "constructed.piles": ("追加ルール ~ゲームの流れ~", N_("Each player has their own deck and graveyard.")),
    "constructed.end": ("追加ルール ~ゲーム終了条件~", N_("The game ends when any player's deck runs out (deck-out: the moment it is empty; empty-draw: when its owner draws from it empty), even if other decks still hold cards.")),
    "constructed.adjust": ("追加ルール ~デッキの枚数調整~", N_("After shuffling, the agreed number of cards is removed unseen (about 5 with 3 players, 10 with 4; with no number agreed: ruling removal-default).")),
    "constructed.search": ("追加ルール ~デッキの枚数調整~", N_("A search of the deck first returns the removed cards; afterwards the deck is shuffled and the same number removed again.")),
    "actions": ("(kifu) action vocabulary", N_("Actions must have the shape README.md documents.")),
}


def rule(rule_id: str) -> str:
    if rule_id not in RULES:
        raise KeyError(f"no rule {rule_id!r} in the 東方独占録 rulebook")
    return "dokusenroku/" + rule_id
