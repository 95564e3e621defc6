"""Option strings and option ranges (issue 14): a seat option out of range, a key given
twice."""

from __future__ import annotations

import functools
import math
from typing import Any

import pytest

from makao import variants
from makao.errors import SetupError
from makao.rules import Wild
from makao.sim.spec import describe, parse_bot, parse_options, parse_spec, parse_variant
from makao.variant import Variant
from makao.variants._options import checked_options


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


def test_a_spec_reads_with_spaces_around_its_name_options_and_commas() -> None:
    """Spaces around the name, keys, values and commas, and empty options, are ignored."""
    text = " polish : decks = 2 , , play_for_places = false , "
    assert parse_spec(text) == ("polish", {"decks": "2", "play_for_places": "false"})
    assert parse_variant(text) == variants.polish(decks=2, play_for_places=False)


def test_an_option_with_no_name_is_refused_asking_for_key_value() -> None:
    with pytest.raises(SetupError, match="bad option '=2' in 'polish:=2': write key=value"):
        parse_spec("polish:=2")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        *[(text, True) for text in ("true", "True", "YES", "on", "1")],
        *[(text, False) for text in ("false", "No", "OFF", "0")],
    ],
)
def test_a_boolean_option_reads_each_spelling_in_any_case(text: str, value: bool) -> None:
    variant = parse_variant(f"polish:last_card_effect_applies={text}")
    assert variant.option_dict["last_card_effect_applies"] is value


@pytest.mark.parametrize("text", ["none", "None", "NULL", "null"])
def test_an_option_that_may_be_none_reads_none_and_null(text: str) -> None:
    assert parse_variant(f"polish:decks={text}").option_dict["decks"] is None


def test_ru_18_a_whole_match_limit_stays_a_whole_number() -> None:
    """RU-18: ``match_limit`` (a whole number or a decimal) keeps ``300`` an ``int``."""
    whole = parse_variant("russian:match_limit=300").option_dict["match_limit"]
    assert whole == 300 and type(whole) is int
    assert parse_variant("russian:match_limit=300.5").option_dict["match_limit"] == 300.5
    assert describe(parse_variant("russian:match_limit=300")) == "russian:match_limit=300"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("polish:decks=1_0", "option 'decks' of variant 'polish' expects None or int, not '1_0'"),
        ("polish:decks=\u0662", "expects None or int, not '\u0662'"),
        ("russian:match_limit=1_000.5", "expects float or int, not '1_000.5'"),
        ("russian:match_limit=\uff13\uff10\uff10", "expects float or int"),
    ],
)
def test_a_number_option_is_written_in_plain_ascii_digits(text: str, expected: str) -> None:
    """A number option reads ASCII digits (and a float's ``.``, ``e``, ``inf``) only, as
    move and effect texts do: Python's own ``int()`` took ``1_0`` as 10 and ``\u0662``
    (an Arabic-Indic two) as 2."""
    with pytest.raises(SetupError, match=expected):
        parse_variant(text)
    assert parse_variant("polish:decks=+2").option_dict["decks"] == 2
    assert parse_variant("russian:match_limit=inf").option_dict["match_limit"] == float("inf")


def test_an_untyped_option_takes_the_likeliest_reading() -> None:
    def build(a=0, b=0, c=0, d=0, e=0):  # type: ignore[no-untyped-def]  # the untyped case
        """A factory without type hints."""

    texts = {"a": "3", "b": "none", "c": "Yes", "d": "2.5", "e": "word"}
    typed = parse_options("f", build, texts)
    assert typed == {"a": 3, "b": None, "c": True, "d": 2.5, "e": "word"}
    assert type(typed["a"]) is int


def test_a_factory_whose_hints_cannot_be_read_is_typed_by_its_signature() -> None:
    """A `functools.partial` (no hints to read) still types its options."""

    def build(x: int, y: int) -> None:
        """A factory of two whole numbers."""

    assert parse_options("p", functools.partial(build, x=1), {"y": "2"}) == {"y": 2}


def test_an_unknown_option_of_a_factory_without_options_says_none() -> None:
    with pytest.raises(SetupError, match="unknown option 'foo' for bot 'heuristic'; options: none"):
        parse_bot("heuristic:foo=1")


def test_describe_names_a_custom_variant_by_its_own_name() -> None:
    """A variant named by its user (no factory of that name) is described by its name."""
    mine = variants.polish().without(Wild, name="no-wilds")
    assert describe(mine) == "no-wilds"


def test_um_27_a_choice_option_given_to_the_factory_is_refused_naming_the_variant() -> None:
    """UM-27: a ``Literal`` option (``illegal_play``) outside its choices is refused before
    the factory builds anything, under the variant's name, like every other bad option."""
    with pytest.raises(SetupError, match=r"^bad options for variant 'mao': illegal_play must"):
        variants.mao(illegal_play="nope")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=r"^bad options for variant 'mao': illegal_play must"):
        variants.mao(illegal_play=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [-1, -0.5, -math.inf])
def test_um_6_a_negative_move_time_limit_is_refused_as_0_is(limit: float) -> None:
    """UM-6: ``move_time_limit`` below 0 is refused naming the variant, the option and its
    bound, in the words 0 is refused in. Was: "must be at least 0", untrue of 0."""
    with pytest.raises(
        SetupError,
        match=r"^bad options for variant 'mao': move_time_limit must be more than 0, not -",
    ):
        variants.mao(move_time_limit=limit)


def test_um_6_a_move_time_limit_of_nan_is_refused_as_no_number() -> None:
    """UM-6: a NaN is a float but no time limit: the message asks for a number (it said
    "must be float, not nan", untrue of the value it named)."""
    with pytest.raises(
        SetupError, match=r"^bad options for variant 'mao': move_time_limit must be a number, "
    ):
        variants.mao(move_time_limit=math.nan)


@pytest.mark.parametrize("limit", [0, 0.0])
def test_um_6_a_move_time_limit_of_0_is_refused_naming_the_variant(limit: float) -> None:
    """UM-6: a limit of 0 is refused by the factory itself, in the form of every other bad
    option: the variant, the option and what it must be."""
    with pytest.raises(
        SetupError, match=r"^bad options for variant 'mao': move_time_limit must be more than 0"
    ):
        variants.mao(move_time_limit=limit)


def test_a_spec_whose_name_is_only_spaces_is_refused_as_having_no_name() -> None:
    with pytest.raises(SetupError, match=r"^no name in '   :decks=2'"):
        parse_variant("   :decks=2")


def test_um_27_a_choice_option_is_read_as_written_not_in_another_case() -> None:
    """UM-27: the choices of ``illegal_play`` are words in lower case; ``REJECT`` is none of
    them, refused by the option reader naming the choices."""
    with pytest.raises(SetupError, match=r"expects one of 'reject', 'penalize', not 'REJECT'"):
        parse_variant("mao:illegal_play=REJECT")


def test_an_option_in_the_spec_and_given_as_an_extra_option_is_refused() -> None:
    with pytest.raises(SetupError, match=r"option 'decks' given twice .*as an extra option"):
        parse_variant("polish:decks=2", {"decks": "1"})
    assert describe(parse_variant("polish", {"decks": "2"})) == "polish:decks=2"


def test_an_option_annotated_any_takes_the_likeliest_reading() -> None:
    def build(*, a: Any = 0, b: Any = 0, c: Any = 0) -> None:
        """A factory whose options are typed ``Any``."""

    typed = parse_options("f", build, {"a": "3", "b": "off", "c": "word"})
    assert typed == {"a": 3, "b": False, "c": "word"}


def test_um_27_a_choice_option_is_a_string_not_an_object_equal_to_one() -> None:
    """UM-27: ``illegal_play`` is one of its words: an object that only compares equal to
    every word is refused before the factory builds anything."""

    class EqualToAll:
        def __eq__(self, other: object) -> bool:
            return True

    with pytest.raises(SetupError, match=r"^bad options for variant 'mao': illegal_play must"):
        variants.mao(illegal_play=EqualToAll())  # type: ignore[arg-type]


@checked_options
def refusing(*, size: int = 1) -> Variant:
    """A factory that refuses every size with a plain ``ValueError``."""
    raise ValueError(f"no table of size {size}")


def test_a_factorys_own_value_error_is_a_setup_error_naming_the_variant() -> None:
    """A checked factory's own ``ValueError`` becomes a `SetupError` naming the variant
    (makao.variants._options: "and so does any ValueError or TypeError the factory raises")."""
    with pytest.raises(SetupError, match=r"^bad options for variant 'refusing': no table of"):
        refusing(size=2)


def test_um_25_a_missing_call_penalty_of_0_is_kept() -> None:
    """UM-25: the penalty per missing call is a whole number ≥ 0; 0 (no penalty) is a
    penalty like any other, not refused."""
    assert dict(variants.mao(missing_call_penalty=0).options)["missing_call_penalty"] == 0


def test_um_25_a_missing_call_penalty_that_is_no_whole_number_is_refused_as_int() -> None:
    """UM-25: a penalty of 1.5 is no whole number: the message asks for ``int`` (not "a
    number", which 1.5 is; that wording is for a NaN where a float is wanted)."""
    with pytest.raises(
        SetupError,
        match=r"^bad options for variant 'mao': missing_call_penalty must be int, not 1\.5$",
    ):
        variants.mao(missing_call_penalty=1.5)  # type: ignore[arg-type]


def test_um_6_a_move_time_limit_that_is_text_is_refused_by_its_type() -> None:
    """UM-6: a limit given as text is refused by the option's type (``float``); only a NaN,
    a float already, is asked for as "a number"."""
    with pytest.raises(
        SetupError,
        match=r"^bad options for variant 'mao': move_time_limit must be float, not '6'$",
    ):
        variants.mao(move_time_limit="6")  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [5, 6.5])
def test_um_6_a_whole_or_fractional_move_time_limit_is_kept_as_given(limit: float) -> None:
    """UM-6: a limit that can be written stays as given (only a whole number too long to
    write becomes infinite)."""
    assert dict(variants.mao(move_time_limit=limit).options)["move_time_limit"] == limit
