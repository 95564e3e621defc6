"""Imports run one way among the core modules (DESIGN principle 7): cards → state → rules →
tables → variant → engine → serialize / view / bots / … — no import circle, counting
imports made only for type checking too."""

from __future__ import annotations

import ast
from pathlib import Path

import makao

ROOT = Path(makao.__file__).parent
#: The core: everything below the adapters, bots, simulations and the command line.
CORE = (
    "cards", "_ranks", "_card", "deck", "errors", "moves", "events", "state", "_random",
    "rules", "tables", "variant", "engine", "_core", "_movegen", "view", "serialize", "variants",
)  # fmt: skip
#: Imports made inside a function, for a convenience method of a lower module that calls a
#: higher one (``Game.to_json`` saving through :mod:`makao.serialize`): not an import
#: circle at load time, and the only ones allowed to point upwards.
LAZY_UPWARDS = {("makao.engine", "makao.serialize")}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, known: set[str]) -> set[tuple[str, bool]]:
    """The makao modules ``path`` imports, each with whether it is a lazy import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lazy_nodes = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for inner in ast.walk(node)
    }
    found: set[tuple[str, bool]] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        found |= {(name, id(node) in lazy_nodes) for name in names if name in known}
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module(path): path for path in ROOT.rglob("*.py")}
    core = {name for name in paths if name.split(".")[1:2] and name.split(".")[1] in CORE}
    graph: dict[str, set[str]] = {}
    for name in core:
        edges = _imports(paths[name], set(paths))
        graph[name] = {
            target
            for target, lazy in edges
            if target in core and target != name and not (lazy and (name, target) in LAZY_UPWARDS)
        }
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph, if there is one (depth-first search)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_core_modules_import_one_way_with_no_circle() -> None:
    graph = _graph()
    assert "makao.engine" in graph and "makao.rules.base" in graph
    assert _cycle(graph) is None, " → ".join(_cycle(graph) or [])


def test_rules_never_import_the_engine() -> None:
    graph = _graph()
    for name, targets in graph.items():
        if name.startswith(("makao.rules", "makao.state", "makao.tables", "makao.variant")):
            assert "makao.engine" not in targets, name
            assert "makao._movegen" not in targets, name


def test_only_the_engine_uses_the_private_move_generator() -> None:
    paths = {_module(path): path for path in ROOT.rglob("*.py")}
    users = {
        name
        for name, path in paths.items()
        if any(target == "makao._movegen" for target, _ in _imports(path, set(paths)))
    }
    assert users == {"makao.engine", "makao._core"}


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
