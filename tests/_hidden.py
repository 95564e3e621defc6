"""A game changed only in what one seat may not see, shared by the property tests of the
surfaces built from a game (a game's views, a match's views, a host's updates, the
adapters' observations): each must show that seat the same as the game it was changed
from."""

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


def redeal_unseen(game: Game, seat: int, rng: random.Random, seen: Iterable[Card]) -> None:
    """Deal anew, in ``game`` just dealt, the hidden cards that ``seat`` never sees along a
    history played from it (cards ``seen`` stay where they are: a card another seat will
    play, a card ``seat`` will draw): another seed too, its announcements kept as ``seat``
    was told them; the random generator kept, so a reshuffle of the (public) pile deals
    the same stock in both games. The same moves then tell ``seat`` the same, move by
    move, from the deal on."""
    shown = set(seen)  # every copy of a card seen stays (with two packs: which is it?)
    places = [(s, i) for s in range(game.players) if s != seat for i in range(len(game.hands[s]))]
    places += [(-1, i) for i in range(len(game.stock))]
    slots = [  # (seat, index) of each unseen card; seat -1: the stock
        (s, i) for s, i in places if (game.stock[i] if s < 0 else game.hands[s][i]) not in shown
    ]
    unseen = [game.stock[i] if s < 0 else game.hands[s][i] for s, i in slots]
    rng.shuffle(unseen)
    hands = [list(hand) for hand in game.hands]
    for (s, i), card in zip(slots, unseen, strict=True):
        if s < 0:
            game.stock[i] = card
        else:
            hands[s][i] = card
    for s in range(game.players):
        if s != seat:
            game.hands[s] = tuple(hands[s])
    opening = cast("tuple[Event, ...]", redact(game.opening, seat))
    game.beginning = game.beginning.reseeded(rng.getrandbits(62)).announced(opening)
    game._legal = None


def hide_rule_states(game: Game, seat: int, rng: random.Random) -> bool:
    """A rule's own state replaced by any value that keeps what the rule shows every seat
    (its `public_state`): the rest of a rule's state -- the calls of a play being judged
    (Mao's `MaoCalls`), a flag the public state does not read -- is private. Whether a
    state was changed (a variant whose rules show all their state has none to change)."""
    changed = False
    for rule in game.compiled.stateful:
        index = game.compiled.state_index[id(rule)]
        shown = rule.public_state(game)
        for value in RULE_STATE_VALUES:
            states = list(game.rule_states)
            old, states[index] = states[index], value
            if value == old:
                continue
            game.rule_states = tuple(states)
            try:
                same = rule.public_state(game) == shown
            except Exception:  # a value of the wrong type for this rule
                same = False
            if same:
                changed = True
                break
            states[index] = old
            game.rule_states = tuple(states)
    if changed:
        game._legal = None
    return changed


#: Values tried as a rule's private state (`hide_rule_states`).
RULE_STATE_VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    (None, False),
    (None, True),
    ((), ()),
    (("mao",), (("UM-25", "wrong call"),)),
)
