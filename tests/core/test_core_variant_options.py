"""Option strings and option ranges (issue 14): a seat option out of range, a key given
twice."""

from __future__ import annotations

import pytest

from makao import variants
from makao.errors import SetupError
from makao.sim.spec import describe, parse_bot, parse_spec, parse_variant


@pytest.mark.parametrize("seat", [99, -5, 17])
def test_um_22_oldest_player_out_of_range_is_refused_naming_the_range(seat: int) -> None:
    with pytest.raises(SetupError, match=rf"oldest_player must be 0…16, not {seat}"):
        variants.mao(oldest_player=seat)
    with pytest.raises(SetupError, match="oldest_player must be 0…16"):
        parse_variant(f"mao:oldest_player={seat}")


@pytest.mark.parametrize("seat", [0, 2, 16])
def test_um_22_oldest_player_in_range_is_kept(seat: int) -> None:
    assert dict(parse_variant(f"mao:oldest_player={seat}").options)["oldest_player"] == seat


@pytest.mark.parametrize(
    "text", ["polish:decks=2,decks=1", "polish:decks=2, decks =2", "mcts:depth=3,depth=4"]
)
def test_an_option_given_twice_is_refused(text: str) -> None:
    with pytest.raises(SetupError, match="given twice"):
        parse_spec(text)
    build = parse_bot if text.startswith("mcts") else parse_variant
    with pytest.raises(SetupError, match="given twice"):
        build(text)


def test_distinct_options_are_all_kept() -> None:
    assert parse_spec("polish:decks=2,hand_size=4") == ("polish", {"decks": "2", "hand_size": "4"})


@pytest.mark.parametrize("choice", ["reject", "penalize"])
def test_um_27_a_choice_option_is_read_from_text_and_written_back(choice: str) -> None:
    """UM-27's ``illegal_play`` (a ``Literal`` of words, as `makao variants` lists it) is
    read from a spec and the command line, and `describe` writes it back readable: it
    was refused ("expects IllegalPlay"), even its default."""
    variant = parse_variant(f"mao:illegal_play={choice}")
    assert dict(variant.options)["illegal_play"] == choice
    assert variant == variants.mao(illegal_play=choice)  # type: ignore[arg-type]
    assert parse_variant(describe(variant)) == variant


def test_um_27_a_choice_option_refuses_another_word_naming_the_choices() -> None:
    with pytest.raises(SetupError, match="expects one of 'reject', 'penalize', not 'warn'"):
        parse_variant("mao:illegal_play=warn")
