"""The six invariants of the testing standard, over seeded random walks of every built-in
variant at every table size it allows (its least to its most players: 2–20, Mao 3–17,
Russian makao and Prší 2–5, ...) and of the options that change the deck or the state's
shape (`OPTION_VARIANTS`, at their least and most players): cards conserved;
listed moves accepted; a rejected move changes nothing; games end; replay and save
round-trip; a view shows nothing hidden -- checked against every field of the state a
view is built from (`makao.view.View`, `makao.state.FIELDS`).

Each test is parametrised by (variant, table size), so every pair is covered on every
run; hypothesis draws the seed and the length of the random walk."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _hidden import hide_rule_states
from makao import Card, Game, variants
from makao.actions import MAX_PLAYERS, ActionSpace
from makao.cards import ALL_CARDS
from makao.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MakaoError,
    SetupError,
)
from makao.events import CardsDrawn, Event, HandsSwapped, redact
from makao.moves import Draw, Move, Pass, Play, Say, Stop, parse_move
from makao.state import FIELDS
from makao.testing import HIDDEN_FIELDS, MOVER_FIELDS, check_variant, snapshot
from makao.variant import Variant
from makao.view import View

#: Options that change the deck (its packs, the deal) or the state's shape (how a game
#: ends, the rules' own state, the moves listed), by the name the tests give them.
OPTION_VARIANTS: dict[str, tuple[str, dict[str, object]]] = {
    "polish:decks=1": ("polish", {"decks": 1}),
    "polish:decks=2": ("polish", {"decks": 2}),
    "polish:play_for_places=False": ("polish", {"play_for_places": False}),
    "polish:may_decline_demands": ("polish", {"may_decline_demands": True}),
    "polish:makao_with_move_only": ("polish", {"makao_with_move_only": True}),
    "polish:last_card_effect,po_makale=2": (
        "polish",
        {"last_card_effect_applies": True, "po_makale_penalty": 2},
    ),
    "mao:penalize,places": ("mao", {"illegal_play": "penalize", "play_for_places": True}),
    "mao:start_effect,house": (
        "mao",
        {
            "start_card_effect": True,
            "nine_player_draws_too": True,
            "four_penalty_ends_turn": True,
            "seven_penalty_ends_turn": True,
            "multiplex_suspends_effects": False,
            "mau_mau_only_for_jack": True,
        },
    ),
    "russian:start_effect,any_king": (
        "russian",
        {"start_card_effect": True, "any_king_answers_king": True},
    ),
    "russian:changers_any_time": ("russian", {"changers_only_when_stuck": False}),
    "crazy-eights:decks=1": ("crazy-eights", {"decks": 1}),
    "crazy-eights:hand_size=1,decks=8": ("crazy-eights", {"hand_size": 1, "decks": 8}),
    "crazy-eights:hand_size=8,max_draws=3": ("crazy-eights", {"hand_size": 8, "max_draws": 3}),
    "mau-mau:decks=1": ("mau-mau", {"decks": 1}),
    "mau-mau:hand_size=7,decks=3": ("mau-mau", {"hand_size": 7, "penalty": 3, "decks": 3}),
    "prsi:hand_size=6,places": ("prsi", {"hand_size": 6, "play_for_places": True}),
    "switch:decks=1": ("switch", {"decks": 1}),
    "switch:hand_size=5,decks=3": ("switch", {"hand_size": 5, "penalty": 4, "decks": 3}),
}
#: Every variant the tests play, by name: the built-ins with their default options and
#: the option variants.
VARIANTS: dict[str, Variant] = {
    **{name: variants.get(name) for name in variants.names()},
    **{key: variants.get(name, **options) for key, (name, options) in OPTION_VARIANTS.items()},
}


def _sizes(variant: Variant) -> list[int]:
    """Every table size ``variant`` deals (its least to its most players: the rules' bound
    or what its deck can deal, at most `MAX_PLAYERS`)."""
    sizes = []
    for players in range(1, MAX_PLAYERS + 1):
        try:
            Game.new(variant, players, 0)
        except SetupError:
            continue
        sizes.append(players)
    return sizes


def _tables() -> list[tuple[str, int]]:
    """Every (variant, table size) pair a built-in variant deals with its default options;
    an option variant at its least and most players."""
    tables = []
    for key, variant in VARIANTS.items():
        sizes = _sizes(variant)
        assert sizes, f"{key} deals no table"
        if key in OPTION_VARIANTS:
            sizes = sorted({sizes[0], sizes[-1]})
        else:  # every size, none skipped
            assert sizes == list(range(sizes[0], sizes[-1] + 1)), key
        tables += [(key, players) for players in sizes]
    return tables


TABLES = _tables()
IDS = [f"{name}-{players}" for name, players in TABLES]
SEEDS = st.integers(0, 2**32 - 1)
WALK = settings(max_examples=3, deadline=None, derandomize=True)
#: Malformed move texts and objects that are no moves: refused with a typed error.
MALFORMED: tuple[object, ...] = (
    "",
    "   ",
    "zz",
    "11h",
    "5x",
    "Ah:z",
    ":",
    "draw 2",
    "pass pass",
    "-1: stop 0",
    "9: say",
    "5h +",
    "\x00",
    None,
    3,
    b"5h",
    ("5h",),
)
#: Texts that read as moves no position lists (an empty choice, nine of one card).
ODD = ("Kh:", "5h 5h 5h 5h 5h 5h 5h 5h 5h")


def _all_cards(game: Game) -> Counter[Card]:
    return Counter([*(card for hand in game.hands for card in hand), *game.stock, *game.pile])


def _game(name: str, players: int, seed: int) -> Game:
    return Game.new(VARIANTS[name], players, seed)


def _walk(game: Game, rng: random.Random, length: int) -> Iterator[Game]:
    """Random legal moves (of any seat), yielding the game before each."""
    for _ in range(length):
        if game.is_over:
            return
        yield game
        game.play(rng.choice(game.legal_moves()))


def _everything(game: Game) -> tuple[object, ...]:
    """Every part of the game a move could change: the state (every field of `FIELDS`
    but the caches), the record, the listed moves and what every seat sees."""
    return (
        snapshot(game),
        game.snapshot(),
        game.record,
        game.legal_moves(),
        game.public_state(),
        tuple(game.view(seat) for seat in range(game.players)),
    )


# ---------------------------------------------------------------------- conservation


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@WALK
@given(seed=SEEDS, length=st.integers(1, 40))
def test_pl_1_cards_are_conserved_and_listed_moves_accepted(
    name: str, players: int, seed: int, length: int
) -> None:
    """PL-1, RU-1, UM-1: the deck dealt stays the deck (whole packs, no card made or lost,
    also by clones' moves); every listed move is listed once, reads back from its text,
    is legal and is accepted."""
    game = _game(name, players, seed)
    cards = _all_cards(game)
    start = game.variant.compiled.start
    decks = start.decks_for(players)
    assert sum(cards.values()) == decks * 4 * len(start.ranks or range(13))
    assert max(cards.values()) <= decks
    for now in _walk(game, random.Random(seed), length):
        assert _all_cards(now) == cards
        legal = now.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        before = _everything(now)
        for move in legal:
            assert parse_move(str(move)) == move
            assert now.is_legal(move) and now.is_legal(str(move))
            copy = now.clone()
            copy.play(move)
            assert _all_cards(copy) == cards
            assert copy.record == (*now.record, move)
        assert _everything(now) == before
    assert _all_cards(game) == cards


# ---------------------------------------------------------------------- refusals


def _unlisted(game: Game, rng: random.Random, space: ActionSpace) -> list[object]:
    """Moves (and texts, and things that are no move) that are likely not listed: the
    mover's cards with choices and calls, cards of other seats and of nobody, turn moves
    and out-of-turn actions of every kind, for any seat, and malformed texts."""
    mover = game.to_move
    hand = game.hands[mover]
    others = [card for seat in range(game.players) if seat != mover for card in game.hands[seat]]
    candidates: list[object] = [Draw(), Pass(), "draw", "pass", *space.extras]
    for cards in (hand, others, game.stock, ALL_CARDS):
        if cards:
            card = rng.choice(cards)
            choice = rng.choice(space.ends)
            calls = tuple(call for call in space.calls if rng.random() < 0.5)
            candidates += [Play((card,)), Play((card,), choice, calls), str(Play((card,), choice))]
    if len(hand) >= 2:
        candidates.append(Play(tuple(rng.sample(hand, 2))))
        candidates.append(Play((hand[0], hand[0])))
    seat = rng.randrange(game.players)
    nobody = game.players + rng.randrange(3)
    candidates += [
        Say(seat, "makao"),
        Stop(seat, mover),
        Stop(seat, seat),
        Say(nobody, "makao"),
        Stop(nobody, 0),
        Stop(0, nobody),
        f"{seat}: say makao",
        f"{nobody}: stop {seat}",
    ]
    candidates.append(rng.choice(ODD))
    return [*rng.sample(candidates, min(10, len(candidates))), rng.choice(MALFORMED)]


def _admitted(game: Game, move: object) -> bool:
    """Whether a rule takes the unlisted ``move`` to charge it (Mao's infractions)."""
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except InvalidMoveError:
            return False
    if not isinstance(move, Move):
        return False
    rules = getattr(game.compiled, "admit_rules", ())
    legal = game.legal_moves()
    return any(rule.admit(game.clone(), move, legal) is not None for rule in rules)


def _check_refused(game: Game, move: object, errors: tuple[type[Exception], ...]) -> None:
    """``move`` is refused with one of ``errors`` and changes nothing of ``game``."""
    before = _everything(game)
    with pytest.raises(errors):
        game.play(move)  # type: ignore[arg-type]  # also things that are no move
    assert _everything(game) == before, f"the refused {move!r} changed the game"


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@WALK
@given(seed=SEEDS, length=st.integers(1, 40))
def test_pl_8_an_unlisted_move_is_refused_and_changes_nothing(
    name: str, players: int, seed: int, length: int
) -> None:
    """Design principle 2: a move not listed -- another card, another seat's action, a
    malformed text -- raises a typed error and leaves the game (state, record, listed
    moves, every view) exactly as it was; unless a rule admits it to charge it (UM-27)."""
    game = _game(name, players, seed)
    rng = random.Random(seed)
    space = ActionSpace(game.variant, players)
    for now in _walk(game, rng, length):
        for move in _unlisted(now, rng, space):
            try:
                accepted = now.is_legal(move)  # type: ignore[arg-type]  # maybe no move
            except MakaoError:
                accepted = False
            if accepted:
                continue
            if _admitted(now, move):
                now.clone().play(move)  # type: ignore[arg-type]  # a Move
                continue
            _check_refused(now, move, (IllegalMoveError, InvalidMoveError))


# ---------------------------------------------------------------------- the end


def _preferring_plays(game: Game, rng: random.Random) -> Move:
    """A random turn move, a card when one may be played (most of the time): random play
    is a long random walk in some variants (Mao's out-of-turn talk never ends)."""
    legal = game.legal_moves()
    turn = [move for move in legal if not hasattr(move, "seat")] or list(legal)
    plays = [move for move in turn if isinstance(move, Play)]
    return rng.choice(plays if plays and rng.random() < 0.9 else turn)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_pl_35_games_end_and_a_finished_game_refuses_every_move(
    name: str, players: int, seed: int
) -> None:
    """PL-35, RU-15, UM-1: a game played to the end ends (within a cap of actions); it
    then lists no move, ranks every seat once, shows every seat the finishing order
    (PL-32), and refuses every move unchanged (a malformed one as malformed)."""
    game = _game(name, players, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.is_over:
            break
        game.play(_preferring_plays(game, rng))
        if game.finished:  # the order seats went out in, as every view shows it
            assert game.view(rng.randrange(players)).finished == game.finished
    assert game.is_over, f"{name}, {players} players, seed {seed} did not end"
    for seat in range(players):
        _check_view_against_state(game, seat, game.view(seat))
    assert game.legal_moves() == ()
    assert game.outcome is not None and sorted(game.outcome.order) == list(range(players))
    space = ActionSpace(game.variant, players)
    for move in [Draw(), Pass(), "draw", *_unlisted(game, rng, space)[:-1]]:
        _check_refused(game, move, (GameOverError,))
    for malformed in MALFORMED:  # malformed is malformed, over or not (`Game.play`)
        _check_refused(game, malformed, (InvalidMoveError,))


# ---------------------------------------------------------------------- replay and save


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@WALK
@given(seed=SEEDS, length=st.integers(0, 60))
def test_pl_3_replay_and_save_round_trip(name: str, players: int, seed: int, length: int) -> None:
    """Design principle 3: a game replays from its origin and record (as moves and as
    text) to the same events and state; a save (JSON, pickle) loads to the same game,
    whose save is the same text, mid-game or finished."""
    variant = VARIANTS[name]
    game = Game.new(variant, players, seed)
    rng = random.Random(seed)
    events: list[tuple[Event, ...]] = []
    for _ in range(length):
        if game.is_over:
            break
        events.append(game.play(rng.choice(game.legal_moves())))
    again = Game.replay(variant, game.origin, ())
    for move, told in zip(game.record, events, strict=True):
        assert again.play(str(move)) == told
    state = snapshot(game)
    for copy in (
        again,
        Game.replay(variant, game.origin, game.record),
        Game.replay(variant, game.origin, [str(move) for move in game.record]),
        Game.from_json(game.to_json()),
        Game.from_json(game.to_json(), variant),
        Game.from_json(game.to_json().encode()),
        pickle.loads(pickle.dumps(game)),  # our own data
        game.clone(),
    ):
        assert snapshot(copy) == state and copy.record == game.record
        assert copy.to_json() == game.to_json()
        assert copy.legal_moves() == game.legal_moves()
        assert all(copy.view(s) == game.view(s) for s in range(players))


#: Options other than the defaults, per variant: a save must rebuild them.
OPTIONS: dict[str, dict[str, object]] = {
    "polish": {"decks": 2, "dealer": 0, "po_makale_penalty": 2},
    "russian": {"start_card_effect": True, "dealer": 1},
    "mao": {"illegal_play": "penalize", "play_for_places": True},
    "prsi": {"hand_size": 5, "play_for_places": True},
    "switch": {"hand_size": 6, "penalty": 4, "decks": 2},
    "crazy-eights": {"hand_size": 7, "decks": 2, "max_draws": 3},
    "mau-mau": {"hand_size": 6, "penalty": 3, "decks": 2},
}


@pytest.mark.parametrize("name", sorted(OPTIONS))
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=SEEDS, players=st.integers(3, 5), length=st.integers(0, 60))
def test_pl_1_a_save_keeps_the_variants_options_and_dealer(
    name: str, players: int, seed: int, length: int
) -> None:
    """PL-1, PL-5: a save of a variant built with options (decks, dealer, house rules)
    loads as that variant, with the same state and record."""
    variant = variants.get(name, **OPTIONS[name])
    game = Game.new(variant, players, seed, dealer=seed % players)
    rng = random.Random(seed)
    for _ in _walk(game, rng, length):
        pass
    for loaded in (Game.from_json(game.to_json()), Game.replay(variant, game.origin, game.record)):
        assert loaded.variant == variant
        assert snapshot(loaded) == snapshot(game) and loaded.record == game.record


# ---------------------------------------------------------------------- views


def _shuffle_hidden(game: Game, seat: int, rng: random.Random) -> None:
    """The cards hidden from ``seat`` (other hands and the stock) dealt anew, sizes kept."""
    others = [s for s in range(game.players) if s != seat]
    hidden = [card for s in others for card in game.hands[s]] + game.stock
    rng.shuffle(hidden)
    for s in others:
        size = len(game.hands[s])
        game.hands[s], hidden = tuple(hidden[:size]), hidden[size:]
    game.stock = hidden
    _keep_drawn(game, seat)


def _keep_drawn(game: Game, seat: int) -> None:
    """The mover's drawn card stays one of their cards (when the mover is not ``seat``)."""
    if game.drawn is not None and game.to_move != seat:
        mover = game.hands[game.to_move]
        if game.drawn not in mover:
            game.drawn = mover[-1] if mover else None


def _other_hands_exchanged(game: Game, seat: int, rng: random.Random) -> bool:
    others = [s for s in range(game.players) if s != seat and game.hands[s]]
    if len(others) < 2:
        return False
    first, second = rng.sample(others, 2)
    a, b = game.hands[first], game.hands[second]
    i, j = rng.randrange(len(a)), rng.randrange(len(b))
    game.hands[first] = (*a[:i], b[j], *a[i + 1 :])
    game.hands[second] = (*b[:j], a[i], *b[j + 1 :])
    _keep_drawn(game, seat)
    return True


def _other_hands_reordered(game: Game, seat: int, rng: random.Random) -> bool:
    for s in range(game.players):
        if s != seat:
            game.hands[s] = tuple(reversed(game.hands[s]))
    return True


def _stock_reordered(game: Game, seat: int, rng: random.Random) -> bool:
    rng.shuffle(game.stock)
    return len(game.stock) > 1


def _stock_exchanged(game: Game, seat: int, rng: random.Random) -> bool:
    """A stock card and a card of another hand trade places (the stock's contents)."""
    others = [s for s in range(game.players) if s != seat and game.hands[s]]
    if not others or not game.stock:
        return False
    other = rng.choice(others)
    hand, i, j = (
        game.hands[other],
        rng.randrange(len(game.hands[other])),
        rng.randrange(len(game.stock)),
    )
    game.hands[other] = (*hand[:i], game.stock[j], *hand[i + 1 :])
    game.stock[j] = hand[i]
    _keep_drawn(game, seat)
    return True


def _all_hidden_cards(game: Game, seat: int, rng: random.Random) -> bool:
    _shuffle_hidden(game, seat, rng)
    return True


def _generator(game: Game, seat: int, rng: random.Random) -> bool:
    game.rng = rng.getrandbits(64)
    return True


def _beginning(game: Game, seat: int, rng: random.Random) -> bool:
    """Another seed, and the deal's announcements as ``seat`` was told them."""
    opening = cast("tuple[Event, ...]", redact(game.opening, seat))
    game.beginning = game.beginning.reseeded(rng.getrandbits(62)).announced(opening)
    return True


def _drawn(game: Game, seat: int, rng: random.Random) -> bool:
    """Another seat's drawn card (PL-8: the mover's alone) is another of its cards."""
    if seat == game.to_move or game.drawn is None:
        return False
    game.drawn = rng.choice(game.hands[game.to_move])
    return True


HIDDEN: dict[str, Callable[[Game, int, random.Random], bool]] = {
    "other hands, exchanged": _other_hands_exchanged,
    "other hands, reordered": _other_hands_reordered,
    "stock order": _stock_reordered,
    "stock contents": _stock_exchanged,
    "all hidden cards": _all_hidden_cards,
    "rng": _generator,
    "beginning": _beginning,
    "drawn": _drawn,
    "rule_states": hide_rule_states,
}
"""Each part of the state hidden from a seat, and how to change only it."""


def _check_view_against_state(game: Game, seat: int, view: View) -> None:
    """Each field of the view is the part of the state it is built from."""
    assert view.variant is game.variant and view.seat == seat
    assert view.players == game.players == len(view.hand_sizes)
    assert view.hand == game.hand(seat)
    assert view.pile == tuple(game.pile) and view.top is game.top
    assert view.hand_sizes == tuple(len(game.hand(s)) for s in range(game.players))
    assert view.stock_size == game.stock_size
    assert view.to_move == game.to_move and view.direction == game.direction
    assert view.effect == game.effect and view.pending == game.pending
    assert view.waits == game.waits and view.finished == game.finished
    assert view.drawn == (game.drawn if seat == game.to_move else None)
    assert view.is_over == game.is_over
    assert view.stuck == game.stuck  # PL-36: the passes in a row of seats with no move
    pairs = [pair for rule in game.compiled.stateful for pair in rule.public_state(game)]
    assert view.public == tuple(sorted(pairs, key=lambda pair: pair[0]))


def _told(events: tuple[Event, ...], seat: int) -> tuple[Event, ...] | None:
    """What ``seat`` is told of ``events``; ``None`` when the events show the seat cards
    that were hidden (a draw of theirs, a swap of hands): then mirrors may differ."""
    for event in events:
        if (type(event) is CardsDrawn and event.seat == seat) or (
            type(event) is HandsSwapped and seat in (event.seat, event.other)
        ):
            return None
    return cast("tuple[Event, ...]", redact(events, seat))


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@WALK
@given(seed=SEEDS, length=st.integers(1, 30))
def test_pl_3_a_view_shows_nothing_hidden(name: str, players: int, seed: int, length: int) -> None:
    """PL-3, PL-8 and design principle 4: every field of a seat's view is the public part
    of the state it is built from; and two games that differ only in a part hidden from
    the seat (another hand, the stock's order or contents, the random generator, the
    seed and deal, another seat's drawn card, a rule's private state) give that seat the
    same view, the same moves, and -- after it makes the same move -- the same news."""
    game = _game(name, players, seed)
    rng = random.Random(seed)
    for number, now in enumerate(_walk(game, rng, length)):
        if number % 2 != length % 2:  # every other position (each a different game)
            continue
        for seat in range(players):
            view = now.view(seat)
            _check_view_against_state(now, seat, view)
            for part, change in HIDDEN.items():
                mirror = now.clone()
                if not change(mirror, seat, rng) or snapshot(mirror) == snapshot(now):
                    continue  # nothing to change (a two-deck twin, one card, no stock)
                where = f"{part} changed for seat {seat}"
                assert mirror.view(seat) == view, where
                assert mirror.view(seat).to_json() == view.to_json(), where
                assert mirror.legal_moves(seat) == now.legal_moves(seat), where
                if seat != now.to_move or part == "rule_states":
                    continue
                move = rng.choice([m for m in now.legal_moves(seat) if not hasattr(m, "seat")])
                told, mirrored = now.clone().play(move), mirror.play(move)
                if _told(told, seat) is not None:
                    assert _told(mirrored, seat) == _told(told, seat), where
                    after = now.clone()
                    after.play(move)
                    assert mirror.view(seat) == after.view(seat), where


def test_pl_36_a_view_shows_the_passes_in_a_row_of_a_blocked_table() -> None:
    """PL-36 and PL-3: the random walks almost never reach a pass of a seat with no move,
    so here every seat passes in turn, stuck (nothing follows the 9♥, no stock), until the
    game ends blocked; at each position each seat's view is checked against the state,
    ``stuck`` (0, 1, 2, then 3) among it."""
    game = Game.from_position(variants.polish(), hands=["5c 7c", "8d 6d", "Kd 4s"], pile="9h")
    seen = []
    while True:
        seen.append(game.stuck)
        for seat in range(game.players):
            _check_view_against_state(game, seat, game.view(seat))
        if game.is_over:
            break
        assert game.legal_moves_text() == ["pass"]
        game.play("pass")
    assert seen == [0, 1, 2, 3]


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=SEEDS, length=st.integers(0, 30))
def test_pl_3_a_position_set_up_from_a_view_shows_the_same_view(
    name: str, players: int, seed: int, length: int
) -> None:
    """A view is all a seat knows: a position set up from it (the seat's hand, the public
    state, any cards for the others of the sizes it shows) shows that seat the same view,
    whichever hidden cards are dealt."""
    game = _game(name, players, seed)
    rng = random.Random(seed)
    for _ in _walk(game, rng, length):
        pass
    if game.is_over:
        return
    seat = rng.randrange(players)
    view = game.view(seat)
    hidden = [card for s in range(players) if s != seat for card in game.hands[s]] + game.stock
    for _ in range(2):
        rng.shuffle(hidden)
        rest = list(hidden)
        hands: list[tuple[Card, ...]] = []
        for s, size in enumerate(view.hand_sizes):
            if s == seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(rest[:size]))
                rest = rest[size:]
        position = Game.from_position(
            game.variant,
            hands=hands,
            pile=view.pile,
            stock=rest,
            to_move=view.to_move,
            effect=view.effect,
            finished=view.finished,
            waits=view.waits,
            direction=view.direction,
            seed=rng.getrandbits(32),
            drawn=view.drawn,
            public=view.public,
        )
        assert position.view(seat) == view


def test_pl_3_the_view_test_changes_every_field_hidden_from_a_seat() -> None:
    """Each field of the state that a view may not show (`makao.testing.HIDDEN_FIELDS`,
    `MOVER_FIELDS`) and a rule's private state is changed by some part of `HIDDEN`, so
    the view test compares views across every one of them."""
    hidden = HIDDEN_FIELDS | MOVER_FIELDS | {"rule_states"}
    changed: set[str] = set()
    rng = random.Random(3)
    for name in ("polish", "mao"):
        game = _game(name, 4, 3)
        for now in _walk(game, rng, 80):
            if now.drawn is not None and now.players > 1:
                break
        for seat in range(game.players):
            for change in HIDDEN.values():
                mirror = game.clone()
                if change(mirror, seat, rng):
                    changed |= {
                        field.name
                        for field in FIELDS
                        if getattr(mirror, field.name) != getattr(game, field.name)
                    }
    assert hidden <= changed, f"no part of HIDDEN changes {sorted(hidden - changed)}"


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@settings(max_examples=1, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_the_conformance_suite_passes_at_every_table(name: str, players: int, seed: int) -> None:
    """`makao.testing.check_variant` at every table too: its views are also watched by
    the seats that do not move (mirror games of every move), its events redacted, the
    effects in force read back and every listed move has an action id."""
    report = check_variant(
        VARIANTS[name], (players,), games=1, seed=seed, max_actions=100, allow_unfinished=True
    )
    assert report.games == 1 and report.actions > 0
