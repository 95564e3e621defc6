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

from makao import Game, variants
from makao.bots import RandomBot
from makao.sim.play import play_game


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


def _simulate_games(players: int, games: int, seed: int) -> tuple[int, float]:
    """The simulation loop (:func:`makao.sim.play.play_game`) with random bots."""
    variant = variants.polish()
    bots = [RandomBot() for _ in range(players)]
    actions = 0
    start = time.process_time()
    for index in range(games):
        record = play_game(variant, bots, seed + index, index=index, rotation=index % players)
        actions += record.actions
    return actions, time.process_time() - start


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
        actions, seconds = _simulate_games(players, args.games, args.seed)
        loop = seconds / actions * 1e6
        print(
            f"    simulation loop (random bots): {loop:6.2f} µs per action, "
            f"{(loop / engine - 1) * 100:+.0f} % over the engine, "
            f"{args.games / seconds:7.1f} games per second"
        )
    for players in (2, 4):
        print(f"  clone ({players} players): {_clone_cost(players, 20000) * 1e6:6.2f} µs")
    game = Game.new(variants.polish(), 4, seed=1)
    print(f"  state size (4 players, fresh deal): {state_bytes(game)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
