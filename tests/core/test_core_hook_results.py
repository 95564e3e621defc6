"""What a rule's hooks give the engine: the out-of-turn moves a turn rule lists
(`TurnRule.extra_moves`), the effect an effect leaves in force (`Effect.on_turn_end`,
`Effect.on_covered`) and what an effect asks of the player to move (`Effect.pending`).
The engine keeps or passes on what they give, so anything it cannot is a `SetupError`
naming the hook where it is taken, in both builds alike -- not a bare ``TypeError`` or
``AttributeError`` at the next listing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs
import pytest

from makao import Card, Game, Rank, variants
from makao.errors import SetupError
from makao.events import Event
from makao.moves import Choice, Move, Say
from makao.rules.base import CardSetRule, Effect, Pending, Table, TurnRule

PL = variants.polish()


@attrs.frozen
class Lister(TurnRule):
    """A user's rule whose `extra_moves` gives what it was given (for seat 0 to move)."""

    given: object = attrs.field(default=(), hash=False)  # a list too: compared, not hashed

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """What it was given."""
        return self.given  # type: ignore[return-value]  # on purpose


def listing(given: object) -> tuple[Move, ...]:
    """The legal moves of a Polish position with a `Lister` giving ``given``."""
    game = Game.from_position(PL.with_rules(Lister(given)), hands=["5h 6h", "7s"], pile="9h")
    return game.legal_moves()


@pytest.mark.parametrize("given", [None, "draw", b"draw", 7])
def test_extra_moves_that_are_no_collection_of_moves_are_refused_naming_the_rule(
    given: object,
) -> None:
    """``None`` or a number was a bare ``TypeError`` ("not iterable"), and a text was
    listed letter by letter as moves (``'d', 'r', 'a', 'w'``)."""
    with pytest.raises(SetupError, match=r"Lister.extra_moves must give a tuple of moves"):
        listing(given)


def say_makao() -> Iterator[Move]:
    """A generator of one late call."""
    yield Say(0, "makao")


@pytest.mark.parametrize("given", [[Say(0, "makao")], (Say(0, "makao"),), "generator"])
def test_extra_moves_given_as_a_list_a_tuple_or_a_generator_are_listed_alike(
    given: object,
) -> None:
    """Every iterable of moves but a text is listed, after the turn moves."""
    moves = listing(say_makao() if given == "generator" else given)
    assert moves[-1] == Say(0, "makao") and sum(type(move) is Say for move in moves) == 1


@attrs.frozen
class Lasting(Effect):
    """A user's effect that allows sevens (a demand, PL-21) and leaves in force what it
    was given: when its turn ends (``turn``) and when a seven covers it (``covered``)."""

    turn: object = attrs.field(default=None, hash=False)
    covered: object = attrs.field(default=None, hash=False)

    def allows(self, game: Table, card: Card) -> bool:
        """Sevens."""
        return card.rank is Rank.SEVEN

    def on_turn_end(self, game: Table, seat: int, events: list[Event]) -> Effect | None:
        """What it was given."""
        return self.turn  # type: ignore[return-value]  # on purpose

    def on_covered(self, game: Table, events: list[Event]) -> Effect | None:
        """What it was given."""
        return self.covered  # type: ignore[return-value]  # on purpose

    def to_text(self) -> str:
        """Its name."""
        return "lasting"


@attrs.frozen
class FivesLast(CardSetRule):
    """A user's card rule: a five puts a `Lasting` in force."""

    effect: Lasting = Lasting()

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """The effect."""
        game.set_effect(self.effect)


def fives(effect: Lasting, second: str = "7h 8c") -> Game:
    """Seat 0 to play the 5h, whose `Lasting` then falls on seat 1 holding ``second``."""
    fives = FivesLast(frozenset(Card.parse(f"5{suit}") for suit in "hdcs"), effect)
    return Game.from_position(
        PL.with_rules(fives), hands=["5h 6h 9c", second], pile="9h", stock="2c 3c 4c"
    )


@pytest.mark.parametrize("given", ["over", 7, Rank.FIVE])
def test_an_effect_covered_leaving_no_effect_is_refused_naming_its_hook(given: object) -> None:
    """What `on_covered` gives is the effect in force from then on: anything but an
    `Effect` or ``None`` was kept, and the next listing failed on it
    (``AttributeError: 'int' object has no attribute '_kept'``)."""
    game = fives(Lasting(covered=given))
    game.play("5h")
    with pytest.raises(SetupError, match=r"Lasting.on_covered must give an Effect or None"):
        game.play("7h")


@pytest.mark.parametrize("given", ["over", 7])
def test_an_effect_whose_turn_ends_leaving_no_effect_is_refused_naming_its_hook(
    given: object,
) -> None:
    """The same for `on_turn_end`: seat 1, with no seven, draws a card on the effect (no
    seven either), and its turn ends with the effect still in force."""
    game = fives(Lasting(turn=given), "8c 10c")
    game.play("5h")
    with pytest.raises(SetupError, match=r"Lasting.on_turn_end must give an Effect or None"):
        game.play("draw")


def test_an_effect_may_end_or_be_replaced_when_its_turn_ends_or_it_is_covered() -> None:
    """``None`` ends the effect and another `Effect` replaces it, as before."""
    other = Lasting(covered="never read")
    game = fives(Lasting(turn=other), "8c 10c")
    game.play("5h")
    game.play("draw")
    assert game.effect == other
    game = fives(Lasting(covered=None))
    game.play("5h")
    game.play("7h")
    assert game.effect is None


@pytest.mark.parametrize("passed", ["finished", "waiting"])
def test_pl_19_an_effect_counting_a_passed_over_seats_turn_is_checked_too(passed: str) -> None:
    """PL-19: a seat passed over (finished, or sitting out a wait) has its turn counted by
    the effect in force (`on_turn_end`): what that gives is checked as at a turn's end."""
    fives = FivesLast(frozenset(Card.parse(f"5{suit}") for suit in "hdcs"), Lasting(turn="over"))
    game = Game.from_position(
        PL.with_rules(fives),
        hands=["5h 6h 9c", "" if passed == "finished" else "8c 10c", "7h 8c"],
        pile="9h",
        stock="2c 3c 4c",
        finished=[1] if passed == "finished" else [],
        waits=[0, 0, 0] if passed == "finished" else [0, 1, 0],
    )
    with pytest.raises(SetupError, match=r"Lasting.on_turn_end must give an Effect or None"):
        game.play("5h")


@attrs.frozen
class Asking(Effect):
    """A user's effect whose `pending` gives what it was given."""

    given: object = attrs.field(default=None, hash=False)

    def pending(self) -> Pending:
        """What it was given."""
        return self.given  # type: ignore[return-value]  # on purpose

    def to_text(self) -> str:
        """Its name."""
        return "asking"


@pytest.mark.parametrize("given", [None, "draw", 3])
def test_an_effect_whose_pending_is_no_pending_is_refused_naming_its_hook(given: object) -> None:
    """`Game.pending` and a view's gave whatever the effect's `pending` gave (``None``, a
    text) to the caller, and a position with such an effect failed on it
    (``AttributeError: 'NoneType' object has no attribute 'kind'``)."""
    refused = r"Asking.pending must give a Pending, not "
    with pytest.raises(SetupError, match=refused):
        Game.from_position(PL, hands=["5h", "7s"], pile="9h", effect=Asking(given))
    game = Game.from_position(PL, hands=["5h", "7s"], pile="9h", effect=Asking(Pending()))
    object.__setattr__(game.effect, "given", given)
    with pytest.raises(SetupError, match=refused):
        game.pending  # noqa: B018  # the property's check is the test
    with pytest.raises(SetupError, match=refused):
        game.view(0).pending  # noqa: B018  # the same
