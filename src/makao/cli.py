"""The ``makao`` command: simulate and compare rule variants, replay saved games.

    makao simulate --variant polish --players 4 --games 10000 --workers 2
    makao compare polish polish:last_card_effect_applies=true --games 20000
    makao replay saved.json
    makao variants [NAME]
    makao bench
    makao --import mybots simulate --bots shedder random

Bad arguments and bad files print one line on stderr and exit with status 2, and so do results
that cannot be written to stdout (a full disk, a closed stdout); a reader that stops early
(``| head``) ends the command quietly with status 1.

Limits: ``--games`` at most [`MAX_GAMES`][makao.sim.run.MAX_GAMES], ``--workers`` at most
[`max_workers`][makao.sim.run.max_workers] (4 per CPU), every game capped at ``--max-actions``
(default [`DEFAULT_MAX_ACTIONS`][makao.sim.run.DEFAULT_MAX_ACTIONS]); ``replay`` reads only regular
files of at most [`MAX_SAVE_BYTES`][makao.cli.MAX_SAVE_BYTES] bytes nested at most
[`MAX_SAVE_DEPTH`][makao.cli.MAX_SAVE_DEPTH] deep.

Subcommands are the entries of [`COMMANDS`][makao.cli.COMMANDS]; another module adds one with
[`register`][makao.cli.register] before [`main`][makao.cli.main] runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import itertools
import json
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from types import ModuleType
from typing import Any, Final, NamedTuple, NoReturn, TextIO, cast

from makao import bots as bot_registry
from makao import variants
from makao._arguments import (
    MAX_ACTIONS_LIMIT,
    NO_MATPLOTLIB,
    OUTPUT_FAILURES,
    STDOUT,
    GuardedStdout,
    StdoutError,
    UsageError,
    bounded,
    check_run,
    file_path,
    output_path,
    short,
    user_code,
    whole_number,
)
from makao._build import describe as describe_build
from makao._extras import pyplot, save_figure
from makao._text import shown
from makao.bots.protocol import Bot
from makao.errors import MakaoError
from makao.sim import compare, parse_bot, parse_variant, simulate
from makao.sim.run import DEFAULT_MAX_ACTIONS, MAX_GAMES, max_workers
from makao.sim.spec import describe, options_of
from makao.tournament import add_ladder_command
from makao.variant import Variant

__all__ = [
    "COMMANDS",
    "MAX_ACTIONS_LIMIT",
    "MAX_SAVE_BYTES",
    "MAX_SAVE_DEPTH",
    "Command",
    "UsageError",
    "main",
    "register",
]

MAX_SAVE_BYTES = 4 * 1024 * 1024
"""The largest file ``makao replay`` reads (a saved game of 10,000 moves is about 100 kB)."""

MAX_SAVE_DEPTH = 64
"""The deepest nesting of JSON brackets ``makao replay`` reads (a saved game needs 4)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        words = message.split()
        if message.startswith("unrecognized arguments:") and any(
            word == "--import" or word.startswith("--import=") for word in words
        ):
            message += " (--import goes before the command: makao --import MODULE simulate …)"
        raise UsageError(message)  # one prefix: main adds "makao: error: "


class Command(NamedTuple):
    """A subcommand: its name, one line of help, a function that adds its arguments, and
    the handler that runs it (returning the exit status)."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    handler: Callable[[argparse.Namespace], int]


COMMANDS: list[Command] = []
"""The subcommands, in the order ``makao --help`` lists them."""


def register(command: Command) -> None:
    """Add (or replace, by name) a subcommand of ``makao``."""
    COMMANDS[:] = [known for known in COMMANDS if known.name != command.name]
    COMMANDS.append(command)


#: The errors `main` says in one line (``makao: error: …``, status 2); others are bugs.
_ONE_LINE: Final = (UsageError, MakaoError, ValueError, OSError, RecursionError, MemoryError)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``makao`` command with ``argv`` (default: the process's arguments)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    _tolerant_stdout()
    _open_stderr()
    given = sys.stdout
    guard = cast("TextIO", GuardedStdout(given))  # a failed write of results is said
    sys.stdout = guard
    try:
        return _run(argv)
    finally:
        if sys.stdout is guard:
            sys.stdout = given
        _drop_unwritable(given)


def _run(argv: list[str]) -> int:
    """`main`'s work, with stdout guarded (`GuardedStdout`): the status, every error said."""
    try:
        _import_modules(argv)  # first: they may register bots, variants and commands
        parser = _build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit:  # --help, printed: flushed as any output, a failure said
            sys.stdout.flush()
            raise
        handler: Callable[[argparse.Namespace], int] = args.handler
        status = handler(args)
        sys.stdout.flush()  # the results, all written now (not at exit, past our errors)
        return status
    except BrokenPipeError:  # the reader went away (``makao … | head``): stop quietly
        _silence_stdout()
        return 1
    except KeyboardInterrupt:  # Ctrl-C: one line, and the shell's status for SIGINT
        print("makao: interrupted", file=sys.stderr)
        return 130
    except StdoutError as error:  # a full disk, a closed stdout: the results are lost
        _silence_stdout()
        print(f"makao: error: {error}", file=sys.stderr)
        return 2
    except _ONE_LINE as error:
        text = str(error)
        message = text.splitlines()[0] if text.strip() else type(error).__name__
        print(f"makao: error: {message}", file=sys.stderr)
        return 2


def _drop_unwritable(stdout: TextIO | None) -> None:
    """Flush what a failed command left unwritten on ``stdout``; if that fails too, drop
    it (`_silence_stdout`): the error is said already, and Python would say it again at
    exit (``Exception ignored … OSError``, status 120)."""
    if stdout is None:
        return
    try:
        stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()


def _tolerant_stdout() -> None:
    """On a stdout that is not UTF-8 (``PYTHONIOENCODING=ascii``, a Latin-1 locale), write a
    character it cannot hold as an escape (``\\xb5``) rather than fail after the work is done."""
    encoding = str(getattr(sys.stdout, "encoding", None) or "utf-8")
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is None or encoding.lower().replace("-", "").replace("_", "") == "utf8":
        return
    with suppress(ValueError, OSError, TypeError):
        reconfigure(errors="backslashreplace")


def _open_stderr() -> None:
    """On a closed stderr (``2>&-``), send what goes there (errors, progress) to the null
    device: ``print(file=None)`` would write it to stdout, into the table or the JSON."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the process)


def _silence_stdout() -> None:
    """Point stdout at the null device, so flushing it at exit raises no second error."""
    try:
        target = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):  # no file (a closed stdout, a test's)
        return
    with suppress(OSError):
        os.dup2(devnull, target)
    if devnull != target:
        os.close(devnull)


def _import_modules(argv: list[str]) -> None:
    """Import the modules ``--import MODULE`` names (from the current directory too), which
    may register bots (`makao.bots.register`), variants and commands (`register`); a module
    that is missing or fails is a `UsageError` naming it and its error, in one line."""
    before = _Parser(prog="makao", add_help=False, allow_abbrev=False)  # its errors: one line
    _add_import_option(before)  # only before the command: what follows it is the command's
    before.add_argument("command", nargs=argparse.REMAINDER)
    modules: list[str] = before.parse_known_args(argv)[0].modules
    if modules and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as ``python -m`` finds a module (and workers too)
    for name in modules:
        module = os.path.splitext(os.path.basename(name))[0]
        if module and (name.endswith(".py") or "/" in name or os.sep in name):
            raise UsageError(  # a file's path, the first thing a newcomer types
                f"--import {short(name)}: give a module's name, not a file: "
                f"--import {short(module)}, run from the file's directory "
                "(or with it on PYTHONPATH)"
            )
        if name.startswith("."):  # `import_module` would want a package to start from
            raise UsageError(
                f"--import {short(name)}: a relative name; give the module's full name"
            )
        try:
            importlib.import_module(name)
        except ImportError as error:  # the name once: the error repeats it
            missing = isinstance(error, ModuleNotFoundError) and error.name == name
            reason = "no such module" if missing else short(error)
            raise UsageError(f"--import {short(name)}: {reason}") from None
        except OUTPUT_FAILURES:  # its printing met a full disk or a closed pipe: said so
            raise
        except Exception as error:  # the module's own failure, said in one line
            raise UsageError(
                f"--import {short(name)}: {type(error).__name__}: {short(error)}"
            ) from None


def _add_import_option(parser: _Parser) -> None:
    """``--import MODULE``, read before the commands are built (`_import_modules`) and
    listed in the command's help."""
    parser.add_argument(
        "--import",
        dest="modules",
        action="append",
        default=[],
        metavar="MODULE",
        help="import MODULE first, to register your bots and variants (repeatable)",
    )


def _build_parser() -> _Parser:
    parser = _Parser(  # no abbreviation (``--imp``): `_import_modules` reads only --import
        prog="makao", description="Makao rules engine: experiments and tools.", allow_abbrev=False
    )
    _add_import_option(parser)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.help)
        command.arguments(sub)
        sub.set_defaults(handler=command.handler)
    add_ladder_command(commands)
    return parser


# ------------------------------------------------------------------ simulate, compare


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="polish", help="variant spec, like polish:decks=2")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help="a variant option (repeatable), like --option decks=2",
    )
    _add_run_arguments(parser)
    parser.add_argument(
        "--csv", type=output_path, help="write one row per game (- prints it in place of the table)"
    )


def _compare_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant_a", help="the first variant spec, like polish")
    parser.add_argument("variant_b", help="the second, like polish:decks=2")
    _add_run_arguments(parser)
    parser.add_argument(
        "--paired",
        action="store_true",
        help="differences paired game by game (same seeds and seats): far more sensitive",
    )


def _add_run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=bounded(1, 100),
        help="seats (default: one per --bots entry, else the variant's smallest table)",
    )
    parser.add_argument(
        "--games",
        type=bounded(1, MAX_GAMES),
        default=1000,
        help=f"games (default 1000, at most {MAX_GAMES})",
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        default=["random"],
        metavar="BOT",
        help="bot specs, one per seat or one for all, like random mcts:playouts=50 "
        "(default random)",
    )
    parser.add_argument(
        "--seed", type=whole_number, default=0, help="the experiment's seed (default 0)"
    )
    parser.add_argument(
        "--workers",
        type=bounded(1, max_workers()),
        default=1,
        help=f"local processes (default 1), at most 4 per CPU ({max_workers()} here)",
    )
    parser.add_argument(
        "--max-actions",
        type=bounded(1, MAX_ACTIONS_LIMIT),
        default=DEFAULT_MAX_ACTIONS,
        help=f"cap each game (default {DEFAULT_MAX_ACTIONS}); capped games count as truncated",
    )
    parser.add_argument("--events", action="store_true", help="add event counts to the table")
    parser.add_argument(
        "--json",
        type=output_path,
        help="write the statistics as JSON (- prints it in place of the table)",
    )
    parser.add_argument("--plot", type=output_path, help="draw the game-length distributions")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def usual_players(variant: Variant) -> int:
    """The table ``--players`` defaults to: the variant's smallest, and at least 2."""
    start = getattr(variant.compiled, "start", None)
    return max(2, int(getattr(start, "min_players", 2)))


def _seated_bots(args: argparse.Namespace, *played: Variant) -> list[Bot]:
    specs: list[str] = args.bots
    if args.players is not None:
        players: int = args.players
    elif len(specs) > 1:
        players = len(specs)
    else:
        players = max(usual_players(variant) for variant in played)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise UsageError(f"--bots gives {len(specs)} bots for {players} players")
    return [_bot(spec) for spec in specs]


def _bot(spec: str) -> Bot:
    """The bot of ``spec``; a bot of yours whose constructor fails (a file it cannot read, a
    bug) is a `UsageError` naming it and its error, in one line, as ``--import`` says it."""
    return user_code(f"--bots {spec}", lambda: parse_bot(spec))


def _variant(spec: str, extra: dict[str, str] | None = None) -> Variant:
    """The variant of ``spec``; a variant of yours whose factory fails is one line."""
    return user_code(f"variant {spec}", lambda: parse_variant(spec, extra))


def _simulate(args: argparse.Namespace) -> int:
    extra: dict[str, str] = {}
    for key, value in map(_split_option, args.option):
        if key in extra:
            raise UsageError(f"--option {key} given twice")
        extra[key] = value
    variant = _variant(args.variant, extra)
    seated = _seated_bots(args, variant)
    check_run(args)
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
    if isinstance(args.json, Path):  # files first: a closed stdout must not lose them
        result.to_json(args.json)
    if isinstance(args.csv, Path):
        result.to_csv(args.csv)
    if args.plot is not None:
        plot_lengths([(result.variant, result.lengths())], args.plot)
    if args.json is STDOUT:
        result.to_json(sys.stdout)
    elif args.csv is STDOUT:
        result.to_csv(sys.stdout)
    else:
        print(result.table(events=args.events))
    return 0


def _compare(args: argparse.Namespace) -> int:
    a, b = _variant(args.variant_a), _variant(args.variant_b)
    seated = _seated_bots(args, a, b)
    check_run(args)
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
    if isinstance(args.json, Path):
        result.to_json(args.json, paired=args.paired)
    if args.plot is not None:
        series = [(f"A {result.a.variant}", result.a.lengths())]
        plot_lengths([*series, (f"B {result.b.variant}", result.b.lengths())], args.plot)
    if args.json is STDOUT:
        result.to_json(sys.stdout, paired=args.paired)
    else:
        print(result.table(events=args.events, paired=args.paired))
    return 0


def _split_option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise UsageError(f"--option {shown(text, 200)}: write key=value")
    return key.strip(), value.strip()


# ------------------------------------------------------------------------- replay


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "path", type=file_path, help=f"a saved game, at most {MAX_SAVE_BYTES} bytes"
    )


def _replay(args: argparse.Namespace) -> int:
    try:
        from makao import serialize
    except ImportError:
        raise UsageError("replay needs makao.serialize, which this install lacks") from None
    text = read_save(args.path)
    _refuse_unreplayable(args.path, text, serialize.FORMAT)
    name = short(args.path)
    # a variant of yours whose factory fails is one line naming the save, as the other
    # commands name the spec (an error `main` says itself passes as it is); so is a
    # damaged save (the reader's `StateError`) or one of a variant not known here
    try:
        game = user_code(name, lambda: serialize.game_from_json(text), _ONE_LINE)
    except MakaoError as error:
        raise UsageError(f"{name}: {error}") from None
    start = serialize.replay(game.variant, game.origin, ())
    print(f"{describe(game.variant)}, {game.players} players, origin {game.origin}")
    for number, move in enumerate(game.record, 1):
        print(f"{number:4}. {move}")
        for event in start.play(move):
            print(f"        {event}")
    return 0


def read_save(path: Path) -> str:
    """The text of the saved game at ``path``, refused ([`UsageError`][makao.cli.UsageError]) unless
    it is a regular file of at most [`MAX_SAVE_BYTES`][makao.cli.MAX_SAVE_BYTES] bytes of UTF-8 JSON
    nested at most [`MAX_SAVE_DEPTH`][makao.cli.MAX_SAVE_DEPTH] deep. Never blocks on a FIFO or
    reads a device."""
    name = short(path)
    try:  # non-blocking: opening a FIFO with no writer must not wait
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise UsageError(f"{name}: {error.strerror or error}") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"{name}: not a regular file (a saved game is a file)")
        if info.st_size > MAX_SAVE_BYTES:
            raise UsageError(f"{name}: {info.st_size} bytes, more than {MAX_SAVE_BYTES}")
        chunks: list[bytes] = []
        while chunk := os.read(descriptor, MAX_SAVE_BYTES + 1 - sum(map(len, chunks))):
            chunks.append(chunk)
        data = b"".join(chunks)
    finally:
        os.close(descriptor)
    if len(data) > MAX_SAVE_BYTES:  # it grew while we looked
        raise UsageError(f"{name}: more than {MAX_SAVE_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{name} is not a saved game (not UTF-8 text: {error})") from None
    depth = json_depth(text)
    if depth > MAX_SAVE_DEPTH:
        raise UsageError(f"{name}: JSON nested {depth} deep, more than {MAX_SAVE_DEPTH}")
    return text


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deeply the brackets of JSON ``text`` nest (strings skipped), in linear time."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets), initial=0))


def _refuse_unreplayable(path: Path, text: str, game_format: str) -> None:
    """Refuse what ``replay`` cannot read, saying why for a command-line user: a banking
    game (``BankingGame.to_json``, a different format), or a game (of ``game_format``) of
    a custom variant, which only Python can load (the reader's own error names
    ``variant=``). Anything else of another format the reader refuses itself."""
    try:
        data = json.loads(text)
    except ValueError:
        return  # game_from_json says what is wrong
    if not isinstance(data, dict):
        return
    if str(data.get("format", "")).startswith("makao.banking"):
        raise UsageError(
            f"{short(path)} is a banking game (BankingGame.to_json()); replay reads only games "
            "saved by Game.to_json()"
        )
    variant = data.get("variant")
    if (
        data.get("format") == game_format
        and isinstance(variant, dict)
        and variant.get("builtin") is False
    ):
        raise UsageError(
            f"{short(path)}: saved with a custom variant named {shown(variant.get('name'), 200)}, "
            "which replay cannot rebuild: it rebuilds the built-in variants and those a "
            "module given to --import registers (saved while registered); load it in Python: "
            "makao.serialize.game_from_json(text, variant=...)"
        )


# ----------------------------------------------------------------------- variants


def _variants_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", help="show this variant's rules, options, aliases")


def _variants(args: argparse.Namespace) -> int:
    if args.name is not None:
        print(variant_details(args.name))
        return 0
    for name in variants.names():
        build = variants.factory(name)
        print(f"{name}: {_summary(build, 'no description')}")
        for option, param in options_of(build).items():
            print(f"    {option} ({_annotation(param)}, default {param.default!r})")
    print("bots: " + ", ".join(bot_registry.names()))
    return 0


def variant_details(name: str) -> str:
    """What ``makao variants NAME`` prints: the variant's rules (ids and rule objects), its
    options with types and defaults, and its aliases."""
    build = variants.factory(name)
    variant = user_code(f"variant {name}", lambda: variants.get(name))
    summary = _summary(build, variant.description or "no description")
    lines = [f"{variant.name}: {summary}", "", "rules:"]
    for rule in variant.rules:
        ids = ", ".join(getattr(rule, "ids", ())) or "-"
        own = f"ids={getattr(rule, 'ids', ())!r}"
        shown = repr(rule).replace(f"{own}, ", "").replace(f", {own}", "").replace(own, "")
        lines.append(f"    {ids}: {shown}")
    lines += ["", "options (name: type = default):"]
    params = options_of(build)
    lines += [f"    {key}: {_annotation(p)} = {p.default!r}" for key, p in params.items()]
    if not params:
        lines.append("    none")
    lines += ["", "aliases: " + (", ".join(variants.aliases(variant.name)) or "none")]
    return "\n".join(lines)


def _summary(build: Callable[..., object], otherwise: str) -> str:
    """The first sentence of the factory's docstring, or ``otherwise`` (a factory of yours
    may have none: a lambda)."""
    return " ".join((build.__doc__ or otherwise).split()).split(". ")[0].rstrip(".")


def _annotation(param: inspect.Parameter) -> str:
    annotation = param.annotation
    if annotation is inspect.Parameter.empty:
        return "any"
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


# -------------------------------------------------------------------------- bench


def _bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games",
        type=bounded(1, 100_000),
        default=60,
        help="games per table size and round (default 60)",
    )
    parser.add_argument(
        "--rounds", type=bounded(1, 1000), default=5, help="rounds; the best counts (default 5)"
    )
    parser.add_argument(
        "--seed", type=whole_number, default=1, help="the first game's seed (default 1)"
    )


def _bench(args: argparse.Namespace) -> int:
    print(f"build: {describe_build()}")
    module = _load_bench()
    if module is None:
        print(quick_bench(args.games, args.rounds, args.seed))
        return 0
    print(bench_table(module, args.games, args.rounds, args.seed))
    return 0


def quick_bench(games: int, rounds: int, seed: int) -> str:
    """The benchmark of an installed makao, without the source tree's ``benchmarks/``:
    CPU µs per action of the simulation loop (random bots), best of ``rounds`` rounds."""
    from makao.bots import RandomBot
    from makao.sim.play import play_game

    polish = variants.polish()
    lines = [
        "makao benchmark (quick: the full one, benchmarks/bench.py, ships with the source "
        f"tree only): Polish, {games} games, best of {rounds} rounds, "
        f"Python {sys.version.split()[0]}"
    ]
    for players in (2, 4):
        bots = [RandomBot() for _ in range(players)]
        best = float("inf")
        for _ in range(rounds):
            start, actions = time.process_time(), 0
            for index in range(games):
                rotation = index % players
                actions += play_game(polish, bots, seed + index, rotation=rotation).actions
            best = min(best, (time.process_time() - start) / actions * 1e6)
        lines.append(f"  {players} players: {best:.2f} µs per action (simulation loop)")
    return "\n".join(lines)


def _load_bench() -> ModuleType | None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("makao_bench", path)
    if spec is None or spec.loader is None:
        raise UsageError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH_LEGEND = (
    "  engine: random games through Game.legal_moves() + Game.play(), per action",
    "  loop: the same table played by makao.simulate's loop with random bots (views, bot "
    "calls), per action",
    "  loop overhead: the loop's time over replaying its own games' moves through play()",
    "  clone: Game.clone() of a position 40 actions into a game",
    "  times are CPU seconds, the best of the rounds",
)


def bench_table(module: Any, games: int, rounds: int, seed: int) -> str:
    """Measure with ``benchmarks/bench.py``'s functions and lay the figures out as one
    table, one row per table size, with a legend under it."""
    rows = [bench_row(module, players, games, rounds, seed) for players in (2, 4)]
    header: tuple[str, ...] = ("players", "engine µs/action", "loop µs/action")
    header += ("loop overhead", "actions/game", "engine games/s", "clone µs")
    state = module.state_bytes(module.Game.new(module.POLISH, 4, seed=1))
    lines = [
        f"makao benchmark: Polish, {games} games per table size, best of {rounds} rounds, "
        f"Python {sys.version.split()[0]}",
        "",
        _grid(header, rows),
        "",
        f"state size (4 players, fresh deal): {state} bytes",
        "",
        *BENCH_LEGEND,
    ]
    return "\n".join(lines)


def bench_row(module: Any, players: int, games: int, rounds: int, seed: int) -> tuple[str, ...]:
    """One row of [`bench_table`][makao.cli.bench_table]: the figures of one table size."""
    seeds = [seed + index for index in range(games)]
    moves = [module.simulated_moves(module.POLISH, players, s, i) for i, s in enumerate(seeds)]
    best = module.best_of(
        rounds,
        {
            "engine": lambda: module.random_games(players, seeds),
            "loop": lambda: module.simulated_games(players, seeds),
            "replay": lambda: module.replayed_games(players, seeds, moves),
        },
    )
    (engine, actions), (loop, looped), (alone, _) = best["engine"], best["loop"], best["replay"]
    clone = module.clone_cost(players, 20000, rounds)
    return (
        str(players),
        f"{engine / actions * 1e6:.2f}",
        f"{loop / looped * 1e6:.2f}",
        f"{(loop / alone - 1) * 100:+.0f} %" if alone else "-",
        f"{actions / games:.1f}",
        f"{games / engine:.1f}" if engine else "-",
        f"{clone * 1e6:.2f}",
    )


def _grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    table = [tuple(header), *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in table]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


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
    ``path`` (needs matplotlib, the ``plot`` extra)."""
    try:
        plt = pyplot("--plot")
    except ImportError:
        raise UsageError(NO_MATPLOTLIB) from None
    figure, axes = plt.subplots(figsize=(7, 4))
    for label, lengths in series:
        axes.hist(lengths, bins=40, alpha=0.5, label=label)
    axes.set_xlabel("moves per game")
    axes.set_ylabel("games")
    axes.legend()
    figure.tight_layout()
    save_figure(figure, path)
    plt.close(figure)


register(Command("simulate", "play many games between bots", _simulate_arguments, _simulate))
register(
    Command("compare", "compare two variants under the same bots", _compare_arguments, _compare)
)
register(Command("replay", "print the event log of a saved game", _replay_arguments, _replay))
register(Command("variants", "list the variants, or show one", _variants_arguments, _variants))
register(Command("bench", "run the engine benchmark", _bench_arguments, _bench))


if __name__ == "__main__":
    raise SystemExit(main())
