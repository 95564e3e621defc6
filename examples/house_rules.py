"""Two house rules written as user code against the rule contract (makao.rules.Table),
composed into Polish makao with Variant operations -- no engine edit.

* Jump-in: a player holding a card identical to the top card may play it out of turn
  (``"2: jump 7h"``); play goes on from them.
* Sevens swap: a player who plays a seven swaps hands with an opponent of their choice;
  the choice is part of the move (``"7h:@2"``).

Run it: ``python examples/house_rules.py``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable

import attrs

from makao import ALL_CARDS, Card, Game, Play, Rank, Seat, variants
from makao.moves import Choice, Move, register_move_parser
from makao.rules import CardSetRule, Effect, Table, TurnRule, leave_as_plain_card
from makao.rules.base import Events
from makao.testing import check_variant

# --8<-- [start:jump-in]


@attrs.frozen
class JumpIn(Move):
    """Seat ``seat`` plays ``card`` out of turn, on an identical top card."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}: jump {self.card}"


def parse_jump(seat: int | None, words: list[str]) -> JumpIn:
    """Read ``"2: jump 7h"``: the notation of `JumpIn`."""
    if seat is None or seat < 0 or len(words) != 1:
        raise ValueError("a jump-in is written '2: jump 7h'")
    return JumpIn(seat, Card.parse(words[0]))


register_move_parser("jump", parse_jump)


@attrs.frozen
class JumpInRule(TurnRule):
    """House rule: a player holding a card identical to the top card may play it out of
    turn, while no effect is in force and the player to move has not drawn; play goes on
    from them. Cards with an effect of their own cannot jump in."""

    handles = (JumpIn,)

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """Every seat but the mover's that holds a copy of an ordinary top card."""
        top = game.top
        if game.effect is not None or game.drawn is not None or game.rule_for(top):
            return ()
        return [
            JumpIn(seat, top)
            for seat in range(game.players)
            if seat != game.to_move and top in game.hands[seat]
        ]

    def action_templates(self, players: int) -> tuple[Move, ...]:
        """A jump-in per seat and card (each gets an action id)."""
        return tuple(JumpIn(seat, card) for seat in range(players) for card in ALL_CARDS)

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """The jumper takes the turn and plays the card."""
        assert isinstance(move, JumpIn)
        game.play_cards(move.seat, Play((move.card,)), events)


# --8<-- [end:jump-in]
# --8<-- [start:sevens-swap]


@attrs.frozen
class SevensSwap(CardSetRule):
    """House rule: a player who plays a seven swaps hands with an opponent of their
    choice (``7h:@2``); a seven that finishes the hand has no effect (PL-33)."""

    cards: frozenset[Card] = frozenset(card for card in ALL_CARDS if card.rank is Rank.SEVEN)

    def table_choices(self, game: Table, seat: int, card: Card) -> tuple[Choice, ...]:
        """Every opponent still in the game."""
        return tuple(
            Seat(other) for other in range(game.players) if other != seat and not game.done[other]
        )

    def choice_templates(self, card: Card, players: int) -> tuple[Choice, ...]:
        """Any seat of the table (for action ids)."""
        return tuple(Seat(other) for other in range(players))

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Swap hands with the chosen seat. A demand for sevens lasts its round (PL-23):
        the engine cleared the effect in force for this rule, which leaves it as a plain
        card would."""
        leave_as_plain_card(game, previous, events)
        if isinstance(choice, Seat):
            game.swap_hands(seat, choice.seat, events)


# --8<-- [end:sevens-swap]
# --8<-- [start:compose]

HOUSE = variants.polish(decks=2).with_rules(JumpInRule(), SevensSwap(), name="polish-house")

# --8<-- [end:compose]


def main() -> None:
    """Show both rules at work, then run the conformance suite on the house variant."""
    game = Game.from_position(HOUSE, hands=["9d 7d 5c", "6s 5d", "9d 8s 6h"], pile="9c")
    print(game.play("9d"), "-> seat 2 may jump in:", game.legal_moves_text(2))
    print(game.play("2: jump 9d"), "-> to move:", game.to_move)
    print("seat 0 may swap:", game.legal_moves_text(0))
    print(game.play("7d:@1"))
    print("hands:", [" ".join(map(str, game.hand(seat))) for seat in range(3)])
    print(check_variant(HOUSE, players=(2, 3, 4), games=2, seed=1))


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    main()
