"""Does a finishing function card's effect (PL-33) change the first player's advantage?

Compares Polish makao with and without ``last_card_effect_applies`` over a few hundred
games between three heuristic bots, and prints the table of statistics side by side.
Run: ``python examples/simulate_variants.py``.
"""

from __future__ import annotations

import argparse

import makao
from makao import variants


def main() -> None:
    """Play both variants with the same seeds and print the comparison."""
    result = makao.compare(
        variants.polish(),
        variants.polish(last_card_effect_applies=True),
        bots=["heuristic", "heuristic", "heuristic"],
        games=200,
        seed=1,
    )
    print(result.table())
    changed = result.significant()
    print("\nsignificant differences:", ", ".join(changed) if changed else "none")


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    main()
