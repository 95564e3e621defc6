"""Measure the bots' strength in 2-player Polish makao (the figures in docs/bots.md).

Run with ``python benchmarks/bots_strength.py --games 2000 --mcts-games 2000 --workers 2``.
The MCTS bot plays with its default settings (``MCTSBot()``) unless ``--playouts`` or a
bot spec ``--mcts`` is given (``--mcts "mcts:method=tree,playouts=120,prior=0"``). Seats
are swapped every game; each win rate is printed with its 95 % Wilson interval and the
wall-clock seconds the match took.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from makao import variants
from makao.bots import Bot, HeuristicBot, MCTSBot, RandomBot
from makao.sim import parse_bot, simulate


def main(argv: Sequence[str] | None = None) -> int:
    """Play the two matches and print the win rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--mcts-games", type=int, default=2000)
    parser.add_argument("--playouts", type=int, default=None, help="default: MCTSBot()'s")
    parser.add_argument("--mcts", default=None, help="a bot spec, like mcts:method=tree")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    mcts: Bot = MCTSBot() if args.playouts is None else MCTSBot(playouts=args.playouts)
    if args.mcts is not None:
        mcts = parse_bot(args.mcts)
    print(f"mcts bot: {mcts!r}")
    matches = (
        ("heuristic vs random", [HeuristicBot(), RandomBot()], args.games),
        ("mcts vs heuristic", [mcts, HeuristicBot()], args.mcts_games),
    )
    for title, bots, games in matches:
        start = time.perf_counter()
        result = simulate(variants.polish(), bots, games, seed=args.seed, workers=args.workers)
        rate = result.metrics()[f"win rate {result.bots[0]}"]
        seconds = time.perf_counter() - start
        print(
            f"{title}: {result.bots[0]} wins {rate.format()} of {games} games ({seconds:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
