"""A game changed only in what one seat may not see, shared by the property tests of the
surfaces built from a game (a match's views, a host's updates, the adapters' observations):
each must show that seat the same as the game it was changed from."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import cast

from makao import Card, Game
from makao.events import Event, redact


def hide_anew(game: Game, seat: int, rng: random.Random, keep: Iterable[Card] = ()) -> None:
    """Change in ``game`` every part of the state hidden from ``seat`` (`makao.testing`'s
    ``HIDDEN_FIELDS`` and ``MOVER_FIELDS``): the other hands and the stock dealt anew among
    themselves (their sizes kept), another mover's drawn card one of its new cards (PL-8),
    the random generator, and the deal's seed (its announcements kept as ``seat`` was told
    them). The cards ``keep`` of another mover's hand stay in it (a play being built)."""
    kept = Counter(keep) if seat != game.to_move else Counter()
    others = [s for s in range(game.players) if s != seat]
    slots: list[tuple[int, int]] = []  # (seat, index) of every hidden card dealt anew
    for s in others:
        for index, card in enumerate(game.hands[s]):
            if s == game.to_move and kept[card] > 0:
                kept[card] -= 1
                continue
            slots.append((s, index))
    hidden = [game.hands[s][index] for s, index in slots] + game.stock
    rng.shuffle(hidden)
    hands = [list(hand) for hand in game.hands]
    for (s, index), card in zip(slots, hidden, strict=False):
        hands[s][index] = card
    for s in others:
        game.hands[s] = tuple(hands[s])
    game.stock = hidden[len(slots) :]
    mover = game.hands[game.to_move]
    if game.drawn is not None and game.to_move != seat and game.drawn not in mover:
        game.drawn = mover[-1] if mover else None
    game.rng = rng.getrandbits(64)
    opening = cast("tuple[Event, ...]", redact(game.opening, seat))
    game.beginning = game.beginning.reseeded(rng.getrandbits(62)).announced(opening)
    game._legal = None  # the listed moves, as the changed game lists them
