"""Running experiments: [`simulate`][makao.sim.simulate] and [`compare`][makao.sim.compare], in
parallel if asked.

Game ``i`` is dealt with a seed derived from the master seed and ``i``, and its seats are
rotated by ``i`` (bot ``j`` sits at seat ``(j + i) % players``), so every bot plays every
seat equally often when the games are a multiple of the players (otherwise the first
``games % players`` rotations once more), and the results do not depend on how games are
spread over workers.
"""

from __future__ import annotations

import copy
import inspect
import io
import itertools
import math
import multiprocessing
import os
import pickle
import signal
import sys
import traceback
import types
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from typing import Any, Final

import attrs

from makao import bots as _bots
from makao import variants as _variants
from makao._registry import Shipped
from makao._text import shown
from makao.bots.protocol import Bot, check_bot
from makao.engine import check_table
from makao.errors import SetupError
from makao.rules._util import is_whole
from makao.seeding import derive_seed
from makao.sim.play import GameRecord, _bot_label, play_game
from makao.sim.results import Comparison, SimResult
from makao.sim.spec import describe, parse_bot, parse_variant
from makao.variant import Variant

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "GUESSED_WORKERS",
    "MAX_GAMES",
    "MIN_GUESSED_CHUNK",
    "Progress",
    "compare",
    "max_workers",
    "simulate",
]

DEFAULT_MAX_ACTIONS = 10_000
"""The default cap on actions per game: far above any game that ends normally (a Polish game
between heuristic bots takes well under 200 actions), low enough that a game that loops
forever costs about a second. A capped game is reported as truncated."""

MAX_GAMES = 500_000
"""The most games one experiment may ask for: every game's record is kept (about 2 kB), so
this bounds an experiment's memory to about 1 GB. Run several seeds for more games."""


def max_workers() -> int:
    """The most local worker processes an experiment may ask for: 4 per CPU."""
    return 4 * (os.cpu_count() or 1)


GUESSED_WORKERS = 64
"""The workers assumed for an ``executor`` that does not tell how many it has (a cluster's;
`concurrent.futures`' own pools tell theirs): the default chunk size and the chunks kept in
flight are set for that many, so that a large cluster is kept busy."""

MIN_GUESSED_CHUNK = 10
"""The fewest games in a chunk of the default size on an ``executor`` that does not tell
how many workers it has: each chunk costs a round trip (the experiment sent, the records
back), which a cluster makes slower than a game."""

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` while an experiment runs."""


@attrs.frozen
class _Job:
    variant: Variant
    bots: tuple[Bot, ...]
    seed: int
    max_actions: int | None
    registered: tuple[Shipped, Shipped] = ((), ())
    """The variants and bots registered where the experiment was set up
    ([`Registry.shipped`][makao._registry.Registry.shipped]), for workers to register."""
    origin: tuple[int, str] = (0, "")
    """The process that set the experiment up (`_this_process`): its own threads share its
    registries, and register nothing (a name registered again meanwhile stays so)."""


def _run_chunk(job: _Job, start: int, stop: int) -> list[GameRecord]:
    """The records of games ``start``…``stop - 1``, as an executor runs them (`_play_chunk`
    in this process). In a worker process, an error that
    could not be sent back to the caller (it holds what pickle cannot take, or its class
    cannot be rebuilt from its arguments) is given as a `RuntimeError` naming it, with its
    traceback as text: the pool would otherwise lose it (``BrokenProcessPool``)."""
    try:
        if job.origin != _this_process():  # a worker not forked knows the built-ins only
            variants, bots = job.registered
            _variants._VARIANTS.receive(variants)
            _bots._BOTS.receive(bots)
        return _play_chunk(job, start, stop)
    except Exception as error:
        if multiprocessing.parent_process() is None or _survives_pickling(error):
            raise
        failure = _unsendable(error)
    raise failure  # outside the handler: no unsendable context goes with it


def _unsendable(error: Exception) -> RuntimeError:
    """The `RuntimeError` a worker sends in place of ``error``."""
    kind = f"{type(error).__module__}.{type(error).__qualname__}"
    trace = "".join(traceback.format_exception(error))
    if sys.version_info < (3, 11):  # a traceback prints its notes (PEP 678) from 3.11 only
        trace += "".join(f"{note}\n" for note in getattr(error, "__notes__", ()))
    return RuntimeError(
        f"a worker process raised {kind}({shown(str(error), 200)}), an error that cannot "
        f"be sent back from a worker; its traceback there:\n{trace}"
    )


def _survives_pickling(error: BaseException) -> bool:
    """Whether ``error`` goes to another process and back to an exception (with the
    pickling support installed here: a package such as tblib extends it)."""
    try:
        return isinstance(pickle.loads(pickle.dumps(error)), BaseException)
    except Exception:
        return False


def _play_chunk(job: _Job, start: int, stop: int) -> list[GameRecord]:
    """The records of games ``start``…``stop - 1``, each with its own copy of the bots."""
    # private bots: safe under thread pools too; copied one by one, so that one object
    # listed for two seats (``[RandomBot()] * 2``) is two players, each reseeded for its seat
    bots = tuple(copy.deepcopy(bot) for bot in job.bots)
    players = len(bots)
    return [
        play_game(
            job.variant,
            bots,
            derive_seed(job.seed, index),
            index=index,
            rotation=index % players,
            max_actions=job.max_actions,
        )
        for index in range(start, stop)
    ]


def simulate(
    variant: Variant | str,
    bots: Sequence[Bot | str],
    games: int = 1000,
    seed: int = 0,
    workers: int = 1,
    *,
    executor: Executor | None = None,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
    progress: Progress | None = None,
    chunk_size: int | None = None,
) -> SimResult:
    """Play ``games`` games of ``variant`` between ``bots`` (one per seat) and gather the
    statistics ([`SimResult`][makao.sim.SimResult]).

    ``variant`` and ``bots`` may be given as text (``"polish:decks=2"``, ``"mcts"``).
    ``workers > 1`` runs on that many local processes; ``executor`` runs on any
    `concurrent.futures.Executor` instead (a ``dask.distributed`` client's
    executor reaches a cluster). ``max_actions`` caps each game (default
    [`DEFAULT_MAX_ACTIONS`][makao.sim.run.DEFAULT_MAX_ACTIONS]; ``None``: no cap); capped games are
    reported as truncated. ``chunk_size`` is how many games go to a worker at a time (default:
    a quarter of each worker's share, at most 200; ``None``: the default); an ``executor``'s
    workers are its ``_max_workers`` (`concurrent.futures`' pools have it), else
    [`GUESSED_WORKERS`][makao.sim.run.GUESSED_WORKERS], in chunks of at least
    [`MIN_GUESSED_CHUNK`][makao.sim.run.MIN_GUESSED_CHUNK] games. Twice as many chunks as
    workers (at least 16) are in flight at a time. The variants and bots registered here
    (`makao.variants.register`, ``makao --import``) are registered in worker processes too,
    where their factories pickle (a function or class at the top level of a module). The same
    ``seed`` gives the same results for any workers, executor or chunk size. At
    most [`MAX_GAMES`][makao.sim.run.MAX_GAMES] games and [`max_workers`][makao.sim.run.max_workers]
    workers; ``games=0`` is an empty experiment (no records: each metric over no games),
    where a [`ladder`][makao.tournament.ladder], which rates bots, needs at least one.
    """
    job = _make_job(variant, bots, seed, max_actions)
    labels = _labels(job.bots)
    _check_counts(games, workers, chunk_size)
    _check_hooks(executor, progress)
    slots = workers if executor is None else _workers_of(executor)
    size = chunk_size or max(1, min(200, math.ceil(games / (4 * (slots or GUESSED_WORKERS)))))
    if chunk_size is None and slots is None:
        size = max(size, MIN_GUESSED_CHUNK)
    chunks = ((start, min(start + size, games)) for start in range(0, games, size))
    window = max(16, 2 * (slots or GUESSED_WORKERS))
    if executor is None and workers <= 1:
        records = _run_here(job, chunks, games, progress)
    elif executor is not None:
        job = _shipped(job)
        if isinstance(executor, ProcessPoolExecutor):
            _check_portable(job, getattr(executor, "_mp_context", None))
        records = _run_on(executor, job, chunks, games, progress, window)
    else:
        job = _shipped(job)
        _check_portable(job, None)
        pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
        try:
            records = _run_on(pool, job, chunks, games, progress, window)
        except BaseException:  # an error or Ctrl-C: stop the workers, not finish the chunks
            _stop(pool)
            raise
        pool.shutdown()
    records.sort(key=lambda record: record.game)
    return SimResult(describe(job.variant), labels, seed, tuple(records), max_actions)


def compare(
    variant_a: Variant | str,
    variant_b: Variant | str,
    bots: Sequence[Bot | str],
    games: int = 1000,
    seed: int = 0,
    workers: int = 1,
    *,
    executor: Executor | None = None,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
    progress: Progress | None = None,
) -> Comparison:
    """Run [`simulate`][makao.sim.simulate] for both variants with the same bots and the same game
    seeds and set the statistics side by side ([`Comparison`][makao.sim.Comparison])."""
    _check_hooks(executor, progress)
    # both variants and the counts checked before any game: a bad ``variant_b`` must not
    # cost the whole run of ``variant_a``
    variant_a = _make_job(variant_a, bots, seed, max_actions).variant
    variant_b = _make_job(variant_b, bots, seed, max_actions).variant
    _check_counts(games, workers, None)
    done = [0, 0]

    def report(part: int) -> Progress | None:
        if progress is None:
            return None

        def update(count: int, total: int) -> None:
            done[part] = count
            progress(sum(done), 2 * total)

        return update

    options = {"executor": executor, "max_actions": max_actions}
    a = simulate(variant_a, bots, games, seed, workers, progress=report(0), **options)  # type: ignore[arg-type]
    b = simulate(variant_b, bots, games, seed, workers, progress=report(1), **options)  # type: ignore[arg-type]
    return Comparison(a, b)


def _workers_of(executor: Executor) -> int | None:
    """How many calls ``executor`` runs at once, where it tells (``_max_workers``, as the
    process and thread pools of `concurrent.futures` have); ``None`` if it does not."""
    count = getattr(executor, "_max_workers", None)
    return count if is_whole(count, 1, max_workers() * 1024) else None


def _shipped(job: _Job) -> _Job:
    """``job`` with the variants and bots registered in this process, as they travel to
    workers, and this process's id (its own threads register nothing)."""
    registered = (_variants._VARIANTS.shipped(), _bots._BOTS.shipped())
    return attrs.evolve(job, registered=registered, origin=_this_process())


_STARTED: Final = uuid.uuid4().hex
"""A token of the process that imported this module (a forked child keeps it)."""


def _this_process() -> tuple[int, str]:
    """This process, told from any other: its id, which a forked child does not share,
    and `_STARTED`, which a process with the same id elsewhere (another machine or
    container of a cluster) does not share."""
    return os.getpid(), _STARTED


def _make_job(
    variant: Variant | str, bots: Sequence[Bot | str], seed: int, max_actions: int | None
) -> _Job:
    if isinstance(variant, str):
        variant = parse_variant(variant)
    if not isinstance(variant, Variant):
        raise SetupError(f"variant must be a Variant or its name, not {shown(variant, 200)}")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise SetupError(f"bots must list one bot (or its spec) per seat, not {shown(bots, 40)}")
    if not bots:
        raise SetupError("simulate needs one bot per seat, at least two")
    try:
        check_table(variant, len(bots))
    except SetupError as error:  # which variant, when compare checks two
        raise SetupError(
            f"variant {describe(variant)} cannot seat {len(bots)} bots: {error}"
        ) from None
    built = tuple(
        check_bot(
            parse_bot(bot) if isinstance(bot, str) else bot,
            "each bot must be a Bot or its spec ('random')",
        )
        for bot in bots
    )
    for bot in built:
        _check_copyable(bot)
    check_seed(seed)
    check_optional_count("max_actions", max_actions)
    return _Job(variant, built, seed, max_actions)


def _check_copyable(bot: Bot) -> None:
    """A `SetupError` unless ``bot`` can be copied (`copy.deepcopy`), as `_play_chunk`
    copies the bots for every chunk of games: checked before any game, for any workers."""
    try:
        copy.deepcopy(bot)
    except Exception as error:
        raise SetupError(
            f"{_bot_label(bot)} cannot be copied ({type(error).__name__}: "
            f"{shown(str(error), 200)}): simulate plays every chunk of games with its own "
            "copy of the bots (copy.deepcopy); give its class a __deepcopy__ that makes a "
            "fresh bot"
        ) from None


def check_count(name: str, value: object, least: int, most: int) -> None:
    """A `SetupError` unless ``value`` is a whole number from ``least`` to ``most`` (a
    count an experiment is given: games, workers, bootstrap rounds)."""
    if not is_whole(value, least, most):
        raise SetupError(
            f"{name} must be a whole number from {least} to {most}, not {shown(value, 40)}"
        )


def check_optional_count(name: str, value: object) -> None:
    """A `SetupError` unless ``value`` is ``None`` or a whole number from 1 (a cap on a
    game's actions, a simulated game's or an environment's, where 0 would end every game
    before it starts; a chunk size). A `bool` is not: ``True`` is no count of one."""
    if value is not None and not is_whole(value, 1):
        raise SetupError(f"{name} must be a whole number ≥ 1 or None, not {shown(value, 40)}")


def check_seed(seed: object) -> None:
    """A `SetupError` unless ``seed`` is a whole number (an experiment's seed)."""
    if not is_whole(seed):
        raise SetupError(f"seed must be a whole number, not {shown(seed, 40)}")


def _check_counts(games: int, workers: int, chunk_size: int | None) -> None:
    check_count("games", games, 0, MAX_GAMES)
    check_count("workers", workers, 1, max_workers())
    check_optional_count("chunk_size", chunk_size)


def _check_hooks(executor: object, progress: object) -> None:
    """A `SetupError` unless ``executor`` is ``None`` or has ``submit`` and ``progress`` is
    ``None`` or callable with two arguments (checked before any game, not when first used)."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SetupError(
            f"executor must be a concurrent.futures.Executor, not {shown(executor, 40)}"
        )
    if progress is not None and not (callable(progress) and _takes_two(progress)):
        raise SetupError(
            f"progress must be callable as progress(done, total), not {shown(progress, 40)}"
        )


def _takes_two(function: Callable[..., object]) -> bool:
    """Whether ``function`` can be called with two positional arguments (``True`` when its
    signature cannot be read, as for some builtins)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return True
    try:
        signature.bind(0, 0)
    except TypeError:
        return False
    return True


class _Probe(pickle.Pickler):
    """Pickles to nowhere, noting the classes and functions it refers to in ``__main__``."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), pickle.HIGHEST_PROTOCOL)
        self.in_main: list[str] = []

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, (type, types.FunctionType)) and obj.__module__ == "__main__":
            self.in_main.append(obj.__qualname__)
        return NotImplemented


def _check_portable(job: _Job, context: object) -> None:
    """A `SetupError` unless the variant and the bots can be sent to worker processes
    started by ``context`` (a multiprocessing context; ``None``: the default one): they
    must pickle, and a process that is not forked cannot import the ``__main__`` of an
    interactive session (a notebook, ``python -c``)."""
    method = getattr(context, "get_start_method", None)
    start = method() if callable(method) else multiprocessing.get_start_method()
    interactive = getattr(sys.modules.get("__main__"), "__file__", None) is None
    for what, item in [("variant", job.variant), *(("bot", bot) for bot in job.bots)]:
        what = f"{what} {shown(getattr(item, 'name', None), 40)} ({type(item).__qualname__})"
        probe = _Probe()
        try:
            probe.dump(item)
        except Exception as error:
            raise SetupError(
                f"{what} cannot be sent to worker processes "
                f"({type(error).__name__}: {error}): define its class at the top level of "
                "a module, or run with workers=1"
            ) from None
        if probe.in_main and interactive and start != "fork":
            raise SetupError(
                f"{what} uses {probe.in_main[0]}, defined in an "
                f"interactive session, which worker processes started by {start!r} cannot "
                "import: define it in a module, or run with workers=1"
            )


def _ignore_interrupts() -> None:
    """The workers' initializer: Ctrl-C (SIGINT, sent to the whole process group) is the
    caller's to handle, which then ends the workers; a worker would print a traceback of its
    own, and one stopped while taking a chunk could leave the pool's queues hanging."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down at once: cancel the chunks not started, end the worker processes
    (whose results nobody will read) and wait for them to exit. A worker ended while it sent
    a result leaves part of a message, which the pool's thread would wait to read whole for
    ever (and the interpreter waits for that thread at exit): if that thread has not ended
    a moment after the workers, closing this process's end of the results' pipe for writing
    (the pool's thread only reads it; the workers' ends are closed) makes the wait an end
    of file."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    thread = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)  # forgets the three above
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join(5)
    if thread is None or writer is None or any(process.is_alive() for process in processes):
        return
    thread.join(1)
    if thread.is_alive():
        writer.close()


def _run_here(
    job: _Job, chunks: Iterator[tuple[int, int]], games: int, progress: Progress | None
) -> list[GameRecord]:
    records: list[GameRecord] = []
    for start, stop in chunks:
        records += _play_chunk(job, start, stop)
        if progress is not None:
            progress(len(records), games)
    return records


def _run_on(
    executor: Executor,
    job: _Job,
    chunks: Iterator[tuple[int, int]],
    games: int,
    progress: Progress | None,
    window: int = 16,
) -> list[GameRecord]:
    """Run the chunks on ``executor``, at most ``window`` of them in flight at once; on an
    error (or Ctrl-C) the chunks not yet started are cancelled."""
    pending: dict[Future[list[GameRecord]], tuple[int, int]] = {}
    records: list[GameRecord] = []
    try:
        pending |= _submit(executor, job, itertools.islice(chunks, window))
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                records += _checked(future.result(), *pending.pop(future))
                if progress is not None:
                    progress(len(records), games)
            pending |= _submit(executor, job, itertools.islice(chunks, len(done)))
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return records


def _checked(records: object, start: int, stop: int) -> list[GameRecord]:
    """``records`` if they are the records of games ``start``…``stop - 1`` in order, as
    `_run_chunk` returns them (a list; a tuple of them, as an executor that converts its
    results may give, is as good); else a `SetupError`: an executor whose futures hold
    anything else (a chunk run twice, cut short, another chunk's games) would skew the
    statistics."""
    if (
        isinstance(records, (list, tuple))
        and len(records) == stop - start
        and all(
            isinstance(record, GameRecord) and record.game == game
            for game, record in enumerate(records, start)
        )
    ):
        return list(records)
    raise SetupError(
        f"the executor's future for games {start} to {stop - 1} holds {shown(records, 60)}, "
        f"not their {stop - start} records: it must hold what the submitted call returned"
    )


def _submit(
    executor: Executor, job: _Job, chunks: Iterator[tuple[int, int]]
) -> dict[Future[list[GameRecord]], tuple[int, int]]:
    """Submit each chunk to ``executor`` (each future with its chunk): a `SetupError` if it
    hands back no `Future`."""
    futures: dict[Future[list[GameRecord]], tuple[int, int]] = {}
    try:
        for chunk in chunks:
            future: object = executor.submit(_run_chunk, job, *chunk)
            if not isinstance(future, Future):
                raise SetupError(
                    "executor.submit must return a concurrent.futures.Future, not "
                    f"{shown(future, 40)}"
                )
            futures[future] = chunk
    except BaseException:
        for started in futures:
            started.cancel()
        raise
    return futures


def _labels(bots: Sequence[Bot]) -> tuple[str, ...]:
    """A label per bot for the tables, the JSON and the CSV: its name, numbered when names
    repeat (``random1``, ``random2``), each label told apart from every other and from the
    seats' rows (``win rate seat 0``), so that no metric of one bot hides another's. A
    name that is no text, or empty, is a `SetupError` (checked before any game)."""
    names: list[str] = []
    for bot in bots:
        name = getattr(bot, "name", None)
        if not isinstance(name, str) or not name.strip():
            raise SetupError(
                f"a bot's name must be text to label its results, not {shown(name, 40)} "
                f"({type(bot).__qualname__})"
            )
        names.append(name)
    reserved = {f"seat {seat}" for seat in range(len(bots))}  # `win rate seat <s>`
    totals = Counter(names)
    plain = {name for name in names if totals[name] == 1 and name not in reserved}
    taken = plain | reserved
    numbers: Counter[str] = Counter()
    labels = []
    for name in names:
        if name in plain:
            labels.append(name)
            continue
        numbers[name] += 1
        label = f"{name}{numbers[name]}"
        while label in taken:  # the next number no other bot's label has
            numbers[name] += 1
            label = f"{name}{numbers[name]}"
        taken.add(label)
        labels.append(label)
    return tuple(labels)
