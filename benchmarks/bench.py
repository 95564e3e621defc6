"""The engine benchmark: µs per action, games per second, µs per clone, bytes per state.

Run with ``python benchmarks/bench.py`` (or ``makao bench``). Times are CPU time of this
process (``time.process_time``), so other load on the machine disturbs them less. Random
games of Polish makao are played through the public API only: ``legal_moves()`` then
``play()`` of a uniformly random legal move, so the figures are what a bot or a simulation
sees.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from makao import Game, Variant, variants
from makao.bots import RandomBot
from makao.moves import Move
from makao.sim.play import play_game
from makao.view import View


def _play_games(players: int, games: int, seed: int) -> tuple[int, float]:
    variant = variants.polish()
    actions = 0
    start = time.process_time()
    for index in range(games):
        game = Game.new(variant, players, seed=seed + index)
        choose = random.Random(index).choice
        while not game.is_over:
            game.play(choose(game.legal_moves()))
            actions += 1
    return actions, time.process_time() - start


def _simulate_games(players: int, games: int, seed: int) -> tuple[float, float, int]:
    """The simulation loop (:func:`makao.sim.play.play_game`) with random bots, against
    the engine alone playing the very same games: (loop seconds, engine seconds, actions).

    The two cannot simply be compared with :func:`_play_games`: the bots' way of choosing
    (out-of-turn actions are offered separately) gives games of other lengths, and an
    action costs more the bigger the hands."""
    variant = variants.polish()
    bots = [RandomBot() for _ in range(players)]
    start = time.process_time()
    for index in range(games):
        play_game(variant, bots, seed + index, index=index, rotation=index % players)
    loop = time.process_time() - start
    recorded = [_moves_of(variant, players, seed + index, index) for index in range(games)]
    start = time.process_time()
    for index, moves in enumerate(recorded):
        game = Game.new(variant, players, seed=seed + index)
        for move in moves:
            game.legal_moves()
            game.play(move)
    engine = time.process_time() - start
    return loop, engine, sum(map(len, recorded))


class _Recorder(RandomBot):
    """A random bot that notes every move it makes (the moves of a game, in order)."""

    def __init__(self, played: list[Move]) -> None:
        super().__init__()
        self.played = played

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        move = super().choose(view, moves)
        self.played.append(move)
        return move

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        move = super().respond(view, moves)
        if move is not None:
            self.played.append(move)
        return move


def _moves_of(variant: Variant, players: int, seed: int, index: int) -> list[Move]:
    played: list[Move] = []
    bots = [_Recorder(played) for _ in range(players)]
    play_game(variant, bots, seed, index=index, rotation=index % players)
    return played


def _clone_cost(players: int, repeats: int) -> float:
    game = Game.new(variants.polish(), players, seed=1)
    choose = random.Random(1).choice
    for _ in range(40):  # a position some way into the game
        game.play(choose(game.legal_moves()))
    start = time.process_time()
    for _ in range(repeats):
        game.clone()
    return (time.process_time() - start) / repeats


def state_bytes(game: Game) -> int:
    """Bytes owned by one game state: the object and its own containers (the variant,
    its compiled rules and the interned cards are shared by every game)."""
    owned: list[object] = [game, game.hands, *game.hands, game.stock, game.pile, game.waits]
    owned += [game.done, game.finished, game.ext]
    return sum(sys.getsizeof(item) for item in owned)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per table size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"makao benchmark: random Polish games through legal_moves() + play(), "
        f"{args.games} games per table size, Python {sys.version.split()[0]}"
    )
    for players in (2, 4):
        actions, seconds = _play_games(players, args.games, args.seed)
        engine = seconds / actions * 1e6
        print(
            f"  {players} players: {engine:6.2f} µs per action, "
            f"{actions / args.games:7.1f} actions per game, "
            f"{args.games / seconds:7.1f} games per second"
        )
        loop, alone, actions = _simulate_games(players, args.games, args.seed)
        print(
            f"    simulation loop (random bots): {loop / actions * 1e6:6.2f} µs per action, "
            f"{(loop / alone - 1) * 100:+.0f} % over the engine alone in the same games "
            f"({alone / actions * 1e6:.2f} µs)"
        )
    for players in (2, 4):
        print(f"  clone ({players} players): {_clone_cost(players, 20000) * 1e6:6.2f} µs")
    game = Game.new(variants.polish(), 4, seed=1)
    print(f"  state size (4 players, fresh deal): {state_bytes(game)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
