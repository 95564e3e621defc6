"""Properties of Russian makao over random games and whole matches: the core conformance
suite (conservation, legality, views, redaction, replay, JSON) on the variant and its
options, and the match's own promises (totals, replay, saving, views, conservation)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao import Play, variants
from makao.events import DealScored, MatchOver
from makao.match import Match
from makao.testing import check_variant
from makao.variants.russian.scoring import hand_points


@pytest.mark.parametrize(
    ("options", "games", "seed"),
    [
        ({}, 4, 1),
        ({"start_card_effect": True, "any_king_answers_king": True}, 2, 1),
        ({"changers_only_when_stuck": False, "dealer": 0}, 2, 3),
    ],
)
def test_ru_conformance_suite_passes(options: dict[str, Any], games: int, seed: int) -> None:
    variant = variants.russian(**options)
    report = check_variant(variant, players=(2, 3, 5), games=games, seed=seed)
    assert report.games == games and report.finished == games


match_args = st.tuples(
    st.integers(0, 2**32), st.integers(2, 5), st.sampled_from([60, 150]), st.booleans()
)


def _move(match: Match, rng: random.Random, greedy: bool) -> str:
    legal = match.legal_moves()
    plays = [move for move in legal if isinstance(move, Play)] if greedy else []
    return str(rng.choice(plays or list(legal)))


@settings(max_examples=15, deadline=None)
@given(match_args)
def test_ru_match_properties(args: tuple[int, int, int, bool]) -> None:
    seed, players, limit, effect = args
    variant = variants.russian(match_limit=limit, start_card_effect=effect)
    match = Match(variant, players, seed)
    rng = random.Random(seed)
    events = list(match.opening_events)
    while not match.is_over:
        game = match.game
        for seat in range(players):
            assert match.view(seat).deal == game.view(seat)
        events.extend(match.play(_move(match, rng, greedy=len(events) % 3 > 0)))
        cards = [c for hand in game.hands for c in hand] + game.stock + game.pile
        assert len(cards) == 104
        if game.is_over:
            assert match.scores[-1] == tuple(hand_points(hand) for hand in game.hands)
    scored = [event for event in events if isinstance(event, DealScored)]
    sums = [sum(deal[seat] for deal in match.scores) for seat in range(players)]
    assert tuple(sums) == match.totals == scored[-1].totals
    assert max(match.totals) >= limit > max(scored[-2].totals if len(scored) > 1 else [0])
    assert events[-1] == MatchOver(match.ranking, match.totals)
    replayed = Match(variant, players, seed)
    again = list(replayed.opening_events)
    for moves in match.record:
        for move in moves:
            again.extend(replayed.play(move))
    assert again == events
    loaded = Match.from_json(match.to_json())
    assert loaded.totals == match.totals and loaded.record == match.record
