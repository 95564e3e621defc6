"""The results of an experiment: per-game records and the statistics drawn from them.

[`SimResult`][makao.sim.SimResult] holds every [`GameRecord`][makao.sim.GameRecord] of a
[`simulate`][makao.sim.simulate] run; [`SimResult.metrics`][makao.sim.SimResult.metrics] turns them
into named estimates with 95 % confidence intervals. [`Comparison`][makao.sim.Comparison] sets two
results side by side with the difference of each metric and its significance.

Conventions: win rates count all games, so a truncated game (``max_actions``) is a win for
nobody; game length, lead changes, penalties and events count all games too (a truncated
one at its cap); places, scores and "decided at" are averaged over the games that ended
(NaN if none did); a truncated game is counted in the title of every table and in the
JSON (``"truncated"``, with the cap as ``"max_actions"``); a blocked game (PL-36) ends with
its ranking, so its first player counts as the winner.
"""

from __future__ import annotations

import csv
import json
import math
import operator
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs
from typing_extensions import TypeIs

from makao._files import replacing
from makao._text import shown
from makao.errors import SetupError
from makao.rules._util import is_whole, whole_number
from makao.seeding import check_savable
from makao.sim.play import GameRecord
from makao.sim.stats import (
    Difference,
    Estimate,
    difference,
    mean,
    paired_difference,
    paired_rate_difference,
    rate,
)

__all__ = ["LEGEND", "Comparison", "PerGame", "SimResult", "legend"]


@attrs.frozen
class PerGame:
    """One metric of an experiment as its value in each game, in game order: what its
    [`Estimate`][makao.sim.Estimate] is drawn from, and what a paired comparison
    ([`Comparison.paired_rows`][makao.sim.Comparison.paired_rows]) pairs game by game."""

    name: str
    """The metric's name, as in [`SimResult.metrics`][makao.sim.SimResult.metrics]."""
    kind: str
    """``"rate"`` (each value 1 or 0: the game counts or not) or ``"mean"``."""
    values: tuple[float | None, ...]
    """The metric in each game; ``None`` where the game has none (a place, score or
    "decided at" of a truncated game)."""
    low: float | None = None
    """A bound every value of a mean respects (``None``: unbounded), as for
    [`mean`][makao.sim.stats.mean]."""
    high: float | None = None

    def estimate(self) -> Estimate:
        """The metric's estimate: a rate over every game, a mean over the games that have
        a value."""
        if self.kind == "rate":
            return rate(sum(1 for value in self.values if value), len(self.values))
        known = [value for value in self.values if value is not None]
        return mean(known, low=self.low, high=self.high)


@attrs.frozen
class SimResult:
    """Every game of one experiment and the statistics of them."""

    variant: str = attrs.field()
    """The variant's name and options, as ``"polish:decks=2"``."""
    bots: tuple[str, ...] = attrs.field()
    """A label per bot (its name; repeated names are numbered)."""
    seed: int = attrs.field(validator=whole_number(None))
    records: tuple[GameRecord, ...] = attrs.field()
    max_actions: int | None = attrs.field(default=None)
    """The cap on actions per game (``None``: no cap); a capped game is truncated."""

    @variant.validator
    def _check_variant(self, _: object, variant: object) -> None:
        """A `SetupError` unless ``variant`` is text."""
        if not isinstance(variant, str):
            raise SetupError(f"SimResult.variant must be text, not {shown(variant, 40)}")

    @bots.validator
    def _check_bots(self, _: object, bots: object) -> None:
        """A `SetupError` unless ``bots`` is a tuple of different labels (texts)."""
        if (
            not isinstance(bots, tuple)
            or not bots
            or not all(isinstance(label, str) for label in bots)
            or len(set(bots)) != len(bots)
        ):
            raise SetupError(
                f"SimResult.bots must be a tuple of different labels, not {shown(bots, 60)}"
            )

    @records.validator
    def _check_records(self, _: object, records: object) -> None:
        """A `SetupError` unless ``records`` is a tuple of `GameRecord` records, each with one
        seat, place, penalty and score (or none) per bot: a record of another table would
        otherwise fail deep in `metrics` or `to_csv` (an ``IndexError``), or be misread."""
        if not isinstance(records, tuple):
            raise SetupError(
                f"SimResult.records must be a tuple of GameRecords, not {shown(records, 40)}"
            )
        players = len(self.bots)
        for number, record in enumerate(records):
            if not isinstance(record, GameRecord):
                raise SetupError(
                    f"SimResult.records[{number}] must be a GameRecord, not {shown(record, 40)}"
                )
            if not (
                _per_bot(record.seats, players)
                and _per_bot(record.penalties, players)
                and (record.places is None or _per_bot(record.places, players))
                and (record.scores is None or _per_bot(record.scores, players))
            ):
                raise SetupError(
                    f"SimResult.records[{number}] (game {shown(record.game, 20)}) must give its "
                    f"seats, places, penalties and scores for {players} bots "
                    f"({', '.join(self.bots)})"
                )

    @max_actions.validator
    def _check_max_actions(self, _: object, max_actions: object) -> None:
        """A `SetupError` unless ``max_actions`` is ``None`` or a whole number from 1."""
        if max_actions is not None and not is_whole(max_actions, 1):
            raise SetupError(
                "SimResult.max_actions must be None or a whole number ≥ 1, "
                f"not {shown(max_actions, 40)}"
            )

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.records)

    @property
    def players(self) -> int:
        """Players per game."""
        return len(self.bots)

    def finished(self) -> list[GameRecord]:
        """The games that ended (not truncated)."""
        return [record for record in self.records if record.places is not None]

    def wins(self, bot: int | str) -> int:
        """Games won by bot ``bot``: an index into [`bots`][makao.sim.SimResult.bots] or
        its label there (``"heuristic"``, ``"random2"``); anything else is a `SetupError`."""
        j = self._bot_index(bot)
        return sum(1 for r in self.records if r.places is not None and r.places[j] == 1)

    def places(self, bot: int | str) -> dict[int, int]:
        """How often bot ``bot`` (an index or a label, as for
        [`wins`][makao.sim.SimResult.wins]) took each place, over the games that ended."""
        j = self._bot_index(bot)
        return dict(sorted(Counter(r.places[j] for r in self.finished() if r.places).items()))

    def _bot_index(self, bot: object) -> int:
        """The index of ``bot`` (an index into `bots`, any whole number such as NumPy's, not a
        `bool`; or a label in it); a `SetupError` naming the labels otherwise."""
        if isinstance(bot, str):
            if bot in self.bots:
                return self.bots.index(bot)
        elif not isinstance(bot, bool):
            try:
                index = operator.index(bot)  # type: ignore[arg-type]  # checked here
            except TypeError:
                pass
            else:
                if 0 <= index < len(self.bots):
                    return index
        raise SetupError(
            f"no bot {shown(bot, 40)} in this result: give an index 0…{len(self.bots) - 1} "
            f"or a label, one of {', '.join(self.bots)}"
        )

    def lengths(self) -> list[int]:
        """Moves (actions) per game, in game order."""
        return [record.actions for record in self.records]

    def truncated(self) -> int:
        """How many games were stopped at [`max_actions`][makao.sim.SimResult.max_actions] before
        they ended."""
        return sum(record.truncated for record in self.records)

    def metrics(self) -> dict[str, Estimate]:
        """Every statistic, by name, with its 95 % confidence interval."""
        return dict(self._metrics())

    def _metrics(self, events: bool = True) -> Iterator[tuple[str, Estimate]]:
        for metric in self._per_game(events):
            yield metric.name, metric.estimate()

    def per_game(self, events: bool = True) -> dict[str, PerGame]:
        """Every metric of [`metrics`][makao.sim.SimResult.metrics], by name, as its value in each
        game ([`PerGame`][makao.sim.PerGame]): what a paired comparison pairs game by game;
        ``events=False`` leaves out the ``events <Type>`` metrics."""
        return {metric.name: metric for metric in self._per_game(events)}

    def _per_game(self, events: bool = True) -> Iterator[PerGame]:
        """The one definition of every metric: its values game by game (``None``: the game
        has none, as a place in a truncated game), its kind and its bounds."""
        records, players = self.records, self.players
        for j, label in enumerate(self.bots):
            won = tuple(1 if r.places is not None and r.places[j] == 1 else 0 for r in records)
            yield PerGame(f"win rate {label}", "rate", won)
        for j, label in enumerate(self.bots):
            places = tuple(None if r.places is None else r.places[j] for r in records)
            yield PerGame(f"mean place {label}", "mean", places, 1, players)
        for seat in range(players):
            yield PerGame(
                f"win rate seat {seat}", "rate", tuple(_won_from(r, seat) for r in records)
            )
        first = tuple(1 if r.places and r.places[r.first] == 1 else 0 for r in records)
        yield PerGame("first player wins", "rate", first)
        yield PerGame("moves per game", "mean", tuple(r.actions for r in records), 0)
        yield PerGame("turns per game", "mean", tuple(r.turns for r in records), 0)
        yield PerGame("rounds per game", "mean", tuple(r.turns / players for r in records), 0)
        yield PerGame("blocked", "rate", tuple(int(r.blocked) for r in records))
        yield PerGame("truncated", "rate", tuple(int(r.truncated) for r in records))
        yield PerGame("lead changes", "mean", tuple(r.lead_changes for r in records), 0)
        decided = tuple(None if r.places is None else r.decided_at for r in records)
        yield PerGame("decided at", "mean", decided, 0, 1)
        for j, label in enumerate(self.bots):
            penalties = tuple(r.penalties[j] for r in records)
            yield PerGame(f"penalty cards {label}", "mean", penalties, 0)
        scored = any(r.places is not None and r.scores is not None for r in records)
        for j, label in enumerate(self.bots if scored else ()):
            scores = tuple(
                r.scores[j] if r.places is not None and r.scores else None for r in records
            )
            yield PerGame(f"score {label}", "mean", scores)
        kinds = sorted({name for r in records for name, _ in r.events}) if events else []
        for kind in kinds:
            yield self._event_counts(kind)

    def _event_counts(self, kind: str) -> PerGame:
        """How many events of ``kind`` each game had (0 in a game without one)."""
        counts = tuple(dict(r.events).get(kind, 0) for r in self.records)
        return PerGame(f"events {kind}", "mean", counts, 0)

    def events_per_game(self, kind: str) -> Estimate:
        """How many events of ``kind`` (a class name, ``"DemandSet"``) a game had, over
        every game (0 in a game without one)."""
        return self._event_counts(kind).estimate()

    def title(self) -> str:
        """The table's first line: variant, games, bots, and how many games were truncated."""
        return (
            f"{self.variant}: {self.games} games, bots {', '.join(self.bots)}; "
            f"{_truncation(self.truncated(), self.max_actions)}"
        )

    def table(self, events: bool = False) -> str:
        """The statistics as a plain-text table with a legend under it; ``events`` adds
        the count of each kind of event per game."""
        metrics = list(self._metrics(events))
        rows = [(name, est.format()) for name, est in metrics]
        table = _render(self.title(), ("metric", "value [95 % CI]"), rows)
        return table + "\n\n" + legend([name for name, _ in metrics], self.max_actions)

    def to_dict(self) -> dict[str, Any]:
        """The experiment as JSON-ready data: settings, statistics, distributions."""
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "max_actions": self.max_actions,
            "truncated": self.truncated(),
            "metrics": {name: est.to_dict() for name, est in self._metrics()},
            "places": {label: self.places(j) for j, label in enumerate(self.bots)},
            "lengths": dict(sorted(Counter(self.lengths()).items())),
        }

    def to_json(self, path: str | Path | TextIO) -> None:
        """Write [`to_dict`][makao.sim.SimResult.to_dict] as JSON to ``path``, a file's path or
        an open text stream such as ``sys.stdout`` (standard JSON: an unknown value or an
        unbounded interval end is written as ``null``)."""
        _write_json(path, self.to_dict(), self.seed)

    def to_csv(self, path: str | Path | TextIO) -> None:
        """Write one row per game to ``path``, a file's path or an open text stream: each
        game's [`GameRecord`][makao.sim.GameRecord], places, penalties, seats, lead changes,
        "decided at", scores (variants that score) and event counts per bot or kind, so
        that every metric can be worked out from the CSV alone (the columns: `_csv_columns`;
        docs/experiments.md lists them)."""
        if _is_path(path):
            with replacing(path) as written, written.open("w", newline="", encoding="utf-8") as f:
                self._write_csv(f)
        else:
            self._write_csv(path)

    def _csv_columns(self) -> tuple[list[str], bool, list[str]]:
        """The CSV's header, whether it has score columns, and the kinds of event it counts.
        In order: ``game``, ``seed``, ``actions``, ``turns``, ``truncated``, ``blocked``,
        ``first``, ``place <bot>`` and ``penalties <bot>`` for each bot -- the columns of
        earlier versions, kept first so that a reader of them keeps working -- then
        ``seat <bot>``, ``lead changes``, ``decided at``, ``score <bot>`` (if any game was
        scored) and ``events <Type>`` for each kind of event seen."""
        scored = any(record.scores is not None for record in self.records)
        kinds = sorted({name for record in self.records for name, _ in record.events})
        header = (
            ["game", "seed", "actions", "turns", "truncated", "blocked", "first"]
            + [f"place {b}" for b in self.bots]
            + [f"penalties {b}" for b in self.bots]
            + [f"seat {b}" for b in self.bots]
            + ["lead changes", "decided at"]
            + [f"score {b}" for b in (self.bots if scored else ())]
            + [f"events {kind}" for kind in kinds]
        )
        return header, scored, kinds

    def _write_csv(self, handle: TextIO) -> None:
        """The rows of `to_csv`, written to ``handle``."""
        writer = csv.writer(handle)
        header, scored, kinds = self._csv_columns()
        writer.writerow(header)
        blank = ("",) * self.players
        for r in self.records:
            counts = dict(r.events)
            writer.writerow(
                [
                    r.game,
                    r.seed,
                    r.actions,
                    r.turns,
                    r.truncated,
                    r.blocked,
                    r.first,
                    *(r.places or blank),
                    *r.penalties,
                    *r.seats,
                    r.lead_changes,
                    "" if r.decided_at is None else r.decided_at,
                    *((r.scores or blank) if scored else ()),
                    *(counts.get(kind, 0) for kind in kinds),
                ]
            )


def _per_bot(values: object, players: int) -> bool:
    """Whether ``values`` is a tuple of one entry per bot."""
    return isinstance(values, tuple) and len(values) == players


def _won_from(record: GameRecord, seat: int) -> int:
    """1 if ``record``'s game was won from ``seat``, else 0 (a truncated game: 0)."""
    places = record.places
    return 1 if places and record.seats[places.index(1)] == seat else 0


def _check_result(_: object, field: attrs.Attribute[SimResult], value: object) -> None:
    """A `SetupError` unless a side of a `Comparison` is a `SimResult`."""
    if not isinstance(value, SimResult):
        raise SetupError(f"Comparison.{field.name} must be a SimResult, not {shown(value, 40)}")


@attrs.frozen
class Comparison:
    """Two experiments side by side: each metric in ``a`` and ``b`` and ``b - a``."""

    a: SimResult = attrs.field(validator=_check_result)
    b: SimResult = attrs.field(validator=_check_result)

    def rows(self) -> list[tuple[str, Estimate, Estimate, Difference]]:
        """(metric, estimate in a, estimate in b, difference) for the metrics both have; a
        kind of event seen in one experiment only is 0 per game in the other."""
        rows = []
        for name, mine, theirs in self._aligned():
            x, y = mine.estimate(), theirs.estimate()
            rows.append((name, x, y, difference(x, y)))
        return rows

    def paired_rows(self) -> list[tuple[str, Estimate, Estimate, Difference]]:
        """(metric, estimate in a, estimate in b, paired difference), the metrics of
        [`rows`][makao.sim.Comparison.rows]: each difference is taken from ``b - a`` game by
        game (game ``i`` of each side was dealt the same seed with the same seats), over every
        game, or for places, scores and "decided at" over the games that ended on both sides
        (a mean's: [`paired_difference`][makao.sim.stats.paired_difference]; a rate's:
        [`paired_rate_difference`][makao.sim.stats.paired_rate_difference]). Much more
        sensitive than the independent difference when the two sides play alike in most
        games. A [`SetupError`][makao.errors.SetupError] if the two sides did not play the
        same games."""
        self._check_paired()
        return [
            (name, mine.estimate(), theirs.estimate(), _paired(mine, theirs))
            for name, mine, theirs in self._aligned()
        ]

    def _aligned(self) -> list[tuple[str, PerGame, PerGame]]:
        """(metric, its values game by game in a, in b) for the metrics both sides have, in
        the order of the table (a kind of event one side never saw is 0 in each of its
        games), each side's metrics worked out once."""
        left, right = self.a.per_game(), self.b.per_game()
        for mine, theirs, result in ((left, right, self.a), (right, left, self.b)):
            for name in theirs:
                if name.startswith("events ") and name not in mine:
                    mine[name] = result._event_counts(name.removeprefix("events "))
        kinds = sorted(name for name in left if name.startswith("events "))
        names = [name for name in left if not name.startswith("events ")]
        names += [name for name in right if name not in left] + kinds
        return [(name, left[name], right[name]) for name in names if name in left and name in right]

    def _check_paired(self) -> None:
        """A `SetupError` unless both sides played the same games: the same bots, game
        count, game seeds and seats (as [`compare`][makao.sim.compare] plays them)."""
        reason = _unpaired(self.a, self.b)
        if reason is not None:
            raise SetupError(
                "paired differences need the same games on both sides (the same bots, game "
                f"seeds and seats, as compare plays them): {reason}"
            )

    def significant(self, *, paired: bool = False) -> list[str]:
        """The metrics whose difference is significant at the 5 % level (``paired``: the
        paired difference, [`paired_rows`][makao.sim.Comparison.paired_rows])."""
        rows = self.paired_rows() if paired else self.rows()
        return [name for name, _, _, diff in rows if diff.significant]

    def table(self, events: bool = False, *, paired: bool = False) -> str:
        """The comparison as a plain-text table (``*``: significant at 5 %) with a legend
        under it; ``events`` adds the count of each kind of event per game; ``paired`` gives
        the paired differences ([`paired_rows`][makao.sim.Comparison.paired_rows]), and says so
        in the header and the legend."""
        rows = [
            (name, x.format(), y.format(), d.format(percent=x.kind == "rate"))
            for name, x, y, d in (self.paired_rows() if paired else self.rows())
            if events or not name.startswith("events ")
        ]
        title = (
            f"A = {self.a.variant}, B = {self.b.variant}: {_games(self.a.games, self.b.games)}, "
            f"{_bots(self.a.bots, self.b.bots)}; "
            f"A {_truncation(self.a.truncated(), self.a.max_actions)}, "
            f"B {_truncation(self.b.truncated(), self.b.max_actions)}"
        )
        header = "B - A paired [95 % CI]" if paired else "B - A [95 % CI]"
        table = _render(title, ("metric", "A", "B", header), rows)
        caps = (self.a.max_actions, self.b.max_actions)
        cap = _cap(caps[0]) if caps[0] == caps[1] else f"A {_cap(caps[0])}, B {_cap(caps[1])}"
        notes = _legend([row[0] for row in rows], cap)
        if paired:
            notes += "\n" + _PAIRED_NOTE
        return f"{table}\n\n{notes}\n  *: the difference is significant at the 5 % level"

    def to_dict(self, *, paired: bool = False) -> dict[str, Any]:
        """Both experiments and the differences as JSON-ready data; ``paired`` adds the
        paired differences as ``"paired_differences"``
        ([`paired_rows`][makao.sim.Comparison.paired_rows])."""
        data = {
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "differences": {name: d.to_dict() for name, _, _, d in self.rows()},
        }
        if paired:
            data["paired_differences"] = {name: d.to_dict() for name, _, _, d in self.paired_rows()}
        return data

    def to_json(self, path: str | Path | TextIO, *, paired: bool = False) -> None:
        """Write [`to_dict`][makao.sim.Comparison.to_dict] (with ``paired``) as JSON to ``path``,
        a file's path or an open text stream (standard JSON: an unknown value or an unbounded
        interval end is written as ``null``)."""
        _write_json(path, self.to_dict(paired=paired), self.a.seed, self.b.seed)


def _unpaired(a: SimResult, b: SimResult) -> str | None:
    """Why ``a`` and ``b`` did not play the same games, or ``None`` if they did."""
    if a.bots != b.bots:
        return f"A's bots are {', '.join(a.bots)} and B's {', '.join(b.bots)}"
    if a.games != b.games:
        return f"A played {a.games} games and B {b.games}"
    for x, y in zip(a.records, b.records, strict=True):
        if x.seed != y.seed:
            return f"game {x.game} was dealt seed {x.seed} in A and seed {y.seed} in B"
        if x.seats != y.seats:
            return f"game {x.game} seated the bots at {x.seats} in A and at {y.seats} in B"
    return None


def _paired(a: PerGame, b: PerGame) -> Difference:
    """The paired difference of one metric over the games where both sides have a value
    (of a rate: `paired_rate_difference`; of a mean: `paired_difference`, within the
    metric's bounds)."""
    pairs = [
        (x, y) for x, y in zip(a.values, b.values, strict=True) if x is not None and y is not None
    ]
    firsts, seconds = [x for x, _ in pairs], [y for _, y in pairs]
    if a.kind == "rate":
        return paired_rate_difference(firsts, seconds)
    return paired_difference(firsts, seconds, low=a.low, high=a.high)


_PAIRED_NOTE = (
    "  paired: B - A from the differences of game i of A and game i of B, dealt the same "
    "seed with the same seats (rates: Newcombe's paired interval, McNemar's test; places, "
    "scores and decided at: the games both sides ended)"
)


LEGEND: dict[str, str] = {
    "win rate": "share of all games the bot won (a truncated game is won by nobody)",
    "mean place": "the bot's average finishing place, 1 = winner (games that ended)",
    "win rate seat": "share of all games won from that seat, whoever sat there",
    "first player wins": "share of all games won by the player who moved first",
    "moves per game": "actions per game: plays, draws, passes, calls ({cap})",
    "turns per game": "turns per game; a turn ends when play passes to another seat",
    "rounds per game": "turns per game divided by the number of players",
    "blocked": (
        "share of games that ended blocked, no one able to play or draw (the engine's "
        "blocked-game end, the same in every variant: PL-36 in Polish makao)"
    ),
    "truncated": "share of games stopped at the action cap before they ended ({cap})",
    "lead changes": "how often the sole leader (fewest cards) changed, per game",
    "decided at": "share of the turns after which the winner led to the end (0 = from the start)",
    "penalty cards": "penalty cards the bot was charged per game",
    "score": (
        "the bot's average score (variants that score): points left in hand, lower is better "
        "(RU-16); its interval is unbounded, as a house point table may score below 0"
    ),
    "events": "how often that kind of event happened per game (--events)",
}
"""One line per metric family, printed under every table (``{cap}``: the action cap)."""


def legend(names: Sequence[str], max_actions: int | None = None) -> str:
    """The legend lines for the metrics ``names``, one per family, in table order."""
    if isinstance(names, str) or not all(isinstance(name, str) for name in _listed(names)):
        raise SetupError(f"names must be a sequence of metric names, not {shown(names, 60)}")
    if max_actions is not None and type(max_actions) is not int:
        raise SetupError(
            f"max_actions must be None or a whole number, not {shown(max_actions, 40)}"
        )
    return _legend(names, _cap(max_actions))


def _cap(max_actions: int | None) -> str:
    """An action cap as the legend names it."""
    return "no cap" if max_actions is None else f"cap {shown(max_actions)}"


def _legend(names: Sequence[str], cap: str) -> str:
    """`legend`, with the action cap already named (``cap``: one, or one per side)."""
    lines: dict[str, str] = {}
    for name in names:
        family = _family(name)
        if family is not None and family not in lines:
            lines[family] = f"  {family}: {LEGEND[family].format(cap=cap)}"
    return "\n".join(lines.values())


def _listed(names: object) -> Sequence[object]:
    """``names`` if it is a sequence, else a `SetupError`."""
    if not isinstance(names, Sequence):
        raise SetupError(f"names must be a sequence of metric names, not {shown(names, 60)}")
    return names


def _family(name: str) -> str | None:
    """The legend entry of a metric: the longest entry its name starts with."""
    found = [key for key in LEGEND if name == key or name.startswith(key + " ")]
    return max(found, key=len) if found else None


def _games(a: int, b: int) -> str:
    """How many games each side of a comparison played."""
    return f"{a} games each" if a == b else f"A {a} games, B {b} games"


def _bots(a: tuple[str, ...], b: tuple[str, ...]) -> str:
    """The bots of each side of a comparison, as its title names them."""
    if a == b:
        return f"bots {', '.join(a)}"
    return f"A bots {', '.join(a)}, B bots {', '.join(b)}"


def _truncation(count: int, max_actions: int | None) -> str:
    if max_actions is None:
        return f"{count} truncated (no cap)"
    return f"{count} truncated at {max_actions} actions"


def _render(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    table = [tuple(header), *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = [title, ""]
    for number, row in enumerate(table):
        lines.append(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _finite(value: object) -> object:
    """``value`` with every NaN or infinite float replaced by ``None`` (JSON's ``null``)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


def _is_path(target: str | Path | TextIO) -> TypeIs[str | Path]:
    """Whether an output ``target`` is a file's path (``str``, `Path`) rather than an open
    text stream (anything with a ``write`` method); a `SetupError` if it is neither."""
    if isinstance(target, (str, Path)):
        return True
    if callable(getattr(target, "write", None)):
        return False
    raise SetupError(
        f"an output is a file's path or an open text stream, not {type(target).__name__}"
    )


def _write_json(path: str | Path | TextIO, data: dict[str, Any], *seeds: int) -> None:
    """Write ``data`` as JSON to ``path``; a `StateError` if one of the experiments'
    ``seeds`` is too long to write (`check_savable`; every other number in it is short)."""
    for seed in seeds:
        check_savable(seed)
    text = json.dumps(_finite(data), indent=2, allow_nan=False)
    if _is_path(path):
        with replacing(path) as written:
            written.write_text(text, encoding="utf-8")
    else:  # a stream: ended with a newline, as a line of output is
        path.write(text + "\n")
