"""Keywords (000 テキストシンボル) and one test per card ability, citing KNOWN-CARDS.md or the seed."""
from tests.dimension_zero.table import Table, of_type, player, unit

TH = "touhou"


def th(**kw):
    return player(variant=TH, **kw)


def test_haste_enters_released():
    """000 ★速攻: enters released instead of frozen (チルノ〈氷の小さな妖精〉)."""
    t = Table([th(hand=["th-cirno-ice"], energy=["th-cirno"]), th()], variant=TH)
    c = t.id(0, "th-cirno-ice")
    t.act(0, {"type": "play", "card": c, "square": 0, "pay": t.pay(0, {"U": 1})})
    t.passes(2)
    assert t.square(c) == 0 and c not in t.state["frozen"]


def test_formation_summon_plays_into_the_centre_and_stays():
    """000 ☆隊列召喚 (八雲 藍, 縦列 designed): with your unit on the line's own square, pay the formation cost;
    not destroyed by ルールエフェクト7."""
    t = Table([th(hand=["th-ran"], energy=["th-chen", "th-chen"]), th()], units=[unit("th-koakuma", 0, 1)], variant=TH)
    ran = t.id(0, "th-ran")
    assert t.illegal(0, {"type": "play", "card": ran, "square": 3, "formation": True,
                         "pay": t.pay(0, {"G": 1, "X": 1})}).rule == "dimension-zero/kw.隊列召喚"
    t.act(0, {"type": "play", "card": ran, "square": 4, "formation": True, "pay": t.pay(0, {"G": 1, "X": 1})})
    t.passes(2)
    assert t.square(ran) == 4


def test_pact_removes_both_named_cards_and_puts_the_unit_on_your_own_area():
    """000 ●盟約 (八雲 紫 <「八雲 藍」+「橙」>): remove one card of each name, pay, then place frozen on resolution."""
    t = Table([th(hand=["th-yukari", "th-ran"], grave=["th-chen"], energy=["th-chen", "th-chen"]), th()], variant=TH)
    yukari, ran, chen = t.id(0, "th-yukari"), t.id(0, "th-ran"), t.id(0, "th-chen", "grave")
    t.act(0, {"type": "activate", "card": yukari, "ability": 0, "pact": [ran, chen], "pay": t.pay(0, {"G": 1, "X": 1})})
    assert t.where(ran) == "removed" and t.where(chen) == "removed"
    t.passes(2)
    assert t.state["pending"]["kind"] == "own_square"
    t.act(0, {"type": "choose", "choice": 2})
    assert t.square(yukari) == 2 and yukari in t.state["frozen"]


def test_bracket_name_rule_in_play_and_in_deck_building():
    """000 カード名について: チルノ〈氷の小さな妖精〉 is 「チルノ」 in play, a separate name for deck building."""
    from engine.games.dimension_zero.cards import CARDS
    from engine.games.dimension_zero.decks import PRESETS, check_deck
    assert CARDS["th-cirno-ice"]["game_name"] == CARDS["th-cirno"]["game_name"] == "チルノ"
    deck = [k for k in list(PRESETS[TH].values())[1] if k not in ("th-mystia", "th-aya")]
    deck += ["th-cirno"] * 3 + ["th-cirno-ice"] * 3                       # 3 + 3: two names
    check_deck(TH, deck)


def test_plan_zone_effect_of_marisa():
    """000 ○○ゾーン効果 (霧雨 魔理沙, designed): while in your plan zone, your units get +500."""
    t = Table([th(deck=["th-marisa", "th-koakuma"], plan=True), th()], units=[unit("th-koakuma", 0, 0)], variant=TH)
    assert t.power(t.id(0, "th-koakuma", "square")) == 2000
    t = Table([th(deck=["th-marisa", "th-koakuma"]), th()], units=[unit("th-koakuma", 0, 0)], variant=TH)
    assert t.power(t.id(0, "th-koakuma", "square")) == 1500


def test_scarlet_shoot_from_the_plan_zone_deals_8000():
    """KNOWN-CARDS 紅符「スカーレットシュート」: 6000 damage, 8000 if played from the plan zone."""
    t = Table([th(deck=["th-scarlet-shoot", "th-koakuma"], plan=True, energy=["th-remilia"] * 4), th()],
              units=[unit("th-eirin", 1, 8)], variant=TH)
    eirin = t.id(1, "th-eirin")
    t.act(0, {"type": "play", "card": t.state["players"][0]["plan"], "targets": [eirin], "pay": t.pay(0, {"R": 2, "X": 2})})
    t.passes(2)
    assert t.where(eirin) == "grave"                     # 8000 >= 6000


def test_ushi_no_koku_is_free_and_battle_timing_at_six_smash():
    """KNOWN-CARDS 恨符「丑の刻参り」 ☆: opponent at 6+ smash: costs 0, battle timing (☆ works from the hand)."""
    from engine.games.dimension_zero.plays import play_terms
    t = Table([th(hand=["th-ushi-no-koku"]), th(smash=["th-koakuma"] * 6)], variant=TH)
    assert play_terms(t.state, 0, t.id(0, "th-ushi-no-koku")) == ("battle", {}, "hand")
    t = Table([th(hand=["th-ushi-no-koku"]), th(smash=["th-koakuma"] * 5)], variant=TH)
    assert play_terms(t.state, 0, t.id(0, "th-ushi-no-koku")) == ("quick", {"R": 2}, "hand")


def test_reimu_cannot_be_targeted_by_the_opponent_and_freezes():
    """KNOWN-CARDS 博麗 霊夢: untargetable by opponent's cards; [W1, freeze this] Quick: freeze target unit."""
    t = Table([th(hand=["th-fantasy-seal"], energy=["th-remilia"] * 3), th(energy=["th-keine"])],
              units=[unit("th-reimu", 1, 8), unit("th-koakuma", 0, 0)], variant=TH)
    reimu, koa = t.id(1, "th-reimu"), t.id(0, "th-koakuma", "square")
    assert t.illegal(0, {"type": "play", "card": t.id(0, "th-fantasy-seal"), "targets": [reimu],
                         "pay": t.pay(0, {"R": 1, "X": 2})}).rule == "dimension-zero/effect.target"
    t.passes(1)
    t.act(1, {"type": "activate", "card": reimu, "ability": 1, "targets": [koa], "pay": t.pay(1, {"W": 1})})
    t.passes(2)
    assert koa in t.state["frozen"] and reimu in t.state["frozen"]


def test_chen_lowers_opponent_unit_cost_for_lingering_cold():
    """KNOWN-CARDS 寒符「リンガリングコールド」 (cost <= 2: destroy; else -2000) with 橙 lowering the cost (designed -1)."""
    t = Table([th(hand=["th-lingering-cold"], energy=["th-koakuma"] * 2), th()],
              units=[unit("th-chen", 0, 0), unit("th-rumia", 1, 8), unit("th-mystia", 1, 7)], variant=TH)
    rumia, mystia = t.id(1, "th-rumia"), t.id(1, "th-mystia")
    from engine.games.dimension_zero.state import unit_cost
    assert unit_cost(t.state, mystia) == 2                       # 3 - 1
    t.act(0, {"type": "play", "card": t.id(0, "th-lingering-cold"), "targets": [mystia], "pay": t.pay(0, {"K": 1, "X": 1})})
    t.passes(2)
    assert t.where(mystia) == "grave"
    assert t.square(rumia) == 8


def test_sakuya_pulls_a_target_unit_onto_her_square_and_a_battle_follows():
    """KNOWN-CARDS 十六夜 咲夜: at the end of your turn, frozen on a square: move up to one target unit onto it."""
    t = Table([th(), th()], units=[unit("th-sakuya", 0, 1, frozen=True), unit("th-koakuma", 1, 4)], variant=TH)
    koa = t.id(1, "th-koakuma", "square")
    t.passes(2)
    assert t.state["pending"]["options"] == [koa, None]
    t.act(0, {"type": "choose", "choice": koa})
    events = t.passes(2)
    assert of_type(events, "BattleStarted")[0].data["attacker"] == koa
    while t.battle is not None:
        t.passes(1)
    assert t.where(koa) == "grave"


def test_spike_girls_discards_a_random_opponent_card_when_destroyed():
    """KNOWN-CARDS スパイク・ガールズ: from a square to the graveyard: a random card of the opponent's hand to theirs."""
    t = Table([player(hand=["dz-plasma-rifle", "dz-lobo"], energy=["dz-red-striker"] * 2),
               player(hand=["dz-lobo", "dz-bf-angel"])], units=[unit("dz-spike-girls", 1, 8, damage=500)])
    spike = t.id(1, "dz-spike-girls")
    t.act(0, {"type": "play", "card": t.id(0, "dz-plasma-rifle"), "targets": [spike], "pay": t.pay(0, {"R": 1, "X": 1})})
    t.passes(2)
    assert t.state["stack"][-1]["kind"] == "trigger"
    t.passes(2)
    assert len(t.state["players"][0]["hand"]) == 0 and len(t.state["players"][0]["grave"]) == 2


def test_ripple_witch_lets_units_enter_its_area_released():
    """KNOWN-CARDS 細波の入江の魔女: empty squares of its area count as your own area; units enter released."""
    t = Table([player(hand=["dz-black-ghost"], energy=["dz-black-ghost"]), player()],
              units=[unit("dz-ripple-witch", 0, 3)])
    ghost = t.id(0, "dz-black-ghost", "hand")
    t.act(0, {"type": "play", "card": ghost, "square": 5, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    assert t.square(ghost) == 5 and ghost not in t.state["frozen"]       # not destroyed in the centre


def test_pegasus_escapes_before_first_step_damage():
    """KNOWN-CARDS ソーサーレッグ・ペガサス: [W1] battle: when attacked, before first-step damage, move away released."""
    t = Table([player(energy=["dz-red-striker"]), player(energy=["dz-bf-angel"])],
              units=[unit("dz-red-lancer", 0, 4), unit("dz-pegasus", 1, 7)])
    lancer, peg = t.id(0, "dz-red-lancer", "square"), t.id(1, "dz-pegasus", "square")
    t.act(0, {"type": "move", "unit": lancer, "to": 7, "pay": t.pay(0, {"R": 1})})
    t.passes(2)
    t.passes(1)
    t.act(1, {"type": "activate", "card": peg, "ability": 0, "pay": t.pay(1, {"W": 1})})
    t.passes(2)
    assert t.state["pending"]["options"] == [4, 6, 8]       # adjacent squares without units
    t.act(1, {"type": "choose", "choice": 8})
    while t.battle is not None:
        t.passes(1)
    assert t.square(peg) == 8 and t.damage(peg) == 0 and t.square(lancer) == 7


def test_mao_berman_puts_a_siren_or_lion_from_hand_when_destroyed():
    """KNOWN-CARDS マオ・バーマン: to the graveyard from a square: a Siren/Lion unit of cost <= 5 from hand or plan."""
    t = Table([player(hand=["dz-plasma-rifle"], energy=["dz-red-striker"] * 2),
               player(hand=["dz-ripple-witch", "dz-black-ghost"])], units=[unit("dz-mao-berman", 1, 8, damage=3000)])
    mao, witch = t.id(1, "dz-mao-berman"), t.id(1, "dz-ripple-witch")
    t.act(0, {"type": "play", "card": t.id(0, "dz-plasma-rifle"), "targets": [mao], "pay": t.pay(0, {"R": 1, "X": 1})})
    t.passes(2)
    t.passes(2)
    p = t.state["pending"]
    assert p["kind"] == "put_unit" and {"card": witch, "square": 6} in p["options"] and None in p["options"]
    assert all(o is None or o["card"] == witch for o in p["options"])
    t.act(1, {"type": "choose", "choice": {"card": witch, "square": 6}})
    assert t.square(witch) == 6 and witch in t.state["frozen"]


def test_gelbockle_puts_the_deck_top_into_energy_at_end_of_turn():
    """KNOWN-CARDS 変炎獣ゲルボックル."""
    t = Table([player(deck=["dz-lobo"] + ["dz-black-ghost"] * 5), player()], units=[unit("dz-gelbockle", 0, 0)])
    top = t.state["players"][0]["deck"][0]
    t.passes(2)
    t.passes(2)
    assert t.state["players"][0]["energy"] == [top]


def test_hero_makiri_deals_its_power_on_entering():
    """KNOWN-CARDS 光の勇者マキリ: when it enters, damage equal to its power (to a target enemy unit: designed)."""
    t = Table([player(hand=["dz-hero-makiri"], energy=["dz-bf-angel"] * 5), player()], units=[unit("dz-lobo", 1, 8)])
    hero, lobo = t.id(0, "dz-hero-makiri"), t.id(1, "dz-lobo")
    t.act(0, {"type": "play", "card": hero, "square": 0, "pay": t.pay(0, {"W": 2, "X": 3})})
    t.passes(2)
    t.act(0, {"type": "choose", "choice": lobo})
    t.passes(2)
    assert t.where(lobo) == "grave"


def test_little_blade_makiri_gains_power_by_area():
    """001 ch.1 §3 小さな刃マキリ: +1000 in the centre area, +2000 in the enemy area."""
    t = Table([player(), player()], units=[unit("dz-makiri", 0, 0), unit("dz-makiri", 1, 4), unit("dz-makiri", 0, 7)])
    powers = sorted((t.square(u), t.power(u)) for u in t.state["units"])
    assert powers == [(0, 1000), (4, 2000), (7, 3000)]


def test_prismriver_destroys_a_cheap_enemy_unit():
    """000 デッキ構築のヒント(5) プリズムリバー三姉妹 (designed: [K1, freeze] destroy enemy unit of cost <= 2)."""
    t = Table([th(energy=["th-koakuma"]), th()], units=[unit("th-prismriver", 0, 0), unit("th-cirno", 1, 8),
                                                       unit("th-meiling", 1, 7)], variant=TH)
    pr, cirno, mei = t.id(0, "th-prismriver"), t.id(1, "th-cirno", "square"), t.id(1, "th-meiling", "square")
    t.act(0, {"type": "activate", "card": pr, "ability": 0, "targets": [cirno], "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    assert t.where(cirno) == "grave" and t.square(mei) == 7


def test_unknown_effect_names_fail_at_load():
    """STYLE: card behaviour is data; an unknown effect name fails when the data loads."""
    import pytest
    from engine.games.dimension_zero import effects
    from engine.games.dimension_zero.cards import CARDS
    CARDS["zz-bad"] = {**CARDS["dz-plasma-rifle"], "abilities": [{"type": "strategy", "target": "unit",
                                                                   "effects": [{"do": "explode"}]}]}
    try:
        with pytest.raises(ValueError):
            effects._check_vocabulary()
    finally:
        del CARDS["zz-bad"]


def test_an_effect_on_the_stack_resolves_after_its_source_left():
    """001 ch.3 §4(1): スタック上の効果は、その効果が発生させたカードから独立しています."""
    t = Table([th(hand=["th-scarlet-shoot"], energy=["th-keine"] + ["th-remilia"] * 4), th()],
              units=[unit("th-reimu", 0, 0), unit("th-koakuma", 1, 8)], variant=TH)
    reimu, koa = t.id(0, "th-reimu"), t.id(1, "th-koakuma", "square")
    t.act(0, {"type": "activate", "card": reimu, "ability": 1, "targets": [koa], "pay": t.pay(0, {"W": 1})})
    t.act(0, {"type": "play", "card": t.id(0, "th-scarlet-shoot"), "targets": [reimu],     # own cards may target her
              "pay": t.pay(0, {"R": 2, "X": 2})})
    t.passes(2)
    assert t.where(reimu) == "grave"
    events = t.passes(2)
    assert of_type(events, "LeftStack")[0].rule == "dimension-zero/stack.independent"
    assert koa in t.state["frozen"]
