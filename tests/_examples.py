"""Load a script of examples/ as a module, for tests that call its functions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load_example(name: str) -> Any:
    """The module of ``examples/<name>.py``."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
