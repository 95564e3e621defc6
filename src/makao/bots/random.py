"""The uniformly random player: the baseline of every experiment."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from makao._text import shown
from makao.bots.policy import random_chooser, random_move, split_talk
from makao.bots.protocol import BaseBot
from makao.errors import SetupError
from makao.moves import Move
from makao.view import View

__all__ = ["DEFAULT_TALK", "RandomBot"]

DEFAULT_TALK = 0.02
"""How often a [`RandomBot`][makao.bots.RandomBot] talks, by default, when it may (Ultimate Mao)."""


class RandomBot(BaseBot):
    """Picks uniformly among the legal moves; out of turn, among its actions and silence.

    Table talk ([`is_talk`][makao.bots.policy.is_talk]: a Mao "question" or "remark") is set
    apart: whenever the bot may talk it does so with probability ``talk`` (default
    `DEFAULT_TALK`, 2 %), picking uniformly among the talk moves, and otherwise
    chooses as above among the rest. Every seat may talk at every moment of a Mao game, so
    uniform talk would drown the game in remarks; with no talk on offer the bot is the
    plain uniform player.
    """

    name = "random"

    reads_view = False
    """`choose` and `respond` look only at the moves, never at the view."""

    def __init__(self, talk: float = DEFAULT_TALK) -> None:
        super().__init__()
        if isinstance(talk, bool) or not isinstance(talk, (int, float)) or not 0 <= talk <= 1:
            raise SetupError(f"talk must be a probability 0…1, not {shown(talk, 40)}")
        self.talk = float(talk)

    def __repr__(self) -> str:
        return f"RandomBot(talk={self.talk})"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """A uniformly random legal move (talk only with probability ``talk``;
        [`IllegalMoveError`][makao.errors.IllegalMoveError] if ``moves`` is empty)."""
        return random_move(moves, self.rng, self.talk)  # compiled in the compiled build

    def chooser(self) -> Callable[[View, Sequence[Move]], Move]:
        """[`random_chooser`][makao.bots.policy.random_chooser] of the bot's `rng` and
        ``talk`` as they are now (compiled, no interpreted frame per decision); a bot whose
        ``choose`` is another (a subclass's, or one set on the bot) gets its ``choose``."""
        choose = self.choose
        # a subclass's `choose`, or one set on the bot itself, is asked as it is
        if getattr(choose, "__func__", None) is not RandomBot.choose:
            return choose
        return random_chooser(self.rng, self.talk)

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Talk with probability ``talk``; else each other action, or silence, equally likely."""
        talk, rest = split_talk(moves)
        if talk and self.rng.random() < self.talk:
            return talk[int(self.rng.random() * len(talk))]
        index = int(self.rng.random() * (len(rest) + 1))
        return rest[index] if index < len(rest) else None
