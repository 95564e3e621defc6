"""What seeded games, bots, experiments and observations give does not depend on the
process's string hashing (``PYTHONHASHSEED``): a set or dict of texts (calls, Mao's
phrases, option names) iterated into a listing, a bot's choice or an encoding would make
two runs of one seed differ (design principle 5: same seed, same moves, same events)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Run in a child process: a digest of seeded experiments with every built-in bot in
#: every built-in variant (Mao, UM-1, included), the banking game (MB-6, MB-8) with its
#: bots, and the RL adapters' observations where the extra is installed.
SCRIPT = """
import hashlib, importlib.util, random
from makao import Game, variants
from makao.banking import BankingGame, DrawBelow, OptimalPunter, macao, play_out, victoria
from makao.bots import HeuristicBot, MCTSBot, RandomBot
from makao.sim import play_game, simulate

digest = hashlib.sha256()
for name in variants.names():
    variant = variants.get(name)
    seats = 3 if name == "mao" else 2
    bots = [MCTSBot(playouts=3, depth=4), HeuristicBot(), RandomBot()][:seats]
    digest.update(repr(play_game(variant, bots, seed=11)).encode())
    result = simulate(variant, bots=["heuristic", "random", "heuristic"][:seats], games=3, seed=2)
    digest.update(repr(result.to_dict()).encode())
    game = Game.new(variant, seats, seed=5)
    choose = random.Random(5).choice
    while not game.is_over and len(game.record) < 200:
        digest.update(repr(game.view(game.to_move)).encode())
        digest.update(repr(game.play(choose(game.legal_moves()))).encode())
for options in (macao(), victoria(), macao(fixed_stake=10, over_nine="bust")):
    banking = BankingGame(["A", "B", "C"], options, seed=7)
    events = play_out(banking, [DrawBelow(5), OptimalPunter(), DrawBelow(4)])
    digest.update(repr((events, banking.balances)).encode())
if importlib.util.find_spec("pettingzoo") is not None:
    from makao.adapters import pettingzoo
    for name in variants.names():
        env = pettingzoo.env(name, players=3 if name == "mao" else 2)
        env.reset(seed=3)
        choose = random.Random(3).choice
        for agent in env.agent_iter(max_iter=150):
            observation, reward, done, cut, _ = env.last()
            digest.update(repr((agent, reward, done, cut)).encode())
            if done or cut:
                env.step(None)
                continue
            digest.update(observation["observation"].tobytes())
            mask = observation["action_mask"]
            digest.update(mask.tobytes())
            env.step(choose([i for i, legal in enumerate(mask) if legal]))
print(digest.hexdigest())
"""


def _digest(hash_seed: str) -> str:
    """The digest ``SCRIPT`` prints under ``PYTHONHASHSEED=hash_seed``."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    path = os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path}
    try:
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=240
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the seeded runs took more than 240 s")
    assert done.returncode == 0, done.stderr[-4000:]
    return done.stdout.strip()


def test_seeded_runs_are_the_same_under_any_hash_seed() -> None:
    """Principle 5 across processes: bots (random, heuristic, MCTS), experiments, views,
    Mao (UM-1), the banking game (MB-6, MB-8) and PettingZoo observations, one digest
    under two string-hash seeds."""
    assert _digest("1") == _digest("2")
