"""The 3x3Wars rules kifu implements, by id, with the seed section each comes from.

Seed: shared/seeds/003_* (3x3Wars マニュアル ver.1.2). Every event and every IllegalAction cites one
of these ids as ``threebythree/<id>``. Each statement is a message of the ``threebythree`` catalog: the
English as kifu states it, the Japanese in the manual's own words (``statement``).
"""
from engine.core.i18n import Catalog, N_

_, ngettext = Catalog.of("threebythree").functions()

RULES = {
    "setup.remove": ("◇ゲーム準備 (初級)", N_("The Overlord level sets aside 8 deck cards (001 002 012 013 022 023 038 039) and 14 magic cards.")),
    "setup.deal": ("○初級ルール開始前手順", N_("First player by lot; 2 magic dealt to each; 8 deck cards to the first player, 9 to the second; the rest is the common deck.")),
    "setup.choose": ("○初級ルール開始前手順", N_("Each player puts 3 of the dealt deck cards face down as territories and 1 of the 2 magic face down; the rest is the hand (5 / 6).")),
    "setup.position": ("(kifu) analysis setup", N_("An analysis match starts from an explicit position given by its creator.")),
    "win.life": ("◇勝利条件", N_("When a player's life is 0 or less the game ends at once; the player with life left wins.")),
    "win.deck": ("◇勝利条件 / 1.1", N_("When the deck is empty, the game ends at the end of that turn: higher life wins, equal life is a draw.")),
    "turn.order": ("◇ゲームの流れ", N_("Players alternate turns of 5 phases and 9 steps, in order.")),
    "1.1": ("1.1 ドローステップ", N_("The active player must draw 1 card; there is no hand limit.")),
    "2.0": ("2.0 呪文フェイズ", N_("Spells (removal, enhancement, counter) may be used only in the spell phase.")),
    "2.0.once-per-target": ("【呪文発動条件1】", N_("Each card on the field may be the target of at most one spell per turn.")),
    "2.0.simultaneous": ("【呪文発動条件2】", N_("All spells of a step are declared at once and resolved together.")),
    "2.1": ("2.1 除去ステップ", N_("The active player may remove opposing units with cards from hand (optional step).")),
    "2.1.single": ("○1枚除去", N_("One card whose cost equals the target unit's cost removes it.")),
    "2.1.double": ("○2枚除去", N_("Two cards whose costs add up to at least the target unit's cost remove it.")),
    "2.2": ("2.2 強化ステップ", N_("A card of the same colour as one of your units gives it +its cost power until the battle ends (optional step).")),
    "2.3": ("2.3 打消", N_("A removal or enhancement can be countered with cards of exactly the same count and numbers.")),
    "2.3.chain": ("・打消の特性", N_("Counters may be countered again, alternately, until a player passes.")),
    "2.3.resolve": ("○打消後の解決", N_("Counters resolve last-first; a spell left standing takes effect; countered cards go to the discard pile.")),
    "3.0": ("3.0 戦闘フェイズ", N_("Your units attack if you have any; battles never destroy units.")),
    "3.1": ("3.1 透過攻撃ステップ", N_("Your 透過 units' total power minus the opponent's 双壁 units' total power is dealt as damage (at least 0).")),
    "3.2": ("3.2 攻撃ステップ", N_("Your other units' total power minus the opponent's units' total power is dealt as damage (at least 0).")),
    "3.3": ("3.3 戦闘終了ステップ", N_("Power from enhancement ends.")),
    "4.1": ("4.1 領土拡大ステップ", N_("Once per turn you may put a card from hand face down sideways as a territory (optional step).")),
    "4.2": ("4.2 戦略ステップ", N_("Once per turn you may either deploy or redeploy (optional step); at most 3 units on your field.")),
    "4.2.deploy": ("①配備 / 誤りと訂正1", N_("Deploy a unit whose cost is at most your number of territories into an empty deployment area.")),
    "4.2.redeploy": ("②再配備 / 誤りと訂正1", N_("Discard any of your units; deploy a unit whose cost is at most their total cost plus your territories.")),
    "5.1": ("5.1 手番終了ステップ", N_("The turn passes to the opponent.")),
    "magic.basic": ("【魔法の基本ルール:初級】", N_("Magic may be used once per turn, any time during your own turn.")),
    "magic.requirement": ("○必要魔力", N_("The units on both fields must include the number and attributes the magic requires.")),
    "magic.condition": ("○發動条件", N_("A bracketed condition on the magic must hold.")),
    "magic.cost": ("○發動コスト", N_("Pay by turning the magic face down -> face up -> sideways: at most twice per game.")),
    "magic.effect": ("○効果", N_("The effect is carried out as far as possible.")),
    "trait.透過": ("3.1 / ○ユニットの特性", N_("透過 units attack in the 透過 attack step and are blocked only by 双壁.")),
    "trait.透化": ("○ユニットの特性", N_("A 透化 card used to enhance ignores colour, adds +0 and gives the unit 透過 until the battle ends (inferred).")),
    "trait.ブロック不可": ("○ユニットの特性", N_("A ブロック不可 unit's power does not count when defending.")),
    "trait.双壁": ("3.2 Tips", N_("A 双壁 unit defends in both attack steps.")),
    "trait.強化不可": ("○ユニットの特性", N_("A 強化不可 unit cannot be enhanced.")),
    "card.調律": ("○《調律》 (ルール補足説明)", N_("調律 (変幻) counts as cost 1, 2 or 3, chosen by its user each time it is used.")),
    "card.呪文砕き": ("○《呪文砕き》の特性「ワイルドカード」", N_("呪文砕き only counters, whatever the numbers (the card count must match); only another 呪文砕き counters it.")),
    "supplement.destroy": ("○破壊について", N_("A destroyed card goes from the field to the discard pile.")),
    "actions": ("(kifu) action vocabulary", N_("Actions must have the documented shape.")),
    # 中級 (Apprentice)
    "apprentice.setup": ("★中級ルール ◇ゲーム準備 / 開始前手順", N_("A random 魔法山札 and 師匠 each; 9 cards each, keep 6 and 3 of the 4 magic; no territories; the unchosen cards go under the deck, mixed.")),
    "apprentice.mulligan": ("・マリガン", N_("Return all dealt cards, reshuffle and take one fewer; at most 3 times; after the third the 6 cards are the hand.")),
    "apprentice.mentor": ("○魔法の「師匠」", N_("Your 師匠's colour counts as one point of requirement for your magic only; it never fights.")),
    "apprentice.magic": ("【魔法の基本ルール:中級】", N_("Magic only in your own turn; each magic at most once per turn.")),
    # 上級 (Wizard) and Seven Mage
    "wizard.setup": ("★上級ルール ◇ゲーム準備 / 開始前手順", N_("転生 入植 透禍の槍 to each; 4 of the 16 magic each; 9 of all 48 deck cards each; keep 6 and 3 of the 7 magic; mulligan as in 中級.")),
    "seven-mage.setup": ("・セブンメイジ戦", N_("Two 6-card hands each, keep one (no mulligan, magic unseen), the other goes back and the deck is shuffled; then 7 of the 16 magic each, keep 3; no basic magic.")),
    "grand.basic": ("【大魔術の基本ルール】", N_("Grand magic only in your own turn (unless it says otherwise), one per turn, no requirement.")),
    "grand.cost": ("【大魔術の発動コストを支払う方法】", N_("Pay by removing a face-down or face-up magic from the game; a sideways one cannot pay.")),
    "grand.不許火": ("○大魔術「★不許火」", N_("Also in the opponent's turn: negates a magic or an enhancement, as a counter does; it cannot be countered.")),
    "grand.海癒": ("○大魔術「★海癒」", N_("Keep 4 random cards of the discard pile (remove the rest), choose one, gain life equal to its cost (呪文砕き 0, 調律 1-3).")),
    "grand.探生": ("○大魔術「★探生」", N_("Exchange a card of your hand with a unit card of the discard pile; with no hand nothing happens.")),
    "grand.天写": ("○大魔術「★天写」", N_("Use another magic (a face-down one of yours unless the match chose otherwise: ruling tensha-target), ignoring its requirement and cost but not the magic rules or its condition.")),
    "grand.無尽増": ("Q&A ★無尽増", N_("Until the end of the turn your magic cannot be negated, and you have one extra point of requirement of any attribute.")),
    "magic.残響": ("○残響", N_("A sideways 残響 magic may be used once more by removing it from the game.")),
    "magic.顕在": ("○顕在", N_("While face up the effect lasts; if the card leaves the field face up it lasts to the end of that turn.")),
    "supplement.増加": ("○強化と増加について", N_("増加 is not 強化: no once-per-unit limit, and an enhanced unit may be increased.")),
    "trait.豊穡": ("○豊穡", N_("+1 territory modifier; not a territory, and not counted when the unit is the redeploy cost.")),
    "trait.膨張": ("○膨張", N_("+2 power as 増加, not 強化; the cost stays as printed.")),
    "trait.占有": ("○占有", N_("When the opponent counts requirement, this unit on your field does not count.")),
    "trait.不死": ("○不死", N_("When destroyed it returns to its owner's hand (only when destroyed; at its owner's choice if the match chose so: ruling fushi-optional).")),
    "trait.速攻": ("○速攻", N_("The strategy step moves ahead of the battle for deploying this unit.")),
    "trait.宝掘": ("Q&A 護宝妖精", N_("When it enters you may draw 1; only if you drew, discard 1.")),
    "trait.交代": ("(designed) 交代", N_("When you redeploy, this unit may go back to your hand instead of the discard pile; its cost still counts.")),
}


_PREFIXED = {rule_id: "threebythree/" + rule_id for rule_id in RULES}


def statement(rule_id: str) -> str:
    """The rule's statement in the caller's language."""
    return _(RULES[rule_id][1])


def rule(rule_id: str) -> str:
    try:
        return _PREFIXED[rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the 3x3Wars rulebook") from None
