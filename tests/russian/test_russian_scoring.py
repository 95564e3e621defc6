"""The Russian point table (RU-2) and the scoring of a deal's hands (RU-16)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from makao import ALL_CARDS, Card, CardParseError, Game, Outcome, Rank, SetupError, variants
from makao.variants.russian.rules import DealEnd
from makao.variants.russian.scoring import (
    RUSSIAN_POINTS,
    Points,
    deal_scores,
    hand_points,
    point_table,
)

EXPECTED = {
    "A": 50,
    "9": 40,
    "3": 30,
    "2": 20,
    "10": 10,
    "J": 10,
    "Q": 10,
    "4": 5,
    "5": 5,
    "6": 5,
    "7": 5,
    "8": 5,
}


@pytest.mark.parametrize(("rank", "points"), sorted(EXPECTED.items()))
def test_ru_2_points_per_rank(rank: str, points: int) -> None:
    for suit in "cdhs":
        assert hand_points(rank + suit) == points


def test_ru_2_the_king_of_hearts_is_worth_50_the_other_kings_10() -> None:
    assert hand_points("Kh") == 50
    assert [hand_points(king) for king in ("Ks", "Kc", "Kd")] == [10, 10, 10]


def test_ru_2_the_table_covers_every_card_and_is_read_only() -> None:
    assert set(RUSSIAN_POINTS) == set(ALL_CARDS)
    with pytest.raises(TypeError):
        RUSSIAN_POINTS[Card.parse("2c")] = 0  # type: ignore[index]


def test_ru_2_the_point_table_has_no_entry_but_for_cards() -> None:
    """RU-2: the table maps cards; a key that is not a card is missing (a KeyError)."""
    assert "Ah" not in RUSSIAN_POINTS  # type: ignore[comparison-overlap]
    assert RUSSIAN_POINTS.get("Ah") is None  # type: ignore[call-overload]
    with pytest.raises(KeyError):
        RUSSIAN_POINTS["Ah"]  # type: ignore[index]
    assert RUSSIAN_POINTS[Card.parse("Ah")] == 50


def test_ru_2_a_hand_is_the_sum_of_its_cards() -> None:
    assert hand_points("Ah Kh 9c 3d 2s 10h 5c") == 205
    assert hand_points([Card.parse("9c"), Card.parse("9c")]) == 80  # two decks
    assert hand_points("") == 0


def test_ru_2_a_custom_table() -> None:
    table = point_table({Rank.ACE: 11}, {"Qs": 13})
    assert hand_points("Ah Qs 5d", table) == 24


def test_ru_16_a_deal_scores_each_remaining_hand_the_winner_zero() -> None:
    game = Game.from_position(
        variants.russian(), hands=["5h", "Ah 9d", "Kh 3c 4c"], pile="7h", stock="Jd"
    )
    game.play("5h")
    assert game.is_over
    assert deal_scores(game) == (0, 90, 85)


def test_ru_16_a_finished_deal_reports_the_points_left_in_each_hand() -> None:
    game = Game.from_position(
        variants.get("russian"), hands=["5h", "Ah 9c", "Kh 2s 10d"], pile="7h", stock="6c 6d"
    )
    assert game.scores is None  # not over yet
    game.play("5h")
    assert game.is_over
    assert game.scores == (0, 50 + 40, 50 + 20 + 10)


def test_ru_16_a_deal_is_scored_with_the_deal_end_rules_point_table() -> None:
    """RU-16: ``Game.scores`` uses the ``points`` table of the variant's ``DealEnd`` rule."""
    table = point_table({Rank.ACE: 1, Rank.NINE: 2})
    variant = variants.russian().replace(
        DealEnd, DealEnd(points=table, ids=("RU-15", "RU-16", "RU-18"))
    )
    game = Game.from_position(variant, hands=["5h", "Ah 9d", "9c"], pile="7h", stock="Jd")
    game.play("5h")
    assert game.is_over and game.scores == (0, 3, 2)


def test_pl_34_the_basic_polish_game_scores_nothing() -> None:
    """PL-34: the basic polish game scores nothing."""
    game = Game.from_position(variants.polish(), hands=["5h", "9c 8c"], pile="7h", stock="6c")
    game.play("5h +po-makale")
    assert game.is_over and game.outcome == Outcome((0, 1)) and game.scores is None


def test_ru_2_a_points_table_scores_a_card_it_does_not_list_as_zero() -> None:
    """RU-2: ``Points`` holds one value per card; a card its mapping leaves out costs 0."""
    table = Points({Card.parse("Ah"): 7})
    assert table[Card.parse("Ah")] == 7
    assert table[Card.parse("5c")] == 0
    assert hand_points("Ah 5c Kh", table) == 7


def test_ru_2_the_point_table_has_one_entry_per_card_of_the_52() -> None:
    assert len(RUSSIAN_POINTS) == 52
    assert len(point_table({})) == len(ALL_CARDS)


def test_ru_2_a_point_table_shows_each_cards_points() -> None:
    text = repr(point_table({Rank.ACE: 11}, {"Kh": 50}))
    assert text.startswith("Points({'2c': 0, ")
    assert "'Ah': 11" in text and "'Kh': 50" in text and "'Ks': 0" in text


@pytest.mark.parametrize(
    "build",
    [
        lambda: point_table({Rank.ACE: "x"}),  # type: ignore[dict-item]
        lambda: point_table({Rank.ACE: 1.5}),  # type: ignore[dict-item]
        lambda: point_table({Rank.ACE: True}),
        lambda: point_table({}, {"Ah": None}),  # type: ignore[dict-item]
        lambda: Points({5: 50}),  # type: ignore[arg-type]
        lambda: Points(["Ah"]),  # type: ignore[arg-type]
        lambda: DealEnd(points={Rank.KING: 50}),  # type: ignore[arg-type]
    ],
)
def test_ru_2_a_bad_point_table_is_refused_with_a_setup_error(build: Callable[[], object]) -> None:
    """RU-2: a point table maps cards to whole numbers; anything else is a ``SetupError``,
    not a bare ``ValueError`` (``"x"``), a silently truncated value (1.5) or a key that is
    silently ignored (a rank or a number instead of a card)."""
    with pytest.raises(SetupError):
        build()


@pytest.mark.parametrize(
    ("key", "shown_as"),
    [
        ("x", "'x'"),
        ("A", "'A'"),
        (1, "1"),
        (15, "15"),
        (True, "True"),
        (14.0, "14.0"),
        (None, "None"),
    ],
)
def test_ru_2_point_table_refuses_a_key_that_is_no_rank(key: object, shown_as: str) -> None:
    """RU-2: ``ranks`` maps ranks to points; a key that is no rank was silently ignored
    (``{"A": 50}`` scored every ace 0; ``{14.0: 50}`` was read as the ace)."""
    with pytest.raises(SetupError, match=f"ranks must be ranks 2…14 .*, not {shown_as}$"):
        point_table({key: 1})  # type: ignore[dict-item]


def test_ru_2_point_table_takes_a_ranks_number() -> None:
    """RU-2: a rank's number is the rank (``Rank`` is an ``IntEnum``), as before."""
    assert point_table({14: 50}) == point_table({Rank.ACE: 50})  # type: ignore[dict-item]


def test_ru_2_a_point_table_reads_a_cards_text() -> None:
    """RU-2: a key may be a card's text, as a rule's cards may (``"Kh"`` was silently
    ignored: that card scored 0); a bad text is a `CardParseError`."""
    assert Points({"Ah": 50}) == Points({Card.parse("Ah"): 50})
    assert DealEnd(points={"Kh": 50}).points[Card.parse("Kh")] == 50
    with pytest.raises(CardParseError):
        Points({"Zz": 1})


@pytest.mark.parametrize(
    ("ranks", "cards", "message"),
    [
        (None, None, "ranks must map ranks to points"),
        (5, None, "ranks must map ranks to points"),
        ([(14, 50)], None, "ranks must map ranks to points"),
        ({}, 5, "cards must map cards to points"),
        ({}, ["Kh"], "cards must map cards to points"),
    ],
)
def test_ru_2_point_table_refuses_what_is_no_mapping(ranks: Any, cards: Any, message: str) -> None:
    """RU-2: a point table is built from mappings; anything else was an AttributeError."""
    with pytest.raises(SetupError, match=message):
        point_table(ranks, cards)
