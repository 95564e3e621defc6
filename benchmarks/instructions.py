"""Instructions per action, counted by valgrind's callgrind: a repeatable speed figure.

Wall-clock benchmarks on a shared machine vary by ±30 %; instruction counts do not, so
use this to compare two versions of the hot path. Run ``python benchmarks/instructions.py``
(needs ``valgrind``; takes about a minute). It plays the same seeded random 2-player
Polish games as ``bench.py`` and reports (instructions of the run − instructions of
start-up) ÷ actions. With ``--simulation`` it also counts :func:`makao.sim.play.play_game`
with two random bots, the loop every experiment runs, and prints its overhead over the
engine (issue 6 asks for at most 20 %).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

_GAMES = """
import random, sys
from makao import Game, variants
variant = variants.polish()
actions = 0
for seed in range(int(sys.argv[1])):
    game = Game.new(variant, int(sys.argv[2]), seed=seed)
    choose = random.Random(seed).choice
    while not game.is_over:
        game.play(choose(game.legal_moves()))
        actions += 1
print(actions)
"""

_SIMULATION = """
import sys
from makao import variants
from makao.bots import RandomBot
from makao.sim.play import play_game
variant = variants.polish()
players = int(sys.argv[2])
bots = [RandomBot() for _ in range(players)]
actions = 0
for seed in range(int(sys.argv[1])):
    actions += play_game(variant, bots, seed, index=seed, rotation=seed % players).actions
print(actions)
"""


def _count(script: Path, games: int, players: int) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={folder}/out",
                sys.executable,
                str(script),
                str(games),
                str(players),
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # same set orders, same count
        )
    refs = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if refs is None:
        raise RuntimeError("valgrind printed no instruction count")
    return int(refs.group(1).replace(",", "")), int(result.stdout.strip() or 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the instructions per action."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--simulation", action="store_true", help="also count the simulation loop's overhead"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)")
        return 1
    print(f"instructions per action (valgrind, {args.games} random Polish games):")
    engine = _per_action(_GAMES, args.games, args.players)
    print(f"  {args.players} players, engine (legal_moves + play): {engine:,.0f} per action")
    if args.simulation:
        loop = _per_action(_SIMULATION, args.games, args.players)
        print(
            f"  simulation loop (play_game, random bots): {loop:,.0f} per action, "
            f"{(loop / engine - 1) * 100:+.1f} % over the engine"
        )
    return 0


def _per_action(source: str, games: int, players: int) -> float:
    """Instructions per action of ``source`` playing ``games`` games (start-up subtracted)."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "games.py"
        script.write_text(source)
        start, _ = _count(script, 0, players)
        total, actions = _count(script, games, players)
    return (total - start) / actions


if __name__ == "__main__":
    raise SystemExit(main())
