"""The tables the ``makao`` command prints (issue 15): default tables, ``variants
NAME``, one error prefix, intervals inside their bounds, event counts behind a flag with a
legend under every table, and one benchmark table."""

from __future__ import annotations

import math
import re

import attrs
import pytest

from makao import variants
from makao.cli import main, usual_players
from makao.sim import simulate
from makao.sim.results import LEGEND, legend
from makao.sim.stats import mean, rate

_NUMBER = r"(-?[\d.]+(?:e[+-]?\d+)?|nan|inf|-inf)"
_ROW = re.compile(rf"^(.+?)\s+{_NUMBER}( %)? \[{_NUMBER}, {_NUMBER}\]$")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_players_default_to_the_variants_table(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: "mao needs at least 3 players, not 2".
    argv = ["simulate", "--variant", "mao", "--games", "1", "--max-actions", "30", "--quiet"]
    code, out, err = _run(capsys, *argv)
    assert code == 0, err
    assert "bots random1, random2, random3" in out


def test_compare_seats_the_larger_of_the_two_tables(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "polish", "mao", "--games", "1", "--max-actions", "20", "--quiet"]
    code, out, err = _run(capsys, *argv)
    assert code == 0, err
    assert "random3" in out


def test_the_usual_table_has_at_least_two_seats() -> None:
    polish = variants.polish()
    start = polish.compiled.start
    solo = polish.replace(type(start), attrs.evolve(start, min_players=1))
    assert solo.compiled.start.min_players == 1
    assert usual_players(solo) == usual_players(polish) == 2
    assert usual_players(variants.mao()) == 3


@pytest.mark.parametrize("name", ["polish", "pl", "mao"])
def test_variants_name_shows_rules_options_and_aliases(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    # Was: "unrecognized arguments: polish".
    code, out, _ = _run(capsys, "variants", name)
    assert code == 0
    if name != "mao":
        assert out.startswith("polish: Polish makao")
        assert re.search(r"^    PL-1, PL-2, PL-3, PL-4, PL-5: StartRule\(", out, re.MULTILINE)
        assert "    decks: int | None = None" in out
        assert "aliases: pl, makao" in out
    else:
        assert "UM-16" in out and "min_players=3" in out
    assert "ids=" not in out  # the ids lead the line, not repeated in the object


def test_variants_unknown_name_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "variants", "nope")
    assert code == 2 and out == "" and err.count("\n") == 1 and "nope" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "x"],
        ["compare", "polish"],
        ["bench", "--rounds", "0"],
        ["replay"],
        ["variants", "a", "b"],
    ],
)
def test_errors_have_one_prefix(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    # Was: "makao: error: makao simulate: argument --games …".
    code, _, err = _run(capsys, *argv)
    assert code == 2 and err.startswith("makao: error: ")
    assert err.count("error") == 1 and "makao " not in err.removeprefix("makao: error: ")


# ------------------------------------------------------------------ the intervals


@pytest.mark.parametrize(
    ("values", "low", "high"),
    [
        ([0.0, 1.0], 0.0, None),  # penalty cards 0.5 [-0.48, 1.48] before
        ([0.0, 0.0, 0.0, 5.0], 0.0, None),
        ([1.0, 1.0, 0.5, 0.99, 0.1], 0.0, 1.0),  # decided at … [0.642, 1.02] before
        ([1.0, 0.49], 0.0, 1.0),
        ([1.0, 1.0, 2.0], 1.0, 3.0),
        ([9.0, 10.0, 10.0], None, 10.0),
    ],
)
def test_bounded_means_stay_inside_their_bounds(
    values: list[float], low: float | None, high: float | None
) -> None:
    estimate = mean(values, low=low, high=high)
    assert estimate.low <= estimate.value <= estimate.high
    assert low is None or estimate.low >= low
    assert high is None or estimate.high <= high
    plain = mean(values)
    assert (low is not None and plain.low < low) or (high is not None and plain.high > high)


def test_a_bounded_mean_agrees_with_the_normal_interval_far_from_its_bounds() -> None:
    values = [float(100 + (i % 7)) for i in range(400)]
    bounded, plain = mean(values, low=0), mean(values)
    assert bounded.low == pytest.approx(plain.low, rel=1e-4)
    assert bounded.high == pytest.approx(plain.high, rel=1e-4)


def test_a_mean_of_one_value_or_none_is_the_whole_range() -> None:
    assert (mean([0.4], low=0, high=1).low, mean([0.4], low=0, high=1).high) == (0, 1)
    empty = mean([], low=0)
    assert math.isnan(empty.value) and (empty.low, empty.high) == (0, math.inf)


def test_every_interval_of_a_run_respects_its_bounds() -> None:
    result = simulate("polish", ["random", "heuristic", "random"], games=12, seed=4)
    for name, estimate in result.metrics().items():
        if estimate.n < 1:
            continue
        assert estimate.low >= (1 if name.startswith("mean place") else 0), name
        if estimate.kind == "rate" or name == "decided at":
            assert estimate.high <= 1, name
        if name.startswith("mean place"):
            assert estimate.high <= result.players, name
    assert rate(3, 3).high == 1.0 and rate(0, 3).low == 0.0


# ------------------------------------------------------- the table and its legend


def test_event_counts_are_behind_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: 16 of 30 rows event counts.
    argv = ["simulate", "--games", "4", "--quiet"]
    code, plain, _ = _run(capsys, *argv)
    assert code == 0 and "events " not in plain
    code, full, _ = _run(capsys, *argv, "--events")
    assert code == 0 and "events CardsPlayed" in full
    assert "events CardsPlayed" in simulate("polish", ["random", "random"], 4).metrics()


def test_every_metric_in_the_table_has_a_legend_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "simulate", "--games", "4", "--quiet", "--events")
    assert code == 0
    table, _, notes = out.partition("\n\n  ")
    rows = [line for line in table.splitlines()[4:] if line]
    families = {line.split(":")[0].strip() for line in ("  " + notes).splitlines()}
    for row in rows:
        name = _ROW.match(row)
        assert name is not None, row
        assert any(name.group(1) == f or name.group(1).startswith(f + " ") for f in families)
    assert "decided at" in families and "lead changes" in families


def test_the_legend_names_each_family_once_in_table_order() -> None:
    text = legend(["win rate a", "win rate b", "win rate seat 0", "decided at"], 50)
    assert [line.split(":")[0].strip() for line in text.splitlines()] == [
        "win rate",
        "win rate seat",
        "decided at",
    ]
    assert "cap 50" in legend(["truncated"], 50) and set(LEGEND) >= {"truncated", "blocked"}


def test_compare_has_a_legend_and_hides_event_counts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "polish", "polish:decks=2", "--games", "3", "--quiet"]
    code, out, _ = _run(capsys, *argv)
    assert code == 0 and "events " not in out and "  decided at: " in out
    assert "*: the difference is significant" in out


# ------------------------------------------------------------------------ bench


def test_bench_prints_one_table_with_a_legend(capsys: pytest.CaptureFixture[str]) -> None:
    # Was: two lines per table size with two different "engine" figures.
    code, out, err = _run(capsys, "bench", "--games", "1", "--rounds", "1")
    if "source tree" in out:  # an installed makao: the quick benchmark
        pytest.skip("benchmarks/ is not here")
    assert code == 0, err
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("players"))
    assert lines[header].split("  ")[0] == "players" and "engine µs/action" in lines[header]
    assert [line.split()[0] for line in lines[header + 2 : header + 4]] == ["2", "4"]
    assert lines[header + 4] == ""
    assert sum(line.startswith("  engine:") for line in lines) == 1
    assert out.count("engine") == 3  # two columns of the header and the legend, no more


def test_compare_shows_event_counts_with_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """``compare --events`` adds the event counts, as ``simulate --events`` does."""
    argv = ["compare", "polish", "polish:decks=2", "--games", "3", "--quiet", "--events"]
    code, out, _ = _run(capsys, *argv)
    assert code == 0 and "events CardsPlayed" in out
