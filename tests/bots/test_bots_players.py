"""Bots: the protocol, sample_hidden, and the three players (issue 6)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from makao import Game, Play, Stop, variants
from makao.bots import (
    BaseBot,
    Bot,
    HeuristicBot,
    MCTSBot,
    RandomBot,
    Situation,
    get,
    mcts,
    names,
    rewards,
    sample_hidden,
    score_move,
    unseen_cards,
)
from makao.bots.policy import best_moves
from makao.errors import IllegalMoveError, SetupError, StateError
from makao.moves import Draw, Move, parse_move
from makao.sim import parse_bot, simulate

POLISH = variants.polish()


def _positions(seed: int, moves: int, players: int = 3) -> list[Game]:
    game = Game.new(POLISH, players, seed=seed)
    rng = random.Random(seed)
    found = []
    for _ in range(moves):
        if game.is_over:
            break
        found.append(game.clone())
        game.play(rng.choice(game.legal_moves()))
    return found


def test_sample_hidden_never_changes_what_the_view_shows() -> None:
    rng = random.Random(1)
    for game in _positions(seed=3, moves=120):
        for seat in range(game.players):
            view = game.view(seat)
            assert sample_hidden(view, rng).view(seat) == view


def test_sample_hidden_deals_exactly_the_unseen_cards() -> None:
    game = _positions(seed=5, moves=40)[-1]
    view = game.view(0)
    sampled = sample_hidden(view, random.Random(2))
    dealt = Counter(sampled.stock) + sum((Counter(sampled.hands[s]) for s in (1, 2)), Counter())
    assert dealt == Counter(unseen_cards(view))
    assert dealt == Counter(game.stock) + Counter(game.hands[1]) + Counter(game.hands[2])


def test_sample_hidden_keeps_effect_and_waits() -> None:
    game = Game.from_position(
        POLISH,
        hands=["2h 5c", "3h 9d 9s", "Kd"],
        pile="7h 2s",
        stock="Qd 4c",
        to_move=1,
        effect="attack 2 by 0",
        waits=[0, 0, 1],
    )
    sampled = sample_hidden(game.view(1), random.Random(0))
    assert sampled.effect == game.effect
    assert sampled.waits == (0, 0, 1)
    assert sampled.hand(1) == game.hand(1)
    assert sorted(sampled.legal_moves_text()) == sorted(game.legal_moves_text())


@pytest.mark.parametrize("name", ["russian", "polish", "mao"])
def test_sample_hidden_gives_the_mover_the_same_turn_moves_after_a_draw(name: str) -> None:
    """The mover who has just drawn keeps the same turn moves in a sampled game: in Russian
    makao a player who was stuck must play the drawn card if they can (RU-9), which the
    view does not show but the mover knows."""
    variant, checked = variants.get(name), 0
    for seed in range(8):
        game, rng = Game.new(variant, 3, seed=seed), random.Random(seed)
        for _ in range(1500):
            if game.is_over:
                break
            if game.drawn is not None:
                sampled = sample_hidden(game.view(game.to_move), rng)
                own = [m for m in game.legal_moves_text() if ":" not in m.split()[0]]
                assert [m for m in sampled.legal_moves_text() if ":" not in m.split()[0]] == own
                checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 50


def test_sample_hidden_varies_with_the_rng() -> None:
    view = Game.new(POLISH, 2, seed=9).view(0)
    hands = {tuple(sample_hidden(view, random.Random(i)).hand(1)) for i in range(5)}
    assert len(hands) > 1


def test_pl_35_each_sampled_game_reshuffles_with_chance_of_its_own() -> None:
    """The order of a stock reshuffled from the pile (PL-35) is hidden chance too: games
    sampled with different numbers reshuffle the same public pile differently."""
    game = Game.from_position(
        POLISH, hands=["5c 6c", "Kd Kh"], pile="7h 8h 9h 10h Jh Qh 2s 3s 4d", to_move=0
    )
    assert game.stock_size == 0 and game.legal_moves_text() == ["draw"]
    view = game.view(0)
    dealt = set()
    for seed in range(6):
        sampled = sample_hidden(view, random.Random(seed))
        sampled.play("draw")  # the pile but its top card becomes the stock
        dealt.add((sampled.hand(0), tuple(sampled.stock)))
    assert len(dealt) > 1


def test_sample_hidden_refuses_a_finished_game() -> None:
    game = Game.from_position(POLISH, hands=["5h", "6h 7c"], pile="5c", to_move=0)
    game.play("5h")
    with pytest.raises(StateError):
        sample_hidden(game.view(1), random.Random(0))


def test_bots_follow_the_protocol_and_are_found_by_name() -> None:
    for bot in (RandomBot(), HeuristicBot(), MCTSBot(playouts=2)):
        assert isinstance(bot, Bot)
    assert set(names()) >= {"random", "heuristic", "mcts"}
    built = get("mcts", playouts=7)
    assert isinstance(built, MCTSBot) and built.playouts == 7
    with pytest.raises(SetupError):
        get("genius")
    with pytest.raises(SetupError):
        get("mcts", budget=3)
    with pytest.raises(SetupError):
        MCTSBot(rollout="psychic")


def test_base_bot_stays_silent_out_of_turn() -> None:
    view = Game.new(POLISH, 2, seed=1).view(1)
    assert BaseBot().respond(view, [Stop(1, 0)]) is None


def test_random_bot_is_reproducible_from_its_seed() -> None:
    game = Game.new(POLISH, 2, seed=4)
    moves, view = game.legal_moves(), game.view(game.to_move)
    picks = []
    for _ in range(2):
        bot = RandomBot()
        bot.reset(11)
        picks.append([bot.choose(view, moves) for _ in range(10)])
    assert picks[0] == picks[1]
    assert all(move in moves for move in picks[0])


def test_random_bot_out_of_turn_takes_an_action_or_stays_silent_alike() -> None:
    """Offered one action that is no talk (a "stop", PL-30), the random bot takes it or
    stays silent, each about half the time."""
    view = Game.new(POLISH, 2, seed=1).view(1)
    bot = RandomBot()
    bot.reset(3)
    answers = Counter(bot.respond(view, [Stop(1, 0)]) for _ in range(400))
    assert set(answers) == {Stop(1, 0), None}
    assert 150 < answers[None] < 250


def test_heuristic_breaks_ties_with_its_seeded_rng() -> None:
    """Among moves scored alike the heuristic bot picks with its own seeded ``rng``: the
    same seed picks alike, other seeds pick other moves of the tie."""
    for seed in range(50):
        game = Game.new(POLISH, 2, seed=seed)
        view, moves = game.view(game.to_move), game.legal_moves()
        best = best_moves(moves, Situation.of_view(view))
        if len(best) > 1:
            break
    else:
        pytest.fail("no tie among the best moves in 50 deals")
    picks = []
    for bot_seed in (*range(20), 0):
        bot = HeuristicBot()
        bot.reset(bot_seed)
        picks.append(bot.choose(view, moves))
    assert set(picks) <= set(best) and len(set(picks)) > 1
    assert picks[-1] == picks[0]


def test_pl_29_heuristic_says_makao_with_its_move() -> None:
    game = Game.from_position(POLISH, hands=["5h 9c", "6c 7c"], pile="5c", to_move=0)
    move = HeuristicBot().choose(game.view(0), game.legal_moves())
    assert isinstance(move, Play) and "makao" in move.calls


def test_pl_30_heuristic_calls_stop_on_a_silent_player() -> None:
    game = Game.from_position(POLISH, hands=["5h 9c", "6c 7c 8d"], pile="5c", to_move=0)
    game.play("5h")  # one card left, no "makao"
    offered = [m for m in game.legal_moves() if isinstance(m, Stop)]
    assert HeuristicBot().respond(game.view(1), offered) == Stop(1, 0)


def test_pl_32_heuristic_finishes_when_it_can() -> None:
    game = Game.from_position(POLISH, hands=["9c 9h", "6c 7c"], pile="9d", to_move=0)
    move = HeuristicBot().choose(game.view(0), game.legal_moves())
    assert isinstance(move, Play) and len(move.cards) == 2


def test_pl_9_heuristic_keeps_a_queen_when_an_ordinary_card_fits() -> None:
    game = Game.from_position(POLISH, hands=["Qs 6h 8c 9s", "6c 7c"], pile="6d", to_move=0)
    move = HeuristicBot().choose(game.view(0), game.legal_moves())
    assert isinstance(move, Play) and str(move) == "6h"


def test_pl_12_heuristic_defends_an_attack_it_can_answer() -> None:
    """PL-12: heuristic defends an attack it can answer."""
    game = Game.from_position(
        POLISH, hands=["5c 2h 9s", "6c 7c"], pile="2c 2s", to_move=0, effect="attack 2 by 1"
    )
    move = HeuristicBot().choose(game.view(0), game.legal_moves())
    assert str(move) == "2h"


def test_pl_21_heuristic_demands_a_rank_it_holds() -> None:
    game = Game.from_position(POLISH, hands=["Jh 7c 7d 9s", "6c 7s"], pile="5h", to_move=0)
    move = HeuristicBot().choose(game.view(0), [m for m in game.legal_moves() if "J" in str(m)])
    assert str(move) == "Jh:7"


def test_pl_26_heuristic_names_the_suit_it_holds_most() -> None:
    game = Game.from_position(POLISH, hands=["Ah 5c 9c Kc", "6c 7s"], pile="5h", to_move=0)
    move = HeuristicBot().choose(game.view(0), [m for m in game.legal_moves() if "A" in str(m)])
    assert str(move) == "Ah:c"


def test_mcts_finds_the_finishing_play_and_is_reproducible() -> None:
    game = Game.from_position(
        POLISH, hands=["9c 9h Kd", "6c 7c 5d"], pile="9d Js", stock="2c 3c 4c 5s 6s 7s", to_move=0
    )
    chosen = []
    for _ in range(2):
        bot = MCTSBot(playouts=30, depth=10)
        bot.reset(3)
        chosen.append(bot.choose(game.view(0), game.legal_moves()))
    assert chosen[0] == chosen[1]
    assert chosen[0] in game.legal_moves()


def test_mcts_plays_forced_moves_without_search() -> None:
    game = Game.from_position(POLISH, hands=["5c", "6c 7c"], pile="9d", stock="Kd", to_move=0)
    assert str(MCTSBot(playouts=1).choose(game.view(0), game.legal_moves())) == "draw"


def test_mcts_default_is_flat_search_with_short_heuristic_rollouts() -> None:
    bot = MCTSBot()
    assert (bot.method, bot.rollout, bot.depth, bot.width) == ("flat", "heuristic", 15, 3)
    assert bot.playouts >= 1 and bot.margin > 0
    assert "method='flat'" in repr(bot)
    tree = parse_bot("mcts:method=tree,playouts=5,margin=0.5")
    assert isinstance(tree, MCTSBot) and (tree.method, tree.playouts) == ("tree", 5)
    for bad in ({"method": "psychic"}, {"margin": -1.0}, {"width": -1}, {"playouts": 0}):
        with pytest.raises(SetupError):
            MCTSBot(**bad)


def test_mcts_default_finishes_when_it_can_and_is_reproducible() -> None:
    finishing = Game.from_position(
        POLISH, hands=["9c 9h", "6c 7c 5d"], pile="Js 9d", stock="2c 3c 4c 5s 6s 7s", to_move=0
    )
    bot = MCTSBot()
    bot.reset(5)
    move = bot.choose(finishing.view(0), finishing.legal_moves())
    assert isinstance(move, Play) and len(move.cards) == 2
    game = Game.from_position(
        POLISH, hands=["9c 9h Kd 5s 8d", "6c 7c 5d"], pile="Js 9d", stock="2c 3c 4c 6s", to_move=0
    )
    picks = []
    for _ in range(2):
        bot = MCTSBot(playouts=8)
        bot.reset(9)
        picks.append(bot.choose(game.view(0), game.legal_moves()))
    assert picks[0] == picks[1] and picks[0] in game.legal_moves()


@pytest.mark.parametrize("method", ["flat", "tree"])
def test_mcts_search_keeps_the_heuristic_choice_without_evidence(method: str) -> None:
    for game in _positions(seed=8, moves=60, players=2)[::5]:
        moves = game.legal_moves()
        view = game.view(game.to_move)
        bot = MCTSBot(playouts=6, margin=1e9, method=method, prior=0)
        bot.reset(1)
        chosen = bot.choose(view, moves)
        situation = Situation.of_view(view)
        assert score_move(chosen, situation) == max(score_move(m, situation) for m in moves)


def test_mcts_games_are_reproducible_from_the_seed() -> None:
    bots = [MCTSBot(playouts=3, depth=6), HeuristicBot()]
    first = simulate(POLISH, bots, 2, seed=4)
    second = simulate(POLISH, bots, 2, seed=4)
    assert first.records == second.records


def _nines_to_go_out() -> tuple[Game, Move]:
    """Seat 0 to move with two nines on a nine (PL-32): playing both goes out."""
    game = Game.from_position(
        POLISH,
        hands=["9c 9h", "6c 7c 5d", "8h 8s Qd"],
        pile="Js 9d",
        stock="2c 3c 4c 5s 6s 7s Kh Ks",
        to_move=0,
    )
    return game, parse_move("9c 9h +po-makale")


def test_pl_32_flat_search_values_every_playout_for_its_own_seat() -> None:
    """Seat 0 can go out (PL-32) with both nines. Flat search, given drawing or playing one
    nine as its first choice, scores each playout for seat 0 -- not for whoever is to
    move when the playout stops -- so going out beats both."""
    game, out = _nines_to_go_out()
    assert out in game.legal_moves()
    for first in (parse_move("draw"), parse_move("9c")):
        for seed in range(3):
            bot = MCTSBot(playouts=10)
            bot.reset(seed)
            assert bot.flat(game.view(0), [first, out]) == out


def test_flat_search_margin_decides_whether_the_first_choice_is_replaced() -> None:
    """Going out (PL-32) beats drawing on every deal: with ``margin`` 0 the search plays
    it, with an unreachable ``margin`` it keeps its first choice, drawing."""
    game, out = _nines_to_go_out()
    for margin, expected in ((0.0, out), (1e9, Draw())):
        bot = MCTSBot(playouts=6, margin=margin)
        bot.reset(0)
        assert bot.flat(game.view(0), [Draw(), out]) == expected


def test_flat_search_replaces_its_first_choice_only_beyond_margin_standard_errors() -> None:
    """Paired advantages of mean 0.2 and standard deviation about 0.5 over 100 playouts
    have a standard error of about 0.05: they beat the first choice at a margin of 3.9
    standard errors, not at 4.1."""
    base = [0.0] * 100
    values = [0.7 if i % 2 else -0.3 for i in range(100)]
    assert mcts._beats(values, base, 1.0) and mcts._beats(values, base, 3.9)
    assert not mcts._beats(values, base, 4.1)
    assert not mcts._beats(base, values, 0.0)  # behind on average: never


def test_rewards_rank_players_still_holding_cards_by_their_hand_sizes() -> None:
    """A player beats another with probability 1 / (1 + e^(Δcards / 2.5)): one card
    against six is worth about 0.88 to the one and 0.12 to the other."""
    game = Game.from_position(
        POLISH, hands=["5c", "6c 7c 5d 8h 9s 10d"], pile="Js 9d", stock="2c 3c", to_move=0
    )
    beaten = 1 / (1 + math.exp(5 / 2.5))
    assert rewards(game) == pytest.approx([1 - beaten, beaten])
    level = Game.from_position(POLISH, hands=["5c 6c", "7c 5d"], pile="Js 9d", to_move=0)
    assert rewards(level) == pytest.approx([0.5, 0.5])


def test_tree_search_explores_by_how_often_a_move_was_available() -> None:
    """Information-set UCT (Cowling, Powley & Whitehouse 2012): the UCB1 bonus of a move
    grows with how often it was available, so of two moves with the same mean reward and
    visits, the one available more often is explored."""
    rare, often = parse_move("5c"), parse_move("6c")
    children = {rare: mcts._Node(0), often: mcts._Node(0)}
    for child, available in ((children[rare], 10), (children[often], 1000)):
        child.visits, child.value, child.avail = 10, 5.0, available
    assert MCTSBot(method="tree")._select(children, [rare, often]) == often


@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot(), MCTSBot(playouts=2)])
def test_choosing_from_no_move_is_an_illegal_move_error(bot: BaseBot) -> None:
    """`Bot.choose` is given at least one move; given none, a built-in bot (and the
    chooser the simulation loop asks) refuses with a typed error, not an `IndexError`."""
    view = Game.new(POLISH, 2, seed=1).view(0)
    bot.reset(0)
    with pytest.raises(IllegalMoveError, match="no move"):
        bot.choose(view, [])
    with pytest.raises(IllegalMoveError, match="no move"):
        bot.chooser()(view, ())


@pytest.mark.parametrize("seed", [None, "7", 1.5, True])
def test_a_bot_is_reset_with_an_integer_seed_only(seed: object) -> None:
    """All of a bot's chance comes from its integer seed: ``None`` (the system's entropy),
    a text, a float or a bool is refused with a `SetupError`."""
    for bot in (RandomBot(), HeuristicBot(), MCTSBot(playouts=2)):
        with pytest.raises(SetupError, match="seed must be an integer"):
            bot.reset(seed)  # type: ignore[arg-type]


def test_the_built_in_bots_are_found_by_their_own_names() -> None:
    """Each built-in name builds its own player (as the command line's bot specs do)."""
    assert type(get("random")) is RandomBot
    assert type(get("heuristic")) is HeuristicBot
    assert type(get("mcts")) is MCTSBot
    assert type(parse_bot("heuristic")) is HeuristicBot
