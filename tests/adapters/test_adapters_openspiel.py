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

from makao import Game, Play, parse_cards, variants  # noqa: E402
from makao.adapters.driver import Driver  # noqa: E402
from makao.adapters.openspiel import MAX_DEALS, StandingsEvaluator, game_name  # noqa: E402
from makao.errors import SetupError  # noqa: E402
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
    assert game.information_state_tensor_shape() == [288 + 58 * 3]
    assert game.observation_tensor_shape() == [288 + 6 * 3]
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
        assert game.observation_tensor_shape() == [288 + 6 * 8]
        assert game.information_state_tensor_shape() == [288 + 58 * 8]
        state = game.new_initial_state()
        state.apply_action(1)
        assert len(state.information_state_tensor(0)) == 288 + 58 * 8


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
        ({"players": 1}, "needs at least 2"),
    ],
)
def test_bad_parameters_are_setup_errors(params: dict[str, object], message: str) -> None:
    """Each bad parameter is refused when the game is loaded, with a message naming it.
    Before, ``max_actions`` of 0 or below made a game that ended at the deal, ``deals``
    of 0 or below raised `IndexError` at the first chance node, an unbounded ``deals``
    listed that many outcomes at every chance node, and bad ``options`` JSON raised
    `JSONDecodeError` or `TypeError`."""
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
