"""Rules are data you can compose (DESIGN principle 1): Polish makao with a rule removed, a
rule replaced, and a brand-new rule defined right here all play correctly -- without any
change to the engine."""

from __future__ import annotations

import attrs
import pytest

from makao import ALL_CARDS, Card, Game, IllegalMoveError, Play, Rank, Variant, variants
from makao.events import AttackRaised, DirectionChanged, Event
from makao.moves import Choice
from makao.rules import BattleCards, CardRule, Effect, Table, Wild
from makao.testing import check_variant
from makao.variants.polish import polish_battle_cards

PL = variants.polish()
STOCK = "5c 6c 8c 9c 10c 5d 6d 8d 9d 10d"


@attrs.frozen
class ReverseCards(CardRule):
    """A user's own rule: each card played of ``rank`` reverses the direction of play."""

    rank: Rank = Rank.SEVEN

    def covers(self, card: Card) -> bool:
        """The cards of ``rank``."""
        return card.rank is self.rank

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """Reverse once per card played (two sevens cancel out)."""
        if len(cards) % 2:
            events.append(DirectionChanged(game.reverse()))


NO_QUEEN = PL.without(Wild, name="polish-no-queen")
CLUB_KING = PL.replace(
    BattleCards,
    attrs.evolve(polish_battle_cards(), penalties=(*polish_battle_cards().penalties, ("Kc", 5))),
    name="polish-club-king",
)
SEVENS_REVERSE = PL.with_rules(ReverseCards(ids=("HOUSE-1",)), name="polish-sevens-reverse")


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only, without calls or choices)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


def test_without_the_queen_rule_queens_are_ordinary() -> None:
    game = Game.from_position(NO_QUEEN, hands=["Qs Qh 5d", "6d"], pile="7h", stock=STOCK)
    assert plays(game) == {"Qh", "Qh Qs"}
    with pytest.raises(IllegalMoveError):
        game.play("Qs")
    assert not NO_QUEEN.compiled.is_function[Card.parse("Qs").index]
    assert "PL-9" not in NO_QUEEN.rule_ids
    assert "Qs" in plays(Game.from_position(PL, hands=["Qs 5d", "6d"], pile="7h", stock=STOCK))


def test_a_club_king_added_as_a_battle_king() -> None:
    game = Game.from_position(CLUB_KING, hands=["Kc 5d", "Kh 6d", "7d 8d"], pile="9c", stock=STOCK)
    assert game.play("Kc")[-1] == AttackRaised(0, 1, 5)
    assert game.play("Kh")[-1] == AttackRaised(1, 2, 10)
    assert CLUB_KING.compiled.is_function[Card.parse("Kc").index]
    assert not CLUB_KING.compiled.is_function[Card.parse("Kd").index]


def test_the_club_king_replacement_leaves_polish_untouched() -> None:
    game = Game.from_position(PL, hands=["Kc 5d", "Kh 6d"], pile="9c", stock=STOCK)
    game.play("Kc")
    assert game.effect is None


def test_a_new_rule_defined_by_a_user_reverses_play() -> None:
    hands = ["5h 6d", "7h 7d 5c", "5s 6s", "9h 9d"]
    game = Game.from_position(SEVENS_REVERSE, hands=hands, pile="9h", stock=STOCK, to_move=1)
    assert game.play("7h")[-1] == DirectionChanged(-1)
    assert game.to_move == 0
    game.play("5h")
    assert game.to_move == 3


def test_a_new_rule_two_sevens_cancel_out() -> None:
    hands = ["5h 6d", "7h 7d 5c", "5s 6s", "9h 9d"]
    game = Game.from_position(SEVENS_REVERSE, hands=hands, pile="9h", stock=STOCK, to_move=1)
    game.play("7h 7d")
    assert game.direction == 1
    assert game.to_move == 2


def test_a_new_rule_card_is_a_function_card_never_turned_to_start() -> None:
    sevens = {card for card in ALL_CARDS if card.rank is Rank.SEVEN}
    for seed in range(40):
        assert Game.new(SEVENS_REVERSE, 4, seed=seed).top not in sevens


@pytest.mark.parametrize("variant", [NO_QUEEN, CLUB_KING, SEVENS_REVERSE], ids=lambda v: v.name)
def test_composed_variants_pass_the_conformance_suite(variant: Variant) -> None:
    report = check_variant(variant, players=(2, 3), games=2, seed=5, unlisted=1)
    assert (report.games, report.finished) == (2, 2)


def test_pl_13_a_rule_added_later_overrides_an_earlier_one_for_the_same_card() -> None:
    """`Variant.with_rules` appends rules that override earlier ones for their cards: a
    reversing king replaces the Polish battle king (PL-13) of the same card, and a second
    wild rule replaces the queen's (PL-9) -- the last rule that covers a card is its rule."""
    kings = PL.with_rules(ReverseCards(ids=("HOUSE-1",), rank=Rank.KING), name="polish-kings")
    king = Card.parse("Kh")
    reversing = kings.rules[-1]
    assert kings.compiled.card_rule[king.index] is reversing
    assert PL.compiled.card_rule[king.index] is not reversing
    hands = ["Kh 5h", "6h 7d", "8s 9s"]
    game = Game.from_position(kings, hands=hands, pile="9h", stock=STOCK)
    assert game.play("Kh")[-1] == DirectionChanged(-1)  # no attack: the later rule's effect
    assert game.effect is None and game.to_move == 2
    stuck_queens = PL.with_rules(Wild(only_when_stuck=True), name="polish-stuck-queens")
    queen = Card.parse("Qs")
    assert stuck_queens.compiled.wild[queen.index] is stuck_queens.rules[-1]
    assert stuck_queens.compiled.wild_answers[queen.index] == (True, False)
