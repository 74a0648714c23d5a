"""Every card a game describes carries its text (``describe()["cards"][i]["text"]``), told from the
card data by the game itself (engine/games/<game>/card_text.py) for the web client's card faces:
non-empty, and no effect name of the data left untold (a snake_case word)."""
import re

import pytest

from tests.conformance.games import TEST_ONLY, by_game

UNTOLD = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("game", by_game(lambda g: g.id not in TEST_ONLY))
def test_every_card_has_its_text(game):
    cards = game.describe().get("cards") or []
    assert cards, f"{game.id} describes no cards"
    for card in cards:
        text = card.get("text")
        assert isinstance(text, str) and text.strip(), f"{game.id}: {card.get('name')} has no text"
        assert not UNTOLD.search(text), f"{game.id}: {card.get('name')}: {UNTOLD.search(text).group()} in {text!r}"
        assert isinstance(card.get("provenance"), dict), f"{game.id}: {card.get('name')} has no provenance"
