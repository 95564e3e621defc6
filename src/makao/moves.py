"""Moves and their text notation.

Turn moves are made by the seat to move and carry no seat: ``Play`` (``"9h 9s 9c"``,
``"Jc:7"`` -- a jack demanding sevens, ``"Ah:s"`` -- an ace naming spades, ``"5h +makao"``
-- a play with a call), ``Draw`` (``"draw"``) and ``Pass`` (``"pass"``). Actions that any seat
may take out of turn name their seat: ``Say`` (``"1: say makao"``) and ``Stop``
(``"2: stop 1"`` -- seat 2 calls "stop makao" on seat 1). Variants may register more kinds
with [`register_move_parser`][makao.moves.register_move_parser].

``parse_move(str(m)) == m`` for every move ``m``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, NoReturn, cast

import attrs

from makao._text import MAX_ITEMS, shown, taken
from makao.cards import Card, Rank, Suit, parse_cards
from makao.errors import CardParseError, InvalidMoveError, SetupError

__all__ = [
    "TURN_MOVES",
    "Choice",
    "Draw",
    "Move",
    "Pass",
    "Play",
    "Say",
    "Seat",
    "Stop",
    "format_choice",
    "move_seat",
    "parse_choice",
    "parse_move",
    "register_move_parser",
]


def _check_seat(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _MAX_SEAT:
        raise InvalidMoveError(
            f"{attribute.name} must be a seat number ≥ 0, not {shown(value, 200)}"
        )


@attrs.frozen(order=True)
class Seat:
    """A seat chosen with a play, written ``@2`` (a seven that swaps hands with seat 2:
    ``7h:@2``). The ``@`` keeps it apart from a demanded rank (``Jc:7``)."""

    seat: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return f"@{self.seat}"


Choice = Rank | Suit | Seat | None
"""A follow-up choice made with a play: a demanded rank (jack), a named suit (ace), a
chosen seat ([`Seat`][makao.moves.Seat]), or none."""

_CALL_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
#: The largest seat number the notation reads (nine digits), so that ``str`` round-trips.
_MAX_SEAT = 999_999_999


def _calls(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise InvalidMoveError(f"calls must be a sequence of call names, not {shown(value, 200)}")
    calls: tuple[str, ...] | None = (
        value if type(value) is tuple else taken(cast("Iterable[str]", value))
    )  # a tuple is not copied; any other iterable is read to a bound (an endless one)
    if calls is None:
        raise InvalidMoveError(f"a play has at most {MAX_ITEMS:,} calls (an endless iterable?)")
    for call in calls:
        if not isinstance(call, str) or not _CALL_RE.match(call):
            raise InvalidMoveError(
                f"bad call {shown(call, 200)}: calls are lower-case words joined by '-', like "
                "'makao'"
            )
    return tuple(sorted(calls))


def _check_call(value: object) -> None:
    _calls((value,))


class Move:
    """Base class of every move: turn moves and out-of-turn actions alike."""

    # What the engine keeps per move object, no part of the move's value (no field: not
    # compared, hashed, shown or saved): a `Play`'s event per seat (`makao._core`).
    __slots__ = ("_played",)

    _played: list[tuple[Any, ...] | None]

    by_host: ClassVar[bool] = False
    """Whether the host, not a seat, makes moves of this type (a report such as
    ``"host: timeout 2"``, UM-6, whose ``seat`` is the seat reported on); see
    [`Game.actor`][makao.engine.Game.actor]."""


def _cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except CardParseError as error:
            raise InvalidMoveError(str(error)) from None
    if not hasattr(value, "__iter__"):
        raise InvalidMoveError(f"a play needs cards, not {shown(value, 200)}")
    cards: tuple[Card, ...] | None = (
        value if type(value) is tuple else taken(cast("Iterable[Card]", value))
    )  # a tuple is not copied; any other iterable is read to a bound (an endless one)
    if cards is None:
        raise InvalidMoveError(f"a play has at most {MAX_ITEMS:,} cards (an endless iterable?)")
    for card in cards:  # an inline loop, not all(…): this runs for every listed play made
        if not isinstance(card, Card):
            raise InvalidMoveError(f"a play's cards must be Card values, not {shown(cards, 200)}")
    return cards


def _choice_key(choice: Choice) -> tuple[type, Choice]:
    """A play's choice as plays compare and hash it: with its type, for ``Suit.SPADES`` and
    ``Rank.THREE`` are equal as ints, and ``Ah:3`` is no ``Ah:s`` (PL-26)."""
    return (type(choice), choice)


@attrs.frozen(cache_hash=True)
class Play(Move):
    """Play one or more cards of one rank, with an optional choice and calls.

    ``cards`` are in the order played: the last one becomes the top card. ``choice`` is the
    demanded rank of a jack or the suit named with an ace (or ``None``). ``calls`` are the
    words said with the move (``"makao"``, ``"po-makale"``), kept sorted. Two plays are
    equal when their cards, calls and choices are, a choice of the same kind: a suit is
    never equal to the rank of the same number.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    choice: Choice = attrs.field(default=None, eq=_choice_key)
    calls: tuple[str, ...] = attrs.field(default=(), converter=_calls)

    def __attrs_post_init__(self) -> None:
        if not self.cards:
            raise InvalidMoveError("a play needs at least one card")
        _check_choice(self.choice)
        _set_played(self, _NOT_PLAYED)

    def __getstate__(self) -> dict[str, object]:
        """The play's fields, as attrs gives them (what the engine keeps on it is no part
        of its value, and is not saved)."""
        return {"cards": self.cards, "choice": self.choice, "calls": self.calls}

    def __setstate__(self, state: dict[str, object]) -> None:
        """The fields of `__getstate__` back (a copy, or an unpickled play), with an
        empty hash cache and nothing kept."""
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_attrs_cached_hash", None)
        _set_played(self, _NOT_PLAYED)

    def __str__(self) -> str:
        text = " ".join(str(card) for card in self.cards)
        if self.choice is not None:
            text += ":" + format_choice(self.choice)
        return text + "".join(f" +{call}" for call in self.calls)


_set_played: Final = Move.__dict__["_played"].__set__
#: A new play's ``_played``: one list of ``None`` per seat, shared by every play not
#: played yet and never changed (the engine gives a play a list of its own when it is
#: first played); a seat past its end has no entry either.
_NOT_PLAYED: Final[list[tuple[Any, ...] | None]] = [None] * 256

#: The types a play's choice has (a set lookup first: `_check_choice` runs for every play
#: made, and `makao._movegen._listed_play` tests it before calling that).
_CHOICE_TYPES = frozenset({type(None), Rank, Suit, Seat})


def _check_choice(choice: object) -> None:
    """Refuse a play's ``choice`` unless it is a Rank, a Suit, a Seat or None."""
    if type(choice) not in _CHOICE_TYPES and not isinstance(choice, (Rank, Suit, Seat)):
        raise InvalidMoveError(
            f"a choice is a Rank, a Suit, a Seat or None, not {shown(choice, 200)}"
        )


@attrs.frozen
class Draw(Move):
    """Draw from the stock (or, under an attack, accept it and draw the penalty)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass(Move):
    """End the turn without playing (after a draw, or accepting a wait)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Say(Move):
    """Seat ``seat`` says ``call`` out of turn (e.g. a late ``makao``, PL-29)."""

    seat: int = attrs.field(validator=_check_seat)
    call: str = attrs.field(validator=lambda _, __, value: _check_call(value))

    def __str__(self) -> str:
        return f"{self.seat}: say {self.call}"


@attrs.frozen
class Stop(Move):
    """Seat ``seat`` calls "stop makao" on seat ``target`` (PL-30)."""

    seat: int = attrs.field(validator=_check_seat)
    target: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return f"{self.seat}: stop {self.target}"


TURN_MOVES: Final = frozenset({Play, Draw, Pass})
"""The turn moves' own classes: moves of these types carry no seat (`move_seat`)."""


def move_seat(move: Move) -> int | None:
    """The seat an out-of-turn action names (its ``seat``), or ``None`` for a turn move,
    which carries none (a move of a class of one's own may carry a seat too).

    ``Play``, ``Draw`` and ``Pass`` are told by their type first (`TURN_MOVES`): in the
    compiled build, ``getattr`` with a default raises and clears an ``AttributeError``
    (some 3,600 instructions) for every move without the attribute, so the compiled
    modules test ``type(move) in TURN_MOVES`` inline before they ask."""
    if type(move) in TURN_MOVES:
        return None
    seat: object = getattr(move, "seat", None)
    return None if seat is None else int(seat)  # type: ignore[call-overload]  # an int


_DRAW = Draw()
_PASS = Pass()
_SEAT_RE = re.compile(r"^\s*([^\s:]+)\s*:\s*(.*)$", re.DOTALL)
_NUMBER_RE = re.compile(r"^[-+]?\d+$")
_KEYWORD_RE = re.compile(r"^[a-zA-Z]+$")
_PARSERS: dict[str, Callable[[int | None, list[str]], Move]] = {}


def register_move_parser(keyword: str, parser: Callable[[int | None, list[str]], Move]) -> None:
    """Teach [`parse_move`][makao.moves.parse_move] a new move kind that starts with ``keyword``.

    ``parser(seat, words)`` gets the seat prefix (or ``None``) and the words after the
    keyword, and returns the move or raises [`InvalidMoveError`][makao.errors.InvalidMoveError].
    The keyword is a word of lowercase ASCII letters (moves are read with their keyword
    lowercased), not ``draw``, ``pass``, a card's text nor a keyword of makao's own moves
    (``say``, ``stop``, Mao's ``release`` …), and ``parser`` is callable: else a
    [`SetupError`][makao.errors.SetupError]. A keyword registered again takes the new
    parser. A parser that gives anything but a `Move` is an `InvalidMoveError` when a
    move is read.
    """
    if not (isinstance(keyword, str) and _KEYWORD_RE.fullmatch(keyword) and keyword.islower()):
        raise SetupError(
            f"a move's keyword is a word of lowercase letters, like 'jump', "
            f"not {shown(keyword, 40)}"
        )
    if keyword in ("draw", "pass") or _is_card(keyword):
        raise SetupError(f"{shown(keyword)} is a draw, a pass or a card: not a move's keyword")
    if not callable(parser):
        raise SetupError(
            f"the parser of {shown(keyword)} moves is a function, not {shown(parser, 40)}"
        )
    taken = _PARSERS.get(keyword)
    if taken is not None and _is_makaos(taken) and _name_of(taken) != _name_of(parser):
        raise SetupError(
            f"{shown(keyword)} is the keyword of one of makao's own moves: choose another "
            "for a move of your own"
        )
    _PARSERS[keyword] = parser


def _name_of(parser: object) -> tuple[object, object]:
    """Where a parser comes from: its module and name (the same again after a reload)."""
    return getattr(parser, "__module__", None), getattr(parser, "__qualname__", None)


def _is_makaos(parser: object) -> bool:
    """Whether ``parser`` is one of makao's own (its module is makao's)."""
    module = _name_of(parser)[0]
    return isinstance(module, str) and (module == "makao" or module.startswith("makao."))


def format_choice(choice: Choice) -> str:
    """Write a choice as in the notation: a rank (``7``, ``Q``) or a suit letter (``h``)."""
    if isinstance(choice, Suit):
        return choice.letter
    if isinstance(choice, Rank):
        return choice.text
    if isinstance(choice, Seat):
        return str(choice)
    return ""


def parse_choice(text: str) -> Choice:
    """Read a choice: a suit letter or symbol names a suit, a rank text a rank; anything
    but text (or ``None``, no choice) is an `InvalidMoveError`."""
    if text is not None and not isinstance(text, str):
        raise InvalidMoveError(f"a choice is text, not {shown(text, 60)}")
    if not text or text == "-":
        return None
    if text.startswith("@"):
        if not _NUMBER_RE.match(text[1:]):
            raise InvalidMoveError(
                f"bad seat choice {shown(text[:20], 200)}: expected '@' and a seat"
            )
        return Seat(_seat_number(text[1:]))
    try:
        return Suit.parse(text)
    except CardParseError:
        pass
    try:
        return Rank.parse(text)
    except CardParseError:
        raise InvalidMoveError(
            f"bad choice {shown(text, 200)}: expected a rank (5…10) or a suit (c d h s)"
        ) from None


def _parse_seat(text: str) -> tuple[int | None, str]:
    match = _SEAT_RE.match(text)
    if not match:
        return None, text.strip()
    seat_text, body = match.groups()
    if _NUMBER_RE.match(seat_text):
        return _seat_number(seat_text), body.strip()  # refuses "-1", "١", "+2"
    if _is_card(seat_text) or not _KEYWORD_RE.match(seat_text):
        return None, text.strip()  # a play with a choice, like "ah:s" or "Jc:7"
    return -1, f"{seat_text} {body.strip()}"  # e.g. "host: timeout 2"


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except CardParseError:
        return False
    return True


def _seat_number(text: str) -> int:
    """Read a seat number: ASCII digits, at most nine of them."""
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise InvalidMoveError(
            f"bad seat number {shown(text[:20], 200)}: expected a number like 0, 1, 2"
        )
    return int(text)


def _parse_play(words: list[str]) -> Play:
    calls = [word[1:] for word in words if word.startswith("+")]
    card_words = [word for word in words if not word.startswith("+")]
    if not card_words:
        raise InvalidMoveError("a play needs at least one card")
    last, _, choice_text = card_words[-1].partition(":")
    if any(":" in word for word in card_words[:-1]):
        _refuse_early_choice(card_words)
    try:
        cards = parse_cards([*card_words[:-1], last])
    except CardParseError as error:
        raise InvalidMoveError(str(error)) from None
    return Play(cards, parse_choice(choice_text), tuple(calls))


def _refuse_early_choice(card_words: list[str]) -> NoReturn:
    """Refuse a play whose choice (':') is not on its last card, telling a choice split by a
    space (``7h:@ 2``, ``7h: s``) from a choice on a card that other cards follow."""
    first = next(index for index, word in enumerate(card_words) if ":" in word)
    rest = card_words[first + 1 :]
    if all(_is_card(word.partition(":")[0]) for word in rest):
        raise InvalidMoveError("only the last card of a play may carry a choice (':')")
    written = shown(" ".join(card_words[first : first + 2]), 40)
    raise InvalidMoveError(
        f"bad choice in {written}: a choice follows ':' with no space, like '7h:s' or '7h:@2'"
    )


def _need_seat(seat: int | None, keyword: str) -> int:
    if seat is None or seat < 0:
        raise InvalidMoveError(f"'{keyword}' is said by a seat: write it like '1: {keyword} …'")
    return seat


def _parse_say(seat: int | None, words: list[str]) -> Say:
    if len(words) != 1:
        raise InvalidMoveError("'say' takes one call, like '1: say makao'")
    return Say(_need_seat(seat, "say"), words[0])


def _parse_stop(seat: int | None, words: list[str]) -> Stop:
    if len(words) != 1:
        raise InvalidMoveError("'stop' names the seat it is called on, like '2: stop 1'")
    return Stop(_need_seat(seat, "stop"), _seat_number(words[0]))


register_move_parser("say", _parse_say)
register_move_parser("stop", _parse_stop)


def parse_move(text: str) -> Move:
    """Read a move from its text notation; raise [`InvalidMoveError`][makao.errors.InvalidMoveError]
    if malformed."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move's text must be a string, not {type(text).__name__}")
    seat, body = _parse_seat(text)
    words = body.split()
    if not words:
        raise InvalidMoveError(f"empty move {shown(text, 200)}")
    keyword = words[0].lower()
    if seat is None and keyword in ("draw", "pass") and len(words) == 1:
        return _DRAW if keyword == "draw" else _PASS
    parser = _PARSERS.get(keyword)
    if parser is not None:
        try:
            move = parser(seat, words[1:])
        except InvalidMoveError:
            raise
        except (ValueError, TypeError, LookupError, ArithmeticError) as error:
            raise InvalidMoveError(
                f"bad {shown(keyword, 200)} move {shown(text[:40], 200)}: {error}"
            ) from None
        if not isinstance(move, Move):
            raise InvalidMoveError(
                f"the parser of {shown(keyword, 40)} moves read {shown(text[:40], 200)} as "
                f"{shown(move, 60)}, not a Move"
            )
        return move
    if seat is not None:
        raise InvalidMoveError(f"unknown action {shown(keyword, 200)} in {shown(text, 200)}")
    return _parse_play(words)
