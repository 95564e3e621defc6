"""The error for a feature whose optional extra is not installed (makao._extras)."""

from __future__ import annotations

from makao._extras import missing_extra


def test_an_import_error_without_a_package_name_keeps_its_own_message() -> None:
    """A failed import that names no package (``name`` is ``None``) keeps its own text
    before the extra to install, not ``No module named None``."""
    error = missing_extra(ModuleNotFoundError("a broken install"), "makao.adapters", "rl")
    assert str(error) == (
        "a broken install: makao.adapters needs the rl extra: pip install 'makao[rl]' once "
        "published, or pip install '.[rl]' in a checkout"
    )
    assert error.name is None
    named = missing_extra(ModuleNotFoundError("x", name="numpy"), "makao.adapters", "rl")
    assert str(named).startswith("No module named 'numpy': ") and named.name == "numpy"
