"""Built-in games; importing this package registers each of them."""
from engine.core.registry import register
from engine.games.dokusenroku import GAME as DOKUSENROKU
from engine.games.threebythree import GAME as THREEBYTHREE

register(THREEBYTHREE)
register(DOKUSENROKU)
