"""Every speed and size figure of issue 13 ("Core v2") in one table, each against its target.

Run ``python benchmarks/core.py`` (a quarter of an hour: valgrind is slow); ``--quick``
for small sizes, ``--only GROUP,…`` / ``--skip GROUP,…`` for parts (groups: instructions,
simulation, timing, rlcard, memory, simulate, mcts; a figure's key works too), ``--list``
to list the figures. ``--json`` prints JSON instead of the table; ``--json PATH`` prints
the table and writes the JSON to PATH. A figure that cannot be measured (no valgrind, no
RLCard) says why in the table instead of stopping the run.

``--other-python PY`` measures the same figures a second time with the interpreter ``PY``
(a venv where another build of makao is installed, e.g. the compiled wheel built with
``MAKAO_COMPILE=1``: see docs/builds.md) and prints both builds side by side, with the
compiled build's targets of issue 17 beside the compiled figures.

Instruction counts (valgrind's callgrind, ``PYTHONHASHSEED=0``) repeat exactly. Timings
are CPU time, the best of ``--rounds`` interleaved rounds of the same games, and still
noisy on a shared machine (the 2-core development machine: ±30 % and more between runs).

The RLCard comparison runs ``rlcard.games.uno.game.UnoGame`` in its own virtual
environment (RLCard is never a dependency of makao): ``--rlcard-venv PATH`` uses PATH,
creating it (``python -m venv`` + ``pip install rlcard``) if it does not exist; without
the option ``/tmp/rlcard-venv`` is used if it exists.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench, floor, instructions

import bench
import crazy_eights
import floor
import instructions
import makao
from makao import Game
from makao._build import describe

GROUPS = ("instructions", "simulation", "timing", "rlcard", "memory", "simulate", "mcts")
DEFAULT_VENV = Path(tempfile.gettempdir()) / "rlcard-venv"
NOTE = (
    "timings are CPU time, best of several interleaved rounds, and noisy on this shared "
    "2-core machine (±30 % between runs); instruction counts (valgrind) repeat exactly"
)


#: The compiled build's targets (issue 17), by figure key: shown beside compiled figures.
COMPILED_TARGETS = {
    "instructions_polish_2p": 12000.0,
    "instructions_polish_4p": 12000.0,
    "us_per_action_4p": 1.0,
    "mcts_ms_per_move": 2.0,
}


class NotMeasuredError(Exception):
    """A figure cannot be measured here; the message says why."""


@dataclass
class Sizes:
    """How much work each measurement does (see the command-line options)."""

    games: int = 40
    rounds: int = 5
    valgrind_games: int = 15
    warm: int = 5
    jobs: int = 2
    simulation_games: int = 10
    rlcard_games: int = 40
    simulate_games: int = 10000
    simulate_rounds: int = 2
    mcts_games: int = 4
    counted_clones: int = 1000
    seed: int = 1
    rlcard_venv: Path | None = None
    cache: dict[str, Any] = field(default_factory=dict)


QUICK = {
    "games": 5,
    "rounds": 2,
    "valgrind_games": 3,
    "warm": 1,
    "simulation_games": 2,
    "rlcard_games": 5,
    "simulate_games": 500,
    "simulate_rounds": 1,
    "mcts_games": 1,
    "counted_clones": 0,
}


@dataclass
class Figure:
    """One figure: what it is, its target and how it is measured (value and a detail)."""

    key: str
    group: str
    label: str
    unit: str
    target: float
    higher_is_better: bool
    measure: Callable[[Sizes], tuple[float, str]]


@dataclass
class Result:
    """A measured figure, or why it was not measured (``reason``)."""

    key: str
    figure: str
    unit: str
    target: float
    measured: float | None
    met: bool | None
    detail: str = ""
    reason: str = ""


# ------------------------------------------------------------------ instruction counts


def _needs_valgrind() -> None:
    if shutil.which("valgrind") is None:
        raise NotMeasuredError("valgrind is not installed (apt-get install valgrind)")


def _instructions(variant: str, players: int) -> Callable[[Sizes], tuple[float, str]]:
    def measure(sizes: Sizes) -> tuple[float, str]:
        _needs_valgrind()
        count, again = instructions.engine_per_action_twice(
            sizes.valgrind_games, players, variant, sizes.warm, sizes.jobs
        )
        detail = (
            f"{sizes.valgrind_games} games after {sizes.warm} warm-up games; the same games "
            f"played again, the move caches filled for them: {again:,.0f}"
        )
        return count, detail

    return measure


def _simulation(sizes: Sizes) -> tuple[float, str]:
    _needs_valgrind()
    loop, alone = instructions.simulation_per_action(sizes.simulation_games, 2, sizes.jobs)
    detail = (
        f"2 players, {sizes.simulation_games} games: play_game {loop:,.0f}, the engine alone "
        f"{alone:,.0f} instructions per action"
    )
    return (loop / alone - 1) * 100, detail


# ------------------------------------------------------------------ timings


def _timings(sizes: Sizes) -> dict[str, tuple[float, int]]:
    """µs per action of random Polish games with 2, 4 and 8 players, interleaved."""
    if "timings" not in sizes.cache:
        seeds = [sizes.seed + index for index in range(sizes.games)]
        runs: dict[str, Callable[[], int]] = {
            str(players): partial(bench.random_games, players, seeds) for players in (2, 4, 8)
        }
        # the toy floor (benchmarks/floor.py) in the same rounds: what the machine gives now
        runs["floor 4"] = partial(floor.toy_games, 4, seeds)
        # and OpenSpiel's C++ crazy_eights driven by the same loop (issue 17's reference)
        if importlib.util.find_spec("pyspiel") is not None:
            runs["crazy_eights 4"] = partial(crazy_eights.games, 4, seeds)
        sizes.cache["timings"] = bench.best_of(sizes.rounds, runs)
    timings: dict[str, tuple[float, int]] = sizes.cache["timings"]
    return timings


def _per_action(sizes: Sizes, players: int) -> float:
    seconds, actions = _timings(sizes)[str(players)]
    return seconds / actions * 1e6


def _polish_4p(sizes: Sizes) -> tuple[float, str]:
    value = _per_action(sizes, 4)
    timings = _timings(sizes)
    seconds, actions = timings["floor 4"]
    toy = seconds / actions * 1e6
    if "crazy_eights 4" in timings:
        seconds, actions = timings["crazy_eights 4"]
        c8 = seconds / actions * 1e6
        reference = (
            f"OpenSpiel's C++ crazy_eights (benchmarks/crazy_eights.py) in the same rounds: "
            f"{c8:.2f} µs per player action, makao {c8 / value:.2f}× as fast"
        )
    else:
        reference = "OpenSpiel's C++ crazy_eights: not measured (no pyspiel: the openspiel extra)"
    return value, (
        f"{sizes.games} games, best of {sizes.rounds} rounds; the toy floor of "
        f"benchmarks/floor.py in the same rounds: {toy:.2f} µs, makao {value / toy:.1f}× it; "
        f"{reference}"
    )


def _eight_vs_two(sizes: Sizes) -> tuple[float, str]:
    eight, two = _per_action(sizes, 8), _per_action(sizes, 2)
    return eight / two, f"8 players {eight:.2f} µs, 2 players {two:.2f} µs per action"


#: Instructions per clone of the engine issue 13 measured at 0.64 µs on an idle moment
#: (commit b9d8216^, the same `instructions.clone_instructions` count): a timing on a busy
#: machine can be read against it.
_ISSUE_CLONE = (13_185, 0.64)


def _clone(sizes: Sizes) -> tuple[float, str]:
    value = bench.clone_cost(4, 20000, sizes.rounds) * 1e6
    detail = f"4 players, 40 actions in; best of {sizes.rounds} rounds of 20,000"
    if sizes.counted_clones and shutil.which("valgrind") is not None:
        count = instructions.clone_instructions(sizes.counted_clones, 4, sizes.jobs)
        then, seconds = _ISSUE_CLONE
        detail += (
            f"; {count:,.0f} instructions per clone, the issue's engine {then:,} at "
            f"{seconds} µs: {seconds * count / then:.2f} µs at that machine's speed"
        )
    return value, detail


def _state_bytes(sizes: Sizes) -> tuple[float, str]:
    parts = bench.state_parts(Game.new(bench.POLISH, 4, seed=sizes.seed))
    detail = ", ".join(f"{name} {size}" for name, size in parts.items())
    filled = bench.plain_tables_cost()
    if filled is not None:  # shared by every game of the rule set, so not in the figure
        seconds, kept, plays = filled
        detail += (
            f"; the rule set's plain move tables, filled at its first game: "
            f"{seconds * 1e3:.1f} ms, {kept / 1e6:.2f} MB, {plays:,} plays"
        )
    return sum(parts.values()), f"fresh Polish deal: {detail}"


# ------------------------------------------------------------------ RLCard


_RACE = r"""
import random, sys, time
kind = sys.argv[1]
if kind == "rlcard":
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    def game_actions(seed):
        game = UnoGame(num_players=2)
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        choose, actions = random.Random(seed).choice, 0
        while not game.is_over():
            game.step(choose(game.get_legal_actions()))
            actions += 1
        return actions
else:
    sys.path.insert(0, {folder!r})
    import bench

    def game_actions(seed):
        return bench.random_games(2, [seed])

game_actions(10_000)  # warm up
print("ready", flush=True)
for line in sys.stdin:
    games, seed = map(int, line.split())
    start = time.process_time()
    actions = sum(game_actions(seed + index) for index in range(games))
    print(time.process_time() - start, actions, flush=True)
"""


def _rlcard_python(sizes: Sizes) -> Path:
    """The venv's Python with RLCard, making the venv if ``--rlcard-venv`` asked for it."""
    venv = sizes.rlcard_venv or DEFAULT_VENV
    python = venv / "bin" / "python"
    if not python.exists():
        if sizes.rlcard_venv is None:
            raise NotMeasuredError(
                f"no RLCard venv at {venv}: pass --rlcard-venv PATH to create one "
                "(python -m venv PATH && PATH/bin/pip install rlcard)"
            )
        for command in (
            [sys.executable, "-m", "venv", str(venv)],
            [str(python), "-m", "pip", "install", "--quiet", "rlcard"],
        ):
            _checked(command, f"making the RLCard venv at {venv}")
    _checked(
        [str(python), "-c", "import rlcard.games.uno.game"], f"RLCard in {venv} does not import"
    )
    return python


def _checked(command: list[str], what: str, **options: Any) -> None:
    result = subprocess.run(command, capture_output=True, text=True, check=False, **options)
    if result.returncode != 0:
        lines = (result.stderr or result.stdout).strip().splitlines()
        raise NotMeasuredError(f"{what}: {lines[-1] if lines else f'status {result.returncode}'}")


def _makao_env() -> dict[str, str]:
    """The environment that makes a child process import this very makao."""
    source = str(Path(makao.__file__).resolve().parents[1])
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": source + (os.pathsep + path if path else "")}


class _Racer:
    """A process that plays ``games`` random games on request and reports CPU time."""

    def __init__(self, python: str, script: Path, kind: str, env: dict[str, str]) -> None:
        self.kind = kind
        self.process = subprocess.Popen(
            [python, str(script), kind],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        self._read()

    def _read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            assert self.process.stderr is not None
            lines = self.process.stderr.read().strip().splitlines()
            raise NotMeasuredError(f"the {self.kind} player stopped: {lines[-1] if lines else '?'}")
        return line

    def run(self, games: int, seed: int) -> tuple[float, int]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{games} {seed}\n")
        self.process.stdin.flush()
        seconds, actions = self._read().split()
        return float(seconds), int(actions)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def _rlcard(sizes: Sizes) -> tuple[float, str]:
    python = _rlcard_python(sizes)
    best: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "race.py"
        script.write_text(_RACE.format(folder=str(Path(__file__).resolve().parent)))
        racers: list[_Racer] = []
        try:
            racers.append(_Racer(sys.executable, script, "makao", _makao_env()))
            racers.append(_Racer(str(python), script, "rlcard", dict(os.environ)))
            for _ in range(sizes.rounds):
                for racer in racers:
                    seconds, actions = racer.run(sizes.rlcard_games, sizes.seed)
                    per_action = seconds / actions * 1e6
                    best[racer.kind] = min(best.get(racer.kind, per_action), per_action)
        finally:
            for racer in racers:
                racer.close()
    detail = (
        f"2 players, {sizes.rlcard_games} random games each, best of {sizes.rounds} "
        f"alternating rounds: makao (Polish) {best['makao']:.2f} µs, RLCard UnoGame "
        f"{best['rlcard']:.2f} µs per action"
    )
    return best["rlcard"] / best["makao"], detail


# ------------------------------------------------------------------ the command and MCTS


_SIMULATE = "import sys; from makao.cli import main; sys.exit(main())"


def _simulate(sizes: Sizes) -> tuple[float, str]:
    games = sizes.simulate_games
    command = [sys.executable, "-c", _SIMULATE, "simulate", "--players", "2"]
    command += ["--games", str(games), "--workers", "2"]
    best = float("inf")
    for _ in range(sizes.simulate_rounds):
        start = time.perf_counter()
        _checked(command, "makao simulate failed", env=_makao_env())
        best = min(best, time.perf_counter() - start)
    scaled = best * 10000 / games
    detail = f"wall time of `makao simulate --players 2 --games {games} --workers 2`"
    detail += f" {best:.2f} s, best of {sizes.simulate_rounds}"
    if games != 10000:
        detail += ", scaled to 10,000 games"
    return scaled, detail


def _mcts(sizes: Sizes) -> tuple[float, str]:
    from makao.bots import MCTSBot
    from makao.sim.play import play_game

    class Timed(MCTSBot):
        seconds = 0.0
        moves = 0

        def choose(self, view: Any, moves: Sequence[Any]) -> Any:
            start = time.process_time()
            move = super().choose(view, moves)
            self.seconds += time.process_time() - start
            self.moves += 1
            return move

    best, rounds = float("inf"), min(sizes.rounds, 3)
    for _ in range(rounds):
        bots = [Timed(), Timed()]
        for index in range(sizes.mcts_games):
            play_game(bench.POLISH, bots, sizes.seed + index, index=index, rotation=index % 2)
        seconds = sum(bot.seconds for bot in bots)
        moves = sum(bot.moves for bot in bots)
        best = min(best, seconds / moves * 1e3)
    detail = f"MCTSBot() against itself, 2 players, {sizes.mcts_games} Polish games"
    return best, detail + f", per choose() call, best of {rounds} rounds"


FIGURES = (
    Figure(
        "instructions_polish_2p",
        "instructions",
        "warm instructions per action, Polish 2p",
        "instructions",
        25000,
        False,
        _instructions("polish", 2),
    ),
    Figure(
        "instructions_polish_4p",
        "instructions",
        "warm instructions per action, Polish 4p",
        "instructions",
        25000,
        False,
        _instructions("polish", 4),
    ),
    Figure(
        "instructions_russian_2p",
        "instructions",
        "warm instructions per action, Russian 2p",
        "instructions",
        30000,
        False,
        _instructions("russian", 2),
    ),
    Figure(
        "instructions_russian_4p",
        "instructions",
        "warm instructions per action, Russian 4p",
        "instructions",
        30000,
        False,
        _instructions("russian", 4),
    ),
    Figure("us_per_action_4p", "timing", "µs per action, Polish 4p", "µs", 2.0, False, _polish_4p),
    Figure(
        "rlcard_uno_ratio",
        "rlcard",
        "speed vs RLCard UnoGame (2p, per action)",
        "×",
        2.3,
        True,
        _rlcard,
    ),
    Figure(
        "eight_vs_two_players",
        "timing",
        "µs per action, 8 players ÷ 2 players",
        "×",
        1.3,
        False,
        _eight_vs_two,
    ),
    Figure("clone_us", "timing", "clone() µs (4p)", "µs", 0.5, False, _clone),
    Figure("state_bytes", "memory", "bytes per fresh 4p state", "bytes", 1000, False, _state_bytes),
    Figure(
        "simulation_overhead",
        "simulation",
        "play_game loop over the engine alone (instructions)",
        "%",
        15,
        False,
        _simulation,
    ),
    Figure(
        "simulate_seconds",
        "simulate",
        "makao simulate, 2p, 10,000 games, 2 workers",
        "s",
        10,
        False,
        _simulate,
    ),
    Figure("mcts_ms_per_move", "mcts", "MCTSBot() ms per move, 2p", "ms", 4, False, _mcts),
)


def measure(figure: Figure, sizes: Sizes) -> Result:
    """Measure one figure; a failure becomes a result that says why."""
    result = Result(figure.key, figure.label, figure.unit, figure.target, None, None)
    try:
        value, result.detail = figure.measure(sizes)
    except NotMeasuredError as why:
        result.reason = str(why)
        return result
    except Exception as error:  # a broken figure must not stop the others
        result.reason = f"failed: {type(error).__name__}: {error}".splitlines()[0]
        return result
    result.measured = value
    result.met = value >= figure.target if figure.higher_is_better else value <= figure.target
    return result


def _show(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit in ("instructions", "bytes"):
        return f"{value:,.0f}" + (" B" if unit == "bytes" else "")
    if unit == "%":
        return f"{value:+.1f} %"
    if unit == "×":
        return f"{value:.2f}×"
    return f"{value:.2f} {unit}"


def _target(figure: Result, higher_is_better: bool) -> str:
    if figure.unit == "%":
        text = f"+{figure.target:g} %"
    elif figure.unit == "×":
        text = f"{figure.target:g}×"
    else:
        text = f"{figure.target:,g} " + ("B" if figure.unit == "bytes" else figure.unit)
    return ("≥ " if higher_is_better else "≤ ") + text


def table(results: Sequence[Result]) -> str:
    """The results as a markdown table, then a note per figure (details, or why not)."""
    better = {figure.key: figure.higher_is_better for figure in FIGURES}
    rows = [("figure", "measured", "target", "met")]
    for result in results:
        status = {True: "met", False: "NOT met", None: "not measured"}[result.met]
        rows.append(
            (
                result.figure,
                _show(result.measured, result.unit),
                _target(result, better.get(result.key, False)),
                status,
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    lines = [
        "| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) + " |"
        for row in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    lines.append("")
    for result in results:
        lines.append(f"- {result.figure}: {result.reason or result.detail}")
    return "\n".join(lines)


def _names(text: str) -> list[str]:
    keys = {figure.key for figure in FIGURES}
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in GROUPS and name not in keys:
            raise argparse.ArgumentTypeError(
                f"unknown part {name!r} (groups: {', '.join(GROUPS)}; or a figure's key)"
            )
    return names


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a rough run")
    parser.add_argument("--only", type=_names, action="append", help="groups or figure keys")
    parser.add_argument("--skip", type=_names, action="append", help="groups or figure keys")
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="PATH",
        help="print JSON instead of the table, or with PATH write it there too",
    )
    parser.add_argument("--list", action="store_true", help="list the figures and stop")
    parser.add_argument("--rlcard-venv", type=Path, help="RLCard's venv (made if missing)")
    parser.add_argument(
        "--other-python",
        metavar="PY",
        help="also measure with this interpreter (another build's venv); print both builds",
    )
    defaults = Sizes()
    for name in (
        "games",
        "rounds",
        "valgrind_games",
        "warm",
        "jobs",
        "simulation_games",
        "rlcard_games",
        "simulate_games",
        "simulate_rounds",
        "mcts_games",
    ):
        parser.add_argument(
            "--" + name.replace("_", "-"), type=bench._positive, default=getattr(defaults, name)
        )
    parser.add_argument(
        "--counted-clones",
        type=int,
        default=defaults.counted_clones,
        help="clones counted by valgrind for the clone figure (0: none)",
    )
    parser.add_argument("--seed", type=int, default=defaults.seed)
    return parser


def _chosen(only: list[list[str]] | None, skip: list[list[str]] | None) -> list[Figure]:
    wanted = {name for names in only or [] for name in names}
    unwanted = {name for names in skip or [] for name in names}
    return [
        figure
        for figure in FIGURES
        if (not wanted or figure.key in wanted or figure.group in wanted)
        and figure.key not in unwanted
        and figure.group not in unwanted
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the chosen figures and print them (a table, or JSON with ``--json``)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.quick:
        parser.set_defaults(**QUICK)
        args = parser.parse_args(argv)
    figures = _chosen(args.only, args.skip)
    if args.list:
        for figure in figures:
            print(f"{figure.key} ({figure.group}): {figure.label}")
        return 0
    sizes = Sizes(**{name: getattr(args, name) for name in QUICK}, jobs=args.jobs)
    sizes.seed, sizes.rlcard_venv = args.seed, args.rlcard_venv
    header = (
        f"makao {getattr(makao, '__version__', '?')} from {Path(makao.__file__).parent}, "
        f"Python {sys.version.split()[0]}, {describe()}"
    )
    if args.other_python:
        return _side_by_side(args, list(argv if argv is not None else sys.argv[1:]), header)
    quiet = args.json == "-"
    if not quiet:
        print(f"{header}\nnote: {NOTE}\n", flush=True)
    results = []
    for figure in figures:
        if not quiet:
            print(f"measuring {figure.key} …", file=sys.stderr, flush=True)
        results.append(measure(figure, sizes))
    build = "compiled" if getattr(makao, "compiled", False) else "pure Python"
    about = {"about": header, "build": build, "note": NOTE}
    text = json.dumps({**about, "figures": list(map(asdict, results))})
    if quiet:
        print(text)
        return 0
    print(table(results))
    if args.json is not None:
        Path(args.json).write_text(text + "\n")
    return 0


# ------------------------------------------------------------------ two builds side by side


def _without_other(argv: list[str]) -> list[str]:
    """``argv`` without ``--other-python PY`` and ``--json [PATH]``."""
    kept: list[str] = []
    skip = False
    for index, arg in enumerate(argv):
        if skip:
            skip = False
        elif arg == "--other-python":
            skip = True
        elif arg.startswith("--other-python="):
            pass
        elif arg == "--json":
            following = argv[index + 1] if index + 1 < len(argv) else "--"
            skip = not following.startswith("--")
        elif not arg.startswith("--json="):
            kept.append(arg)
    return kept


def _run_build(python: str, argv: list[str], env: dict[str, str]) -> dict[str, Any]:
    """The JSON of this script run by ``python`` (its own makao: see `_side_by_side`)."""
    command = [python, str(Path(__file__).resolve()), *argv, "--json"]
    result = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    if result.returncode != 0:
        lines = (result.stderr or result.stdout).strip().splitlines()
        raise SystemExit(f"{python} failed: {lines[-1] if lines else result.returncode}")
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _side_by_side(args: argparse.Namespace, argv: list[str], header: str) -> int:
    """Measure with this interpreter and ``--other-python``, one after the other, each in a
    process of its own (the other without ``PYTHONPATH``, so that it imports its own
    installed makao), and print one table: the figures of both builds side by side."""
    plain = _without_other(argv)
    other_env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    runs = [
        _run_build(sys.executable, plain, {**os.environ, **_makao_env()}),
        _run_build(args.other_python, plain, other_env),
    ]
    print(f"{header}\nother: {runs[1]['about']}\nnote: {NOTE}\n")
    print(side_by_side(runs))
    print()
    print(side_by_side_notes(runs))
    if args.json not in (None, "-"):
        Path(args.json).write_text(json.dumps(runs) + "\n")
    return 0


def side_by_side(runs: Sequence[dict[str, Any]]) -> str:
    """Two runs' JSON as one markdown table: per figure, each build's value and whether it
    meets its target (the Core v2 target; a compiled build's own target where issue 17
    sets one)."""
    rows = [("figure", *(f"{run['build']}" for run in runs), "target", "compiled target")]
    figures = [{figure["key"]: figure for figure in run["figures"]} for run in runs]
    better = {figure.key: figure.higher_is_better for figure in FIGURES}
    for key, first in figures[0].items():
        cells = [first["figure"]]
        for run, found in zip(runs, figures, strict=True):
            result = found.get(key)
            if result is None or result["measured"] is None:
                cells.append("—")
                continue
            target = first["target"]
            if run["build"] == "compiled":
                target = COMPILED_TARGETS.get(key, target)
            value = result["measured"]
            met = value >= target if better.get(key, False) else value <= target
            cells.append(f"{_show(value, result['unit'])} ({'met' if met else 'NOT met'})")
        cells.append(_target(Result(**first), better.get(key, False)))
        compiled = COMPILED_TARGETS.get(key)
        compiled_target = Result(**{**first, "target": compiled}) if compiled else None
        cells.append(_target(compiled_target, False) if compiled_target else "")
        rows.append(tuple(cells))
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = [
        "| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) + " |"
        for row in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def side_by_side_notes(runs: Sequence[dict[str, Any]]) -> str:
    """Per figure, each build's note: how it was measured, or why it was not."""
    figures = [{figure["key"]: figure for figure in run["figures"]} for run in runs]
    lines = []
    for key, first in figures[0].items():
        notes = [
            f"{run['build']}: {found[key]['reason'] or found[key]['detail']}"
            for run, found in zip(runs, figures, strict=True)
            if key in found
        ]
        lines.append(f"- {first['figure']}: " + "; ".join(notes))
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
