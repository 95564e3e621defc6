"""The one way makao derives seeds: [`derive_seed`][makao.seeding.derive_seed].

Every seed that comes from another seed -- a simulated game's from its experiment's
(the game's number), a bot's from its game's (the seat), a match deal's from the match's
(``"deal"`` and the deal's number), a tournament table's from the tournament's
(``"table"`` and the table's number) -- is derived here, so that streams never overlap
and a seed means the same on any machine and Python version.

```pycon
>>> from makao.seeding import derive_seed
>>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
True

```
"""

from __future__ import annotations

import operator
import random
import threading

from makao._text import is_too_long_to_write, shown
from makao.errors import SetupError, StateError

__all__ = ["derive_seed", "new_random", "seed_key"]

#: Each thread's generator for `derive_seed` and a new game's deal (`seeded_random`).
_SEEDED = threading.local()


def seeded_random(seed: int | str) -> random.Random:
    """This thread's generator, in the state a new ``random.Random(seed)`` starts in: the
    same numbers, without making and freeing one each time (a new generator seeds itself
    twice, from the system and then with ``seed``: about 17,000 instructions each). It is
    seeded anew at every call, so a use must end before the thread's next call."""
    generator: random.Random | None = getattr(_SEEDED, "generator", None)
    if generator is None:
        generator = _SEEDED.generator = random.Random()
    generator.seed(seed)  # all of its state, as ``random.Random(seed)`` starts
    return generator


def seed_key(seed: int) -> int | str:
    """What seeds a ``random.Random`` for the whole number ``seed``, so that every integer
    has a stream of its own: the seed itself when it is ≥ 0 (the numbers those seeds have
    always given), its text (``"seed:-5"``, hexadecimal when too long for decimal) when
    it is negative (``random.Random`` drops an integer's sign: seeds ``n`` and ``-n``
    gave one stream)."""
    return seed if seed >= 0 else f"seed:{_text(seed)}"


def new_random(seed: int) -> random.Random:
    """A new ``random.Random`` for the whole number ``seed`` (`seed_key`)."""
    return random.Random(seed_key(seed))


def derive_seed(seed: int, *path: int | str) -> int:
    """A 63-bit seed for the item named by ``path`` (numbers and words) of something
    seeded ``seed``: stable anywhere (a string seed of ``random.Random``, hashed the same
    on every machine), and independent for different paths. A seed or a path number that
    is no integer is a `SetupError`."""
    # a plain int or str taken as it is, without a call (a few derivations per game)
    parts = ["makao", _text(seed if type(seed) is int else _whole("seed", seed))]
    for part in path:
        if not isinstance(part, str):
            part = _text(part if type(part) is int else _whole("a path part", part))
        parts.append(part)
    return seeded_random(":".join(parts)).getrandbits(63)


def _whole(what: str, value: object) -> int:
    """``value`` as an `int` (NumPy's integers too, a `bool` not), else a `SetupError`."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]  # checked here
        except TypeError:
            pass
    raise SetupError(f"{what} must be an integer, not {shown(value, 60)}")


def check_savable(seed: int) -> None:
    """A `StateError` if a save cannot hold ``seed``: JSON writes a whole number as decimal
    text, which Python refuses past its limit (``sys.get_int_max_str_digits()``, 4,300
    digits unless changed)."""
    try:
        str(seed)  # refused at once past the limit, before any digit is made
    except ValueError:
        raise StateError(
            f"the seed, {shown(seed)}, cannot be saved: Python writes no integer that long "
            "as decimal text (sys.get_int_max_str_digits())"
        ) from None


def _text(seed: int) -> str:
    """``str(seed)``, but hexadecimal for a seed too long for decimal text."""
    return hex(seed) if is_too_long_to_write(seed) else str(seed)
