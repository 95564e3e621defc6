"""The events of the usual plays and draws are made once and shared (`makao._core`): a
shared event is the very event a fresh one would be, and the tables that keep them hold
what they must (PL-8, the usual draw; a play's `CardsPlayed`)."""

from __future__ import annotations

import random

import pytest

from makao import Game, _core, variants
from makao.cards import ALL_CARDS
from makao.events import CardsDrawn, CardsPlayed, Event
from makao.moves import Draw, Move, Play
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


def test_the_kept_plays_hold_their_play_so_no_other_play_takes_its_id() -> None:
    _steps(variants.polish(), 3, 2)
    assert any(_core._PLAYED) and any(map(any, _core._DRAWN))
    for seat, kept in enumerate(_core._PLAYED):
        for key, (play, played) in kept.items():
            assert key == id(play) and played.seat == seat
            assert played == CardsPlayed(seat, play.cards, play.choice)
    for seat, row in enumerate(_core._DRAWN):
        for index, drawn in enumerate(row):
            if drawn is not None:
                assert drawn == CardsDrawn(seat, (ALL_CARDS[index],), "draw", 1)
