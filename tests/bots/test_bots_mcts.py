"""Bots: the search player's options are honoured and checked, and its flat and tree
searches keep to their documented rules."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pytest

from makao import Game, variants
from makao.bots import MCTSBot, Situation, get, mcts, reward, rewards, score_move
from makao.bots.policy import heuristic_rollout
from makao.errors import SeatError, SetupError
from makao.moves import Draw, Move, Say, Stop, parse_move
from makao.sim import parse_bot
from makao.view import View

POLISH = variants.polish()


def _open_game() -> Game:
    """Seat 0 to move with several plays, far from the end of the game."""
    return Game.from_position(
        POLISH,
        hands=["9c 9h Kd 5s 8d 4h", "6c 7c 5d 10s Qh", "8h 8s Qd 4d 10c"],
        pile="Js 9d",
        stock="2c 3c 4c 6s 7s Kh Ks 5c 6d 7d 3h",
        to_move=0,
    )


def _node(visits: int, value: float, seat: int = 0) -> mcts._Node:
    node = mcts._Node(seat)
    node.visits, node.value = visits, value
    return node


def test_mcts_options_are_checked() -> None:
    """Every option out of range or of the wrong type is a `SetupError`."""
    bad: list[dict[str, object]] = [
        {"depth": -1},
        {"depth": 1.5},
        {"depth": True},
        {"playouts": True},
        {"width": 2.0},
        {"prior": -1},
        {"prior": 1.5},
        {"margin": float("nan")},
        {"margin": -0.5},
        {"margin": "1"},
        {"exploration": float("nan")},
        {"exploration": float("inf")},
        {"exploration": -3},
        {"exploration": "0.5"},
        {"exploration": True},
    ]
    for options in bad:
        with pytest.raises(SetupError):
            MCTSBot(**options)  # type: ignore[arg-type]
    fine = MCTSBot(depth=0, width=0, prior=0, margin=0.0, exploration=2.0)
    assert repr(fine) == (
        "MCTSBot(playouts=20, rollout='heuristic', depth=0, exploration=2.0, width=0, "
        "prior=0, method='flat', margin=0.0)"
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"playouts": 10**20}, "playouts must be at most 1,000,000, not 100000000000000000000"),
        ({"playouts": 1_000_001}, "playouts must be at most 1,000,000, not 1000001"),
        ({"depth": 10_001}, "depth must be at most 10,000, not 10001"),
        ({"depth": 10**5000}, "depth must be at most 10,000, not an integer of about 5,001"),
        ({"prior": 10**400}, "prior must be at most 1,000,000, not 1000000000"),
        ({"prior": 1_000_001}, "prior must be at most 1,000,000, not 1000001"),
    ],
)
def test_mcts_budget_is_bounded(options: dict[str, int], message: str) -> None:
    """``playouts``, ``depth`` and ``prior`` have an upper bound: ``playouts=10**20``
    searched for ever at the first decision, ``prior=10**400`` (virtual visits) raised a
    bare `OverflowError` at the first tree search (every other count the command line
    takes is bounded)."""
    with pytest.raises(SetupError, match=message):
        MCTSBot(**options)  # type: ignore[arg-type]


def test_mcts_budget_bounds_are_budgets() -> None:
    bot = MCTSBot(playouts=mcts.MAX_PLAYOUTS, depth=mcts.MAX_DEPTH, prior=mcts.MAX_PLAYOUTS)
    assert (bot.playouts, bot.depth, bot.prior) == (1_000_000, 10_000, 1_000_000)


def test_bots_are_found_by_name_in_any_case() -> None:
    """`get` takes a bot's name in any case, as the ``makao`` command does."""
    bot = get("MCTS", playouts=4)
    assert isinstance(bot, MCTSBot) and bot.playouts == 4


def test_mcts_plays_a_forced_move_without_drawing_on_its_rng() -> None:
    """A forced move is played without search: the bot's chance is left untouched."""
    game = Game.from_position(POLISH, hands=["5c", "6c 7c"], pile="9d", stock="Kd", to_move=0)
    bot = MCTSBot(playouts=3)
    bot.reset(4)
    state = bot.rng.getstate()
    assert bot.choose(game.view(0), game.legal_moves()) == Draw()
    assert bot.rng.getstate() == state


def test_mcts_takes_an_out_of_turn_action_without_search() -> None:
    """PL-30: offered "stop" on a player who forgot "makao", the search player calls it at
    once, leaving its chance untouched."""
    game = Game.from_position(POLISH, hands=["5h 9c", "6h 7h 8d"], pile="5c", to_move=0)
    game.play("5h")  # one card left, no "makao"
    moves = [m for m in game.legal_moves() if getattr(m, "seat", 1) == 1]
    assert Stop(1, 0) in moves and len(moves) > 2
    bot = MCTSBot(playouts=3)
    bot.reset(4)
    state = bot.rng.getstate()
    assert bot.choose(game.view(1), moves) == Stop(1, 0)
    assert bot.rng.getstate() == state


def test_mcts_never_talks_when_it_may_move() -> None:
    """Offered a turn move and table talk (Ultimate Mao, UM-21), it does not talk."""
    game = Game.new(variants.mao(), 3, seed=2)
    seat = game.to_move
    moves: list[Move] = [Draw(), Say(seat, "question")]
    assert MCTSBot(playouts=2).choose(game.view(seat), moves) == Draw()


def test_mcts_with_width_one_plays_the_heuristics_first_choice() -> None:
    """``width=1`` leaves the search one candidate: the best-scored move, whatever the
    search would think of the others (``margin=0``)."""
    game = Game.new(POLISH, 3, seed=3)
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        if game.is_over:
            break
        view, moves = game.view(game.to_move), game.legal_moves()
        bot = MCTSBot(playouts=4, width=1, margin=0.0, depth=4)
        bot.reset(1)
        chosen = bot.choose(view, moves)
        situation = Situation.of_view(view)
        assert score_move(chosen, situation) == max(score_move(m, situation) for m in moves)
        checked += len(moves) > 1
        game.play(rng.choice(moves))
    assert checked > 10


def test_mcts_with_width_zero_searches_every_move() -> None:
    """``width=0`` hands the search every candidate (not none)."""
    game = _open_game()
    seen: list[int] = []
    bot = MCTSBot(playouts=2, width=0, depth=2)

    def flat(view: View, candidates: Sequence[Move]) -> Move:
        seen.append(len(candidates))
        return candidates[0]

    bot.flat = flat  # type: ignore[method-assign]
    assert bot.choose(game.view(0), game.legal_moves()) in game.legal_moves()
    assert seen and seen[0] > 3


@pytest.mark.parametrize("method", ["flat", "tree"])
def test_mcts_runs_the_search_method_it_was_given(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``method="flat"`` (the default) runs flat Monte Carlo, ``"tree"`` the tree search."""
    ran: list[str] = []
    for name in ("flat", "tree"):

        def search(self: MCTSBot, view: View, candidates: Sequence[Move], name: str = name) -> Move:
            ran.append(name)
            return candidates[0]

        monkeypatch.setattr(MCTSBot, name, search)
    game = _open_game()
    bot = MCTSBot(method=method) if method == "tree" else MCTSBot()
    bot.choose(game.view(0), game.legal_moves())
    assert ran == [method]


def test_flat_search_plays_every_candidate_out_with_the_same_chances(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Common random numbers: within one playout, each candidate's rollout draws the same
    sequence of chances."""
    drawn: list[list[float]] = []
    original = MCTSBot._rollout

    def spy(self: MCTSBot, game: Game, chance: Callable[[], float]) -> None:
        numbers: list[float] = []
        drawn.append(numbers)

        def recorded() -> float:
            numbers.append(chance())
            return numbers[-1]

        original(self, game, recorded)

    monkeypatch.setattr(MCTSBot, "_rollout", spy)
    game = _open_game()
    bot = MCTSBot(playouts=4, depth=6)
    bot.reset(2)
    candidates = game.legal_moves()[:3]
    bot.flat(game.view(0), candidates)
    assert len(drawn) == 4 * 3
    for start in range(0, len(drawn), 3):
        group = drawn[start : start + 3]
        shortest = min(map(len, group))
        assert shortest > 0
        assert all(numbers[:shortest] == group[0][:shortest] for numbers in group)


def test_beats_uses_the_standard_error_of_the_sample() -> None:
    """Paired differences 0.3 and 0.1: mean 0.2, sample standard deviation about 0.141,
    standard error 0.1 -- two standard errors, not the 2.8 of the population formula."""
    values, base = [0.3, 0.1], [0.0, 0.0]
    assert mcts._beats(values, base, 1.9)
    assert not mcts._beats(values, base, 2.1)


def test_kept_replaces_the_first_choice_only_beyond_margin_standard_errors() -> None:
    """`_kept`: the first choice stands unless the most visited move's mean beats it by
    more than ``margin`` standard errors; with no record of the first choice the most
    visited move is played."""
    best, first = parse_move("5c"), parse_move("6c")
    assert mcts._kept(best, first, {best: _node(10, 9.0)}, 1.0) == best
    # 0.8 against 0.5 over 20 visits each: standard error about 0.14, a gap of 2.1 of them
    children = {best: _node(20, 16.0), first: _node(20, 10.0)}
    assert mcts._kept(best, first, children, 2.0) == best
    assert mcts._kept(best, first, children, 2.2) == first


def test_tree_search_gives_its_first_choice_prior_half_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``prior`` virtual visits worth half a win each go to the heuristic's first choice
    before the first playout."""
    seen: list[tuple[int, float]] = []
    original = MCTSBot._playout

    def spy(
        self: MCTSBot, root: mcts._Node, sampled: Game, allowed: set[Move], rng: random.Random
    ) -> None:
        if not seen:
            seen.extend((child.visits, child.value) for child in root.children.values())
        original(self, root, sampled, allowed, rng)

    monkeypatch.setattr(MCTSBot, "_playout", spy)
    game = _open_game()
    bot = MCTSBot(method="tree", playouts=2, prior=4, depth=2)
    bot.tree(game.view(0), game.legal_moves()[:3])
    assert seen == [(4, 2.0)]


def test_tree_search_counts_availability_and_values_each_node_for_its_mover(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every root move is available in every playout, so its availability count grows
    with the playouts; and a node is valued for the seat whose move leads to it (with
    rewards 1 for seat 0 and 0 for the others, the opponents' nodes are worth 0)."""
    roots: list[mcts._Node] = []
    original = MCTSBot._playout

    def spy(
        self: MCTSBot, root: mcts._Node, sampled: Game, allowed: set[Move], rng: random.Random
    ) -> None:
        roots.append(root)
        original(self, root, sampled, allowed, rng)

    monkeypatch.setattr(MCTSBot, "_playout", spy)
    monkeypatch.setattr(mcts, "rewards", lambda game: [1.0] + [0.0] * (game.players - 1))
    game = _open_game()
    bot = MCTSBot(method="tree", playouts=30, prior=0, depth=2)
    bot.reset(5)
    bot.tree(game.view(0), game.legal_moves()[:3])
    root = roots[0]
    assert len(root.children) == 3
    assert all(child.avail >= 25 for child in root.children.values())  # made in playouts 1-3
    opponents, stack = 0, list(root.children.values())
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        assert node.value == (node.visits if node.seat == 0 else 0.0)
        opponents += node.seat != 0
    assert opponents > 0


def test_tree_search_returns_the_most_visited_move_by_the_margin_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Of two root moves the one visited more is played, though the other has the larger
    total value; a most visited move that is not the first choice replaces it only if its
    mean beats the first choice's by more than ``margin`` standard errors."""
    game = _open_game()
    first, other = game.legal_moves()[:2]
    stats: dict[Move, tuple[int, float]] = {}

    def fixed(
        self: MCTSBot, root: mcts._Node, sampled: Game, allowed: set[Move], rng: random.Random
    ) -> None:
        root.children = {move: _node(*stats[move]) for move in (first, other)}

    monkeypatch.setattr(MCTSBot, "_playout", fixed)
    stats.update({first: (10, 5.0), other: (8, 7.9)})
    assert MCTSBot(method="tree", playouts=1, prior=0).tree(game.view(0), [first, other]) == first
    stats.update({first: (6, 3.0), other: (10, 9.0)})
    for margin, expected in ((0.0, other), (1e9, first)):
        bot = MCTSBot(method="tree", playouts=1, prior=0, margin=margin)
        assert bot.tree(game.view(0), [first, other]) == expected


def test_tree_search_explores_by_the_exploration_constant() -> None:
    """With ``exploration=0`` UCB1 picks the best mean; with the default 0.7 the bonus
    of a less visited move wins."""
    good, fresh = parse_move("5c"), parse_move("6c")
    children = {good: _node(10, 6.0), fresh: _node(2, 1.0)}
    children[good].avail = children[fresh].avail = 10
    assert MCTSBot(exploration=0.0)._select(children, [good, fresh]) == good
    assert MCTSBot()._select(children, [good, fresh]) == fresh


@pytest.mark.parametrize("depth", [1, 4])
def test_rollouts_play_at_most_depth_moves_with_the_chosen_policy(depth: int) -> None:
    """A ``"random"`` rollout picks ``moves[int(chance * len(moves))]`` of the mover's own
    moves; a ``"heuristic"`` one plays `heuristic_rollout`; both stop after ``depth``."""
    numbers = [random.Random(seed).random() for seed in range(depth)]
    for rollout in ("random", "heuristic"):
        game, expected = _open_game(), _open_game()
        MCTSBot(rollout=rollout, depth=depth)._rollout(game, iter(numbers).__next__)
        if rollout == "heuristic":
            heuristic_rollout(expected, depth, iter(numbers).__next__)
        else:
            for chance in numbers:
                moves = mcts.own_moves(expected)
                expected.play(moves[int(chance * len(moves))])
        assert len(game.record) == len(expected.record) == depth
        assert game.record == expected.record


def test_reward_leaves_out_players_who_went_out() -> None:
    """Seat 2 went out first; seats 0 and 1 share the two places left by hand size."""
    game = Game.from_position(
        POLISH, hands=["5c", "6c 7c", ""], pile="Js 9d", stock="2c", finished=[2], to_move=0
    )
    behind = 1 / (1 + math.exp(1 / 2.5))  # seat 0's chance of finishing after seat 1
    assert reward(game, 0) == pytest.approx((1 - behind) / 2)
    assert rewards(game) == pytest.approx([(1 - behind) / 2, behind / 2, 1.0])


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:exploration=nan", "exploration must be a finite number ≥ 0, not nan"),
        ("mcts:exploration=-3", "exploration must be a finite number ≥ 0, not -3.0"),
        ("mcts:margin=nan", "margin must be a number ≥ 0, not nan"),
    ],
)
def test_mcts_exploration_and_margin_from_a_spec_are_checked(spec: str, message: str) -> None:
    """A bot spec's ``exploration`` (UCB1's constant) and ``margin`` are checked as the
    constructor's are: a `SetupError` naming the option, never a search that NaN scores
    steer to the first listed move."""
    with pytest.raises(SetupError, match=message):
        parse_bot(spec)


def test_mcts_takes_an_infinite_margin_and_a_zero_exploration() -> None:
    """The ends of the ranges: ``margin=inf`` always keeps the heuristic's first choice,
    ``exploration=0`` picks by mean reward alone."""
    bot = MCTSBot(margin=float("inf"), exploration=0)
    assert (bot.margin, bot.exploration) == (float("inf"), 0.0)


def test_mcts_width_and_prior_refuse_a_bool() -> None:
    """``width`` and ``prior`` are whole numbers: ``True`` is a `SetupError`, not a 1."""
    for option in ("width", "prior"):
        with pytest.raises(SetupError, match=f"{option} must be a whole number"):
            MCTSBot(**{option: True})  # type: ignore[arg-type]


def test_tree_search_with_a_prior_of_one_keeps_the_first_choice_after_one_playout() -> None:
    """``prior=1`` is one virtual visit for the heuristic's first choice: after a single
    playout (one other move visited once) the tie of visits goes to the first choice."""
    game = _open_game()
    view, moves = game.view(0), game.legal_moves()
    first = MCTSBot(width=1, playouts=1).choose(view, moves)
    for seed in range(8):
        bot = MCTSBot(method="tree", playouts=1, prior=1, depth=2)
        bot.reset(seed)
        assert bot.choose(view, moves) == first


def test_tree_search_expands_a_random_untried_move() -> None:
    """With no prior and one playout the search plays the one move it expanded, picked at
    random among the untried candidates -- not always the first listed."""
    game = _open_game()
    view, moves = game.view(0), game.legal_moves()
    chosen: set[Move] = set()
    for seed in range(10):
        bot = MCTSBot(method="tree", playouts=1, prior=0, depth=2)
        bot.reset(seed)
        chosen.add(bot.choose(view, moves))
    assert len(chosen) > 1


def test_tree_search_gives_no_exploration_bonus_to_a_move_available_once() -> None:
    """UCB1's bonus is ``c * sqrt(ln(avail) / visits)``: a child available only once has
    ``ln 1 = 0`` and competes by its mean alone."""
    good, fresh = parse_move("5c"), parse_move("6c")
    children = {good: _node(4, 2.4), fresh: _node(1, 0.5)}
    children[good].avail, children[fresh].avail = 4, 1
    assert MCTSBot()._select(children, [good, fresh]) == good


def test_tree_search_breaks_ucb1_ties_by_the_listed_order() -> None:
    """Of children with equal UCB1 scores the first listed is walked."""
    one, two = parse_move("5c"), parse_move("6c")
    children = {one: _node(3, 1.5), two: _node(3, 1.5)}
    children[one].avail = children[two].avail = 5
    assert MCTSBot()._select(children, [one, two]) == one
    assert MCTSBot()._select(children, [two, one]) == two


def test_kept_keeps_the_first_choice_on_equal_means_with_no_margin() -> None:
    """``margin=0``: a most visited move whose mean only equals the first choice's does
    not beat it (by more than zero standard errors), so the first choice stands."""
    best, first = parse_move("5c"), parse_move("6c")
    children = {best: _node(10, 5.0), first: _node(4, 2.0)}
    assert mcts._kept(best, first, children, 0.0) == first


def test_mcts_takes_an_int_too_large_for_a_float_as_a_spec_reads_it() -> None:
    """An int beyond the floats is infinite, as a bot spec's digits read: a fine ``margin``
    (the first choice always stands), a `SetupError` for ``exploration`` -- never an
    `OverflowError`."""
    huge = 10**400
    spec = parse_bot(f"mcts:margin={huge}")
    assert isinstance(spec, MCTSBot) and spec.margin == MCTSBot(margin=huge).margin == math.inf
    with pytest.raises(SetupError, match="exploration must be a finite number ≥ 0, not 1000"):
        MCTSBot(exploration=huge)
    with pytest.raises(SetupError, match="margin must be a number ≥ 0, not -1000"):
        MCTSBot(margin=-huge)


@pytest.mark.parametrize(
    "seat", [10**6, 3, -1, "x", None, True, 1.5, pytest.param(10**5000, id="huge")]
)
def test_reward_refuses_a_seat_not_at_the_table(seat: object) -> None:
    game = Game.new(variants.polish(), players=3, seed=1)
    with pytest.raises(SeatError, match="no seat"):
        reward(game, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, "game", object()])
def test_reward_and_rewards_refuse_a_value_that_is_not_a_game(bad: object) -> None:
    with pytest.raises(SetupError, match="game must be a Game, not"):
        reward(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="game must be a Game, not"):
        rewards(bad)  # type: ignore[arg-type]
