"""Factories found by name or alias: the one registry behind `makao.variants` and
`makao.bots` (their `register`, `names`, `factory` and `get`)."""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from makao._text import shown
from makao.errors import SetupError

__all__ = ["MAX_SHIPPED_FACTORY", "Registry", "Shipped", "name_key", "own_hint"]

T = TypeVar("T")

MAX_SHIPPED_FACTORY = 4096
"""The most bytes a registered factory may pickle to and still travel to worker processes
with an experiment ([`Registry.shipped`][makao._registry.Registry.shipped]): a function or a
class pickles to its module and name, far below this."""

Shipped = tuple[tuple[str, bytes, tuple[str, ...]], ...]
"""Registrations as they travel to another process: each name, its factory pickled, and
its aliases."""


def name_key(name: str) -> str:
    """One alias rule for every name: case, hyphens, underscores and spaces do not
    matter (``ultimate_mao``, ``Ultimate-Mao`` and ``ultimate mao`` are one name)."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


class Registry(Generic[T]):
    """The factories of one kind (``"variant"``, ``"bot"``) by name, and their aliases.

    A name or an alias is a non-empty string; one that already stands for another
    entry, or for a built-in one, is refused with a `SetupError`. Registering a name
    of one's own again replaces its factory (a notebook cell run twice).

    Safe to use from several threads: a registration checks and writes its names under
    a lock, so that two threads never both take one name, and the listings that filter
    the names as they walk them (`aliases`, `built_ins`) take the lock too; `names` and
    finding a factory (`factory`, `get`) take none: a copy of the names is made in one
    step, and a name is written only after its factory."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._factories: dict[str, Callable[..., T]] = {}
        self._names: dict[str, str] = {}  # alias key -> registered name
        self._built_in: frozenset[str] = frozenset()
        self._lock = threading.Lock()  # held by `register` and the listings of names

    def __getstate__(self) -> dict[str, object]:
        """Copied and pickled without the lock (a new one when restored), the names as
        they are between registrations."""
        with self._lock:
            state = dict(self.__dict__)
            state["_factories"] = dict(self._factories)
            state["_names"] = dict(self._names)
        del state["_lock"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        """A copy's fields, and a lock of its own."""
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def register(self, name: object, factory: object, aliases: Iterable[object] = ()) -> None:
        """Make ``factory`` (keyword options → a T) available as ``name`` and ``aliases``."""
        label = _checked_name(self.kind, name)
        if not callable(factory):
            raise SetupError(f"a {self.kind}'s factory must be callable, not {shown(factory, 60)}")
        others = tuple(aliases)  # read before the lock (an iterator runs the caller's code)
        with self._lock:
            self._register(label, factory, others)

    def _register(self, label: str, factory: Callable[..., T], aliases: tuple[object, ...]) -> None:
        """`register`'s checks and writes, under the lock."""
        if label in self._built_in:
            raise SetupError(
                f"{shown(label, 200)} is a built-in {self.kind}: register under another name"
            )
        existing = self._names.get(name_key(label), label)
        if existing not in self._built_in and name_key(existing) == name_key(label):
            label = existing  # one's own name again, spelled another way
        keys = [name_key(_checked_name(self.kind, alias)) for alias in (label, *aliases)]
        for key in keys:
            owner = self._names.get(key)
            if owner is not None and owner != label:
                raise SetupError(
                    f"{shown(key, 200)} already names the {self.kind} {shown(owner, 200)}"
                )
        self._factories[label] = factory
        for key in keys:
            self._names[key] = label

    def shipped(self) -> Shipped:
        """The entries registered since the built-ins, for another process to register
        (`receive`): a worker process that is not forked starts with the built-ins only. A
        factory that does not pickle (a lambda, a function defined in a function) or pickles
        to more than `MAX_SHIPPED_FACTORY` bytes is left out (`_pickled`): a forked process
        knows it."""
        with self._lock:
            entries = [(k, f) for k, f in self._factories.items() if k not in self._built_in]
        shipped = []
        for label, factory in entries:
            data = _pickled(factory)
            if data is not None:
                shipped.append((label, data, self.aliases(label)))
        return tuple(shipped)

    def receive(self, shipped: Shipped) -> None:
        """Register the entries of another process's `shipped` that this one lacks or holds
        with another factory. One this process cannot take (its factory's module is not
        importable here, or its names stand for other entries here) is left out, as it is
        where the registry is shared or forked (there, nothing is missing)."""
        for label, data, aliases in shipped:
            current = self._factories.get(label)
            if current is not None and _pickled(current) == data:
                continue
            try:
                self.register(label, pickle.loads(data), aliases)
            except Exception:  # not importable here, or a name taken here
                continue

    def freeze_built_ins(self) -> None:
        """Mark every entry so far as built in: no later `register` replaces it."""
        with self._lock:
            self._built_in = frozenset(self._factories)

    def built_ins(self) -> tuple[str, ...]:
        """The built-in names (`freeze_built_ins`), in the order they were registered."""
        with self._lock:
            return tuple(name for name in self._factories if name in self._built_in)

    def names(self) -> tuple[str, ...]:
        """The registered names, in the order they were registered."""
        return tuple(self._factories)

    def aliases(self, name: str) -> tuple[str, ...]:
        """The other names that stand for the entry ``name`` (its own name left out)."""
        label = self._names.get(name_key(_checked_name(self.kind, name)), name)
        with self._lock:  # no registration changes the names while they are walked
            return tuple(key for key, owner in self._names.items() if owner == label != key)

    def label(self, name: str) -> str | None:
        """The registered name that ``name`` (a name or an alias, in any spelling) stands
        for; ``None`` if it stands for none."""
        return self._names.get(name_key(name))

    def factory(self, name: object) -> Callable[..., T]:
        """The factory registered under ``name`` or one of its aliases."""
        label = self._names.get(name_key(_checked_name(self.kind, name)))
        if label is None:
            known = ", ".join(self._factories)
            raise SetupError(
                f"unknown {self.kind} {shown(name, 200)}; known: {known} ({own_hint(self.kind)})"
            )
        return self._factories[label]

    def get(self, name: object, options: dict[str, Any]) -> T:
        """The factory of ``name`` called with ``options``; options it refuses (a
        `TypeError` or `ValueError`) are a `SetupError`."""
        build = self.factory(name)
        try:
            return build(**options)
        except SetupError:
            raise
        except (TypeError, ValueError) as error:
            raise SetupError(f"bad options for {self.kind} {shown(name, 200)}: {error}") from None


def _pickled(factory: object) -> bytes | None:
    """``factory`` pickled, ``None`` if it does not pickle or pickles to more than
    `MAX_SHIPPED_FACTORY` bytes: then the pickling stops soon after that many are written
    (a factory holding a large object, a model's weights, is not pickled whole at every
    experiment only to be left out)."""
    written = _Capped()
    try:
        pickle.Pickler(written, pickle.HIGHEST_PROTOCOL).dump(factory)
    except Exception:  # no pickle, or `_Capped`'s: too large
        return None
    return bytes(written.data)


class _Capped:
    """A file that takes at most `MAX_SHIPPED_FACTORY` bytes: a write past that raises."""

    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, chunk: bytes) -> int:
        """Keep ``chunk``; a `ValueError` once more than `MAX_SHIPPED_FACTORY` bytes are."""
        self.data += chunk
        if len(self.data) > MAX_SHIPPED_FACTORY:
            raise ValueError(f"more than {MAX_SHIPPED_FACTORY} bytes")
        return len(chunk)


def own_hint(kind: str) -> str:
    """How a ``kind`` (``"variant"``, ``"bot"``) of one's own gets a name, for messages
    that refuse a name or an object where a name is wanted."""
    return (
        f"one of your own is known once registered: makao.{kind}s.register, or on the "
        "command line makao --import MODULE"
    )


def _checked_name(kind: str, name: object) -> str:
    """``name`` if it is a string with something in it, else a `SetupError`."""
    if not isinstance(name, str):
        raise SetupError(f"a {kind}'s name is a string, not {type(name).__name__}")
    if not name.strip():
        raise SetupError(f"a {kind}'s name must not be empty")
    return name
