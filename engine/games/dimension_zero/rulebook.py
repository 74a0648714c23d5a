"""The Dimension Zero rules kifu implements, by id, with the seed section each comes from.

Seeds: shared/seeds/001_* (ディメンション・ゼロ First Century RULE BOOK v1.0) and shared/seeds/000_*
(東方零次元). Every event and every IllegalAction cites one of these ids as ``dimension-zero/<id>``.
A statement is read in the caller's language (engine/core/i18n.py): the Japanese in locale/ja quotes or
closely follows the cited seed lines.
"""
from engine.core.i18n import Catalog, N_

_, ngettext = Catalog.of("dimension_zero").functions()


class Rules(dict):
    """rule id -> (seed section, statement), the statement told in the caller's language when read
    (describe() reads the rulebook at request time, in the request's language)."""

    def __getitem__(self, rule_id):
        section, statement = super().__getitem__(rule_id)
        return section, _(statement)

    def get(self, rule_id, default=None):
        return self[rule_id] if rule_id in self else default

    def items(self):
        return [(rule_id, self[rule_id]) for rule_id in self]

    def values(self):
        return [self[rule_id] for rule_id in self]


RULES = Rules({
    "deck": ("001 ch.2 §1 / 000 デッキについて", N_("A deck is 40 cards with at most 3 cards of one name.")),
    "deck.instant": ("000 インスタント対戦", N_("An instant deck is 25 cards, one per name; 5 smash wins.")),
    "deck.name": ("000 カード名について", N_("In play a name ignores its 〈〉 part; deck building counts the full name.")),
    "deck.sideboard": ("001 ch.2 §6", N_("A sideboard is 10 cards; deck and sideboard together hold at most 3 of a name.")),
    "setup.deal": ("001 ch.2 §2 / 000 対戦の開始", N_("Shuffle, decide the first player at random, draw 5 cards each.")),
    "setup.mulligan": ("000 対戦の開始 ④", N_("The second player may once put the whole hand on the deck bottom in any order and draw 5.")),
    "setup.position": ("(kifu) analysis setup", N_("An analysis match starts from an explicit position with an empty stack.")),
    "zones": ("001 ch.1 §4 / ch.3 §2 / 000 プレイシートの見方", N_("Deck, plan zone, hand, graveyard, energy, smash, remove zone, 3x3 battle space, 3 base squares; face-up cards are public, face-down ones seen by nobody.")),
    "order": ("001 ch.3 §6", N_("Deck and graveyard keep their order; the owner orders simultaneous arrivals.")),
    "turn.release": ("001 ch.2 §3(1)", N_("The active player releases all their frozen cards.")),
    "turn.draw": ("001 ch.2 §3(2)", N_("The active player draws a card; the first player skips it on turn 1.")),
    "turn.energy": ("001 ch.2 §3(3)", N_("The active player may put one card from hand into the energy zone, face up and released.")),
    "turn.main": ("001 ch.2 §3(4)", N_("Both players act in the main phase; everything done there goes on the stack.")),
    "turn.smash": ("001 ch.2 §3(5) / 000 フェイズの詳細(3)", N_("Freeze released units in the centre (smash) or enemy area (smash+1) to move opponent's deck-top cards to their smash zone.")),
    "turn.end": ("(kifu) end of turn", N_("Abilities that trigger at the end of the turn are stacked and answered before the recovery phase.")),
    "turn.recovery": ("001 ch.2 §3(6)", N_("All units' damage is healed; until-end-of-turn effects end; the turn passes.")),
    "timing": ("001 ch.2 §3(4) Column タイミング", N_("Normal: own main phase, no battle, empty stack. Quick: any main phase outside battle. Battle: whenever you have priority.")),
    "timing.plan": ("001 ch.2 §3(4)④-⑥ / Q2", N_("Cards in the plan zone are played at normal timing only, whatever their printed timing.")),
    "cost": ("001 ch.2 Column コストの支払い / 000 カードのコスト", N_("Coloured energy: freeze energy-zone cards of that colour; colourless: any energy or smash card; a multicolour card pays one of its colours.")),
    "cost.freeze": ("000 カードのコスト③(1)", N_("A freeze cost is paid by freezing a released card; a frozen card cannot be frozen again.")),
    "cost.nostack": ("001 ch.2 Column ⑤ / 000 重要", N_("Paying costs never uses the stack.")),
    "play.unit": ("001 ch.2 §3(4)① / 000 カードのプレイ①", N_("A unit is played onto an own- or centre-area square without your unit and enters frozen.")),
    "play.base": ("001 ch.2 §3(4)② / 000 カードのプレイ②", N_("A base is played onto a base square without your base and enters released.")),
    "play.strategy": ("001 ch.2 §3(4)③ / 000 カードのプレイ③", N_("A strategy takes effect and then goes to its owner's graveyard.")),
    "plan.create": ("001 ch.2 §3(4)② / 000 プランゾーン(6)", N_("Pay colourless 1: the top card of your deck turns face up as the plan zone.")),
    "plan.refresh": ("001 ch.2 §3(4)③ / 000 プランゾーン(7)", N_("Pay colourless 1: the plan card goes to the graveyard and the next top card becomes the plan zone; fails if the plan card left first.")),
    "plan.draw": ("001 ch.2 §3(4)② 本文", N_("The plan card is the deck's top card; drawing or shuffling ends the plan zone.")),
    "move": ("001 ch.2 §3(4)⑦ / 000 移動と起動効果(9)", N_("Pay the move cost: a released unit goes to an orthogonally adjacent square without your unit, released; any number of times.")),
    "activate": ("000 移動と起動効果 / テキストシンボル●", N_("Pay an ● ability's cost at its timing; its effect goes on the stack.")),
    "stack": ("001 ch.3 §3 / 000 スタックとタイミング", N_("Actions and effects wait on the stack and resolve last in, first out.")),
    "stack.independent": ("001 ch.3 §4(1)", N_("An effect on the stack resolves even if its source has left.")),
    "priority": ("001 ch.3 §4(1) / 000 優先権", N_("Only the priority holder acts; the active player gets priority whenever something is stacked or resolved.")),
    "priority.pass": ("001 ch.3 §4(1) / 000 優先権(3)(4)", N_("A pass gives priority to the opponent; two passes in a row resolve the top item, or end the main phase on an empty stack.")),
    "stack.waiting": ("001 ch.3 §4(1) / 000 優先権(6)", N_("A battle puts the current stack on hold until it ends; then the stack resolves on.")),
    "battle.start": ("001 ch.2 §4 / 000 ルールエフェクト8", N_("When two players' units share a square a battle starts at once (no stack); the later-placed unit attacks.")),
    "battle.priority": ("001 ch.3 §4(2)", N_("In a battle only battle-timing actions; the active player gets priority at its start.")),
    "battle.first": ("001 ch.2 §4(1)", N_("First battle step: 加速 units' damage is stacked after two passes, fixed when stacked.")),
    "battle.second": ("001 ch.2 §4(2)", N_("Second battle step: units that dealt no damage in step 1 deal their power as damage.")),
    "battle.end": ("001 ch.2 §4(3) / 000 バトル③", N_("End step: the unit alone on the square wins; at the end the attacker is destroyed if both remain; centre-played units are destroyed.")),
    "battle.damage": ("001 ch.2 §4 / 000 バトル", N_("Damage accumulates until the recovery phase; damage equal to or above power destroys.")),
    "rule.check": ("000 ルールエフェクト / 001 ch.3 §5", N_("Rule effects are checked before each priority (never mid-resolution) and resolve at once without the stack.")),
    "rule.smash": ("000 ルールエフェクト1 / 001 ch.2 §5(1)", N_("A player with 7 or more smash cards (instant: 5) loses; both at once draw.")),
    "rule.deck": ("000 ルールエフェクト2 / 001 ch.2 §5(2)", N_("A player with 0 cards in deck loses.")),
    "rule.power": ("000 ルールエフェクト3 / 001 ch.3 §5(2)", N_("A unit with power 0 or less is destroyed.")),
    "rule.lethal": ("000 ルールエフェクト4 / 001 ch.3 §5(1)", N_("A unit with damage at least its power is destroyed.")),
    "rule.same-unit": ("000 ルールエフェクト5 / 001 ch.3 §5(3)", N_("A unit placed on a square already holding its player's unit is destroyed.")),
    "rule.same-base": ("000 ルールエフェクト6 / 001 ch.3 §5(4)", N_("A base placed on a square already holding its player's base is destroyed.")),
    "rule.centre": ("000 ルールエフェクト7 / 001 ch.3 §5(5)(6)", N_("A unit played into the centre is destroyed if no battle starts, else at that battle's end.")),
    "effect.precedence": ("001 ch.3 §1", N_("Card text beats the rulebook; prohibition beats permission; later effects beat earlier.")),
    "effect.text": ("001 ch.3 §2 / 000 テキストシンボル", N_("Unit and base text works on a square; ☆ works from any zone; zone effects work in their zone.")),
    "effect.static": ("000 テキストシンボル★", N_("★ continuous abilities work while the card is on a square.")),
    "effect.trigger": ("000 テキストシンボル◆ / テクニック②", N_("◆ triggered abilities go on the stack at the next priority; those of a battle's start wait for its end.")),
    "effect.target": ("000 テクニック④", N_("Targets are chosen when stacked; no legal target: cannot be played; all illegal on resolution: nothing; some: the rest.")),
    "effect.resolve": ("000 テクニック⑤", N_("Effects without targets do what they can on resolution; choices are made then.")),
    "effect.zone": ("000 テキストシンボル ○○ゾーン効果", N_("A zone effect works while its card is in that zone.")),
    "kw.速攻": ("000 キーワード 速攻", N_("A 速攻 unit enters released instead of frozen.")),
    "kw.加速": ("000 キーワード 加速 / 001 ch.2 §4(1)", N_("A 加速 unit deals its damage in the first battle step.")),
    "kw.隊列召喚": ("000 キーワード 隊列召喚", N_("With your cards on the formation's squares, play the unit for its formation cost onto the named square; it is not destroyed in the centre.")),
    "kw.盟約": ("000 キーワード 盟約", N_("Remove your 「A」 and 「B」 from hand, squares, energy or graveyard and pay: this card is put frozen onto a square of your area without your unit (none: nothing resolves, ruling pact-full-area).")),
    "game.end": ("001 ch.2 §5", N_("The duel ends when a player loses; both at once is a draw.")),
    "match.bo3": ("001 ch.2 §6", N_("Best of three with a 10-card sideboard; between duels cards are swapped; the previous loser chooses who goes first.")),
    "actions": ("(kifu) action vocabulary", N_("Actions must have the documented shape.")),
})


def rule(rule_id: str) -> str:
    if rule_id not in RULES:
        raise KeyError(f"no rule {rule_id!r} in the Dimension Zero rulebook")
    return "dimension-zero/" + rule_id
