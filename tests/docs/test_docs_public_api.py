"""The public API documents itself: every module, ``__all__`` name and public method.

The package is walked with :func:`pkgutil.walk_packages`. A module whose import needs an
optional extra that is not installed (the adapters need pettingzoo or open_spiel) is skipped.

* Every module has a module docstring, and every name in its ``__all__`` exists.
* Every name in ``__all__`` has a non-empty docstring of its own. Classes and functions are
  read as written in the source (so the docstrings that ``NamedTuple``, ``Enum`` or
  ``dataclass`` make up do not count); a constant or type alias needs a string just below
  its assignment, in the module that defines it (re-exports are followed to their source):
  the form the docs site renders (a ``#:`` comment above it is not rendered, so no public
  constant, field or class attribute is documented by one).
* Every public method, property, classmethod and staticmethod of a class in ``__all__`` has
  a docstring: its own, or that of a makao base class that defines the same name. Names the
  class gets from builtins, attrs or typing bases are not checked.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import inspect
import pkgutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import GenericAlias, ModuleType

import pytest

import makao

#: Top-level modules of the optional extras (pyproject's rl, openspiel, distributed, plot,
#: progress); a makao module whose import needs a missing one is skipped.
OPTIONAL = frozenset(
    {"pettingzoo", "gymnasium", "numpy", "pyspiel", "open_spiel", "dask", "distributed"}
    | {"matplotlib", "rich"}
)


def _module_names() -> list[str]:
    found = ["makao"]
    found += [info.name for info in pkgutil.walk_packages(makao.__path__, "makao.")]
    return sorted(found)


MODULES = _module_names()


def _import(name: str) -> ModuleType:
    """Import ``name``, skipping the test when an optional extra it needs is missing."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        missing = (error.name or "").partition(".")[0]
        if missing in OPTIONAL:
            pytest.skip(f"{name} needs the optional {missing!r}")
        raise


def _exported(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", ())
    return [str(name) for name in names]


def _is_makao(obj: object) -> bool:
    module = getattr(obj, "__module__", None) or ""
    return module == "makao" or module.startswith("makao.")


# -- reading the source ---------------------------------------------------------------


@functools.cache
def _source(module_name: str) -> tuple[ast.Module, tuple[str, ...]]:
    module = importlib.import_module(module_name)
    path = Path(str(module.__file__))
    if path.suffix != ".py":  # compiled (docs/builds.md): its source is shipped beside it
        path = path.parent / (module_name.rpartition(".")[2] + ".py")
    text = path.read_text(encoding="utf-8")
    return ast.parse(text), tuple(text.splitlines())


def _module_doc(module: ModuleType) -> str | None:
    """The module's docstring; mypyc drops docstrings, so a compiled module's is read from
    its source (the pure build's ``__doc__`` is that same text)."""
    return module.__doc__ or ast.get_docstring(_source(module.__name__)[0])


def _routine_doc(obj: object) -> str | None:
    """A function's docstring, from its source when a compiled build dropped it."""
    doc = _method_doc(obj)
    if doc is None and _is_makao(obj):
        doc = _source_doc(getattr(obj, "__module__", ""), getattr(obj, "__qualname__", ""))
    return doc


def _source_doc(module_name: str, qualname: str) -> str | None:
    """The docstring of the ``class``/``def`` ``qualname`` in the module's source."""
    node = _definition(module_name, qualname)
    return ast.get_docstring(node) if node is not None else None


def _blocks(body: Sequence[ast.stmt]) -> Iterator[Sequence[ast.stmt]]:
    """``body`` and the blocks nested in its ``if``/``try``/``with`` statements."""
    yield body
    for stmt in body:
        if isinstance(stmt, (ast.If, ast.Try, ast.With)):
            for field in ("body", "orelse", "finalbody"):
                yield from _blocks(getattr(stmt, field, []))
            for handler in getattr(stmt, "handlers", []):
                yield from _blocks(handler.body)


def _definition(
    module_name: str, qualname: str
) -> ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The last ``class``/``def`` statement of ``qualname`` in the module's source."""
    found: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef | None = None
    body: Sequence[ast.stmt] = _source(module_name)[0].body
    for part in qualname.split("."):
        found = None
        for block in _blocks(body):
            for stmt in block:
                kinds = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
                if isinstance(stmt, kinds) and stmt.name == part:
                    found = stmt
        if found is None:
            return None
        body = found.body
    return found


def _bound_names(stmt: ast.stmt) -> list[str]:
    """The names an assignment statement binds (none for any other statement)."""
    if isinstance(stmt, ast.Assign):
        targets: list[ast.expr] = list(stmt.targets)
    elif isinstance(stmt, ast.AnnAssign):
        targets = [stmt.target]
    else:
        return []
    names = [node for target in targets for node in getattr(target, "elts", [target])]
    return [node.id for node in names if isinstance(node, ast.Name)]


def _attribute_doc(block: Sequence[ast.stmt], index: int) -> str | None:
    """The string just below ``block[index]`` (its docstring, as the docs site reads it)."""
    below = block[index + 1] if index + 1 < len(block) else None
    if (
        isinstance(below, ast.Expr)
        and isinstance(below.value, ast.Constant)
        and isinstance(below.value.value, str)
    ):
        return below.value.value
    return None


def _comment_documented(module_name: str) -> Iterator[str]:
    """The public names of a module (and of its classes) documented by a ``#:`` comment
    above them with no docstring below: the docs site shows no such comment."""
    tree, lines = _source(module_name)
    bodies: list[Sequence[ast.stmt]] = [tree.body]
    bodies += [node.body for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    for body in (block for found in bodies for block in _blocks(found)):
        for index, stmt in enumerate(body):
            above = lines[stmt.lineno - 2].lstrip() if stmt.lineno > 1 else ""
            if above.startswith("#:") and not _attribute_doc(body, index):
                public = [name for name in _bound_names(stmt) if not name.startswith("_")]
                yield from (f"{module_name}:{stmt.lineno} {name}" for name in public)


def _data_doc(module_name: str, name: str, depth: int = 0) -> str | None:
    """The docstring of a module-level value, following ``from … import`` re-exports."""
    tree, _ = _source(module_name)
    for block in _blocks(tree.body):
        for index, stmt in enumerate(block):
            if name in _bound_names(stmt):
                doc = _attribute_doc(block, index)
                if doc:
                    return doc
            elif isinstance(stmt, ast.ImportFrom) and depth < 10:
                for alias in stmt.names:
                    if (alias.asname or alias.name) == name:
                        module = importlib.import_module(module_name)
                        package = module_name if hasattr(module, "__path__") else None
                        relative = "." * stmt.level + (stmt.module or "")
                        source = importlib.util.resolve_name(
                            relative, package or module_name.rpartition(".")[0]
                        )
                        return _data_doc(source, alias.name, depth + 1)
    return None


def _class_doc(cls: type) -> str | None:
    node = _definition(cls.__module__, cls.__qualname__) if _is_makao(cls) else None
    if node is None:  # made at run time: only its __doc__ can tell
        doc = vars(cls).get("__doc__")
        return doc if isinstance(doc, str) else None
    return ast.get_docstring(node)


# -- what is checked ------------------------------------------------------------------


def _method_doc(raw: object) -> str | None:
    """The docstring of a class attribute that is a method or property, else ``None``."""
    if isinstance(raw, (classmethod, staticmethod)):
        raw = raw.__func__
    doc = getattr(raw, "__doc__", None)
    return doc if isinstance(doc, str) else None


def _member_doc(cls: type, name: str) -> str | None:
    """The docstring of method ``name`` that ``cls`` defines, from its source when a
    compiled build dropped it (mypyc keeps no docstring of a native class's static method,
    and leaves an empty one on a property of an attrs class it compiles)."""
    doc = _method_doc(vars(cls)[name])
    return doc if doc else _source_doc(cls.__module__, f"{cls.__qualname__}.{name}")


def _is_method(raw: object) -> bool:
    kinds = (classmethod, staticmethod, property, functools.cached_property)
    return isinstance(raw, kinds) or inspect.isfunction(raw)


def _members(cls: type) -> Iterator[tuple[str, str | None]]:
    """``(qualified name, docstring)`` of the public methods and properties of ``cls``.

    A method is reported under the makao class that defines it; its docstring is the first
    one found on that class or a makao base class that defines the same name.
    """
    for name in dir(cls):
        if name.startswith("_"):
            continue
        owners = [klass for klass in cls.__mro__ if name in vars(klass)]
        if not owners or not _is_makao(owners[0]) or not _is_method(vars(owners[0])[name]):
            continue
        docs = (_member_doc(klass, name) for klass in owners if _is_makao(klass))
        doc = next((doc for doc in docs if doc and doc.strip()), None)
        yield f"{owners[0].__module__}.{owners[0].__qualname__}.{name}", doc


def _names(module: ModuleType) -> Iterator[tuple[str, str | None]]:
    """``(qualified name, docstring)`` of every name in ``__all__`` and its members."""
    for name in _exported(module):
        if not hasattr(module, name):
            continue
        obj = getattr(module, name)
        where = f"{module.__name__}.{name}"
        if inspect.ismodule(obj):
            yield where, _module_doc(obj)
        elif inspect.isclass(obj) and not isinstance(obj, GenericAlias):
            # Python 3.10's inspect.isclass is true of a generic alias such as
            # ``Callable[..., X]`` (3.11 says false): that is a type alias, documented as data.
            yield where, _class_doc(obj)
            yield from _members(obj)
        elif inspect.isroutine(obj):
            yield where, _routine_doc(obj)
        else:
            yield where, _data_doc(module.__name__, name)


def public_names() -> dict[str, str | None]:
    """Every checked name of every importable module, with its docstring (or ``None``)."""
    found: dict[str, str | None] = {}
    for module_name in MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        found.update({module_name: _module_doc(module)})
        found.update(_names(module))
    return found


# -- the tests ------------------------------------------------------------------------


@pytest.mark.parametrize("module_name", MODULES)
def test_module_has_docstring(module_name: str) -> None:
    module = _import(module_name)
    assert (_module_doc(module) or "").strip(), f"{module_name} has no module docstring"


@pytest.mark.parametrize("module_name", MODULES)
def test_all_names_exist(module_name: str) -> None:
    module = _import(module_name)
    missing = [name for name in _exported(module) if not hasattr(module, name)]
    assert not missing, f"{module_name}.__all__ names missing attributes: {missing}"


@pytest.mark.parametrize("module_name", MODULES)
def test_public_names_have_docstrings(module_name: str) -> None:
    module = _import(module_name)
    undocumented = sorted({where for where, doc in _names(module) if not (doc or "").strip()})
    assert not undocumented, "no docstring: " + ", ".join(undocumented)


@pytest.mark.parametrize("module_name", MODULES)
def test_no_public_attribute_is_documented_by_a_comment_the_site_hides(module_name: str) -> None:
    _import(module_name)
    assert not list(_comment_documented(module_name))


def test_the_walk_finds_the_package() -> None:
    assert {"makao", "makao.engine", "makao.rules.base", "makao.adapters.driver"} <= set(MODULES)
    assert len(public_names()) > 500
