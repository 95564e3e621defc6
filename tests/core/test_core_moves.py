"""Moves (`makao.moves`): every text form reads back to the same move, odd text gives the
move or an `InvalidMoveError`, and plays compare, hash, pickle and copy by their value,
a choice with its kind (PL-21 ranks, PL-26 suits, a chosen ``@seat``)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from makao import (
    Card,
    InvalidMoveError,
    Move,
    Play,
    Rank,
    Say,
    Stop,
    Suit,
    parse_cards,
    parse_move,
)
from makao.errors import SetupError
from makao.moves import Draw, Pass, Seat, move_seat, parse_choice, register_move_parser
from makao.variants.mao.moves import HostReport, Misplay

SEVEN = parse_cards("7h")
MOVES: list[Move] = [
    Play(parse_cards("9h 9s 9c")),
    Play(parse_cards("Jc"), Rank.SEVEN),
    Play(parse_cards("Jc"), Rank.TEN, ("makao",)),
    Play(parse_cards("Ah"), Suit.SPADES, ("makao", "po-makale")),
    Play(parse_cards("Ah"), Rank.TWO),
    Play(parse_cards("Ah"), Suit.HEARTS),
    Play(SEVEN, Seat(3)),
    Play(SEVEN, Seat(0), ("stop-makao",)),
    Play(SEVEN, Seat(999_999_999)),
    Play(parse_cards("10d 10s"), None, ("makao", "makao")),
    Draw(),
    Pass(),
    Say(0, "makao"),
    Say(12, "po-makale"),
    Stop(2, 1),
    Stop(0, 999_999_999),
]


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_pl_21_pl_26_every_kind_of_move_reads_back_from_its_text(move: Move) -> None:
    """Every kind of move, with a rank, a suit or a seat chosen and calls, reads back as
    itself: equal, the same hash, the same choice kind and the same text."""
    again = parse_move(str(move))
    assert again == move and hash(again) == hash(move) and str(again) == str(move)
    assert type(getattr(again, "choice", None)) is type(getattr(move, "choice", None))


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_pl_26_every_move_pickles_and_copies_to_an_equal_move(move: Move) -> None:
    """A move pickled or copied is equal to it, hashes the same, and prints the same."""
    for again in (pickle.loads(pickle.dumps(move)), copy.copy(move), copy.deepcopy(move)):
        assert again == move and hash(again) == hash(move) and str(again) == str(move)
        assert type(getattr(again, "choice", None)) is type(getattr(move, "choice", None))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("DRAW", "draw"),
        ("Pass", "pass"),
        ("1: SAY makao", "1: say makao"),
        ("1: STOP 0", "1: stop 0"),
        ("1:\tsay\nmakao", "1: say makao"),
        ("  2 :\n stop\t1 ", "2: stop 1"),
        ("ah:S", "Ah:s"),
        ("Ah:HEARTS", "Ah:h"),
        ("Ah:\u2661", "Ah:h"),
        ("jc:t", "Jc:10"),
        ("jc:q", "Jc:Q"),
        ("7h:@03", "7h:@3"),
        ("1: stop 01", "1: stop 1"),
    ],
)
def test_pl_29_pl_30_odd_but_readable_text_reads_as_the_canonical_move(
    text: str, move: str
) -> None:
    """Keywords in either case, any whitespace (newlines too) around the words, a suit by
    its capital letter, name or white symbol, and leading zeros read as the canonical text."""
    assert parse_move(text) == parse_move(move)
    assert str(parse_move(text)) == move


def test_um_6_a_host_report_reads_in_either_case() -> None:
    """UM-6: the host's keyword, like every keyword, reads in either case."""
    assert (
        parse_move("HOST: timeout 2") == parse_move("Host: timeout 2") == HostReport("timeout", 2)
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1: draw", "unknown action"),
        ("0: pass", "unknown action"),
        ("draw:", "unknown action"),
        ("pass:", "unknown action"),
        ("say: makao", "is said by a seat"),
        ("stop: 1", "is said by a seat"),
        ("2: stop \u0661", "bad seat number"),
        ("2: stop +1", "bad seat number"),
        ("2: stop -1", "bad seat number"),
        ("7h:@x", "bad seat choice"),
        ("7h:@", "bad seat choice"),
        ("7h:@\u0663", "bad seat number"),
        ("5h +", "bad call"),
        ("7h:@ 3", "bad choice in '7h:@ 3': a choice follows ':' with no space"),
        ("7h: s +makao", "bad choice in '7h: s': a choice follows ':' with no space"),
        ("7h:s 8h:d", "only the last card of a play may carry a choice"),
    ],
)
def test_pl_29_pl_30_a_malformed_move_is_refused_naming_what_is_wrong(
    text: str, message: str
) -> None:
    """A turn move with a seat, an action without one, a seat that is no ASCII number, an
    empty call and a choice split from its card by a space (which was said to be a choice on
    a card other than the last) are refused with an `InvalidMoveError` that says so, in a
    short message."""
    with pytest.raises(InvalidMoveError, match=message) as refused:
        parse_move(text)
    assert len(str(refused.value)) < 200


def test_um_6_a_misplay_is_not_written_as_a_seat_prefix() -> None:
    """UM-6: ``misplay 5h`` is the host's word for the player to move; ``misplay: 5h`` is not it."""
    assert parse_move("misplay 5h") == Misplay("5h")
    with pytest.raises(InvalidMoveError, match="misplay"):
        parse_move("misplay: 5h")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Seat(True),
        lambda: Say(True, "makao"),
        lambda: Stop(False, 1),
        lambda: Stop(1, True),
        lambda: Stop(1, -1),
        lambda: Stop(1, 10**9),
        lambda: Stop(1, "2"),  # type: ignore[arg-type]
    ],
)
def test_pl_30_a_seat_is_a_whole_number_not_a_bool(make: Any) -> None:
    """PL-29, PL-30: a seat (the actor's or the target's) is an int 0…999,999,999, never a bool."""
    with pytest.raises(InvalidMoveError, match="seat number"):
        make()


@pytest.mark.parametrize(
    ("cards", "choice", "calls", "message"),
    [
        ((), None, (), "at least one card"),
        ([], None, (), "at least one card"),
        ("", None, (), "at least one card"),
        ("7x", None, (), "unknown card"),
        (["7h"], None, (), "must be Card values"),
        ([SEVEN[0], None], None, (), "must be Card values"),
        (SEVEN, None, "makao", "calls must be a sequence"),
        (SEVEN, None, ("Makao",), "bad call"),
        (SEVEN, 2, (), "a choice is a Rank, a Suit, a Seat or None"),
    ],
)
def test_pl_21_a_bad_play_is_an_invalid_move_error(
    cards: Any, choice: Any, calls: Any, message: str
) -> None:
    """A play of no cards, of texts that are no card, of values that are no `Card`, a call
    given as one string, or a choice of no kind is an `InvalidMoveError` (not a
    `CardParseError`, and never a play whose calls are the letters of a word)."""
    with pytest.raises(InvalidMoveError, match=message) as refused:
        Play(cards, choice, calls)
    assert type(refused.value) is InvalidMoveError


def test_pl_26_a_plays_choice_compares_with_its_kind_in_sets_and_dicts() -> None:
    """PL-26: ``Ah:h`` and ``Ah:2`` (hearts and twos are both 2 as ints) and ``7h:@2`` are
    three moves, in a set as by ``==``."""
    ace = parse_cards("Ah")
    plays = {Play(ace, Suit.HEARTS), Play(ace, Rank.TWO), Play(ace, Seat(2)), Play(ace)}
    assert len(plays) == 4
    assert {str(play) for play in plays} == {"Ah:h", "Ah:2", "Ah:@2", "Ah"}


def test_pl_30_move_seat_is_the_out_of_turn_actions_seat_only() -> None:
    assert [move_seat(move) for move in MOVES[-6:]] == [None, None, 0, 12, 2, 0]
    assert {move_seat(move) for move in MOVES[:-4]} == {None}


@pytest.mark.parametrize("bad", [5, b"h", ["h"], Suit.HEARTS])
def test_parse_choice_refuses_what_is_no_text(bad: Any) -> None:
    """A choice is read from text (``None`` is no choice); anything else was an
    AttributeError or a TypeError."""
    assert parse_choice(None) is None  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="a choice is text"):
        parse_choice(bad)


@pytest.mark.parametrize(
    ("keyword", "parser", "message"),
    [
        ("Knock", lambda seat, words: Draw(), "lowercase letters, like 'jump', not 'Knock'"),
        ("", lambda seat, words: Draw(), "lowercase letters"),
        ("5h", lambda seat, words: Draw(), "lowercase letters"),
        ("as", lambda seat, words: Draw(), "a draw, a pass or a card"),
        ("draw", lambda seat, words: Draw(), "a draw, a pass or a card"),
        ("say", lambda seat, words: Draw(), "one of makao's own moves"),
        ("knock", 5, "is a function, not 5"),
    ],
)
def test_a_move_keyword_that_could_never_be_read_or_takes_a_built_in_one_is_refused(
    keyword: str, parser: object, message: str
) -> None:
    """`register_move_parser` refuses, with a `SetupError`, a keyword that `parse_move`
    would never reach (an uppercase word: moves are read lowercased), one that would take
    the plays of a card (``as``), a draw, or makao's own ``say`` (every Polish save's
    calls), and a parser that is not callable. They were taken silently."""
    with pytest.raises(SetupError, match=message):
        register_move_parser(keyword, parser)  # type: ignore[arg-type]
    assert parse_move("1: say makao") == Say(1, "makao") and parse_move("as") == Play(
        (Card.parse("as"),)
    )


def test_a_parser_that_gives_no_move_is_an_invalid_move() -> None:
    """A parser that returns anything but a `Move` is an `InvalidMoveError` naming the
    keyword (its result was returned as the move, and `Game.play` called it illegal)."""
    register_move_parser("nomove", lambda seat, words: "knock")  # type: ignore[arg-type,return-value]
    with pytest.raises(InvalidMoveError, match=r"the parser of 'nomove' moves read .* not a Move"):
        parse_move("1: nomove")


@pytest.mark.parametrize("keyword", ["pass", "knock\n"])
def test_a_pass_or_a_keyword_with_a_line_break_is_refused(keyword: str) -> None:
    """``pass`` is a built-in move, and a keyword is a word of letters alone: ``knock`` and
    a line break is never read (`parse_move` splits the text into words) and is a
    `SetupError` (``re.match``'s ``$`` took the line break)."""
    from makao import moves

    try:
        with pytest.raises(SetupError, match="keyword"):
            register_move_parser(keyword, lambda seat, words: Draw())
    finally:
        if keyword != "pass":
            moves._PARSERS.pop(keyword, None)
        else:
            assert parse_move("pass") == Pass()


def _first_knock(seat: int | None, words: list[str]) -> Move:
    return Draw()


def _second_knock(seat: int | None, words: list[str]) -> Move:
    return Pass()


@pytest.mark.parametrize("module", [__name__, "makaofans"])
def test_a_keyword_of_ones_own_registered_again_takes_the_new_parser(module: str) -> None:
    """A keyword registered again takes the new parser, for a module of one's own (one
    whose name merely starts with ``makao`` too): only makao's own keywords are kept."""
    from makao import moves

    _first_knock.__module__ = module
    try:
        register_move_parser("knockagain", _first_knock)
        register_move_parser("knockagain", _second_knock)
        assert parse_move("knockagain") == Pass()
    finally:
        _first_knock.__module__ = __name__
        moves._PARSERS.pop("knockagain", None)


def test_makaos_own_parser_registered_again_is_taken() -> None:
    """makao's own keyword may be registered again with its own parser (a module reloaded
    registers its moves again): it is taken, and reads the moves as before."""
    from makao import moves

    register_move_parser("say", moves._PARSERS["say"])
    assert parse_move("1: say makao") == Say(1, "makao")
