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


def test_pl_36_a_view_counts_the_stalled_passes_that_end_a_blocked_game() -> None:
    """PL-36: the passes in a row of seats with nothing to play or draw are public; every
    seat's view counts them, and the game ends blocked when they reach the seats playing."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c 9s", "7c"], pile="Kd", to_move=1)
    assert [game.view(seat).stuck for seat in range(3)] == [0, 0, 0]
    game.play("pass")
    game.play("pass")
    assert [game.view(seat).stuck for seat in range(3)] == [2, 2, 2] == [game.stuck] * 3
    game.play("pass")
    assert game.blocked and game.view(0).is_over


#: The public fields of the state (`makao.testing.PUBLIC_FIELDS`) a view shows under
#: another name, or leaves out, and why.
_SHOWN_AS = {"over": "is_over", "rule_states": "public", "done": "finished"}
_LEFT_OUT = {
    "blocked": "a game over with no winner of every place: told by is_over and finished",
    "must_play_drawn": "an internal flag of the card just drawn (docs/bots.md)",
    "reshuffles": "a count of the game's history, not of its position",
}


def test_every_public_field_of_the_state_is_in_the_view_or_left_out_by_name() -> None:
    """Every field of the state a seat may see (`PUBLIC_FIELDS`) is a field of `View`, under
    its own name or the one `_SHOWN_AS` gives, or is left out by name with a reason: a new
    public field that the view forgets fails here (as ``stuck``, PL-36, once did)."""
    from makao.testing import PUBLIC_FIELDS

    shown = {_SHOWN_AS.get(name, name) for name in PUBLIC_FIELDS - _LEFT_OUT.keys()}
    assert shown <= set(View._fields), shown - set(View._fields)
    assert _LEFT_OUT.keys() <= PUBLIC_FIELDS
