"""Ultimate Mao over random games (3–8 players) with random out-of-turn speech and host
time-outs: cards are conserved, listed moves are accepted, refused moves change nothing,
games end, replays reproduce them and views leak nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from makao import Card, Game, IllegalMoveError, InvalidMoveError, Play, variants
from makao.moves import Move, Say
from makao.testing import check_variant, snapshot
from makao.variants.mao.moves import HostReport

MAO = variants.mao()
PENALIZE = variants.mao(illegal_play="penalize", play_for_places=True)


def _host_or_chatter(game: Game, rng: random.Random) -> Move:
    """A random interruption: a time-out of the player to move, a remark, a question."""
    roll = rng.random()
    if roll < 0.4:
        return HostReport("timeout", game.to_move)
    seat = rng.choice([s for s in range(game.players) if not game.done[s]])
    return Say(seat, rng.choice(("remark", "question", "end-of-questions")))


def _play_out(variant: object, players: int, seed: int, cap: int = 20000) -> Game:
    """Bots that prefer playing a card, with chatter and time-outs injected by a host.

    Random play is a heavy-tailed random walk: ``cap`` is far above the longest game of
    these seeds (Mao, 6 players, seed 1: some 7,300 moves)."""
    game = Game.new(variant, players, seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    cards = Counter(_all_cards(game))
    for _ in range(cap):
        if game.is_over:
            break
        legal = game.legal_moves()
        plays = [m for m in legal if isinstance(m, Play)]
        turn = [m for m in legal if not hasattr(m, "seat")]
        if rng.random() < 0.05:
            move: Move = _host_or_chatter(game, rng)
        else:
            move = rng.choice(plays or turn)
        game.play(move)
        assert Counter(_all_cards(game)) == cards
    return game


def _all_cards(game: Game) -> list[Card]:
    return [card for hand in game.hands for card in hand] + game.stock + game.pile


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_mao_games_with_chatter_and_time_outs_end_and_replay(players: int) -> None:
    for seed in range(3):
        game = _play_out(MAO, players, seed)
        assert game.is_over, f"{players} players, seed {seed} did not end"
        copy = Game.replay(MAO, game.origin, [str(move) for move in game.record])
        assert snapshot(copy) == snapshot(game)


def test_mao_penalize_games_end_and_replay() -> None:
    for seed in range(4):
        # random play for places is a long random walk (seed 2: some 5,500 moves)
        game = _play_out(PENALIZE, 3 + seed, seed)
        assert game.is_over
        assert snapshot(Game.replay(PENALIZE, game.origin, game.record)) == snapshot(game)


def test_mao_passes_the_conformance_suite() -> None:
    """Listed moves accepted and read back, cards conserved, views and redaction, replay
    and JSON (random play rarely ends a Mao game: unfinished games are allowed here; the
    bots above show that games end)."""
    for variant in (MAO, PENALIZE):
        report = check_variant(
            variant, players=(3, 5, 8), games=3, max_actions=150, unlisted=3, allow_unfinished=True
        )
        assert report.legal_checked > 0


def test_mao_refused_moves_leave_the_game_unchanged() -> None:
    rng = random.Random(4)
    game = Game.new(MAO, 4, seed=4)
    for _ in range(200):
        if game.is_over:
            break
        hand = game.hands[game.to_move]
        listed = set(game.legal_moves())
        for move in (
            Play((rng.choice(hand),)),
            HostReport("timeout", (game.to_move + 1) % 4),
            HostReport("touched-cards", 9),
            Say(7, "remark"),
        ):
            if move in listed:
                continue
            before, record = snapshot(game), game.record
            try:
                game.play(move)
            except (IllegalMoveError, InvalidMoveError):
                assert snapshot(game) == before and game.record == record
            else:  # accepted as an infraction or a proper play: undo by replaying
                game = Game.replay(MAO, game.origin, record)
        plays = [m for m in game.legal_moves() if isinstance(m, Play)]
        game.play(rng.choice(plays or [m for m in game.legal_moves() if not hasattr(m, "seat")]))
