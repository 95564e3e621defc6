"""Bots make progress in every variant (issue 14): no endless Ultimate Mao table talk
(UM-21, UM-22) from the built-in bots, and a random bot told how often to talk."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao import Game, Say, variants
from makao.bots import HeuristicBot, MCTSBot, RandomBot, Situation, get, score_move
from makao.bots.policy import has_talk, is_talk, split_talk, without_talk
from makao.bots.random import DEFAULT_TALK
from makao.cards import parse_cards
from makao.errors import SetupError
from makao.moves import Draw, Move, Pass, Play, Stop
from makao.sim import parse_bot
from makao.sim.play import play_game
from makao.view import UNREAD, View

MAO = variants.mao()
#: Far above a heuristic Mao game's normal length (tens to hundreds of actions).
CAP = 3000


def test_um_21_question_and_remark_are_talk_but_end_of_questions_and_calls_are_not() -> None:
    assert is_talk(Say(0, "question")) and is_talk(Say(2, "remark"))
    assert not is_talk(Say(0, "end-of-questions")) and not is_talk(Say(1, "makao"))
    assert not is_talk(Draw())
    moves = [Draw(), Say(0, "question")]
    assert without_talk(moves) == [Draw()]
    assert without_talk([Say(0, "remark")]) == [Say(0, "remark")]  # nothing else: kept


TALK_AND_OTHERS: list[Move] = [Draw(), Pass(), Play(parse_cards("7h"))]
TALK_AND_OTHERS += [Say(0, "question"), Say(1, "remark"), Say(2, "makao")]
TALK_AND_OTHERS += [Say(0, "end-of-questions"), Stop(1, 0)]
MOVES = st.sampled_from(TALK_AND_OTHERS)


@given(st.lists(MOVES, max_size=12))
def test_um_21_has_talk_finds_talk_wherever_it_is(moves: list[Move]) -> None:
    assert has_talk(moves) == any(map(is_talk, moves)) == has_talk(tuple(moves))


@given(st.lists(MOVES, max_size=12))
def test_um_21_split_talk_parts_the_moves_in_order(moves: list[Move]) -> None:
    talk, rest = split_talk(moves)
    assert talk == [move for move in moves if is_talk(move)]
    assert list(rest) == [move for move in moves if not is_talk(move)]
    assert (rest is moves) is not bool(talk)  # no talk: the moves themselves


@given(st.lists(MOVES, min_size=1, max_size=12), st.integers(0, 2**32))
def test_um_21_a_random_bot_talks_only_with_its_chance_and_picks_as_before(
    moves: list[Move], seed: int
) -> None:
    """`RandomBot.choose`: with talk and other moves on offer, one number decides to talk
    or not, then one picks among the part chosen; otherwise one picks among all."""
    bot, rng = RandomBot(talk=0.3), random.Random(seed)
    bot.reset(seed)
    rng.seed(seed)
    talk, rest = [m for m in moves if is_talk(m)], [m for m in moves if not is_talk(m)]
    pool = moves if not (talk and rest) else talk if rng.random() < 0.3 else rest
    assert bot.choose(UNREAD, moves) is pool[int(rng.random() * len(pool))]


@given(st.lists(MOVES, min_size=1, max_size=12), st.integers(0, 2**32), st.booleans())
def test_random_bot_chooser_picks_as_choose_with_the_same_numbers(
    moves: list[Move], seed: int, as_tuple: bool
) -> None:
    """`RandomBot.chooser` (what the simulation loop calls): `choose`'s pick, drawing the
    same numbers of the bot's `rng`, from a list or a tuple."""
    offered: Sequence[Move] = tuple(moves) if as_tuple else moves
    chooser, plain = RandomBot(talk=0.3), RandomBot(talk=0.3)
    chooser.reset(seed)
    plain.reset(seed)
    pick = chooser.chooser()
    for _ in range(3):
        assert pick(UNREAD, offered) is plain.choose(UNREAD, offered)
    assert chooser.rng.getstate() == plain.rng.getstate()


def test_a_random_bot_subclass_that_chooses_otherwise_gets_its_own_choose() -> None:
    class First(RandomBot):
        def choose(self, view: View, moves: Sequence[Move]) -> Move:
            return moves[0]

    bot, heuristic = First(), HeuristicBot()
    assert bot.chooser() == bot.choose  # the same method of the same bot
    assert heuristic.chooser() == heuristic.choose  # `BaseBot`'s default
    patched = RandomBot()
    patched.choose = bot.choose  # type: ignore[method-assign]  # set on the bot itself
    assert patched.chooser() == bot.choose


def test_um_21_heuristic_scores_talk_below_drawing() -> None:
    game = Game.new(MAO, 3, seed=1)
    situation = Situation.of_view(game.view(game.to_move))
    assert score_move(Say(game.to_move, "question"), situation) < score_move(Draw(), situation)


@pytest.mark.parametrize("bot", [HeuristicBot(), MCTSBot(playouts=2)])
def test_um_21_built_in_bots_do_not_talk_out_of_turn(bot: HeuristicBot | MCTSBot) -> None:
    game = Game.new(MAO, 3, seed=2)
    other = (game.to_move + 1) % 3
    offered = [m for m in game.legal_moves() if getattr(m, "seat", None) == other]
    assert offered and all(is_talk(m) for m in offered)
    assert bot.respond(game.view(other), offered) is None
    closing = [Say(other, "end-of-questions")]
    assert bot.respond(game.view(other), closing) == closing[0]


@pytest.mark.parametrize("seed", range(8))
def test_um_21_a_heuristic_three_player_mao_game_ends_well_under_the_cap(seed: int) -> None:
    record = play_game(MAO, [HeuristicBot() for _ in range(3)], seed, max_actions=CAP)
    assert not record.truncated and record.actions < CAP


def test_um_21_mcts_plays_mao_to_the_end() -> None:
    bots = [MCTSBot(playouts=3), HeuristicBot(), HeuristicBot()]
    record = play_game(MAO, bots, 1, max_actions=CAP)
    assert not record.truncated


def _talk_share(talk: float, actions: int = 600, seed: int = 5) -> float:
    game = Game.new(MAO, 3, seed=seed)
    bots = [RandomBot(talk=talk) for _ in range(3)]
    for seat, bot in enumerate(bots):
        bot.reset(seed + seat)
    talked = 0
    for _ in range(actions):  # bounded: never hangs
        if game.is_over:
            break
        seat = game.to_move
        legal = game.legal_moves()
        move = None
        for other in (s for s in range(3) if s != seat):
            offered = [m for m in legal if getattr(m, "seat", None) == other]
            move = bots[other].respond(game.view(other), offered) if offered else None
            if move is not None:
                break
        if move is None:
            own = [m for m in legal if getattr(m, "seat", seat) == seat]
            move = bots[seat].choose(game.view(seat), own)
        talked += is_talk(move)
        game.play(move)
    return talked / actions


def test_um_21_random_bot_talks_as_often_as_told() -> None:
    assert _talk_share(0.0) == 0
    assert 0 < _talk_share(DEFAULT_TALK) < 0.15
    assert _talk_share(1.0) > 0.5


def test_random_bot_talk_option_is_checked_and_reachable_by_name() -> None:
    assert RandomBot().talk == DEFAULT_TALK
    assert isinstance(get("random", talk=0.5), RandomBot)
    assert parse_bot("random:talk=0.25").talk == 0.25  # type: ignore[attr-defined]
    for bad in (-0.1, 1.5, float("nan"), True, "often"):
        with pytest.raises(SetupError, match="talk must be a probability"):
            RandomBot(talk=bad)  # type: ignore[arg-type]


def test_random_bot_without_talk_on_offer_is_the_plain_uniform_player() -> None:
    game = Game.new(variants.polish(), 3, seed=8)
    bot = RandomBot(talk=0.5)
    bot.reset(3)
    rng = random.Random(3)
    for _ in range(200):
        if game.is_over:
            break
        moves = game.legal_moves()
        own = [m for m in moves if getattr(m, "seat", game.to_move) == game.to_move]
        move = bot.choose(game.view(game.to_move), own)
        assert move == own[int(rng.random() * len(own))]
        game.play(move)
