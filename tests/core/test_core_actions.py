"""Action ids: stable numbering, masks that match the legal moves, steps that replay games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao import ALL_CARDS, ActionSpace, Card, Draw, Game, Pass, Play, Say, Stepper, Stop, variants
from makao.actions import DRAW, MAX_PLAYERS, PASS
from makao.cards import Rank, Suit
from makao.errors import IllegalMoveError, InvalidMoveError, SetupError
from makao.rules import Wild
from makao.testing import snapshot
from makao.variants.mao.moves import Release

POLISH = variants.polish()


def test_card_draw_and_pass_ids_are_fixed() -> None:
    space = ActionSpace(POLISH, 3)
    assert [space.describe(i) for i in range(52)] == [str(card) for card in ALL_CARDS]
    assert space.describe(Card.parse("7h").index) == "7h"
    assert (DRAW, PASS) == (52, 53)
    assert space.encode(Draw()) == (52,) and space.encode(Pass()) == (53,)
    assert space.describe(54) == "end"


def test_ids_are_the_same_for_every_space_built_alike() -> None:
    first, second = ActionSpace(POLISH, 4), ActionSpace(variants.polish(), 4)
    assert first.size == second.size
    assert [first.describe(i) for i in range(first.size)] == [
        second.describe(i) for i in range(second.size)
    ]


def test_a_play_is_its_cards_then_its_calls_then_one_end_action() -> None:
    space = ActionSpace(POLISH, 2)
    move = Play((Card.parse("Jc"), Card.parse("Jd")), Rank.SEVEN, ("makao",))
    ids = space.encode(move)
    assert ids[:2] == (Card.parse("Jc").index, Card.parse("Jd").index)
    assert [space.describe(i) for i in ids[2:]] == ["+makao", "end:7"]
    assert space.describe(space.encode(Play((Card.parse("Ah"),), Suit.SPADES))[-1]) == "end:s"


def test_pl_30_out_of_turn_actions_have_ids_for_every_seat() -> None:
    space = ActionSpace(POLISH, 3)
    named = {space.describe(i) for i in range(space.size)}
    assert {"0: say makao", "2: say makao", "1: stop 0", "0: stop 2"} <= named
    assert space.describe(space.encode(Stop(2, 1))[0]) == "2: stop 1"
    with pytest.raises(InvalidMoveError):
        space.encode(Say(5, "makao"))  # no such seat at this table


def test_an_id_out_of_range_is_invalid_and_an_unlisted_one_illegal() -> None:
    game = Game.from_position(POLISH, hands=["5h 6c", "9d"], pile="7h")
    stepper = Stepper(game)
    for action in (-1, stepper.space.size, 10**6):
        with pytest.raises(InvalidMoveError):
            stepper.step(action)
    with pytest.raises(IllegalMoveError, match="not legal now"):
        stepper.step(Card.parse("6c").index)
    assert stepper.prefix == () and game.hand(0) == tuple(Card.parse(c) for c in ("5h", "6c"))


@pytest.mark.parametrize("action", [1.5, "3", None, 22.0, True, False])
def test_an_id_that_is_no_int_is_invalid(action: object) -> None:
    game = Game.from_position(POLISH, hands=["5h 6c", "9d"], pile="7h")
    stepper = Stepper(game)
    for call in (stepper.step, stepper.space.describe):
        with pytest.raises(InvalidMoveError, match="action id must be"):
            call(action)  # type: ignore[arg-type]
    assert stepper.prefix == () and game.hand(0) == tuple(Card.parse(c) for c in ("5h", "6c"))


class _Index:
    """An integer of another type (as NumPy's are): it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_an_id_of_another_integer_type_is_taken_as_its_int() -> None:
    game = Game.from_position(POLISH, hands=["5h 6c", "9d"], pile="7h")
    stepper = Stepper(game)
    five = Card.parse("5h").index
    assert stepper.space.describe(_Index(five)) == "5h"  # type: ignore[arg-type]
    assert stepper.step(_Index(five)) == ()  # type: ignore[arg-type]
    assert stepper.prefix == (Card.parse("5h"),) and type(stepper.legal_actions()[0]) is int


def test_um_23_call_ids_run_in_alphabetical_order_as_a_plays_calls_are_stepped() -> None:
    """UM-23, UM-24: Mao's calls are numbered alphabetically, the order a play steps them."""
    space = ActionSpace(variants.mao(), 3)
    assert len(space.calls) > 2 and list(space.calls) == sorted(space.calls)
    named = [space.describe(i) for i in range(space.first_call, space.first_extra)]
    assert named == [f"+{call}" for call in sorted(space.calls)]
    ids = space.encode(Play((Card.parse("Jc"),), None, ("mau", "last-card")))
    assert [space.describe(i) for i in ids[1:]] == ["+last-card", "+mau", "end"]


def test_um_20_mao_numbers_every_multiplex_count_from_two_to_twenty() -> None:
    """UM-20: each multiplex count up to twenty has an action id."""
    calls = ActionSpace(variants.mao(), 3).calls
    assert {"two", "eight", "twenty"} <= set(calls) and "one" not in calls


def test_pl_7_a_multi_card_play_is_stepped_card_by_card() -> None:
    """PL-7: a multi card play is stepped card by card."""
    game = Game.from_position(POLISH, hands=["5h 5c 5d 9s", "9d"], pile="7h")
    stepper = Stepper(game)
    assert stepper.step(Card.parse("5h").index) == ()
    assert stepper.legal_actions()[:2] == [Card.parse("5c").index, Card.parse("5d").index]
    assert stepper.step(Card.parse("5d").index) == ()
    end = stepper.space.encode(Play("5h"))[-1]  # no choice, no calls
    events = stepper.step(end)
    assert events and game.top is Card.parse("5d")
    assert game.hand(0) == (Card.parse("5c"), Card.parse("9s"))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 6))
def test_stepping_the_ids_of_moves_replays_the_same_game(seed: int, players: int) -> None:
    played = Game.new(POLISH, players, seed)
    stepper = Stepper(Game.new(POLISH, players, seed))
    space = stepper.space
    rng = random.Random(seed)
    for _ in range(80):
        if played.is_over:
            break
        move = rng.choice(played.legal_moves())
        ids = space.encode(move)
        for action in ids[:-1]:
            assert stepper.mask() == [a in stepper.legal_actions() for a in range(space.size)]
            assert stepper.step(action) == ()
        assert stepper.legal_actions() == space.legal_actions(
            stepper.game, stepper.prefix, stepper.calls
        )
        assert stepper.step(ids[-1]) == played.play(move)
        assert snapshot(stepper.game) == snapshot(played)
        assert stepper.prefix == () and stepper.calls == ()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 5))
def test_the_mask_lists_exactly_the_first_ids_of_the_legal_moves(seed: int, players: int) -> None:
    game = Game.new(POLISH, players, seed)
    space = ActionSpace(POLISH, players)
    rng = random.Random(seed)
    for _ in range(60):
        if game.is_over:
            break
        firsts = sorted({space.encode(move)[0] for move in game.legal_moves()})
        mask = space.mask(game)
        assert [i for i, ok in enumerate(mask) if ok] == firsts == space.legal_actions(game)
        game.play(rng.choice(game.legal_moves()))


def test_a_stepper_clone_keeps_the_partial_play_apart() -> None:
    game = Game.from_position(POLISH, hands=["5h 5c 9s", "9d"], pile="7h")
    stepper = Stepper(game)
    stepper.step(Card.parse("5h").index)
    copy = stepper.clone()
    copy.step(Card.parse("5c").index)
    assert stepper.prefix == (Card.parse("5h"),)
    assert copy.game is not game and game.hand(0) == copy.game.hand(0)


@pytest.mark.parametrize("players", [0, -2, True, "3", 2.0, MAX_PLAYERS + 1, 10**9])
def test_pl_30_an_action_space_refuses_a_table_it_cannot_number(players: object) -> None:
    """PL-30: a "stop" per pair of seats grows with the square of the table, so a space
    numbers 1…`MAX_PLAYERS` seats; anything else is a `SetupError`, at once."""
    with pytest.raises(SetupError, match=f"a table of 1…{MAX_PLAYERS} players"):
        ActionSpace(POLISH, players)  # type: ignore[arg-type]


def test_pl_30_the_largest_action_space_holds_a_stop_per_pair_of_seats() -> None:
    """PL-30: at `MAX_PLAYERS` seats, a late "makao" per seat and a "stop" per pair."""
    space = ActionSpace(POLISH, MAX_PLAYERS)
    assert len(space.extras) == MAX_PLAYERS + MAX_PLAYERS * (MAX_PLAYERS - 1)
    assert space.describe(space.size - 1) == f"{MAX_PLAYERS - 1}: stop {MAX_PLAYERS - 2}"


def test_an_action_space_needs_a_variant() -> None:
    """A variant's name is not a variant: `SetupError`, not an `AttributeError`."""
    with pytest.raises(SetupError, match="needs a Variant, not 'polish'"):
        ActionSpace("polish", 2)  # type: ignore[arg-type]


def test_a_stepper_refuses_a_space_of_another_variant_or_table() -> None:
    """A space numbers one variant at one table: another one's ids would step wrong moves."""
    game = Game.new(POLISH, 3, seed=1)
    with pytest.raises(SetupError, match="numbers polish at 2 seats; the game is polish at 3"):
        Stepper(game, ActionSpace(POLISH, 2))
    with pytest.raises(SetupError, match="numbers mao at 3 seats; the game is polish at 3"):
        Stepper(game, ActionSpace(variants.mao(), 3))
    with pytest.raises(SetupError, match="an ActionSpace or None"):
        Stepper(game, "space")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="steps a Game, not 'game'"):
        Stepper("game")  # type: ignore[arg-type]
    alike = ActionSpace(variants.polish(), 3)
    assert Stepper(game, alike).legal_actions() == Stepper(game).legal_actions()


def test_pl_9_a_space_refusing_a_game_of_its_variants_name_says_it_is_another_variant() -> None:
    """PL-9: a game of ``polish().without(Wild)`` (its name kept) is not numbered by a
    space of `variants.polish()`; the refusal said "numbers polish at 2 seats, not polish
    at 2", naming no difference."""
    game = Game.new(POLISH.without(Wild), 2, seed=1)
    with pytest.raises(SetupError, match=r"not another variant named polish at 2$"):
        ActionSpace(POLISH, 2).legal_actions(game)
    with pytest.raises(SetupError, match=r"the game is another variant named polish at 2$"):
        Stepper(game, ActionSpace(POLISH, 2))


@pytest.mark.parametrize("players", [3, 8])
def test_um_16_every_seats_jack_release_has_an_action_id(players: int) -> None:
    """UM-16: a release by any seat, the last one included, is numbered."""
    space = ActionSpace(variants.mao(), players)
    ids = [space.encode(Release(seat)) for seat in range(players)]
    assert len(set(ids)) == players
    assert space.describe(ids[-1][0]) == f"{players - 1}: release"


@pytest.mark.parametrize(
    "move",
    [[], {}, ["7h"], 10**5000, "x" * 10**6, variants.mao()],
    ids=["list", "dict", "list-of-text", "huge-int", "long-text", "variant"],
)
def test_encode_refuses_any_non_move_with_a_short_invalid_move_error(move: Any) -> None:
    space = ActionSpace(variants.polish(), 2)
    with pytest.raises(InvalidMoveError) as caught:
        space.encode(move)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("game", "prefix", "calls"),
    [
        (None, (), ()),
        ("polish", (), ()),
        (Game.new(variants.mao(), 3, seed=1), (), ()),
        (Game.new(variants.polish(), 3, seed=1), (), ()),
        (Game.new(variants.polish(), 2, seed=1), [], ()),
        (Game.new(variants.polish(), 2, seed=1), None, ()),
        (Game.new(variants.polish(), 2, seed=1), ("7h",), ()),
        (Game.new(variants.polish(), 2, seed=1), (), None),
        (Game.new(variants.polish(), 2, seed=1), (), [5]),
    ],
    ids=repr,
)
def test_legal_actions_and_mask_refuse_what_the_space_does_not_number(
    game: Any, prefix: Any, calls: Any
) -> None:
    space = ActionSpace(variants.polish(), 2)
    with pytest.raises(SetupError):
        space.legal_actions(game, prefix, calls)
    with pytest.raises(SetupError):
        space.mask(game, prefix, calls)


def test_legal_actions_with_a_prefix_still_lists_the_next_cards() -> None:
    game = Game.new(variants.polish(), 2, seed=1)
    space = ActionSpace(game.variant, 2)
    assert space.legal_actions(game) == Stepper(game, space).legal_actions()
    first = game.hand(0)[0]
    assert space.mask(game, (first,)) == [
        a in space.legal_actions(game, (first,)) for a in range(space.size)
    ]
