"""A search player: information-set Monte Carlo tree search over determinizations.

Each playout deals the hidden cards anew (:class:`~makao.bots.sampling.Determinizer`),
walks one shared tree of moves with UCB1 -- counting, per child, how often it was available
(single-observer ISMCTS, Cowling, Powley & Whitehouse 2012) -- adds one node, then plays
on with a rollout policy for at most ``depth`` moves and scores the end position:
finishing places where known, otherwise a soft ranking by hand sizes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from makao.bots.policy import Situation, best_moves, prefer_calls, prefer_choices, score_move
from makao.bots.protocol import BaseBot, is_turn_move
from makao.bots.sampling import Determinizer
from makao.engine import Game
from makao.errors import SetupError
from makao.moves import Move
from makao.view import View

__all__ = ["MCTSBot", "rewards"]

#: Cards of difference that make one player about 73 % likely to beat another (``rewards``).
CARD_SCALE = 2.5


class _Node:
    __slots__ = ("avail", "children", "seat", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who made the move that leads here
        self.visits = 0
        self.value = 0.0
        self.avail = 1
        self.children: dict[Move, _Node] = {}


class MCTSBot(BaseBot):
    """Determinized (information-set) UCT with a budget of ``playouts`` per decision.

    ``rollout`` is ``"heuristic"`` (the :class:`~makao.bots.HeuristicBot` policy) or
    ``"random"``; rollouts stop after ``depth`` moves and score the position with
    :func:`rewards`. ``exploration`` is the UCB1 constant. Forced moves are played without
    search; calls are always said and out-of-turn actions always taken.
    """

    name = "mcts"

    def __init__(
        self,
        playouts: int = 100,
        rollout: str = "heuristic",
        depth: int = 200,
        exploration: float = 0.7,
        width: int = 3,
        prior: int = 5,
    ) -> None:
        super().__init__()
        if not isinstance(playouts, int) or isinstance(playouts, bool) or playouts < 1:
            raise SetupError(f"playouts must be a whole number ≥ 1, not {playouts!r}")
        if rollout not in ("heuristic", "random"):
            raise SetupError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise SetupError(f"depth must be a whole number ≥ 0, not {depth!r}")
        self.playouts = playouts
        self.rollout = rollout
        self.depth = depth
        self.exploration = float(exploration)
        self.width = width
        self.prior = prior

    def __repr__(self) -> str:
        return (
            f"MCTSBot(playouts={self.playouts}, rollout={self.rollout!r}, depth={self.depth}, "
            f"exploration={self.exploration}, width={self.width}, prior={self.prior})"
        )

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Search, unless the choice is forced or an out-of-turn action is open."""
        candidates = prefer_choices(prefer_calls(moves), view.hand)
        for move in candidates:
            if not is_turn_move(move):
                return move
        if len(candidates) == 1:
            return candidates[0]
        situation = Situation.of_view(view)
        ranked = sorted(candidates, key=lambda m: -score_move(m, situation))
        return self.search(view, ranked[: self.width] if self.width else ranked)

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Always take an out-of-turn action (say a late call, call "stop")."""
        return moves[0] if moves else None

    def search(self, view: View, candidates: Sequence[Move]) -> Move:
        """Run the playouts from ``view`` and return the most visited of ``candidates``."""
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
        return max(candidates, key=lambda m: children[m].visits if m in children else -1)

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
        self._rollout(game, rng)
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

    def _rollout(self, game: Game, rng: random.Random) -> None:
        heuristic = self.rollout == "heuristic"
        for _ in range(self.depth):
            if game.over:
                return
            moves = own_moves(game)
            if heuristic:
                moves = best_moves(moves, Situation.of_game(game, game.to_move))
            game.play(moves[int(rng.random() * len(moves))])


def own_moves(game: Game) -> Sequence[Move]:
    """The moves of the seat to move (turn moves and its own out-of-turn actions), with
    calls preferred and one choice per play (:func:`~makao.bots.policy.prefer_calls`,
    :func:`~makao.bots.policy.prefer_choices`); other seats' actions are left out."""
    legal = game.legal_moves()
    seat = game.to_move
    if legal and not is_turn_move(legal[-1]):
        legal = tuple(m for m in legal if getattr(m, "seat", seat) == seat)
    return prefer_choices(prefer_calls(legal), game.hands[seat])


def rewards(game: Game) -> list[float]:
    """Each seat's value of ``game`` in [0, 1]: 1 for first place, 0 for last.

    Finished players get their place; the places of the others are estimated from hand
    sizes, one player beating another with probability ``1 / (1 + e^(Δcards / 2.5))``.
    """
    players = game.players
    worst = max(players - 1, 1)
    values = [0.0] * players
    for place, seat in enumerate(game.finished):
        values[seat] = (players - 1 - place) / worst
    if game.over:
        return values
    base = len(game.finished)
    sizes = [(seat, len(game.hands[seat])) for seat in range(players) if not game.done[seat]]
    for seat, size in sizes:
        ahead = sum(
            1.0 / (1.0 + math.exp((other_size - size) / CARD_SCALE))
            for other, other_size in sizes
            if other != seat
        )
        values[seat] = (players - 1 - base - ahead) / worst
    return values
