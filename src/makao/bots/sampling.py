"""Determinization: deal the cards a player cannot see, consistently with their view.

Search bots for games of hidden information (determinized or information-set MCTS) need
complete games that agree with everything a player has seen.
[`sample_hidden`][makao.bots.sampling.sample_hidden] deals the unseen cards -- the full deck(s)
minus the player's own hand and the pile -- at random into the other hands (by their sizes) and the
stock, and returns a [`Game`][makao.engine.Game] whose view for that player equals the view it was
built from.
"""

from __future__ import annotations

import random
from collections import Counter

from makao._random import shuffle_as_random
from makao._text import shown
from makao.cards import Card, without_card
from makao.deck import deck_cards
from makao.engine import Game
from makao.errors import SetupError, StateError
from makao.view import View

__all__ = ["Determinizer", "sample_hidden", "unseen_cards", "was_stuck"]


def unseen_cards(view: View) -> list[Card]:
    """The cards ``view.seat`` cannot see: the variant's deck(s) minus their own hand and
    the pile, in index order (other hands and the stock hold exactly these)."""
    _check_view(view)
    start = view.variant.compiled.start
    ranks = getattr(start, "ranks", None)  # a short deck (prší's 32 cards), if the rule has one
    remaining = Counter(deck_cards(start.decks_for(view.players), ranks))
    remaining.subtract(view.hand)
    remaining.subtract(view.pile)
    if any(count < 0 for count in remaining.values()):
        raise StateError("the view shows more copies of a card than the deck holds")
    return sorted(remaining.elements())


class Determinizer:
    """Samples complete games consistent with one view, cheaply and repeatedly.

    The position is built once with [`from_position`][makao.engine.Game.from_position]; every
    [`sample`][makao.bots.sampling.Determinizer.sample] clones it and deals the unseen cards anew.
    """

    def __init__(self, view: View) -> None:
        _check_view(view)
        if view.is_over:
            raise StateError("the game is over: there is nothing hidden to sample")
        self.view = view
        self.unseen = unseen_cards(view)
        self.others = [
            seat for seat in range(view.players) if seat != view.seat and view.hand_sizes[seat]
        ]
        needed = sum(view.hand_sizes[seat] for seat in self.others) + view.stock_size
        if needed > len(self.unseen):
            raise StateError(
                f"the view needs {needed} hidden cards but only {len(self.unseen)} are unseen"
            )
        self.base = _base_game(view, self.unseen, self.others)

    def sample(self, rng: random.Random) -> Game:
        """A complete game consistent with the view: hidden cards dealt at random with
        ``rng`` (a `random.Random`, else a [`SetupError`][makao.errors.SetupError])."""
        if not isinstance(rng, random.Random):
            raise SetupError(f"rng must be a random.Random, not {shown(rng, 40)}")
        view = self.view
        cards = self.unseen[:]
        shuffle_as_random(cards, rng)
        game = self.base.clone()
        position = 0
        for seat in self.others:
            size = view.hand_sizes[seat]
            game.hands[seat] = tuple(cards[position : position + size])
            position += size
        game.stock = cards[position : position + view.stock_size]
        game.beginning = game.beginning.resampled(rng.getrandbits(62))  # not saved
        game.rng = rng.getrandbits(64)
        game._legal = None
        return game


def sample_hidden(view: View, rng: random.Random) -> Game:
    """A game consistent with ``view``: the unseen cards (deck minus own hand minus pile)
    dealt at random into the other hands, by their sizes, and the stock.

    Everything the view shows -- own hand, pile, hand and stock sizes, the effect in force,
    waits, finished players, direction, the seat to move, public rule state, the stalled
    passes that end a blocked game (PL-36) -- is kept:
    ``sample_hidden(view, rng).view(view.seat) == view``. If the deck holds more unseen
    cards than the hands and stock need (cards out of play), the extra cards are left out.
    """
    return Determinizer(view).sample(rng)


def _check_view(view: object) -> None:
    """A `SetupError` unless ``view`` is a [`View`][makao.view.View]."""
    if not isinstance(view, View):
        raise SetupError(f"a View is needed, not {shown(view, 40)}")


def _base_game(view: View, unseen: list[Card], others: list[int]) -> Game:
    """The position ``view`` shows, the ``others``' hands dealt from the ``unseen`` cards in
    order (a seat holding cards has not finished: each sample deals them anew)."""
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    position = 0
    for seat in others:
        size = view.hand_sizes[seat]
        hands[seat] = unseen[position : position + size]
        position += size
    game = Game.from_position(
        view.variant,
        hands=hands,
        pile=view.pile,
        to_move=view.to_move,
        effect=view.effect,
        finished=view.finished,
        waits=view.waits,
        direction=view.direction,
        drawn=view.drawn,
        public=view.public,
    )
    game.stuck = view.stuck  # the stalled passes so far (PL-36): no position argument
    return game


def was_stuck(game: Game, seat: int, drawn: Card) -> bool:
    """Whether ``seat`` had nothing to play before drawing ``drawn`` (then the drawn card
    must be played if it can be, RU-9): the hand without it, on the same table."""
    before = game.clone()
    before.hands[seat] = without_card(before.hands[seat], drawn)
    before.drawn = None
    before._legal = None
    return not before.playable_cards(seat)
