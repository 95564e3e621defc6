"""The game's own random generator (`makao._random`): reshuffles are permutations, drawn
from SHAKE-128 of the state the same way on every platform, and uniform."""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao import Game, variants
from makao._random import initial_state, shuffle, shuffle_as_random, words

STATES = st.integers(min_value=0, max_value=(1 << 64) - 1)
MASK = (1 << 64) - 1


@given(STATES, st.integers(min_value=0, max_value=40))
def test_the_words_are_shake_128_of_the_state_read_little_endian(state: int, count: int) -> None:
    digest = hashlib.shake_128(state.to_bytes(8, "little")).digest(8 * count)
    expected = [int.from_bytes(digest[8 * k : 8 * k + 8], "little") for k in range(count)]
    assert list(words(state, count)) == expected


@given(st.integers(min_value=-(1 << 80), max_value=1 << 80))
def test_any_int_seed_starts_a_64_bit_state_set_by_its_low_64_bits(seed: int) -> None:
    """``initial_state`` takes any int (negative, past 64 bits) to a state of 64 bits."""
    state = initial_state(seed)
    assert 0 <= state <= MASK
    assert state == initial_state(seed & MASK) == initial_state(seed + (1 << 64))


@given(st.integers(min_value=-(1 << 80), max_value=1 << 80))
def test_the_words_of_a_state_read_only_its_low_64_bits(state: int) -> None:
    """``words`` hashes the state's eight low bytes: any int state, even negative, is accepted."""
    assert words(state, 3) == words(state & MASK, 3)


@given(st.lists(st.integers(), max_size=60), STATES)
def test_a_shuffle_is_a_permutation_and_advances_the_state(items: list[int], state: int) -> None:
    shuffled = items.copy()
    after = shuffle(shuffled, state)
    assert sorted(shuffled) == sorted(items)
    assert 0 <= after < 1 << 64
    assert after == words(state, len(items) + 1)[len(items)]  # the word no swap uses
    again = items.copy()
    assert shuffle(again, state) == after and again == shuffled  # the same state, the same order


def test_the_order_of_a_reshuffle_is_pinned() -> None:
    # Saved games replay reshuffles: a change here must bump makao.serialize.VERSION.
    items = list(range(10))
    after = shuffle(items, initial_state(1))
    assert items == [3, 5, 7, 9, 8, 0, 1, 6, 2, 4]
    assert after == 0x57988BB83A9A5617


def test_every_order_of_three_cards_is_about_equally_likely() -> None:
    orders: Counter[tuple[int, ...]] = Counter()
    for seed in range(6000):
        items = [0, 1, 2]
        shuffle(items, initial_state(seed))
        orders[tuple(items)] += 1
    assert set(orders) == set(itertools.permutations(range(3)))
    chi_square = sum((count - 1000) ** 2 / 1000 for count in orders.values())
    assert chi_square < 20.5  # 5 degrees of freedom, p = 0.001


def test_every_card_lands_in_every_place_about_equally_often() -> None:
    places: Counter[tuple[int, int]] = Counter()
    state = initial_state(7)
    for _ in range(5000):
        items = list(range(10))
        state = shuffle(items, state)  # one stream, as a game's reshuffles draw it
        places.update(zip(items, range(10), strict=True))
    cells = [(card, place) for card in range(10) for place in range(10)]
    chi_square = sum((places[cell] - 500) ** 2 / 500 for cell in cells)
    assert chi_square < 123.6  # 81 degrees of freedom, p = 0.001


def test_a_game_keeps_its_generator_state_and_a_clone_reshuffles_alike() -> None:
    game = Game.from_position(
        variants.polish(), hands=["5h 6h", "5c 6c"], pile="9d 8d 7d 9h 2s 3s", stock=""
    )
    other = game.clone()
    before = game.rng
    game.play("draw")
    other.play("draw")
    assert game.reshuffles == 1 and game.rng != before
    assert game == other and game.stock == other.stock


def test_a_game_without_a_seed_is_dealt_from_a_fresh_random_seed() -> None:
    """`Game.new` without ``seed`` draws one from the system: three games, three seeds,
    each a valid saved seed (a collision has odds of about 2**-62)."""
    polish = variants.polish()
    seeds = [Game.new(polish, 2).seed for _ in range(3)]
    assert len(set(seeds)) == 3
    assert all(0 <= seed < 2**63 for seed in seeds)


@pytest.mark.parametrize("count", [1023, 1024, 1025, 1500])
def test_pl_3_the_shuffle_of_a_random_generator_is_its_own_past_the_table_of_bounds(
    count: int,
) -> None:
    """PL-3: ``shuffle_as_random`` makes ``random.Random.shuffle``'s permutation of a list of
    any length, past the 1,024 bounds it reads from a table (the bounds beyond it are
    computed; a deck's 416 cards never reach them, so no public call does)."""
    expected = list(range(count))
    random.Random(count).shuffle(expected)
    items = list(range(count))
    shuffle_as_random(items, random.Random(count))
    assert items == expected
