"""Corners of move generation (`makao._movegen`) that no test reached before a mutation
audit: plays whose choices depend on the table (`CardRule.table_choices`) and are never kept,
required calls added to a play's optional ones, a user's battle-card rule whose answer
set is its own, and a wild card under effects asked whether it may start (UM-16) or be
played once drawn (PL-8)."""

from __future__ import annotations

import attrs

from makao import Card, Game, Play, Rank, variants
from makao.events import Event
from makao.moves import Choice, Seat
from makao.rules import BattleCards, CardRule, Effect, Table, TurnRule, Wild


@attrs.frozen
class _NamesABigHand(CardRule):
    """A house rule: a play ending on 7♥ names an opponent holding two cards or more --
    choices that depend on the table (`table_choices`)."""

    def covers(self, card: Card) -> bool:
        return card == Card.parse("7h")

    def table_choices(self, game: Table, seat: int, card: Card) -> tuple[Choice, ...] | None:
        return tuple(
            Seat(other)
            for other in range(game.players)
            if other != seat and len(game.hands[other]) > 1
        )

    def choice_templates(self, card: Card, players: int) -> tuple[Choice, ...]:
        return tuple(Seat(other) for other in range(players))

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        game.set_effect(None)


def _named(game: Game) -> set[Choice]:
    """The choices of the listed plays that end on 7♥ (alone or after another seven)."""
    return {
        move.choice
        for move in game.legal_moves()
        if isinstance(move, Play) and move.cards[-1] == Card.parse("7h")
    }


def test_pl_7_plays_ending_on_a_card_with_table_choices_are_listed_afresh() -> None:
    """A play ending on a card whose choices depend on the table -- alone, or after
    another card of its rank (PL-7) -- names the seats of this table, not of a table
    listed before with the same hand."""
    variant = variants.polish().with_rules(_NamesABigHand(ids=("HOUSE-7",)))
    for hand in ("7h 5c 9d", "7d 7h 9d"):
        both = Game.from_position(variant, hands=[hand, "6d 6s", "8c 8s"], pile="7c", stock="2c")
        one = Game.from_position(variant, hands=[hand, "6d", "8c 8s"], pile="7c", stock="2c")
        assert _named(both) == {Seat(1), Seat(2)}
        assert _named(one) == {Seat(2)}


@attrs.frozen
class _SaySeven(TurnRule):
    """A house call: a play ending on a seven must carry "seven" (`required_calls`)."""

    def required_calls(self, game: Table, seat: int, cards: tuple[Card, ...]) -> tuple[str, ...]:
        return ("seven",) if cards[-1].rank is Rank.SEVEN else ()


def test_pl_29_a_required_call_joins_the_optional_calls_of_a_play() -> None:
    """A play that leaves one card may say "makao" (PL-29); a house rule requiring
    "seven" adds its call to each listed play, keeping the optional one."""
    variant = variants.polish().with_rules(_SaySeven(ids=("HOUSE-7",)))
    game = Game.from_position(variant, hands=["7h 5c", "6d 6s"], pile="7c", stock="2c 3c")
    assert game.legal_moves_text() == ["7h +seven", "7h +makao +seven", "5c", "5c +makao", "draw"]


@attrs.frozen
class _KingsDoNotDefend(BattleCards):
    """A user's battle-card rule: its answer set is the built-in one without kings."""

    def answer_set(self, top: Card) -> frozenset[Card]:
        return frozenset(card for card in super().answer_set(top) if card.rank is not Rank.KING)


def test_pl_12_a_subclass_answer_set_is_asked_every_time() -> None:
    """A subclass of `BattleCards` overriding `answer_set` decides the defences (PL-12)
    at every listing: the sets the built-in rule keeps are not read in its place."""
    polish = variants.polish()
    battle = next(rule for rule in polish.rules if isinstance(rule, BattleCards))
    mine = _KingsDoNotDefend(
        penalties=battle.penalties,
        backwards=battle.backwards,
        answer=battle.answer,
        extra_answers=battle.extra_answers,
        accept_ends_turn=battle.accept_ends_turn,
        ids=battle.ids,
    )
    variant = polish.replace(BattleCards, mine, name="polish-kings-do-not-defend")
    for _ in range(2):  # the second listing finds the sets the first one made
        game = Game.from_position(
            variant, hands=["Kh 2c 5d", "6d 7d"], pile="2h", stock="3c", effect="attack 2 by 1"
        )
        assert game.playable_cards(0) == [Card.parse("2c")]
        assert game.legal_moves_text() == ["2c", "draw"]


def test_um_16_a_jack_may_start_on_a_pending_penalty() -> None:
    """Mao: a jack is wild under effects (UM-16), so it may start a play on a pending
    penalty -- for the seat to move and for any other seat (`Table.may_start`)."""
    game = Game.from_position(
        variants.mao(),
        hands=["Jc 5d", "6d 7d", "8c 8d"],
        pile="3h",
        stock="2c 3c 4c",
        effect="attack 3 by 1 of 3",  # the threes' (Mao has fours' attacks too)
    )
    jack = Card.parse("Jc")
    assert game.playable_cards(0) == [jack]
    assert game.may_start(0, jack) and game.may_start(1, jack)
    assert not game.may_start(0, Card.parse("5d"))


@attrs.frozen
class _NoSpadeTwo(BattleCards):
    """A user's battle-card rule whose `covers` leaves out 2♠: no battle card of its own."""

    def covers(self, card: Card) -> bool:
        return card != Card.parse("2s") and super().covers(card)


def test_pl_16_a_subclass_covers_decides_which_cards_join_a_defence() -> None:
    """PL-16: only cards the battle rule covers follow a defence's first card."""
    polish = variants.polish()
    battle = next(rule for rule in polish.rules if isinstance(rule, BattleCards))
    mine = _NoSpadeTwo(penalties=battle.penalties, backwards=battle.backwards, ids=battle.ids)
    variant = polish.replace(BattleCards, mine, name="polish-no-spade-two")
    game = Game.from_position(
        variant, hands=["2c 2s 2d 5d", "6d 7d"], pile="2h", stock="3c", effect="attack 2 by 1"
    )
    plays = [move for move in game.legal_moves_text() if move.startswith("2c")]
    assert plays == ["2c", "2c 2d"]


def test_um_16_um_20_a_jack_may_start_on_a_multiplex_as_legal_moves_list_it() -> None:
    """UM-16, UM-20: a jack is playable in any situation, a running multiplex included (an
    effect of Mao's own, whose `allows` names the rank): `Table.may_start` says so for the
    seat to move and for any other seat, and agrees with the listing card by card; with
    ``jack_cancels_penalty=False`` the jack is no answer, and neither says it is."""
    jack, five = Card.parse("Jc"), Card.parse("5c")
    for cancels in (True, False):
        game = Game.from_position(
            variants.mao(jack_cancels_penalty=cancels),
            hands=["Jc 6d 5c", "6c 7d", "8c 8d"],
            pile="5h 5h",
            stock="2c 3c 4c 9c",
            effect="multiplex 5 4 by 1",
        )
        assert type(game.effect).__name__ == "MultiplexEffect"
        starts = {card for card in game.hands[0] if game.may_start(0, card)}
        assert starts == set(game.playable_cards(0))
        assert starts == ({jack, five} if cancels else {five})
        assert ("Jc:c" in game.legal_moves_text()) is cancels
        assert game.may_start(1, jack) is cancels and game.may_start(2, jack) is cancels


@attrs.frozen
class _HeartsOnly(Effect):
    """A user's effect: only a heart answers it; the player who cannot follow draws one
    card and may play it if allowed (the default `on_draw`, as a demand's, PL-24)."""

    def allows(self, game: Table, card: Card) -> bool:
        return card.suit.name == "HEARTS"

    def to_text(self) -> str:
        return "hearts-only"


def test_pl_8_um_16_a_drawn_card_wild_under_effects_may_be_played_under_an_effect() -> None:
    """PL-8, UM-16: under an effect that lets a player who cannot follow draw a card and
    play it if allowed -- a user's own (its `allows`) or a Polish rank demand (PL-24, its
    answer set) --, a drawn card that is wild even under effects
    (`WildRule.under_effects`: a house 5♠ beside the Polish queens) may be played, as it
    could have been from the hand; without the wild rule the turn passes after the draw.
    `Table.may_start` agrees, for any seat."""
    five = Card.parse("5s")
    wild_five = variants.polish().with_rules(
        Wild(frozenset({five}), under_effects=True), name="polish-wild-five"
    )
    for effect in (_HeartsOnly(), "demand 7 by 1"):
        for variant, kept in ((wild_five, True), (variants.polish(), False)):
            game = Game.from_position(
                variant, hands=["6d 8c", "8d 9c 5s"], pile="9h", stock="5s 3c", effect=effect
            )
            assert game.legal_moves_text() == ["draw"]
            assert game.may_start(0, five) is kept and game.may_start(1, five) is kept
            game.play("draw")
            assert (game.drawn == five) is kept and game.to_move == (0 if kept else 1)
            if kept:
                assert game.legal_moves_text() == ["5s", "pass"]
