"""Many independent bot games across this machine's cores: each game is a pure function of
(game, variant, bots, seed, index), so where it runs cannot change its record."""
import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context


def _play(job):
    from engine.core import get_game
    from engine.simulation.arena import card_reader, play_game
    game_id, variant, bots, seed, indices = job
    game = get_game(game_id)
    cards = card_reader(game)
    return [play_game(game, variant, bots, seed, i, cards) for i in indices]


def play_games(game_id: str, variant: str, bots: list, seed: str, indices) -> list[dict]:
    """The records of games ``indices`` of (game, variant, bots, seed), in index order."""
    indices = list(indices)
    workers = max(1, min(4, os.cpu_count() or 1))
    parts = [indices[k::workers * 4] for k in range(workers * 4)]
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        records = [r for part in pool.map(_play, [(game_id, variant, bots, seed, p) for p in parts]) for r in part]
    return sorted(records, key=lambda r: r["index"])
