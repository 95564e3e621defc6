"""Play a full match of Russian scoring makao between simple seeded bots.

Each bot picks at random among its legal plays, and draws (or passes) only when it has
no play. The script prints every deal's scores and running totals, then the final
ranking (lowest loss total first). Run it with no arguments::

    python examples/russian_match.py [seed] [players] [match_limit]
"""

from __future__ import annotations

import argparse
import random
import sys

from makao import Match, Move, Play, variants
from makao.errors import MakaoError
from makao.events import DealScored, DealStarted, MatchOver


class RandomBot:
    """Plays a random legal card when it can, else draws or passes (seeded)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, legal: list[Move]) -> Move:
        """Pick a move among ``legal`` (the moves this bot's seat may make)."""
        plays = [move for move in legal if isinstance(move, Play)]
        return self.rng.choice(plays or legal)


def play_match(seed: int = 2024, players: int = 4, match_limit: int = 500) -> Match:
    """Play a whole match and print its course; return the finished match."""
    match = Match(variants.russian(match_limit=match_limit), players, seed)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    print(f"Russian makao, {players} players, match to {match_limit} points (seed {seed})")
    events = list(match.opening_events)
    while not match.is_over:
        seat = match.to_move
        legal = [move for move in match.legal_moves() if getattr(move, "seat", seat) == seat]
        events.extend(match.play(bots[seat].choose(legal)))
        for event in events:
            _report(event)
        events.clear()
    return match


def _report(event: object) -> None:
    if isinstance(event, DealStarted):
        print(f"deal {event.deal:>2} dealt by seat {event.dealer}", end=": ")
    elif isinstance(event, DealScored):
        scores = " ".join(f"{score:>4}" for score in event.scores)
        totals = " ".join(f"{total:>4}" for total in event.totals)
        print(f"scores {scores}   totals {totals}")
    elif isinstance(event, MatchOver):
        print("final ranking (lowest loss first):")
        for place, seat in enumerate(event.ranking, 1):
            print(f"  {place}. seat {seat}: {event.totals[seat]} points")


def main(argv: list[str]) -> None:
    """Read optional seed, player count and limit from the command line and play; a bad
    argument is one line on stderr and exit status 2, as with the ``makao`` command."""
    parser = argparse.ArgumentParser(description="Play a match of Russian scoring makao.")
    parser.add_argument("seed", type=int, nargs="?", default=2024)
    parser.add_argument("players", type=int, nargs="?", default=4)
    parser.add_argument("match_limit", type=int, nargs="?", default=500)
    args = parser.parse_args(argv)
    try:
        play_match(args.seed, args.players, args.match_limit)
    except MakaoError as error:
        parser.exit(2, f"{parser.prog}: error: {error}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
