"""Instructions per action, counted by valgrind's callgrind: a repeatable speed figure.

Wall-clock benchmarks on a shared machine vary by ±30 %; instruction counts do not, so
use this to compare two versions of the hot path. Run ``python benchmarks/instructions.py``
(needs ``valgrind``; takes about a minute). It plays the same seeded random 2-player
Polish games as ``bench.py`` and reports (instructions of the run − instructions of
start-up) ÷ actions.
"""

from __future__ import annotations

import argparse
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
    game = Game.new(variant, 2, seed=seed)
    choose = random.Random(seed).choice
    while not game.is_over:
        game.play(choose(game.legal_moves()))
        actions += 1
print(actions)
"""


def _count(script: Path, games: int) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={folder}/out",
                sys.executable,
                str(script),
                str(games),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    refs = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if refs is None:
        raise RuntimeError("valgrind printed no instruction count")
    return int(refs.group(1).replace(",", "")), int(result.stdout.strip() or 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the instructions per action."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "games.py"
        script.write_text(_GAMES)
        start, _ = _count(script, 0)
        total, actions = _count(script, args.games)
    print(f"{(total - start) / actions:,.0f} instructions per action ({actions} actions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
