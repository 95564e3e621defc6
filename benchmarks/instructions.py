"""Instructions per action, counted by valgrind's callgrind: a repeatable speed figure.

Timings on a shared machine vary by ±30 % and more; instruction counts do not, so use this
to compare two versions of the hot path. Run ``python benchmarks/instructions.py`` (needs
``valgrind``; takes about a minute). It plays seeded random games (Polish, or any
``--variant``) through ``legal_moves()`` + ``play()`` and reports instructions per action
*warm*: ``--warm`` games are played first so the engine's caches start to fill, then the
measured games; the same script with 0 measured games is counted too, and the difference
is divided by the actions of the measured games (each run ends without the interpreter's
exit, whose freeing of the filled tables is no action's cost). A few warm-up games do not
fill the move caches (a long experiment's first hundred games do), so it also plays the
measured games a second time in the same process and reports that pass alone: the
steady state.

With ``--simulation`` it also counts the simulation loop (:func:`makao.sim.play.play_game`
with random bots, the loop every experiment runs) against the engine alone replaying the
very same games, and prints the loop's overhead (issue 13 asks for at most 15 %). Both runs
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

_GAMES = """
import sys
sys.path.insert(0, {folder!r})
import bench
from makao import variants
games, players, variant, warm = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
passes = int(sys.argv[5]) if len(sys.argv) > 5 else 1
variant = getattr(variants, variant)()
bench.random_games(players, range(10_000, 10_000 + warm), variant)  # fills the caches
actions = 0
for _ in range(passes):  # a second pass finds the caches filled for these very games
    actions = bench.random_games(players, range(games), variant)
print(actions)
"""

_HERE = str(Path(__file__).resolve().parent)
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

_CLONES = """
import sys
sys.path.insert(0, {folder!r})
import bench
clones, players = int(sys.argv[1]), int(sys.argv[2])
game = bench.some_way_in(players)
for _ in range(100):  # warm
    game.clone()
for _ in range(clones):
    game.clone()
print(clones)
"""


def _count(script: Path, games: int, players: int, *extra: str) -> tuple[int, int]:
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
                *extra,
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


#: How every counted script ends: without the interpreter's exit, which frees everything
#: left (the move tables the counted games filled among it) -- a cost of ending the
#: process, not of an action, that the run with no counted games pays less of (about
#: 1,250 instructions per action of the first pass, Polish 2p, before this ending).
_EXIT_AT_ONCE = """
import os
sys.stdout.flush()
os._exit(0)
"""


def _run(source: str, games: int, players: int, *extra: str) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "games.py"
        script.write_text(source + _EXIT_AT_ONCE)
        return _count(script, games, players, *extra)


def engine_per_action_twice(
    games: int, players: int, variant: str = "polish", warm: int = 5, jobs: int = 1
) -> tuple[float, float]:
    """Warm instructions per action of random games of ``variants.<variant>()`` through
    ``legal_moves()`` + ``play()``: ``warm`` games first, then ``games`` counted; start-up
    and the warm games are subtracted (the same script with 0 counted games). Also the
    same games played again in the same process: that second pass finds the move caches
    filled for exactly those games, so it counts what a long experiment pays per action
    once its caches are full, while the first pass also pays for filling them. Three
    valgrind runs (no counted games, one pass, two), ``jobs`` at a time (1 or 2)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    extra = (variant, str(warm))
    source = _GAMES.format(folder=_HERE)
    with ThreadPoolExecutor(max_workers=max(1, min(jobs, 2))) as pool:
        start = pool.submit(_run, source, 0, players, *extra)
        once = pool.submit(_run, source, games, players, *extra, "1")
        twice = pool.submit(_run, source, games, players, *extra, "2")
        (base, _), (first, actions), (second, _) = start.result(), once.result(), twice.result()
    return (first - base) / actions, (second - first) / actions


def clone_instructions(clones: int, players: int, jobs: int = 1) -> float:
    """Instructions per ``clone()`` (and freeing the copy) of ``bench.some_way_in(players)``:
    ``clones`` counted, the same script with none subtracted."""
    if clones < 1:
        raise ValueError(f"clones must be at least 1, not {clones}")
    source = _CLONES.format(folder=_HERE)
    with ThreadPoolExecutor(max_workers=max(1, min(jobs, 2))) as pool:
        start = pool.submit(_run, source, 0, players)
        total = pool.submit(_run, source, clones, players)
        (base, _), (count, done) = start.result(), total.result()
    return (count - base) / done


def simulation_per_action(games: int, players: int, jobs: int = 1) -> tuple[float, float]:
    """Instructions per action of the simulation loop and of the engine alone, in the
    same games; ``jobs`` valgrind runs at a time (1 or 2)."""
    parts = ("record", "loop", "engine")
    with ThreadPoolExecutor(max_workers=max(1, min(jobs, 2))) as pool:
        runs = {
            part: pool.submit(_run, _SIMULATION.format(folder=_HERE, part=part), games, players)
            for part in parts
        }
        counts = {part: run.result() for part, run in runs.items()}
    base, actions = counts["record"]
    return (counts["loop"][0] - base) / actions, (counts["engine"][0] - base) / actions


def main(argv: Sequence[str] | None = None) -> int:
    """Print the instructions per action."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="polish", help="a function of makao.variants")
    parser.add_argument("--warm", type=int, default=5, help="games played before counting")
    parser.add_argument(
        "--simulation", action="store_true", help="also count the simulation loop's overhead"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)")
        return 1
    print(
        f"instructions per action (valgrind, {args.games} random {args.variant} games "
        f"after {args.warm} warm-up games):"
    )
    engine, again = engine_per_action_twice(args.games, args.players, args.variant, args.warm)
    print(f"  {args.players} players, engine (legal_moves + play): {engine:,.0f}")
    print(f"  the same games played again, the move caches filled for them: {again:,.0f}")
    if args.simulation:
        loop, alone = simulation_per_action(args.games, args.players)
        print(
            f"  simulation loop (play_game, random bots): {loop:,.0f}; the engine alone in "
            f"the same games: {alone:,.0f}; overhead {(loop / alone - 1) * 100:+.1f} %"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
