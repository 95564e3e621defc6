"""A seeded game of Polish makao between random choices, printed as a readable event log.

Run it with ``python examples/play_polish.py``; the same seed always prints the same game.
"""

from __future__ import annotations

import random

from makao import Game, format_cards, variants
from makao.events import (
    AttackAccepted,
    AttackRaised,
    CallMade,
    CardsDrawn,
    CardsPlayed,
    Event,
    GameOver,
    Penalised,
    PlayerFinished,
    SuitNamed,
    TurnSkipped,
)


def describe(event: Event) -> str:
    """One event as a line of plain English (the events not listed fall back to repr)."""
    match event:
        case CardsPlayed(seat, cards, choice):
            named = "" if choice is None else f" (choosing {choice})"
            return f"seat {seat} plays {format_cards(cards)}{named}"
        case CardsDrawn(seat, cards, reason, amount):
            return f"seat {seat} draws {amount} ({reason}): {format_cards(cards)}"
        case AttackRaised(seat, target, total):
            return f"seat {seat} attacks seat {target}: {total} cards to draw"
        case AttackAccepted(seat, total):
            return f"seat {seat} gives in to the attack of {total}"
        case SuitNamed(seat, suit):
            return f"seat {seat} names {suit.name.lower()}"
        case TurnSkipped(seat):
            return f"seat {seat} misses a turn"
        case CallMade(seat, call):
            return f'seat {seat} says "{call}"'
        case Penalised(seat, rule, reason, amount):
            return f"seat {seat} is penalised {amount} cards ({rule}: {reason})"
        case PlayerFinished(seat, place):
            return f"seat {seat} is out, in place {place}"
        case GameOver(order, blocked):
            how = "blocked" if blocked else "over"
            return f"game {how}; finishing order {list(order)}"
    return repr(event)


def main(seed: int = 7, players: int = 3) -> Game:
    """Play one seeded game with uniformly random legal moves and print it."""
    game = Game.new(variants.polish(), players=players, seed=seed)
    rng = random.Random(seed)
    print(f"Polish makao, {players} players, seed {seed}; first card {game.top}")
    while not game.is_over:
        move = rng.choice(game.legal_moves())
        for event in game.play(move):
            print("  " + describe(event))
    print(f"{len(game.record)} moves; winner: seat {game.outcome[0] if game.outcome else '-'}")
    return game


if __name__ == "__main__":
    main()
