"""OpenSpiel's own PyTorch DQN trains on ``python_makao_polish`` through
``rl_environment`` and the information state tensor (a short smoke run:
examples/openspiel_dqn.py, skipped without the ``train`` extra)."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("torch")
pytest.importorskip("tree")

from _examples import load_example


def test_openspiel_dqn_learns_from_the_information_state_tensor() -> None:
    example = load_example("openspiel_dqn")
    agents = example.train(episodes=3)
    for agent in agents:
        assert len(agent.replay_buffer) > 64  # transitions of 404-value tensors were stored
        assert agent.loss is not None and math.isfinite(agent.loss)  # and learnt from
    assert -1.0 <= example.evaluate(agents[0], games=1) <= 1.0
