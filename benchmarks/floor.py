"""How fast can a pure-Python shedding engine be? A lower bound for ``bench.py``'s figure.

This is *not* makao: a toy game stripped to the bone -- cards are ints, a move is a card
to play or ``-1`` to draw, a card matches the top card by suit or rank, and that is all.
No effects, no calls, no events, no validation, no record. It is played exactly as
``bench.py`` plays the real engine: ``legal_moves()`` then ``play()`` of a random legal
move, until someone has no cards. Run with ``python benchmarks/floor.py``.

Whatever a real engine adds (rules, events, checks, a record) only costs more, so this
figure bounds from below what any engine with this API can do per action in CPython.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

DRAW = -1


class ToyGame:
    """Deal ``players`` hands of five from a shuffled 52-card deck; match suit or rank."""

    __slots__ = ("hands", "over", "pile", "stock", "to_move")

    def __init__(self, players: int, seed: int) -> None:
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        self.hands = [deck[5 * seat : 5 * seat + 5] for seat in range(players)]
        self.pile = [deck[5 * players]]
        self.stock = deck[5 * players + 1 :]
        self.to_move = 0
        self.over = False

    def legal_moves(self) -> list[int]:
        """The cards of the player to move that match the top card, then ``DRAW``."""
        top = self.pile[-1]
        suit, rank = top % 4, top // 4
        moves = [card for card in self.hands[self.to_move] if card % 4 == suit or card // 4 == rank]
        if self.stock or len(self.pile) > 1:
            moves.append(DRAW)
        return moves or [DRAW]

    def play(self, move: int) -> None:
        """Play a card (``move``) or draw one (``DRAW``); the turn passes on."""
        hand = self.hands[self.to_move]
        if move == DRAW:
            if not self.stock and len(self.pile) > 1:
                self.stock = self.pile[:-1]
                del self.pile[:-1]
            if self.stock:
                hand.append(self.stock.pop())
        else:
            hand.remove(move)
            self.pile.append(move)
            if not hand:
                self.over = True
                return
        self.to_move = (self.to_move + 1) % len(self.hands)


def toy_games(players: int, seeds: Sequence[int]) -> int:
    """Play random toy games as ``bench.random_games`` plays makao; return the actions."""
    actions = 0
    for seed in seeds:
        game = ToyGame(players, seed)
        choose = random.Random(seed).choice
        while not game.over:
            game.play(choose(game.legal_moves()))
            actions += 1
    return actions


def per_action(players: int, games: int) -> tuple[float, float]:
    """µs per action and actions per game of random toy games."""
    start = time.process_time()
    actions = toy_games(players, range(games))
    return (time.process_time() - start) / actions * 1e6, actions / games


def main(argv: Sequence[str] | None = None) -> int:
    """Print the toy engine's µs per action (best of ``--rounds``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"toy shedding game (suit or rank only), Python {sys.version.split()[0]}:")
    for players in (2, 4):
        best = min(per_action(players, args.games) for _ in range(args.rounds))
        print(f"  {players} players: {best[0]:5.2f} µs per action, {best[1]:6.1f} actions per game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
