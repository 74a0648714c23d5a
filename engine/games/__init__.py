"""Built-in games; importing this package registers each of them."""
from engine.core.registry import register
from engine.games.dimension_zero import GAME as DIMENSION_ZERO
from engine.games.dokusenroku import GAME as DOKUSENROKU
from engine.games.threebythree import GAME as THREEBYTHREE

register(DIMENSION_ZERO)
register(THREEBYTHREE)
register(DOKUSENROKU)
