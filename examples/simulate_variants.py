"""Does a finishing function card's effect (PL-33) change the first player's advantage?

Compares Polish makao with and without ``last_card_effect_applies`` over a few hundred
games between three heuristic bots, and prints the table of statistics side by side.
Run: ``python examples/simulate_variants.py``.
"""

from __future__ import annotations

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
    main()
