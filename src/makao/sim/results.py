"""The results of an experiment: per-game records and the statistics drawn from them.

:class:`SimResult` holds every :class:`~makao.sim.play.GameRecord` of a
:func:`~makao.simulate` run; :meth:`SimResult.metrics` turns them into named estimates with
95 % confidence intervals. :class:`Comparison` sets two results side by side with the
difference of each metric and its significance.

Conventions: win rates count all games, so a truncated game (``max_actions``) is a win for
nobody; game length, lead changes, penalties and events count all games too (a truncated
one at its cap); places, scores and "decided at" are averaged over the games that ended
(NaN if none did); a blocked game (PL-36) ends with its ranking, so its first player counts
as the winner.
"""

from __future__ import annotations

import csv
import json
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from makao.sim.play import GameRecord
from makao.sim.stats import Difference, Estimate, difference, mean, rate

__all__ = ["Comparison", "SimResult"]


@attrs.frozen
class SimResult:
    """Every game of one experiment and the statistics of them."""

    variant: str
    """The variant's name and options, as ``"polish:decks=2"``."""
    bots: tuple[str, ...]
    """A label per bot (its name; repeated names are numbered)."""
    seed: int
    records: tuple[GameRecord, ...]

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

    def wins(self, bot: int) -> int:
        """Games won by bot ``bot`` (an index into :attr:`bots`)."""
        return sum(1 for r in self.records if r.places is not None and r.places[bot] == 1)

    def places(self, bot: int) -> dict[int, int]:
        """How often bot ``bot`` took each place, over the games that ended."""
        return dict(sorted(Counter(r.places[bot] for r in self.finished() if r.places).items()))

    def lengths(self) -> list[int]:
        """Moves (actions) per game, in game order."""
        return [record.actions for record in self.records]

    def metrics(self) -> dict[str, Estimate]:
        """Every statistic, by name, with its 95 % confidence interval."""
        return dict(self._metrics())

    def _metrics(self) -> Iterator[tuple[str, Estimate]]:
        records = self.records
        n = len(records)
        done = self.finished()
        for j, label in enumerate(self.bots):
            yield f"win rate {label}", rate(self.wins(j), n)
        for j, label in enumerate(self.bots):
            yield f"mean place {label}", mean([r.places[j] for r in done if r.places])
        for seat in range(self.players):
            won = sum(1 for r in done if r.places and r.seats[r.places.index(1)] == seat)
            yield f"win rate seat {seat}", rate(won, n)
        first_won = sum(1 for r in done if r.places and r.places[r.first] == 1)
        yield "first player wins", rate(first_won, n)
        yield "moves per game", mean([r.actions for r in records])
        yield "turns per game", mean([r.turns for r in records])
        yield "rounds per game", mean([r.turns / self.players for r in records])
        yield "blocked", rate(sum(r.blocked for r in records), n)
        yield "truncated", rate(sum(r.truncated for r in records), n)
        yield "lead changes", mean([r.lead_changes for r in records])
        yield "decided at", mean([r.decided_at for r in done if r.decided_at is not None])
        for j, label in enumerate(self.bots):
            yield f"penalty cards {label}", mean([r.penalties[j] for r in records])
        scored = [r for r in done if r.scores is not None]
        for j, label in enumerate(self.bots if scored else ()):
            yield f"score {label}", mean([r.scores[j] for r in scored if r.scores])
        kinds = sorted({name for r in records for name, _ in r.events})
        for kind in kinds:
            yield f"events {kind}", mean([dict(r.events).get(kind, 0) for r in records])

    def table(self) -> str:
        """The statistics as a plain-text table."""
        rows = [(name, est.format()) for name, est in self._metrics()]
        title = f"{self.variant}: {self.games} games, bots {', '.join(self.bots)}"
        return _render(title, ("metric", "value [95 % CI]"), rows)

    def to_dict(self) -> dict[str, Any]:
        """The experiment as JSON-ready data: settings, statistics, distributions."""
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "metrics": {name: est.to_dict() for name, est in self._metrics()},
            "places": {label: self.places(j) for j, label in enumerate(self.bots)},
            "lengths": dict(sorted(Counter(self.lengths()).items())),
        }

    def to_json(self, path: str | Path) -> None:
        """Write :meth:`to_dict` as JSON to ``path`` (standard JSON: an unknown value or an
        unbounded interval end is written as ``null``)."""
        _write_json(path, self.to_dict())

    def to_csv(self, path: str | Path) -> None:
        """Write one row per game to ``path`` (places and penalties per bot)."""
        with Path(path).open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(
                ["game", "seed", "actions", "turns", "truncated", "blocked", "first"]
                + [f"place {b}" for b in self.bots]
                + [f"penalties {b}" for b in self.bots]
            )
            for r in self.records:
                places = r.places or ("",) * self.players
                writer.writerow(
                    [
                        r.game,
                        r.seed,
                        r.actions,
                        r.turns,
                        r.truncated,
                        r.blocked,
                        r.first,
                        *places,
                        *r.penalties,
                    ]
                )


@attrs.frozen
class Comparison:
    """Two experiments side by side: each metric in ``a`` and ``b`` and ``b - a``."""

    a: SimResult
    b: SimResult

    def rows(self) -> list[tuple[str, Estimate, Estimate, Difference]]:
        """(metric, estimate in a, estimate in b, difference) for the metrics both have."""
        left, right = self.a.metrics(), self.b.metrics()
        names = list(left) + [name for name in right if name not in left]
        return [
            (name, left[name], right[name], difference(left[name], right[name]))
            for name in names
            if name in left and name in right
        ]

    def significant(self) -> list[str]:
        """The metrics whose difference is significant at the 5 % level."""
        return [name for name, _, _, diff in self.rows() if diff.significant]

    def table(self) -> str:
        """The comparison as a plain-text table (``*``: significant at 5 %)."""
        rows = [
            (name, x.format(), y.format(), d.format(percent=x.kind == "rate"))
            for name, x, y, d in self.rows()
        ]
        title = (
            f"A = {self.a.variant}, B = {self.b.variant}: {self.a.games} games each, "
            f"bots {', '.join(self.a.bots)}"
        )
        return _render(title, ("metric", "A", "B", "B - A [95 % CI]"), rows)

    def to_dict(self) -> dict[str, Any]:
        """Both experiments and the differences as JSON-ready data."""
        return {
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "differences": {name: d.to_dict() for name, _, _, d in self.rows()},
        }

    def to_json(self, path: str | Path) -> None:
        """Write :meth:`to_dict` as JSON to ``path`` (standard JSON: an unknown value or an
        unbounded interval end is written as ``null``)."""
        _write_json(path, self.to_dict())


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


def _write_json(path: str | Path, data: dict[str, Any]) -> None:
    text = json.dumps(_finite(data), indent=2, allow_nan=False)
    Path(path).write_text(text, encoding="utf-8")
