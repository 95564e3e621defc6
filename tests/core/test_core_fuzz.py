"""Fuzzing every parser: bad text gives a typed makao error (a ValueError), never a crash."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from makao import Card, Game, MakaoError, parse_cards, parse_move, variants
from makao.errors import CardParseError, InvalidMoveError, StateError
from makao.serialize import game_from_json

FUZZ = settings(max_examples=300, deadline=None)
# Text that looks like the notation, so that fuzzing reaches past the first check.
NOTATION = st.text(alphabet="0123456789TJQKAtjqka cdhs♣♦♥♠CDHS:+-,xyz\t\n", max_size=24)
WORDS = st.lists(
    st.sampled_from(
        [
            "7h",
            "10s",
            "Jc:7",
            "Ah:s",
            "+makao",
            "+po-makale",
            "draw",
            "pass",
            "say",
            "stop",
            "makao",
            "1:",
            "0:",
            "2",
            ":",
            "Qd",
            "Ks:",
            "+",
            "9x",
            "host:",
            "Ts:h",
        ]
    ),
    max_size=5,
).map(" ".join)
TEXT = st.one_of(st.text(max_size=30), NOTATION, WORDS)
POLISH = variants.polish()


def mid_game(seed: int = 12, moves: int = 25) -> Game:
    game = Game.new(POLISH, 3, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


MID = mid_game()
SAVED = MID.to_json()


@FUZZ
@given(TEXT)
def test_card_parse_gives_a_card_or_a_card_parse_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardParseError as error:
        assert isinstance(error, ValueError) and str(error)
    else:
        assert Card.parse(str(card)) is card


@FUZZ
@given(TEXT)
def test_parse_cards_gives_cards_or_a_card_parse_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CardParseError:
        return
    assert parse_cards(" ".join(map(str, cards))) == cards


@FUZZ
@given(TEXT)
def test_parse_move_gives_a_move_that_round_trips_or_an_invalid_move_error(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveError as error:
        assert isinstance(error, ValueError) and str(error)
    else:
        assert parse_move(str(move)) == move


@FUZZ
@given(TEXT)
def test_playing_text_raises_only_makao_errors_and_changes_nothing_when_refused(text: str) -> None:
    game = MID.clone()
    before = (game.hands[0][:], game.hands[1][:], game.stock[:], game.pile[:], game.to_move)
    try:
        game.play(text)
    except MakaoError as error:
        assert isinstance(error, ValueError)
        after = (game.hands[0], game.hands[1], game.stock, game.pile, game.to_move)
        assert after == before


@FUZZ
@given(st.one_of(st.text(max_size=60), st.binary(max_size=40)))
def test_loading_random_text_raises_only_state_error(text: str | bytes) -> None:
    try:
        game_from_json(text)
    except StateError as error:
        assert isinstance(error, ValueError) and str(error)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*prefix, index))
    return found


PATHS = _paths(json.loads(SAVED))[1:]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JSON)
def test_a_save_with_any_value_replaced_loads_or_raises_state_error(
    path: tuple[Any, ...], value: Any
) -> None:
    data = json.loads(SAVED)
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    try:
        loaded = Game.from_json(json.dumps(data))
    except StateError:
        return
    assert loaded.hands == MID.hands and loaded.stock == MID.stock  # an equivalent save


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(SAVED) - 1), st.sampled_from(["", " ", "0", "9", '"', "}", "x"]))
def test_a_save_with_a_character_changed_loads_or_raises_state_error(at: int, char: str) -> None:
    text = SAVED[:at] + char + SAVED[at + 1 :]
    try:
        loaded = Game.from_json(text)
    except StateError:
        return
    assert loaded.hands == MID.hands and loaded.stock == MID.stock
