"""The ``makao`` command: simulate and compare rule variants, replay saved games.

    makao simulate --variant polish --players 4 --games 10000 --workers 2
    makao compare polish polish:last_card_effect_applies=true --games 20000
    makao replay saved.json
    makao variants
    makao bench

Bad arguments print one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import inspect
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from makao import bots as bot_registry
from makao import variants
from makao.bots.protocol import Bot
from makao.errors import MakaoError
from makao.sim import Comparison, SimResult, compare, parse_bot, parse_variant, simulate
from makao.sim.spec import options_of
from makao.tournament import add_ladder_command

__all__ = ["main"]


class UsageError(Exception):
    """A bad argument: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``makao`` command with ``argv`` (default: the process's arguments)."""
    parser = _build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if argv[:1] == ["bench"]:  # everything after "bench" belongs to the benchmark
            return _bench(argparse.Namespace(rest=argv[1:]))
        args = parser.parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except BrokenPipeError:  # the reader went away (``makao … | head``): stop quietly
        _silence_stdout()
        return 1
    except (UsageError, MakaoError, ValueError, OSError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"makao: error: {message}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    """Point stdout at the null device, so flushing it at exit raises no second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _build_parser() -> _Parser:
    parser = _Parser(prog="makao", description="Makao rules engine: experiments and tools.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = commands.add_parser("simulate", help="play many games between bots")
    sim.add_argument("--variant", default="polish", help="variant spec, like polish:decks=2")
    sim.add_argument("--option", action="append", default=[], metavar="K=V")
    _add_run_arguments(sim)
    sim.add_argument("--csv", type=Path, help="write one row per game")
    sim.set_defaults(handler=_simulate)
    cmp = commands.add_parser("compare", help="compare two variants under the same bots")
    cmp.add_argument("variant_a")
    cmp.add_argument("variant_b")
    _add_run_arguments(cmp)
    cmp.set_defaults(handler=_compare)
    rep = commands.add_parser("replay", help="print the event log of a saved game")
    rep.add_argument("path", type=Path)
    rep.set_defaults(handler=_replay)
    lst = commands.add_parser("variants", help="list the variants and their options")
    lst.set_defaults(handler=_variants)
    bench = commands.add_parser("bench", help="run the engine benchmark")
    bench.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for the benchmark")
    bench.set_defaults(handler=_bench)
    add_ladder_command(commands)
    return parser


def _add_run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, help="seats (default: one per --bots entry, or 2)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", nargs="+", default=["random"], metavar="BOT")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-actions", type=int, help="cap each game (reported as truncated)")
    parser.add_argument("--json", type=Path, help="write the statistics as JSON")
    parser.add_argument("--plot", type=Path, help="draw the game-length distributions")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _seated_bots(args: argparse.Namespace) -> list[Bot]:
    specs: list[str] = args.bots
    players = args.players if args.players is not None else max(len(specs), 2)
    if players < 1:
        raise UsageError(f"--players must be a positive number of seats, not {players}")
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise UsageError(f"--bots gives {len(specs)} bots for {players} players")
    return [parse_bot(spec) for spec in specs]


def _simulate(args: argparse.Namespace) -> int:
    extra = dict(_split_option(text) for text in args.option)
    variant = parse_variant(args.variant, extra)
    seated = _seated_bots(args)
    _check_run(args)
    with _progress(args.quiet) as progress:
        result = simulate(
            variant,
            seated,
            args.games,
            args.seed,
            args.workers,
            max_actions=args.max_actions,
            progress=progress,
        )
    _save(result, args)  # the files first: a closed pipe on stdout must not lose them
    if args.csv is not None:
        result.to_csv(args.csv)
    if args.plot is not None:
        plot_lengths([(result.variant, result.lengths())], args.plot)
    print(result.table())
    return 0


def _compare(args: argparse.Namespace) -> int:
    a, b = parse_variant(args.variant_a), parse_variant(args.variant_b)
    seated = _seated_bots(args)
    _check_run(args)
    with _progress(args.quiet) as progress:
        result = compare(
            a,
            b,
            seated,
            args.games,
            args.seed,
            args.workers,
            max_actions=args.max_actions,
            progress=progress,
        )
    _save(result, args)
    if args.plot is not None:
        series = [(f"A {result.a.variant}", result.a.lengths())]
        plot_lengths([*series, (f"B {result.b.variant}", result.b.lengths())], args.plot)
    print(result.table())
    return 0


def _check_run(args: argparse.Namespace) -> None:
    """Refuse, before any game is played, what would only fail after the run."""
    if args.games < 1:
        raise UsageError(f"--games must be a positive number of games, not {args.games}")
    for flag in ("json", "csv", "plot"):
        path: Path | None = getattr(args, flag, None)
        if path is None:
            continue
        if path.is_dir():
            raise UsageError(f"--{flag} {path}: is a directory, not a file")
        if not path.parent.is_dir():
            raise UsageError(f"--{flag} {path}: no directory {path.parent}")
    if args.plot is not None:
        _check_plot_format(args.plot)


def _check_plot_format(path: Path) -> None:
    try:
        import matplotlib  # noqa: F401  (first: a cached submodule would hide its absence)
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'makao[plot]'") from None
    suffix = path.suffix[1:].lower()
    supported = FigureCanvasBase.get_supported_filetypes()
    if suffix and suffix not in supported:
        known = ", ".join(sorted(supported))
        raise UsageError(f"--plot {path}: cannot draw .{suffix} files (formats: {known})")


def _save(result: SimResult | Comparison, args: argparse.Namespace) -> None:
    if args.json is not None:
        result.to_json(args.json)


def _split_option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise UsageError(f"--option {text!r}: write key=value")
    return key.strip(), value.strip()


def _replay(args: argparse.Namespace) -> int:
    try:
        from makao import serialize
    except ImportError:
        raise UsageError("replay needs makao.serialize, which this install lacks") from None
    try:
        text = args.path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{args.path} is not a saved game (not UTF-8 text: {error})") from None
    _refuse_banking(args.path, text)
    game = serialize.game_from_json(text)
    start = serialize.replay(game.variant, game.origin, ())
    print(f"{game.variant.name}, {game.players} players, origin {game.origin}")
    for number, move in enumerate(game.record, 1):
        print(f"{number:4}. {move}")
        for event in start.play(move):
            print("        " + _format_event(event))
    return 0


def _refuse_banking(path: Path, text: str) -> None:
    """A banking game (:meth:`makao.banking.BankingGame.to_json`) is a different format."""
    try:
        data = json.loads(text)
    except ValueError:
        return  # game_from_json says what is wrong
    if isinstance(data, dict) and str(data.get("format", "")).startswith("makao.banking"):
        raise UsageError(
            f"{path} is a banking game (BankingGame.to_json()); replay reads only games "
            "saved by Game.to_json()"
        )


def _format_event(event: tuple[Any, ...]) -> str:
    fields = getattr(event, "_fields", ())
    parts = []
    for name, value in zip(fields, event, strict=True):
        if isinstance(value, tuple) and all(hasattr(item, "suit") for item in value):
            value = " ".join(map(str, value)) or "-"
        parts.append(f"{name}={value}")
    return f"{type(event).__name__} " + " ".join(parts)


def _variants(args: argparse.Namespace) -> int:
    for name in variants.names():
        build = variants.factory(name)
        summary = " ".join((build.__doc__ or name).split()).split(". ")[0].rstrip(".")
        print(f"{name}: {summary}")
        for option, param in options_of(build).items():
            annotation = param.annotation
            if annotation is inspect.Parameter.empty:
                annotation = "any"
            elif not isinstance(annotation, str):
                annotation = inspect.formatannotation(annotation)
            print(f"    {option} ({annotation}, default {param.default!r})")
    print("bots: " + ", ".join(bot_registry.names()))
    return 0


def _bench(args: argparse.Namespace) -> int:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench.py"
    if not path.exists():
        print(f"makao bench: the benchmark {path} is not here (it ships with the source tree)")
        return 1
    spec = importlib.util.spec_from_file_location("makao_bench", path)
    if spec is None or spec.loader is None:
        raise UsageError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            status = int(module.main(args.rest))
    except SystemExit as stop:  # the benchmark's own argument parser refused
        lines = errors.getvalue().strip().splitlines()
        if stop.code in (0, None):
            return 0
        message = lines[-1].partition("error: ")[2] if lines else f"status {stop.code}"
        raise UsageError(f"makao bench: {message}") from None
    sys.stderr.write(errors.getvalue())  # anything else it said (warnings)
    return status


@contextmanager
def _progress(quiet: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback on stderr: a rich bar if rich is installed and stderr is a
    terminal, else plain lines. Nothing goes to stdout, which holds only the table."""
    if quiet:
        yield None
        return
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:
        yield _plain_progress()
        return
    console = Console(stderr=True)
    if not console.is_terminal:
        yield _plain_progress()
        return
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("games", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _plain_progress() -> Callable[[int, int], None]:
    shown = [-1]

    def update(done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth != shown[0]:
            shown[0] = tenth
            print(f"  {done}/{total} games", file=sys.stderr)

    return update


def plot_lengths(series: Sequence[tuple[str, Sequence[int]]], path: Path) -> None:
    """Draw the distribution of game lengths (moves) of each ``(label, lengths)`` to
    ``path`` (needs matplotlib: ``pip install 'makao[plot]'``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'makao[plot]'") from None
    figure, axes = plt.subplots(figsize=(7, 4))
    for label, lengths in series:
        axes.hist(lengths, bins=40, alpha=0.5, label=label)
    axes.set_xlabel("moves per game")
    axes.set_ylabel("games")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


if __name__ == "__main__":
    raise SystemExit(main())
