"""The rule contract (makao.rules.base): the defaults a rule object inherits when it
overrides only the hooks it needs -- its description, its state restored from a view,
and what its effects ask and allow."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar, cast

import attrs
import pytest

from _rules import Service, Slip
from makao import Card, Draw, Game, Pass, Pending, Play, Rank, Suit, Variant, variants
from makao.errors import SeatError, SetupError
from makao.events import Event, StockReshuffled
from makao.moves import Choice, Move
from makao.rules import LastCardCall, StartRule, SuitDemandCards, Wild
from makao.rules.base import (
    CardRule,
    CardSetRule,
    DrawRule,
    Effect,
    Rule,
    Stateful,
    Table,
    TurnRule,
    WildRule,
)

PL = variants.polish()
STOCK = "5c 6c 8c 9c"
T = TypeVar("T")


@attrs.frozen
class Counter(Stateful[int], TurnRule):
    """A user's rule that keeps a count of its own.

    It starts at seven and shows nothing to the views."""

    def initial_state(self) -> int:
        """Seven."""
        return 7


@attrs.frozen
class Nameless(Rule):
    pass


@attrs.frozen
class Named(Effect):
    """A user's effect whose text is its class's name, in lower case."""

    def to_text(self) -> str:
        """Its name."""
        return type(self).__name__.lower()


@attrs.frozen
class Sevens(Named):
    """A user's effect that overrides only what it allows: sevens (a demand, PL-21)."""

    def allows(self, game: Table, card: Card) -> bool:
        """Sevens only."""
        return card.rank is Rank.SEVEN


def sevens(hand: str) -> Game:
    """Seat 0 holds ``hand`` under a `Sevens` effect; seat 1 holds 7s 10h."""
    return Game.from_position(PL, hands=[hand, "7s 10h"], pile="9h", stock=STOCK, effect=Sevens())


Act = Callable[[Table, Choice], object]
"""What an `Acting` rule's cards do when played: given the game and the play's choice."""


def do_nothing(game: Table, choice: Choice) -> None:
    """Nothing."""


@attrs.frozen
class Acting(CardSetRule):
    """A user's card rule whose cards (a fixed set), played, do ``act`` (by default
    nothing)."""

    act: Act = attrs.field(default=do_nothing, kw_only=True)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """The act."""
        self.act(game, choice)


def test_describe_is_the_first_line_of_the_rule_docstring_or_its_class_name() -> None:
    """A rule describes itself by its docstring's first line, else by its class name."""
    assert Counter().describe() == "A user's rule that keeps a count of its own."
    assert Nameless().describe() == "Nameless"


def test_pl_29_a_rule_without_restore_state_gets_its_initial_state_from_a_view() -> None:
    """PL-29: public state restores the call owed, and a rule without a restore_state of
    its own starts from its initial state."""
    counter = Counter()
    assert counter.restore_state({"makao": 1}) == 7
    game = Game.from_position(
        PL.with_rules(counter), hands=["5h 6d", "7s"], pile="9h", stock=STOCK, public=[("makao", 1)]
    )
    assert game.rule_state(counter) == 7
    assert dict(game.public_state())["makao"] == 1


def test_pl_24_a_custom_effect_may_be_drawn_on_only_by_a_player_who_cannot_follow() -> None:
    """PL-24: by default an effect is taken by drawing only when no card answers it."""
    assert Draw() not in sevens("5h 7d").legal_moves()
    assert Draw() in sevens("5h 6d").legal_moves()
    effect = Sevens()
    assert not effect.may_draw(sevens("5h"), 0, True) and effect.may_draw(sevens("5h"), 0, False)


def test_pl_24_pl_36_a_custom_effect_lists_no_draw_when_nothing_can_be_drawn() -> None:
    """PL-24, PL-36: by default, as under a demand, nobody draws when no card can be drawn
    (no stock, the pile's top card alone): a player who cannot follow passes, stuck, and a
    game where nobody can follow ends blocked (it listed a draw of nothing for ever)."""

    def stuck(hands: list[str]) -> Game:
        return Game.from_position(PL, hands=hands, pile="9h", effect=Sevens())

    assert not Sevens().may_draw(stuck(["5h", "6d"]), 0, False)
    assert stuck(["5h 6s", "6d 8c"]).legal_moves() == (Pass(),)
    game = stuck(["5h 6s", "6d 8c"])
    for _ in range(4):
        if game.is_over:
            break
        game.play(Pass())
    assert game.is_over and game.outcome is not None and game.outcome.blocked


@attrs.frozen
class Toll(Sevens):
    """A user's sevens that a player who cannot follow ends by paying a toll of two cards
    (forgiven when none are left): its own `on_draw`, the default `may_draw`."""

    def on_draw(self, game: Table, seat: int, events: list[Event]) -> None:
        """Two cards, and the toll is paid."""
        game.draw_cards(seat, 2, "penalty", events)
        game.set_effect(None)
        game.end_turn(seat, None, events)


def test_pl_24_pl_36_an_effect_with_its_own_draw_keeps_it_when_nothing_can_be_drawn() -> None:
    """PL-24, PL-36: the default `may_draw` leaves out a draw of nothing only for the
    default `on_draw`: an effect whose draw does something else (takes a penalty, ends the
    effect) keeps it, as before, and the game goes on instead of ending blocked."""
    game = Game.from_position(PL, hands=["5h 6s", "6d 9c"], pile="9h", effect=Toll())
    assert game.legal_moves() == (Draw(),)
    game.play(Draw())
    assert game.effect is None and game.to_move == 1 and "9c" in game.legal_moves_text()


def test_pl_24_a_custom_effect_is_over_once_answered_and_lasts_past_a_draw() -> None:
    """PL-24: by default an effect ends when a card answers it and stays after a draw."""
    game = sevens("5h 7d")
    game.play(Play((Card.parse("7d"),)))
    assert game.effect is None
    game = sevens("5h 6d")
    game.play(Draw())
    assert isinstance(game.effect, Sevens) and game.to_move == 1


def test_pl_24_a_custom_effect_keeps_the_defaults_the_engine_reads_without_a_call() -> None:
    """PL-24, PL-9: an effect cannot be passed by default, blocks wild cards and is taken
    by drawing."""
    effect, game = Sevens(), sevens("5h 6d")
    assert not effect.may_pass(game, 0) and Pass() not in game.legal_moves()
    assert effect.blocks_wilds
    assert effect.pending() == Pending("other", accept=Draw())


@attrs.frozen
class EightOfSpades(WildRule):
    """A user's wild card that keeps the default condition: the 8 of spades."""

    def covers(self, card: Card) -> bool:
        """The 8 of spades."""
        return card == Card.parse("8s")


def test_pl_9_a_wild_rule_without_a_condition_is_wild_whenever_no_effect_is_in_force() -> None:
    """PL-9: a wild rule that keeps the default `allows` lets its card go on anything."""
    variant = PL.without(Wild).with_rules(EightOfSpades())
    for hand in ("8s 5h", "8s 5d"):  # with no matching card, and with one
        game = Game.from_position(variant, hands=[hand, "7s"], pile="9d", stock=STOCK)
        assert "8s" in game.legal_moves_text()


def test_pl_29_every_call_a_rule_lists_is_named_up_to_four_cards_left() -> None:
    """PL-29: a call owed with four cards left is named (and gets an action id)."""
    assert LastCardCall(call="four", cards_left=4).call_names() == ("four",)
    assert LastCardCall().call_names() == ("makao",)


@attrs.frozen
class FourOrMore(TurnRule):
    """A user's call, "plenty", said with a play that leaves four or more cards."""

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """ "plenty" with four or more cards left."""
        return ("plenty",) if cards_left >= 4 else ()


def test_a_call_rule_keeps_four_cards_left_apart_from_three_by_default() -> None:
    """A call rule's default `same_calls_from` tells four or more cards left from three."""
    variant = PL.with_rules(FourOrMore())
    five_left = Game.from_position(variant, hands=["5h 6d 7d 8d 9d 10d", "7s"], pile="9h")
    assert "5h +plenty" in five_left.legal_moves_text()
    three_left = Game.from_position(variant, hands=["5h 6d 7d 8d", "7s"], pile="9h")
    assert "5h" in three_left.legal_moves_text()
    assert "5h +plenty" not in three_left.legal_moves_text()


@attrs.frozen
class CallAsText(TurnRule):
    """A user's call rule that gives its call as a text, not as a tuple of one name."""

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """ "makao" -- meant as ``("makao",)`` -- with one card left."""
        return "makao" if cards_left == 1 else ()  # type: ignore[return-value]  # on purpose


def test_pl_29_a_call_rule_giving_its_calls_as_a_text_is_refused_naming_it() -> None:
    """PL-29: calls come as a tuple of names; a text would list a call a letter (``+m``,
    ``+a``, ...), so it is a `SetupError` naming the rule, at the listing that asks."""
    variant = PL.with_rules(CallAsText())
    game = Game.from_position(variant, hands=["5h 6d", "7s"], pile="9h")
    with pytest.raises(SetupError, match=r"CallAsText.call_options must give .* not 'makao'"):
        game.legal_moves()
    many = Game.from_position(variant, hands=["5h 6d 7d", "7s"], pile="9h")
    assert "5h" in many.legal_moves_text()  # no call due: nothing to refuse
    listed = Game.from_position(PL.with_rules(CallsAsList()), hands=["5h 6d", "7s"], pile="9h")
    assert "5h +hush" in listed.legal_moves_text()  # a list is a sequence of names too


@attrs.frozen
class CallsAsList(TurnRule):
    """A user's call rule that gives its calls as a list."""

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """ "hush" with one card left."""
        return ["hush"] if cards_left == 1 else []  # type: ignore[return-value]  # a list


@attrs.frozen
class SevensDrawnByDefault(Sevens):
    """A user's sevens whose draw hands over to the default one (``super().on_draw``)."""

    def on_draw(self, game: Table, seat: int, events: list[Event]) -> None:
        """The default draw."""
        super().on_draw(game, seat, events)


def test_pl_8_pl_24_an_effects_default_draw_keeps_the_turn_open_for_a_drawn_answer() -> None:
    """PL-8, PL-24: the default `on_draw` draws one card, which may be played if it answers."""
    answered = Game.from_position(
        PL, hands=["5h 6d", "7s 10h"], pile="9h", stock="7c 5c", effect=SevensDrawnByDefault()
    )
    answered.play(Draw())
    assert answered.to_move == 0 and answered.drawn == Card.parse("7c")
    assert "7c" in answered.legal_moves_text()
    missed = Game.from_position(
        PL, hands=["5h 6d", "7s 10h"], pile="9h", stock="5c 7c", effect=SevensDrawnByDefault()
    )
    missed.play(Draw())
    assert missed.to_move == 1 and len(missed.hand(0)) == 3


@attrs.frozen
class Tally(Stateful[T], TurnRule):
    """A user's rule that keeps a tally of the plays made as its state: after each play,
    the `step` from the tally before (keeping the default `after_play_applies`)."""

    def step(self, state: T, cards: tuple[Card, ...]) -> T:
        """The tally after a play of ``cards``."""
        raise NotImplementedError

    def after_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        calls: Iterable[str],
        events: list[Event],
    ) -> None:
        """The tally one play on."""
        self.set_state(game, self.step(self.state(game), cards))


@attrs.frozen
class PlayCounter(Tally[int]):
    """A user's rule that counts the plays made, keeping the default `after_play_applies`."""

    def initial_state(self) -> int:
        """No plays yet."""
        return 0

    def step(self, state: int, cards: tuple[Card, ...]) -> int:
        """One more play."""
        return state + 1


def test_a_turn_rules_after_play_is_called_after_every_play_by_default() -> None:
    """A turn rule that keeps the default `after_play_applies` sees every play."""
    counter = PlayCounter()
    game = Game.from_position(
        PL.with_rules(counter), hands=["5h 6h 7d", "7h 8s"], pile="9h", stock=STOCK
    )
    game.play("5h")
    game.play("7h")
    assert game.rule_state(counter) == 2


@attrs.frozen
class DefaultDraw(DrawRule):
    """A user's draw rule whose `draws_again` hands over to the default one."""

    def draws_again(self, drawn: int) -> bool:
        """The default answer."""
        return super().draws_again(drawn)


def test_pl_8_a_draw_rule_draws_again_only_with_draw_until_playable_up_to_max_draws() -> None:
    """PL-8: one card is drawn unless the rule draws until playable, then up to ``max_draws``."""
    assert not DrawRule().draws_again(1)
    assert DrawRule(draw_until_playable=True).draws_again(9)
    limited = DrawRule(draw_until_playable=True, max_draws=2)
    assert limited.draws_again(1) and not limited.draws_again(2)
    game = Game.from_position(
        PL.replace(DrawRule, DefaultDraw()), hands=["5s 6d", "7s 10h"], pile="9h", stock="4c 5h"
    )
    game.play(Draw())
    assert game.hand(0) == tuple(Card.parse(text) for text in ("5s", "6d", "4c"))
    assert game.to_move == 1


def dealt_on(variant: Variant, start: str) -> Game:
    """Three seats dealt one card each from ``5c 6c 7c``, then ``start`` turned to start
    the pile, by ``variant``'s start rule; seat 0 moves first (the dealer is seat 2). The
    table before the deal is set up with a start rule dealing no cards (only then may a
    seat still playing hold none, PL-32)."""
    dealing = variant.compiled.start
    blank = variant.replace(StartRule, attrs.evolve(dealing, hand_size=0))
    game = Game.from_position(blank, hands=["", "", ""], pile="9d", stock="5c 6c 7c " + start)
    dealing.deal(game)
    return game


ACTING = PL.replace(StartRule, StartRule(hand_size=1, start_card="effect"))


def test_ru_4_a_starting_card_that_acts_is_played_by_the_dealer_on_the_first_player() -> None:
    """RU-4 (option), PL-12: a starting 2 attacks the first player, raised by the dealer."""
    game = dealt_on(ACTING, "2h")
    assert game.top == Card.parse("2h")
    assert game.pending == Pending.attack(2, by=2) and game.to_move == 0


def test_ru_4_a_starting_card_that_needs_a_suit_names_its_own() -> None:
    """RU-4 (option), PL-26: a starting ace names its own suit (not the first suit listed)."""
    assert dealt_on(ACTING, "As").pending.suit is Suit.SPADES
    assert dealt_on(ACTING, "Ad").pending.suit is Suit.DIAMONDS


def sevens_unless_fives(game: Table, choice: Choice) -> None:
    """`Sevens` in force, unless fives are named."""
    game.set_effect(None if choice is Rank.FIVE else Sevens())


@attrs.frozen
class MaybeFives(Acting):
    """A user's card that demands fives, or, with no choice, sevens."""

    act: Act = attrs.field(default=sevens_unless_fives, kw_only=True)

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """Fives, or nothing."""
        return (Rank.FIVE, None)


def test_ru_4_a_starting_card_whose_choices_allow_none_acts_with_no_choice() -> None:
    """RU-4 (option): a starting card that may go without a choice acts with none."""
    variant = ACTING.with_rules(MaybeFives(cards=frozenset({Card.parse("3h")})))
    assert isinstance(dealt_on(variant, "3h").effect, Sevens)


def test_ru_4_pl_14_a_starting_backwards_king_sends_the_turn_to_the_dealers_previous_seat() -> None:
    """RU-4 (option), PL-14: a starting K♠ attacks the seat before the dealer, who moves first."""
    game = dealt_on(ACTING, "Ks")
    assert game.pending == Pending.attack(5, by=2) and game.to_move == 1


def test_pl_35_the_reshuffle_service_puts_the_pile_under_the_stock_left() -> None:
    """PL-35: `Table.reshuffle` shuffles the pile but its top card in under the stock that
    is left, so the cards already in the stock are drawn first."""
    game = Game.from_position(PL, hands=["5d", "6s"], pile="6h 7h 8h", stock="5c")
    events: list[Event] = []
    assert game.reshuffle(events)
    assert events == [StockReshuffled(2)]
    assert game.pile == [Card.parse("8h")]
    assert game.draw_cards(0, 1, "draw", events) == (Card.parse("5c"),)


def test_pl_35_pl_36_a_lone_top_card_and_no_stock_leave_nothing_to_draw() -> None:
    """PL-35, PL-36: with no stock, the pile's top card alone is no card to draw."""
    game = Game.from_position(PL, hands=["5d", "6s"], pile="8h")
    assert not game.can_draw()
    events: list[Event] = []
    assert not game.reshuffle(events) and not events
    assert Game.from_position(PL, hands=["5d", "6s"], pile="7h 8h").can_draw()


def test_pl_35_pl_36_a_listing_past_the_plain_tables_lists_no_draw_from_a_lone_top_card() -> None:
    """PL-35, PL-36 (mutation audit): a variant whose listing is not read from the plain
    tables (a rule that claims plays) lists no draw with no stock and only the top card on
    the pile: the seat that cannot play passes; one pile card under it is a draw."""
    variant = PL.with_rules(FiveClaim(), name="polish-five-claim")
    game = Game.from_position(variant, hands=["5d", "6s"], pile="8h")
    assert game.legal_moves_text(0) == ["pass"]
    game = Game.from_position(variant, hands=["5d", "6s"], pile="7h 8h")
    assert game.legal_moves_text(0) == ["draw"]


REVERSER = Acting(act=lambda game, choice: game.reverse())
"""A rule that turns the direction of play around when it acts."""


@attrs.frozen
class FiveClaim(Acting):
    """A rule that takes over every play of fives and does nothing with it."""

    def claims(self, game: Table, cards: tuple[Card, ...]) -> bool:
        """Fives."""
        return cards[0].rank is Rank.FIVE


@attrs.frozen
class Closing(Named):
    """An effect whose answer rule, `REVERSER`, takes every play on it (as RU-15's)."""

    def allows(self, game: Table, card: Card) -> bool:
        """Any card."""
        return True

    @property
    def answer_rule(self) -> CardRule:
        """The reverser."""
        return REVERSER

    @property
    def answer_overrides(self) -> bool:
        """Every play."""
        return True


def test_ru_15_um_20_a_claiming_rule_takes_a_play_even_on_an_effect_that_takes_every_play() -> None:
    """UM-20, RU-15: a play a rule claims is that rule's, not the effect's answer rule's."""
    variant = PL.with_rules(FiveClaim(), name="polish-five-claim")
    hands = ["5d 9c", "6d 7c", "8d 9d"]
    game = Game.from_position(variant, hands=hands, pile="9h", stock=STOCK, effect=Closing())
    game.play("5d")
    assert game.direction == 1 and game.to_move == 1
    game = Game.from_position(variant, hands=hands, pile="9h", stock=STOCK, effect=Closing())
    game.play("9c")  # not claimed: the effect's answer rule acts
    assert game.direction == -1 and game.to_move == 2


def test_rule_state_of_an_equal_rule_of_an_equal_variant_and_of_a_stateless_rule() -> None:
    """Equal rule tuples share their compiled tables, which index the states by the first
    tuple's objects: the state of a second, equal rule object is read and replaced as its
    variant's (it was a bare `KeyError`); a rule that keeps no state in the game is a
    `SetupError` that says so."""
    first, second = PlayCounter(), PlayCounter()
    assert first == second and first is not second
    PL.with_rules(first)  # compiled first: its tables index `first`
    game = Game.from_position(
        PL.with_rules(second), hands=["5h 6h 7d", "7h 8s"], pile="9h", stock=STOCK
    )
    game.play("5h")
    assert game.rule_state(second) == 1 == game.rule_state(first)
    game.set_rule_state(second, 5)
    assert game.rule_state(second) == 5
    with pytest.raises(SetupError, match="keeps no state in this game"):
        game.rule_state(Wild(frozenset()))
    with pytest.raises(SetupError, match="keeps no state in this game"):
        game.set_rule_state(LastCardCall(), 0)


@attrs.frozen
class Coverless(CardRule):
    """A user's card rule that forgot `covers` (refused before a play could need its
    `on_play`)."""


@attrs.frozen
class Silent(CardSetRule):
    """A user's card rule that forgot `on_play`."""


@attrs.frozen
class WildAnywhere(WildRule):
    """A user's wild rule that forgot `covers`."""


@attrs.frozen
class Listed(TurnRule):
    """A user's rule with a mutable field."""

    seats: list[int] = attrs.field(factory=list)


def test_a_rule_missing_a_hook_or_with_a_mutable_field_is_refused_at_build() -> None:
    """A card rule or a wild rule without `covers`, and a rule that is not hashable, are a
    `SetupError` when the variant is built, saying what is wrong (they were a bare
    `NotImplementedError` and a bare `TypeError`). A card rule without `on_play` is
    refused at its card's first play, by name: a rule whose cards are never played needs
    none (an existing test's rule has none)."""
    with pytest.raises(SetupError, match="Coverless must define `covers`"):
        PL.with_rules(Coverless())
    silent = PL.with_rules(Silent(frozenset(Card.parse(c) for c in ("5h", "5d"))))
    game = Game.from_position(silent, hands=["5h 9d", "6d 7d"], pile="5c", stock="8c 9c")
    with pytest.raises(NotImplementedError, match="Silent must define `on_play`"):
        game.play("5h")
    with pytest.raises(SetupError, match="WildAnywhere must define `covers`"):
        PL.with_rules(WildAnywhere())
    with pytest.raises(SetupError, match=r"Listed is not hashable .*fields are immutable"):
        PL.with_rules(Listed())


@attrs.frozen
class CallsForgotten(TurnRule):
    """A user's call rule whose ``call_options`` forgot its ``return`` (``None``)."""

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """Nothing returned: ``None``."""
        return None  # type: ignore[return-value]  # on purpose


@attrs.frozen
class TwoCallsAsList(TurnRule):
    """A user's call rule that gives two calls as a list."""

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """ "hush" and "psst" with one card left."""
        return ["hush", "psst"] if cards_left == 1 else []  # type: ignore[return-value]


def test_pl_29_a_call_rule_giving_none_or_an_empty_text_is_refused_naming_it() -> None:
    """PL-29: only a tuple or a list names calls; ``None`` (a ``return`` forgotten) is a
    `SetupError` naming the rule, even though it names no call, as a falsy text is."""
    game = Game.from_position(PL.with_rules(CallsForgotten()), hands=["5h 6d", "7s"], pile="9h")
    with pytest.raises(SetupError, match=r"CallsForgotten.call_options must give .* not None"):
        game.legal_moves()


def test_pl_29_every_call_a_call_rule_gives_as_a_list_is_listed() -> None:
    """PL-29: a list of calls is read whole, each name listed with the play."""
    variant = PL.with_rules(TwoCallsAsList())
    game = Game.from_position(variant, hands=["5h 6d", "7s"], pile="9h")
    listed = game.legal_moves_text()
    assert "5h +hush" in listed and "5h +psst" in listed


@attrs.frozen
class ListedState(Stateful[list[int]], TurnRule):
    """A user's rule whose state starts as a list."""

    def initial_state(self) -> list[int]:
        """An empty list."""
        return []


@attrs.frozen
class PlaysListed(Tally[object]):
    """A user's rule that keeps the cards played as a tuple, then puts a list in."""

    def initial_state(self) -> object:
        """No plays yet."""
        return ()

    def step(self, state: object, cards: tuple[Card, ...]) -> object:
        """The cards played so far, as a list."""
        return [*cast("tuple[Card, ...]", state), *cards]

    def restore_state(self, public: Mapping[str, object]) -> object:
        """A list, whatever the view showed."""
        return [0]


def test_a_rule_state_that_is_not_hashable_is_refused_naming_the_rule() -> None:
    """A rule's state is an immutable value (clones share it, views are cached by it): a
    state that is not hashable is a `SetupError` naming the rule when the variant is
    built (an initial state), when the rule sets it, or when a position restores it (it
    was a bare ``TypeError: unhashable type: 'list'`` at the game's first view)."""
    with pytest.raises(SetupError, match=r"ListedState\(.*\) keeps a state that is not hashable"):
        PL.with_rules(ListedState())
    listed = PL.with_rules(PlaysListed())
    game = Game.from_position(listed, hands=["5h 6h", "7h 8s"], pile="9h", stock=STOCK)
    assert game.view(0).public == ()
    with pytest.raises(SetupError, match=r"PlaysListed\(.*\) keeps a state that is not hashable"):
        game.play("5h")
    with pytest.raises(SetupError, match=r"PlaysListed\(.*\) keeps a state that is not hashable"):
        Game.from_position(listed, hands=["5h 6h", "7h 8s"], pile="9h", public=[("plays", 1)])


SLIPS: list[tuple[Service, type[Exception], str]] = [
    (lambda g, e: g.add_wait(-1, 1), SeatError, "a rule gave seat -1 to a service: seats are 0…2"),
    (lambda g, e: g.add_wait(1, -1), SetupError, "a rule gave -1 turns to wait: it is 0 or more"),
    (lambda g, e: g.add_wait(1, 1001), SetupError, "seat 1 wait 1001 turns: at most 1000"),
    (lambda g, e: g.send_turn_to(3), SeatError, "seat 3 to a service"),
    (lambda g, e: g.swap_hands(0, -1, e), SeatError, "seat -1 to a service"),
    (lambda g, e: g.draw_cards(3, 1, "penalty", e), SeatError, "seat 3 to a service"),
    (lambda g, e: g.draw_cards(1, -2, "penalty", e), SetupError, "-2 cards to draw"),
    (lambda g, e: g.draw_cards(1, 1.0, "penalty", e), TypeError, "float"),  # type: ignore[arg-type]
    (lambda g, e: g.effect_target(0, 2), SetupError, "a rule gave direction 2: it is 1 or -1"),
    (lambda g, e: g.effect_target(-1, 1), SeatError, "seat -1 to a service"),
    (lambda g, e: g.advance(3, e), SeatError, "seat 3 to a service"),
    (lambda g, e: g.playable_cards(-1), SeatError, "seat -1 to a service"),
    (lambda g, e: g.record_finish(-1, e), SeatError, "seat -1 to a service"),
]


@pytest.mark.parametrize(("service", "error", "message"), SLIPS)
def test_a_service_refuses_a_seat_or_count_that_would_corrupt_the_game(
    service: Service, error: type[Exception], message: str
) -> None:
    """A rule service given a seat the table lacks is a `SeatError`, a negative count, a
    wait beyond `MAX_WAIT` or a direction other than ±1 a `SetupError`, a count that is no
    integer a `TypeError` in both builds. They corrupted the game: seat -1 grew the waits
    to six seats at a table of three, a seat beyond the table became the seat to move,
    waits went negative, and the interpreted build took 1.0 cards to draw where the
    compiled one refused it."""
    game = Game.from_position(
        PL.with_rules(Slip(service)), hands=["5h 6h", "7s 8s 9s", "5c 6c"], pile="9h", stock=STOCK
    )
    with pytest.raises(error, match=message):
        game.play("5h")


def test_a_service_takes_the_last_seat_and_the_most_wait() -> None:
    """The bounds are the table's: the last seat and a wait of exactly `MAX_WAIT` are
    taken."""
    game = Game.from_position(
        PL.with_rules(Slip(lambda g, e: g.add_wait(2, 1000))),
        hands=["5h 6h", "7s 8s 9s", "5c 6c"],
        pile="9h",
        stock=STOCK,
    )
    game.play("5h")
    assert game.waits == (0, 0, 1000)


WRONG_SERVICE_CALLS: list[tuple[Service, type[Exception], str]] = [
    (lambda g, e: g.play_cards(1, Play((Card.parse("5d"),)), e), SetupError, "not hold it"),
    (lambda g, e: g.play_cards(1, "7s", e), SetupError, "it takes a Play"),  # type: ignore[arg-type]
    (lambda g, e: g.set_effect("attack"), SetupError, "takes an Effect or None"),  # type: ignore[arg-type]
    (lambda g, e: g.keep_turn_open("7s"), TypeError, "it takes a Card"),  # type: ignore[arg-type]
    (lambda g, e: g.draw_cards(1, 1, 5, e), TypeError, "to `draw_cards`: it takes a text"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("service", "error", "message"), WRONG_SERVICE_CALLS)
def test_a_service_refuses_what_is_not_a_play_an_effect_a_card_or_a_reason(
    service: Service, error: type[Exception], message: str
) -> None:
    """`play_cards` of cards the seat does not hold or of no `Play`, `set_effect` of no
    effect, `keep_turn_open` of no card and a reason to draw that is no text are refused,
    the same in both builds, before the play goes on (they were a bare `ValueError` or
    `AttributeError` halfway through a jump-in, a crash at the next listing, or taken by
    the interpreted build where the compiled one raised mypyc's `TypeError`)."""
    game = Game.from_position(
        PL.with_rules(Slip(service)), hands=["5h 6h", "7s 8s 9s", "5c 6c"], pile="9h", stock=STOCK
    )
    with pytest.raises(error, match=message):
        game.play("5h")
    assert game.hands[1] == tuple(Card.parse(c) for c in ("7s", "8s", "9s"))


@attrs.frozen
class WrongChoices(Acting):
    """A user's card rule whose choices are not a tuple of choices."""

    given: object = attrs.field(default=None, hash=False)  # a list too: compared, not hashed

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """What it was given."""
        return self.given  # type: ignore[return-value]  # on purpose


@pytest.mark.parametrize("given", [None, (), "h", iter([Suit.HEARTS])])
def test_a_card_rule_whose_choices_are_no_tuple_of_choices_is_refused_naming_it(
    given: object,
) -> None:
    """A card rule's `choices` give a tuple (or a list) of choices, ``(None,)`` for none:
    ``None``, an empty tuple (the card was never listed), a text or an iterator are a
    `SetupError` naming the rule in both builds (compiled, mypyc's bare ``TypeError``;
    interpreted, an iterator was taken and a text read letter by letter)."""
    rule = WrongChoices(frozenset({Card.parse("5h")}), given=given)
    game = Game.from_position(PL.with_rules(rule), hands=["5h 6h", "7s"], pile="9h")
    with pytest.raises(SetupError, match=r"WrongChoices.choices\(5h\) must give a tuple"):
        game.legal_moves()


def test_a_list_of_choices_is_read_whole() -> None:
    """A list of choices is listed as a tuple would be."""
    rule = WrongChoices(frozenset({Card.parse("5h")}), given=[Suit.HEARTS, Suit.SPADES])
    game = Game.from_position(PL.with_rules(rule), hands=["5h 6h", "7s"], pile="9h")
    assert {"5h:h", "5h:s"} <= set(game.legal_moves_text())


@attrs.frozen
class Knock(Move):
    """A user's move that no rule carries out."""

    def __str__(self) -> str:
        return "knock"


@attrs.frozen
class ListsKnock(TurnRule):
    """A user's rule that lists a move of its own without handling it."""

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """A knock."""
        return (Knock(),) if game.to_move == 0 else ()


def test_a_listed_move_no_rule_carries_out_is_refused_not_taken_for_a_pass() -> None:
    """A move a rule lists (or admits) that no rule `handles` is a `SetupError` saying
    so, and stays out of the record (it was carried out as the mover's pass)."""
    game = Game.from_position(PL.with_rules(ListsKnock()), hands=["5h 6h", "7s"], pile="9h")
    knock = game.legal_moves()[-1]
    with pytest.raises(SetupError, match=r"no rule carries out Knock\(\)"):
        game.play(knock)
    assert game.to_move == 0 and game.record == () and game.hands[0] == game.hand(0)


def test_a_listed_move_no_rule_carries_out_leaves_the_moves_before_it_recorded() -> None:
    """A move no rule carries out, refused after moves were made, is taken out of the
    record alone: the moves before it stay (and the game plays on from them)."""
    game = Game.from_position(
        PL.with_rules(ListsKnock()), hands=["5h 6h 8h", "7h 9h"], pile="9h", stock=STOCK
    )
    game.play("5h")
    game.play("7h")
    record = game.record
    knock = game.legal_moves()[-1]
    with pytest.raises(SetupError, match=r"no rule carries out Knock\(\)"):
        game.play(knock)
    assert game.record == record and len(record) == 2 and game.to_move == 0
    game.play("6h")
    assert len(game.record) == 3


def test_pl_18_a_wait_added_to_a_waiting_seat_is_bounded_by_its_whole_wait() -> None:
    """PL-18: `add_wait` bounds the seat's whole wait, the turns it waits already and those
    added, by `MAX_WAIT` (1,000): one more turn for a seat waiting 1,000 is refused."""
    game = Game.from_position(
        PL.with_rules(Slip(lambda g, e: g.add_wait(2, 1))),
        hands=["5h 6h", "7s 8s 9s", "5c 6c"],
        pile="9h",
        stock=STOCK,
        waits=[0, 0, 1000],
    )
    with pytest.raises(SetupError, match="seat 2 wait 1001 turns: at most 1000"):
        game.play("5h")


def test_pl_8_pl_18_a_service_takes_a_count_of_zero() -> None:
    """PL-8, PL-18: a count given to a service is 0 or more: drawing no card and waiting no
    turn are taken, and change nothing."""

    def nothing(game: Table, events: list[Event]) -> None:
        game.draw_cards(1, 0, "penalty", events)
        game.add_wait(1, 0)

    game = Game.from_position(
        PL.with_rules(Slip(nothing)), hands=["5h 6h", "7s 8s 9s", "5c 6c"], pile="9h", stock=STOCK
    )
    game.play("5h")
    assert game.waits == (0, 0, 0) and len(game.hands[1]) == 3 and game.stock_size == 4


def test_play_cards_refuses_a_card_given_twice_that_the_seat_holds_once() -> None:
    """`play_cards` counts the copies: a `Play` of 7s 7s by a seat that holds one 7s is a
    `SetupError` before anything changes (the seat does not take the turn)."""
    seven = Card.parse("7s")
    game = Game.from_position(
        PL.with_rules(Slip(lambda g, e: g.play_cards(1, Play((seven, seven)), e))),
        hands=["5h 6h", "7s 8s 9s", "5c 6c"],
        pile="9h",
        stock=STOCK,
    )
    with pytest.raises(SetupError, match="play 7s with `play_cards`: the seat does not hold it"):
        game.play("5h")
    assert game.hands[1] == tuple(Card.parse(c) for c in ("7s", "8s", "9s"))
    assert game.to_move == 0


def test_pl_19_effect_target_refuses_a_direction_of_zero() -> None:
    """PL-19: an effect goes to the next (1) or previous (-1) seat: direction 0 is a
    `SetupError`, as 2 is."""
    game = Game.from_position(
        PL.with_rules(Slip(lambda g, e: g.effect_target(0, 0))),
        hands=["5h 6h", "7s 8s 9s", "5c 6c"],
        pile="9h",
        stock=STOCK,
    )
    with pytest.raises(SetupError, match="a rule gave direction 0: it is 1 or -1"):
        game.play("5h")


@attrs.frozen
class AdmitsAnything(TurnRule):
    """A user's rule that admits any play, held or not."""

    def admit(self, game: Table, move: Move, legal: tuple[Move, ...]) -> Move | None:
        """The move itself, if it is a play."""
        return move if isinstance(move, Play) else None


def test_an_admitted_play_of_cards_not_held_is_a_setup_error() -> None:
    """A play a rule's `admit` gives of cards the mover does not hold is a `SetupError`
    naming the seat, the card and the rule (it was a bare ``ValueError``), raised when
    the rule admits it, before anything changes: the move stays out of the record (it
    was kept there, a move never made), as a move no rule carries out does."""
    game = Game.from_position(
        PL.with_rules(AdmitsAnything()), hands=["5h 6h", "7s 8s"], pile="9h", stock=STOCK
    )
    with pytest.raises(SetupError, match=r"seat 0 does not hold Kd: AdmitsAnything\.admit gave"):
        game.play("Kd")
    assert game.record == () and game.to_move == 0 and game.hands[0] == game.hand(0)


@attrs.frozen
class ListsAKing(TurnRule):
    """A user's rule that lists a play of a card nobody holds."""

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """K♦ for the mover."""
        return (Play((Card.parse("Kd"),)),)


def test_a_listed_play_of_cards_not_held_is_a_setup_error_out_of_the_record() -> None:
    """A play a rule lists (`extra_moves`) of cards the mover does not hold is a
    `SetupError` naming the seat and the card when it is played, and stays out of the
    record (it was a bare ``ValueError`` and a move kept in the record)."""
    game = Game.from_position(
        PL.with_rules(ListsAKing()), hands=["5h 6h", "7s 8s"], pile="9h", stock=STOCK
    )
    king = game.legal_moves()[-1]
    assert str(king) == "Kd"
    with pytest.raises(SetupError, match="seat 0 does not hold Kd: a rule listed a play"):
        game.play(king)
    assert game.record == () and game.hands[0] == game.hand(0)


@attrs.frozen
class NoTableChoices(Acting):
    """A user's card rule whose `table_choices` give no choice: the fixed ones stand."""

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """Hearts or spades."""
        return (Suit.HEARTS, Suit.SPADES)

    def table_choices(self, game: Table, seat: int, card: Card) -> tuple[Choice, ...] | None:
        """None to add (an empty tuple)."""
        return ()


def test_table_choices_that_are_empty_leave_the_fixed_choices() -> None:
    """`table_choices` that give an empty tuple, as ``None``, leave the rule's fixed
    `choices` (only `choices` must give one at least)."""
    rule = NoTableChoices(frozenset({Card.parse("5h")}))
    game = Game.from_position(PL.with_rules(rule), hands=["5h 6h", "7s"], pile="9h")
    assert {"5h:h", "5h:s"} <= set(game.legal_moves_text())


@attrs.frozen
class Herald(Named):
    """A user's effect that allows hearts, answered as the Polish ace's rule (RU-11's
    answer rule: a plain heart played on it names a suit)."""

    def allows(self, game: Table, card: Card) -> bool:
        """Hearts."""
        return card.suit is Suit.HEARTS

    @property
    def answer_rule(self) -> CardRule | None:
        """The ace's rule of the Polish variant."""
        return next(rule for rule in PL.rules if isinstance(rule, SuitDemandCards))


def test_ru_11_a_drawn_card_that_answers_an_effect_is_listed_as_its_answer_rule_plays_it() -> None:
    """RU-11, PL-8: under an effect with an answer rule, seat 0 draws a plain heart that
    follows it: the drawn card's plays are those of the answer rule (the ace names a suit),
    as in the listing before a draw, not those of a plain card (which a position with no
    effect lists, and the rule set keeps, first)."""
    plain = Game.from_position(PL, hands=["5c 6c 7h", "9c"], pile="9h", stock="8d")
    assert "7h" in plain.legal_moves_text()
    game = Game.from_position(PL, hands=["5c 6c", "9c"], pile="9h", stock="7h 8d", effect=Herald())
    assert game.legal_moves_text() == ["draw"]
    game.play("draw")
    assert game.drawn == Card.parse("7h")
    assert game.legal_moves_text() == ["7h:c", "7h:d", "7h:h", "7h:s", "pass"]


@attrs.frozen
class Shows(Stateful[int], TurnRule):
    """A user's stateful rule whose public state is what the test gives."""

    shown: object = None

    def initial_state(self) -> int:
        """Nothing counted."""
        return 0

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """What the test gives (unchecked by the type)."""
        return cast("tuple[tuple[str, object], ...]", self.shown)


@pytest.mark.parametrize(
    ("shown", "wrong"),
    [
        (("plays", 1), "pairs with a text name"),  # one pair, not a tuple of pairs
        (None, "pairs with a text name"),
        ("ab", "pairs with a text name"),
        (((1, 2),), "pairs with a text name"),
        ((("plays",),), "pairs with a text name"),
        ((("plays", (1, 2)),), None),  # hashable: fine
    ],
)
def test_a_public_state_that_is_no_pairs_is_refused_naming_the_rule(
    shown: object, wrong: str | None
) -> None:
    """A rule's public state is ``(name, value)`` pairs with a text name: anything else is
    a `SetupError` naming the rule when a view is asked (it was a bare `TypeError` deep in
    the view, or, for a name that is no text, a crash of the sort at a later move)."""
    game = Game.from_position(PL.with_rules(Shows(shown)), hands=["5h 6h", "7s"], pile="5c")
    if wrong is None:
        assert game.view(1).public == shown
        return
    with pytest.raises(SetupError, match=rf"Shows\.public_state must give \(name, value\) {wrong}"):
        game.view(0)


@attrs.frozen
class ShowsAsItGoes(Stateful[int], TurnRule):
    """A user's stateful rule whose public state is a generator of pairs (or, with
    ``as_dict``, a dict of them, which iterates over its names only)."""

    as_dict: bool = False

    def initial_state(self) -> int:
        """Nothing counted."""
        return 0

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """The pairs one by one (not a tuple: any iterable of pairs will do)."""
        pairs = (("count", 0), ("name", "x"))
        return dict(pairs) if self.as_dict else (pair for pair in pairs)  # type: ignore[return-value]


def test_a_public_state_given_as_any_iterable_of_pairs_is_taken() -> None:
    """A rule's public state given as a generator of pairs (not a tuple nor a list) is
    taken, as it was before the pairs were checked: the view shows them as a tuple."""
    game = Game.from_position(PL.with_rules(ShowsAsItGoes()), hands=["5h 6h", "7s"], pile="5c")
    assert game.view(1).public == (("count", 0), ("name", "x"))
    with pytest.raises(SetupError, match="pairs with a text name"):
        Game.from_position(
            PL.with_rules(ShowsAsItGoes(as_dict=True)), hands=["5h 6h", "7s"], pile="5c"
        ).view(0)


@attrs.frozen
class ShowsAList(Tally[tuple[int, ...]]):
    """A user's rule that keeps the ranks played and shows them as a list."""

    def initial_state(self) -> tuple[int, ...]:
        """None played."""
        return ()

    def step(self, state: tuple[int, ...], cards: tuple[Card, ...]) -> tuple[int, ...]:
        """Keep the rank played."""
        return (*state, int(cards[-1].rank))

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """The ranks, as a list."""
        return (("ranks", list(self.state(table))),)


def test_a_public_state_that_is_not_hashable_is_refused_not_shared_between_views() -> None:
    """Views of every seat and every game share a rule's public state (cached by the rule
    states): a list there let one seat's bot change what the other seats' views, and other
    games', showed. It is a `SetupError` naming the rule."""
    game = Game.from_position(PL.with_rules(ShowsAList()), hands=["5h 6h", "7s 5d"], pile="5c")
    game.play("5h")
    with pytest.raises(SetupError, match=r"ShowsAList\.public_state must give hashable values"):
        game.view(1)


@attrs.frozen
class Bare(Named):
    """A user's effect that may be passed but defines neither `allows` nor `on_pass`."""

    def may_pass(self, game: Table, seat: int) -> bool:
        """Always."""
        return True


@attrs.frozen
class PassOnly(Bare):
    """`Bare` with `allows`: nothing answers it."""

    def allows(self, game: Table, card: Card) -> bool:
        """No card."""
        return False


def test_an_effect_missing_a_hook_it_needs_says_which_by_name() -> None:
    """An effect without `allows`, `on_pass` (when it may be passed) or `to_text` is a
    `NotImplementedError` naming the effect and the hook, as a card rule without
    `on_play` is (it was a bare `NotImplementedError()`)."""
    game = Game.from_position(PL, hands=["5h 6h", "7s"], pile="9h", stock=STOCK, effect=Bare())
    with pytest.raises(NotImplementedError, match="Bare must define `allows`"):
        game.legal_moves()
    passing = Game.from_position(
        PL, hands=["5h 6h", "7s"], pile="9h", stock=STOCK, effect=PassOnly()
    )
    assert Pass() in passing.legal_moves()
    with pytest.raises(NotImplementedError, match="PassOnly must define `on_pass`"):
        passing.play("pass")
    assert passing.record == () and passing.effect == PassOnly()
    with pytest.raises(NotImplementedError, match="Effect must define `to_text`"):
        Effect().to_text()


@attrs.frozen
class Wave(Move):
    """A user's out-of-turn move."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: wave"


@attrs.frozen
class Waver(TurnRule):
    """A user's rule that handles waves but forgot `apply`."""

    handles = (Wave,)


@attrs.frozen
class WaverByProperty(TurnRule):
    """A user's rule that handles waves through a property, and forgot `apply`."""

    @property
    def handles(self) -> tuple[type, ...]:  # type: ignore[override]
        """The waves, asked of the rule itself."""
        return (Wave,)


def test_a_rule_whose_handles_is_a_property_and_has_no_apply_is_refused_by_name() -> None:
    """The refusal names the moves the rule handles as the rule set read them (from the
    rule, not its class, whose `handles` here is a property, which the message could not
    list: a `TypeError` in place of the `SetupError`)."""
    with pytest.raises(SetupError, match="WaverByProperty must define `apply`: it handles Wave"):
        PL.with_rules(WaverByProperty())


def test_a_rule_that_handles_moves_without_apply_is_refused_at_build() -> None:
    """A rule whose `handles` lists moves but that has no `apply` of its own is a
    `SetupError` when the variant is built (it was a bare `NotImplementedError()` when
    the move was played)."""
    with pytest.raises(SetupError, match="Waver must define `apply`: it handles Wave"):
        PL.with_rules(Waver())


@attrs.frozen
class Curfew(TurnRule):
    """A user's rule that ends the game before a move once three cards are on the pile."""

    def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
        """End the game at the third card on the pile."""
        if len(game.pile) >= 3:
            game.end_game(events)


@pytest.mark.parametrize("move", ["7c", "draw"])
def test_pl_32_a_rule_that_ends_the_game_before_a_move_leaves_the_move_unmade(move: str) -> None:
    """PL-32: a before-move rule that ends the game (`end_game`) ends it before the move:
    the game is over, ranked by the cards held then, and the move is not made (a play's
    cards stayed in the hand, a draw drew after the game was over)."""
    game = Game.from_position(
        PL.with_rules(Curfew()), hands=["5h 7c 8h", "5c 9d 6d"], pile="5d", stock=STOCK
    )
    game.play("5h")
    game.play("5c")
    hands = [game.hand(0), game.hand(1)]
    events = game.play(move)
    assert game.is_over and [type(event).__name__ for event in events] == ["GameOver"]
    assert [game.hand(0), game.hand(1)] == hands and len(game.pile) == 3
    assert Game.replay(game.variant, game.origin, game.record) == game
