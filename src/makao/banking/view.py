"""What one seat may know (MB-10): [`BankingView`][makao.banking.BankingView].

A view holds the seat's own cards (not the banker's own card before the showdown, MB-4),
the cards it discarded face down on a redraw (MB-6), the number of every other hidden
card, every card shown since the shoe was shuffled, balances, stakes and the bank — never
another hidden card nor the order of the shoe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from makao.banking.moves import Move
from makao.banking.options import BankingOptions
from makao.cards import Card

if TYPE_CHECKING:
    from makao.banking.game import BankingGame

__all__ = ["BankingView", "make_view"]


@attrs.frozen
class BankingView:
    """One seat's knowledge of the game; bots decide from this alone.

    ``discarded`` holds the seat's own cards it discarded face down on a redraw since the
    shoe was shuffled (MB-6): it saw them before it let them go; nobody else did (empty in
    a view built by hand, which leaves it out).
    """

    seat: int
    options: BankingOptions
    names: tuple[str, ...]
    banker: int
    phase: str
    to_act: int | None
    coup: int
    balances: tuple[int, ...]
    bank: int
    stakes: tuple[int | None, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    draws: tuple[int, ...]
    shoe_size: int
    discard_size: int
    seen: tuple[Card, ...]
    legal_moves: tuple[Move, ...]
    discarded: tuple[Card, ...] = ()

    @property
    def own_cards(self) -> tuple[Card, ...]:
        """The seat's own cards that it may see (none for the banker before the showdown)."""
        return tuple(card for card in self.hands[self.seat] if card is not None)

    @property
    def known_cards(self) -> tuple[Card, ...]:
        """Every card the seat knows is out of the shoe: those shown since it was shuffled,
        its own redraw discards and its own cards. The rest of the two decks is unseen."""
        return (*self.seen, *self.discarded, *self.own_cards)


def make_view(game: BankingGame, seat: int) -> BankingView:
    """Build ``seat``'s view of ``game``."""
    hands = tuple(
        tuple(card if s == seat and s != game.banker else None for card in game.hand(s))
        for s in range(game.players)
    )
    return BankingView(
        seat=seat,
        options=game.options,
        names=game.names,
        banker=game.banker,
        phase=game.phase,
        to_act=game.to_act,
        coup=game.coup,
        balances=game.balances,
        bank=game.bank,
        stakes=tuple(game._stakes),
        hands=hands,
        draws=tuple(game._draws),
        shoe_size=game.shoe_size,
        discard_size=len(game._discards),
        seen=tuple(game._seen),
        legal_moves=game.legal_moves() if game.to_act == seat else (),
        discarded=tuple(game._discarded[seat]),
    )
