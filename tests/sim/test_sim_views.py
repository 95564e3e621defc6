"""The simulation loop's views: built for bots that read them, `UNREAD` for bots that
declared `reads_view = False`, and the turn tracker's statistics (issue 13)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao import Game, Move, variants
from makao.bots import BaseBot, HeuristicBot, RandomBot
from makao.bots.random import DEFAULT_TALK
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


class _Bare:
    """A bot of the protocol alone, without `BaseBot.chooser`: the loop asks its `choose`."""

    name = "bare"

    def __init__(self, talk: float = DEFAULT_TALK) -> None:
        self.inner = RandomBot(talk)
        self.asked = 0

    def reset(self, seed: int) -> None:
        self.inner.reset(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        self.asked += 1
        return self.inner.choose(view, moves)

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        return self.inner.respond(view, moves)


def test_a_bot_without_a_chooser_is_asked_with_choose_and_plays_the_same_games() -> None:
    for seed in range(3):
        bare = [_Bare(), _Bare()]
        assert play_game(POLISH, bare, seed=seed) == play_game(
            POLISH, [RandomBot(), RandomBot()], seed=seed
        )
        assert all(bot.asked for bot in bare)


@pytest.mark.parametrize(
    ("name", "players", "talk"),
    [("polish", 2, 0.02), ("russian", 3, 0.02), ("mao", 3, 0.3), ("mao", 4, 0.02)],
)
def test_the_loops_own_random_pick_plays_the_games_of_choose(
    name: str, players: int, talk: float
) -> None:
    """`RandomBot`'s `RandomPick`, which the loop applies itself when no out-of-turn action
    (so no table talk) is listed: the same games as `choose` asked at every decision --
    in Ultimate Mao too, where talk is on offer at every moment (UM-21)."""
    variant = variants.get(name)
    asked = 0
    for seed in range(3):
        bare = [_Bare(talk) for _ in range(players)]
        record = play_game(variant, bare, seed=seed, max_actions=400)
        bots = [RandomBot(talk) for _ in range(players)]
        assert play_game(variant, bots, seed=seed, max_actions=400) == record
        asked += sum(bot.asked for bot in bare)
    assert asked > 100


@pytest.mark.parametrize(
    ("turns", "winner", "expected"),
    [
        ([(3, 3)], None, (0, None)),  # a tie: nobody leads
        ([(2, 3), (3, 2), (1, 2)], 0, (2, 1.0)),  # 0, then 1, then 0 again for good
        ([(1, 3), (1, 2), (0, 2)], 0, (0, 0.0)),  # 0 led from the first turn
        ([(3, 2, 4), (2, 2, 4), (1, 2, 4)], 0, (1, 2 / 3)),  # tied after turn 2, alone after 3
        ([], 0, (0, 1.0)),  # no turns: the lead came with the last move
        ([(2, 3), (3, 3), (4, 3)], 1, (1, 2 / 3)),  # 0 leads, a tie, then 1 for good
        ([(2, 3), (3, 3), (4, 3)], None, (1, None)),  # the same with no winner
        ([(2, 3, 5), (3, 3, 5), (4, 3, 5)], 1, (1, 2 / 3)),  # the same, three players
    ],
)
def test_tracker_summary_counts_lead_changes_and_when_the_winner_took_the_lead(
    turns: list[tuple[int, ...]], winner: int | None, expected: tuple[int, float | None]
) -> None:
    tracker = _Tracker(Game.new(POLISH, 2, seed=1))
    tracker.sizes.extend(turns)
    assert tracker.summary(winner) == expected
    if turns and all(len(sizes) == 2 for sizes in turns):  # as the loop notes two players
        two = _Tracker(Game.new(POLISH, 2, seed=1))
        two.gaps.extend(first - second for first, second in turns)
        assert two.summary(winner) == expected
        assert two.turns == len(turns)


@given(
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=40),
    st.sampled_from([None, 0, 1]),
)
def test_the_two_player_summary_agrees_with_the_summary_of_any_table(
    turns: list[tuple[int, int]], winner: int | None
) -> None:
    """The loop's two-player summary (from the gaps between the two hands: lead changes
    counted in one pass, the winner's last time behind found from the end) is the
    summary of the hands' sizes, for any turns and winner."""
    sizes = _Tracker(Game.new(POLISH, 2, seed=1))
    sizes.sizes.extend(turns)
    two = _Tracker(Game.new(POLISH, 2, seed=1))
    two.gaps.extend(first - second for first, second in turns)
    assert two.summary(winner) == sizes.summary(winner)
