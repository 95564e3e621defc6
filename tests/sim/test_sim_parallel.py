"""Experiments on worker processes and executors: the same records whatever runs them,
registrations known in workers started afresh, chunks for an executor, and executors that
hand back the wrong things."""

from __future__ import annotations

import functools
import multiprocessing
import pickle
import re
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _processes import POSIX, run_python
from makao import variants
from makao._registry import MAX_SHIPPED_FACTORY, Registry
from makao.bots import RandomBot
from makao.errors import SetupError
from makao.sim import simulate
from makao.sim.run import MIN_GUESSED_CHUNK

T = TypeVar("T")

POLISH = variants.polish()
BOTS = ["random", "heuristic"]


def _records(**options: Any) -> object:
    """The records of a small experiment of ``BOTS`` at Polish, run as ``options`` say."""
    return simulate(POLISH, BOTS, **options).records


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(-(2**70), 2**70),
    games=st.integers(0, 9),
    chunk_size=st.none() | st.integers(1, 4),
    threads=st.integers(1, 3),
)
def test_the_records_are_the_same_for_any_seed_chunks_and_executor(
    seed: int, games: int, chunk_size: int | None, threads: int
) -> None:
    """Game ``i`` is dealt from ``derive_seed(seed, i)`` with seats rotated by ``i``
    whatever plays it: one process, a thread pool, or a forked process pool, in chunks of
    any size."""
    here = _records(games=games, seed=seed, max_actions=300)
    with ThreadPoolExecutor(threads) as pool:
        on_threads = _records(
            games=games, seed=seed, max_actions=300, executor=pool, chunk_size=chunk_size
        )
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(2, mp_context=context) as processes:
        forked = _records(
            games=games, seed=seed, max_actions=300, executor=processes, chunk_size=chunk_size
        )
    assert on_threads == forked == here


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_the_records_are_the_same_in_workers_started_afresh_for_any_seed(method: str) -> None:
    """Workers that import makao anew (``spawn``, ``forkserver``) play the same games as
    this process, for several seeds and chunk sizes (one pool, as starting one is slow)."""
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        for seed, chunk_size in [(0, None), (-5, 1), (2**64, 3)]:
            there = _records(games=4, seed=seed, executor=pool, chunk_size=chunk_size)
            assert there == _records(games=4, seed=seed)


@pytest.mark.skipif(not POSIX, reason="process groups")
@pytest.mark.parametrize("how", ["spawn", "workers"])
def test_variants_and_bots_registered_here_are_registered_in_workers_started_afresh(
    tmp_path: Path, how: str
) -> None:
    """A variant and a bot registered in the parent only (here under ``if __name__ ==
    "__main__"``, as ``makao --import MODULE`` registers them) were unknown in workers
    started by ``spawn`` (the default on macOS and Windows): a game saved there recorded
    the variant as custom (``builtin: false``), and a bot looking either up by name failed;
    forked workers knew both. Now workers register what the parent registered."""
    code = """if True:
        import json, multiprocessing, sys
        from concurrent.futures import ProcessPoolExecutor
        from makao import Game, bots, variants
        from makao.bots import BaseBot
        from makao.rules import WaitCards
        from makao.sim import simulate

        def no_wait(**options):
            return variants.polish(**options).without(WaitCards)

        class Saver(BaseBot):
            name = "saver"

            def choose(self, view, moves):
                save = json.loads(Game.new(view.variant, view.players, seed=1).to_json())
                if not save["variant"]["builtin"] or "saver" not in bots.names():
                    raise LookupError("not registered in this worker")
                return moves[0]

        if __name__ == "__main__":
            variants.register("no-wait", no_wait, "nowait")
            bots.register("saver", Saver)
            players = ["saver", "random"]
            here = simulate("no-wait", players, 3, seed=1, max_actions=20)
            if sys.argv[1] == "workers":
                multiprocessing.set_start_method("spawn")
                there = simulate("no-wait", players, 3, seed=1, workers=2, max_actions=20)
            else:
                context = multiprocessing.get_context("spawn")
                with ProcessPoolExecutor(1, mp_context=context) as pool:
                    there = simulate(
                        "nowait", players, 3, seed=1, executor=pool, max_actions=20
                    )
            print(there.variant, there.records == here.records)
    """
    script = tmp_path / "registers.py"  # a file: workers started afresh can import it
    script.write_text(code, encoding="utf-8")
    done = run_python(str(script), how, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "no-wait True\n", "")


def _factory(**options: object) -> object:
    """A factory at the top level of a module: it pickles by name."""
    return options


def test_a_registry_ships_the_factories_that_pickle_small_and_receives_what_it_can() -> None:
    """`Registry.shipped` lists the entries registered since the built-ins whose factory
    pickles (by name: a lambda does not) to at most `MAX_SHIPPED_FACTORY` bytes; `receive`
    registers them, with their aliases, in another registry, leaves out what it cannot
    load or whose names it has taken, and keeps a factory it already has as it is."""
    built_in: Registry[object] = Registry("bot")
    built_in.register("old", _factory)
    built_in.freeze_built_ins()
    here = pickle.loads(pickle.dumps(built_in))  # another process's copy, built-ins only
    built_in.register("mine", functools.partial(_factory, size=1), ["my-own"])
    built_in.register("lambda", lambda: None)
    built_in.register("large", functools.partial(_factory, blob=bytes(MAX_SHIPPED_FACTORY)))
    shipped = built_in.shipped()
    assert [(name, aliases) for name, _, aliases in shipped] == [("mine", ("my-own",))]
    here.register("taken", _factory)
    shipped += (("broken", b"not a pickle", ()), ("other", shipped[0][1], ("taken",)))
    here.receive(shipped)
    assert here.names() == ("old", "taken", "mine")
    assert here.factory("my-own")() == {"size": 1}
    again: Registry[object] = pickle.loads(pickle.dumps(here))
    kept = again.factory("mine")
    again.receive(shipped)
    assert again.factory("mine") is kept


class _Gated(ThreadPoolExecutor):
    """A thread pool whose calls each wait until every thread has one (a
    `threading.Barrier` that gives up after 10 s)."""

    def __init__(self, threads: int) -> None:
        super().__init__(threads)
        self.barrier = threading.Barrier(threads, timeout=10)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        def gated() -> T:
            self.barrier.wait()
            return fn(*args, **kwargs)

        return super().submit(gated)


def test_an_executor_with_more_workers_than_sixteen_gets_a_chunk_for_each() -> None:
    """At most 16 chunks were in flight, whatever the workers: 20 threads (or local
    processes, up to 4 per CPU) had 4 idle. Now twice the executor's workers are."""
    with _Gated(20) as pool:
        result = simulate(POLISH, BOTS, games=80, seed=3, executor=pool, max_actions=5)
    assert result.records == simulate(POLISH, BOTS, games=80, seed=3, max_actions=5).records


class _Untold(Executor):
    """An executor that does not tell how many workers it has (as a cluster's), noting
    the chunks of games it is given."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.chunks: list[tuple[int, int]] = []

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        self.chunks.append((args[1], args[2]))
        return self.pool.submit(fn, *args, **kwargs)


def test_an_executor_of_unknown_size_gets_many_small_chunks() -> None:
    """An executor that does not tell its workers got a quarter of the games a chunk (at
    most 200): four chunks of a thousand games, so a cluster of many workers left all but
    four idle. Now chunks are sized for `GUESSED_WORKERS`, at least `MIN_GUESSED_CHUNK`
    games each; the records are the same."""
    executor = _Untold()
    with executor.pool:
        result = simulate(POLISH, BOTS, games=1000, seed=2, executor=executor, max_actions=1)
    sizes = {stop - start for start, stop in executor.chunks}  # 1000 / (4 * 64) < 10
    assert sizes == {MIN_GUESSED_CHUNK} and len(executor.chunks) == 100
    assert result.records == simulate(POLISH, BOTS, games=1000, seed=2, max_actions=1).records


class _Misreporting(Executor):
    """Runs each call at once and hands back ``change(call)`` in a done future."""

    def __init__(self, change: Callable[[Callable[[], Any]], Any]) -> None:
        self.change = change

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_result(self.change(lambda: fn(*args, **kwargs)))
        return future


@pytest.mark.parametrize(
    ("change", "shown"),
    [
        (lambda call: None, "holds None"),
        (lambda call: call() * 2, "holds [GameRecord(game=0"),
        (lambda call: call()[:-1], "holds [GameRecord(game=0"),
        (lambda call: call()[::-1], "holds [GameRecord(game=1"),
        (lambda call: [1, 2], "holds [1, 2]"),
        (lambda call: "records", "holds 'records'"),
    ],
)
def test_an_executor_whose_futures_hold_other_than_the_chunks_records_is_a_setup_error(
    change: Callable[[Callable[[], Any]], Any], shown: str
) -> None:
    """An executor whose futures hold anything but the chunk's records, in order, is a
    `SetupError` naming the games and what it held: before, a chunk run twice made 4
    games of 2, one cut short fewer, and anything else a bare TypeError or AttributeError."""
    executor = _Misreporting(change)
    with pytest.raises(SetupError, match=rf"future for games 0 to 1 {re.escape(shown)}"):
        simulate(POLISH, BOTS, games=2, seed=1, executor=executor, chunk_size=2)


def test_an_executor_whose_futures_hold_a_chunks_records_as_a_tuple_is_taken() -> None:
    """An executor that hands back a chunk's records, in order, as a tuple (one that
    converts its results on the way back) gives the same records as one process: the
    check of what a future holds refused them, where the records were counted before."""
    executor = _Misreporting(lambda call: tuple(call()))
    result = simulate(POLISH, BOTS, games=5, seed=1, executor=executor, chunk_size=2)
    assert result.records == simulate(POLISH, BOTS, games=5, seed=1).records


class _Counted(list[int]):
    """A list that pickles its items one by one from a generator, counting how many the
    pickler has taken (`taken`)."""

    taken = 0

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Counted, (), None, self._items())

    def _items(self) -> Any:
        for item in self:
            _Counted.taken += 1
            yield item


def test_a_factory_holding_a_large_object_is_not_pickled_whole_to_be_left_out() -> None:
    """`Registry.shipped` stops pickling a factory soon after `MAX_SHIPPED_FACTORY` bytes:
    a factory holding a large object (a model's weights) was pickled whole at every
    experiment (2,000,000 entries: about 2 s a `simulate`, each table of a ladder) only to
    be left out for its size."""
    registry: Registry[object] = Registry("bot")
    registry.freeze_built_ins()
    large = _Counted(range(1_000_000))
    registry.register("large", functools.partial(_factory, weights=large))
    registry.register("small", functools.partial(_factory, weights=_Counted(range(3))))
    _Counted.taken = 0
    assert [name for name, _, _ in registry.shipped()] == ["small"]
    assert 3 < _Counted.taken < 100_000


def _first_build() -> RandomBot:
    """A bot factory registered first (`_second_build` replaces it)."""
    return RandomBot()


def _second_build() -> RandomBot:
    """The bot factory registered in its place while an experiment runs."""
    return RandomBot()


def test_a_name_registered_again_while_threads_run_an_experiment_stays_so() -> None:
    """An executor's threads share this process's registries: a name registered again
    while they run the experiment (a notebook's cell) keeps its new factory. Every chunk
    registered the experiment's copy again, so the old factory came back."""
    from makao import bots

    bots.register("rebound-in-a-run", _first_build)

    def progress(done: int, total: int) -> None:
        if done == 2:
            bots.register("rebound-in-a-run", _second_build)

    with ThreadPoolExecutor(1) as pool:
        simulate(POLISH, BOTS, games=8, seed=1, executor=pool, chunk_size=2, progress=progress)
    assert bots.factory("rebound-in-a-run") is _second_build


@pytest.mark.parametrize("size", [0, -3, True, "8", 10**9])
def test_an_executor_whose_size_is_no_count_of_workers_is_taken_as_untold(size: object) -> None:
    """An executor whose ``_max_workers`` is no count of workers it could have (0, a bool,
    a text, a billion) does not tell its size: its chunks are sized for `GUESSED_WORKERS`,
    at least `MIN_GUESSED_CHUNK` games each, not one game a chunk."""
    executor = _Untold()
    executor._max_workers = size  # type: ignore[attr-defined]
    with executor.pool:
        simulate(POLISH, BOTS, games=100, seed=2, executor=executor, max_actions=1)
    assert {stop - start for start, stop in executor.chunks} == {MIN_GUESSED_CHUNK}


def test_a_factory_of_exactly_the_most_bytes_is_shipped_and_one_byte_more_is_not() -> None:
    """`Registry.shipped` leaves out a factory that pickles to more than
    `MAX_SHIPPED_FACTORY` bytes: one of exactly that many travels."""
    sizes = {}
    for blob in range(MAX_SHIPPED_FACTORY):
        factory = functools.partial(_factory, blob=bytes(blob))
        sizes[len(pickle.dumps(factory, pickle.HIGHEST_PROTOCOL))] = factory
    registry: Registry[object] = Registry("bot")
    registry.freeze_built_ins()
    registry.register("most", sizes[MAX_SHIPPED_FACTORY])
    registry.register("more", sizes[MAX_SHIPPED_FACTORY + 1])
    assert [name for name, _, _ in registry.shipped()] == ["most"]


def test_a_chunk_is_at_most_two_hundred_games() -> None:
    """The default chunk is a quarter of each worker's share, at most 200 games: 1000
    games on one worker go in chunks of 200, not of 250."""
    executor = _Untold()
    executor._max_workers = 1  # type: ignore[attr-defined]
    with executor.pool:
        simulate(POLISH, BOTS, games=1000, seed=2, executor=executor, max_actions=1)
    assert {stop - start for start, stop in executor.chunks} == {200}


def test_a_registry_receives_a_name_it_holds_with_another_factory_as_shipped() -> None:
    """`Registry.receive` registers an entry this process holds with another factory (a
    worker kept from an earlier experiment, the name registered anew since): the
    experiment's factory is the one the parent registered last."""
    parent: Registry[object] = Registry("bot")
    parent.freeze_built_ins()
    worker: Registry[object] = pickle.loads(pickle.dumps(parent))
    parent.register("mine", _factory)
    worker.receive(parent.shipped())
    parent.register("mine", functools.partial(_factory, size=2))
    worker.receive(parent.shipped())
    assert worker.factory("mine")() == {"size": 2}
