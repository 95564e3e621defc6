"""A seat's view (`Game.view`): each field is the game's public fact it names, for every
variant, and nothing hidden (the conformance suite, `makao.testing`, checks the hiding)."""

from __future__ import annotations

import random

import pytest

from makao import Card, Game, variants
from makao.view import View

POLISH = variants.polish()


def _check_fields(game: Game) -> None:
    for seat in range(game.players):
        view = game.view(seat)
        assert isinstance(view, View)
        assert view.variant is game.variant and view.seat == seat
        assert view.players == game.players
        assert view.hand == game.hand(seat)
        assert view.pile == tuple(game.pile) and view.top == game.top
        assert view.hand_sizes == tuple(len(game.hand(s)) for s in range(game.players))
        assert view.stock_size == game.stock_size and view.to_move == game.to_move
        assert view.effect == game.effect and view.pending == game.pending
        assert view.waits == tuple(game.waits) and view.finished == tuple(game.finished)
        assert view.direction == game.direction
        assert view.drawn == (game.drawn if seat == game.to_move else None)
        assert view.public == game.public_state()
        assert view.is_over is game.is_over


@pytest.mark.parametrize("name", variants.names())
def test_pl_32_every_field_of_a_view_is_the_games_fact_in_every_variant(name: str) -> None:
    """Each field of every seat's view, after every move of a seeded game to its end (or
    200 moves): hand, pile and top (PL-4), sizes, effect, waits (PL-18), places (PL-32),
    direction, the drawn card (the mover's only, PL-8), public rule state, the end."""
    players = 4 if name == "mao" else 3
    game = Game.new(variants.get(name), players, seed=3)
    rng = random.Random(3)
    _check_fields(game)
    for _ in range(200):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
        _check_fields(game)


def test_pl_18_pl_32_a_view_tells_waits_places_and_direction_apart() -> None:
    """A position where the waits (PL-18), the finished seats (PL-32) and the direction
    all differ from their defaults: each is shown in its own field."""
    game = Game.from_position(
        POLISH,
        hands=["5h 6h", "", "9h 9d", "Kd"],
        pile="2c 8h 7h",
        stock="2s 3c",
        to_move=2,
        finished=[1],
        waits=[0, 0, 0, 2],
        direction=-1,
    )
    view = game.view(0)
    assert view.waits == (0, 0, 0, 2) and view.finished == (1,) and view.direction == -1
    assert view.top == Card.parse("7h") and view.pile[0] == Card.parse("2c")
    assert view.hand_sizes == (2, 0, 2, 1) and view.stock_size == 2
    _check_fields(game)


def test_pl_36_a_view_of_a_finished_game_says_it_is_over() -> None:
    """Once the game is over every seat's view says so (PL-36 ends it)."""
    game = Game.from_position(POLISH, hands=["5h", "6c 7c"], pile="9h", stock="2d 3d")
    game.play("5h")  # seat 0 goes out; with two seats the game ends
    assert game.is_over
    assert all(game.view(seat).is_over for seat in range(2))
    _check_fields(game)
