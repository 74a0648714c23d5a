"""Rated matches on the compact path: created with every seat bound to a player (as claims bind them),
a few moves by a seeded random choice through ``take_action``, then ended by the table (a resignation
or a draw agreed) — real stored logs through every reaction, in milliseconds rather than a whole game."""
import random

import fakeredis

from engine.bots import choose
from engine.core import Rng, get_game, list_games
from service.application.match.acting import take_action
from service.application.match.creating import create_match
from service.application.match.loading import open_match
from service.application.storage.connections import connect
from service.application.table.moves import move
from service.composition import in_process_store

RANDOM = {"bot": "random", "budget": None}
GAMES = ("threebythree", "dimension-zero", "shisoroku", "dokusenroku")


def new_store():
    return in_process_store(connect(server=fakeredis.FakeServer()))


def variants():
    """(game, variant, seats) for every variant of the four games, 3 and 4 seats where it has them."""
    out = []
    for game in list_games():
        if game.id not in GAMES:
            continue
        for v in game.facts.variants.values():
            out += [(game.id, v.id, n) for n in sorted({v.min_seats, v.max_seats, min(v.max_seats, 3)})]
    return out


def rated_match(store, game: str, variant: str, players: list, moves: int, ending: str, rng: random.Random,
                loser: int = 0) -> str:
    """A rated match of ``players`` (ids; a ``bot:`` one sits as that bot... not used here), ``moves``
    moves, then ``ending``: "resign" (seat ``loser``), "draw" (agreed) or "none" (left running)."""
    seats = [{"name": f"p{p}", "join": "invite"} for p in players]
    bound = {f"player:{s}": p for s, p in enumerate(players)}
    created = create_match(store, {"game": game, "variant": variant, "seats": seats, "options": {},
                                   "setup": None, "audit_live": False, "deadline": None, "rated": True}, bound)
    match_id = created.match_id
    g = get_game(game)
    for i in range(moves):
        m = open_match(store, match_id)
        to_act = m.to_act()
        if not to_act or m.outcome() is not None:
            break
        seat = to_act[0]
        action = choose(g, m.state, seat, RANDOM, Rng(rng.randbytes(16)))
        take_action(store, match_id, seat, {"action": action, "expected_version": m.version, "command_id": f"c{i}"})
    if open_match(store, match_id).outcome() is not None or ending == "none":
        return match_id
    if ending == "resign":
        move(store, match_id, loser, {"type": "resign"})
    else:
        move(store, match_id, 0, {"type": "offer_draw"})
        for s in range(1, len(players)):
            move(store, match_id, s, {"type": "accept_draw"})
    return match_id
