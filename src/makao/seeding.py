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

import random
import threading

__all__ = ["derive_seed"]

#: Each thread's generator for `derive_seed`, reseeded for every seed it derives: the
#: same numbers as a new ``random.Random(key)``, without making and freeing one each
#: time (a simulated game derives a seed per bot).
_DERIVERS = threading.local()


def derive_seed(seed: int, *path: int | str) -> int:
    """A 63-bit seed for the item named by ``path`` (numbers and words) of something
    seeded ``seed``: stable anywhere (a string seed of ``random.Random``, hashed the same
    on every machine), and independent for different paths."""
    key = ":".join(("makao", str(seed), *map(str, path)))
    deriver: random.Random | None = getattr(_DERIVERS, "deriver", None)
    if deriver is None:
        deriver = _DERIVERS.deriver = random.Random()
    deriver.seed(key)  # all of its state, as ``random.Random(key)`` starts
    return deriver.getrandbits(63)
