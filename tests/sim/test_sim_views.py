"""The simulation loop's views: built for bots that read them, `UNREAD` for bots that
declared `reads_view = False`, and the turn tracker's statistics (issue 13)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from makao import Game, Move, variants
from makao.bots import BaseBot, HeuristicBot, RandomBot
from makao.errors import SetupError
from makao.sim import play_game
from makao.sim.play import _Tracker
from makao.view import UNREAD, View

POLISH = variants.polish()


class _Watcher(RandomBot):
    """A random bot that reads its view (and plays like a random bot)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        assert view is not UNREAD and view.hand and view.to_move == view.seat
        self.seen += 1
        return super().choose(view, moves)


class _Mixin:
    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        return moves[len(view.hand) % len(moves)]


class _Mixed(_Mixin, RandomBot):
    pass


class _Plain(RandomBot):
    name = "plain"


class _Declared(RandomBot):
    reads_view = False

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        return moves[0]


def test_random_bot_declares_it_reads_no_view_and_subclasses_that_may_read_do() -> None:
    assert RandomBot.reads_view is False
    assert BaseBot.reads_view is True
    assert HeuristicBot.reads_view is True
    assert _Watcher.reads_view is True  # overrides choose
    assert _Mixed.reads_view is True  # choose comes from a mixin
    assert _Plain.reads_view is False  # RandomBot's own choose and respond
    assert _Declared.reads_view is False  # says so itself


def test_unread_view_raises_on_every_field() -> None:
    assert isinstance(UNREAD, View)
    for name in View._fields:
        with pytest.raises(SetupError, match="reads_view"):
            getattr(UNREAD, name)
    with pytest.raises(SetupError):
        UNREAD.top  # noqa: B018
    assert "UNREAD" in repr(UNREAD)


class _Spy(BaseBot):
    """Records which views it got and plays the first move (reads no view itself)."""

    reads_view = False

    def __init__(self) -> None:
        super().__init__()
        self.views: list[View] = []

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        self.views.append(view)
        return moves[0]

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        self.views.append(view)
        return None


def test_the_loop_passes_unread_to_blind_bots_and_real_views_to_readers() -> None:
    spy = _Spy()
    record = play_game(POLISH, [spy, HeuristicBot()], seed=4, max_actions=200)
    assert record.actions > 10
    assert spy.views and all(view is UNREAD for view in spy.views)


def test_a_reading_subclass_gets_views_and_plays_the_same_games() -> None:
    for seed in range(3):
        plain = play_game(POLISH, [RandomBot(), RandomBot()], seed=seed)
        watchers = [_Watcher(), _Watcher()]
        assert play_game(POLISH, watchers, seed=seed) == plain
        assert sum(w.seen for w in watchers) > 0


def _reference(turns: list[tuple[int, ...]], winner: int | None) -> tuple[int, float | None]:
    """Lead changes and decided_at, one turn at a time (the tracker's definition)."""
    changes, leader, since = 0, None, 0
    for turn, sizes in enumerate(turns, start=1):
        fewest = min(sizes)
        if sizes.count(fewest) == 1:
            current = sizes.index(fewest)
            changes += leader is not None and current != leader
            leader = current
        if winner is not None and sizes[winner] != fewest:
            since = turn + 1
    if winner is None:
        return changes, None
    if since > len(turns) or not turns:
        return changes, 1.0
    return changes, since / len(turns)


def test_tracker_summary_matches_the_turn_by_turn_definition() -> None:
    rng = random.Random(13)
    game = Game.new(POLISH, 2, seed=1)
    for _ in range(3000):
        players = rng.randint(2, 5)
        turns = [
            tuple(rng.randint(0, 4) for _ in range(players)) for _ in range(rng.randint(0, 12))
        ]
        winner = rng.choice([None, *range(players)])
        tracker = _Tracker(game)
        tracker.sizes.extend(turns)
        assert tracker.summary(winner) == _reference(turns, winner), (turns, winner)
