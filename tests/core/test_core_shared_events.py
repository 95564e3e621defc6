"""The events of the usual plays and draws are made once and shared (`makao._core`): a
shared event is the very event a fresh one would be, and the tables that keep them hold
what they must (PL-8, the usual draw; a play's `CardsPlayed`). The rules' events are
shared the same way through `makao.events.Interned` tables (PL-12, PL-13, PL-17, PL-18,
PL-21, PL-23, PL-26, PL-28)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from makao import Game, _core, variants
from makao.cards import ALL_CARDS, Card, Rank, Suit
from makao.events import (
    AttackAccepted,
    AttackRaised,
    CardsDrawn,
    CardsPlayed,
    DemandEnded,
    DemandSet,
    Event,
    Interned,
    Passed,
    SuitNamed,
    TurnSkipped,
    WaitAccepted,
    WaitRaised,
    _intern,
)
from makao.moves import _NOT_PLAYED, Draw, Move, Play
from makao.rules import demand, wait
from makao.variant import Variant

VARIANTS = [variants.polish(), variants.russian(), variants.crazy_eights(), variants.mao()]


def _steps(variant: Variant, players: int, games: int) -> list[tuple[int, Move, tuple[Event, ...]]]:
    """(seat to move, move, events) of every action of a few seeded random games."""
    steps: list[tuple[int, Move, tuple[Event, ...]]] = []
    for seed in range(games):
        game = Game.new(variant, players, seed=seed)
        choose = random.Random(seed).choice
        while not game.is_over and len(steps) < 3000 * (seed + 1):
            seat, move = game.to_move, choose(game.legal_moves())
            steps.append((seat, move, game.play(move)))
    return steps


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("players", [3, 4])
def test_shared_events_equal_the_events_made_afresh(variant: Variant, players: int) -> None:
    for seat, move, events in _steps(variant, players, 3):
        for event in events:
            if isinstance(event, CardsPlayed) and type(move) is Play:
                assert type(event) is CardsPlayed
                assert event == CardsPlayed(seat, move.cards, move.choice)
            if isinstance(event, CardsDrawn) and type(move) is Draw and event.reason == "draw":
                assert type(event) is CardsDrawn
                assert event == CardsDrawn(seat, event.cards, "draw", len(event.cards))


def test_a_play_keeps_its_event_per_seat_and_its_copies_keep_nothing() -> None:
    """A played `Play` keeps, per seat that played it, its `CardsPlayed` with its cards,
    choice and calls (its ``_played`` slot, a list by seat); a copy or an unpickled play is
    equal, hashes the same and keeps nothing (the kept events are no part of its value)."""
    steps = _steps(variants.polish(), 3, 2)
    plays = {id(move): move for _, move, _ in steps if type(move) is Play}
    assert plays and any(map(any, _core._DRAWN))
    for play in plays.values():
        assert isinstance(play, Play) and play._played and play._played is not _NOT_PLAYED
        kept = [(seat, entry) for seat, entry in enumerate(play._played) if entry is not None]
        assert kept
        for seat, (played, cards, choice, calls) in kept:
            assert played.seat == seat
            assert played == CardsPlayed(seat, play.cards, play.choice)
            assert (cards, choice, calls) == (play.cards, play.choice, play.calls)
        for again in (copy.copy(play), copy.deepcopy(play), pickle.loads(pickle.dumps(play))):
            assert again == play and hash(again) == hash(play) and again is not play
            assert again._played is _NOT_PLAYED
    assert not any(_NOT_PLAYED)  # the shared list stays empty of events


def test_a_plays_events_by_seat_grow_past_the_seats_of_its_first_game() -> None:
    """A play's list of events by seat is made for the seats of the game that first plays
    it; a game of more seats adds the seats past it, and a seat past the shared list of a
    play not played yet gets a list of its own (the engine's `_played`)."""
    play, other = Play("7h"), Play("8h")
    _core._played(1, play, 2)
    assert len(play._played) == 2 and play._played[0] is None
    _core._played(3, play, 4)
    assert len(play._played) == 4 and play._played[2] is None
    for seat in (1, 3):
        assert play._played[seat] == (CardsPlayed(seat, play.cards, None), play.cards, None, ())
    _core._played(300, other, 2)
    assert len(other._played) == 301 and other._played[300] is not None
    assert not any(_NOT_PLAYED)


def test_a_play_kept_from_a_game_of_fewer_seats_is_played_by_a_seat_past_them() -> None:
    """The engine reads a play's event for a seat past the end of its list (the play was
    played only in games of fewer seats) as not made yet: it makes it (PL-7)."""
    game, choose = Game.new(variants.polish(), 4, seed=5), random.Random(5).choice
    while game.to_move != 3 or not any(type(move) is Play for move in game.legal_moves()):
        game.play(choose(game.legal_moves()))
    play = next(move for move in game.legal_moves() if type(move) is Play)
    twin = game.clone()
    object.__setattr__(play, "_played", [None, None])  # as if kept from a 2-seat game
    events = game.play(play)
    assert events[0] == CardsPlayed(3, play.cards, play.choice)
    assert len(play._played) == 4 and play._played[3] is not None
    assert twin.play(play) == events and twin == game


@pytest.mark.parametrize("seat", [_core._KEPT_SEATS - 1, _core._KEPT_SEATS])
def test_pl_8_pl_36_a_seat_at_or_past_the_kept_ones_draws_and_passes(seat: int) -> None:
    """PL-8, PL-36: the last kept seat and the first seat past them draw and pass alike."""
    hands = ["5c 6c"] * (_core._KEPT_SEATS + 1)
    game = Game.from_position(variants.polish(), hands=hands, pile="7h", stock="9s", to_move=seat)
    assert game.play("draw") == (CardsDrawn(seat, game.hand(seat)[-1:], "draw", 1),)
    assert game.hand(seat)[-1] == Card.parse("9s")
    stuck = Game.from_position(variants.polish(), hands=hands, pile="7h", to_move=seat)
    assert stuck.play("pass") == (Passed(seat),) and stuck.to_move == (seat + 1) % len(hands)


def test_a_copied_play_listed_by_a_rule_is_played_as_the_play_itself() -> None:
    """A listing may hold a play that is a copy (a rule may list any `Play` object): the
    engine plays it as the listed play it is, and keeps its event on it (PL-7)."""
    game = next(
        game
        for game in (Game.new(variants.polish(), 2, seed=seed) for seed in range(50))
        if any(type(move) is Play for move in game.legal_moves())
    )
    twin, seat = game.clone(), game.to_move
    listed = game.legal_moves()
    play = next(move for move in listed if type(move) is Play)
    again = pickle.loads(pickle.dumps(play))
    twin._legal = tuple(again if move is play else move for move in listed)
    assert twin.play(again) == game.play(play)
    assert twin == game and again._played is not _NOT_PLAYED
    assert again._played[seat] == play._played[seat]

    for seat, row in enumerate(_core._DRAWN):
        for index, drawn in enumerate(row):
            if drawn is not None:
                assert drawn == CardsDrawn(seat, (ALL_CARDS[index],), "draw", 1)


def test_an_interned_table_gives_the_event_made_afresh_and_the_same_object_again() -> None:
    table = Interned(AttackRaised)
    event = table[1, 2, 5]
    assert type(event) is AttackRaised and event == AttackRaised(1, 2, 5)
    assert table[1, 2, 5] is event and table[2, 1, 5] == AttackRaised(2, 1, 5)
    assert table[2, 1, 5] is not event and len(table) == 2


def test_an_interned_table_refuses_fields_its_event_does_not_have() -> None:
    with pytest.raises(TypeError):
        Interned(AttackRaised)[1, 2]
    with pytest.raises(TypeError):
        Interned(TurnSkipped)[1, 2]


def test_an_interned_table_starts_again_empty_past_its_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Interned, "LIMIT", 3)
    table = Interned(TurnSkipped)
    first = table[(0,)]
    for seat in range(1, 3):
        table[(seat,)]
    assert len(table) == 3
    assert table[(3,)] == TurnSkipped(3) and len(table) == 1
    assert table[(0,)] is not first and table[(0,)] == first


def test_an_engine_tables_miss_makes_the_event_keeps_it_and_starts_again_past_a_limit() -> None:
    """The engine's own tables are plain dicts that a miss fills as an `Interned` table
    fills itself (`makao.events._intern`)."""
    table: dict[tuple[Any, ...], AttackRaised] = {}
    event = _intern(table, AttackRaised, (1, 2, 5), (), 2)
    assert type(event) is AttackRaised and event == AttackRaised(1, 2, 5)
    assert table == {(1, 2, 5): event}
    _intern(table, AttackRaised, (2, 1, 5), (), 2)
    assert len(table) == 2
    assert _intern(table, AttackRaised, (0, 1, 3), (), 2) == AttackRaised(0, 1, 3)
    assert table == {(0, 1, 3): AttackRaised(0, 1, 3)}


def test_a_demands_end_by_rank_and_by_suit_are_kept_apart() -> None:
    """``Rank.THREE == Suit.SPADES`` as ints: the two kinds of end have a table each."""
    assert int(Rank.THREE) == int(Suit.SPADES)
    by_rank = demand._RANK_ENDED[(Rank.THREE,)]
    by_suit = demand._SUIT_ENDED[(Suit.SPADES,)]
    assert by_rank.what is Rank.THREE and by_suit.what is Suit.SPADES


#: The tables of the built-in rules and the event class each must hold (the engine's own
#: are plain dicts, the rules' `Interned` tables).
_RULE_TABLES: list[tuple[dict[tuple[Any, ...], Any], type[Event]]] = [
    (_core._ATTACK_RAISED, AttackRaised),
    (_core._ATTACK_ACCEPTED, AttackAccepted),
    (_core._WAIT_RAISED, WaitRaised),
    (_core._WAIT_ACCEPTED, WaitAccepted),
    (wait._SKIPPED, TurnSkipped),
    (_core._DEMAND_SET, DemandSet),
    (demand._RANK_ENDED, DemandEnded),
    (demand._SUIT_ENDED, DemandEnded),
    (_core._SUIT_NAMED, SuitNamed),
]


@pytest.mark.parametrize(
    "variant", [variants.polish(), variants.crazy_eights()], ids=lambda v: v.name
)
def test_the_rules_events_are_the_interned_ones_and_equal_fresh_events(variant: Variant) -> None:
    """Every attack, wait, demand and named suit of some random games (PL-12, PL-13, PL-17,
    PL-18, PL-21, PL-23, PL-26, PL-28) is the event its rule's table holds for its fields,
    and equal to the same event made afresh. (Variants whose own rules make some of these
    events, Russian and Mao, make them afresh.)"""
    steps = _steps(variant, 3, 2)
    tables = {kind: [t for t, k in _RULE_TABLES if k is kind] for _, kind in _RULE_TABLES}
    seen = 0
    for _, _, events in steps:
        for event in events:
            kind = type(event)
            if kind not in tables or kind is TurnSkipped:  # the engine's skips are its own
                continue
            assert event == kind(*event)
            assert any(table.get(tuple(event)) is event for table in tables[kind])
            seen += 1
    assert seen > 0
    for table, kind in _RULE_TABLES:
        assert not isinstance(table, Interned) or table.kind is kind
        assert all(type(e) is kind and tuple(e) == key for key, e in table.items())
