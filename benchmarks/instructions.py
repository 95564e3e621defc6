"""Instructions per action, counted by valgrind's callgrind: a repeatable speed figure.

Timings on a shared machine vary by ±30 % and more; instruction counts do not, so use this
to compare two versions of the hot path. Run ``python benchmarks/instructions.py`` (needs
``valgrind``; takes about a minute). It plays the same seeded random Polish games as
``bench.py`` and reports (instructions of the run − instructions of start-up) ÷ actions.

With ``--simulation`` it also counts the simulation loop (:func:`makao.sim.play.play_game`
with random bots, the loop every experiment runs) against the engine alone replaying the
very same games, and prints the loop's overhead (issue 6 asks for at most 20 %). Both runs
first record the games, which also fills the engine's caches, and that shared part is
subtracted.
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
sys.path.insert(0, {folder!r})
import bench
games, players, part = int(sys.argv[1]), int(sys.argv[2]), {part!r}
seeds = [1 + index for index in range(games)]
moves = [bench.simulated_moves(bench.POLISH, players, s, i) for i, s in enumerate(seeds)]
if part == "loop":
    bench.simulated_games(players, seeds)
elif part == "engine":
    bench.replayed_games(players, seeds, moves)
print(sum(map(len, moves)))
"""


def _count(script: Path, games: int, players: int) -> tuple[int, int]:
    """Instructions of running ``script`` and the actions it printed."""
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


def _run(source: str, games: int, players: int) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "games.py"
        script.write_text(source)
        return _count(script, games, players)


def engine_per_action(games: int, players: int) -> float:
    """Instructions per action of random games through ``legal_moves()`` + ``play()``."""
    start, _ = _run(_GAMES, 0, players)
    total, actions = _run(_GAMES, games, players)
    return (total - start) / actions


def simulation_per_action(games: int, players: int) -> tuple[float, float]:
    """Instructions per action of the simulation loop and of the engine alone, in the
    same games."""
    here = str(Path(__file__).resolve().parent)
    counts = {}
    for part in ("record", "loop", "engine"):
        counts[part] = _run(_SIMULATION.format(folder=here, part=part), games, players)
    base, actions = counts["record"]
    return (counts["loop"][0] - base) / actions, (counts["engine"][0] - base) / actions


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
    engine = engine_per_action(args.games, args.players)
    print(f"  {args.players} players, engine (legal_moves + play): {engine:,.0f}")
    if args.simulation:
        loop, alone = simulation_per_action(args.games, args.players)
        print(
            f"  simulation loop (play_game, random bots): {loop:,.0f}; the engine alone in "
            f"the same games: {alone:,.0f}; overhead {(loop / alone - 1) * 100:+.1f} %"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
