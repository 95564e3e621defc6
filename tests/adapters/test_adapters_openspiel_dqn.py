"""OpenSpiel's own PyTorch DQN trains on ``python_makao_polish`` through
``rl_environment`` and the information state tensor (a short smoke run:
examples/openspiel_dqn.py, skipped without the ``train`` extra)."""

from __future__ import annotations

import ast
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("torch")
pytest.importorskip("tree")

import pyspiel

import makao.adapters.openspiel  # noqa: F401 -- registers the games
from _examples import EXAMPLES, load_example


def test_openspiel_dqn_learns_from_the_information_state_tensor() -> None:
    example = load_example("openspiel_dqn")
    agents = example.train(episodes=3)
    for agent in agents:
        assert len(agent.replay_buffer) > 64  # transitions of 406-value tensors were stored
        assert agent.loss is not None and math.isfinite(agent.loss)  # and learnt from
    assert -1.0 <= example.evaluate(agents[0], games=1) <= 1.0


def test_openspiel_dqn_docstring_gives_the_tensor_size_the_game_has() -> None:
    """The example's docstring names the information state tensor's shape for two
    players: the one the game has (it said ``[404]`` after the tensor had grown)."""
    source = (EXAMPLES / "openspiel_dqn.py").read_text(encoding="utf-8")
    docstring = ast.get_docstring(ast.parse(source)) or ""
    shown = re.search(r"``\[(\d+)\]`` for two players", docstring)
    assert shown is not None, docstring
    game = pyspiel.load_game("python_makao_polish", {"players": 2})
    assert [int(shown.group(1))] == game.information_state_tensor_shape()


@pytest.mark.parametrize("argument", ["x", "0", "-3"])
def test_openspiel_dqn_refuses_a_bad_episode_count_in_one_line(
    argument: str, tmp_path: Path
) -> None:
    """A bad count of episodes is one line on stderr and status 2, not a traceback (or,
    for ``0`` and below, a run that trains nothing)."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "openspiel_dqn.py"), argument],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"a whole number of at least 1, not {argument!r}" in done.stderr
    assert "Traceback" not in done.stderr
