"""Bots: the heuristic's scoring tables and the search's shortcuts give exactly the floats and
draws of the plain computations they replace (issue 13)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from makao import Game, variants
from makao._random import shuffle_as_random
from makao.bots import Situation, policy, reward, rewards, score_move
from makao.bots.policy import best_moves, best_moves_in
from makao.cards import Card, Rank, Suit
from makao.moves import Move, Play, Seat, parse_move
from makao.rules.attack import BattleCards

NAMES = ("polish", "russian", "mao", "mau_mau", "crazy_eights", "prsi", "switch")


def _reference_score(move: Move, situation: Situation) -> float:
    """The heuristic's score written out plainly, step by step (the order of the float
    additions is part of the result)."""
    if getattr(move, "seat", None) is not None:
        return -policy.ACTION_SCORE if policy.is_talk(move) else policy.ACTION_SCORE
    if not isinstance(move, Play):
        return 0.0
    rules = situation.compiled
    cards = move.cards
    score = 10.0 + 4.0 * len(cards) + sum(card.rank for card in cards) / (14.0 * len(cards))
    special, battle = 0, False
    for card in cards:
        rule = rules.card_rule[card.index]
        if rule is not None or rules.wild[card.index] is not None:
            special += 1
            battle = battle or isinstance(rule, BattleCards)
    left = len(situation.hand) - len(cards)
    if left <= 0:
        score += policy.FINISH_SCORE
    score += policy.CALL_SCORE * len(move.calls)
    if special:
        if battle and situation.closest <= 2:
            score += 8.0
        elif situation.effect is None and left > 2:
            score += -6.0 * special
    choice = move.choice
    if choice is not None:
        rest = list(situation.hand)
        for card in cards:
            if card in rest:
                rest.remove(card)
        if isinstance(choice, Suit):
            score += 2.0 * sum(1 for card in rest if card.suit is choice)
        elif isinstance(choice, Rank):
            held = sum(1 for card in rest if card.rank is choice)
            score += 2.0 * held if held else -1.0
        else:
            assert isinstance(choice, Seat)
    return score


def _positions(name: str, players: int, games: int, steps: int = 150) -> Iterator[Game]:
    variant = variants.get(name)
    for seed in range(games):
        game = Game.new(variant, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over:
                break
            yield game
            game.play(rng.choice(game.legal_moves()))


def _seat_moves(game: Game) -> Sequence[Move]:
    return game.legal_moves(game.to_move)


@pytest.mark.parametrize("name", NAMES)
def test_scores_and_best_moves_agree_with_the_plain_computation(name: str) -> None:
    for players in (3, 4) if name == "mao" else (2, 4):
        for game in _positions(name, players, games=3):
            moves = _seat_moves(game)
            if not moves:
                continue
            situation = Situation.of_game(game, game.to_move)
            scores = [_reference_score(move, situation) for move in moves]
            # copies read back from text are other objects of equal value
            copies = [parse_move(str(move)) for move in moves]
            for move, copy, expected in zip(moves, copies, scores, strict=True):
                assert score_move(move, situation).hex() == expected.hex()
                assert score_move(copy, situation).hex() == expected.hex()
            top = max(scores)
            expected_best = [m for m, s in zip(moves, scores, strict=True) if s == top]
            assert best_moves(moves, situation) == expected_best
            assert best_moves_in(game, moves) == expected_best


def test_a_choice_counts_the_cards_left_after_the_play() -> None:
    game = Game.from_position(
        variants.polish(), hands=["Ah As 5s 5h", "6c 7c"], pile="9s Ks", stock="2c 3c", to_move=0
    )
    situation = Situation.of_game(game, 0)
    for move in game.legal_moves():
        assert score_move(move, situation).hex() == _reference_score(move, situation).hex()
    spades = parse_move("As:s")
    hearts = parse_move("As:h")
    # after As, one spade (5s) and two hearts (Ah 5h) are left
    assert score_move(hearts, situation) - score_move(spades, situation) == 2.0


def test_the_move_tables_stay_bounded_and_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(policy, "_PARTS", {})
    monkeypatch.setattr(policy, "_MAX_IDS", 10)
    monkeypatch.setattr(policy, "_MAX_MOVES", 5)
    game = next(iter(_positions("polish", 2, games=1)))
    situation = Situation.of_game(game, game.to_move)
    for card in game.hands[game.to_move] * 10:
        for move in (Play(card), Play(card, calls=("makao",))):  # new objects every time
            assert score_move(move, situation) == _reference_score(move, situation)
    (table,) = policy._PARTS.values()
    assert len(table.alive) <= 11 and len(table.by_id) <= 11 and len(table.by_value) <= 6


def test_a_move_added_by_another_thread_while_the_ids_are_cleared_stays_alive(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table of score parts found by move ids keeps every move whose id it holds alive
    (else a new move at a freed address would get another move's part). Another thread's
    `add` right after the ids are cleared, modelled here by the clearing itself, left an
    id whose move the table then let go of (the list was cleared second)."""
    monkeypatch.setattr(policy, "_MAX_IDS", 3)
    rules = variants.polish().compiled
    table = policy._Parts()
    late = Play(Card.parse("5h"))
    switched: list[bool] = []

    class Switching(dict[int, "policy._Part"]):
        """The ids, with a thread switch to another ``add`` when they are cleared."""

        def clear(self) -> None:
            super().clear()
            if not switched:  # once: another thread, between the two steps of clearing
                switched.append(True)
                table.add(late, rules)

    table.by_id = Switching()
    for card in ("2h", "3h", "4h", "6h", "7h"):
        table.add(Play(Card.parse(card)), rules)
    kept = {id(move) for move in table.alive}
    assert id(late) in table.by_id
    assert set(table.by_id) <= kept


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reward_is_one_seat_of_rewards(players: int) -> None:
    for game in _positions("polish", players, games=3, steps=400):
        values = rewards(game)
        assert [reward(game, seat) for seat in range(players)] == values
        assert all(0.0 <= value <= 1.0 for value in values)


def test_the_inlined_shuffle_is_random_shuffle() -> None:
    """The same permutation as ``Random.shuffle`` and the generator left in the same state
    (as many words drawn), from fresh and from used generators, for every size of deck
    and shoe: its words drawn at once, and one more for each draw too big. (Past 1,024
    cards, the bits of each bound are worked out for the shuffle, not read from a table.)"""
    for seed in range(200):
        large = (1024, 1025, 1500) if seed < 3 else ()
        for size in (0, 1, 2, 3, 7, 32, 40, 52, 104, 312, *large):
            cards = [Card.from_index(i % 52) for i in range(size)]
            expected = cards[:]
            ours, theirs = random.Random(seed), random.Random(seed)
            for _ in range(seed % 3):  # a generator that has drawn before
                ours.random(), theirs.random()
            theirs.shuffle(expected)
            shuffle_as_random(cards, ours)
            assert cards == expected and ours.getstate() == theirs.getstate()

    class Mine(random.Random):
        def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [Card.from_index(i) for i in range(5)]
    shuffle_as_random(cards, Mine(1))
    assert cards == [Card.from_index(i) for i in range(4, -1, -1)]


@pytest.mark.parametrize("name", ["polish", "mao"])
def test_the_heuristic_rollout_plays_the_policys_best_moves(name: str) -> None:
    """`heuristic_rollout` plays what the plain loop over `seat_moves` and `best_moves_in`
    plays, move for move (Mao lists out-of-turn actions, which it leaves out)."""
    for game in _positions(name, 3, games=2, steps=60):
        ours, theirs = game.clone(), game.clone()
        chances = [random.Random(len(game.record)).random() for _ in range(8)]
        policy.heuristic_rollout(ours, 8, iter(chances).__next__)
        for chance in chances:
            if theirs.is_over:
                break
            moves = best_moves_in(theirs, policy.seat_moves(theirs))
            theirs.play(moves[int(chance * len(moves))])
        assert ours.record == theirs.record


def test_seat_moves_leave_out_other_seats_actions_and_talk() -> None:
    for game in _positions("mao", 4, games=2, steps=80):
        own = policy.seat_moves(game)
        assert own
        assert all(game.actor(move) == game.to_move for move in own)
        assert not any(policy.is_talk(move) for move in own) or all(map(policy.is_talk, own))
