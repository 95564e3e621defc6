"""Properties of Russian makao over random games and whole matches: the core conformance
suite (conservation, legality, views, redaction, replay, JSON) on the variant and its
options, and the match's own promises (totals, replay, saving, views, conservation)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _hidden import hide_anew
from makao import Card, Game, Play, variants
from makao.errors import GameOverError, IllegalMoveError, InvalidMoveError
from makao.events import CardsDrawn, DealScored, Event, MatchOver, redact
from makao.match import Match, MatchView
from makao.moves import Draw, Pass
from makao.testing import check_variant, snapshot
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


# ---------------------------------------------------------------------- the match's surfaces

#: Russian options played as matches: the defaults and the options that change the rules'
#: state or the moves listed (as tests/core/test_core_invariants.py plays single deals).
MATCH_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"start_card_effect": True, "any_king_answers_king": True},
    {"changers_only_when_stuck": False, "dealer": 0},
)
#: (seed, players, options, limit): every table Russian makao seats (RU-1: 2–5).
match_tables = st.tuples(
    st.integers(0, 2**32),
    st.integers(2, 5),
    st.sampled_from(MATCH_OPTIONS),
    st.sampled_from([60, 250]),
)
#: How many moves into the match a test looks: within the first deal or two, or anywhere
#: (a match of a low limit is often over by then).
MATCH_CUTS = st.one_of(st.integers(0, 400), st.integers(0, 3000))
MATCH_PROPERTIES = settings(max_examples=15, deadline=None)


def _new_match(args: tuple[int, int, dict[str, Any], int]) -> Match:
    seed, players, options, limit = args
    return Match(variants.russian(**options), players, seed, match_limit=limit)


def _walk_match(match: Match, rng: random.Random, moves: int) -> list[Event]:
    """``moves`` random listed moves (fewer if the match ends), their events."""
    events: list[Event] = []
    for _ in range(moves):
        if match.is_over:
            break
        events.extend(match.play(_move(match, rng, greedy=rng.random() < 0.7)))
    return events


def _whole_match(match: Match) -> tuple[object, ...]:
    """Every part of a match a move could change: the deal in progress (its whole state and
    record), the deal's number and dealer, the scores, the totals, the end, the record, the
    listed moves, every seat's view and the save."""
    return (
        snapshot(match.game),
        match.game.record,
        match.deal,
        match.dealer,
        match.scores,
        match.totals,
        match.is_over,
        match.ranking,
        match.record,
        match.legal_moves(),
        tuple(match.view(seat) for seat in range(match.players)),
        match.to_json(),
    )


@MATCH_PROPERTIES
@given(match_tables, MATCH_CUTS, st.integers(0, 30))
def test_ru_3_ru_16_ru_18_a_match_replays_and_saves_to_the_same_match_at_any_move(
    args: tuple[int, int, dict[str, Any], int], cut: int, more: int
) -> None:
    """RU-3, RU-16, RU-18 and design principle 3: a match cut at any move (mid-deal, between
    deals, over) replays from its seed and record to the same events and the same match --
    the deal in progress whole, the scores, totals, dealer, views --; so do its save
    (JSON, with and without the variant) and a clone, which then go on alike."""
    match = _new_match(args)
    rng = random.Random(args[0])
    events = [*match.opening_events, *_walk_match(match, rng, cut)]
    whole = _whole_match(match)
    again = _new_match(args)
    replayed = list(again.opening_events)
    for moves in match.record:
        for move in moves:
            replayed.extend(again.play(str(move)))
    assert replayed == events
    copies = (
        again,
        Match.from_json(match.to_json()),
        Match.from_json(match.to_json().encode(), match.variant),
        match.clone(),
    )
    for copy in copies:
        assert _whole_match(copy) == whole
    assert _whole_match(match) == whole  # the clone took nothing of the original
    for _ in range(more):
        if match.is_over:
            break
        step = _move(match, rng, greedy=False)
        told = match.play(step)
        for copy in copies:
            assert copy.play(step) == told
    for copy in copies:
        assert _whole_match(copy) == _whole_match(match)


def _hidden_dealt_anew(match: Match, seat: int, rng: random.Random) -> Match:
    """A clone of ``match`` whose deal differs from it in the parts hidden from ``seat``
    only (`_hidden.hide_anew`: other hands, stock, drawn card, generator, seed)."""
    twin = match.clone()
    hide_anew(twin.game, seat, rng)
    return twin


@MATCH_PROPERTIES
@given(match_tables, MATCH_CUTS)
def test_ru_16_ru_18_a_match_view_is_built_from_the_match_and_shows_nothing_hidden(
    args: tuple[int, int, dict[str, Any], int], cut: int
) -> None:
    """RU-16, RU-18 and design principle 4: every field of a seat's match view is the part
    of the match it is built from (the deal's view of that seat, the deal's number and
    dealer, every finished deal's scores, the totals, the limit, the end); and a match
    whose deal differs only in cards hidden from the seat (other hands, the stock), the
    random generator or the deal's seed shows that seat the same match view -- also after
    the seat makes the same move in both."""
    match = _new_match(args)
    rng = random.Random(args[0] ^ cut)
    _walk_match(match, rng, cut)
    names = {field.name for field in attrs.fields(MatchView)}
    assert names == {
        "seat",
        "deal",
        "deal_number",
        "dealer",
        "scores",
        "totals",
        "match_limit",
        "is_over",
    }, "a new MatchView field: check it against the match here"
    for seat in range(match.players):
        view = match.view(seat)
        assert view.seat == seat and view.deal == match.game.view(seat)
        assert (view.deal_number, view.dealer) == (match.deal, match.dealer)
        assert (view.scores, view.totals) == (match.scores, match.totals)
        assert view.match_limit == match.match_limit and view.is_over == match.is_over
        assert len(view.scores) == view.deal_number - (0 if view.is_over else 1)
        twin = _hidden_dealt_anew(match, seat, rng)
        assert twin.view(seat) == view
        if match.is_over or seat != match.to_move:
            continue
        move = rng.choice([m for m in match.legal_moves() if not hasattr(m, "seat")])
        after = match.clone()
        told, twin_told = after.play(move), twin.play(move)
        if any(isinstance(e, CardsDrawn) and e.seat == seat for e in (*told, *twin_told)):
            continue  # the seat drew: the cards it sees are those of each stock
        if after.deal != match.deal:
            continue  # a new deal: dealt from the same seed in both, checked by the replay
        assert redact(twin_told, seat) == redact(told, seat)
        assert twin.view(seat) == after.view(seat)


def _unlisted_match_moves(match: Match, rng: random.Random) -> list[object]:
    """Moves a match likely does not list now: the turn's draw and pass, a card of
    another hand or of the stock, another seat's call, and malformed texts."""
    game = match.game
    others = [c for s in range(game.players) if s != game.to_move for c in game.hands[s]]
    moves: list[object] = [Draw(), Pass(), "draw", "pass", "", "zz", None]
    for cards in (others, game.stock):
        if cards:
            moves += [Play((rng.choice(cards),)), str(rng.choice(cards))]
    moves.append(f"{game.players}: stop 0")
    legal = set(match.legal_moves())
    listed = {str(move) for move in legal}
    return [m for m in moves if m not in legal and not (isinstance(m, str) and m in listed)]


@MATCH_PROPERTIES
@given(match_tables, MATCH_CUTS)
def test_ru_1_ru_18_a_match_accepts_its_listed_moves_and_a_refused_move_changes_nothing(
    args: tuple[int, int, dict[str, Any], int], cut: int
) -> None:
    """RU-1, RU-18 and design principle 2: every move a match lists is accepted (on a
    clone), the deal keeping its two packs (a deal that ends deals the next one whole); a
    move it does not list is refused with a typed error and leaves the whole match as it
    was; once the match is over it refuses every move unchanged."""
    match = _new_match(args)
    rng = random.Random(args[0] + cut)
    _walk_match(match, rng, cut)
    deck = Counter(_deal_cards(match.game))
    assert sum(deck.values()) == 104 and max(deck.values()) == 2
    before = _whole_match(match)
    for move in match.legal_moves():
        copy = match.clone()
        copy.play(move)
        assert Counter(_deal_cards(copy.game)) == deck
    errors: tuple[type[Exception], ...] = (
        (GameOverError, InvalidMoveError) if match.is_over else (IllegalMoveError, InvalidMoveError)
    )
    for unlisted in _unlisted_match_moves(match, rng) + [Draw(), "draw"] * match.is_over:
        with pytest.raises(errors):
            match.play(unlisted)  # type: ignore[arg-type]  # also things that are no move
        assert _whole_match(match) == before, f"the refused {unlisted!r} changed the match"


def _deal_cards(game: Game) -> list[Card]:
    return [card for hand in game.hands for card in hand] + game.stock + game.pile


def _ends_the_deal(match: Match, move: object) -> bool:
    after = match.clone()
    after.play(move)  # type: ignore[arg-type]
    return after.is_over or after.deal != match.deal


def _without_own_cards(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` is told them, its own drawn cards left out (each game's)."""
    told = redact(events, seat)
    return tuple(
        e._replace(cards=()) if isinstance(e, CardsDrawn) and e.seat == seat else e for e in told
    )


@settings(max_examples=30, deadline=None)
@given(match_tables, st.integers(0, 400))
def test_ru_15_ru_16_ru_3_a_match_view_after_the_seats_move_that_ends_a_deal_shows_nothing_hidden(
    args: tuple[int, int, dict[str, Any], int], cut: int
) -> None:
    """RU-15, RU-16, RU-3, RU-18 and design principle 4: when the seat to move makes the
    move that ends a deal (its last card, or its answer to the last player's penalty
    card), a match whose deal differed only in what the seat may not see (other hands,
    the stock, the random generator, the deal's seed) tells it the same events up to the
    deal's end, and shows it the same match view after -- the next deal (dealt from the
    match's seed, RU-3) whole, its number and dealer, the limit -- but for what the end
    reveals by the rules: each hand's points scored (RU-16: ``scores``, ``totals``, as the
    ``DealScored`` event told it) and so the match's end (RU-18)."""
    match = _new_match(args)
    rng = random.Random(args[0] - cut)
    _walk_match(match, rng, cut)
    for _ in range(5000):  # on to a position where the seat to move can end the deal
        if match.is_over:
            return
        if min(map(len, match.game.hands)) <= 2:
            enders = [
                m
                for m in match.legal_moves()
                if not hasattr(m, "seat") and _ends_the_deal(match, m)
            ]
            if enders:
                break
        _walk_match(match, rng, 1)
    else:
        pytest.fail("no deal ended")
    seat = match.to_move
    move = rng.choice(enders)
    twin = _hidden_dealt_anew(match, seat, rng)
    assert twin.view(seat) == match.view(seat)
    after = match.clone()
    told, twin_told = after.play(move), twin.play(move)
    assert twin.deal != match.deal or twin.is_over, "the same move ends the twin's deal"
    end = next(i for i, e in enumerate(told) if isinstance(e, DealScored))
    assert isinstance(twin_told[end], DealScored)
    assert _without_own_cards(twin_told[:end], seat) == _without_own_cards(told[:end], seat)
    for m, events in ((after, told), (twin, twin_told)):
        assert events[end] == DealScored(m.scores[-1], m.totals)
        assert m.is_over == (max(m.totals) >= m.match_limit)
    view, twin_view = after.view(seat), twin.view(seat)
    drew = any(isinstance(e, CardsDrawn) and e.seat == seat for e in told + twin_told)
    if not drew:  # its own hand, scored alike
        assert twin.scores[-1][seat] == after.scores[-1][seat]
    if after.is_over == twin.is_over:
        deal = twin_view.deal if after.is_over and drew else view.deal  # its drawn cards
        assert twin_view == attrs.evolve(view, scores=twin.scores, totals=twin.totals, deal=deal)
        assert told[end + 1 :] == twin_told[end + 1 :] or after.is_over
