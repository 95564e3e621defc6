"""examples/train_polish.py for a few steps only: the imitation phase learns the
heuristic's actions and the learning curve is recorded (skipped without the ``train``
extra; the example's smoke run is in tests/examples/test_examples_run.py)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("gymnasium")

from _examples import load_example  # noqa: E402


def test_imitation_lowers_the_loss_on_the_heuristics_actions() -> None:
    example = load_example("train_polish")
    torch.manual_seed(0)
    obs, masks, labels = data = example.imitation_data(3, seed=0)
    assert len(labels) > 20 and bool(masks[torch.arange(len(labels)), labels].all())
    env = example.make_env("random", 0)
    policy = example.Policy(env.encoder.size, env.size)

    def loss() -> float:
        with torch.no_grad():
            logits, _ = policy(obs, masks)
            return float(torch.nn.functional.cross_entropy(logits, labels))

    before = loss()
    example.imitate(policy, data, epochs=5, seed=0)
    assert loss() < before


def test_a_tiny_training_run_records_its_curve_and_plays_legal_games() -> None:
    example = load_example("train_polish")
    policy, curve = example.train(2, 1, 1, 2, eval_games=2, seed=1)
    assert [p["step"] for p in curve.points] == [
        "untrained",
        "imitation epoch 1",
        "policy gradient 1",
    ]
    wins, games = example.win_rate(policy, "random", 2, seed=3)
    assert games == 2 and 0 <= wins <= 2
