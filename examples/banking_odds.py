"""Print the exact odds table of Macao and Victoria (makao.banking.odds, rule MB-11)."""

from __future__ import annotations

import argparse
from fractions import Fraction

from makao.banking import macao, victoria
from makao.banking.odds import coup_odds, draw_below, hand_distribution


def percent(p: Fraction) -> str:
    """A probability or return as a signed percentage."""
    return f"{float(p) * 100:+7.2f} %"


def main() -> None:
    """Print the point distributions and the punter's expected return by policy."""
    one, two = hand_distribution(1), hand_distribution(2)
    print("Points of the first hand from a full 104-card shoe")
    print()  # a Markdown table needs a blank line before it
    print("| points | one card (Macao) | two cards (Victoria) |")
    print("|---:|---:|---:|")
    for points in range(10):
        print(f"| {points} | {one[points]} | {two[points]} |")
    print()
    print("Punter's expected return per unit stake, full shoe (banker's is the negative)")
    print()
    print("| policy | classic | even | Victoria classic | Victoria even |")
    print("|---|---:|---:|---:|---:|")
    rows: list[tuple[str, object]] = [("stand always", draw_below(0))]
    rows += [(f"draw below {n}", draw_below(n)) for n in (4, 5, 6, 7)]
    rows += [("optimal", "optimal")]
    for name, policy in rows:
        cells = [
            percent(coup_odds(options, policy).punter_return)  # type: ignore[arg-type]
            for options in (
                macao(),
                macao(payout="even"),
                victoria(),
                victoria(payout="even"),
            )
        ]
        print(f"| {name} | {' | '.join(cells)} |")


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    main()
