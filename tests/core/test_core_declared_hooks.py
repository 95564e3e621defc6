"""The declarations by which a rule has the engine skip its hooks
(``TurnRule.idle_in_initial_state``, ``TurnRule.after_play_applies``,
``TurnRule.same_calls_from``) or call the before-move rules for its moves
(``TurnRule.acts_in_turn``) and the immutable effects the engine shares between clones:
the engine trusts them on the hot path, and `makao.testing.check_variant` tells a rule
whose hooks do what its declarations deny (it passed such a rule, silently switched off)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import pytest

from makao import Card, Game, Rank, variants
from makao.errors import IllegalMoveError
from makao.events import Event, Penalised
from makao.moves import Choice, Move, register_move_parser
from makao.rules import CardSetRule, Effect, FinishCall, LastCardCall, Stateful, Table, TurnRule
from makao.tables import AFTER_PLAY, IDLE, distrusting, reversing_in_turn, skipping_declarations
from makao.testing import check_variant
from makao.variants.mao.moves import Misplay
from makao.variants.mao.talk import Misplays

PL = variants.polish()


@attrs.frozen
class DrawToll(Stateful[int], TurnRule):
    """A user's rule that records a toll of nothing before every draw, and declares
    itself idle in the initial rule state (wrongly: its `before_move` acts there)."""

    idle_in_initial_state = True

    def initial_state(self) -> int:
        """Nothing counted (and never changed)."""
        return 0

    def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
        """A toll of nothing before a draw."""
        if str(move) == "draw":
            events.append(Penalised(game.to_move, "X-1", "drew", 0))


@attrs.frozen
class TwoLeft(TurnRule):
    """A user's rule that records a play leaving two cards, and declares that its
    `after_play` never applies (wrongly)."""

    def after_play_applies(self, cards_left: int) -> bool:
        """Never (wrong: two cards left)."""
        return False

    def after_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        calls: Iterable[str],
        events: list[Event],
    ) -> None:
        """A note of nothing when two cards are left."""
        if len(game.hands[seat]) == 2:
            events.append(Penalised(seat, "X-2", "two left", 0))


@attrs.frozen
class Plenty(TurnRule):
    """A user's call, "plenty", with a play leaving three cards or more, that says its
    calls stop changing from one card left (wrongly: they change at three)."""

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """ "plenty" from three cards left."""
        return ("plenty",) if cards_left >= 3 else ()

    def same_calls_from(self) -> int:
        """One (wrong)."""
        return 1


def test_pl_30_the_built_in_call_rules_declare_the_hooks_they_skip() -> None:
    """PL-30, PL-31: the makao call is idle while nobody owes it and acts after a play
    leaving one card only; the finishing call after the last card only: the rule set
    skips their hooks elsewhere, and a distrusting rule set of its own calls them."""
    calls = {(type(rule), name) for rule, name in skipping_declarations(PL.compiled)}
    assert calls == {(LastCardCall, IDLE), (LastCardCall, AFTER_PLAY), (FinishCall, AFTER_PLAY)}
    tables = distrusting(PL.rules, skipping_declarations(PL.compiled))
    assert tables is not PL.compiled and skipping_declarations(tables) == ()
    assert skipping_declarations(PL.compiled) != ()  # the variant's own skips as before


def test_a_before_move_that_acts_in_the_initial_state_of_an_idle_rule_fails_the_suite() -> None:
    """A rule declaring `idle_in_initial_state` whose `before_move` acts while every
    rule's state is initial is never called then: the suite names the rule, the
    declaration and what the hook did (it passed, the rule silently off) -- also for a
    variant that shares the rule set of an equal one built first (whose rules are
    other, equal objects)."""
    first = PL.with_rules(DrawToll())
    variant = PL.with_rules(DrawToll())
    assert variant.compiled is first.compiled and variant.rules[-1] is not first.rules[-1]
    with pytest.raises(
        AssertionError,
        match=r"DrawToll declares idle_in_initial_state = True, but its before_move acted "
        r"before 'draw' in the initial rule state \(it recorded Penalised\(seat=\d, "
        r"rule='X-1'.*the engine does not call it",
    ):
        check_variant(variant, players=(2,), games=2)


def test_an_after_play_that_acts_where_after_play_applies_denies_it_fails_the_suite() -> None:
    """A rule whose `after_play_applies` says False for a number of cards left where its
    `after_play` acts is never called after such a play: the suite names the rule, the
    declaration, the numbers and what the hook did (it passed)."""
    with pytest.raises(
        AssertionError,
        match=r"TwoLeft.after_play_applies is False for \[0, 1, 2, 3, 4\] cards left .* "
        r"but its after_play acted after '.*' \(it recorded Penalised\(seat=\d, rule='X-2'",
    ):
        check_variant(PL.with_rules(TwoLeft()), players=(2,), games=2)


def test_pl_29_a_call_rule_whose_calls_change_past_same_calls_from_fails_the_suite() -> None:
    """PL-29: calls listed for "two or more cards left" (the Polish call rules' numbers)
    stand for every play leaving more: a rule whose calls change at three although its
    `same_calls_from` says one never has them listed (they were not) -- the suite says
    so, naming the rule and the numbers (it passed)."""
    variant = PL.with_rules(Plenty())
    game = Game.from_position(variant, hands=["5h 6d 7d 8d 9d", "7s"], pile="9h")
    assert "5h +plenty" not in game.legal_moves_text()  # what the declaration costs
    with pytest.raises(
        AssertionError,
        match=r"Plenty.call_options\(\(\S+\), [34]\) gives \('plenty',\), not \(\) as for 2 "
        r"cards left.*Plenty's is 1",
    ):
        check_variant(variant, players=(2,), games=1)


@attrs.frozen
class Owed(Effect):
    """A user's effect that keeps the seats whose turns it lasted in a list (a mutable
    field) and grows it in place, for three turns: fives answer it."""

    seats: list[int] = attrs.field(factory=list)

    def allows(self, game: Table, card: Card) -> bool:
        """Fives."""
        return card.rank is Rank.FIVE

    def on_turn_end(self, game: Table, seat: int, events: list[Event]) -> Effect | None:
        """One turn more, in place."""
        self.seats.append(seat)
        return self if len(self.seats) < 3 else None

    def to_text(self) -> str:
        """``owed`` and the seats."""
        return " ".join(["owed", *map(str, self.seats)])


@attrs.frozen
class FivesOwe(CardSetRule):
    """A user's fives that put `Owed` in force."""

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """A new `Owed`."""
        game.set_effect(Owed())

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """``owed`` and the seats."""
        return Owed([int(word) for word in words[1:]]) if words[:1] == ["owed"] else None


def test_an_effect_that_is_not_hashable_fails_the_suite_saying_what_to_change() -> None:
    """An effect is an immutable value (clones and saved games share it): one with a list
    field, changed in place, is told as such, naming the effect and what to use instead
    (the suite blamed "something outside the game (a global or a mutable rule state)")."""
    fives = FivesOwe(frozenset(Card.parse(f"5{suit}") for suit in "cdhs"))
    with pytest.raises(
        AssertionError,
        match=r"the effect in force Owed\(seats=\[.*\]\) is not hashable \(unhashable type: "
        r"'list'\): an effect is an immutable value .* \(a tuple, not a list",
    ):
        check_variant(PL.with_rules(fives), players=(2, 3), games=3)


@attrs.frozen
class Knock(Move):
    """A user's out-of-turn move whose text no parser reads."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: knock"


@attrs.frozen
class Knocker(TurnRule):
    """A user's rule: anyone may knock on a king (a call of nothing)."""

    handles = (Knock,)

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """A knock per seat on a king."""
        return [Knock(seat) for seat in range(game.players)] if game.top.rank is Rank.KING else ()

    def action_templates(self, players: int) -> tuple[Move, ...]:
        """A knock per seat."""
        return tuple(Knock(seat) for seat in range(players))

    def apply(self, game: Table, move: Move, events: list[Event]) -> None:
        """Nothing."""


def test_a_move_whose_text_has_no_parser_fails_the_suite_naming_the_cure() -> None:
    """A rule's own move prints a text that must read back: the failure says why it does
    not and where a parser is registered (it said only "which does not read back")."""
    with pytest.raises(
        AssertionError,
        match=r"Knock\(seat=\d\) prints as '\d: knock', which does not read back \(unknown "
        r"action 'knock'.*\): a rule's own move needs a parser for its text "
        r"\(`makao.moves.register_move_parser`\)",
    ):
        check_variant(PL.with_rules(Knocker()), players=(2,), games=2)


@attrs.frozen
class QuietTwoLeft(Stateful[int], TurnRule):
    """A user's rule that counts plays leaving two cards in its state, telling nobody
    (no event), and declares that its `after_play` never applies (wrongly)."""

    def initial_state(self) -> int:
        """None counted."""
        return 0

    def after_play_applies(self, cards_left: int) -> bool:
        """Never (wrong: two cards left)."""
        return False

    def after_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        calls: Iterable[str],
        events: list[Event],
    ) -> None:
        """One more play leaving two cards, in the state only."""
        if len(game.hands[seat]) == 2:
            self.set_state(game, self.state(game) + 1)


def test_an_after_play_that_only_changes_the_game_where_it_is_skipped_fails_the_suite() -> None:
    """A skipped `after_play` that records no event but changes the game (its rule's
    state) is told too, naming what it changed: the suite compares the game after the
    move, not its events alone."""
    with pytest.raises(
        AssertionError,
        match=r"QuietTwoLeft.after_play_applies is False for .* but its after_play acted "
        r"after '.*' \(it changed the game's rule_states\)",
    ):
        check_variant(PL.with_rules(QuietTwoLeft()), players=(2,), games=2)


def test_a_skipped_after_play_is_told_in_a_variant_without_an_idle_rule() -> None:
    """Without the makao call (the one rule idle in the initial rule state) every play
    without calls is checked for a skipped `after_play` all the same, not only a move
    made in the initial rule state."""
    variant = PL.without(LastCardCall).with_rules(TwoLeft())
    assert {name for _, name in skipping_declarations(variant.compiled)} == {AFTER_PLAY}
    with pytest.raises(
        AssertionError,
        match=r"TwoLeft.after_play_applies is False for \[0, 1, 2, 3, 4\] cards left .* "
        r"but its after_play acted after '.*' \(it recorded Penalised\(seat=\d, rule='X-2'",
    ):
        check_variant(variant, players=(2,), games=2)


@attrs.frozen
class NoDraws(TurnRule):
    """A user's rule that lists the draw as ever, then raises when it is made."""

    def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
        """A draw is a bug of this rule."""
        if str(move) == "draw":
            raise ValueError("no draws here")


def test_a_listed_move_that_fails_as_the_variant_plays_it_fails_the_suite_as_such() -> None:
    """A listed move the variant's own rule set cannot make is told as a listed move that
    failed, with what it raised -- also while the suite plays every listed move on the rule
    set that calls the skipped hooks (`distrusting`), where it fails too."""
    variant = PL.with_rules(NoDraws())
    assert skipping_declarations(variant.compiled) != ()
    with pytest.raises(
        AssertionError, match=r"listed move 'draw' failed: ValueError\('no draws here'\)"
    ):
        check_variant(variant, players=(2,), games=1)


@attrs.frozen
class Tap(Move):
    """A user's out-of-turn move: seat ``seat`` taps the table."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: tap"


def _parse_tap(seat: int | None, words: list[str]) -> Tap:
    if seat is None or seat < 0 or words:
        raise ValueError("a tap is written '2: tap'")
    return Tap(seat)


register_move_parser("tap", _parse_tap)


@attrs.frozen
class Tapping(TurnRule):
    """A user's rule: any seat may tap the table at any time (nothing happens)."""

    handles = (Tap,)

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """A tap per seat."""
        return tuple(Tap(seat) for seat in range(game.players))

    def action_templates(self, players: int) -> tuple[Move, ...]:
        """A tap per seat."""
        return tuple(Tap(seat) for seat in range(players))

    def apply(self, game: Table, move: Move, events: list[Event]) -> None:
        """Nothing."""


@attrs.frozen
class InTurnTapping(Tapping):
    """`Tapping` declaring its taps the mover's own moves in their turn (wrongly: any
    seat taps, out of turn)."""

    acts_in_turn = True


def test_pl_30_another_seats_move_declared_in_turn_closes_the_makao_window() -> None:
    """PL-30: a tap by seat 2, out of turn, leaves seat 0's "makao" owed (the window
    lasts until the next move of the player to move) -- unless its rule declares it the
    mover's own (`acts_in_turn`), when the before-move rules close the window as if seat
    1 had moved: nobody may call "stop" any more. The suite passed such a rule; it now
    names the rule and the declaration. A wrong declaration that changes nothing (no
    before-move rule) passes, and so does the right one."""
    late = {"0: say makao", "1: stop 0", "2: stop 0"}
    for rule, owed in ((Tapping(), late), (InTurnTapping(), set())):
        game = Game.from_position(
            PL.with_rules(rule), hands=["5h 6h", "7c 8c 9c", "5d 6d 9d"], pile="4h", stock="Kd"
        )
        game.play("5h")  # one card left, no "makao" said
        assert late <= set(game.legal_moves_text())
        game.play("2: tap")
        assert late & set(game.legal_moves_text()) == owed
    with pytest.raises(
        AssertionError,
        match=r"InTurnTapping declares acts_in_turn = True, but '(\d): tap' contradicts it: "
        r"it is made by seat \1, not by seat \d, the player to move: the before-move rules "
        r"see it as the mover's own move; taken the other way, the move does otherwise "
        r"\(it changed the game's rule_states\)",
    ):
        check_variant(PL.with_rules(InTurnTapping()), players=(3,), games=2)
    check_variant(PL.with_rules(Tapping()), players=(3,), games=1)
    check_variant(PL.without(LastCardCall).with_rules(InTurnTapping()), players=(3,), games=1)


@attrs.frozen
class OutOfTurnMisplays(Misplays):
    """Mao's misplays declared out-of-turn actions (wrongly: UM-27, a misplay is the
    mover's own action in their turn)."""

    acts_in_turn = False


def test_um_3_um_27_a_misplay_declared_out_of_turn_leaves_the_deal_on() -> None:
    """UM-3, UM-27: a misplay is the mover's own move, which ends the deal: touching
    one's cards is then no infraction. Declared an out-of-turn action (`acts_in_turn`
    False) the misplay names no seat yet is the mover's, the before-move rules do not
    see it, and the deal goes on: a touch is charged. The suite passed such a rule; it
    now names the rule and the declaration."""
    right = variants.mao(illegal_play="penalize")
    wrong = right.without(Misplays).with_rules(OutOfTurnMisplays(illegal_play="penalize"))
    for variant, dealing in ((right, False), (wrong, True)):
        game = Game.new(variant, 4, seed=2)
        bad = next(card for card in game.hands[game.to_move] if not game.is_legal(str(card)))
        game.play(f"misplay {bad}")
        assert type(game.last_move) is Misplay
        assert (("dealing", True) in game.view(0).public) is dealing
        if dealing:
            game.play("host: touched-cards 3")
        else:
            with pytest.raises(IllegalMoveError):
                game.play("host: touched-cards 3")
    with pytest.raises(
        AssertionError,
        match=r"OutOfTurnMisplays declares acts_in_turn = False, but 'misplay .+' contradicts "
        r"it: it names no seat, so it is the move of seat \d, the player to move",
    ):
        check_variant(wrong, players=(3,), games=1, max_actions=150, allow_unfinished=True)


def test_a_rule_set_taking_a_move_the_other_way_is_a_rule_set_of_its_own() -> None:
    """`reversing_in_turn` compiles the rules afresh, one move type taken the other way
    than its rule declares; the variant's own rule set is as it was."""
    variant = PL.with_rules(InTurnTapping())
    tables = reversing_in_turn(variant.rules, Tap)
    assert Tap in variant.compiled.in_turn_moves and Tap not in tables.in_turn_moves
    assert tables is not variant.compiled
    assert Tap in reversing_in_turn(PL.with_rules(Tapping()).rules, Tap).in_turn_moves
