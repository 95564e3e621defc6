"""A search player: Monte Carlo search over determinizations, with heuristic rollouts.

Every playout deals the hidden cards anew ([`Determinizer`][makao.bots.sampling.Determinizer]),
plays a move, plays on with a rollout policy for at most ``depth`` moves and scores the
position: finishing places where known, otherwise a soft ranking by hand sizes
([`rewards`][makao.bots.rewards]).

Two searches are offered. ``"flat"`` (the default) is flat Monte Carlo with common random
numbers: each determinization is played out once after *every* root candidate, with the
same deal, stock and rollout chance, so candidates are compared on the same luck; the
heuristic's first choice is kept unless another candidate beats it by ``margin`` standard
errors of the paired differences. ``"tree"`` is single-observer information-set MCTS
(Cowling, Powley & Whitehouse 2012): one shared tree walked with UCB1, counting per child
how often it was available; its most visited root move replaces the heuristic's first
choice only if its mean reward is higher by more than ``margin`` standard errors.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from makao._text import shown
from makao.bots.policy import (
    Situation,
    _prefer_calls,
    heuristic_rollout,
    is_talk,
    prefer_choices,
    score_move,
    seat_moves,
    without_talk,
)
from makao.bots.protocol import BaseBot, is_turn_move
from makao.bots.sampling import Determinizer
from makao.engine import Game, checked_game
from makao.errors import IllegalMoveError, SetupError
from makao.moves import Move
from makao.view import View

__all__ = ["MAX_DEPTH", "MAX_PLAYOUTS", "MCTSBot", "reward", "rewards"]

CARD_SCALE = 2.5
"""Cards of difference that make one player about 73 % likely to beat another (``rewards``)."""

MAX_PLAYOUTS = 1_000_000
"""The most ``playouts`` an [`MCTSBot`][makao.bots.MCTSBot] makes per decision: each costs
up to ``depth`` moves (× ``width`` with ``"flat"``), so a larger budget runs for ever."""

MAX_DEPTH = 10_000
"""The most moves an [`MCTSBot`][makao.bots.MCTSBot] rollout plays (``depth``)."""


class _Node:
    __slots__ = ("avail", "children", "seat", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who made the move that leads here
        self.visits = 0
        self.value = 0.0
        self.avail = 1
        self.children: dict[Move, _Node] = {}


class MCTSBot(BaseBot):
    """Monte Carlo search over determinizations with a budget of ``playouts`` per decision.

    ``method`` is ``"flat"`` (default: ``playouts`` determinizations, each rolled out after
    every root candidate with common random numbers; the heuristic's first choice is kept
    unless another beats it by ``margin`` standard errors) or ``"tree"`` (information-set
    UCT with ``playouts`` playouts, UCB1 constant ``exploration`` and ``prior`` virtual
    half-wins for the heuristic's first choice (at most `MAX_PLAYOUTS`, as ``playouts``);
    the most visited move is played if its mean reward beats that choice's by ``margin``
    standard errors). ``rollout`` is
    ``"heuristic"`` (the [`HeuristicBot`][makao.bots.HeuristicBot] policy) or ``"random"``;
    rollouts stop after ``depth`` moves and score the position with [`rewards`][makao.bots.rewards].
    The root considers the ``width`` best moves by the heuristic score (0: all). Forced
    moves are played without search; calls are always said and out-of-turn actions
    always taken, but table talk ([`is_talk`][makao.bots.policy.is_talk]) never.
    """

    name = "mcts"

    def __init__(
        self,
        playouts: int = 20,
        rollout: str = "heuristic",
        depth: int = 15,
        exploration: float = 0.7,
        width: int = 3,
        prior: int = 5,
        method: str = "flat",
        margin: float = 1.0,
    ) -> None:
        super().__init__()
        for label, value, least, most in (
            ("playouts", playouts, 1, MAX_PLAYOUTS),
            ("depth", depth, 0, MAX_DEPTH),
            ("prior", prior, 0, MAX_PLAYOUTS),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise SetupError(
                    f"{label} must be a whole number ≥ {least}, not {shown(value, 200)}"
                )
            if value > most:  # a search that would run for ever (a prior: float overflow)
                raise SetupError(f"{label} must be at most {most:,}, not {shown(value, 200)}")
        if not isinstance(width, int) or isinstance(width, bool) or width < 0:
            raise SetupError(f"width must be a whole number ≥ 0, not {shown(width, 200)}")
        if rollout not in ("heuristic", "random"):
            raise SetupError(f"rollout must be 'heuristic' or 'random', not {shown(rollout, 200)}")
        if method not in ("flat", "tree"):
            raise SetupError(f"method must be 'flat' or 'tree', not {shown(method, 200)}")
        self.playouts = playouts
        self.rollout = rollout
        self.depth = depth
        self.exploration = _non_negative("exploration", exploration, finite=True)
        self.width = width
        self.prior = prior
        self.method = method
        self.margin = _non_negative("margin", margin, finite=False)

    def __repr__(self) -> str:
        return (
            f"MCTSBot(playouts={self.playouts}, rollout={self.rollout!r}, depth={self.depth}, "
            f"exploration={self.exploration}, width={self.width}, prior={self.prior}, "
            f"method={self.method!r}, margin={self.margin})"
        )

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Search, unless the choice is forced or an out-of-turn action is open
        ([`IllegalMoveError`][makao.errors.IllegalMoveError] if ``moves`` is empty)."""
        if not moves:
            raise IllegalMoveError(f"seat {view.seat} has no move to choose from")
        candidates = prefer_choices(_prefer_calls(without_talk(moves)), view.hand)
        for move in candidates:
            if not is_turn_move(move):
                return move
        if len(candidates) == 1:
            return candidates[0]
        situation = Situation.of_view(view)
        ranked = sorted(candidates, key=lambda m: -score_move(m, situation))
        return self.search(view, ranked[: self.width] if self.width else ranked)

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Take any out-of-turn action but table talk (say a late call, call "stop")."""
        return next((move for move in moves if not is_talk(move)), None)

    def search(self, view: View, candidates: Sequence[Move]) -> Move:
        """Search from ``view``; ``candidates`` come best-by-heuristic first."""
        if self.method == "flat":
            return self.flat(view, candidates)
        return self.tree(view, candidates)

    def flat(self, view: View, candidates: Sequence[Move]) -> Move:
        """Flat Monte Carlo with common random numbers: every determinization is played
        out after each candidate with the same rollout seed; the best total wins, but
        replaces ``candidates[0]`` only if its mean paired advantage over it is more than
        ``margin`` standard errors."""
        sampler = Determinizer(view)
        rng = self.rng
        seat = view.seat
        values: list[list[float]] = [[] for _ in candidates]
        depth = range(self.depth)
        for _ in range(self.playouts):
            game = sampler.sample(rng)
            game.legal_moves()  # listed once: the clones below share the list
            # every candidate's rollout draws the same chances: one per move, from this seed
            chance = random.Random(rng.getrandbits(32)).random
            chances: list[float] = []
            for _ in depth:
                chances.append(chance())
            for move, scores in zip(candidates, values, strict=True):
                trial = game.clone()
                trial.play(move)
                self._rollout(trial, iter(chances).__next__)
                scores.append(_reward(trial, seat))
        best = max(range(len(candidates)), key=lambda i: sum(values[i]))
        if best and not _beats(values[best], values[0], self.margin):
            best = 0
        return candidates[best]

    def tree(self, view: View, candidates: Sequence[Move]) -> Move:
        """Information-set UCT: run the playouts from ``view`` and return the most
        visited of ``candidates``."""
        sampler = Determinizer(view)
        root = _Node(view.seat)
        allowed = set(candidates)
        if self.prior:
            favourite = root.children[candidates[0]] = _Node(view.seat)
            favourite.visits = self.prior
            favourite.value = 0.5 * self.prior
        rng = self.rng
        for _ in range(self.playouts):
            self._playout(root, sampler.sample(rng), allowed, rng)
        children = root.children
        best = max(candidates, key=lambda m: children[m].visits if m in children else -1)
        return _kept(best, candidates[0], children, self.margin)

    def _playout(self, root: _Node, game: Game, allowed: set[Move], rng: random.Random) -> None:
        node = root
        path: list[_Node] = []
        moves = [m for m in own_moves(game) if m in allowed]
        while moves:
            children = node.children
            untried = [m for m in moves if m not in children]
            for move in moves:
                child = children.get(move)
                if child is not None:
                    child.avail += 1
            if untried:
                move = untried[int(rng.random() * len(untried))]
                node = children[move] = _Node(game.to_move)
                game.play(move)
                path.append(node)
                break
            move = self._select(children, moves)
            node = children[move]
            game.play(move)
            path.append(node)
            moves = list(own_moves(game)) if not game.over else []
        self._rollout(game, rng.random)
        values = rewards(game)
        for visited in path:
            visited.visits += 1
            visited.value += values[visited.seat]

    def _select(self, children: dict[Move, _Node], moves: Sequence[Move]) -> Move:
        c = self.exploration
        best_move = moves[0]
        best = -math.inf
        for move in moves:
            child = children[move]
            score = child.value / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best:
                best, best_move = score, move
        return best_move

    def _rollout(self, game: Game, chance: Callable[[], float]) -> None:
        """Play on for at most ``depth`` moves with the rollout policy, each picked with
        one number of ``chance`` (uniform in [0, 1))."""
        if self.rollout != "heuristic":
            for _ in range(self.depth):
                if game.over:
                    return
                moves = own_moves(game)
                game.play(moves[int(chance() * len(moves))])
            return
        heuristic_rollout(game, self.depth, chance)


def _non_negative(label: str, value: object, *, finite: bool) -> float:
    """``value`` as a float if it is a number ≥ 0 (and finite, if ``finite``: UCB1's
    constant; an infinite ``margin`` means "always keep the heuristic's choice"), else a
    `SetupError` (NaN, a bool or text is no such number)."""
    number = math.nan  # a bool, text, ...: no number
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an int too large for a float: infinite, as a bot spec reads it
            number = math.inf if value > 0 else -math.inf
    if math.isnan(number) or number < 0 or (finite and math.isinf(number)):
        kind = "a finite number" if finite else "a number"
        raise SetupError(f"{label} must be {kind} ≥ 0, not {shown(value, 40)}")
    return number


def _beats(values: Sequence[float], base: Sequence[float], margin: float) -> bool:
    """Whether ``values`` beat ``base`` (paired) by more than ``margin`` standard errors."""
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    count = len(diffs)
    mean = sum(diffs) / count
    if mean <= 0:
        return False
    spread = sum((d - mean) ** 2 for d in diffs) / max(count - 1, 1)
    return mean > margin * math.sqrt(spread / count)


def _kept(best: Move, first: Move, children: dict[Move, _Node], margin: float) -> Move:
    """The tree search's ``best`` move, unless it is the heuristic's ``first`` choice or
    its mean reward beats that of ``first`` by no more than ``margin`` standard errors
    (rewards lie in [0, 1], so ``p (1 - p)`` bounds a child's variance)."""
    if best is first or first not in children:
        return best
    chosen, kept = children[best], children[first]
    high, low = chosen.value / chosen.visits, kept.value / kept.visits
    error = math.sqrt(high * (1 - high) / chosen.visits + low * (1 - low) / kept.visits)
    return best if high - low > margin * error else first


def own_moves(game: Game) -> Sequence[Move]:
    """The moves of the seat to move (turn moves and its own out-of-turn actions), with
    calls preferred and one choice per play ([`prefer_calls`][makao.bots.policy.prefer_calls],
    [`prefer_choices`][makao.bots.policy.prefer_choices]); other seats' actions are left out."""
    return prefer_choices(_prefer_calls(seat_moves(game)), game.hands[game.to_move])


def rewards(game: Game) -> list[float]:
    """Each seat's value of ``game`` in [0, 1]: 1 for first place, 0 for last.

    Finished players get their place; the places of the others are estimated from hand
    sizes, one player beating another with probability ``1 / (1 + e^(Δcards / 2.5))``.
    A [`SetupError`][makao.errors.SetupError] if ``game`` is not a game.
    """
    checked_game(game)
    return _rewards(game)


def reward(game: Game, seat: int) -> float:
    """``rewards(game)[seat]``, computed for that seat alone (a
    [`SeatError`][makao.errors.SeatError] for no seat at the table)."""
    checked_game(game)
    return _reward(game, game._seat(seat))


def _rewards(game: Game) -> list[float]:
    """`rewards` unchecked."""
    return [_reward(game, seat) for seat in range(game.players)]


def _reward(game: Game, seat: int) -> float:
    """`reward` unchecked: the search's, once per playout."""
    players = game.players
    worst = max(players - 1, 1)
    finished = game.finished
    done = game.done
    if game.over or done[seat]:
        return (players - 1 - finished.index(seat)) / worst if seat in finished else 0.0
    hands = game.hands
    size = len(hands[seat])
    terms: list[float] = []  # an inline loop (see `makao.bots.situation._closest`)
    for other, hand in enumerate(hands):
        if other != seat and not done[other]:
            terms.append(1.0 / (1.0 + math.exp((len(hand) - size) / CARD_SCALE)))
    ahead = sum(terms)
    return (players - 1 - len(finished) - ahead) / worst
