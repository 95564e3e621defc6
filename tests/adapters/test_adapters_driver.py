"""The adapters' turn scheme: one acting seat at a time, reaction turns for out-of-turn
actions (PL-29, PL-30), truncation and rewards (makao.adapters.driver)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence

import pytest

from makao import Card, Draw, Game, Play, parse_cards, variants
from makao.adapters.driver import Driver, point_rewards, rank_rewards, scoring
from makao.bots import BaseBot, RandomBot
from makao.errors import IllegalMoveError, InvalidMoveError, SetupError
from makao.events import Penalised
from makao.moves import Move
from makao.view import View

PL = variants.polish()


def forgot_makao(players: int = 2) -> Driver:
    """Seat 0 plays 5♥ on 9♥ without saying "makao" and is left with one card."""
    hands = ["5h 6d", "6h 7s 8d", "7h 8s 9s"][:players]
    game = Game.from_position(PL, hands=hands, pile="9h", stock="5c 6c 7c 8c 9c 10c")
    driver = Driver(game)
    for action in driver.encode(Play(parse_cards("5h"))):
        driver.step(action)
    return driver


def names(driver: Driver) -> list[str]:
    return [driver.describe(action) for action in driver.legal_actions()]


def test_pl_30_others_get_a_reaction_turn_to_say_stop() -> None:
    driver = forgot_makao()
    assert (driver.actor, driver.reacting) == (1, True)
    assert names(driver) == ["1: stop 0", "noop"]


def test_pl_29_offender_may_still_say_makao_once_nobody_said_stop() -> None:
    driver = forgot_makao()
    driver.step(driver.noop)
    assert (driver.actor, names(driver)) == (0, ["0: say makao", "noop"])
    driver.step(driver.noop)
    assert (driver.actor, driver.reacting) == (1, False)
    assert "noop" not in names(driver) and "1: stop 0" not in names(driver)


def test_pl_30_stop_in_a_reaction_turn_costs_five_cards_and_closes_the_window() -> None:
    driver = forgot_makao()
    events = driver.step(driver.legal_actions()[0])
    assert Penalised(0, "PL-30", "stop makao called by seat 1", 5) in events
    assert len(driver.game.hand(0)) == 6
    assert (driver.actor, driver.reacting) == (1, False)


def test_pl_30_reaction_turns_go_round_from_the_seat_after_the_mover() -> None:
    driver = forgot_makao(players=3)
    seen = []
    while driver.reacting:
        seen.append(driver.actor)
        driver.step(driver.noop)
    assert seen == [1, 2, 0]
    assert driver.actor == driver.game.to_move == 1


def test_um_21_the_opening_window_goes_round_from_the_seat_to_move() -> None:
    """UM-21: any seat may open a question period before the first move; the seats are
    asked in seat order from the seat to move (as if the seat before it had just moved)."""
    for players in (3, 4):
        game = Game.new(variants.mao(), players, seed=players)
        driver = Driver(game)
        seen = []
        while driver.reacting:
            assert names(driver) == [f"{driver.actor}: say question", "noop"]
            seen.append(driver.actor)
            driver.step(driver.noop)
        first = game.to_move
        assert seen == [(first + k) % players for k in range(players)]
        assert (driver.actor, driver.reacting) == (first, False)


def test_a_numpy_integer_id_is_taken_and_a_bool_or_float_refused() -> None:
    """Ids picked with NumPy (``np.flatnonzero(mask)``) are NumPy integers: `Driver.step`
    takes them as the ids they are (it refused them after its own legality check had
    passed them); a `bool` or a `float` is no id (`InvalidMoveError`), nor is an id
    beyond ``noop``."""
    np = pytest.importorskip("numpy")
    game = Game.from_position(PL, hands=["7h 7s 9c", "5d 6d"], pile="7d", stock="2c 3c")
    driver = Driver(game)
    for bad in (True, 1.0, driver.noop + 1):
        with pytest.raises(InvalidMoveError, match="action id must be"):
            driver.step(bad)  # type: ignore[arg-type]
    assert driver.steps == 0
    mask = np.zeros(driver.num_actions, dtype=np.int8)
    mask[driver.legal_actions()] = 1
    first = np.flatnonzero(mask)[0]
    assert driver.describe(int(first)) == "7h"
    driver.step(first)
    assert driver.stepper.prefix == (Card.parse("7h"),) and driver.steps == 1


def test_pl_7_a_multi_card_play_is_one_seats_chain_of_steps() -> None:
    """PL-7: a multi card play is one seats chain of steps."""
    game = Game.from_position(PL, hands=["7h 7s 9c", "5d 6d"], pile="7d", stock="2c 3c")
    driver = Driver(game)
    driver.step(driver.encode(Play(parse_cards("7h 7s")))[0])
    assert (driver.actor, driver.reacting, driver.stepper.prefix) == (0, False, game.hand(0)[:1])
    assert "7s" in names(driver)


def test_truncation_after_max_actions_ranks_by_fewest_cards() -> None:
    game = Game.from_position(PL, hands=["5h 6d 8c", "6h"], pile="9h", stock="2c 3c 4c 5c")
    driver = Driver(game, max_actions=1)
    driver.step(*driver.encode(Draw()))
    assert driver.truncated and driver.is_over and not game.is_over
    assert driver.legal_actions() == []
    assert game.standings().order == (1, 0)
    assert driver.rewards() == (-1.0, 1.0)


def test_pl_32_rank_rewards_run_from_plus_one_to_minus_one() -> None:
    game = Game.from_position(PL, hands=["", "5c", ""], pile="9h", to_move=1, finished=(2, 0))
    assert rank_rewards(game) == (0.0, -1.0, 1.0)


def test_a_whole_game_of_random_actions_ends_with_zero_sum_rewards() -> None:
    rng = random.Random(3)
    for players in (2, 3, 4):
        driver = Driver(Game.new(PL, players, seed=players), max_actions=50_000)
        while not driver.is_over:
            driver.step(rng.choice(driver.legal_actions()))
        assert driver.game.is_over and sum(driver.rewards()) == pytest.approx(0.0)


def test_a_driver_survives_pickle_and_clone_mid_game() -> None:
    driver = Driver(Game.new(PL, 3, seed=5))
    rng = random.Random(5)
    for _ in range(200):
        driver.step(rng.choice(driver.legal_actions()))
    for copy in (pickle.loads(pickle.dumps(driver)), driver.clone()):
        assert copy.game.record == driver.game.record
        assert (copy.actor, copy.window, copy.legal_actions()) == (
            driver.actor,
            driver.window,
            driver.legal_actions(),
        )


def test_a_scoring_function_is_taken_as_it_is() -> None:
    """``rewards=`` may be a function of the game (its own, or `point_rewards`)."""

    def mine(game: Game) -> tuple[float, ...]:
        return (0.5,) * game.players

    assert scoring(mine) is mine and scoring(point_rewards) is point_rewards
    assert scoring("rank") is rank_rewards


@pytest.mark.parametrize("name", variants.names())
def test_pl_34_ru_16_points_are_refused_for_a_variant_that_scores_none(name: str) -> None:
    """PL-34, RU-16: ``"points"`` needs a scoring variant (Russian), refused up front for the
    others (it failed only at the game's end); ``"rank"`` and a function suit any variant."""
    variant = variants.get(name)
    assert variant.compiled.finish.scores_points == (name == "russian")
    assert scoring("rank", variant) is rank_rewards
    assert scoring(point_rewards, variant) is point_rewards
    if name == "russian":
        assert scoring("points", variant) is point_rewards
    else:
        with pytest.raises(SetupError, match=f"scores points .*: {name} scores none"):
            scoring("points", variant)


def test_pl_32_a_game_won_on_the_last_allowed_action_is_over_not_truncated() -> None:
    """PL-32: the cap reached by the winning move ends the game by the rules: ranked,
    not truncated."""
    game = Game.from_position(PL, hands=["5h", "6c 8s"], pile="9h", stock="2c 3c")
    driver = Driver(game, max_actions=2)
    for action in driver.encode(Play(parse_cards("5h"))):
        driver.step(action)
    assert driver.steps == 2 and game.is_over
    assert driver.is_over and not driver.truncated
    assert driver.rewards() == (1.0, -1.0)


def test_pl_30_a_bot_answers_a_reaction_turn_with_respond_and_its_turn_with_choose() -> None:
    """PL-30: in a reaction turn a bot's ``respond`` is asked (``None`` is noop), in its
    turn its ``choose``."""

    class First(BaseBot):
        def choose(self, view: View, moves: Sequence[Move]) -> Move:
            return moves[0]

    driver = forgot_makao()
    assert driver.reacting and driver.bot_actions(First()) == (driver.noop,)
    driver.step(driver.noop)
    driver.step(driver.noop)
    assert not driver.reacting and driver.bot_actions(First()) != (driver.noop,)


def test_a_clone_keeps_the_steps_taken_and_the_cap() -> None:
    """A clone counts on from the original's steps, to the same ``max_actions``."""
    game = Game.from_position(PL, hands=["5h 6d 8c", "6h"], pile="9h", stock="2c 3c 4c 5c")
    driver = Driver(game, max_actions=2)
    driver.step(*driver.encode(Draw()))
    copy = driver.clone()
    assert (copy.steps, copy.max_actions) == (1, 2)
    copy.step(copy.legal_actions()[0])
    assert copy.truncated and not driver.truncated


def test_an_illegal_id_is_an_illegal_move_naming_the_legal_ones() -> None:
    """An id in range but not legal now raises `IllegalMoveError` (not `InvalidMoveError`),
    listing the legal actions."""
    driver = forgot_makao()
    with pytest.raises(IllegalMoveError, match="not legal for seat 1: 1: stop 0, noop") as info:
        driver.step(0)
    assert not isinstance(info.value, InvalidMoveError) and driver.steps == 2


@pytest.mark.parametrize("bot", [None, 5, "random"])
def test_bot_actions_refuse_a_value_that_is_not_a_bot(bot: object) -> None:
    driver = Driver(Game.new(PL, players=2, seed=1))
    with pytest.raises(SetupError, match="bot must be a Bot, not"):
        driver.bot_actions(bot)  # type: ignore[arg-type]


def test_bot_actions_refuse_a_bot_class_for_a_bot() -> None:
    """A bot's class has a bot's methods (``isinstance(RandomBot, Bot)``), unbound."""
    # Was: TypeError: BaseBot.respond() missing 1 required positional argument: 'moves'.
    driver = Driver(Game.new(PL, players=2, seed=1))
    with pytest.raises(SetupError, match=r"not <class .* \(a class: give a bot, RandomBot\(\)\)"):
        driver.bot_actions(RandomBot)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [None, 5, "game"])
def test_rewards_refuse_a_value_that_is_not_a_game(game: object) -> None:
    with pytest.raises(SetupError, match="game must be a Game, not"):
        rank_rewards(game)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="game must be a Game, not"):
        point_rewards(game)  # type: ignore[arg-type]
