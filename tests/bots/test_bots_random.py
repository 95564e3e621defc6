"""Bots: the random player out of turn, and what `reads_view` a subclass gets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from makao import Game, Say, variants
from makao.bots import RandomBot
from makao.moves import Move, Stop
from makao.view import View

MAO = variants.mao()


def test_random_bot_out_of_turn_talks_only_as_often_as_told() -> None:
    """With talk and another action offered, ``talk=0`` never talks and ``talk=1`` always
    does, picking each talk move alike."""
    view = Game.new(MAO, 3, seed=1).view(1)
    talk = [Say(1, "question"), Say(1, "remark")]
    offered: list[Move] = [*talk, Stop(1, 0)]
    silent, chatty = RandomBot(talk=0.0), RandomBot(talk=1.0)
    silent.reset(2)
    chatty.reset(2)
    quiet = Counter(silent.respond(view, offered) for _ in range(200))
    assert set(quiet) == {Stop(1, 0), None}
    loud = Counter(chatty.respond(view, offered) for _ in range(200))
    assert set(loud) == set(talk) and min(loud.values()) > 60


class _Listener(RandomBot):
    """Answers out of turn by looking at its view."""

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        return moves[0] if len(view.hand) > 3 else None


def test_a_random_bot_subclass_reads_views_when_it_overrides_respond() -> None:
    """A new `respond` may read the view, as a new `choose` may."""
    assert _Listener.reads_view is True


def test_random_bot_keeps_its_talk_as_a_float() -> None:
    """A whole-number probability (``talk=1``, ``talk=0``) is kept as the float it means."""
    for talk, shown in ((1, "RandomBot(talk=1.0)"), (0, "RandomBot(talk=0.0)")):
        bot = RandomBot(talk=talk)
        assert type(bot.talk) is float and repr(bot) == shown
