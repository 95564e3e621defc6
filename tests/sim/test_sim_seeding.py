"""`makao.seeding.derive_seed`: the seed of an item of something seeded, the same on any
machine and in any thread, whatever was derived before."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from makao import Game, engine, variants
from makao.errors import SetupError
from makao.match import deal_seed
from makao.seeding import derive_seed, seeded_random


def _fresh(seed: int, *path: int | str) -> int:
    """What `derive_seed` promises: a new generator seeded with the item's key."""
    key = ":".join(("makao", str(seed), *map(str, path)))
    return random.Random(key).getrandbits(63)


def test_derived_seeds_are_those_of_a_fresh_generator_of_the_items_key() -> None:
    paths: list[tuple[int | str, ...]] = [(0,), (1,), (7,), ("deal", 3), ("table", 0), ()]
    for seed in (-5, 0, 1, 42, 2**70):
        for path in paths:
            assert derive_seed(seed, *path) == _fresh(seed, *path)
            assert 0 <= derive_seed(seed, *path) < 2**63
    assert derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)


def test_threads_derive_the_same_seeds_as_one_thread() -> None:
    """Each thread reseeds a generator of its own: threads deriving at once get what one
    thread gets, item by item."""
    items = [(seed, index) for seed in range(40) for index in range(4)]
    alone = [derive_seed(seed, index) for seed, index in items]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda item: derive_seed(*item), items * 3))
    assert together == alone * 3


def test_seeded_random_starts_where_a_new_generator_of_the_seed_starts() -> None:
    for seed in (-5, 0, 1, 42, 2**70, "makao:1:0"):
        fresh = random.Random(seed)
        expected = [fresh.getrandbits(64) for _ in range(5)], fresh.random()
        seeded_random(12345).getrandbits(64)  # whatever the thread's generator did before
        generator = seeded_random(seed)
        assert ([generator.getrandbits(64) for _ in range(5)], generator.random()) == expected


def test_a_deal_is_the_same_after_other_seeding_and_in_threads() -> None:
    """`Game.new` shuffles with `seeded_random`: the deal of a seed is the same whatever
    the thread's generator did before, and in threads dealing at once."""
    variant = variants.polish()

    def deal(seed: int) -> tuple[object, ...]:
        game = Game.new(variant, 3, seed=seed)
        return (*game.hands, tuple(game.stock), tuple(game.pile))

    alone = [deal(seed) for seed in range(30)]
    derive_seed(7, "deal", 1)
    assert [deal(seed) for seed in range(30)] == alone
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(deal, list(range(30)) * 3)) == alone * 3


def test_a_deal_is_that_of_a_new_generator_of_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = variants.polish()
    seeds = [0, 1, 99, 2**40]
    deals = [Game.new(variant, 4, seed=seed) for seed in seeds]
    monkeypatch.setattr(engine, "seeded_random", random.Random)  # a new generator per deal
    for seed, dealt in zip(seeds, deals, strict=True):
        assert Game.new(variant, 4, seed=seed) == dealt


def test_another_threads_seeding_leaves_this_threads_generator_alone() -> None:
    """`seeded_random` is per thread: a thread seeding meanwhile does not move this one's draws."""
    expected = random.Random(5)
    generator = seeded_random(5)
    assert generator.getrandbits(64) == expected.getrandbits(64)
    other = threading.Thread(target=lambda: (seeded_random(7), derive_seed(9, "deal", 1)))
    other.start()
    other.join()
    assert [generator.getrandbits(64) for _ in range(3)] == [
        expected.getrandbits(64) for _ in range(3)
    ]


@pytest.mark.parametrize("seed", [None, "", "1", 1.5, True, [], b"1", float("nan")], ids=repr)
def test_derive_seed_refuses_a_seed_that_is_no_integer(seed: Any) -> None:
    with pytest.raises(SetupError, match="seed must be an integer"):
        derive_seed(seed, 0)


@pytest.mark.parametrize(
    "part", [None, 1.5, True, object()], ids=["none", "float", "bool", "object"]
)
def test_derive_seed_refuses_a_path_part_that_is_neither_text_nor_integer(part: Any) -> None:
    with pytest.raises(SetupError, match="path part"):
        derive_seed(1, part)


def test_derive_seed_takes_integers_of_any_length_and_numpy_integers() -> None:
    numpy = pytest.importorskip("numpy")
    assert derive_seed(numpy.int64(7), numpy.int64(2)) == derive_seed(7, 2)
    assert derive_seed(1, 10**5000) != derive_seed(1, 10**5000 + 1)
    with pytest.raises(SetupError):
        deal_seed(None, 1)  # type: ignore[arg-type]


def test_pl_3_a_path_word_of_a_str_subclass_derives_what_its_text_derives() -> None:
    """PL-3 (a match deal's seed, ``"deal"`` and its number): a path word is any `str`,
    a subclass (an enum of words) too, and derives what its text derives."""

    class Word(str):
        """A word that is no plain `str`."""

    assert derive_seed(3, Word("deal"), 2) == derive_seed(3, "deal", 2) == _fresh(3, "deal", 2)
