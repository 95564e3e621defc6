"""Build a variant from rule objects -- no engine code -- check it, and play it.

"Eights and nines" is a house game made for this example: twos make the next player
draw two (answered by another two), eights skip, nines reverse, jacks are wild and name
a suit. Every rule object cites the rule id it implements. Run it with
``python examples/custom_variant.py``.
"""

from __future__ import annotations

import argparse
import random

from makao import ALL_CARDS, Card, Game, Rank, Variant, variants
from makao.rules import (
    BattleCards,
    DrawRule,
    FinishRule,
    ReverseCards,
    SkipCards,
    StartRule,
    SuitDemandCards,
    Wild,
)
from makao.testing import check_variant


def of_rank(rank: Rank) -> frozenset[Card]:
    """Every card of ``rank``."""
    return frozenset(card for card in ALL_CARDS if card.rank is rank)


EIGHTS_AND_NINES = Variant(
    "eights-and-nines",
    (
        StartRule(hand_size=6, start_card="redraw", ids=("EN-1",)),
        DrawRule(play_drawn=True, ids=("EN-2",)),
        BattleCards(dict.fromkeys(of_rank(Rank.TWO), 2), answer="same_rank", ids=("EN-3",)),
        SkipCards(of_rank(Rank.EIGHT), ids=("EN-4",)),
        ReverseCards(of_rank(Rank.NINE), two_player_again=True, ids=("EN-5",)),
        Wild(of_rank(Rank.JACK), ids=("EN-6",)),
        SuitDemandCards(
            of_rank(Rank.JACK), binds="until_covered", wilds_under_demand=True, ids=("EN-6",)
        ),
        FinishRule(play_for_places=False, ids=("EN-7",)),
    ),
    description="Eights and nines (an example house game)",
)


def main() -> None:
    """Show the rules, run the conformance suite, and play one seeded game."""
    for rule in EIGHTS_AND_NINES.rules:
        print(f"{', '.join(rule.ids):6} {type(rule).__name__}")
    print(check_variant(EIGHTS_AND_NINES, players=(2, 3, 4), games=3))

    game = Game.new(EIGHTS_AND_NINES, players=4, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    print(f"one game: {len(game.record)} moves, finishing order {game.standings().order}")

    # A variant is a value: derive new ones by adding, removing or replacing rules.
    no_wild_queens = variants.polish().without(Wild, name="polish-no-wild-queens")
    print(f"{no_wild_queens.name}: rule ids {', '.join(no_wild_queens.rule_ids[:6])}, …")


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    main()
