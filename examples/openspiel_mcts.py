"""OpenSpiel's MCTS bot plays makao's HeuristicBot at two-player Polish makao.

Before every decision the MCTS bot gets a *determinized* state: the cards it cannot see
are dealt at random (``resample_from_infostate``), so it never searches the true hands.
Needs the extra ``openspiel``. Run: ``python examples/openspiel_mcts.py``.
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from makao.adapters.openspiel import MakaoState, StandingsEvaluator, game_name
from makao.bots import HeuristicBot

GAMES = 4
SIMULATIONS = 40


def play(game: pyspiel.Game, deal: int, mcts_seat: int) -> list[float]:
    """One game from ``deal``; returns each seat's reward."""
    state: MakaoState = game.new_initial_state()
    state.apply_action(deal)  # the chance node: which deal
    rng = random.Random(deal)
    searcher = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=SIMULATIONS,
        evaluator=StandingsEvaluator(),
        random_state=np.random.RandomState(deal),
    )
    heuristic = HeuristicBot()
    heuristic.reset(deal)
    while not state.is_terminal():
        if state.current_player() == mcts_seat:
            world = state.resample_from_infostate(mcts_seat, rng.random)
            state.apply_action(searcher.step(world))
        else:
            assert state.driver is not None
            for action in state.driver.bot_actions(heuristic):
                state.apply_action(action)
    return list(state.returns())


def main() -> None:
    """Play a few games, alternating seats, and print the score."""
    game = pyspiel.load_game(game_name("polish"), {"players": 2})
    total = 0.0
    for number in range(GAMES):
        mcts_seat = number % 2
        returns = play(game, deal=number, mcts_seat=mcts_seat)
        total += returns[mcts_seat]
        winner = "MCTS" if returns[mcts_seat] > 0 else "heuristic"
        print(f"game {number + 1}: MCTS in seat {mcts_seat}, {winner} wins")
    print(f"MCTS total reward over {GAMES} games: {total:+.0f}")


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    main()
