"""A move is made whole or not at all, even when a rule raises part way through it
(`Game.play`, DESIGN principle "one engine, one way to change state"): the engine takes
the move back by rebuilding the game from its origin and record, and leaves it part way,
with a note on the error saying why, only when that rebuild cannot be trusted."""

from __future__ import annotations

import random
from typing import NoReturn, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _rules import Slip
from makao import Card, Game, Play, SeatError, Suit, variants
from makao.bots import RandomBot
from makao.bots.sampling import sample_hidden
from makao.errors import SetupError
from makao.events import Event
from makao.match import Match
from makao.moves import TURN_MOVES, Move
from makao.rules.base import Effect, Stateful, Table, TurnRule
from makao.sim.play import play_game
from makao.testing import snapshot

PL = variants.polish()


class SprungError(Exception):
    """What a trap raises."""


def whole_state(game: Game) -> tuple[object, ...]:
    """Every part of ``game``'s state, its record too."""
    return (*snapshot(game), game.record)


@attrs.frozen
class Trap(Stateful[int], TurnRule):
    """A user's rule that counts the turn moves and, at the move of count ``at[0]``, draws
    a card for the seat to move (the stock, the hand, perhaps a reshuffle) and then
    raises: a move stopped part way, the same each time it is made from that position."""

    at: list[int] = attrs.field(factory=list, eq=False)
    # each trap its own (equal rules share one compiled rule set, with the first's list)
    token: object = attrs.field(factory=object)

    def initial_state(self) -> int:
        """No move yet."""
        return 0

    def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
        """Count the move; spring at the armed count."""
        count = self.state(game)
        self.set_state(game, count + 1)
        if self.at and self.at[0] == count:
            self.spring(game, count, events)

    def spring(self, game: Table, count: int, events: list[Event]) -> NoReturn:
        """Draw a card for the seat to move, if one can be drawn, and raise."""
        if game.can_draw():
            game.draw_cards(game.to_move, 1, "trap", events)
        raise SprungError(f"sprung at move {count}")


def send_far(game: Table, events: list[Event]) -> None:
    """A slip after the cards are played: the turn goes to seat 5."""
    game.send_turn_to(5)


def play_absent(game: Table, events: list[Event]) -> None:
    """A slip after the cards are played: seat 1 plays a card it does not hold."""
    game.play_cards(1, Play((Card.parse("5d"),)), events)


def spring(game: Table, events: list[Event]) -> None:
    """Raise after the cards are played."""
    raise SprungError("after the play")


def _tables() -> list[tuple[str, int]]:
    """Each built-in variant at its fewest seats and at five (or its most)."""
    tables = []
    for name in variants.built_ins():
        sizes = []
        for players in range(2, 6):
            try:
                Game.new(variants.get(name), players, 0)
            except SetupError:
                continue
            sizes.append(players)
        tables += [(name, sizes[0]), (name, sizes[-1])]
    return tables


@pytest.mark.parametrize(("name", "players"), _tables())
@settings(max_examples=4, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(0, 80))
def test_a_move_a_rule_stops_part_way_is_taken_back_whole(
    name: str, players: int, seed: int, length: int
) -> None:
    """In random games of every built-in variant, a move a rule stops part way (after
    drawing a card) leaves every part of the state as it was, the record too; made again
    without the trap, it gives what the untouched copy gives."""
    trap = Trap()
    game = Game.new(variants.get(name).with_rules(trap), players, seed=seed)
    rng = random.Random(seed)
    for _ in range(length):
        if game.is_over:
            return
        game.play(rng.choice(game.legal_moves()))
    for _ in range(20):  # a rule's in-turn action (a Mao misplay) may pass it by
        if game.is_over:
            return
        before, state = game.clone(), whole_state(game)
        trap.at[:] = [game.rule_state(trap)]
        legal = game.legal_moves()
        move = rng.choice([move for move in legal if type(move) in TURN_MOVES] or legal)
        try:
            game.play(move)
        except SprungError:
            assert whole_state(game) == state
            assert game.legal_moves() == before.legal_moves()
            trap.at.clear()
            assert game.play(move) == before.play(move)
            assert whole_state(game) == whole_state(before)
            return
        before.play(move)
        assert whole_state(game) == whole_state(before)
    raise AssertionError("the trap never sprang")


@pytest.mark.parametrize("dealt", [False, True])
def test_a_rule_that_raises_after_the_cards_are_played_leaves_the_game_as_it_was(
    dealt: bool,
) -> None:
    """A turn rule whose `after_play` gives a service a seat that is not at the table
    raises after the cards went on the pile: the cards are back in the hand, the record
    and the turn as they were."""
    variant = PL.with_rules(Slip(send_far))
    if dealt:
        game = Game.new(variant, 3, seed=4)
        while not any(type(move) is Play for move in game.legal_moves()):
            game.play(game.legal_moves()[0])
    else:
        game = Game.from_position(variant, hands=["5h 6h", "7s 8s", "9c"], pile="9h")
    state = whole_state(game)
    play = next(move for move in game.legal_moves() if type(move) is Play)
    with pytest.raises(SeatError, match="a rule gave seat 5 to a service"):
        game.play(play)
    assert whole_state(game) == state


def test_a_play_of_cards_not_held_that_a_rule_listed_leaves_the_game_as_it_was() -> None:
    """A rule that has the engine play cards the seat does not hold (`play_cards`) is
    refused part way through the jump: nothing of the move stays."""

    game = Game.from_position(
        PL.with_rules(Slip(play_absent)), hands=["5h 6h", "7s 8s"], pile="9h", stock="5c 6c"
    )
    state = whole_state(game)
    with pytest.raises(SetupError, match="does not hold"):
        game.play("5h")
    assert whole_state(game) == state


def test_a_match_whose_rule_raises_part_way_is_unchanged() -> None:
    """`Match.play` raises as `Game.play` does, and the match is unchanged."""
    match = Match(variants.russian().with_rules(Slip(send_far)), 3, seed=2)
    while not any(type(move) is Play for move in match.legal_moves()):
        match.play(match.legal_moves()[0])
    state, scores = whole_state(match.game), match.totals
    with pytest.raises(SeatError):
        match.play(next(move for move in match.legal_moves() if type(move) is Play))
    assert (whole_state(match.game), match.totals) == (state, scores)


def test_the_simulation_loop_takes_the_move_back_too() -> None:
    """`play_game` plays through the engine's own `Core.play`, which takes the move back
    as `Game.play` does: the error passes with the loop's note alone (none saying the
    move could not be taken back)."""
    trap = Trap(at=[3])
    with pytest.raises(SprungError) as caught:
        play_game(PL.with_rules(trap), [RandomBot(), RandomBot()], 5)
    (note,) = caught.value.__notes__
    assert note.startswith("in game 0 (seed 5) of polish, at action 4")


def test_a_rule_that_raises_only_once_leaves_the_move_part_way_with_a_note() -> None:
    """A rule that does not raise again when the move is made again cannot be trusted to
    rebuild the game: it is left part way, and the error says so."""

    @attrs.frozen
    class Once(TurnRule):
        fired: list[bool] = attrs.field(factory=list, eq=False)
        token: object = attrs.field(factory=object)

        def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
            if not self.fired:
                self.fired.append(True)
                game.draw_cards(game.to_move, 1, "once", events)
                raise SprungError("once")

    game = Game.new(PL.with_rules(Once()), 2, seed=1)
    size = len(game.hands[0]) + len(game.hands[1])
    with pytest.raises(SprungError) as caught:
        game.play(game.legal_moves()[0])
    assert caught.value.__notes__ == [
        "the move could not be taken back (made again, the move did not stop): the game is "
        "left as the rule left it, part way through the move"
    ]
    assert len(game.hands[0]) + len(game.hands[1]) == size + 1  # the card it drew stays
    assert game.record == ()  # the move itself is not in the record


def test_a_sampled_game_whose_rule_raises_is_left_part_way_with_a_note() -> None:
    """A game a search sampled (its hidden cards dealt anew, `Beginning.sampled`) is not
    what its origin and record make: it is not rebuilt from them (nor replayed in vain),
    and the error says so."""
    trap = Trap()
    game = Game.new(PL.with_rules(trap), 3, seed=8)
    sampled = sample_hidden(game.view(0), random.Random(3))
    trap.at[:] = [sampled.rule_state(trap)]
    with pytest.raises(SprungError) as caught:
        sampled.play(sampled.legal_moves()[0])
    (note,) = caught.value.__notes__
    assert note.startswith("the move could not be taken back (a search dealt it anew from a view")


@attrs.frozen
class Sevens(Effect):
    """A user's effect: sevens only. Polish reads no effect written "sevens"."""

    def allows(self, game: Table, card: Card) -> bool:
        """Sevens only."""
        return card.rank == 7

    def to_text(self) -> str:
        """Its name."""
        return "sevens"


@attrs.frozen
class Hearts(Effect):
    """A user's effect: hearts only, written as Polish writes an ace's named suit, which
    Polish reads back as its own `SuitDemand` (another effect)."""

    def allows(self, game: Table, card: Card) -> bool:
        """Hearts only."""
        return card.suit is Suit.HEARTS

    def to_text(self) -> str:
        """An ace's text."""
        return "suit h"


@pytest.mark.parametrize("effect", [Sevens(), Hearts()], ids=["unread", "read-as-another"])
def test_a_position_whose_effect_object_the_variant_does_not_read_back_keeps_a_note(
    effect: Effect,
) -> None:
    """A position set up with an effect object the variant does not read back from its
    text as that very effect (not at all, or as another) cannot be rebuilt from its
    origin (as its save cannot be loaded): left part way, with a note, never rebuilt with
    the other effect in force."""

    game = Game.from_position(
        PL.with_rules(Slip(spring)),
        hands=["7h 5h", "7s 10h"],
        pile="9h",
        stock="5c 6c",
        effect=effect,
    )
    assert not game.beginning.rebuilds
    play = next(move for move in game.legal_moves() if type(move) is Play)
    with pytest.raises(SprungError) as caught:
        game.play(play)
    (note,) = caught.value.__notes__
    assert "the variant does not read its effect's text back as the same effect" in note
    assert game.effect is None and game.record == ()  # covered, part way; not in the record


def test_an_effect_object_the_variant_reads_back_rebuilds() -> None:
    """An effect object given to a position that the variant reads back as itself (a
    built-in effect) leaves the position rebuildable: the move is taken back whole."""
    effect = PL.parse_effect("attack 2 by 1")
    trap = Trap(at=[0])
    game = Game.from_position(
        PL.with_rules(trap), hands=["2c 5h", "7s 10h"], pile="2h", stock="5c 6c", effect=effect
    )
    assert game.beginning.rebuilds
    state = whole_state(game)
    with pytest.raises(SprungError):
        game.play("draw")
    assert whole_state(game) == state


def test_a_move_a_rule_made_inside_the_move_is_taken_back_with_it() -> None:
    """A rule that plays a move on the game from its hook (against the rule contract:
    `play` is no service) and then raises: the record is taken back to before the move
    the caller made, the inner move with it, and the game as it was."""

    @attrs.frozen
    class PlaysWithin(Stateful[int], TurnRule):
        def initial_state(self) -> int:
            return 0

        def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
            count = self.state(game)
            self.set_state(game, count + 1)
            if count == 0:
                inner = cast(Game, game)
                inner.play(inner.legal_moves()[0])
                raise SprungError("after a move of its own")

    game = Game.from_position(
        PL.with_rules(PlaysWithin()), hands=["5h 6h", "7s 8s"], pile="9h", stock="5c 6c"
    )
    state = whole_state(game)
    with pytest.raises(SprungError) as caught:
        game.play("draw")
    assert not getattr(caught.value, "__notes__", None)
    assert whole_state(game) == state


def test_a_move_a_rule_made_inside_an_equal_move_is_taken_back_with_it() -> None:
    """As above, when the rule's own move equals the caller's (a draw inside a draw): the
    record is taken back to the caller's very move (told by identity, not equality), the
    equal inner move with it, and the game is as it was, without a note."""

    @attrs.frozen
    class DrawsWithin(Stateful[int], TurnRule):
        def initial_state(self) -> int:
            return 0

        def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
            count = self.state(game)
            self.set_state(game, count + 1)
            if count == 0:
                inner = cast(Game, game)
                (draw,) = inner.legal_moves()
                assert draw == move and draw is not move
                inner.play(draw)
                raise SprungError("after a draw of its own")

    game = Game.from_position(
        PL.with_rules(DrawsWithin()), hands=["5c 6c", "7s 8s"], pile="9h", stock="5d 6d 7d"
    )
    state = whole_state(game)
    with pytest.raises(SprungError) as caught:
        game.play("draw")
    assert not getattr(caught.value, "__notes__", None)
    assert whole_state(game) == state


@attrs.frozen
class LooksAhead(Trap):
    """A user's rule that, at the move of count ``at[0]``, clones the game (a look ahead,
    which freezes the record the move was appended to) and then raises."""

    def spring(self, game: Table, count: int, events: list[Event]) -> NoReturn:
        """Clone the game and raise."""
        cast(Game, game).clone()
        raise SprungError(f"looked ahead at move {count}")


@pytest.mark.parametrize("length", [0, 3, 40], ids=["first", "short-record", "long-record"])
def test_a_move_whose_rule_clones_the_game_then_raises_is_taken_back_whole(length: int) -> None:
    """A rule that clones the game inside the move (the clone freezes the record, the
    move in it: a tuple, or a list headed by an `Earlier` for a long one) and then raises:
    the move is taken out of the frozen record too, and the game is rebuilt as it was,
    without a note (the move stayed in the record, and the rebuild failed on it)."""
    rule = LooksAhead()
    game = Game.new(PL.with_rules(rule), 2, seed=3)
    rng = random.Random(1)
    for _ in range(length):
        game.play(rng.choice(game.legal_moves()))
    state = whole_state(game)
    rule.at[:] = [game.rule_state(rule)]
    with pytest.raises(SprungError) as caught:
        game.play(game.legal_moves()[0])
    assert not getattr(caught.value, "__notes__", None)
    assert whole_state(game) == state


def test_a_move_a_rule_stops_after_a_reshuffle_is_taken_back_whole() -> None:
    """A rule that draws from an empty stock (the pile reshuffled into it: the random
    state advanced, one more reshuffle counted) and then raises: the random state, the
    reshuffles, the stock and the pile are as they were, and the game plays on as a copy
    that never met the trap does."""
    trap = Trap(at=[0])
    game = Game.from_position(
        PL.with_rules(trap), hands=["5c 6c", "7s 8s"], pile="Qd Jd 10d 9h", seed=11
    )
    untouched, state = game.clone(), whole_state(game)
    with pytest.raises(SprungError):
        game.play("draw")
    assert whole_state(game) == state
    assert (game.rng, game.reshuffles) == (untouched.rng, untouched.reshuffles)
    trap.at.clear()
    assert game.play("draw") == untouched.play("draw")
    assert whole_state(game) == whole_state(untouched)


def test_a_listing_a_rule_made_part_way_is_not_kept_after_the_take_back() -> None:
    """A rule that draws a card, lists the moves then (the listing cached with the drawn
    card in the hand) and raises: after the take back the game lists the moves of the
    position it is in again, not the cached ones of the move part way."""

    @attrs.frozen
    class ListsThenRaises(Stateful[int], TurnRule):
        def initial_state(self) -> int:
            return 0

        def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
            count = self.state(game)
            self.set_state(game, count + 1)
            if count == 0:
                game.draw_cards(game.to_move, 1, "listing", events)
                assert "5h" in cast(Game, game).legal_moves_text()
                raise SprungError("after listing")

    game = Game.from_position(
        PL.with_rules(ListsThenRaises()), hands=["5c 6c", "7s 8s"], pile="9h", stock="5h 6d"
    )
    listed, state = game.legal_moves(), whole_state(game)
    with pytest.raises(SprungError):
        game.play("draw")
    assert whole_state(game) == state
    assert game.legal_moves() == listed and "5h" not in game.legal_moves_text()


@attrs.frozen
class Counts(Stateful[int], TurnRule):
    """A user's rule that only counts the turn moves (state the rebuild must match)."""

    token: object = attrs.field(factory=object)

    def initial_state(self) -> int:
        """No move yet."""
        return 0

    def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
        """Count the move."""
        self.set_state(game, self.state(game) + 1)


@pytest.mark.parametrize("changed", ["hands", "rule_states"])
def test_a_game_changed_by_hand_is_not_rebuilt_over_the_change(changed: str) -> None:
    """A game whose hands (two seats swap a card) or rules' state were changed by hand
    is not what its origin and record make: the move a rule stops is left part way with
    a note, never rebuilt over the change (every field but the derived ones is
    compared)."""
    trap, counts = Trap(), Counts()
    game = Game.new(PL.with_rules(trap, counts), 3, seed=8)
    game.play(game.legal_moves()[0])
    if changed == "hands":
        first, second = game.hands[0], game.hands[1]
        game.hands[0] = (second[0], *first[1:])
        game.hands[1] = (first[0], *second[1:])
        assert first[0] != second[0]
    else:
        counts.set_state(game, 100)
    kept = getattr(game, changed)
    trap.at[:] = [game.rule_state(trap)]
    with pytest.raises(SprungError) as caught:
        game.play("draw")  # legal whatever the hands
    (note,) = caught.value.__notes__
    assert note.startswith("the move could not be taken back (made again, it stopped elsewhere")
    if changed == "hands":
        assert game.hands[1] == kept[1]
    else:
        assert game.rule_state(counts) == 100  # the trap, first, stopped the move


def test_a_rule_that_raises_again_in_the_rebuild_keeps_the_first_error_with_a_note() -> None:
    """A rule that raises at every move once armed raises again while the game is
    rebuilt from its record: the error of the move is the one raised, with a note that
    the record does not rebuild the game (not the rebuild's own error)."""

    @attrs.frozen
    class Armed(TurnRule):
        armed: list[bool] = attrs.field(factory=list, eq=False)
        token: object = attrs.field(factory=object)

        def before_move(self, game: Table, move: Move, events: list[Event]) -> None:
            if self.armed:
                raise SprungError("armed")

    rule = Armed()
    game = Game.new(PL.with_rules(rule), 2, seed=1)
    game.play(game.legal_moves()[0])
    rule.armed.append(True)
    error = None
    with pytest.raises(SprungError) as caught:
        try:
            game.play(game.legal_moves()[0])
        except SprungError as raised:
            error = raised
            raise
    assert caught.value is error
    assert caught.value.__notes__ == [
        "the move could not be taken back (its origin and record do not rebuild it: armed): "
        "the game is left as the rule left it, part way through the move"
    ]


def test_a_game_sampled_from_a_position_that_does_not_rebuild_does_not_either() -> None:
    """A search's sample of a position whose effect object the variant does not read back
    (`Beginning.resampled`) keeps ``rebuilds`` false: its move a rule stops keeps that
    note, not another."""
    game = Game.from_position(
        PL.with_rules(Slip(spring)),
        hands=["7h 5h", "7s 10h"],
        pile="9h",
        stock="5c 6c",
        effect=Sevens(),
    )
    sampled = sample_hidden(game.view(0), random.Random(3))
    assert not sampled.beginning.rebuilds
    play = next(move for move in sampled.legal_moves() if type(move) is Play)
    with pytest.raises(SprungError) as caught:
        sampled.play(play)
    (note,) = caught.value.__notes__
    assert "the variant does not read its effect's text back as the same effect" in note


class Generous(Game):
    """A user's subclass of `Game` whose draw service, which rules call, deals one card
    more (a house rule written as an override)."""

    __slots__ = ()
    plays = 0  # how many times its own `play` ran

    def draw_cards(
        self, seat: int, count: int, reason: object, events: list[Event]
    ) -> tuple[Card, ...]:
        """One card more than asked."""
        return super().draw_cards(seat, count + 1, reason, events)

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Counted: the take-back's rebuild makes the record's moves by the engine's
        `play`, not by this one."""
        type(self).plays += 1
        return super().play(move)


@pytest.mark.parametrize("dealt", [False, True])
def test_a_subclass_whose_service_a_rule_calls_is_rebuilt_as_itself_and_taken_back(
    dealt: bool,
) -> None:
    """A move a rule stops part way through the service a subclass of `Game` overrides
    (its draw deals two cards) is taken back whole: the rebuild is a game of the subclass,
    whose service the move, made again, calls as it did (a plain `Game` drew one card,
    stopped elsewhere and left the move part way)."""
    trap = Trap()
    variant = PL.with_rules(trap)
    if dealt:
        game = Generous.new(variant, 2, seed=1)
    else:
        game = Generous.from_position(variant, ["2h 5c 9s", "3h 9d Ks"], "7c", "Kd 5s 6d Qc")
    game.play("draw")
    before, state = game.clone(), whole_state(game)
    trap.at[:] = [game.rule_state(trap)]
    Generous.plays = 0
    with pytest.raises(SprungError) as raised:
        game.play("draw")
    assert not getattr(raised.value, "__notes__", None)
    assert whole_state(game) == state and type(game) is Generous and Generous.plays == 1
    trap.at.clear()
    assert game.play("draw") == before.play("draw")
    assert whole_state(game) == whole_state(before)
