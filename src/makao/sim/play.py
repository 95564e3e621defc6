"""One simulated game: the loop that asks the bots, and the record it keeps.

How bots are asked, at every decision point:

1. Seats other than the one to move that have out-of-turn actions open (a late "makao",
   "stop makao") are asked with :meth:`~makao.bots.Bot.respond`, in turn order from the seat
   after the one to move. The first that answers has its action played; then the loop
   looks again.
2. Otherwise the bot of the seat to move picks with :meth:`~makao.bots.Bot.choose` among its
   turn moves and its own out-of-turn actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from makao.bots.protocol import Bot
from makao.engine import Game
from makao.errors import IllegalMoveError
from makao.events import Penalised
from makao.moves import Move
from makao.variant import Variant
from makao.view import make_view

__all__ = ["GameRecord", "derive_seed", "play_game"]


class GameRecord(NamedTuple):
    """What one simulated game gave; per-bot fields are indexed by the bot's position in
    the ``bots`` list (not by seat)."""

    game: int
    """The game's number in its experiment."""
    seed: int
    seats: tuple[int, ...]
    """The seat of each bot (seats rotate with the game index)."""
    first: int
    """The bot that moved first."""
    places: tuple[int, ...] | None
    """Each bot's finishing place (1 = winner); ``None`` if the game was truncated."""
    actions: int
    turns: int
    truncated: bool
    blocked: bool
    penalties: tuple[int, ...]
    """Penalty cards each bot was charged (:class:`~makao.events.Penalised`)."""
    events: tuple[tuple[str, int], ...]
    """How often each kind of event happened, by event type name."""
    lead_changes: int
    decided_at: float | None
    """The share of the game's turns after which the winner led (fewest cards) to the end."""
    scores: tuple[float, ...] | None


def derive_seed(seed: int, index: int) -> int:
    """A 63-bit seed for item ``index`` of an experiment seeded ``seed`` (stable anywhere)."""
    return random.Random(f"makao:{seed}:{index}").getrandbits(63)


def play_game(
    variant: Variant,
    bots: Sequence[Bot],
    seed: int,
    *,
    index: int = 0,
    rotation: int = 0,
    max_actions: int | None = None,
) -> GameRecord:
    """Play one game of ``variant``: bot ``j`` sits at seat ``(j + rotation) % players``."""
    players = len(bots)
    seated = [bots[(seat - rotation) % players] for seat in range(players)]
    game = Game.new(variant, players, seed=seed)
    for seat, bot in enumerate(seated):
        bot.reset(derive_seed(seed, seat))
    tracker = _Tracker(game)
    counts: dict[type, int] = {}
    penalties = [0] * players
    limit = -1 if max_actions is None else max_actions
    actions = 0
    while not game.over and actions != limit:
        seat = game.to_move
        legal = game.legal_moves()
        if getattr(legal[-1], "seat", None) is None:
            move = seated[seat].choose(make_view(game, seat), legal)
        else:
            move = _ask(game, seated, legal, seat)
        for event in game.play(move):
            kind = type(event)
            counts[kind] = counts.get(kind, 0) + 1
            if kind is Penalised:
                penalties[event.seat] += event.amount  # type: ignore[union-attr]
        actions += 1
        if game.to_move != seat:
            tracker.turn()
    seats = tuple((j + rotation) % players for j in range(players))
    places = _places(game, players) if game.over else None
    winner = game.finished[0] if game.over else None
    return GameRecord(
        game=index,
        seed=seed,
        seats=seats,
        first=(tracker.first - rotation) % players,
        places=None if places is None else tuple(places[s] for s in seats),
        actions=actions,
        turns=tracker.turns,
        truncated=not game.over,
        blocked=game.blocked,
        penalties=tuple(penalties[s] for s in seats),
        events=tuple(sorted((kind.__name__, n) for kind, n in counts.items())),
        lead_changes=tracker.changes,
        decided_at=None if winner is None else tracker.decided_at(winner),
        scores=_scores(game, seats),
    )


def _ask(game: Game, seated: Sequence[Bot], legal: Sequence[Move], seat: int) -> Move:
    own: list[Move] = []
    others: dict[int, list[Move]] = {}
    for move in legal:
        actor = getattr(move, "seat", None)
        if actor is None or actor == seat:
            own.append(move)
        else:
            others.setdefault(actor, []).append(move)
    players = game.players
    for step in range(1, players):
        other = (seat + step * game.direction) % players
        offered = others.get(other)
        if offered:
            answer = seated[other].respond(make_view(game, other), offered)
            if answer is not None:
                if answer not in offered:
                    raise IllegalMoveError(f"bot at seat {other} answered {answer}, not offered")
                return answer
    return seated[seat].choose(make_view(game, seat), own)


def _places(game: Game, players: int) -> list[int]:
    places = [0] * players
    for place, seat in enumerate(game.finished, start=1):
        places[seat] = place
    return places


def _scores(game: Game, seats: Sequence[int]) -> tuple[float, ...] | None:
    found = getattr(game, "scores", None)
    if found is None:
        found = game.ext.get("scores")
    if not isinstance(found, (tuple, list)) or len(found) != len(seats):
        return None
    return tuple(float(found[s]) for s in seats)


class _Tracker:
    """Turns, lead changes and when each seat last took the lead (fewest cards)."""

    __slots__ = ("changes", "first", "game", "leader", "since", "turns")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.first = game.to_move
        self.turns = 0
        self.changes = 0
        self.leader: int | None = None
        self.since = [0] * game.players

    def turn(self) -> None:
        self.turns += 1
        sizes = [len(hand) for hand in self.game.hands]
        fewest = min(sizes)
        since = self.since
        leaders = 0
        for seat, size in enumerate(sizes):
            if size == fewest:
                leaders += 1
                if since[seat] < 0:
                    since[seat] = self.turns
            else:
                since[seat] = -1
        if leaders == 1:
            leader = sizes.index(fewest)
            if self.leader is not None and leader != self.leader:
                self.changes += 1
            self.leader = leader

    def decided_at(self, winner: int) -> float:
        start = self.since[winner]
        if start < 0 or not self.turns:
            return 1.0  # took the lead only with the last move
        return start / self.turns
