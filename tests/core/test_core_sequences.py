"""`makao._movegen._sequences`, the card orders listed for a multi-card play (PL-7): for a
group of distinct cards of a rank whose cards share one effect it gives the orders, in
the order, of a reference written from the rule."""

from __future__ import annotations

from itertools import combinations, product

from makao import ALL_CARDS, Card, Game, variants
from makao._movegen import _sequences


def _reference(first: Card, others: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """PL-7: ``first``, then any of ``others`` (each chosen subset once, the subsets in the
    order of choosing each card or not, the earlier card deciding first), any chosen card
    last and the others between in card order."""
    orders: list[tuple[Card, ...]] = [(first,)]
    for picks in product((0, 1), repeat=len(others)):
        chosen = [card for card, pick in zip(others, picks, strict=True) if pick]
        for last in chosen:
            middle = sorted(card for card in chosen if card is not last)
            orders.append((first, *middle, last))
    return tuple(orders)


def test_pl_7_a_group_of_distinct_cards_lists_every_order_once() -> None:
    """Every card with every set of its rank mates (one deck), kings too, asked as a rank
    whose cards share one effect: the same as the rule."""
    game = Game.new(variants.polish(), 2, seed=0)
    checked = 0
    for first in ALL_CARDS:
        mates = [card for card in ALL_CARDS if card.rank is first.rank and card is not first]
        for size in range(len(mates) + 1):
            for others in combinations(mates, size):
                assert _sequences(game, first, others, True) == _reference(first, others)
                checked += 1
    assert checked == 52 * 8


def test_pl_7_two_copies_of_a_card_are_one_choice_per_count() -> None:
    """Two decks: the general path, the same card twice in ``others``."""
    game = Game.new(variants.polish(), 8, seed=0)
    first, other = ALL_CARDS[0], ALL_CARDS[1]
    orders = _sequences(game, first, (other, other), True)
    assert orders == ((first,), (first, other), (first, other, other))


def test_pl_7_two_decks_every_shape_of_a_group_lists_as_the_general_path() -> None:
    """Two decks, a rank whose cards share one effect: for every choice of the other cards
    (each card of the rank up to twice, the first card's second copy too), the orders
    worked out once per shape and read from the cards are those of the general path (which
    sorts each order's middle itself, `canonical_order`)."""
    game = Game.new(variants.polish(), 8, seed=0)
    first = Card.parse("7h")
    mates = [card for card in ALL_CARDS if card.rank is first.rank]
    assert game.compiled.uniform_rank[first.rank]
    shapes = set()
    for counts in product(range(3), repeat=len(mates)):
        if counts[mates.index(first)] > 1:
            continue  # both copies of the first card: one is the first
        others = tuple(
            card for card, count in zip(mates, counts, strict=True) for _ in range(count)
        )
        assert _sequences(game, first, others, True) == _sequences(game, first, others, False)
        shapes.add(tuple(count for count in counts if count))
    assert len(shapes) > 20
