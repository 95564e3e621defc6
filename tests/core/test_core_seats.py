"""The host-facing, seat-aware queries (PL-29, PL-30, UM-6): legal_moves(seat),
is_legal(move, seat), actor(move); a seat not at the table is a SeatError."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs
import pytest

from makao import (
    Draw,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    MakaoError,
    Play,
    Say,
    SeatError,
    SetupError,
    Stop,
    _core,
    parse_move,
    variants,
)
from makao.cards import Card, Rank, parse_cards
from makao.events import AttackAccepted, AttackRaised, Penalised
from makao.host import Host
from makao.moves import TURN_MOVES, Move, move_seat
from makao.rules import BattleCards, calls
from makao.rules.base import Events, Table, TurnRule

PL = variants.polish()


def forgotten_makao() -> Game:
    """Seat 0 played down to one card without saying "makao": seat 1 may say stop."""
    game = Game.from_position(PL, hands=["5h 6d", "9h Kc 2d", "8c 8d"], pile="5c", stock="3c 4c")
    game.play("5h")
    return game


def test_pl_30_legal_moves_of_a_seat_are_its_turn_moves_and_its_own_actions() -> None:
    game = forgotten_makao()
    assert game.to_move == 1
    everyone = game.legal_moves()
    by_seat = [game.legal_moves(seat) for seat in range(3)]
    assert sorted(map(str, everyone)) == sorted(str(m) for moves in by_seat for m in moves)
    assert Draw() in by_seat[1] and Draw() not in by_seat[0] + by_seat[2]
    assert all(game.actor(move) == 2 for move in by_seat[2])
    assert game.legal_moves_text(2) == [str(move) for move in by_seat[2]]


def test_is_legal_answers_may_this_seat_make_this_move_now() -> None:
    game = forgotten_makao()
    before = game.position_key()
    assert game.is_legal("draw") and game.is_legal("draw", 1)
    assert not game.is_legal("draw", 0) and not game.is_legal("draw", 2)  # not their turn
    assert game.is_legal("9h", 1) and not game.is_legal("8c", 1)  # 8c is not in the hand
    stop = next(move for move in game.legal_moves(2) if isinstance(move, Stop))
    assert game.is_legal(stop, 2) and game.is_legal(str(stop)) and not game.is_legal(stop, 1)
    assert game.position_key() == before  # a question changes nothing


def test_is_legal_takes_a_multi_card_play_in_any_order_of_its_cards() -> None:
    game = Game.from_position(PL, hands=["5h 5d 5c Kc", "9c 9d"], pile="5s", stock="3c 4c")
    listed = [m for m in game.legal_moves(0) if isinstance(m, Play) and len(m.cards) == 3]
    assert listed
    for play in listed:
        reordered = Play(tuple(reversed(play.cards)), play.choice, play.calls)
        assert game.is_legal(reordered, 0)


def test_is_legal_refuses_malformed_input_and_is_false_once_over() -> None:
    game = Game.from_position(PL, hands=["5h", "9c 9d"], pile="5s")
    with pytest.raises(InvalidMoveError):
        game.is_legal("7x")
    with pytest.raises(InvalidMoveError):
        game.is_legal(42)  # type: ignore[arg-type]
    game.play("5h +po-makale")
    assert game.is_over and not game.is_legal("draw") and game.legal_moves(1) == ()


def test_um_6_a_host_report_is_made_by_no_seat() -> None:
    game = Game.new(variants.mao(), 3, seed=1)
    assert game.actor(parse_move("host: timeout 0")) is None
    assert game.actor(parse_move("2: say question")) == 2
    assert game.actor(Draw()) == game.to_move
    assert Host(game).actor(parse_move("host: timeout 0")) is None


def test_um_6_pl_30_actor_reads_a_moves_text_and_refuses_what_is_no_move() -> None:
    """UM-6, PL-30: ``actor`` takes a move's text as `is_legal` does; no move at all, or
    malformed text, is an `InvalidMoveError`, not an `AttributeError`."""
    game = Game.new(variants.mao(), 3, seed=1)
    assert game.actor("host: timeout 0") is None
    assert game.actor("2: say question") == 2
    assert game.actor("draw") == game.to_move
    for bad in (None, 42, ("draw",), b"draw"):
        with pytest.raises(InvalidMoveError, match="not a move"):
            game.actor(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        game.actor("7x")


@pytest.mark.parametrize("seat", [-1, 3, "0", True, 1.5])
def test_a_seat_not_at_the_table_is_a_seat_error(seat: Any) -> None:
    game = forgotten_makao()
    for query in (game.view, game.hand, game.legal_moves, game.legal_moves_text):
        with pytest.raises(SeatError, match="seats are 0…2") as caught:
            query(seat)
        assert isinstance(caught.value, (MakaoError, ValueError, IndexError))
        assert not isinstance(caught.value, IllegalMoveError)  # a question, not a move
    with pytest.raises(SeatError):
        game.is_legal("draw", seat)


def test_a_game_is_built_with_new_or_from_position_only() -> None:
    with pytest.raises(TypeError, match=r"Game\.new"):
        Game()


def test_um_27_a_misplay_that_play_penalises_is_not_legal() -> None:
    game = Game.new(variants.mao(illegal_play="penalize"), 3, seed=1)
    seat = game.to_move
    playable = set(game.playable_cards(seat))
    card = next(card for card in game.hand(seat) if card not in playable)
    assert not game.is_legal(Play((card,)), seat)
    events = game.play(Play((card,)))  # accepted, and charged (UM-27)
    assert any(isinstance(event, Penalised) for event in events)


def test_the_actor_of_a_move_class_of_ones_own_is_its_seat_or_the_seat_to_move() -> None:
    """`actor` tells Play, Draw and Pass by their type; any other move is asked for its
    ``seat`` (a subclass of Play carrying one, a move class without one)."""

    @attrs.frozen
    class SeatedPlay(Play):
        seat: int = 0

    @attrs.frozen
    class Knock(Draw):
        pass

    game = forgotten_makao()
    cards = parse_cards("9h")
    assert game.actor(Play(cards)) == game.actor(Draw()) == game.to_move == 1
    assert game.actor(SeatedPlay(cards, seat=2)) == 2
    assert game.actor(Knock()) == 1
    assert game.actor(parse_move("2: stop 0")) == 2
    assert move_seat(Play(cards)) is move_seat(Knock()) is None
    assert move_seat(SeatedPlay(cards, seat=2)) == 2 == move_seat(parse_move("2: say makao"))
    assert type(Play(cards)) in TURN_MOVES and SeatedPlay not in TURN_MOVES


class _Seat(enum.IntEnum):
    """Seats numbered by a caller's own enum."""

    NORTH = 0
    EAST = 1


def test_pl_29_a_seat_given_as_an_int_enum_is_read_as_its_number() -> None:
    """PL-29: a seat given as an `IntEnum` member is the seat of its number: the view it
    gives names the seat as a plain ``int`` (it used to keep the caller's enum member,
    which then wrote itself as ``_Seat.EAST`` in texts and saves)."""
    game = Game.new(PL, 2, seed=3)
    view = game.view(_Seat.EAST)
    assert view.seat == 1 and type(view.seat) is int
    assert view == game.view(1)
    assert game.hand(_Seat.NORTH) == game.hand(0)


class _Table(enum.IntEnum):
    """Table sizes numbered by a caller's own enum."""

    THREE = 3


class _Count(int):
    """A caller's own integer type (an `int` subclass that is no enum)."""


def test_pl_1_a_table_numbered_by_an_int_enum_is_kept_as_plain_numbers() -> None:
    """PL-1, PL-5: `Game.new` reads a player count, seed or dealer given as an `int`
    subclass as its number, in both builds (the compiled one's fields always did; the
    interpreted game kept the enum member, so that its save wrote ``"players": "2"`` and
    did not load)."""
    game = Game.new(PL, _Table.THREE, seed=_Count(7), dealer=_Seat.EAST)
    assert type(game.players) is int and type(game.view(0).players) is int
    assert game.origin == {"kind": "deal", "players": 3, "seed": 7, "dealer": 1}
    assert all(type(value) is int for value in game.origin.values() if value != "deal")
    assert Game.from_json(game.to_json()) == game == Game.new(PL, 3, seed=7, dealer=1)


def test_pl_29_a_position_numbered_by_an_int_enum_is_kept_as_plain_numbers() -> None:
    """PL-29: `Game.from_position` reads the seat to move, the direction, the finished
    seats, the waits and the seed as plain numbers when given as `int` subclasses, in both
    builds: the game, its origin and its save are those of the plain numbers (the
    interpreted game kept the enum members, so that its save did not load, and an error
    named a seat ``<_Seat.NORTH: 0>`` where the compiled build said ``0``)."""
    hands = ["7h 8h", "", "Kd"]
    plain = Game.from_position(PL, hands, "7c", "Qs", to_move=2, finished=[1], waits=[1, 0, 0])
    game = Game.from_position(
        PL,
        hands,
        "7c",
        "Qs",
        to_move=_Count(2),
        finished=[_Seat.EAST],
        waits=[_Seat.EAST, _Count(0), 0],
        direction=_Count(1),
        seed=_Seat.NORTH,
    )
    assert (type(game.to_move), type(game.direction)) == (int, int)
    assert [type(seat) for seat in (*game.finished, *game.waits)] == [int] * 4
    assert game.origin == plain.origin and game.to_json() == plain.to_json()
    assert Game.from_json(game.to_json()) == game
    with pytest.raises(SetupError, match=r"^finished seat 0 must be a distinct seat"):
        Game.from_position(PL, hands, "7c", finished=[_Seat.NORTH])


@attrs.frozen
class _EnumSeats(TurnRule):
    """A house rule written with a caller's seat enum: after a play the player draws a
    card, and the turn goes to the next seat, both named by `_Seat` members."""

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        game.draw_cards(_Seat(seat), 1, "draw", events)
        game.send_turn_to(_Seat((seat + 1) % game.players))


def test_pl_12_a_seat_a_rule_gives_as_an_int_enum_stays_out_of_other_games_events() -> None:
    """PL-12, PL-8: the engine keeps the events of the usual draws and attacks for every
    later game; a seat a house rule gave a service as an `IntEnum` member (or a `bool`) is
    kept in them as a plain `int`, so that a plain game's events show ``seat=1``, not
    ``<_Seat.EAST: 1>``, and so is the seat it sent the turn to, which becomes the seat to
    move (the compiled build's typed services convert it already)."""
    _core._ATTACK_RAISED.clear()  # the kept events are caches: emptied, they fill again
    for row in _core._DRAWN:
        row[:] = [None] * len(row)
    hands, pile, stock = ["5h 9c", "2h 3c 4c"], "5d", "Kd 9d 10s 9s 8s 7c"
    game = Game.from_position(PL.with_rules(_EnumSeats()), hands, pile, stock)
    for move in ("5h", "2h"):  # seat 1 moves after the rule's send: an attack of 2
        events = game.play(move)
        assert all(type(getattr(event, "seat", 0)) is int for event in events), events
        assert type(game.to_move) is int  # the seat the rule sent the turn to, plain
    plain = Game.from_position(PL, hands, pile, stock="9d Kd")
    plain.play("5h")
    later = plain.play("draw")  # seat 1 draws 9d, as it did above
    plain.play("draw")  # seat 0 draws Kd
    later += plain.play("2h")  # seat 1 attacks seat 0, as above
    kinds = ["CardsDrawn", "CardsPlayed", "AttackRaised"]
    assert [type(event).__name__ for event in later] == kinds
    assert [type(getattr(event, "seat", None)) for event in later] == [int] * 3


def test_pl_29_a_public_seat_given_as_an_int_enum_is_kept_as_a_plain_number() -> None:
    """PL-29, PL-30: a position's public state (who owes a "makao") given with a seat as
    an `IntEnum` member is read as its number, in both builds: its save loads, and the
    late call and "stop" moves the engine keeps for every later game name a plain seat
    (they named ``<_Seat.EAST: 1>`` in a plain game's listing, and the save did not load)."""
    calls._LATE_MOVES.clear()  # a cache of moves: emptied, it fills again
    hands = ["5h 6h", "Kc", "4s 9s"]
    game = Game.from_position(PL, hands, "9h", public=[("makao", _Seat.EAST)])
    assert game.public_state() == (("makao", 1),)
    assert type(game.public_state()[0][1]) is int
    assert Game.from_json(game.to_json()) == game
    late = [move for move in game.legal_moves() if move_seat(move) is not None]
    assert late and all(type(getattr(move, "target", move_seat(move))) is int for move in late)
    plain = Game.from_position(PL, ["9c 8c", "5h 3c", "4s"], "7h", to_move=1)
    plain.play("5h")
    assert [type(move.seat) for move in plain.legal_moves() if isinstance(move, Say)] == [int]


def test_pl_32_services_keep_a_seat_given_as_an_int_enum_as_its_number() -> None:
    """PL-32, PL-12: a house rule's `play_cards` (a jump-in), `swap_hands`,
    `draw_then_maybe_play` and `record_finish` given a `_Seat` member keep the seat to
    move, the events' seats and the finishing order as plain numbers."""
    game = Game.from_position(PL, ["5h 9c", "6h 7c", "8d"], "5d", "Kd Qd")
    events: list[Any] = []
    game.play_cards(_Seat.EAST, Play(parse_cards("6h")), events)
    assert type(game.to_move) is int
    game.swap_hands(_Seat.NORTH, _Seat.EAST, events)  # a sevens swap of a house rule
    game.draw_then_maybe_play(_Seat.NORTH, events)
    assert [type(getattr(event, "seat", 0)) for event in events] == [int] * len(events)
    assert [type(getattr(event, "other", 0)) for event in events] == [int] * len(events)
    game.hands[1] = ()  # emptied, as a house rule giving cards away might
    game.record_finish(_Seat.EAST, events)
    assert game.finished == (1,) and [type(seat) for seat in game.finished] == [int]


def test_pl_29_a_position_origin_keeps_the_seat_to_move_and_direction_as_numbers() -> None:
    """PL-29: the origin of a position given its seat to move and its direction as `int`
    subclasses holds them as plain numbers (its repr shows ``1``, not ``<_Seat.EAST: 1>``),
    as the game itself does."""
    game = Game.from_position(
        PL, ["7h 8h", "Kd", "5s"], "7c", to_move=_Seat.EAST, direction=_Count(-1)
    )
    origin = game.origin
    assert (origin["to_move"], origin["direction"]) == (1, -1)
    assert (type(origin["to_move"]), type(origin["direction"])) == (int, int)
    assert "_Seat" not in repr(origin)


@attrs.frozen
class _SeatsSeen(TurnRule):
    """A house rule that notes the seat to move before a move and the seat an after-play
    hook is given (a class list: rules are frozen)."""

    seen: ClassVar[list[type]] = []

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        self.seen.append(type(game.to_move))

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        self.seen.append(type(seat))


def test_pl_32_a_jump_in_by_an_int_enum_seat_shows_rules_a_plain_seat() -> None:
    """PL-32, PL-12: `play_cards` given a `_Seat` member makes the play with the plain
    seat: the before-move rules see a plain seat to move, the after-play rules are given
    a plain seat (as the compiled build's typed service does)."""
    _SeatsSeen.seen.clear()
    game = Game.from_position(PL.with_rules(_SeatsSeen()), ["5h 9c", "6h 7c", "8d"], "5d", "Kd")
    game.play_cards(_Seat.EAST, Play(parse_cards("6h")), [])
    assert _SeatsSeen.seen == [int, int]


@attrs.frozen
class _BackToOrder(TurnRule):
    """A house rule that sends the turn back to turn order after every play."""

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        game.send_turn_to(None)


def test_pl_12_a_rule_sending_the_turn_to_none_sends_it_back_to_turn_order() -> None:
    """PL-12: `send_turn_to(None)` is the documented "back to turn order" (no seat to
    convert): after seat 0's plain play, seat 1 moves."""
    game = Game.from_position(PL.with_rules(_BackToOrder()), ["5h 9c", "6h 7c", "8d"], "5d", "Kd")
    game.play("5h")
    assert game.to_move == 1 and type(game.to_move) is int


def test_pl_12_pl_13_attack_services_keep_events_of_plain_seats_for_later_games() -> None:
    """PL-12, PL-13: the attack services given a `_Seat` member by a house rule make the
    events they keep for every later game (a miss of the engine's event tables) with the
    plain seat."""
    _core._ATTACK_RAISED.clear()  # the kept events are caches: emptied, they fill again
    _core._ATTACK_ACCEPTED.clear()
    battle = next(rule for rule in PL.rules if isinstance(rule, BattleCards))
    game = Game.from_position(PL, ["5h 9c", "2h 7c", "8d"], "5d", "Kd Qd 9s")
    events: list[Any] = []
    game.raise_attack(battle, _Seat.EAST, tuple(parse_cards("2h")), None, None, events)
    assert game.effect is not None
    game.accept_attack(game.effect, _Seat.NORTH, events)
    assert events[:2] == [AttackRaised(1, 2, 2), AttackAccepted(0, 2)]
    assert [type(event.seat) for event in events[:2]] == [int, int]
    kept: list[Any] = [*_core._ATTACK_RAISED.values(), *_core._ATTACK_ACCEPTED.values()]
    assert kept == events[:2] and all(type(event.seat) is int for event in kept)


def test_pl_12_pl_17_pl_21_effects_a_rule_raises_for_an_int_enum_seat_name_a_plain_seat() -> None:
    """PL-12, PL-17, PL-21: the attack, wait and demand services given a `_Seat` member by
    a house rule put in force an effect naming the plain seat. The rule's table keeps
    that effect for every later game: it named ``<_Seat.EAST: 1>`` in the effect of a
    later plain game (its state, views and pickles), where the compiled build's typed
    services gave ``1``."""
    rules: dict[str, Any] = {type(rule).__name__: rule for rule in PL.rules}
    game = Game.from_position(PL, ["5h 9c", "2h 4c Jc", "8d"], "5d", "Kd Qd 9s")
    raised = [
        (game.raise_attack, rules["BattleCards"], "2h", None),
        (game.raise_wait, rules["WaitCards"], "4c", None),
        (game.demand_rank, rules["RankDemandCards"], "Jc", Rank.SEVEN),
    ]
    for service, rule, cards, choice in raised:
        for name in ("_attacks", "_waits", "_demands"):  # the kept effects: caches
            getattr(rule, name, {}).clear()
        service(rule, _Seat.EAST, tuple(parse_cards(cards)), choice, None, [])
        assert game.effect is not None and "_Seat" not in repr(game.effect)
    later = Game.from_position(PL, ["5h 9c", "2h 4c", "8d"], "2d", "Kd Qd", to_move=1)
    later.play("2h")
    assert repr(later.effect) == "AttackEffect(total=2, seat=1, backwards=False)"


@pytest.mark.parametrize("bad", [1.5, "1"])
def test_pl_12_a_rule_service_refuses_a_seat_that_is_no_integer(bad: Any) -> None:
    """PL-12: a seat a house rule gives a service must be an integer: a float or a text is
    a `TypeError` in both builds (the compiled build's typed services raise one), not
    read as seat 1."""
    game = Game.from_position(PL, ["5h 9c", "6h 7c"], "5d", "Kd Qd")
    with pytest.raises(TypeError):
        game.send_turn_to(bad)
    with pytest.raises(TypeError):
        game.draw_cards(bad, 1, "penalty", [])
    assert game.stock_size == 2 and game.next_seat is None


class _Index:
    """No integer, but with ``__index__`` (as a NumPy integer has)."""

    def __index__(self) -> int:
        return 1


def test_pl_12_pl_18_a_rule_service_refuses_an_object_that_only_has_an_index() -> None:
    """PL-12, PL-18: a seat, a count or a direction a house rule gives a service must be
    an `int` (an `IntEnum` member is one): the compiled build's services, typed `int`,
    refuse an object that only has ``__index__`` with a `TypeError`, and so does the
    interpreted build (it took it as 1; `may_start` took anything, and `draw_cards` a
    reason that is no text), leaving the game as it was."""
    game = Game.from_position(PL, ["5h 9c", "6h 7c"], "5d", "Kd Qd")
    with pytest.raises(TypeError):
        game.send_turn_to(_Index())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.draw_cards(_Index(), 1, "penalty", [])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.add_wait(1, _Index())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.effect_target(0, _Index())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.may_start(_Index(), game.hand(0)[0])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.draw_cards(1, 1, 0, [])  # a reason is a text
    assert game.stock_size == 2 and game.next_seat is None and game.waits == (0, 0)
