"""The Core v2 benchmark (issue 13), ``benchmarks/core.py``, keeps working: its cheap parts
run at tiny sizes and the parts that need valgrind or RLCard say why when they cannot run.

No timing is asserted here (timings belong in ``benchmarks/``, never in tests).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from makao import Game, variants
from makao.bots import RandomBot
from makao.events import Penalised
from makao.sim import play_game
from makao.state import FIELDS

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"makao_benchmarks_{name}", BENCHMARKS / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


core = _load("core.py")
TINY = ["--quick", "--games", "1", "--rounds", "1", "--mcts-games", "1"]


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, dict[str, object]]:
    assert core.main([*TINY, *argv, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["figures"]
    return {figure["key"]: figure for figure in figures}


def test_the_cheap_figures_are_measured(capsys: pytest.CaptureFixture[str]) -> None:
    figures = _json(capsys, "--only", "timing,memory", "--only", "mcts")
    assert set(figures) == {
        "us_per_action_4p",
        "eight_vs_two_players",
        "clone_us",
        "state_bytes",
        "mcts_ms_per_move",
    }
    for figure in figures.values():
        assert figure["reason"] == ""
        assert isinstance(figure["measured"], float | int) and figure["measured"] > 0
        assert isinstance(figure["met"], bool)
    detail = str(figures["us_per_action_4p"]["detail"])
    assert "the toy floor of benchmarks/floor.py in the same rounds" in detail
    assert "OpenSpiel's C++ crazy_eights" in detail  # measured, or why not


def test_openspiels_crazy_eights_is_played_to_the_end_by_the_same_loop() -> None:
    """The reference of issue 17's µs target: seeded random games of OpenSpiel's
    crazy_eights, the same actions for the same seeds."""
    pytest.importorskip("pyspiel")
    crazy_eights = _load("crazy_eights.py")
    actions = crazy_eights.games(4, [1, 2])
    assert actions > 20 and crazy_eights.games(4, [1, 2]) == actions
    assert len({crazy_eights.games(4, [seed]) for seed in range(6)}) > 1  # seeded games differ


def test_the_simulate_command_runs(capsys: pytest.CaptureFixture[str]) -> None:
    figure = _json(capsys, "--only", "simulate", "--simulate-games", "2")["simulate_seconds"]
    assert figure["reason"] == "" and "--games 2 --workers 2" in str(figure["detail"])


def test_the_table_lists_figure_measured_target_and_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "figures.json"
    assert core.main([*TINY, "--only", "state_bytes", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "| figure" in out and "bytes per fresh 4p state" in out and "≤ 1,000 B" in out
    assert "noisy" in out  # the warning about timings on a shared machine
    (figure,) = json.loads(path.read_text())["figures"]  # and the JSON written beside it
    assert figure["key"] == "state_bytes" and f"{figure['measured']:,}" in out


def test_skip_leaves_out_a_group(capsys: pytest.CaptureFixture[str]) -> None:
    assert core.main(["--list", "--skip", "instructions,rlcard"]) == 0
    out = capsys.readouterr().out
    assert "clone_us" in out and "instructions_polish_2p" not in out and "rlcard" not in out


def test_an_unknown_part_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        core.main(["--only", "bogus"])
    assert stop.value.code == 2 and "unknown part 'bogus'" in capsys.readouterr().err


def _figure(key: str) -> object:
    return next(figure for figure in core.FIGURES if figure.key == key)


def test_without_valgrind_the_counts_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core.shutil, "which", lambda name: None)
    for key in ("instructions_russian_4p", "simulation_overhead"):
        result = core.measure(_figure(key), core.Sizes())
        assert result.measured is None and result.met is None
        assert "valgrind is not installed" in result.reason


def test_without_an_rlcard_venv_the_ratio_says_why(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(core, "DEFAULT_VENV", tmp_path / "absent")
    result = core.measure(_figure("rlcard_uno_ratio"), core.Sizes())
    assert result.measured is None and "pass --rlcard-venv PATH" in result.reason


def test_a_broken_figure_does_not_stop_the_run() -> None:
    def broken(sizes: object) -> tuple[float, str]:
        raise RuntimeError("boom\nsecond line")

    figure = core.Figure("broken", "timing", "broken", "µs", 1.0, False, broken)
    result = core.measure(figure, core.Sizes())
    assert result.reason == "failed: RuntimeError: boom" and result.met is None


def test_state_bytes_count_every_owned_container_of_fields() -> None:
    bench = core.bench
    game = Game.new(variants.polish(), 4, seed=3)
    parts = bench.state_parts(game)
    copied = {field.name for field in FIELDS if field.copy in ("list", "lists")}
    assert copied <= set(parts) and "variant" not in parts and "rules" not in parts
    inner = sum(map(sys.getsizeof, game.hands))
    assert parts["hands"] == sys.getsizeof(game.hands) + inner
    assert bench.state_bytes(game) == sum(parts.values())


def _script(tmp_path: Path, source: str, *argv: str, stdin: str = "") -> str:
    script = tmp_path / "script.py"
    script.write_text(source)
    command = [sys.executable, str(script), *argv]
    # buffered output, as under valgrind: a script that ends at once must flush its own
    env = {name: value for name, value in core._makao_env().items() if name != "PYTHONUNBUFFERED"}
    result = subprocess.run(
        command, input=stdin, capture_output=True, text=True, check=True, env=env
    )
    return result.stdout


@pytest.mark.parametrize(("variant", "games"), [("russian", "1"), ("polish", "0")])
def test_the_counted_script_plays_its_games(tmp_path: Path, variant: str, games: str) -> None:
    """The script valgrind counts runs (here without valgrind) and prints the actions of
    the counted games only (none for the start-up run), before it ends without the
    interpreter's exit."""
    source = core.instructions._GAMES.format(folder=str(BENCHMARKS))
    source += core.instructions._EXIT_AT_ONCE
    actions = int(_script(tmp_path, source, games, "2", variant, "1"))
    assert actions > 0 if games == "1" else actions == 0


def test_the_counted_script_plays_its_games_again_with_a_pass_count(tmp_path: Path) -> None:
    """With a pass count of 2 the counted games are played twice (the second pass finds
    the caches filled for them) and one pass's actions are printed: the same games, so
    the same number as one pass."""
    source = core.instructions._GAMES.format(folder=str(BENCHMARKS))
    once = int(_script(tmp_path, source, "2", "2", "polish", "1", "1"))
    twice = int(_script(tmp_path, source, "2", "2", "polish", "1", "2"))
    assert once == twice > 0


def test_the_simulation_script_plays_its_games(tmp_path: Path) -> None:
    source = core.instructions._SIMULATION.format(folder=str(BENCHMARKS), part="loop")
    assert int(_script(tmp_path, source, "1", "2")) > 0


@pytest.mark.parametrize("clones", ["0", "3"])
def test_the_clone_script_clones_as_often_as_asked(tmp_path: Path, clones: str) -> None:
    """The clone count's script (run here without valgrind) prints how many clones it
    counted; the warm-up clones are the same in both runs, so they cancel out."""
    source = core.instructions._CLONES.format(folder=str(BENCHMARKS))
    assert _script(tmp_path, source, clones, "4").strip() == clones


def test_the_race_player_reports_time_and_actions(tmp_path: Path) -> None:
    """makao's side of the RLCard comparison answers each request with seconds, actions."""
    source = core._RACE.format(folder=str(BENCHMARKS))
    lines = _script(tmp_path, source, "makao", stdin="1 1\n2 1\n").split()
    assert lines[0] == "ready" and len(lines) == 5
    assert int(lines[2]) > 0 and int(lines[4]) > int(lines[2])


def test_two_builds_are_printed_side_by_side_against_their_targets() -> None:
    def run(build: str, instructions: float) -> dict[str, object]:
        figure = core.Result(
            "instructions_polish_4p",
            "warm instructions per action, Polish 4p",
            "instructions",
            25000,
            instructions,
            instructions <= 25000,
        )
        return {"build": build, "figures": [core.asdict(figure)]}

    table = core.side_by_side([run("pure Python", 70000), run("compiled", 11000)])
    header, _, row = table.splitlines()
    assert [cell.strip() for cell in header.split("|")[1:-1]] == [
        "figure",
        "pure Python",
        "compiled",
        "target",
        "compiled target",
    ]
    cells = [cell.strip() for cell in row.split("|")[1:-1]]
    assert cells[1:] == [
        "70,000 (NOT met)",
        "11,000 (met)",
        "≤ 25,000 instructions",
        "≤ 12,000 instructions",
    ]


def test_the_notes_of_both_builds_follow_the_side_by_side_table() -> None:
    def run(build: str, detail: str, reason: str) -> dict[str, object]:
        figure = core.Result("clone_us", "clone() µs (4p)", "µs", 0.5, None, None, detail, reason)
        return {"build": build, "figures": [core.asdict(figure)]}

    notes = core.side_by_side_notes(
        [run("pure Python", "20,000 clones", ""), run("compiled", "", "no venv")]
    )
    assert notes == "- clone() µs (4p): pure Python: 20,000 clones; compiled: no venv"


def test_the_other_build_runs_the_same_figures_without_the_side_by_side_options() -> None:
    argv = ["--quick", "--other-python", "/venv/bin/python", "--only", "mcts", "--json", "x.json"]
    assert core._without_other(argv) == ["--quick", "--only", "mcts"]
    assert core._without_other(["--json", "--quick", "--other-python=/p"]) == ["--quick"]


@pytest.mark.parametrize("name", ["polish", "russian", "mao"])
def test_a_simulated_games_record_counts_the_events_of_its_recorded_moves(name: str) -> None:
    """The simulation figure replays `bench.simulated_moves` as the loop's games: they are
    (random bots pick the same moves whether the loop asks `choose` or their `chooser`), and
    the loop's record counts every event and penalty card (`Penalised`, per bot) that the
    engine gives for them."""
    variant, players = variants.get(name), 3
    charged = 0
    for index in (0, 2, 3):  # not 1: its Mao game runs 178,000 random actions (20 s here)
        seed = 10 + index
        moves = core.bench.simulated_moves(variant, players, seed, index)
        bots = [RandomBot() for _ in range(players)]
        record = play_game(variant, bots, seed, index=index, rotation=index % players)
        game = Game.new(variant, players, seed=seed)
        events = [event for move in moves for event in game.play(move)]
        assert game.is_over and len(moves) == record.actions
        assert record.events == tuple(sorted(Counter(type(e).__name__ for e in events).items()))
        penalties = [0] * players
        for event in events:
            if isinstance(event, Penalised):
                penalties[event.seat] += event.amount
        assert record.penalties == tuple(penalties[seat] for seat in record.seats)
        charged += sum(penalties)
    assert charged or name != "mao"  # Mao's random players are penalised: the check bites


digest = _load("digest.py")


def test_the_behaviour_digest_repeats_and_tells_games_apart() -> None:
    once = digest.digest(["polish", "mao"], [2, 3], 2)
    assert once == digest.digest(["polish", "mao"], [2, 3], 2)  # seeded games repeat
    assert once[0] > 0
    assert digest.digest(["polish", "mao"], [2, 3], 3)[1] != once[1]  # a game more
    assert digest.digest(["mao", "polish"], [2, 3], 2)[1] != once[1]  # another order


def test_the_behaviour_digest_hashes_a_refused_table_size() -> None:
    actions, _ = digest.digest(["polish"], [1], 1)  # Polish needs two players
    assert actions == 0


def test_the_digest_command_compares_with_another_interpreter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--games", "1", "--players", "2", "--variants", "switch"]
    assert digest.main([*argv, "--other-python", sys.executable]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[-1] == "the builds agree"
    assert printed[0].split(": ", 1)[1] == printed[1].split(": ", 1)[1]
