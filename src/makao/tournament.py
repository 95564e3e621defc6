"""A bot ladder: round-robin play with seat rotation, Bradley–Terry ratings with
bootstrap intervals (``makao.ladder``, ``makao ladder``).

Every table of ``players`` distinct bots from the list (every pair, for two players)
plays ``games`` games through [`makao.simulate`][makao.sim.simulate], which rotates the seats with
the game number. Each finished game gives one pairwise result for every two bots at the table
(the better place wins); a game cut at ``max_actions`` gives none and is counted as
truncated. The [`Ladder`][makao.tournament.Ladder] fits a Bradley–Terry model to the pairwise
results (the MM algorithm of Hunter 2004, with half a win each way per pair that met, so an unbeaten
bot still gets a finite rating) and reports it on the Elo scale: a difference of 400
means odds of 10 to 1; the mean rating is 0. Intervals are percentile bootstrap intervals:
the games of every table are resampled with replacement and the model fitted again.
"""

from __future__ import annotations

import argparse
import itertools
import math
import numbers
import random
from collections.abc import Callable, Iterable, Sequence, Sized
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

from makao._arguments import (
    MAX_ACTIONS_LIMIT,
    bounded,
    check_run,
    output_path,
    user_code,
    whole_number,
)
from makao._extras import pyplot, save_figure
from makao._text import shown
from makao.engine import check_table
from makao.errors import SetupError
from makao.seeding import derive_seed, new_random
from makao.sim import simulate
from makao.sim.results import _render
from makao.sim.run import DEFAULT_MAX_ACTIONS, MAX_GAMES, check_count, check_seed
from makao.sim.spec import bot_key, parse_bot, parse_variant

if TYPE_CHECKING:
    from makao.bots import Bot
    from makao.sim.play import GameRecord
    from makao.variant import Variant

__all__ = [
    "MAX_BOOTSTRAP",
    "MAX_LADDER_BOTS",
    "Ladder",
    "add_ladder_command",
    "bradley_terry",
    "ladder",
]

_T = TypeVar("_T")

MAX_LADDER_BOTS = 32
"""The most bots a ladder rates: every fit of the ratings takes time in the square of it."""

MAX_BOOTSTRAP = 10_000
"""The most bootstrap rounds a ladder fits: each round fits the ratings once more."""

Wins = list[list[float]]
"""Pairwise wins: ``wins[i][j]`` is how often bot ``i`` placed above bot ``j``."""


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = 0.5) -> list[float]:
    """Elo-scale Bradley–Terry ratings (mean 0) from a square matrix of pairwise wins;
    ``prior`` wins are added each way to every pair that met. No bots, no ratings; a
    matrix that is not square, or holds a number that is negative or not finite (the
    ``prior`` too), is a [`SetupError`][makao.errors.SetupError]."""
    wins = _checked_wins(wins, prior)
    n = len(wins)
    if n == 0:
        return []
    # the fit is the same for wins and prior scaled alike: scale counts so large that their
    # sums would overflow (an infinite sum made every strength 0, then divided by zero)
    top = max(max(map(max, wins)), prior)
    if top > 1e100:
        wins = [[count / top for count in row] for row in wins]
        prior /= top
    w = [
        [wins[i][j] + (prior if wins[i][j] + wins[j][i] > 0 else 0.0) for j in range(n)]
        for i in range(n)
    ]
    strength = [1.0] * n
    for _ in range(500):
        new = []
        for i in range(n):
            total = sum(w[i])
            meet = sum(
                (w[i][j] + w[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i
            )
            new.append(total / meet if meet > 0 else 1.0)
        centre = math.exp(sum(math.log(max(s, 1e-300)) for s in new) / n)
        new = [s / centre for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    return [400 * math.log10(max(s, 1e-300)) for s in strength]


def _checked_wins(wins: object, prior: object) -> list[list[float]]:
    """``wins`` as a list of rows of floats (from lists, tuples, a NumPy array), checked."""
    if _count(prior) is None:
        raise SetupError(f"prior must be a finite number 0 or more, not {shown(prior, 40)}")
    rows = _items(wins, "wins must be a square matrix (a list of rows)")
    matrix: list[list[float]] = []
    for row in rows:
        counts = [_count(item) for item in _items(row, "wins must be a square matrix")]
        if len(counts) != len(rows):
            raise SetupError(
                f"wins must be a square matrix: a row of {len(rows)}, not {shown(row, 40)}"
            )
        if None in counts:
            raise SetupError(f"wins are finite numbers 0 or more, not those of {shown(row, 40)}")
        matrix.append(cast("list[float]", counts))
    return matrix


def _items(value: object, what: str) -> list[object]:
    """The items of a list, a tuple or an array (not of text); else a `SetupError`."""
    if isinstance(value, (str, bytes)) or not (
        isinstance(value, Iterable) and isinstance(value, Sized)
    ):
        raise SetupError(f"{what}, not {shown(value, 40)}")
    return list(cast("Iterable[object]", value))


def _count(value: object) -> float | None:
    """``value`` as a float if it is a finite real number 0 or more (not a `bool`)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer too large for a float
        return None
    return number if math.isfinite(number) and number >= 0 else None


@attrs.frozen
class Ladder:
    """The result of [`ladder`][makao.tournament.ladder]: ratings with 95 % bootstrap intervals."""

    variant: str
    players: int
    bots: tuple[str, ...]
    ratings: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    wins: tuple[tuple[float, ...], ...]
    """Pairwise wins: ``wins[i][j]`` is how often bot ``i`` placed above bot ``j``."""
    games: int
    truncated: int

    def order(self) -> list[int]:
        """The bots' indices from the highest rating down."""
        return sorted(range(len(self.bots)), key=lambda i: -self.ratings[i])

    def rows(self) -> list[tuple[str, float, float, float, float]]:
        """``(bot, rating, low, high, pairwise win rate)`` from the highest rating down."""
        rows = []
        for i in self.order():
            won = sum(self.wins[i])
            met = won + sum(self.wins[j][i] for j in range(len(self.bots)))
            rate = won / met if met else math.nan
            rows.append((self.bots[i], self.ratings[i], self.low[i], self.high[i], rate))
        return rows

    def table(self) -> str:
        """The ladder as a text table."""
        header = ("rank", "bot", "rating", "95% interval", "pairwise wins")
        body = [
            (str(k), bot, f"{r:+.0f}", f"[{lo:+.0f}, {hi:+.0f}]", _percent(rate))
            for k, (bot, r, lo, hi, rate) in enumerate(self.rows(), start=1)
        ]
        title = (
            f"ladder: {self.variant}, {self.players} players, {self.games} games"
            f" ({self.truncated} truncated); Bradley-Terry on the Elo scale, mean 0"
        )
        return _render(title, header, body)

    def plot(self, path: str | Path) -> None:
        """Draw the ratings with their intervals to ``path`` (needs matplotlib, the ``plot``
        extra)."""
        plt = pyplot("Ladder.plot")

        rows = self.rows()[::-1]
        figure, axes = plt.subplots(figsize=(6, 0.5 + 0.5 * len(rows)))
        for y, (_, rating, low, high, _) in enumerate(rows):
            axes.errorbar(rating, y, xerr=[[rating - low], [high - rating]], fmt="o", capsize=4)
        axes.set_yticks(range(len(rows)), [row[0] for row in rows])
        axes.set_xlabel("rating (Elo scale, mean 0), 95 % bootstrap interval")
        axes.set_title(f"{self.variant}, {self.players} players")
        figure.tight_layout()
        save_figure(figure, path)
        plt.close(figure)


def _percent(rate: float) -> str:
    return "-" if math.isnan(rate) else f"{rate:.1%}"


def ladder(
    variant: str,
    bots: Sequence[str],
    games: int = 100,
    *,
    players: int = 2,
    seed: int = 0,
    workers: int = 1,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
    bootstrap: int = 200,
) -> Ladder:
    """Play every table of ``players`` distinct bots from ``bots`` (bot specs such as
    ``"mcts:playouts=50"``) ``games`` times with seats rotating, and rate the bots.

    Bad arguments raise `SetupError` before any game is played: at most
    [`MAX_LADDER_BOTS`][makao.tournament.MAX_LADDER_BOTS] bots,
    [`MAX_BOOTSTRAP`][makao.tournament.MAX_BOOTSTRAP] bootstrap rounds and
    [`MAX_GAMES`][makao.sim.run.MAX_GAMES] games over all the tables, and at least one
    game a table (a rating needs games; [`simulate`][makao.sim.simulate] takes none), and
    no bot given twice, in any spelling (``random`` and ``RANDOM``, ``mcts`` and
    ``mcts:playouts=20``: [`bot_key`][makao.sim.spec.bot_key])."""
    return _ladder(
        variant, bots, games, players, seed, workers, max_actions, bootstrap, _made_as_it_is
    )


def _made_as_it_is(what: str, make: Callable[[], _T]) -> _T:
    """``make()``: how `ladder` builds the variant and bots of its specs (the command line
    builds them through `makao._arguments.user_code`, which names a failing one)."""
    return make()


def _ladder(
    variant: str,
    bots: Sequence[str],
    games: int,
    players: int,
    seed: int,
    workers: int,
    max_actions: int | None,
    bootstrap: int,
    made: Callable[[str, Callable[[], Any]], Any],
) -> Ladder:
    """`ladder`, its variant and bots built through ``made(what, make)``."""
    built = _checked_ladder(variant, bots, games, players, seed, bootstrap, made)
    tables: list[tuple[tuple[int, ...], tuple[GameRecord, ...]]] = []
    for k, table in enumerate(itertools.combinations(range(len(bots)), players)):
        seated: list[Bot] = [made(f"--bots {bots[i]}", partial(parse_bot, bots[i])) for i in table]
        result = simulate(
            built,
            seated,
            games,
            seed=derive_seed(seed, "table", k),
            workers=workers,
            max_actions=max_actions,
        )
        tables.append((table, result.records))
    ratings = bradley_terry(_wins(tables, len(bots)))
    low, high = _intervals(tables, len(bots), bootstrap, new_random(seed))
    records = [record for _, found in tables for record in found]
    return Ladder(
        variant=variant,
        players=players,
        bots=tuple(bots),
        ratings=tuple(ratings),
        low=tuple(low),
        high=tuple(high),
        wins=tuple(map(tuple, _wins(tables, len(bots)))),
        games=len(records),
        truncated=sum(record.truncated for record in records),
    )


def _checked_ladder(
    variant: object,
    bots: object,
    games: object,
    players: object,
    seed: object,
    bootstrap: object,
    made: Callable[[str, Callable[[], Any]], Any],
) -> Variant:
    """The variant of a ladder whose arguments are all good, or the `SetupError` that
    says which is not (bounded: no game is played and no table listed to find out); the
    variant and bots built through ``made(what, make)``."""
    if not isinstance(variant, str):
        raise SetupError(
            f"variant must be a variant spec such as 'polish', not {shown(variant, 40)}"
        )
    if not isinstance(bots, Sequence) or isinstance(bots, str):
        raise SetupError(
            f"bots must be a list of bot specs such as 'random', not {shown(bots, 40)}"
        )
    if len(bots) > MAX_LADDER_BOTS:
        raise SetupError(f"a ladder rates at most {MAX_LADDER_BOTS} bots, not {len(bots)}")
    for bot in bots:
        if not isinstance(bot, str):
            raise SetupError(f"a bot must be a bot spec such as 'random', not {shown(bot, 40)}")
    check_count("players", players, 2, MAX_LADDER_BOTS)
    assert isinstance(players, int)  # checked above
    keys: list[object] = []  # one bot in two spellings is one bot, rated once
    for bot in bots:
        key = bot_key(bot)
        if key in keys:
            twin = bots[keys.index(key)]
            same = "" if twin == bot else f" ({shown(twin, 60)} and {shown(bot, 60)} are one bot)"
            raise SetupError(
                f"give at least {players} different bots, not {shown(list(bots), 200)}{same}"
            )
        keys.append(key)
    if len(bots) < players:
        raise SetupError(f"give at least {players} different bots, not {shown(list(bots), 200)}")
    check_count("games", games, 1, MAX_GAMES)
    check_count("bootstrap", bootstrap, 1, MAX_BOOTSTRAP)
    check_seed(seed)
    assert isinstance(games, int)  # checked above
    total = math.comb(len(bots), players) * games
    if total > MAX_GAMES:
        raise SetupError(
            f"{math.comb(len(bots), players)} tables of {games} games are {total} games; "
            f"at most {MAX_GAMES}"
        )
    built: Variant = made(f"variant {variant}", partial(parse_variant, variant))
    check_table(built, players)
    for bot in bots:  # a bad spec is refused before any table plays, not at its table
        made(f"--bots {bot}", partial(parse_bot, bot))
    return built


def _wins(tables: Sequence[tuple[tuple[int, ...], Sequence[GameRecord]]], n: int) -> Wins:
    wins = [[0.0] * n for _ in range(n)]
    for table, records in tables:
        for record in records:
            if record.places is None:
                continue
            placed = zip(table, record.places, strict=True)
            for (a, pa), (b, pb) in itertools.combinations(placed, 2):
                if pa < pb:
                    wins[a][b] += 1
                elif pb < pa:
                    wins[b][a] += 1
    return wins


def _intervals(
    tables: Sequence[tuple[tuple[int, ...], Sequence[GameRecord]]],
    n: int,
    rounds: int,
    rng: random.Random,
) -> tuple[list[float], list[float]]:
    """95 % percentile bootstrap intervals of the ratings (games resampled per table)."""
    samples: list[list[float]] = []
    for _ in range(rounds):
        resampled = [(table, rng.choices(records, k=len(records))) for table, records in tables]
        samples.append(bradley_terry(_wins(resampled, n)))
    low, high = [], []
    for i in range(n):
        values = sorted(sample[i] for sample in samples)
        low.append(values[int(0.025 * (rounds - 1))])
        high.append(values[math.ceil(0.975 * (rounds - 1))])
    return low, high


# ---------------------------------------------------------------------- the command


def add_ladder_command(commands: Any) -> None:
    """Add ``makao ladder`` to the ``makao`` command's subparsers."""
    about = "rate bots by round-robin play"
    parser = commands.add_parser("ladder", help=about, description=about)
    parser.add_argument("--variant", default="polish", help="variant spec, like polish:decks=2")
    parser.add_argument(
        "--bots",
        nargs="+",
        default=["random", "heuristic", "mcts"],
        metavar="BOT",
        help=f"2 to {MAX_LADDER_BOTS} different bot specs (default random heuristic mcts)",
    )
    parser.add_argument(
        "--players", type=whole_number, default=2, help="seats per table (default 2)"
    )
    parser.add_argument(
        "--games",
        type=whole_number,
        default=100,
        help=f"games per table (default 100; at most {MAX_GAMES} over all the tables)",
    )
    parser.add_argument(
        "--seed", type=whole_number, default=0, help="the ladder's seed (default 0)"
    )
    parser.add_argument(
        "--workers", type=whole_number, default=1, help="local processes (default 1)"
    )
    parser.add_argument(
        "--max-actions",
        type=bounded(1, MAX_ACTIONS_LIMIT),
        default=DEFAULT_MAX_ACTIONS,
        help=f"cap each game (default {DEFAULT_MAX_ACTIONS}, at most {MAX_ACTIONS_LIMIT})",
    )
    parser.add_argument(
        "--bootstrap",
        type=whole_number,
        default=200,
        help=f"bootstrap rounds (default 200, at most {MAX_BOOTSTRAP})",
    )
    parser.add_argument("--plot", type=output_path, help="draw the ratings to this image file")
    parser.set_defaults(handler=_run_ladder)


def _run_ladder(args: argparse.Namespace) -> int:
    if args.plot is not None:  # as simulate does: path, format and matplotlib before the games
        check_run(args)
    result = _ladder(  # a variant or bot of yours that fails to build: one line, as simulate
        args.variant,
        args.bots,
        args.games,
        args.players,
        args.seed,
        args.workers,
        args.max_actions,
        args.bootstrap,
        user_code,
    )
    if args.plot is not None:
        result.plot(args.plot)
    print(result.table())
    return 0
