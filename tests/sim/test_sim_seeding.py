"""`makao.seeding.derive_seed`: the seed of an item of something seeded, the same on any
machine and in any thread, whatever was derived before."""

from __future__ import annotations

import json
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from makao import Game, engine, tournament, variants
from makao.banking import BankingGame
from makao.errors import SetupError
from makao.match import deal_seed
from makao.seeding import derive_seed, new_random, seed_key, seeded_random
from makao.testing import check_variant


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


def test_new_random_gives_each_integer_a_stream_of_its_own() -> None:
    """A seed ≥ 0 gives the numbers of ``random.Random(seed)``, as it always did; a
    negative one another stream (``random.Random`` drops the sign: ``n`` and ``-n`` gave
    the same numbers)."""
    for seed in (0, 1, 7, 2**70):
        assert new_random(seed).random() == random.Random(seed).random()
    for seed in (1, 7, 2**70):
        assert new_random(-seed).random() != new_random(seed).random()
    assert new_random(-1).random() != new_random(-2).random()


def test_pl_1_a_negative_seeds_stream_is_that_of_its_text_after_seed() -> None:
    """PL-1: the key of a negative seed is fixed (``"seed:-5"``), as the deals that version
    4 saves replay are: another text would deal every negative seed's game otherwise."""
    assert seed_key(-5) == "seed:-5" and seed_key(5) == 5 and seed_key(0) == 0
    assert new_random(-5).random() == random.Random("seed:-5").random()
    assert new_random(-5).random() != random.Random("-5").random()


def test_pl_1_a_negative_seed_deals_a_game_of_its_own() -> None:
    """`Game.new`'s deal (PL-1, PL-2) with seed ``-n`` was that of seed ``n`` (only the
    reshuffles differed); one too long for decimal text deals too."""
    variant = variants.polish()

    def deal(seed: int) -> tuple[object, ...]:
        game = Game.new(variant, 3, seed=seed)
        return (*game.hands, tuple(game.stock), tuple(game.pile))

    assert deal(5) == deal(5) != deal(-5)
    assert deal(-5) != deal(-6)
    assert deal(-(10**5000)) == deal(-(10**5000)) != deal(10**5000)


def test_mb_1_a_negative_seed_shuffles_macao_its_own_way() -> None:
    """Macao's cut and shoe (MB-1, MB-2) with seed ``-n`` were those of seed ``n``."""
    table = ["Ann", "Bo", "Cy"]

    def dealt(seed: int) -> tuple[object, object]:
        state = json.loads(BankingGame(table, seed=seed).to_json())
        return state["names"], state["shoe"]

    assert dealt(5) == dealt(5) != dealt(-5)


def test_check_variant_with_a_negative_seed_checks_games_of_its_own() -> None:
    """The conformance suite's games with seed ``-n`` were those of seed ``n``."""
    reports = [check_variant(variants.polish(), players=(2,), games=2, seed=s) for s in (3, -3)]
    assert reports[0].actions != reports[1].actions


def test_a_ladders_bootstrap_with_a_negative_seed_draws_its_own_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ladder's bootstrap intervals draw from ``new_random(seed)``."""
    drawn: list[float] = []

    def intervals(*args: object) -> tuple[list[float], list[float]]:
        generator = args[-1]
        assert isinstance(generator, random.Random)
        drawn.append(generator.random())
        return [0.0, 0.0], [0.0, 0.0]

    monkeypatch.setattr(tournament, "_intervals", intervals)
    for seed in (4, -4):
        tournament.ladder("polish", ["random", "heuristic"], 1, bootstrap=1, seed=seed)
    assert drawn == [new_random(4).random(), new_random(-4).random()]
    assert drawn[0] != drawn[1]
