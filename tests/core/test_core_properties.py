"""Property tests over seeded random Polish games, 2–8 players, one or two decks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao import Card, Game, parse_move, redact, variants
from makao.errors import StateError
from makao.events import CardsDrawn, Event
from makao.testing import check_variant, snapshot

PROPERTIES = settings(max_examples=12, deadline=None)
SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.integers(2, 8)
DECKS = st.sampled_from([1, 2])


def all_cards(game: Game) -> Counter[object]:
    return Counter([*(c for hand in game.hands for c in hand), *game.stock, *game.pile])


@PROPERTIES
@given(SEEDS, PLAYERS, DECKS)
def test_random_polish_games_keep_every_invariant_of_the_suite(
    seed: int, players: int, decks: int
) -> None:
    variant = variants.polish(decks=decks)
    report = check_variant(
        variant, players=(players,), games=1, seed=seed, max_actions=120, allow_unfinished=True
    )
    assert report.games == 1 and report.actions > 0


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS, DECKS, st.data())
def test_pl_1_games_conserve_the_deck_and_every_legal_move_reads_back(
    seed: int, players: int, decks: int, data: st.DataObject
) -> None:
    game = Game.new(variants.polish(decks=decks), players, seed)
    assert sum(all_cards(game).values()) == 52 * decks
    start = all_cards(game)
    for _ in range(60):
        if game.is_over:
            break
        legal = game.legal_moves()
        assert all(parse_move(str(move)) == move for move in legal)
        game.play(data.draw(st.sampled_from(legal)))
        assert all_cards(game) == start


@settings(max_examples=25, deadline=None)
@given(SEEDS, PLAYERS, st.data())
def test_redaction_hides_drawn_cards_from_other_seats_only(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = Game.new(variants.polish(), players, seed)
    events: list[Event] = []
    for _ in range(50):
        if game.is_over:
            break
        events += game.play(data.draw(st.sampled_from(game.legal_moves())))
    for seat in range(players):
        seen = redact(tuple(events), seat)
        for event, shown in zip(events, seen, strict=True):
            if isinstance(event, CardsDrawn) and event.seat != seat:
                assert shown == event._replace(cards=()) and shown.amount == event.amount
            else:
                assert shown is event


@pytest.mark.parametrize("reason", ["draw", "attack", "penalty", "deal"])
def test_redaction_hides_other_seats_cards_whatever_the_reason(reason: str) -> None:
    """PL-3: cards are dealt and drawn face down, for a draw, an attack (PL-13), a penalty
    (PL-30) or the deal: only the seat that got them sees them."""
    cards = (Card.parse("Jd"), Card.parse("5c"))
    drawn = CardsDrawn(1, cards, reason, 2)
    assert redact((drawn,), 0) == (CardsDrawn(1, (), reason, 2),)
    assert redact((drawn,), 1) == (drawn,)


@settings(max_examples=20, deadline=None)
@given(SEEDS, PLAYERS, DECKS, st.data())
def test_the_same_seed_and_moves_give_the_same_events_and_state(
    seed: int, players: int, decks: int, data: st.DataObject
) -> None:
    variant = variants.polish(decks=decks)
    first, second = Game.new(variant, players, seed), Game.new(variant, players, seed)
    assert snapshot(first) == snapshot(second)
    for _ in range(40):
        if first.is_over:
            break
        move = data.draw(st.sampled_from(first.legal_moves()))
        assert first.play(move) == second.play(str(move))
    assert snapshot(first) == snapshot(second)
    assert snapshot(Game.from_json(first.to_json())) == snapshot(first)


@settings(max_examples=20, deadline=None)
@given(SEEDS, PLAYERS, st.data())
def test_a_clone_is_independent_of_its_original(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = Game.new(variants.polish(), players, seed)
    for _ in range(data.draw(st.integers(0, 30))):
        if game.is_over:
            return
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    before, record = snapshot(game), game.record
    copy = game.clone()
    played = []
    for _ in range(10):
        if copy.is_over:
            break
        played.append(data.draw(st.sampled_from(copy.legal_moves())))
        copy.play(played[-1])
    assert snapshot(game) == before
    # the records too: the clone's moves are its own, and the original's next ones its own
    assert game.record == record and copy.record == (*record, *played)
    if not game.is_over:
        move = game.legal_moves()[0]
        game.play(move)
        assert game.record == (*record, move) and copy.record == (*record, *played)


@pytest.mark.parametrize("bad", [5, None, 1.5, object()])
def test_redact_refuses_events_that_are_not_iterable(bad: object) -> None:
    with pytest.raises(StateError, match="events must be an iterable of events, not"):
        redact(bad, 0)  # type: ignore[arg-type]
