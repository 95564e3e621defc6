"""`makao.seeding.derive_seed`: the seed of an item of something seeded, the same on any
machine and in any thread, whatever was derived before."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from makao.seeding import derive_seed


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
