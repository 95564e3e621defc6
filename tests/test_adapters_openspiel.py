"""The OpenSpiel games: OpenSpiel's random simulation test (serialization included) for
every registered variant, information states, resampling, search bots
(makao.adapters.openspiel)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from makao import variants  # noqa: E402
from makao.adapters.openspiel import StandingsEvaluator, game_name  # noqa: E402

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
    start = variants.get(variant).rules.start
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
