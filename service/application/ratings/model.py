"""The rating model: pure functions from the ordered rated match ends of one game and variant to
everyone's figures (no Redis, no clock). The live figures, ``kifu ratings rebuild`` and a rebuild
from an export all fold the same ends through ``rate`` in the same order (``order_key``: the end's
time, then the match id), so they agree to the last bit.

Two-seat variants are rated by Glicko-2 (the ``glicko2-py`` library: ``glicko2.math.update_rating``,
Glickman's algorithm; each rated match is a rating period of one game, as Lichess rates), variants of
three or four seats by OpenSkill's Weng-Lin Plackett-Luce model over the placings (``openskill``),
on the same 1500 scale (mu 1500, sigma 500: the library's defaults times 60).

A figure is a dict: ``{"rating", "deviation", "games", "model"}`` and the model's own state
(``volatility`` for Glicko-2). ``provisional`` while the deviation is above ``PROVISIONAL_RD``.
"""
from dataclasses import asdict, dataclass, field

from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi, update_rating
from openskill.models import PlackettLuce

START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5                       # Glicko-2's system constant (Glickman: 0.3 to 1.2; Lichess 0.75)
PROVISIONAL_RD = 110.0          # Lichess's line: a rating is provisional while its deviation is above it
OPENSKILL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)
GLICKO2, PLACKETT_LUCE = "glicko2", "plackett-luce"


@dataclass(frozen=True)
class RatedEnd:
    """One rated match that ended, as the ratings read it: who held each seat (``player:<id>`` or
    ``bot:<bot>``), what each seat's result is worth (``engine.core.match_results``), how many moves
    the seats made, and whether it counts (``reason`` says why not)."""
    match_id: str
    game: str
    variant: str
    ended_at: str
    seats: list
    results: list
    moves: int
    counts: bool = True
    reason: str | None = None
    outcome: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "RatedEnd":
        return cls(d["match_id"], d["game"], d["variant"], d["ended_at"], list(d["seats"]), list(d["results"]),
                   d["moves"], d.get("counts", True), d.get("reason"), d.get("outcome") or {})


def order_key(end: RatedEnd) -> str:
    """Match-end order: the time of the end (ISO, milliseconds, UTC: sorts as text), then the match id."""
    return f"{end.ended_at}|{end.match_id}"


def model_for(max_seats: int) -> str:
    return GLICKO2 if max_seats == 2 else PLACKETT_LUCE


def start(model: str) -> dict:
    if model == GLICKO2:
        return {"model": GLICKO2, "rating": START_RATING, "deviation": START_RD,
                "volatility": START_VOLATILITY, "games": 0}
    return {"model": PLACKETT_LUCE, "rating": OPENSKILL.mu, "deviation": OPENSKILL.sigma, "games": 0}


def provisional(figure: dict) -> bool:
    return figure["deviation"] > PROVISIONAL_RD


def placings(results: list) -> list[int]:
    """1 for the best result, ties sharing a place (1, 1, 3...)."""
    return [1 + sum(1 for other in results if other > mine) for mine in results]


def rate(model: str, before: list[dict], results: list) -> list[dict]:
    """Each seat's figure after a match, from the seats' figures before it (in seat order) and their
    results."""
    if model == GLICKO2:
        return _glicko2(before, results)
    return _plackett_luce(before, results)


def glicko2_period(me: dict, games: list) -> dict:
    """One Glicko-2 rating period (``glicko2.math.update_rating``): ``games`` as (opponent's rating,
    opponent's deviation, score) on the 1500 scale."""
    new = update_rating(rating_to_mu(me["rating"]), rd_to_phi(me["deviation"]), me["volatility"],
                        [(rating_to_mu(r), rd_to_phi(rd), s) for r, rd, s in games], tau=TAU)
    return {"model": GLICKO2, "rating": mu_to_rating(new.mu), "deviation": phi_to_rd(new.phi),
            "volatility": new.sigma, "games": me["games"] + len(games)}


def _glicko2(before: list[dict], results: list) -> list[dict]:
    a, b = before
    score = (results[0] - results[1] + 1) / 2        # 1 win, 0 loss, 0.5 a draw (or nobody won)
    return [glicko2_period(a, [(b["rating"], b["deviation"], score)]),
            glicko2_period(b, [(a["rating"], a["deviation"], 1 - score)])]


def _plackett_luce(before: list[dict], results: list) -> list[dict]:
    teams = [[OPENSKILL.create_rating([f["rating"], f["deviation"]])] for f in before]
    rated = OPENSKILL.rate(teams, ranks=placings(results))
    return [{"model": PLACKETT_LUCE, "rating": team[0].mu, "deviation": team[0].sigma, "games": f["games"] + 1}
            for team, f in zip(rated, before)]


@dataclass
class Ladder:
    """The figures of one game and variant, as the ends folded so far leave them."""
    model: str
    figures: dict = field(default_factory=dict)           # who -> figure
    changes: dict = field(default_factory=dict)           # match id -> [{"who", "before", "after"}] per seat

    def figure(self, who: str) -> dict:
        return self.figures.get(who) or start(self.model)

    def apply(self, end: RatedEnd) -> list | None:
        """Fold one end in; the per-seat change, or None for an end that does not count."""
        if not end.counts:
            return None
        before = [self.figure(who) for who in end.seats]
        after = rate(self.model, before, end.results)
        change = [{"who": who, "before": b, "after": a} for who, b, a in zip(end.seats, before, after)]
        for who, a in zip(end.seats, after):
            self.figures[who] = a
        self.changes[end.match_id] = change
        return change


def project(model: str, ends: list[RatedEnd]) -> Ladder:
    """The figures from scratch: every end, in match-end order."""
    ladder = Ladder(model)
    for end in sorted(ends, key=order_key):
        ladder.apply(end)
    return ladder
