"""The error for a feature whose optional extra (a third-party package) is not installed."""

from __future__ import annotations

from typing import Any

__all__ = ["missing_extra", "pyplot"]


def missing_extra(error: ModuleNotFoundError, feature: str, extra: str) -> ModuleNotFoundError:
    """The error to raise (``from None``) in place of ``error``, a failed import of a package
    that ``feature`` needs: it names the package, the feature and the extra that installs
    it (``pip install 'makao[rl]'``), and keeps the package's name in ``name``."""
    missing = f"No module named {error.name!r}" if error.name else str(error)
    return ModuleNotFoundError(
        f"{missing}: {feature} needs the {extra} extra: pip install 'makao[{extra}]'",
        name=error.name,
    )


def pyplot(feature: str) -> Any:
    """matplotlib's ``pyplot``, drawing to files (the Agg backend) for ``feature``; without
    matplotlib, the `missing_extra` error naming the ``plot`` extra."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ModuleNotFoundError as error:
        raise missing_extra(error, feature, "plot") from None
    return plt
