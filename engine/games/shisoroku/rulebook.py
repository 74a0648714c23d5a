"""The 東方祀爭録 rules kifu implements, by id, with the seed section (and its lines) each comes from.

Seed: shared/seeds/004_* (基本的なルール, last modified 2016-10-05). Every event and every
IllegalAction cites one of these ids as ``shisoroku/<id>``. Ids starting with ``kifu.`` are the
platform's own (action shapes, analysis setups); ``card.<id>`` rules are the card texts of cards.json.

Each statement is a message of the shisoroku catalog (marked with N_: translate it where it is read,
``Catalog.of("shisoroku").gettext(statement)``); its Japanese is the seed's own wording for the lines
the rule cites.
"""
from engine.core.i18n import N_
from engine.games.shisoroku.cards import CARDS, RAW

RULES = {
    # ゲームの準備 / 初期デッキ / ゲームの進行とフェイズ
    "setup.kingdom": ("ゲームの準備 l.7", N_("10 kinds of character (kingdom) cards are chosen for the game.")),
    "setup.supply": ("ゲームの準備 l.7-21", N_("Each pile holds the number of cards the table gives for the player count; the piles are the supply.")),
    "setup.optional": ("ゲームの準備 l.8", N_("御神札 and 神々が恋した幻想郷 are laid out only when the players agree to use them.")),
    "setup.start-deck": ("初期デッキ l.23-28", N_("One of the two starting decks is chosen; every player gets the same one, the other is not used.")),
    "setup.deal": ("ゲームの進行とフェイズ l.32", N_("Each player shuffles the 10 dealt cards face down as a deck and draws 5.")),
    "setup.first": ("ゲームの進行とフェイズ l.33", N_("The first player is chosen by any fair method (by lot, or by the match creator).")),
    "turn.order": ("ゲームの進行とフェイズ l.34-40", N_("Each turn runs the action, buy and clean-up phases in order; then the player to the left takes a turn.")),
    # アクションフェイズ
    "action.one": ("アクションフェイズ l.44", N_("In the action phase one action card may be played (more with +actions).")),
    "action.play": ("アクションフェイズ l.45", N_("A played action card goes from the hand to the play area and its effects resolve from the top.")),
    "action.possible": ("アクションフェイズ l.46", N_("A card may be played even if some effects cannot be carried out; effects are carried out as far as possible.")),
    "action.complete": ("アクションフェイズ l.47", N_("All effects of a card are finished before another card is played or the buy phase begins.")),
    "action.in-play": ("アクションフェイズ l.48", N_("Played cards stay face up in the play area until the clean-up phase.")),
    "action.end": ("アクションフェイズ l.49", N_("The action phase ends when no action can be played or the player stops.")),
    # 購入フェイズ
    "buy.treasures": ("リソースの使用 l.57-60", N_("At the start of the buy phase any number of treasure cards are played, one at a time.")),
    "buy.no-more-treasures": ("カードの購入 l.64", N_("Once buying has started no more treasure cards may be played.")),
    "buy.buy": ("カードの購入 l.65-66", N_("A card of the supply costing at most the coins produced is bought and gained to the discard pile.")),
    "buy.split": ("カードの購入 l.67-68", N_("With several buys the coins are split freely over the cards bought.")),
    "buy.end": ("カードの購入 l.69", N_("The buy phase ends when no buy is left or the player stops.")),
    # クリーンアップフェイズ
    "cleanup": ("クリーンアップフェイズ l.73,75", N_("Played cards and the hand go to the discard pile, then 5 cards are drawn; then the next player's turn.")),
    "cleanup.order": ("クリーンアップフェイズ l.74", N_("The hand is discarded all at once, played cards one by one, each in any order (so the player picks the top card).")),
    # カードの指示
    "draw": ("「+Xカードを引く」 l.85", N_("Draw X cards from the deck, one at a time.")),
    "draw.reshuffle": ("「+Xカードを引く」 l.86", N_("If the deck runs short, the discard pile is shuffled as the new deck and the rest drawn; if still short, draw what there is.")),
    "draw.exact": ("「+Xカードを引く」 l.87", N_("A deck of exactly X cards is drawn without shuffling the discard pile; revealing and looking follow the same rule.")),
    "draw.cleanup": ("「+Xカードを引く」 l.88", N_("Drawing in the clean-up phase follows the same rule.")),
    "plus.actions": ("「+Xアクション」 l.92", N_("+X actions: X more action cards may be played this action phase.")),
    "plus.coins": ("「+X●」 l.96-97", N_("+X coins for the buy phase; no treasure card is gained.")),
    "plus.buys": ("「+1カードを購入」 l.101", N_("+1 buy: one more card may be bought this buy phase.")),
    "discard": ("「捨て札にする」「捨て札に置く」 l.105-109", N_("Discarding from the hand is all at once; the number discarded is public, the cards need not be shown (the top one is).")),
    "discard.put": ("「捨て札にする」「捨て札に置く」 l.106", N_("Putting the whole deck (or clean-up cards) into the discard pile is 'putting', not 'discarding'.")),
    "gain": ("「獲得する」 l.113-115", N_("A gained card is taken from the supply to the discard pile unless told otherwise, one card at a time.")),
    "trash": ("「廃棄する」 l.119-121", N_("Trashed cards go to the trash, out of the game and out of the supply; from the hand all at once.")),
    "reveal": ("「公開する」 l.125-127", N_("Revealed cards are shown to all, then go back face down unless told otherwise; from the deck one at a time, reshuffling as for draws.")),
    "look": ("「見る」 l.131-132", N_("Looked-at cards are seen by their owner only; otherwise as revealing.")),
    "aside": ("「脇に置く」 l.136", N_("Set-aside cards are put face up apart unless told otherwise.")),
    "in-play": ("「プレイエリアに出ている」 l.140-141", N_("Cards in play are played actions, treasures and lasting durations; set-aside cards and other zones are not.")),
    # カード全般のルール
    "reaction": ("リアクションカード l.149-151", N_("Reactions are revealed when their text allows, in anyone's turn, using no action, any number in any order.")),
    "duration": ("持続カード l.155-158", N_("A duration card is discarded in the clean-up of the turn in which its last effect resolves, kept apart from this turn's cards; simultaneous duration effects resolve in the order its owner picks.")),
    "each-player": ("複数人が効果を受けるカード l.162", N_("Effects on several players resolve from the card's player onward in turn order.")),
    "two-types": ("2つの種類を持つカード l.166-167", N_("A card with two types counts as either; if both types match, both effects apply.")),
    "on-gain": ("購入時効果と獲得時効果 l.171-173", N_("A card's when-gained effect follows its gain, in any phase and turn; a gain that did not happen triggers nothing.")),
    "on-buy": ("購入時効果と獲得時効果 l.174-176", N_("A card's when-bought effect follows its buy only; it happens even if the gain then does not.")),
    "buy-order": ("購入時効果と獲得時効果 l.177-181", N_("Buying runs: 1 buy, 2 when-bought effects, 3 gain, 4 when-gained effects.")),
    "trash-order": ("廃棄時効果 l.185-189", N_("After a trash: first the trashed card's own when-trashed effect and reactions to the trash (either order), then the trashing card's effect.")),
    "info": ("公開情報と非公開情報 l.191-204", N_("Hands are seen by their owner only; nobody sees a deck's order or a discard pile's contents or size, only its top card; your own deck size is yours to see; supply counts and the trash are public.")),
    "end": ("ゲームの終了条件 l.208-214", N_("When a turn ends: the 6-VP pile empty, or 3 supply piles empty, or the 10-VP pile (if used) empty ends the game.")),
    "end.turn-only": ("ゲームの終了条件 *3 l.221", N_("The end is checked only when a turn ends, never during a turn.")),
    "end.piles": ("ゲームの終了条件 *4 l.222", N_("The prize cards of 五つの難題 are not supply piles.")),
    "score": ("ゲームの終了条件 l.215", N_("VP and minus cards in deck, discard pile and hand are totalled; most VP wins.")),
    "tie": ("ゲームの終了条件 l.216", N_("Tied players: the one with fewer turns wins; with equal turns they share the win.")),
    # kifu
    "kifu.actions": ("(kifu) action vocabulary, README", N_("Actions must have the documented shape and fit the current decision.")),
    "kifu.position": ("(kifu) analysis setup", N_("An analysis match may start from an explicit position given by its creator.")),
    "kifu.waiting": ("(kifu) decisions", N_("Whether the game waits for a seat never depends on a card hidden from the others.")),
}
_PLAYS_AS = {k: v["plays_as"] for s in ("basic", "shelters", "kingdom", "prizes") for k, v in RAW[s].items()}
for _cid, _card in CARDS.items():
    RULES[f"card.{_cid}"] = (f"cards.json: {_card.name} (plays as {_PLAYS_AS[_cid]})",
                             N_("What the card does, as its data in cards.json says."))   # named by the section

_PREFIXED = {k: "shisoroku/" + k for k in RULES}


def rule(rule_id: str) -> str:
    try:
        return _PREFIXED[rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the 東方祀爭録 rulebook") from None
