"""The adversarial probe at the engine level over random positions of every game (issue 13):

(a) no answer to a seat (an IllegalAction's rule and message, or the events it produces redacted for
the seat) carries one of its secrets; (b) an action naming a hidden handle is answered exactly as the
same action naming an id that does not exist (the id itself replaced by a placeholder in both);
(c) an unknown field is refused, naming the field; (d) every type legal_actions lists is declared in
``action_fields`` with every field its listed actions carry; and ``decide`` never changes its input.
"""
import random

import pytest

from engine.core import IllegalAction, play
from tests.hidden import games, positions, probes
from tests.hidden.adversary import JUNK_FIELD, Probe
from tests.hidden.leaks import printed_names

ids = {"ids": games.GAME_IDS}


def report(game, findings):
    assert not findings, f"{game.id}: {len(findings)} findings, first ones:\n" + "\n".join(findings[:25])


@pytest.mark.parametrize("game", games.GAMES, **ids)
def test_answers_to_tampered_actions_keep_secrets(game):
    findings, names = [], printed_names(game)
    for label, state, seed in positions.of(game.id):
        probes.count(game.id, "positions (engine)")
        probe = Probe(game, state, seed, random.Random(label))
        probe.names = names
        for seat in range(len(state["match"]["seats"])):
            probe.run(label, seat, names)
        findings += probe.findings
    report(game, list(dict.fromkeys(findings)))


@pytest.mark.parametrize("game", games.GAMES, **ids)
def test_listed_actions_are_declared(game):
    findings = []
    declared = getattr(game, "action_fields", None) or {}
    for label, state, seed in positions.of(game.id):
        for seat in range(len(state["match"]["seats"])):
            for a in game.legal_actions(state, seat):
                probes.count(game.id, "listed actions checked")
                fields = declared.get(a.get("type"))
                if fields is None:
                    findings.append(f"{label}: type {a.get('type')!r} is listed but not in action_fields")
                elif set(a) - set(fields):
                    findings.append(f"{label}: {a} carries {sorted(set(a) - set(fields))} beyond action_fields")
    report(game, sorted(set(findings)))


@pytest.mark.parametrize("game", games.GAMES, **ids)
def test_unknown_fields_are_refused_by_name(game):
    findings = []
    for label, state, seed in positions.of(game.id):
        for seat in range(len(state["match"]["seats"])):
            for a in {a.get("type"): a for a in game.legal_actions(state, seat)}.values():
                probes.count(game.id, "junk fields")
                try:
                    play(game, state, seat, {**a, JUNK_FIELD: "x" * 50}, seed)
                except IllegalAction as e:
                    if JUNK_FIELD not in e.message:
                        findings.append(f"{label}: {a['type']} + {JUNK_FIELD} refused without naming it: {e.message}")
                    continue
                findings.append(f"{label}: {a['type']} + {JUNK_FIELD} was accepted")
    report(game, sorted(set(findings)))
