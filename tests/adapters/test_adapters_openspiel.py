"""The OpenSpiel games: OpenSpiel's random simulation test (serialization included) for
every registered variant, information states, resampling, search bots
(makao.adapters.openspiel)."""

from __future__ import annotations

import importlib
import random
import re
import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from makao import Game, Play, parse_cards, variants  # noqa: E402
from makao.adapters.driver import Driver  # noqa: E402
from makao.adapters.encoding import Encoder  # noqa: E402
from makao.adapters.openspiel import (  # noqa: E402
    MAX_DEALS,
    MakaoGame,
    StandingsEvaluator,
    game_name,
    register,
)
from makao.bots.sampling import was_stuck  # noqa: E402
from makao.cards import format_cards  # noqa: E402
from makao.errors import InvalidMoveError, SetupError  # noqa: E402
from makao.events import CardsPlayed  # noqa: E402

VARIANTS = list(variants.names())


def dealt(params: dict[str, object] | None = None, deal: int = 3) -> Any:
    game = pyspiel.load_game(game_name("polish"), params or {})
    state = game.new_initial_state()
    state.apply_action(deal)
    return state


def walk(state: Any, steps: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_passes_with_serialization(variant: str) -> None:
    start = variants.get(variant).compiled.start
    for players in sorted({max(2, start.min_players), 3}):
        game = pyspiel.load_game(game_name(variant), {"players": players, "max_actions": 120})
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_polish_two_player_random_sim_test_with_whole_games() -> None:
    game = pyspiel.load_game(game_name("polish"), {"players": 2, "max_actions": 400})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_variant_options_are_game_parameters() -> None:
    game = pyspiel.load_game(
        game_name("polish"), {"players": 3, "options": '{"decks": 2}', "po_makale_penalty": 2}
    )
    state = game.new_initial_state()
    state.apply_action(0)
    expected = variants.polish(decks=2, po_makale_penalty=2)
    assert state.driver.game.variant.options == expected.options
    assert game.num_players() == 3 and not state.is_chance_node()
    assert len(state.chance_outcomes()) == 0


def test_serialization_round_trip_keeps_the_state() -> None:
    state = dealt()
    walk(state, 150)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)
    assert copy.legal_actions() == state.legal_actions()


def test_resampling_keeps_what_the_seat_knows_and_deals_the_rest_anew() -> None:
    state = dealt()
    walk(state, 60)
    seat = state.current_player()
    other = 1 - seat
    rng = random.Random(1)
    worlds = [state.resample_from_infostate(seat, rng.random) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
    assert len({world.driver.game.hand(other) for world in worlds}) > 1


def test_information_state_holds_own_cards_and_public_actions_only() -> None:
    first, second = dealt(deal=3), dealt(deal=4)
    text = first.information_state_string(0)
    assert text.startswith("seat 0 | dealt ")
    hidden = " ".join(map(str, first.driver.game.hand(1)))
    assert hidden not in text
    assert text != second.information_state_string(0)


def test_pl_8_a_draw_shows_its_card_to_the_drawer_and_only_its_number_to_others() -> None:
    """PL-8: the drawn card is the drawer's; the others' information states say how many."""
    state = dealt({"players": 3})
    seat = state.current_player()
    assert 52 in state.legal_actions()
    before = [state.information_state_string(s) for s in range(3)]
    held = set(state.driver.game.hand(seat))
    state.apply_action(52)  # draw
    (card,) = set(state.driver.game.hand(seat)) - held
    for other in range(3):
        history = state.information_state_string(other).split("\nnow ")[0]
        assert history.startswith(before[other].split("\nnow ")[0])
        line = history.rsplit("\n", 1)[-1]
        assert line == (f"{seat}: draw +{card}" if other == seat else f"{seat}: draw {seat}+1")


def test_the_information_state_tensor_counts_each_copy_of_a_card_played() -> None:
    """PL-7 with two decks: both 7♥ played at once count 2 in the memory of seat 0."""
    state = dealt({"options": '{"decks": 2}'})
    game = Game.from_position(
        variants.polish(decks=2), hands=["7h 7h 5c", "9d 9s"], pile="7d", stock="2c 3c 4c"
    )
    state.driver = Driver(game, state.spec.space)
    for action in state.driver.encode(Play(parse_cards("7h 7h"))):
        state.apply_action(action)
    info = np.array(state.information_state_tensor(0))
    played = info[len(state.observation_tensor(0)) :].reshape(2, 52)
    assert played[0, parse_cards("7h")[0].index] == 2 and played.sum() == 2


def test_openspiel_mcts_and_ismcts_choose_legal_actions() -> None:
    state = dealt({"players": 2})
    game = state.get_game()
    evaluator = StandingsEvaluator()
    searchers = [
        mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(0)),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(0)),
    ]
    for searcher in searchers:
        assert searcher.step(state.clone()) in state.legal_actions()


def test_prsi_deals_463_and_1083_give_seat_0_different_information_states() -> None:
    # Issue 14: the same dealt hand, different top cards and legal actions; the
    # information state used to be the dealt hand alone.
    game = pyspiel.load_game(game_name("prsi"))
    states = []
    for deal in (463, 1083):
        state = game.new_initial_state()
        state.apply_action(deal)
        states.append(state)
    first, second = states
    assert first.driver.game.hand(0) == second.driver.game.hand(0)
    assert first.legal_actions() != second.legal_actions()
    assert first.information_state_string(0) != second.information_state_string(0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_information_state_determines_the_legal_actions(variant: str) -> None:
    """OpenSpiel's contract, over random play: states the acting seat cannot tell apart
    (the same information state string, across deals, or a world resampled for it) have
    the same legal actions."""
    players = max(2, variants.get(variant).compiled.start.min_players)
    game = pyspiel.load_game(game_name(variant), {"players": players, "max_actions": 80})
    legal_of: dict[str, list[int]] = {}
    rng = random.Random(0)
    for deal in range(40):
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            seat = state.current_player()
            key = state.information_state_string(seat)
            legal = state.legal_actions()
            assert legal_of.setdefault(key, legal) == legal, key
            if rng.random() < 0.1:
                world = state.resample_from_infostate(seat, rng.random)
                assert world.information_state_string(seat) == key
                assert world.legal_actions() == legal
            state.apply_action(rng.choice(legal))


def test_information_state_tensor_is_the_observation_plus_the_cards_each_seat_played() -> None:
    state = dealt({"players": 3})
    game = state.get_game()
    assert game.information_state_tensor_shape() == [288 + 58 * 3 + 2]  # +makao, +po-makale
    assert game.observation_tensor_shape() == [288 + 6 * 3 + 2]
    walk(state, 40, seed=2)
    deal, *actions = state.history()
    replay = Driver(Game.new(variants.polish(), 3, seed=deal))
    played = np.zeros((3, 52))
    for action in actions:
        for event in replay.step(action):
            if isinstance(event, CardsPlayed):
                for card in event.cards:
                    played[event.seat, card.index] += 1
    info = np.array(state.information_state_tensor(1))
    observation = np.array(state.observation_tensor(1))
    assert np.array_equal(info[: observation.size], observation)
    # Relative seats: seat 1 first, then 2, then 0.
    assert np.array_equal(info[observation.size :], np.roll(played, -1, axis=0).reshape(-1))
    assert played.sum() > 0


def test_fixed_size_pads_the_tensors_to_eight_seats() -> None:
    for variant, players in (("polish", 2), ("russian", 4), ("mao", 3)):
        game = pyspiel.load_game(game_name(variant), {"players": players, "fixed_size": True})
        # 38: the calls of the fixed action numbering (prefix_calls)
        assert game.observation_tensor_shape() == [288 + 6 * 8 + 38]
        assert game.information_state_tensor_shape() == [288 + 58 * 8 + 38]
        state = game.new_initial_state()
        state.apply_action(1)
        assert len(state.information_state_tensor(0)) == 288 + 58 * 8 + 38


def test_fixed_size_numbers_the_actions_alike_for_every_variant() -> None:
    """``fixed_size=True`` uses the fixed action numbering (docs/adapters/openspiel.md): one
    `num_distinct_actions` for every built-in variant and table (without it they differ)."""
    tables = (("polish", 2), ("russian", 4), ("mao", 5))

    def actions(fixed: bool) -> set[int]:
        return {
            pyspiel.load_game(
                game_name(variant), {"players": players, "fixed_size": fixed}
            ).num_distinct_actions()
            for variant, players in tables
        }

    assert len(actions(True)) == 1 and len(actions(False)) == 3


def test_the_default_cap_ends_the_game_as_truncated() -> None:
    game = pyspiel.load_game(game_name("polish"))
    assert game.max_game_length() == 5000
    state = dealt({"max_actions": 30})
    assert not state.truncated()
    walk(state, 30, seed=4)
    assert state.is_terminal() and state.truncated()
    assert state.observation_string(0).endswith("| truncated")
    assert sum(state.returns()) == 0 and max(state.returns()) == 1.0


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"max_actions": 0}, "max_actions must be a whole number from 1 to 2147483647, not 0"),
        ({"max_actions": -3}, "max_actions must be .*, not -3"),
        ({"deals": 0}, f"deals must be a whole number from 1 to {MAX_DEALS}, not 0"),
        ({"deals": -1}, "deals must be .*, not -1"),
        ({"deals": MAX_DEALS + 1}, f"deals must be .*, not {MAX_DEALS + 1}"),
        ({"rewards": "gold"}, "rewards must be one of rank, points or a function"),
        ({"options": "{bad"}, "options must be a JSON object, not '{bad'"),
        ({"options": "[1]"}, "options must be a JSON object, not '\\[1\\]'"),
        ({"options": "[" * 100_000}, "options must be a JSON object, not '\\[\\[\\["),
        ({"players": 1}, "needs at least 2"),
        ({"rewards": "points"}, "rewards 'points' need a variant that scores points"),
        ({"players": 9, "fixed_size": True}, "fixed_size pads to 8 seats: it cannot hold 9"),
    ],
)
def test_bad_parameters_are_setup_errors(params: dict[str, object], message: str) -> None:
    """Each bad parameter is refused when the game is loaded, with a message naming it.
    Before, ``max_actions`` of 0 or below made a game that ended at the deal, ``deals``
    of 0 or below raised `IndexError` at the first chance node, an unbounded ``deals``
    listed that many outcomes at every chance node, and bad ``options`` JSON raised
    `JSONDecodeError` or `TypeError` (deeply nested, `RecursionError`);
    ``rewards="points"`` for a variant that scores no points (PL-34) loaded and raised
    only when the returns were asked for."""
    with pytest.raises(SetupError, match=message):
        pyspiel.load_game(game_name("polish"), params)


def test_the_largest_deals_and_smallest_cap_load_and_play() -> None:
    """The bounds themselves are games: `MAX_DEALS` outcomes at the deal, and a cap of
    one action truncates the game after its first action."""
    state = pyspiel.load_game(game_name("polish"), {"deals": MAX_DEALS, "max_actions": 1})
    state = state.new_initial_state()
    assert len(state.chance_outcomes()) == MAX_DEALS
    state.apply_action(MAX_DEALS - 1)
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.truncated()


def test_game_names_turn_hyphens_into_underscores() -> None:
    """Every variant is registered as ``python_makao_<name>``, ``-`` becoming ``_``."""
    assert game_name("crazy-eights") == "python_makao_crazy_eights"
    registered = set(pyspiel.registered_names())
    assert {game_name(variant) for variant in VARIANTS} <= registered
    assert "python_makao_mau_mau" in registered


def test_the_game_types_give_each_variants_table_sizes() -> None:
    """The seat limits of the variant (10 when it names no maximum) bound the game type."""
    for variant, least, most in (("polish", 2, 10), ("russian", 2, 5), ("mao", 3, 10)):
        game_type = pyspiel.load_game(game_name(variant)).get_type()
        assert (game_type.min_num_players, game_type.max_num_players) == (least, most)


def test_rank_rewards_are_zero_sum_and_points_general_sum() -> None:
    """``rewards="rank"`` is a zero-sum game in [-1, 1]; ``"points"`` is general-sum, at most 0."""
    rank = pyspiel.load_game(game_name("russian"), {"rewards": "rank"})
    assert rank.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (rank.min_utility(), rank.max_utility(), rank.utility_sum()) == (-1.0, 1.0, 0.0)
    points = pyspiel.load_game(game_name("russian"), {"rewards": "points"})
    assert points.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (points.min_utility(), points.max_utility()) == (-1000.0, 0.0)
    assert points.utility_sum() is None


def test_the_default_deals_and_the_most_deals_are_as_documented() -> None:
    """4096 deals by default; `MAX_DEALS` is 65 536."""
    assert MAX_DEALS == 65_536
    game = pyspiel.load_game(game_name("polish"))
    assert game.max_chance_outcomes() == 4096
    assert len(game.new_initial_state().chance_outcomes()) == 4096


def test_before_the_deal_the_state_is_a_chance_node_with_no_result() -> None:
    """Before the deal: not truncated, zero returns for every seat, ``deal <seed>`` outcomes."""
    state = pyspiel.load_game(game_name("polish"), {"players": 3}).new_initial_state()
    assert not state.truncated() and not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "deal 5"
    assert state.information_state_string(1) == "seat 1 | before the deal"
    assert state.observation_string(2) == "seat 2 | before the deal"


def test_noop_is_the_last_action_id() -> None:
    """The reaction turn's ``noop`` is the last action id and reads ``noop``."""
    state = dealt()
    noop = state.get_game().num_distinct_actions() - 1
    assert state.action_to_string(0, noop) == "noop"
    assert state.action_to_string(1, noop) == "noop"


def test_pl_13_accepting_a_penalty_shows_the_others_how_many_cards_were_drawn() -> None:
    """PL-10, PL-13: after a 2 the attacked seat draws two; the others' line says ``1+2``."""
    state = dealt()
    game = Game.from_position(
        variants.polish(), hands=["2h 5c 6c", "9d 9s"], pile="7h", stock="2c 3c 4c 6d 8d"
    )
    state.driver = Driver(game, state.spec.space)
    for action in state.driver.encode(Play(parse_cards("2h"))):
        state.apply_action(action)
    assert state.current_player() == 1 and state.legal_actions() == [52]
    state.apply_action(52)  # accept: draw 2
    lines = [state.information_state_string(s).split("\nnow ")[0] for s in (0, 1)]
    assert lines[0].endswith("\n1: draw 1+2")
    assert lines[1].endswith("\n1: draw +2c 3c")


def test_an_observer_tensor_is_cleared_before_the_deal() -> None:
    """An observer reused on a state before the deal gives zeros, not the last state's values."""
    state = dealt()
    game = state.get_game()
    for perfect_recall in (False, True):
        observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall))
        observer.set_from(state, 0)
        assert observer.tensor.any()
        observer.set_from(game.new_initial_state(), 0)
        assert not observer.tensor.any()


def test_standings_evaluator_values_and_uniform_priors() -> None:
    """The evaluator: the returns once terminal, else the rank returns of the standings as they
    are; priors uniform over the legal ids."""
    evaluator = StandingsEvaluator()
    state = pyspiel.load_game(game_name("russian"), {"players": 3, "rewards": "points"})
    state = state.new_initial_state()
    state.apply_action(3)
    value = evaluator.evaluate(state)
    assert sum(value) == 0.0 and set(value) <= {-1.0, 0.0, 1.0} and min(value) == -1.0
    legal = state.legal_actions()
    prior = evaluator.prior(state)
    assert [a for a, _ in prior] == legal
    assert all(p == 1.0 / len(legal) for _, p in prior)
    walk(state, 5000)
    assert state.is_terminal() and min(state.returns()) < -1.0
    assert list(evaluator.evaluate(state)) == state.returns()


def test_every_deal_is_equally_likely() -> None:
    """The chance node lists every deal with probability 1/deals."""
    for deals in (3, 4096):
        outcomes = pyspiel.load_game(game_name("polish"), {"deals": deals})
        probabilities = [p for _, p in outcomes.new_initial_state().chance_outcomes()]
        assert probabilities[:-1] == [1.0 / deals] * (deals - 1)
        assert probabilities[-1] == pytest.approx(1.0 / deals)


def test_the_information_state_begins_with_the_dealt_hand_and_the_opening_pile() -> None:
    """PL-3, PL-4: the first line is the seat's dealt hand and the opening pile."""
    state = dealt({"players": 3})
    game = state.driver.game
    for seat in range(3):
        first = state.information_state_string(seat).split("\n")[0]
        assert first == f"seat {seat} | dealt {format_cards(game.hand(seat))} | pile " + (
            format_cards(game.pile)
        )


def test_a_default_observer_gives_the_observation() -> None:
    """Without an observation type the observer is the observation, not the information state."""
    state = dealt()
    observer = state.get_game().make_py_observer()
    assert observer.tensor.size == len(state.observation_tensor(0))
    assert observer.string_from(state, 0) == state.observation_string(0)


def test_resampling_a_finished_or_truncated_state_changes_nothing() -> None:
    """Once terminal there is nothing to resample: the state comes back as it is."""
    game = pyspiel.load_game(game_name("russian"), {"max_actions": 12, "rewards": "points"})
    state = game.new_initial_state()
    state.apply_action(3)
    walk(state, 12)
    assert state.is_terminal() and state.truncated()
    for seat in (0, 1):
        world = state.resample_from_infostate(seat, random.Random(seat).random)
        assert str(world) == str(state) and world.returns() == state.returns()


def test_pl_36_resampling_keeps_the_count_of_stalled_passes() -> None:
    """PL-36: a world sampled after one stalled pass still ends blocked at the next one."""
    state = dealt()
    game = Game.from_position(variants.polish(), hands=["5c 6c", "9d 8d"], pile="7h")
    state.driver = Driver(game, state.spec.space)
    (stuck_pass,) = state.legal_actions()
    state.apply_action(stuck_pass)
    while state.current_player() != 1:
        state.apply_action(state.legal_actions()[-1])
    for k in range(3):
        world = state.resample_from_infostate(1, random.Random(k).random)
        world.apply_action(world.legal_actions()[0])
        assert world.is_terminal() and not world.truncated()


def test_ru_9_a_world_sampled_for_another_seat_decides_must_play_drawn_from_its_hand() -> None:
    """RU-9: in a world sampled for another seat, the mover who drew must play the drawn card
    exactly when its sampled hand held nothing to play before the draw."""
    game = pyspiel.load_game(game_name("russian"), {"players": 2, "max_actions": 2000})
    stuck = set()
    for deal in range(20):
        state = game.new_initial_state()
        state.apply_action(deal)
        rng = random.Random(deal)
        while not state.is_terminal():
            if state.driver.game.must_play_drawn and not state.driver.reacting:
                other = 1 - state.current_player()
                for k in range(10):
                    world = state.resample_from_infostate(other, random.Random(k).random).driver
                    mover, drawn = world.game.to_move, world.game.drawn
                    assert drawn is not None and drawn in world.game.hand(mover)
                    stuck.add(world.game.must_play_drawn)
                    assert world.game.must_play_drawn == was_stuck(world.game, mover, drawn)
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if True in stuck:
            return
    pytest.fail("no sampled world in which the mover must play the drawn card")


def test_the_observation_string_says_whether_the_turn_is_a_reaction() -> None:
    """A reaction turn (here: stopping a makao) reads ``reacting 1``; the seat's own turn ``0``."""
    state = dealt()
    game = Game.from_position(variants.polish(), hands=["2h 5c", "9d 9s"], pile="7h")
    state.driver = Driver(game, state.spec.space)
    for action in state.driver.encode(Play(parse_cards("2h"))):
        state.apply_action(action)
    noop = state.get_game().num_distinct_actions() - 1
    assert state.current_player() == 1 and noop in state.legal_actions()
    assert " | reacting 1 | " in state.observation_string(1)
    while state.driver.reacting:
        state.apply_action(noop)
    assert state.current_player() == 1
    assert " | reacting 0 | " in state.observation_string(1)


def test_pl_8_the_observation_string_shows_a_playable_drawn_card_to_the_drawer_only() -> None:
    """PL-8: after drawing a card it may play, the drawer's observation ends ``| drawn 7c``."""
    state = dealt()
    game = Game.from_position(variants.polish(), hands=["5c 6c", "9d 8d"], pile="7h", stock="7c")
    state.driver = Driver(game, state.spec.space)
    state.apply_action(52)  # draw
    assert state.current_player() == 0
    assert state.observation_string(0).endswith(" | public  | drawn 7c")
    assert state.observation_string(1).endswith(" | public ")


def test_pl_35_drawing_nothing_adds_no_draw_text() -> None:
    """PL-35: an attack accepted with no card left to draw adds only the action's line."""
    state = dealt()
    game = Game.from_position(
        variants.polish(), hands=["5c 6c", "9d 8d"], pile="2h", to_move=1, effect="attack 2 by 0"
    )
    state.driver = Driver(game, state.spec.space)
    state.apply_action(52)  # accept: nothing to draw
    for seat in (0, 1):
        assert state.information_state_string(seat).split("\nnow ")[0].endswith("\n1: draw")


def test_um_5_a_world_sampled_for_another_seat_may_give_the_mover_any_drawn_card() -> None:
    """UM-5: after a draw any playable card may follow, so the mover's drawn card in a world
    sampled for another seat is any hidden card, not only one it may play."""
    game = pyspiel.load_game(game_name("mao"), {"players": 3, "max_actions": 2000})
    for deal in range(20):
        state = game.new_initial_state()
        state.apply_action(deal)
        rng = random.Random(deal)
        while not state.is_terminal():
            if state.driver.game.drawn is not None and not state.driver.reacting:
                mover = state.current_player()
                other = (mover + 1) % 3
                unplayable = 0
                for k in range(10):
                    world = state.resample_from_infostate(other, random.Random(k).random)
                    drawn = world.driver.game.drawn
                    assert drawn is not None and drawn in world.driver.game.hand(mover)
                    unplayable += not world.driver.game.may_start(mover, drawn)
                assert unplayable > 0
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no state after a draw")


@pytest.mark.parametrize("outcome", [8, 4096, -2])
def test_a_deal_outside_the_chance_outcomes_is_an_invalid_move(outcome: int) -> None:
    """The chance node lists deals ``0…deals-1``; any other outcome (``deals`` itself, a
    negative number) was dealt as a seed. It is an `InvalidMoveError`, and the
    state stays before the deal."""
    state = pyspiel.load_game(game_name("polish"), {"deals": 8}).new_initial_state()
    with pytest.raises(InvalidMoveError, match="action id must be 0…7"):
        state.apply_action(outcome)
    assert state.is_chance_node() and state.history() == []
    state.apply_action(7)
    assert state.current_player() in (0, 1)


def test_pl_32_a_game_played_out_is_not_marked_truncated() -> None:
    """PL-32: a game that ends by the rules (a seat went out) is terminal but not
    truncated, and no observation string says ``| truncated``."""
    state = dealt({"max_actions": 2000}, deal=1)
    while not state.is_terminal():  # shed cards first: the game ends in a few dozen steps
        legal = state.legal_actions()
        state.apply_action(min(legal, key=lambda a: (a in (52, 53), a)))
    assert not state.truncated() and sorted(state.returns()) == [-1.0, 1.0]
    for seat in (0, 1):
        assert not state.observation_string(seat).endswith("| truncated")


def _building(seed: int) -> Any:
    """A 2-player Polish state in the middle of a play being built card by card."""
    state = dealt(deal=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if state.driver.stepper.prefix:
            return state
    return None


def test_pl_29_after_a_call_step_the_observation_and_information_state_tensors_differ() -> None:
    """PL-29: after "+makao" the mover's two tensors differ and the other seat's do not."""
    state = dealt(deal=0)
    space = state.driver.space
    rng = random.Random(0)
    while True:
        legal = state.legal_actions()
        calls = [a for a in legal if space.first_call <= a < space.first_extra]
        if calls and state.driver.stepper.prefix:
            break
        state.apply_action(rng.choice(legal))
    mover = state.current_player()
    seats = (mover, 1 - mover)
    before = [(state.observation_tensor(s), state.information_state_tensor(s)) for s in seats]
    state.apply_action(calls[0])
    after = [(state.observation_tensor(s), state.information_state_tensor(s)) for s in seats]
    assert after[0][0] != before[0][0] and after[0][1] != before[0][1]
    assert after[1] == before[1]


def test_pl_7_a_play_being_built_is_the_movers_own_until_it_is_made() -> None:
    """PL-7: the cards chosen so far for a play are still in the mover's hand: the other
    seat's observation string and tensor and its information state show none of them
    until the play is made; then both histories hold every step of it."""
    state = next(s for s in map(_building, range(40)) if s is not None)
    mover = state.current_player()
    other = 1 - mover
    chosen = format_cards(state.driver.stepper.prefix)
    assert f"playing {chosen}" in state.observation_string(mover)
    assert "playing  | public" in state.observation_string(other)
    lines = state.information_state_string(mover).split("\nnow ")[0].splitlines()
    assert lines[-1].startswith(f"{mover}: ") and chosen.split()[-1] in lines[-1]
    before = state.information_state_string(other).split("\nnow ")[0]
    assert not before.endswith(lines[-1])
    encoder = Encoder.for_table(state.driver.space, fixed_size=False)
    prefix = [encoder.segment(np.asarray(state.observation_tensor(s)), "prefix") for s in (0, 1)]
    assert not prefix[other].any() and prefix[mover].sum() == len(state.driver.stepper.prefix)
    while state.driver.stepper.prefix or state.driver.stepper.calls:
        state.apply_action(state.legal_actions()[0])
    histories = [state.information_state_string(s).split("\nnow ")[0] for s in (0, 1)]
    assert lines[-1] in histories[other].splitlines()
    tails = [h.splitlines()[-3:] for h in histories]
    assert tails[0][-1] == tails[1][-1]


@pytest.mark.parametrize(
    ("variant", "params", "message"),
    [
        (None, None, "variant must be a variant name, not None"),
        (5, None, "variant must be a variant name, not 5"),
        ("no-such-variant", None, "no registered game of variant 'no-such-variant'"),
        ("polish", 5, "params must be a mapping of names, not 5"),
        ("polish", [1], "params must be a mapping of names"),
        ("polish", {5: 1}, "params must be a mapping of names"),
        ("polish", {"players": "x"}, "players must be a whole number, not 'x'"),
        ("polish", {"players": None}, "players must be a whole number, not None"),
        ("polish", {"deals": "x"}, "deals must be a whole number"),
        ("polish", {"max_actions": None}, "max_actions must be a whole number"),
        ("polish", {"options": 5}, "options must be a JSON object, not 5"),
    ],
)
def test_makao_game_refuses_a_bad_variant_or_params(
    variant: Any, params: Any, message: str
) -> None:
    register("polish")
    with pytest.raises(SetupError, match=message):
        MakaoGame(variant, params)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 2.5}, "players must be a whole number, not 2.5"),
        ({"players": 3.0}, "players must be a whole number, not 3.0"),
        ({"players": "3"}, "players must be a whole number, not '3'"),
        ({"players": True}, "players must be a whole number, not True"),
        ({"deals": 2.9}, "deals must be a whole number, not 2.9"),
        ({"max_actions": 100.5}, "max_actions must be a whole number, not 100.5"),
        ({"fixed_size": "no"}, "fixed_size must be True or False, not 'no'"),
        ({"fixed_size": 1}, "fixed_size must be True or False, not 1"),
        ({"fixed_size": None}, "fixed_size must be True or False, not None"),
    ],
)
def test_makao_game_refuses_a_parameter_of_the_wrong_kind(
    params: dict[str, object], message: str
) -> None:
    """A count parameter is a whole number and ``fixed_size`` a bool, as pyspiel passes
    them. Before, ``players=2.5`` was read as 2 and ``fixed_size="no"`` as true."""
    register("polish")
    with pytest.raises(SetupError, match=message):
        MakaoGame("polish", params)


def test_makao_game_takes_the_parameters_pyspiel_passes() -> None:
    register("polish")
    game = MakaoGame("polish", {"players": 3, "fixed_size": True, "deals": 7})
    assert game.num_players() == 3 and game.spec.fixed is not None and game.spec.deals == 7
    assert MakaoGame("polish", {"fixed_size": False}).spec.fixed is None


@pytest.mark.parametrize("variant", [None, 5, ["polish"]])
def test_game_name_refuses_a_variant_that_is_not_a_name(variant: object) -> None:
    with pytest.raises(SetupError, match="variant must be a variant name, not"):
        game_name(variant)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("variant", "params"),
    [
        ("polish", {"players": 3, "max_actions": 77}),
        ("crazy-eights", {"fixed_size": True}),
        ("russian", {"rewards": "points"}),
    ],
)
def test_a_game_survives_pickle_and_deepcopy(variant: str, params: dict[str, Any]) -> None:
    """Before, ``pickle.dumps(game)`` raised `PicklingError` (the class made per variant
    could not be found by name), so a game could not be sent to another process."""
    import copy
    import pickle

    game = pyspiel.load_game(game_name(variant), params)
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert type(twin) is type(game)
        assert twin.get_parameters() == game.get_parameters()
        assert twin.get_type().utility == game.get_type().utility
        assert twin.num_distinct_actions() == game.num_distinct_actions()
        state, copied = game.new_initial_state(), twin.new_initial_state()
        state.apply_action(7)
        copied.apply_action(7)
        walk(state, 20)
        walk(copied, 20)
        assert copied.history() == state.history()
        assert copied.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("action", [-1, -2, 73, 10**6])
def test_action_to_string_refuses_an_id_the_game_does_not_have(action: int) -> None:
    """Before, ``-1`` was named ``noop`` and ``-2`` the last out-of-turn action (Python's
    negative indexing), and an id past the end raised `IndexError`."""
    state = dealt()
    assert state.action_to_string(state.current_player(), 52) == "draw"
    with pytest.raises(InvalidMoveError, match="action id must be 0…71"):
        state.action_to_string(state.current_player(), action)


def test_a_seats_legal_actions_mask_at_the_deal_is_all_zeros() -> None:
    """Before, ``state.legal_actions_mask(0)`` at the chance node wrote the 4096 deal ids
    into a mask of 72 entries and crashed the process (run in a child process here)."""
    import subprocess
    import sys

    code = (
        "import pyspiel, makao.adapters.openspiel\n"
        "state = pyspiel.load_game('python_makao_polish').new_initial_state()\n"
        "masks = [state.legal_actions_mask(p) for p in (0, 1, -1)]\n"
        "masks.append(state.legal_actions_mask())\n"
        "state.apply_action(3)\n"
        "print([len(m) for m in masks], [sum(m) for m in masks], "
        "sum(state.legal_actions_mask(0)), state.legal_actions_mask() == "
        "state.legal_actions_mask(state.current_player()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.split("\n")[0] == "[72, 72, 4096, 4096] [0, 0, 4096, 4096] 1 True"


@pytest.mark.parametrize(
    ("public", "private"),
    [(True, "NONE"), (False, "NONE"), (True, "ALL_PLAYERS"), (False, "SINGLE_PLAYER")],
)
def test_an_observer_of_another_kind_than_one_seats_is_refused(public: bool, private: str) -> None:
    """Before, a public-only observer (``private_info=NONE``) was given the seat's hand,
    and an all-players one only the seat's own."""
    game = pyspiel.load_game(game_name("polish"))
    kind = pyspiel.IIGObservationType(
        perfect_recall=False,
        public_info=public,
        private_info=getattr(pyspiel.PrivateInfoType, private),
    )
    with pytest.raises(
        SetupError, match=f"private_info=SINGLE_PLAYER\\), not public_info={public}"
    ):
        game.make_py_observer(kind)
    single = pyspiel.PrivateInfoType.SINGLE_PLAYER
    for recall in (False, True):
        kind = pyspiel.IIGObservationType(perfect_recall=recall, private_info=single)
        assert game.make_py_observer(kind).perfect_recall is recall


def test_without_pyspiel_the_import_names_the_openspiel_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without pyspiel (the ``openspiel`` extra) importing makao.adapters.openspiel is one
    error that names the package and the extra to install, not a bare import failure."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "makao.adapters.openspiel")
    message = (
        r"No module named 'pyspiel': makao.adapters.openspiel needs the openspiel extra: "
        r"pip install 'makao\[openspiel\]'"
    )
    with pytest.raises(ModuleNotFoundError, match=message) as caught:
        importlib.import_module("makao.adapters.openspiel")
    assert caught.value.name == "pyspiel"


def _counted(history: str, seat: int) -> str:
    """``history`` (``seat``'s own) with ``seat``'s draws shown as counts, as others see them."""
    card = r"(?:10|[2-9JQKA])[cdhs]"
    return re.sub(
        rf" \+({card}(?: {card})*)(?=\n|$)",
        lambda found: f" {seat}+{len(found.group(1).split())}",
        history,
    )


def test_a_resampled_state_gives_the_other_seats_the_public_history_only() -> None:
    """In a world resampled for a seat, every other seat's information state holds the
    history as that seat knows it: the opening pile, every action, and the draws counted,
    none of them shown as cards (their real dealt hands and draws are hidden)."""
    state = dealt()
    walk(state, 60)
    for seat in (0, 1):
        other = 1 - seat
        own = state.information_state_string(seat).split("\nnow ")[0]
        assert " +" in own  # the seat drew cards of its own, shown to it
        world = state.resample_from_infostate(seat, random.Random(seat).random)
        history = world.information_state_string(other).split("\nnow ")[0]
        public = "pile " + _counted(own, seat).split(" | pile ", 1)[1]
        assert history == f"seat {other} | dealt unseen | {public}"


def test_a_play_another_seat_is_building_is_begun_afresh_in_a_resampled_state() -> None:
    """In a world resampled for another seat, the mover's play being built (its hidden
    cards) is begun afresh; the resampling seat's own play stays as it is."""
    game = pyspiel.load_game(game_name("polish"), {"players": 2, "max_actions": 2000})
    for deal in range(30):
        state = game.new_initial_state()
        state.apply_action(deal)
        rng = random.Random(deal)
        while not state.is_terminal():
            if state.driver.stepper.prefix:
                mover = state.current_player()
                world = state.resample_from_infostate(1 - mover, random.Random(0).random)
                assert world.driver.stepper.prefix == () and world.driver.stepper.calls == ()
                own = state.resample_from_infostate(mover, random.Random(0).random)
                assert own.driver.stepper.prefix == state.driver.stepper.prefix
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no play being built")


def test_game_name_refusing_a_variant_itself_says_how_one_gets_a_name() -> None:
    """A `Variant` given to `game_name` is told how a variant of one's own gets a name."""
    with pytest.raises(
        SetupError,
        match=r"^variant must be a variant name, not .*\(one of your own is known once "
        r"registered: makao\.variants\.register, or on the command line makao --import "
        r"MODULE\)$",
    ):
        game_name(variants.polish())  # type: ignore[arg-type]


def test_a_factorys_variant_named_otherwise_is_played_as_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A registered factory whose variant kept a built-in's name (``polish().without(Wild)``)
    is played as the variant of the registered name. Was: a variant called "polish"."""
    import copy

    from makao.rules import Wild

    name = f"nowild-{random.getrandbits(48):x}"  # a name new to OpenSpiel
    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    variants.register(name, lambda: variants.polish().without(Wild))
    game = pyspiel.load_game(register(name))
    assert game.spec.variant.name == name and game.spec.variant.rules == (
        variants.polish().without(Wild).rules
    )
