"""The fixed-size option of both adapters: one action numbering and one observation size
for every built-in variant and 2–8 seats (makao.adapters.fixed, ``fixed_size=True``)."""

from __future__ import annotations

import copy
import random
import sys
from types import SimpleNamespace
from typing import Any, cast

import pytest

from _examples import load_example
from makao import Card, Play, Rank, Suit, variants
from makao.actions import ActionSpace
from makao.adapters.driver import Driver
from makao.adapters.fixed import FIXED_ACTIONS, FixedActions, fixed_layout
from makao.engine import Game
from makao.errors import IllegalMoveError, SetupError
from makao.moves import Say, Stop

VARIANTS = list(variants.names())


def tables() -> list[tuple[str, int]]:
    found = []
    for name in VARIANTS:
        start = variants.get(name).compiled.start
        found += [(name, n) for n in range(max(2, start.min_players), (start.max_players or 8) + 1)]
    return [(name, n) for name, n in found if n <= 8]


@pytest.mark.parametrize(("variant", "players"), tables())
def test_every_table_maps_its_ids_one_to_one_into_the_fixed_ids(variant: str, players: int) -> None:
    space = ActionSpace(variants.get(variant), players)
    fixed = FixedActions(space)
    assert fixed.size == FIXED_ACTIONS
    assert fixed.to_fixed[:54] == tuple(range(54))  # cards, draw, pass keep their ids
    assert fixed.to_fixed[-1] == FIXED_ACTIONS - 1  # noop is last
    for local, fixed_id in enumerate(fixed.to_fixed):
        owner = (
            getattr(space.extras[local - space.first_extra], "seat", 0)
            if (local >= space.first_extra and local < space.size)
            else 0
        )
        assert fixed.local(fixed_id, owner) == local
    # Out-of-turn actions are relative to their actor: "say makao" is one id for all seats.
    by_seat = {
        fixed.to_fixed[space.first_extra + i]
        for i, move in enumerate(space.extras)
        if isinstance(move, Say)
    }
    calls = {move.call for move in space.extras if isinstance(move, Say)}
    assert len(by_seat) == len(calls)


def test_pl_21_pl_26_end_ids_are_none_then_ranks_two_to_ace_then_suits() -> None:
    """PL-21 (a jack demands a rank) and PL-26 (an ace names a suit): fixed ends 54…71."""
    space = ActionSpace(variants.polish(), 2)
    fixed = FixedActions(space)

    def end(card: str, choice: Rank | Suit | None) -> int:
        return fixed.to_fixed[space.encode(Play((Card.parse(card),), choice))[-1]]

    assert end("5h", None) == 54
    assert [end("Jc", rank) for rank in (Rank.FIVE, Rank.TEN)] == [54 + 1 + 3, 54 + 1 + 8]
    suits = [end("Ah", suit) for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)]
    assert suits == [68, 69, 70, 71]


def test_pl_30_a_stop_has_one_fixed_id_per_place_after_the_speaker() -> None:
    """PL-30: "stop" on the next seat is one fixed id whoever says it, and so on round."""
    space = ActionSpace(variants.polish(), 3)
    fixed = FixedActions(space)

    def stop(seat: int, target: int) -> int:
        return fixed.to_fixed[space.encode(Stop(seat, target))[0]]

    next_seat = {stop(0, 1), stop(1, 2), stop(2, 0)}
    seat_after = {stop(0, 2), stop(1, 0), stop(2, 1)}
    assert len(next_seat) == len(seat_after) == 1 and next_seat != seat_after
    assert fixed.local(next_seat.pop(), 2) == space.encode(Stop(2, 0))[0]


def test_a_fixed_id_the_table_lacks_is_an_illegal_move() -> None:
    fixed = FixedActions(ActionSpace(variants.prsi(), 2))  # prsi has no calls
    with pytest.raises(IllegalMoveError, match="not an action of seat 0"):
        fixed.local(FIXED_ACTIONS - 2, 0)


def test_a_call_no_built_in_variant_has_gets_no_fixed_id() -> None:
    space = cast(
        Any,
        SimpleNamespace(ends=(None,), calls=("hooray",), extras=(), players=2, size=56),
    )
    with pytest.raises(SetupError, match="'hooray' has no fixed action id"):
        FixedActions(space)


def test_the_fixed_mask_matches_the_legal_actions_over_random_play() -> None:
    rng = random.Random(1)
    driver = Driver(Game.new(variants.polish(), 3, seed=1), max_actions=300)
    fixed = FixedActions(driver.space)
    while not driver.is_over:
        legal = driver.legal_actions()
        mask = fixed.mask(legal)
        assert sorted(fixed.local(f, driver.actor) for f in mask) == legal
        driver.step(fixed.local(rng.choice(mask), driver.actor))


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_fixed_size_spaces_are_the_same_for_every_variant() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from makao.adapters.pettingzoo import env, raw_env

    shapes = set()
    for variant, players in (("polish", 2), ("mao", 3), ("russian", 5), ("switch", 8)):
        table = raw_env(variant, players, fixed_size=True)
        space: Any = table.observation_space("player_0")
        shapes.add((space["observation"].shape, space["action_mask"].shape))
        assert cast(Any, table.action_space("player_0")).n == FIXED_ACTIONS
    assert shapes == {((374,), (FIXED_ACTIONS,))}  # 336 + the 38 calls of the fixed numbering
    api_test(env("polish", 3, fixed_size=True), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiel_fixed_size_passes_random_sim_test(variant: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from makao.adapters.openspiel import game_name

    players = max(3, variants.get(variant).compiled.start.min_players)
    params = {"players": players, "fixed_size": True, "max_actions": 100}
    game = pyspiel.load_game(game_name(variant), params)
    assert game.num_distinct_actions() == FIXED_ACTIONS
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_out_of_turn_action_no_built_in_variant_has_gets_no_fixed_id() -> None:
    """An out-of-turn action outside every built-in variant is a `SetupError` naming it."""
    space = cast(
        Any,
        SimpleNamespace(ends=(None,), calls=(), extras=(Say(0, "hooray"),), players=2, size=56),
    )
    with pytest.raises(SetupError, match="out-of-turn action 0: say hooray has no fixed"):
        FixedActions(space)


@pytest.mark.parametrize(
    "fixed",
    [[], {}, 10**5000, "x" * 10**6, variants.mao()],
    ids=["list", "dict", "huge-int", "long-text", "variant"],
)
def test_local_refuses_any_non_id_with_a_short_illegal_move_error(fixed: Any) -> None:
    table = FixedActions(ActionSpace(variants.polish(), 2))
    with pytest.raises(IllegalMoveError) as caught:
        table.local(fixed, 0)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("space", [None, 5, "polish"])
def test_fixed_actions_refuse_a_value_that_is_not_an_action_space(space: object) -> None:
    with pytest.raises(SetupError, match="space must be an ActionSpace, not"):
        FixedActions(space)  # type: ignore[arg-type]


@pytest.mark.parametrize("legal", [None, 5, [10**6], ["x"], [1.5], [10**5000]])
def test_mask_refuses_ids_the_table_does_not_have(legal: object) -> None:
    fixed = FixedActions(ActionSpace(variants.polish(), 2))
    with pytest.raises(IllegalMoveError, match="legal must be a list of action ids 0…"):
        fixed.mask(legal)  # type: ignore[arg-type]


def test_a_users_registered_variant_leaves_the_fixed_numbering_as_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fixed numbering is the built-in variants' only: a variant a user registered
    before it was first made (the tutorial's jump-in) neither changes its size nor gets
    ids of its own, but is refused. Was: the numbering took in every registered variant,
    so its size depended on what was registered, and when."""
    # the module other tests loaded, if any: loading it again registers its moves' words
    # ("jump") for a second class, whose moves the first one's are not equal to
    rules = sys.modules.get("house_rules") or load_example("house_rules")
    house = variants.polish(decks=2).with_rules(rules.JumpInRule(), name="polish-jump")
    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    variants.register("polish-jump", lambda: house)
    fixed_layout.cache_clear()
    try:
        assert FixedActions(ActionSpace(variants.polish(), 2)).size == FIXED_ACTIONS
        with pytest.raises(SetupError, match="out-of-turn action 0: jump 2c has no fixed"):
            FixedActions(ActionSpace(house, 2))
    finally:
        fixed_layout.cache_clear()
