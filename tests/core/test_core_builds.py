"""The two builds (issue 17): pure Python and compiled with mypyc, from the same source.

``makao.compiled`` says which build runs; the compiled modules are listed in one place,
``makao._build.COMPILED_MODULES``, which the build hook (``hatch_build.py``) reads. The CI's
compiled leg (``scripts/check-compiled``) sets ``MAKAO_EXPECT_BUILD=compiled`` so the suite
fails if it ever ran on the pure source by mistake.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest

import makao
from makao import Game, variants
from makao._build import COMPILED_MODULES, compiled_modules, describe
from makao._core import Core
from makao.cli import main, quick_bench
from makao.events import Event
from makao.moves import Move
from makao.state import State

ROOT = Path(__file__).resolve().parents[2]


def test_compiled_says_which_build_runs() -> None:
    assert isinstance(makao.compiled, bool)
    assert makao.compiled == bool(compiled_modules())
    assert set(compiled_modules()) <= set(COMPILED_MODULES)
    assert describe() == (
        f"compiled with mypyc ({', '.join(compiled_modules())})"
        if makao.compiled
        else "pure Python"
    )


def test_the_build_is_the_one_ci_expects() -> None:
    expected = os.environ.get("MAKAO_EXPECT_BUILD")
    if expected is None:
        pytest.skip("MAKAO_EXPECT_BUILD is not set (CI sets it)")
    assert expected in ("pure", "compiled")
    if expected == "compiled":
        assert compiled_modules() == COMPILED_MODULES
        assert "site-packages" in makao.__file__  # the installed wheel, not src/
    else:
        assert not makao.compiled


def test_ci_runs_every_test_under_a_time_limit(request: pytest.FixtureRequest) -> None:
    """A test that never ends (a rule change that makes games endless) stops the run with
    every thread's stack instead of hanging it: pytest-timeout, from the ``test`` extra,
    with pyproject's ``timeout``. In CI (``MAKAO_EXPECT_BUILD`` set) the plugin must be
    there; elsewhere the test skips without it."""
    if not request.config.pluginmanager.hasplugin("timeout"):
        assert os.environ.get("MAKAO_EXPECT_BUILD") is None, "CI runs without pytest-timeout"
        pytest.skip("pytest-timeout (the test extra) is not installed")
    assert 0 < float(request.config.getini("timeout")) <= 600
    assert request.config.getini("timeout_method") == "thread"


def test_ci_tests_every_python_version_the_package_declares() -> None:
    """The classifiers name each minor version from requires-python's least up, the
    running one among them, and CI runs the suite on the others (``scripts/check-versions``
    reads them from the classifiers)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    least = re.search(r'^requires-python = ">=3\.(\d+)"$', text, re.MULTILINE)
    assert least is not None
    minors = [int(m) for m in re.findall(r'"Programming Language :: Python :: 3\.(\d+)"', text)]
    assert minors == list(range(int(least[1]), int(least[1]) + len(minors)))
    assert sys.version_info[1] in minors
    assert "bash scripts/check-versions" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_build_hook_reads_the_one_list_of_compiled_modules() -> None:
    pytest.importorskip("hatchling")
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    assert tuple(hook.compiled_modules(ROOT)) == COMPILED_MODULES


def test_no_module_users_subclass_from_is_compiled() -> None:
    # Users subclass rule and move classes (examples/house_rules.py): they stay interpreted
    # (see docs/builds.md); tests/core/test_core_house_rules.py runs the house rules on both builds.
    assert not any(name.startswith(("makao.rules", "makao.moves")) for name in COMPILED_MODULES)


def test_a_game_loops_calls_go_to_methods_of_games_own_class() -> None:
    # Compiled, `Game` is native and holds `is_over`, `legal_moves` and `play` itself, so
    # that CPython 3.11 specialises their calls (a C method called on an object of a
    # subclass of its class is not); pure, it holds neither method (no call between the
    # caller and `Core`'s) and `is_over` is the state's own slot of `over`.
    own = vars(Game)
    if makao.compiled:
        assert type(own["play"]).__name__ == type(own["legal_moves"]).__name__
        assert type(own["play"]).__name__ == "method_descriptor"
        assert own["is_over"] is not vars(State)["over"]
    else:
        assert "play" not in own and "legal_moves" not in own
        assert own["is_over"] is vars(State)["over"]
        assert Game.play is Core.play and Game.legal_moves is Core.legal_moves
    game = Game.new(variants.polish(), 2, seed=3)
    assert game.legal_moves() == Core.legal_moves(game) and not game.is_over
    move = game.legal_moves()[0]
    twin = game.clone()
    assert game.play(move) == Core.play(twin, move) and game == twin


def test_a_users_subclass_of_game_plays_and_clones_on_both_builds() -> None:
    # compiled, `Game` is native and allows interpreted subclasses (docs/builds.md)
    played: list[Move | str] = []

    class Counted(Game):
        __slots__ = ()

        def play(self, move: Move | str) -> tuple[Event, ...]:
            played.append(move)
            return super().play(move)

    game = Counted.new(variants.polish(), 2, seed=4)
    assert type(game) is Counted and type(game.clone()) is Counted
    twin = Game.new(variants.polish(), 2, seed=4)
    for _ in range(30):
        move = game.legal_moves()[-1]
        assert game.play(move) == twin.play(move)
    assert len(played) == 30 and game == twin


def test_makao_bench_prints_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "--games", "1", "--rounds", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0] == f"build: {describe()}"


def test_the_quick_benchmark_of_an_installed_makao_times_both_table_sizes() -> None:
    lines = quick_bench(1, 1, 1).splitlines()
    assert "benchmark" in lines[0]
    assert [line.split()[0] for line in lines[1:]] == ["2", "4"]
    assert all("µs per action" in line for line in lines[1:])


def test_both_builds_play_the_same_game() -> None:
    # A fixed game's fingerprint: the compiled build must replay it move for move.
    game = Game.new(variants.polish(), players=3, seed=11)
    while not game.is_over:
        game.play(game.legal_moves()[len(game.legal_moves()) // 2])
    moves = " | ".join(map(str, game.record))
    assert len(game.record) == 93 and game.finished == (0, 2, 1) and game.reshuffles == 2
    assert hashlib.sha256(moves.encode()).hexdigest()[:16] == "e2b2bedecfee785f"
