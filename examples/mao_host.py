"""Bots play Ultimate Mao while a seeded host injects time-outs and table chatter.

The bots play a random card when they can (with the right calls, as listed), else draw.
Now and then the host reports that the player to move ran out of time (UM-6), or a player
types something: the phrasebook turns it into a move -- a proper call ("Pitanje",
"Kraj pitanja") or a remark, which costs a card outside a question period (UM-21, UM-22).
At the end the script prints a summary of the event log: who won, and every infraction by
the rule it broke.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from makao import Game, Play, variants
from makao.events import Event, GameOver, Penalised
from makao.moves import Move
from makao.variants.mao.moves import HostReport
from makao.variants.mao.phrasebook import speech

CHATTER = ("Pitanje", "Koliko je sati?", "Nice move!", "Kraj pitanja", "Question", "Hm.")


def host_interruption(game: Game, rng: random.Random) -> Move:
    """A time-out of the player to move, or a line typed by a random player."""
    if rng.random() < 0.3:
        return HostReport("timeout", game.to_move)
    seat = rng.randrange(game.players)
    return speech(seat, rng.choice(CHATTER))


def bot_move(game: Game, rng: random.Random) -> Move:
    """A random card with its calls if one fits, else the first turn move (draw/pass)."""
    moves = game.legal_moves()
    plays = [move for move in moves if isinstance(move, Play)]
    return rng.choice(plays) if plays else moves[0]


def main() -> None:
    """Play one seeded game of five and print the summary."""
    rng = random.Random(2024)
    game = Game.new(variants.mao(), players=5, seed=2024)
    log: list[Event] = list(game.opening)
    for event in game.opening:
        print(f"dealer says: {event.text}")  # type: ignore[union-attr]
    while not game.is_over and len(game.record) < 5000:
        move = host_interruption(game, rng) if rng.random() < 0.08 else bot_move(game, rng)
        log.extend(game.play(move))
    kinds = Counter(type(event).__name__ for event in log)
    infractions = Counter(event.rule for event in log if isinstance(event, Penalised))
    over = [event for event in log if isinstance(event, GameOver)]
    print(f"moves: {len(game.record)}, events: {len(log)}")
    print("events by kind:", dict(sorted(kinds.items())))
    print("infractions by rule:", dict(sorted(infractions.items())))
    print("winner:", f"seat {over[0].order[0]}" if over else "none (move cap reached)")


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    main()
