"""Property tests over seeded random games: cards, money, determinism, views, JSON, replay."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao.banking import BankingGame, BankingOptions, CardDealt, Settled, parse_move
from makao.banking.events import (
    BankingEvent,
    CardDrawn,
    CoupStarted,
    HandDiscarded,
    HandShown,
    redact,
)
from makao.banking.moves import Draw, Redraw, Stake, Stand
from makao.cards import ALL_CARDS, Card
from makao.errors import GameOverError, IllegalMoveError, InvalidMoveError, StateError

options_st = st.builds(
    BankingOptions,
    fixed_stake=st.sampled_from([None, 5]),
    max_stake=st.just(10),
    starting_balance=st.sampled_from([40, 1000]),
    bank=st.sampled_from([None, 60]),
    cards_dealt=st.integers(1, 3),
    over_nine=st.sampled_from(["mod10", "bust"]),
    must_draw_below=st.sampled_from([None, 7]),
    max_draws=st.integers(0, 2),
    redraw=st.booleans(),
    payout=st.sampled_from(["classic", "even"]),
    banker_naturals_multiply=st.booleans(),
    bank_passes=st.sampled_from(["when_shoe_empty", "every_coup"]),
)
games_st = st.tuples(st.integers(0, 2**32), st.integers(2, 7), options_st)
MAX_MOVES = 400


def random_game(
    seed: int, players: int, options: BankingOptions, moves: int = MAX_MOVES
) -> tuple[BankingGame, list[BankingEvent]]:
    game = BankingGame(players, options, seed=seed)
    rng = random.Random(seed)
    events = list(game.opening_events)
    for _ in range(moves):
        if game.is_over:
            break
        events.extend(game.play(rng.choice(game.legal_moves())))
    return game, events


@settings(max_examples=40, deadline=None)
@given(games_st)
def test_mb_1_and_mb_8_cards_and_money_are_conserved_at_every_step(game_args: Any) -> None:
    seed, players, options = game_args
    game = BankingGame(players, options, seed=seed)
    total = sum(game.balances) + game.bank
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < MAX_MOVES:
        bank = game.bank
        events = game.play(rng.choice(game.legal_moves()))
        assert game.card_count() == 104
        assert sum(game.balances) + game.bank == total
        assert min(game.balances) >= 0 and game.bank >= 0
        paid = sum(e.amount for e in events if isinstance(e, Settled))
        if paid and not any(type(e).__name__ in ("BankPassed", "BankOpened") for e in events):
            assert game.bank == bank - paid


@settings(max_examples=25, deadline=None)
@given(games_st)
def test_mb_10_same_seed_and_moves_give_the_same_events_and_the_record_replays(
    game_args: Any,
) -> None:
    game, events = random_game(*game_args)
    _, events_again = random_game(*game_args)
    assert events == events_again
    replayed = game.record.replay()
    assert replayed.to_json() == game.to_json()


@settings(max_examples=25, deadline=None)
@given(games_st, st.integers(0, 120))
def test_mb_10_json_round_trip_continues_identically(game_args: Any, cut: int) -> None:
    seed, players, options = game_args
    game, _ = random_game(seed, players, options, moves=cut)
    text = game.to_json()
    loaded = BankingGame.from_json(text)
    assert loaded.to_json() == text
    rng = random.Random(seed + 1)
    for _ in range(30):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        assert game.play(move) == loaded.play(move)
    clone = loaded.clone()
    assert clone.to_json() == loaded.to_json()


def _shuffle_hidden(data: dict[str, Any], viewer: int, rng: random.Random) -> str:
    """Swap every card the viewer may not see among the places they may lie in."""
    places: list[tuple[str, int | None]] = [("shoe", None)]
    places += [("hands", s) for s in range(len(data["hands"])) if s != viewer]
    if viewer == data["banker"]:
        places.append(("hands", viewer))
    piles = [(data[k] if s is None else data[k][s]).split() for k, s in places]
    pool = [card for pile in piles for card in pile]
    rng.shuffle(pool)
    for (key, seat), pile in zip(places, piles, strict=True):
        chunk, pool = pool[: len(pile)], pool[len(pile) :]
        if seat is None:
            data[key] = " ".join(chunk)
        else:
            data[key][seat] = " ".join(chunk)
    return json.dumps(data)


@settings(max_examples=40, deadline=None)
@given(games_st, st.integers(0, 80), st.integers(0, 6))
def test_mb_10_views_leak_nothing_hidden(game_args: Any, cut: int, viewer: int) -> None:
    seed, players, options = game_args
    game, events = random_game(seed, players, options, moves=cut)
    viewer %= players
    view = game.view(viewer)
    rng = random.Random(seed)
    try:  # a busted hand is public (the punter loses at once): keep only consistent deals
        other = BankingGame.from_json(_shuffle_hidden(json.loads(game.to_json()), viewer, rng))
    except StateError:
        saved = json.loads(game.to_json())
        saved["shoe"] = " ".join(rng.sample(saved["shoe"].split(), len(saved["shoe"].split())))
        other = BankingGame.from_json(json.dumps(saved))
    assert other.view(viewer) == view
    for event in events:
        if isinstance(event, CardDealt) and event.seat == game.banker and event.card:
            assert event.card not in view.hands[game.banker]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_move_parser_fuzz_raises_only_invalid_move_error(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveError:
        return
    assert parse_move(str(move)) == move


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_from_json_fuzz_text_raises_only_state_error(text: str) -> None:
    try:
        BankingGame.from_json(text)
    except StateError:
        return
    raise AssertionError("random text loaded as a game")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 30), st.data())
def test_from_json_fuzz_corrupted_fields_raise_only_state_error(
    field: int, data: st.DataObject
) -> None:
    game, _ = random_game(7, 3, BankingOptions(max_stake=10), moves=5)
    saved = json.loads(game.to_json())
    key = sorted(saved)[field % len(saved)]
    saved[key] = data.draw(json_values)
    try:
        loaded = BankingGame.from_json(json.dumps(saved))
    except StateError:
        return
    assert loaded.card_count() == 104


# ------------------------------------------------ every table size, every step checked

SHOE = Counter(ALL_CARDS * 2)  # MB-1: two decks
#: Every table size the default options seat (MB-1: a coup may need a card per seat and
#: per buy: 2…52 players), each checked at every step of a random game.
BANK_SIZES = [p for p in range(2, 128) if BankingOptions().coup_cards(p) <= SHOE.total()]
STEPS = settings(max_examples=2, deadline=None, derandomize=True)
#: The steps of a game checked in full: the first ones, then one in `EVERY`.
FIRST, EVERY = 10, 40
#: Moves no position lists all at once: they are tried wherever they are not listed.
UNLISTED: tuple[object, ...] = (Draw(), Redraw(), Stand(), "draw", "stand", "redraw")
MALFORMED_MOVES: tuple[object, ...] = ("", "zz", "stake", "stake -1", "stake x", None, 3)


def _options(rng: random.Random, players: int) -> BankingOptions:
    """Options drawn as `options_st` draws them (the same values), by ``rng``: every
    example its own mix (hypothesis's first example of `options_st` buys no card), with
    no more buying than a coup of ``players`` can deal (MB-1)."""
    options = BankingOptions(
        fixed_stake=rng.choice([None, 5]),
        max_stake=10,
        starting_balance=rng.choice([40, 1000]),
        bank=rng.choice([None, 60]),
        cards_dealt=rng.randint(1, 3),
        over_nine=rng.choice(["mod10", "bust"]),
        must_draw_below=rng.choice([None, 7]),
        max_draws=rng.randint(0, 2),
        redraw=rng.random() < 0.5,
        payout=rng.choice(["classic", "even"]),
        banker_naturals_multiply=rng.random() < 0.5,
        bank_passes=rng.choice(["when_shoe_empty", "every_coup"]),
    )
    if options.coup_cards(players) <= SHOE.total():
        return options
    return attrs.evolve(options, cards_dealt=1, max_draws=min(options.max_draws, 1), redraw=False)


def _cards(game: BankingGame) -> Counter[Card]:
    """Every card of the game: the shoe, the hands and the discards."""
    return Counter([*game._shoe, *(card for hand in game._hands for card in hand), *game._discards])


def _everything(game: BankingGame) -> tuple[object, ...]:
    """All a move could change: the save (the whole state, the generator's too), the
    listed moves and the view of the seat to act and of the banker."""
    seats = {game.banker} if game.to_act is None else {game.banker, game.to_act}
    return (game.to_json(), game.moves, game.legal_moves(), [game.view(s) for s in seats])


def _refused(game: BankingGame, move: object, errors: tuple[type[Exception], ...]) -> None:
    before = _everything(game)
    with pytest.raises(errors):
        game.play(move)  # type: ignore[arg-type]  # also things that are no move
    assert _everything(game) == before, f"the refused {move!r} changed the game"


def _unlisted(game: BankingGame, rng: random.Random) -> list[object]:
    """Moves likely not listed now: stakes out of the seat's range, buying or standing
    when not listed, malformed text."""
    moves: list[object] = [*UNLISTED, rng.choice(MALFORMED_MOVES)]
    seat = game.to_act
    if seat is not None and game.phase == "stake":
        low, high = game.stake_range(seat)
        moves += [Stake(high + 1), Stake(high + rng.randrange(1, 10**6)), f"stake {high + 1}"]
        if low > 1:
            moves.append(Stake(low - 1))
    else:
        moves += [Stake(1), Stake(rng.randrange(1, 200)), "stake 5"]
    legal = set(game.legal_moves())
    return [m for m in moves if m not in legal and not (isinstance(m, str) and _lists(game, m))]


def _lists(game: BankingGame, text: str) -> bool:
    try:
        return parse_move(text) in game.legal_moves()
    except InvalidMoveError:
        return False


def _check_view(game: BankingGame, seat: int) -> None:
    """Each field of ``seat``'s view is the part of the state it is built from (MB-10)."""
    view = game.view(seat)
    assert view.seat == seat and view.options == game.options and view.names == game.names
    assert (view.banker, view.phase, view.to_act) == (game.banker, game.phase, game.to_act)
    assert (view.coup, view.balances, view.bank) == (game.coup, game.balances, game.bank)
    assert view.stakes == tuple(game._stakes) and view.draws == tuple(game._draws)
    assert view.shoe_size == game.shoe_size == len(game._shoe)
    assert view.discard_size == len(game._discards) and view.seen == tuple(game._seen)
    assert view.discarded == tuple(game._discarded[seat])  # MB-6: its own redraw discards
    assert view.legal_moves == (game.legal_moves() if game.to_act == seat else ())
    for other in range(game.players):
        shown = other == seat and other != game.banker  # MB-4: the banker's own card too
        hand = game.hand(other)
        assert view.hands[other] == (hand if shown else (None,) * len(hand))


def _hidden_changes(game: BankingGame, seat: int, rng: random.Random) -> list[BankingGame]:
    """Clones of ``game`` that differ in one part hidden from ``seat`` each: the other
    hands' cards (and the banker's own, MB-4), the shoe's order, the shoe's contents, the
    discards' contents, the random generator."""
    places: list[tuple[str, int]] = [("hand", s) for s in range(game.players) if s != seat]
    if seat == game.banker and game.to_act != seat:
        places.append(("hand", seat))
    places += [("shoe", -1), ("discards", -1)]

    def cards(twin: BankingGame, place: tuple[str, int]) -> list[Card]:
        kind, s = place
        return twin._hands[s] if kind == "hand" else getattr(twin, f"_{kind}")

    mirrors = []
    twin = game.clone()  # every hidden card dealt anew among the hidden places
    pool = [card for place in places for card in cards(twin, place)]
    rng.shuffle(pool)
    for place in places:
        held = cards(twin, place)
        held[:], pool = pool[: len(held)], pool[len(held) :]
    mirrors.append(twin)
    twin = game.clone()
    rng.shuffle(twin._shoe)
    mirrors.append(twin)
    for kind in ("hand", "discards"):  # a card of a hidden hand or the discards and the shoe
        owners = [p for p in places if p[0] == kind and cards(game, p)]
        if owners and game._shoe:
            twin = game.clone()
            held, j = cards(twin, rng.choice(owners)), rng.randrange(len(twin._shoe))
            i = rng.randrange(len(held))
            held[i], twin._shoe[j] = twin._shoe[j], held[i]
            mirrors.append(twin)
    twin = game.clone()
    twin._rng.seed(rng.getrandbits(64))
    mirrors.append(twin)
    return [twin for twin in mirrors if twin.to_json() != game.to_json() or twin is mirrors[-1]]


@pytest.mark.parametrize("players", BANK_SIZES)
@STEPS
@given(seed=st.integers(0, 2**32))
def test_mb_1_to_mb_10_every_invariant_at_every_step_and_table_size(
    players: int, seed: int
) -> None:
    """MB-1…MB-10 at every table size the game seats: at every step of a random game the
    two decks are all there (shoe, hands, discards: the very cards, not their number
    alone), money is conserved, every listed move is accepted, an unlisted or malformed
    move is refused and changes nothing, a view is built from the state and shows the
    same when any part hidden from its seat is changed; the game ends, then refuses every
    move unchanged, and its record and save give the same game."""
    rng = random.Random(f"{seed} {players}")
    options = _options(rng, players)
    game = BankingGame(players, options, seed=seed)
    money = sum(game.balances) + game.bank
    for step in range(20_000):
        if game.is_over:
            break
        assert sum(game.balances) + game.bank == money
        legal = game.legal_moves()
        if step >= FIRST and step % EVERY:
            game.play(rng.choice(legal))
            continue
        assert _cards(game) == SHOE
        assert legal and len(set(legal)) == len(legal)
        before = _everything(game)
        for move in legal:
            copy = game.clone()
            copy.play(move)
            assert _cards(copy) == SHOE and sum(copy.balances) + copy.bank == money
            assert copy.moves == (*game.moves, str(move))
        for unlisted in rng.sample(_unlisted(game, rng), 3):
            _refused(game, unlisted, (IllegalMoveError, InvalidMoveError))
        assert _everything(game) == before
        seat = rng.randrange(players)
        _check_view(game, seat)
        view = game.view(seat)
        for mirror in _hidden_changes(game, seat, rng):
            assert mirror.view(seat) == view
        game.play(rng.choice(legal))
    assert game.is_over, f"{players} players, seed {seed}, {options} did not end"
    assert _cards(game) == SHOE and sum(game.balances) + game.bank == money
    assert game.legal_moves() == () and game.to_act is None
    for seat in range(players):
        _check_view(game, seat)
    for late in (*UNLISTED, Stake(1), "stake 1"):
        _refused(game, late, (GameOverError,))
    text = game.to_json()
    for copy in (game.record.replay(), BankingGame.from_json(text), game.clone()):
        assert copy.to_json() == text and copy.moves == game.moves
        assert all(copy.view(s) == game.view(s) for s in range(players))


def _told(events: tuple[BankingEvent, ...], seat: int, banker: int) -> list[BankingEvent]:
    """``events`` as ``seat`` is told them (`redact`, the bank's holder as each was made),
    up to the showdown (MB-7: the hands turned), with the faces of its own cards left
    out: the cards it is dealt or buys are each game's own (MB-4)."""
    told: list[BankingEvent] = []
    for event in events:
        if isinstance(event, HandShown):
            break
        if isinstance(event, CoupStarted):
            banker = event.banker
        shown = redact(event, seat, banker)
        if isinstance(shown, (CardDealt, CardDrawn)) and shown.seat == seat != banker:
            assert shown.card is not None  # a punter sees its own card (MB-4)
            shown = attrs.evolve(shown, card=None)
        elif isinstance(shown, HandDiscarded) and shown.seat == seat:
            shown = HandDiscarded(seat, (None,) * len(shown.cards))
        told.append(shown)
    return told


@settings(max_examples=40, deadline=None)
@given(games_st, st.integers(0, 80), st.integers(0, 6))
def test_mb_4_mb_7_mb_10_a_seat_is_told_nothing_hidden_until_the_showdown(
    game_args: Any, cut: int, viewer: int
) -> None:
    """MB-4, MB-6, MB-7 and MB-10: games that differ only in cards hidden from a seat (the
    other hands and the banker's own, MB-4; the shoe's order and contents; the random
    generator of the next shoe), played on with the same moves, tell that seat the same
    events (`redact`), but for the faces of its own cards, until the showdown reveals the
    hands (MB-7) -- or until another's hidden hand makes the games part: a hand over 9
    out at once (MB-5, ``over_nine="bust"``), a punter below 7 made to buy (MB-6,
    ``must_draw_below``)."""
    seed, players, options = game_args
    game, _ = random_game(seed, players, options, moves=cut)
    seat = viewer % players
    rng = random.Random(seed ^ cut)
    for twin in _hidden_changes(game, seat, rng):
        real = game.clone()
        for _ in range(MAX_MOVES):
            if real.is_over:
                assert twin.is_over
                break
            move = rng.choice(real.legal_moves())
            if real.to_act == seat and twin.to_act == seat:
                assert twin.legal_moves() == real.legal_moves() or options.must_draw_below
            if twin.to_act != real.to_act or move not in twin.legal_moves():
                assert options.over_nine == "bust" or options.must_draw_below is not None
                break
            banker = real.banker
            events, twin_events = real.play(move), twin.play(move)
            told = _told(events, seat, banker)
            assert _told(twin_events, seat, banker) == told, move
            if len(told) < len(events):
                break  # the showdown: each hand is shown, and settled (MB-7, MB-8)
