"""Games in several threads at once: the module-level caches every game of a process
shares (rule sets, move tables, interned moves and events, effect twins) give each game
what it gets alone, and filling or emptying them from several threads raises nothing.
A tiny switch interval makes the interpreter change threads every few instructions."""

from __future__ import annotations

import hashlib
import pickle
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from copy import copy as shallow_copy
from typing import Any

import pytest

from makao import Game, SetupError, Variant, tables, variants
from makao._build import compiled_modules
from makao._registry import Registry
from makao.bots import HeuristicBot, RandomBot
from makao.sim.play import play_game
from makao.tables import MOST_COMPILED


@pytest.fixture
def switching() -> Iterator[None]:
    """A thread switch every microsecond (the default is every 5 ms)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _in_threads(count: int, work: Callable[[int], object]) -> list[BaseException]:
    """Run ``work(i)`` in ``count`` threads started together; the errors they raised."""
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def run(index: int) -> None:
        try:
            start.wait()
            work(index)
        except BaseException as error:  # reported by the test
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_equal_variants_compiled_in_threads_at_once(switching: None) -> None:
    """`makao.tables.compiled` moves a rule set found to the end of its LRU dict: two
    threads doing so for one rule tuple at once made one's ``del`` a `KeyError`."""
    rules = [variants.polish().rules, variants.russian().rules, variants.mau_mau().rules]

    def work(_: int) -> None:
        for _ in range(1500):
            for each in rules:
                tables.compiled(each)

    assert _in_threads(8, work) == []


def test_rule_sets_evicted_by_threads_at_once(
    switching: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `MOST_COMPILED` rule sets the oldest goes; threads that both take it out at
    once raised a `KeyError`. Each variant still gets its rules' tables. (A cache of its
    own, and a bound of 2 in the interpreted build; compiled, the ``Final`` bound is
    built in, so the threads cycle through 3 rule sets more than it.)"""
    monkeypatch.setattr(tables, "_COMPILED", {})
    monkeypatch.setattr(tables, "MOST_COMPILED", 2)
    bound = MOST_COMPILED if "makao.tables" in compiled_modules() else 2
    rules = [variants.polish(po_makale_penalty=k).rules for k in range(bound + 3)]

    def work(_: int) -> None:
        for _ in range(120 if bound == 2 else 30):
            for each in rules:  # each one evicted before it comes again: every call a miss
                assert tables.compiled(each).finish == each[-1]

    assert _in_threads(8, work) == []


def test_openspiel_variant_registered_before_another_thread_loads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`register` kept the game type, then registered it with OpenSpiel: a second thread
    registering the same variant in between returned at once, and its ``load_game`` found
    no such game. Forced here: the first thread's registration waits for the second."""
    pyspiel = pytest.importorskip("pyspiel")
    from makao.adapters import openspiel

    name = f"threads-test-{random.getrandbits(48):x}"  # a name new to OpenSpiel
    registry = variants._VARIANTS
    monkeypatch.setattr(registry, "_factories", dict(registry._factories))
    monkeypatch.setattr(registry, "_names", dict(registry._names))
    variants.register(name, variants.polish)
    real = pyspiel.registered_names
    second_done = threading.Event()
    first = threading.Lock()

    def registered_names() -> Any:
        if first.acquire(blocking=False):  # the first caller waits for the second thread
            second_done.wait(5)
        return real()

    monkeypatch.setattr(pyspiel, "registered_names", registered_names)
    loaded: list[object] = []

    def second() -> None:
        try:
            deadline = time.monotonic() + 5  # fail, not hang, if it never registers
            while not first.locked():  # the first thread is registering
                assert time.monotonic() < deadline, "the first thread did not register"
                threading.Event().wait(0.001)
            loaded.append(pyspiel.load_game(openspiel.register(name)))
        finally:
            second_done.set()

    errors = _in_threads(2, lambda index: openspiel.register(name) if index == 0 else second())
    assert errors == []
    assert len(loaded) == 1


# ---------------------------------------------------------------- the same games, threaded

_VARIANTS: dict[str, Callable[[], Variant]] = {
    "polish": variants.polish,
    "polish2": lambda: variants.polish(decks=2, last_card_effect_applies=True),
    "russian": variants.russian,
    "switch": variants.switch,
    "mao": variants.mao,
}


def _own_loop(name: str, seed: int) -> str:
    """A digest of a seeded game of random moves (its variant built here): the events,
    a view a move, the record, outcome and save, the save loaded and the game replayed,
    and a clone and a pickled copy from move 20 played on alike."""
    variant = _VARIANTS[name]()
    game = Game.new(variant, 3, seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    copies: list[Game] = []
    count = 0
    while not game.is_over and count < 400:
        digest.update(repr(game.play(rng.choice(game.legal_moves()))).encode())
        digest.update(repr(game.view(count % 3)).encode())
        count += 1
        if count == 20:
            copies = [game.clone(), pickle.loads(pickle.dumps(game))]
    text = game.to_json()
    digest.update(f"{game.record}{game.outcome}{text}".encode())
    digest.update(Game.from_json(text, variant).to_json().encode())
    digest.update(Game.replay(variant, game.origin, game.record).to_json().encode())
    for copy in copies:
        again = random.Random(seed + 1)
        for _ in range(100):
            if copy.is_over:
                break
            digest.update(repr(copy.play(again.choice(copy.legal_moves()))).encode())
        digest.update(copy.to_json().encode())
    return digest.hexdigest()


def _bots_game(name: str, seed: int) -> str:
    """A digest of a game of heuristic and random bots (`play_game`'s record)."""
    bots = [HeuristicBot(), RandomBot(), HeuristicBot()]
    return repr(play_game(_VARIANTS[name](), bots, seed, max_actions=600))


_JOBS = [(kind, name, seed) for seed in range(2) for name in _VARIANTS for kind in "ob"]


def _job(job: tuple[str, str, int]) -> str:
    kind, name, seed = job
    return (_own_loop if kind == "o" else _bots_game)(name, seed)


def test_seeded_games_in_threads_are_the_games_played_one_by_one(switching: None) -> None:
    """Seeded games dealt, played, saved, loaded, cloned and pickled in eight threads at
    once (in a shuffled order) give exactly what they give one after another."""
    alone = [_job(job) for job in _JOBS]
    order = _JOBS[:]
    random.Random(5).shuffle(order)
    with ThreadPoolExecutor(8) as pool:
        together = dict(zip(order, pool.map(_job, order), strict=True))
    assert [together[job] for job in _JOBS] == alone


def test_threads_registering_one_alias_at_once_give_it_to_one_of_them(switching: None) -> None:
    """A registry's name or alias stands for one entry: of threads registering entries
    that share an alias at once, exactly one gets it and the others a `SetupError` (each
    checked the alias free, then all of them took it: the last one's, with no error). The
    shared alias comes first, so that it is checked early and taken late."""
    for trial in range(300):
        registry: Registry[object] = Registry("variant")

        def take(index: int, registry: Registry[object] = registry, trial: int = trial) -> None:
            own = [f"own-{index}-{number}" for number in range(30)]
            registry.register(f"entry-{index}", dict, [f"shared-{trial}", *own])

        errors = _in_threads(3, take)
        assert len(errors) == 2 and all(isinstance(error, SetupError) for error in errors)
        assert len(registry.names()) == 1


def test_a_registry_listed_while_another_thread_registers_raises_nothing(
    switching: None,
) -> None:
    """`aliases` and `built_ins` walk the names while another thread registers more (a
    ``RuntimeError``, the dict changed size during iteration, before)."""
    registry: Registry[object] = Registry("bot")
    for number in range(100):
        registry.register(f"entry-{number}", dict, [f"alias-{number}"])
    registry.freeze_built_ins()

    def work(index: int) -> None:
        if index == 0:
            for number in range(100, 2_100):
                registry.register(f"entry-{number}", dict, [f"alias-{number}"])
        else:
            for _ in range(2_000):
                assert registry.aliases("entry-5") == ("alias-5",)
                assert len(registry.built_ins()) == 100

    assert _in_threads(2, work) == []


def test_a_registration_whose_aliases_register_another_entry_does_not_deadlock() -> None:
    """The aliases are read before the lock is taken: an iterator of them runs the caller's
    code, which may register in the same registry (a lock held around it would never be
    given back)."""
    registry: Registry[object] = Registry("bot")

    def aliases() -> Iterator[str]:
        registry.register("inner", dict)
        yield "outer-alias"

    worker = threading.Thread(target=registry.register, args=("outer", dict, aliases()))
    worker.daemon = True  # a deadlocked worker must not hold up the test run
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive()
    assert registry.names() == ("inner", "outer")
    assert registry.aliases("outer") == ("outer-alias",)


def test_freezing_the_built_ins_waits_for_a_registration_under_way() -> None:
    """`freeze_built_ins` takes the registry's lock, as a registration holds it, so that
    the built-in names are taken between registrations."""
    registry: Registry[object] = Registry("bot")
    registry.register("first", dict)
    with registry._lock:  # a registration under way
        freezing = threading.Thread(target=registry.freeze_built_ins, daemon=True)
        freezing.start()
        freezing.join(timeout=0.2)
        assert freezing.is_alive()
        registry._factories["second"] = dict  # what the registration writes meanwhile
    freezing.join(timeout=10)
    assert not freezing.is_alive()
    assert registry.built_ins() == ("first", "second")


def test_a_copied_registry_registers_apart_from_the_original() -> None:
    """A copy takes the names as they are (`Registry.__getstate__`), in dicts of its own:
    a name registered in the copy is not in the original, nor the other way round."""
    registry: Registry[object] = Registry("bot")
    registry.register("first", dict, ["one"])
    for twin in (shallow_copy(registry), pickle.loads(pickle.dumps(registry))):
        twin.register("second", dict, ["two"])
        assert registry.names() == ("first",) and registry.aliases("first") == ("one",)
        assert twin.names() == ("first", "second")
    registry.register("two", dict)  # the copies' alias, free in the original
    registry.register("third", dict, ["three"])
    assert twin.names() == ("first", "second") and twin.aliases("third") == ()
