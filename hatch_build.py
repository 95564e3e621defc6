"""The build hook of the optional compiled build (``MAKAO_COMPILE=1``).

Without ``MAKAO_COMPILE=1`` (and always for editable installs) it does nothing and the
wheel is pure Python. With it, the modules listed in ``makao._build.COMPILED_MODULES`` are
compiled with mypyc (the same typed source, as mypy and black ship themselves) and the
extension modules go into a platform wheel beside the unchanged ``.py`` files, which
Python then no longer imports.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The environment variable that switches compilation on.
SWITCH = "MAKAO_COMPILE"
#: What the compiling build needs besides hatchling (installed by the build frontend).
COMPILE_REQUIRES = ["mypy==2.4.1", "setuptools"]

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

# Only the compiled modules must type-check here: the rest of makao is followed silently,
# and optional dependencies (matplotlib, numpy, ...) need not be installed.
options = ["--follow-imports=silent", "--ignore-missing-imports"]
paths, target = sys.argv[1].split(","), sys.argv[2]
setup(
    name="makao-compiled",
    ext_modules=mypycify(options + paths, opt_level="3", target_dir=target, group_name="makao"),
    script_args=["build_ext", "--build-lib", sys.argv[3], "--build-temp", sys.argv[4]],
)
"""


def wanted() -> bool:
    """Whether ``MAKAO_COMPILE`` asks for the compiled build."""
    return os.environ.get(SWITCH, "").strip().lower() in ("1", "true", "yes", "on")


def compiled_modules(root: Path) -> list[str]:
    """``COMPILED_MODULES`` of ``src/makao/_build.py``, read without importing makao."""
    tree = ast.parse((root / "src" / "makao" / "_build.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == (
            "COMPILED_MODULES"
        ):
            assert node.value is not None
            return list(ast.literal_eval(node.value))
    raise RuntimeError("src/makao/_build.py defines no COMPILED_MODULES")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the hot-path modules with mypyc when ``MAKAO_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """Only for a compiled build: mypy (mypyc), setuptools, and makao's own runtime
        dependencies (mypy must see attrs to type the attrs classes the compiled code uses)."""
        if not wanted():
            return []
        return [*COMPILE_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile into a temporary folder and add the extension modules to the wheel."""
        if version == "editable" or not wanted():
            return
        root = Path(self.root)
        self._temp = Path(tempfile.mkdtemp(prefix="makao-mypyc-"))
        lib = self._temp / "lib"
        modules = compiled_modules(root)
        paths = [str(root.joinpath("src", *name.split(".")).with_suffix(".py")) for name in modules]
        self.app.display_info(f"mypyc: compiling {', '.join(modules)}")
        command = [sys.executable, "-c", _SETUP, ",".join(paths)]
        command += [str(self._temp / "c"), str(lib), str(self._temp / "build")]
        # Run in the temporary folder, where setuptools finds no pyproject.toml to read.
        subprocess.run(command, cwd=self._temp, check=True)
        for path in sorted(lib.rglob("*")):
            if path.is_file():
                build_data["force_include"][str(path)] = str(path.relative_to(lib))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary folder."""
        temp = getattr(self, "_temp", None)
        if temp is not None:
            shutil.rmtree(temp, ignore_errors=True)
