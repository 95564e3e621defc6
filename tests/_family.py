"""Helpers shared by the family-variant tests (tests/family/test_family_*.py)."""

from __future__ import annotations

from makao import Game, Play, Variant


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move, as text (cards and choice, no calls)."""
    return {str(Play(m.cards, m.choice)) for m in game.legal_moves() if isinstance(m, Play)}


def deal_with_top(variant: Variant, rank: int, players: int = 3) -> Game:
    """A dealt game (the first seed from 0 on) whose starting card has ``rank``."""
    for seed in range(1000):
        game = Game.new(variant, players, seed=seed)
        if game.top.rank == rank:
            return game
    raise AssertionError(f"no deal in 1000 seeds starts with rank {rank}")
