"""A digest of what seeded random games do: a change to the hot path must leave it as it was.

Plays seeded random games of every built-in variant (or ``--variants``) at several table
sizes through the public API -- ``legal_moves()`` then ``play()`` of a random legal move
-- and hashes every listing of legal moves, every tuple of events and each game's final
position (`Game.snapshot`). Two versions of the engine that print the same digest listed
the same moves in the same order, reported the same events and reached the same positions
in every one of those games. Run ``python benchmarks/digest.py`` before and after a
change (about 10 seconds interpreted); ``--other-python VENV/bin/python`` also runs it in
another interpreter, such as a venv with the compiled wheel installed, and says whether
the two builds agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
from collections.abc import Sequence

import makao
from makao import Game, variants
from makao.errors import SetupError

#: The table sizes played by default: two to six seats (six deals two decks in Polish).
PLAYERS = (2, 3, 4, 6)
#: Each game stops after this many actions if it has not ended (none of the defaults do).
MAX_ACTIONS = 3_000


def digest(names: Sequence[str], players: Sequence[int], games: int) -> tuple[int, str]:
    """The actions played and the SHA-256 of `games` seeded random games of each variant
    of ``names`` at each table size of ``players`` (a size a variant refuses is hashed as
    its error message)."""
    hashed = hashlib.sha256()
    actions = 0
    for name in names:
        variant = variants.get(name)
        for seats in players:
            for seed in range(games):
                try:
                    game = Game.new(variant, seats, seed=seed)
                except SetupError as error:
                    hashed.update(f"{name} {seats}: {error}".encode())
                    continue
                choose = random.Random(seed).choice
                played = 0
                while not game.is_over and played < MAX_ACTIONS:
                    legal = game.legal_moves()
                    hashed.update(repr(legal).encode())
                    hashed.update(repr(game.play(choose(legal))).encode())
                    played += 1
                actions += played
                hashed.update(json.dumps(game.snapshot(), sort_keys=True).encode())
    return actions, hashed.hexdigest()


def _other(python: str, argv: Sequence[str]) -> str:
    """The digest line this script prints in interpreter ``python`` (with ``argv``)."""
    result = subprocess.run([python, __file__, *argv], capture_output=True, text=True, check=True)
    return result.stdout.strip().splitlines()[-1]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the build, the actions and the digest; 1 if another build disagrees."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="seeds per variant and size")
    parser.add_argument(
        "--players", default=",".join(map(str, PLAYERS)), help="table sizes, e.g. 2,4"
    )
    parser.add_argument(
        "--variants", default=",".join(variants.names()), help="variant names, e.g. polish"
    )
    parser.add_argument("--other-python", help="also run in this interpreter and compare")
    args = parser.parse_args(argv)
    players = [int(size) for size in args.players.split(",")]
    names = args.variants.split(",")
    actions, hexdigest = digest(names, players, args.games)
    line = f"{actions} actions, digest {hexdigest}"
    print(f"{'compiled' if makao.compiled else 'pure'}: {line}")
    if args.other_python is None:
        return 0
    mine = ["--games", str(args.games), "--players", args.players, "--variants", args.variants]
    theirs = _other(args.other_python, mine)
    print(theirs)
    agree = theirs.split(": ", 1)[-1] == line
    print("the builds agree" if agree else "THE BUILDS DISAGREE")
    return 0 if agree else 1


if __name__ == "__main__":
    raise SystemExit(main())
