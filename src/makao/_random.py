"""The game's own random generator: a 64-bit state in a plain int, expanded by SHAKE-128.

A game keeps its randomness as one int in its state (`makao.state.State.rng`), so a
clone copies it for free and a saved game replays it exactly; a reshuffle advances it.
A reshuffle takes all the randomness it needs from one call of ``hashlib.shake_128`` (an
extendable-output hash: any number of unbiased random bytes from the state, the same on
every platform and Python version): a 64-bit word per card. (``random.Random`` costs about
134,000 instructions to seed and 200,000 to copy; computing splitmix64 on Python ints, as
this module did before, cost about 5,800 instructions a card.)

It also holds [`shuffle_as_random`][makao._random.shuffle_as_random], the permutation of
``random.Random.shuffle`` that the search bots deal hidden cards with (compiled in the
compiled build, with the game's generator).
"""

from __future__ import annotations

import random
import sys
from array import array
from hashlib import shake_128
from typing import Any, Final

__all__ = ["initial_state", "shuffle", "shuffle_as_random", "words"]

_MASK: Final = (1 << 64) - 1
_BIG_ENDIAN: Final = sys.byteorder == "big"
#: What `words` calls, as final names: compiled code reads a final name from a C static
#: (an imported name from the module's globals, a dict lookup) and calls a method's
#: descriptor directly (a method of a built-in object by name is a generic lookup; about
#: 900 instructions a reshuffle in all). The hash's own type, whichever ``hashlib`` gives.
_SHAKE_128: Final = shake_128
_DIGEST: Final = type(shake_128(b"")).digest
_ARRAY: Final = array
_TOLIST: Final = array.tolist


def initial_state(seed: int) -> int:
    """The generator state a game seeded with ``seed`` starts from (any int, even negative
    or larger than 64 bits)."""
    return (seed * 0xBF58476D1CE4E5B9 + 0x632BE59BD9B4E019) & _MASK


def words(state: int, count: int) -> list[int]:
    """``count`` random 64-bit words drawn from ``state``: SHAKE-128 of the state's eight
    little-endian bytes, read as little-endian words."""
    found = _ARRAY("Q", _DIGEST(_SHAKE_128((state & _MASK).to_bytes(8, "little")), 8 * count))
    if _BIG_ENDIAN:
        found.byteswap()  # the same words on every platform
    return _TOLIST(found)


def shuffle(items: list[Any], state: int) -> int:
    """Shuffle ``items`` in place and return the advanced generator state.

    Fisher–Yates: position ``i`` (from the last down to 1) swaps with position
    ``word[i] % (i + 1)``, where ``word`` are `words` of ``state`` (a bias below 2**-57 for
    any table); the next state is the last word, which no swap uses."""
    count = len(items)
    # typed ``Any``: most words are above a compiled int's 62 bits, so compiled code takes
    # ``%`` to Python's own remainder either way, and an ``int`` operand first goes through
    # mypyc's boxing wrapper (about 60 instructions a card more)
    drawn: list[Any] = words(state, count + 1)
    for i in range(count - 1, 0, -1):
        j: int = drawn[i] % (i + 1)
        items[i], items[j] = items[j], items[i]
    following: int = drawn[count]
    return following


def _bit_lengths(count: int) -> list[int]:
    """``n.bit_length()`` for every ``n`` from 0 to ``count`` (a list indexed by ``n``)."""
    return [n.bit_length() for n in range(count + 1)]


#: `_bit_lengths` of the bounds of decks up to 1,024 cards.
_BIT_LENGTHS: Final = _bit_lengths(1024)


def shuffle_as_random(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same permutation from the same draws, its steps written
    out for `random.Random` itself (what ``Random.shuffle`` and ``Random._randbelow`` do);
    a subclass of ``Random`` is asked to shuffle itself."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    count = len(items)
    # the bits of each bound, read from a table: a call of ``int.bit_length`` costs more
    # (compiled, the int is boxed and the method looked up by name)
    lengths = _BIT_LENGTHS if count < len(_BIT_LENGTHS) else _bit_lengths(count)
    for i in range(count - 1, 0, -1):
        k = lengths[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
