"""Match play (RU-3, RU-16, RU-18): deals in a row, the deal rotating, running loss totals
until one reaches the limit; events, views, clones, saving and loading."""

from __future__ import annotations

import json
import math
import random
import re
from fractions import Fraction
from typing import Any

import pytest

from makao import (
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    Play,
    SeatError,
    SetupError,
    StateError,
    variants,
)
from makao.events import DealScored, DealStarted, Event, GameOver, MatchOver
from makao.match import Match, MatchView, deal_seed
from makao.rules import LastCardCall
from makao.seeding import derive_seed
from makao.variant import Variant
from makao.variants.russian.scoring import deal_scores

RU = variants.russian()


def bot_move(legal: tuple[Move, ...], rng: random.Random) -> Move:
    """A simple bot: a random play if there is one, else a random legal move."""
    plays = [move for move in legal if isinstance(move, Play)]
    return rng.choice(plays or list(legal))


def finish_deal(match: Match, rng: random.Random) -> list[Event]:
    """Play the current deal to its end; return the events of its last move."""
    deal = match.deal
    while True:
        events = list(match.play(bot_move(match.legal_moves(), rng)))
        if match.deal != deal or match.is_over:
            return events


def play_match(match: Match, seed: int) -> list[Event]:
    rng = random.Random(seed)
    events = list(match.opening_events)
    while not match.is_over:
        events.extend(match.play(bot_move(match.legal_moves(), rng)))
    return events


def test_ru_3_the_deal_passes_to_the_next_seat() -> None:
    match = Match(RU, players=3, seed=5, match_limit=10_000)
    assert match.opening_events == (DealStarted(1, 2),)
    assert match.game.to_move == 0  # left of the dealer (RU-5)
    rng = random.Random(1)
    for deal, dealer in ((2, 0), (3, 1), (4, 2)):
        events = finish_deal(match, rng)
        assert events[-1] == DealStarted(deal, dealer)
        assert (match.deal, match.dealer) == (deal, dealer)
        assert match.game.to_move == (dealer + 1) % 3
        assert match.game.record == ()


def test_ru_3_each_deal_is_dealt_anew_from_the_match_seed() -> None:
    """RU-3, RU-4: every deal is a new shuffle, from the match seed and the deal's number
    (`deal_seed`): the next deal is not the last one dealt again by another dealer."""
    match = Match(RU, players=3, seed=5, match_limit=10_000)
    rng = random.Random(1)
    stocks = []
    for deal in (1, 2, 3, 4):
        assert match.deal == deal
        assert match.game == Game.new(RU, 3, deal_seed(5, deal), dealer=match.dealer)
        stocks.append(tuple(match.game.stock))
        finish_deal(match, rng)
    assert len(set(stocks)) == 4


def test_ru_3_the_first_dealer_is_the_variants_dealer() -> None:
    match = Match(variants.russian(dealer=0), players=4, seed=1)
    assert (match.dealer, match.game.to_move) == (0, 1)


def test_ru_16_each_deal_adds_the_hands_points_to_the_totals() -> None:
    match = Match(RU, players=4, seed=9, match_limit=10_000)
    rng = random.Random(2)
    totals = [0, 0, 0, 0]
    for _ in range(3):
        game = match.game
        events = finish_deal(match, rng)
        scores = deal_scores(game)
        assert 0 in scores  # the player who went out scores 0
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        scored = [event for event in events if isinstance(event, DealScored)]
        assert scored == [DealScored(scores, tuple(totals))]
        assert match.totals == tuple(totals)
    assert len(match.scores) == 3


def test_ru_18_the_match_ends_when_a_total_reaches_the_limit() -> None:
    match = Match(variants.russian(match_limit=200), players=3, seed=4)
    events = play_match(match, 4)
    scored = [event for event in events if isinstance(event, DealScored)]
    assert all(max(event.totals) < 200 for event in scored[:-1])
    assert max(scored[-1].totals) >= 200
    assert events[-1] == MatchOver(match.ranking, match.totals)
    assert [match.totals[seat] for seat in match.ranking] == sorted(match.totals)
    assert match.is_over and match.legal_moves() == () and match.legal_moves_text() == []
    with pytest.raises(GameOverError):
        match.play("draw")


def test_ru_18_a_total_exactly_at_the_limit_ends_the_match() -> None:
    """RU-18: play continues "until one player's loss total reaches the agreed limit": a
    total equal to the limit ends the match, one below it does not."""
    probe = Match(RU, players=3, seed=4, match_limit=10_000)
    (first,) = [e for e in finish_deal(probe, random.Random(4)) if isinstance(e, DealScored)]
    highest = max(first.totals)
    assert highest > 1
    for limit, over in ((highest, True), (highest + 1, False)):
        match = Match(RU, players=3, seed=4, match_limit=limit)
        events = finish_deal(match, random.Random(4))  # the same deal, the same moves
        assert [e.totals for e in events if isinstance(e, DealScored)] == [first.totals]
        assert match.is_over is over
        assert (events[-1] == MatchOver(match.ranking, match.totals)) is over


@pytest.mark.parametrize("limit", [200, 500, 1000])
def test_ru_18_the_limit_is_an_option(limit: int) -> None:
    assert Match(variants.russian(match_limit=limit), players=2, seed=1).match_limit == limit
    assert Match(RU, players=2, seed=1, match_limit=limit).match_limit == limit


def test_ru_18_the_default_limit_is_500_and_must_be_positive() -> None:
    assert Match(RU, players=2, seed=1).match_limit == 500
    for bad in (0, -5, "500", True):
        with pytest.raises(SetupError):
            Match(RU, players=2, seed=1, match_limit=bad)  # type: ignore[arg-type]
        with pytest.raises(SetupError):
            variants.russian(match_limit=bad)  # type: ignore[arg-type]


def test_ru_18_ranking_is_by_total_lowest_first_ties_by_seat() -> None:
    match = Match(RU, players=4, seed=1)
    match.totals_ = [40, 10, 40, 5]
    assert match.ranking == (3, 1, 0, 2)


def test_match_a_bot_plays_a_whole_match_from_views() -> None:
    match = Match(variants.russian(match_limit=300), players=3, seed=8)
    rng = random.Random(8)
    while not match.is_over:
        seat = match.to_move
        view = match.view(seat)
        assert isinstance(view, MatchView) and view.totals == match.totals
        assert view.deal.hand == match.game.hand(seat)
        mine = [m for m in match.legal_moves() if str(m) in match.legal_moves_text(seat)]
        match.play(bot_move(tuple(mine), rng))
    assert match.view(0).is_over and max(match.totals) >= 300


def test_ru_16_the_match_view_shows_every_finished_deals_scores() -> None:
    """The scores are public (RU-16): each seat's view holds every finished deal's scores,
    the last one too, and the totals they add up to."""
    match = Match(RU, players=3, seed=6, match_limit=10_000)
    rng = random.Random(6)
    for deal in (1, 2, 3):
        finish_deal(match, rng)
        for seat in range(3):
            view = match.view(seat)
            assert len(view.scores) == deal and view.scores == match.scores
            assert view.totals == match.totals == tuple(map(sum, zip(*view.scores, strict=True)))
            assert (view.deal_number, view.dealer) == (match.deal, match.dealer)


def test_match_view_hides_the_other_hands() -> None:
    match = Match(RU, players=3, seed=2)
    view = match.view(1)
    assert view.seat == 1 and view.deal.hand == match.game.hand(1)
    assert view.deal.hand_sizes == (5, 5, 5)
    assert not hasattr(view.deal, "hands")
    with pytest.raises(SeatError):
        match.view(3)


def test_match_an_illegal_move_leaves_the_match_unchanged() -> None:
    match = Match(RU, players=2, seed=3)
    before = match.to_json()
    with pytest.raises(IllegalMoveError):
        match.play("pass")
    assert match.to_json() == before


def test_match_is_deterministic_from_its_seed_and_moves() -> None:
    first, second = Match(RU, players=3, seed=11), Match(RU, players=3, seed=11)
    assert play_match(first, 1) == play_match(second, 1)
    assert first.record == second.record


def test_match_deal_seeds_differ_per_deal() -> None:
    assert len({deal_seed(7, deal) for deal in range(1, 50)}) == 49
    assert deal_seed(7, 1) != deal_seed(8, 1)


def test_match_clone_is_independent() -> None:
    match = Match(RU, players=3, seed=6, match_limit=10_000)
    rng = random.Random(6)
    finish_deal(match, rng)
    copy = match.clone()
    finish_deal(copy, rng)
    assert match.deal == 2 and copy.deal == 3
    assert len(match.scores) == 1 and len(copy.scores) == 2
    assert match.totals == copy.scores[0]


def test_match_record_holds_every_deal() -> None:
    match = Match(RU, players=2, seed=12, match_limit=10_000)
    rng = random.Random(3)
    finish_deal(match, rng)
    match.play(bot_move(match.legal_moves(), rng))
    record = match.record
    assert len(record) == 2 and len(record[1]) == 1
    assert isinstance(record[0][-1], Move)


def test_match_saves_and_loads_mid_deal_and_finished() -> None:
    match = Match(variants.russian(match_limit=200), players=3, seed=13)
    rng = random.Random(13)
    finish_deal(match, rng)
    for _ in range(5):
        match.play(bot_move(match.legal_moves(), rng))
    loaded = Match.from_json(match.to_json())
    assert loaded.record == match.record and loaded.totals == match.totals
    assert loaded.view(0) == match.view(0)
    play_match(match, 1)
    loaded = Match.from_json(match.to_json())
    assert loaded.is_over and loaded.ranking == match.ranking


def _saved() -> dict[str, object]:
    match = Match(RU, players=2, seed=14, match_limit=10_000)
    finish_deal(match, random.Random(14))
    data: dict[str, object] = json.loads(match.to_json())
    return data


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: "not json {",
        lambda d: json.dumps([1, 2]),
        lambda d: json.dumps({**d, "format": "makao.game"}),
        lambda d: json.dumps({**d, "version": 99}),
        lambda d: json.dumps({**d, "players": "two"}),
        lambda d: json.dumps({**d, "players": 9}),
        lambda d: json.dumps({**d, "deals": [["9z"]]}),
        lambda d: json.dumps({**d, "deals": [["pass", "pass"]]}),
        lambda d: json.dumps({**d, "deals": [*d["deals"], []]}),
        lambda d: json.dumps({**d, "deals": [d["deals"][0][:-1], []]}),
        lambda d: json.dumps({**d, "summary": {**d["summary"], "totals": [0, 0]}}),
        lambda d: json.dumps({**d, "variant": {"name": "nope", "options": {}}}),
        lambda d: json.dumps({**d, "variant": {**d["variant"], "builtin": False}}),
        lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}),
    ],
)
def test_match_corrupt_saves_raise_state_error(corrupt: object) -> None:
    text = corrupt(_saved())  # type: ignore[operator]
    with pytest.raises(StateError):
        Match.from_json(text)


def test_match_a_custom_variant_loads_when_given() -> None:
    custom = RU.without(LastCardCall, name="russian-no-call")
    match = Match(custom, players=2, seed=1)
    match.play(match.legal_moves()[0])
    text = match.to_json()
    with pytest.raises(StateError):
        Match.from_json(text)
    assert Match.from_json(text, variant=custom).record == match.record


def test_match_from_json_says_a_variant_given_by_name_is_no_variant() -> None:
    """The ``variant`` of `Match.from_json` is a `Variant`: its name is refused by saying
    so, as `Game.from_json` says it (it read "'str' object has no attribute 'name'")."""
    text = Match(RU, players=2, seed=1).to_json()
    with pytest.raises(StateError, match=r"^variant must be a Variant, not str$"):
        Match.from_json(text, variant="russian")  # type: ignore[arg-type]


def test_match_a_deal_that_ends_reports_game_over_then_scores() -> None:
    match = Match(RU, players=2, seed=15, match_limit=10_000)
    events = finish_deal(match, random.Random(15))
    kinds = [type(event) for event in events]
    assert kinds[-3:] == [GameOver, DealScored, DealStarted]


def test_match_refuses_bad_tables() -> None:
    with pytest.raises(SetupError):
        Match(RU, players=6, seed=1)
    with pytest.raises(SetupError):
        Match(RU, players=2, seed="x")  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", [None, "russian", 42])
def test_ru_16_a_match_needs_a_variant_object(variant: object) -> None:
    """RU-16: a match scores a `Variant`; anything else (its name too) is a `SetupError`."""
    with pytest.raises(SetupError, match="a match needs a Variant"):
        Match(variant, players=2, seed=1)  # type: ignore[arg-type]


def test_match_refuses_a_seed_that_is_a_bool() -> None:
    """A seed is a whole number: ``True`` is no seed of one."""
    with pytest.raises(SetupError, match="seed must be an integer"):
        Match(RU, players=2, seed=True)


def test_ru_18_a_limit_that_is_not_a_number_is_refused() -> None:
    """RU-18: the limit is a positive number; NaN is none (no total ever reaches it)."""
    with pytest.raises(SetupError, match="match_limit must be a positive number"):
        Match(RU, players=2, seed=1, match_limit=math.nan)
    with pytest.raises(SetupError, match="match_limit"):
        variants.russian(match_limit=math.nan)


@pytest.mark.parametrize("players", [0, "3", 1.5])
def test_match_refuses_a_bad_number_of_players_with_a_setup_error(players: object) -> None:
    """A table of no players, or of a count that is not a whole number, is a `SetupError`."""
    with pytest.raises(SetupError, match="players"):
        Match(RU, players=players, seed=1)  # type: ignore[arg-type]


def test_match_moves_text_by_seat_are_the_deals() -> None:
    """``legal_moves_text(seat)`` gives only what that seat may play: nothing off turn."""
    match = Match(RU, players=3, seed=2)
    for seat in range(3):
        assert match.legal_moves_text(seat) == match.game.legal_moves_text(seat)
    assert match.legal_moves_text(1) == [] != match.legal_moves_text(0)


def test_ru_18_the_match_view_shows_the_limit() -> None:
    """The limit is public (RU-18): every seat's view holds the match's own limit."""
    match = Match(RU, players=2, seed=1, match_limit=321)
    assert match.view(0).match_limit == match.view(1).match_limit == 321


def test_match_a_finished_match_refuses_moves_as_a_match() -> None:
    """A move after the match ended is a `GameOverError` that names the match."""
    match = Match(variants.russian(match_limit=50), players=2, seed=4)
    play_match(match, 4)
    with pytest.raises(GameOverError, match="the match is over"):
        match.play("draw")


def test_match_clone_keeps_its_own_record() -> None:
    """Finishing a deal in a clone adds to the clone's record only."""
    match = Match(RU, players=2, seed=6, match_limit=10_000)
    rng = random.Random(6)
    finish_deal(match, rng)
    before = match.record
    copy = match.clone()
    finish_deal(copy, rng)
    assert match.record == before and len(copy.record) == 3
    assert copy.record[:1] == before[:1]


def test_match_clone_plays_its_own_deal() -> None:
    """A move in a clone leaves the original's current deal as it was."""
    match = Match(RU, players=2, seed=7)
    copy = match.clone()
    copy.play(copy.legal_moves()[0])
    assert match.game.record == () and len(copy.game.record) == 1
    assert match.to_move != copy.to_move or match.game != copy.game


def test_ru_18_a_saved_match_keeps_its_own_limit() -> None:
    """A limit given to the match, not the variant's, survives saving and loading."""
    match = Match(RU, players=2, seed=1, match_limit=321)
    loaded = Match.from_json(match.to_json())
    assert loaded.match_limit == 321 and loaded.view(0) == match.view(0)


def test_match_a_deeply_nested_save_is_a_state_error() -> None:
    """JSON nested too deeply to read is corrupt input like any other."""
    with pytest.raises(StateError, match="nested too deeply"):
        Match.from_json("[" * 100_000 + "]" * 100_000)


def test_match_moves_of_two_deals_saved_as_one_are_refused() -> None:
    """A saved deal holds only its own moves: moves past its end belong to the next deal."""
    data = _saved()
    match = Match(RU, players=2, seed=14, match_limit=10_000)
    finish_deal(match, random.Random(14))
    match.play(match.legal_moves()[0])
    merged = json.loads(match.to_json())
    merged["deals"] = [merged["deals"][0] + merged["deals"][1]]
    assert data["deals"] != merged["deals"]
    with pytest.raises(StateError, match="does not belong there"):
        Match.from_json(json.dumps(merged))


def test_match_a_save_loads_only_with_a_variant_of_its_name() -> None:
    """A variant given to `from_json` must carry the name the match was saved with."""
    text = Match(RU, players=2, seed=1).to_json()
    with pytest.raises(StateError, match="saved with variant 'russian'"):
        Match.from_json(text, variant=RU.without(LastCardCall, name="russian-no-call"))


def test_match_a_custom_variant_under_a_builtin_name_is_not_rebuilt() -> None:
    """A variant that keeps a built-in's name but not its rules is saved as custom: loading
    it without ``variant=`` is refused, not replayed on the built-in."""
    custom = RU.without(LastCardCall)
    assert custom.name == RU.name and custom != RU
    match = Match(custom, players=2, seed=1)
    match.play(match.legal_moves()[0])
    text = match.to_json()
    assert json.loads(text)["variant"]["builtin"] is False
    with pytest.raises(StateError, match="custom variant"):
        Match.from_json(text)
    assert Match.from_json(text, variant=custom).record == match.record


def test_match_a_variant_that_scores_nothing_cannot_be_a_match() -> None:
    """A match adds up deal scores: a variant without them is refused at once."""
    with pytest.raises(SetupError, match="scores no deals"):
        Match(variants.polish(), players=2, seed=1)


def test_match_without_a_seed_draws_one() -> None:
    """With no seed a match draws a fresh one, and saves it so it replays."""
    first, second = Match(RU, players=2), Match(RU, players=2)
    assert first.seed != second.seed
    assert Match.from_json(first.to_json()).seed == first.seed


def test_match_a_save_sums_up_the_totals_the_deal_and_the_end() -> None:
    """The saved summary that a load checks: the totals, the deal number and whether the
    match is over, and (version 2) the current deal's position as a game save sums it up."""
    from makao.serialize import summary as game_summary

    match = Match(RU, players=2, seed=1)
    summary = json.loads(match.to_json())["summary"]
    position = summary.pop("position")
    assert summary == {"totals": [0, 0], "deal": 1, "over": False}
    assert position == game_summary(match.game)


def test_match_an_unfinished_deal_followed_by_more_is_refused_as_such() -> None:
    """A deal saved unfinished is the last: the error says so where it happened."""
    data = _saved()
    deals: list[list[str]] = data["deals"]  # type: ignore[assignment]
    text = json.dumps({**data, "deals": [deals[0][:-1], []]})
    with pytest.raises(StateError, match="deal 1 was saved unfinished"):
        Match.from_json(text)


def test_ru_3_a_deals_seed_is_derived_from_the_match_seed_the_word_deal_and_the_number() -> None:
    """`deal_seed` is `derive_seed(seed, "deal", number)`, as documented: a match replays
    from its seed with any other tool that derives seeds the documented way."""
    for seed, deal in ((0, 1), (7, 2), (-3, 5), (2**70, 1)):
        assert deal_seed(seed, deal) == derive_seed(seed, "deal", deal)
    match = Match(RU, players=2, seed=21, match_limit=10_000)
    assert match.game == Game.new(RU, 2, derive_seed(21, "deal", 1), dealer=match.dealer)


@pytest.mark.parametrize("flag", ["drop", None, "false", 0])
def test_ru_18_a_custom_matchs_builtin_flag_dropped_or_retyped_is_refused(flag: object) -> None:
    """RU-18: a match save of a custom variant named "russian" says ``"builtin": false``;
    with that flag dropped or of another type it loaded as the built-in russian, another
    game. Every match save has the flag: anything else is a `StateError` naming it."""
    custom = RU.without(LastCardCall, name="russian")
    data: dict[str, Any] = json.loads(Match(custom, players=2, seed=3).to_json())
    assert data["variant"]["builtin"] is False
    if flag == "drop":
        del data["variant"]["builtin"]
    else:
        data["variant"]["builtin"] = flag
    for given in (None, custom):  # a damaged save, whatever variant is passed back
        with pytest.raises(StateError, match="whether it is built in"):
            Match.from_json(json.dumps(data), variant=given)
    data["variant"]["builtin"] = False
    assert Match.from_json(json.dumps(data), variant=custom).variant == custom


@pytest.mark.parametrize("dealer", [3, 7, -4])
def test_ru_3_a_first_dealer_beyond_the_table_is_refused_as_by_a_deal(dealer: int) -> None:
    variant = variants.russian(dealer=dealer)
    with pytest.raises(SetupError, match="dealer must be a seat 0…2"):
        Game.new(variant, 3, seed=1)
    with pytest.raises(SetupError, match="dealer must be a seat 0…2"):
        Match(variant, players=3, seed=1)
    assert Match(variants.russian(dealer=-3), players=3, seed=1).dealer == 0


def test_ru_18_a_save_whose_limit_is_null_is_refused() -> None:
    data = _saved()  # limit 10 000, not the variant's 500
    with pytest.raises(StateError, match="'match_limit' must be a positive number"):
        Match.from_json(json.dumps({**data, "match_limit": None}))


def test_ru_18_a_save_with_deals_after_the_match_ended_says_so() -> None:
    data = _saved()  # one deal finished, the second begun
    with pytest.raises(StateError, match="the match ended with deal 1, but more deals follow"):
        Match.from_json(json.dumps({**data, "match_limit": 1}))


@pytest.mark.parametrize("version", [True, 1.0])
def test_ru_18_a_match_save_of_a_version_that_is_no_whole_number_is_refused(
    version: object,
) -> None:
    """RU-18: a match save's version is the whole number 1: ``true`` and ``1.0`` equal it
    in Python but are no version, and were loaded (a game save already refused them)."""
    data = json.loads(Match(RU, players=2, seed=1).to_json())
    with pytest.raises(StateError, match="unsupported saved-match version"):
        Match.from_json(json.dumps({**data, "version": version}))


def test_ru_18_a_match_save_loads_only_with_a_variant_of_its_options() -> None:
    """RU-18: a variant given to `Match.from_json` must have the options the match was
    saved with, as `Game.from_json` asks: the same name alone loaded a match of 500 points
    on a variant whose own limit was 100."""
    text = Match(RU, players=2, seed=1).to_json()
    with pytest.raises(StateError, match=r"saved with 'russian' options .*match_limit.: 500"):
        Match.from_json(text, variant=variants.russian(match_limit=100))
    assert Match.from_json(text, variant=variants.russian()).variant == RU


@pytest.mark.parametrize(
    ("limit", "kept"),
    [(Fraction(300), 300), (Fraction(601, 2), 300.5), (Fraction(10**400, 3), math.inf)],
)
def test_ru_18_a_match_limit_is_any_positive_number_kept_as_int_or_float(
    limit: object, kept: float
) -> None:
    """RU-18: a match limit is any positive number: a `Fraction` (or a NumPy number) was
    refused ("must be a positive number"). It is kept as a plain `int` or `float`, so the
    match saves and loads; a bad value is still refused."""
    match = Match(RU, players=2, seed=1, match_limit=limit)  # type: ignore[arg-type]
    assert match.match_limit == kept and type(match.match_limit) is type(kept)
    assert Match.from_json(match.to_json()).match_limit == kept
    with pytest.raises(SetupError, match="match_limit must be a positive number"):
        Match(RU, players=2, seed=1, match_limit=Fraction(-1, 2))  # type: ignore[arg-type]


def test_ru_18_a_match_limit_may_be_a_numpy_number() -> None:
    """RU-18: a NumPy integer or float limit (from an array of settings) is taken as the
    plain number; NumPy's zero and its bool are still refused."""
    np = pytest.importorskip("numpy")
    assert type(Match(RU, players=2, seed=1, match_limit=np.int64(300)).match_limit) is int
    assert Match(RU, players=2, seed=1, match_limit=np.float32(0.5)).match_limit == 0.5
    for bad in (np.int64(0), np.bool_(True)):
        with pytest.raises(SetupError, match="match_limit must be a positive number"):
            Match(RU, players=2, seed=1, match_limit=bad)


def test_ru_18_a_match_limit_too_long_to_write_is_infinite() -> None:
    """RU-18: a whole-number limit of more than 4,300 digits (Python writes no longer one
    as text) is taken as infinite, which no total reaches either: kept as it was, the
    match's save, the variant's repr and its saves failed with a bare ``ValueError``."""
    huge = 10**5000
    match = Match(RU, players=2, seed=1, match_limit=huge)
    assert match.match_limit == math.inf
    assert Match.from_json(match.to_json()).match_limit == math.inf
    variant = variants.russian(match_limit=huge)
    assert dict(variant.options)["match_limit"] == math.inf and repr(variant)
    game = Game.new(variant, 2, seed=1)
    assert Game.from_json(game.to_json()).variant == variant


def test_ru_18_a_refused_match_save_is_called_a_match() -> None:
    """RU-18: `Match.from_json` refusing a variant says the *match* was saved with another
    (the check it shares with `Game.from_json` names what was saved)."""
    text = Match(RU, players=2, seed=1).to_json()
    with pytest.raises(StateError, match="the match was saved with variant 'russian'"):
        Match.from_json(text, variant=RU.without(LastCardCall, name="russian-no-call"))
    with pytest.raises(StateError, match="the match was saved with 'russian' options"):
        Match.from_json(text, variant=variants.russian(match_limit=100))


def test_ru_18_a_custom_match_with_russians_name_and_options_loads_only_with_its_variant() -> None:
    """RU-18: a match of a variant with the name and options of `variants.russian()` but
    without the last-card call is saved as custom; loading it with `variants.russian()`
    replayed it on the built-in rules, and a save of the built-in loaded with the custom
    variant: both are refused (the check `Game.from_json` shares)."""
    custom = Variant("russian", RU.without(LastCardCall).rules, RU.options)
    match = Match(custom, players=2, seed=1)
    match.play(match.legal_moves()[0])
    text = match.to_json()
    with pytest.raises(StateError, match="the match was saved with a custom variant named"):
        Match.from_json(text, variant=variants.russian())
    built_in = Match(RU, players=2, seed=1)
    built_in.play(built_in.legal_moves()[0])
    with pytest.raises(StateError, match=r"'russian' as makao\.variants\.get builds it"):
        Match.from_json(built_in.to_json(), variant=custom)
    assert Match.from_json(text, variant=custom).record == match.record


def test_ru_3_a_first_dealer_beyond_the_table_names_the_variants_option() -> None:
    """RU-3: a match whose variant's ``dealer`` option is beyond the table is refused
    naming that option, as `Game.new` does (PL-5)."""
    with pytest.raises(SetupError, match="dealer option of 'russian': dealer must be a seat"):
        Match(variants.russian(dealer=7), players=3, seed=1)


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda d: d.update(comment="x"), "a saved match has no key 'comment'"),
        (lambda d: d["variant"].update(seed=3), "a saved match's variant has no key 'seed'"),
        (lambda d: d["summary"].update(best=0), "the summary has no key 'best'"),
        (lambda d: d["summary"].update(over=0), "over is False after the saved moves"),
        (lambda d: d["summary"].update(deal=2.0), "deal is 2 after the saved moves"),
        (lambda d: d.pop("summary"), "the saved match has no 'summary'"),
        (lambda d: d.pop("deals"), "the saved match has no 'deals'"),
        (lambda d: d["variant"].pop("name"), "the saved match's variant has no 'name'"),
        (lambda d: d.update(variant=[]), "'variant' must hold a name and a dictionary"),
    ],
    ids=[
        "key",
        "variant-key",
        "summary-key",
        "over-0",
        "deal-float",
        "no-summary",
        "no-deals",
        "no-name",
        "variant-list",
    ],
)
def test_ru_18_an_edited_match_save_is_refused_as_a_game_save_is(edit: Any, said: str) -> None:
    """RU-18: a match save is checked as `Game.from_json` checks a game's: a key no save
    writes (at the top, in the variant record, in the summary) is an edit, a summary value
    equal to the replay's but of another type (``0`` for ``false``) too, and a missing part
    is named as missing. They loaded, or said only ``'summary'`` (a `KeyError`'s text)."""
    data = _saved()  # one deal finished, the second begun
    edit(data)
    with pytest.raises(StateError, match=re.escape(said)):
        Match.from_json(json.dumps(data))
    assert Match.from_json(json.dumps(_saved())).deal == 2  # unedited, it loads


def _in_progress() -> dict[str, Any]:
    """The save of a match one deal in and some moves into the second (RU-18)."""
    match = Match(RU, players=2, seed=14, match_limit=10_000)
    rng = random.Random(14)
    finish_deal(match, rng)
    for _ in range(6):
        match.play(bot_move(match.legal_moves(), rng))
    data: dict[str, Any] = json.loads(match.to_json())
    assert data["version"] == 2 and len(data["deals"][-1]) == 6
    return data


@pytest.mark.parametrize("dropped", [1, 3, 6])
def test_ru_18_a_match_save_missing_the_last_moves_of_its_deal_is_refused(dropped: int) -> None:
    """RU-18: a match save (version 2) holds the current deal's position in its summary, so
    one whose last moves were dropped from the deal in progress is refused, as a game save
    is; it loaded as the earlier state (the version 1 summary, totals and the deal's number
    only, is the same before those moves)."""
    data = _in_progress()
    del data["deals"][-1][-dropped:]
    with pytest.raises(StateError, match=re.escape("the replayed match's current deal does not")):
        Match.from_json(json.dumps(data))


def test_ru_18_a_version_1_match_save_still_loads_and_version_2_needs_the_position() -> None:
    """A match saved by the first format (no position in its summary) loads and saves
    again as version 2; a version 2 save without the position is refused by name."""
    data = _in_progress()
    played = Match.from_json(json.dumps(data))
    old = {**data, "version": 1, "summary": dict(data["summary"])}
    del old["summary"]["position"]
    loaded = Match.from_json(json.dumps(old))
    assert loaded.to_json() == played.to_json() and loaded.game == played.game
    data["summary"]["position"] = []
    with pytest.raises(StateError, match="'position' must be a dictionary, not \\[\\]"):
        Match.from_json(json.dumps(data))
    del data["summary"]["position"]
    with pytest.raises(StateError, match="no 'position' of its current deal"):
        Match.from_json(json.dumps(data))
    with pytest.raises(StateError, match="unsupported saved-match version 3"):
        Match.from_json(json.dumps({**old, "version": 3}))
