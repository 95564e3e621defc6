"""`makao._movegen._listed_play`, how move generation makes its plays: the same object a
checked `Play(...)` gives, and the same typed errors for a bad choice or call; and
`makao._movegen._interned`, which makes each distinct listed play once per rule set."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao import ALL_CARDS, Card, Game, Play, Variant, variants
from makao._movegen import _interned, _listed_play
from makao.cards import Rank, Suit, parse_cards
from makao.errors import InvalidMoveError
from makao.moves import Seat

_CHOICES = st.one_of(st.none(), st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
_CALLS = st.lists(st.sampled_from(["makao", "po-makale", "stop", "mao"]), max_size=3)


@given(
    cards=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=4),
    choice=_CHOICES,
    calls=_CALLS,
)
def test_a_listed_play_is_the_checked_play(
    cards: list[Card], choice: Rank | Suit | None, calls: list[str]
) -> None:
    made = _listed_play(tuple(cards), choice, tuple(calls))
    checked = Play(tuple(cards), choice, tuple(calls))
    assert made == checked and hash(made) == hash(checked)
    assert (made.cards, made.choice, made.calls) == (checked.cards, checked.choice, checked.calls)
    assert made.calls == tuple(sorted(calls)) and str(made) == str(checked)
    assert type(made) is Play


def test_a_listed_play_may_name_a_seat() -> None:
    card = ALL_CARDS[20]
    assert _listed_play((card,), Seat(1), ()) == Play((card,), Seat(1))


@pytest.mark.parametrize(
    ("choice", "calls", "message"),
    [
        ("hearts", (), "a choice is a Rank, a Suit, a Seat or None"),
        (7, (), "a choice is a Rank, a Suit, a Seat or None"),
        (None, ("Makao!",), "bad call"),
        (None, (3,), "bad call"),
    ],
)
def test_a_bad_choice_or_call_from_a_rule_is_refused_as_play_refuses_it(
    choice: object, calls: tuple[object, ...], message: str
) -> None:
    card = ALL_CARDS[0]
    with pytest.raises(InvalidMoveError, match=message):
        Play((card,), choice, calls)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match=message):
        _listed_play((card,), choice, calls)  # type: ignore[arg-type]


def _listed_plays(variant: Variant, seed: int, actions: int) -> Iterator[Play]:
    """Every play listed in a random 3-player game of ``variant`` (seeded), position by
    position, for at most ``actions`` actions."""
    game = Game.new(variant, 3, seed=seed)
    choose = random.Random(seed).choice
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.legal_moves()
        for move in legal:
            if type(move) is Play:
                yield move
        game.play(choose(legal))


@pytest.mark.parametrize("name", ["polish", "russian", "mao", "switch"])
def test_every_listed_play_equals_its_checked_construction(name: str) -> None:
    for move in _listed_plays(getattr(variants, name)(), 5, 150):
        again = Play(move.cards, move.choice, move.calls)
        assert again == move and hash(again) == hash(move)


@pytest.mark.parametrize("name", ["polish", "russian", "mao", "switch"])
def test_equal_listed_plays_are_one_object_per_rule_set(name: str) -> None:
    # Core v2 interns moves: a play listed in several move tables (other hand sizes,
    # effects, games) is the one object of `RuleSet.interned_plays`
    variant = getattr(variants, name)()
    first_seen: dict[Play, Play] = {}
    for seed in range(4):
        for move in _listed_plays(variant, seed, 120):
            assert first_seen.setdefault(move, move) is move
    assert first_seen  # plays were listed


def test_interned_plays_tell_a_suit_from_the_rank_of_equal_value() -> None:
    # Suit.SPADES == 3 == Rank.THREE as ints: the key keeps the choice's type
    rules = variants.polish().compiled
    cards = (ALL_CARDS[0],)
    spades = _interned(rules, cards, Suit.SPADES, ())
    three = _interned(rules, cards, Rank.THREE, ())
    assert spades.choice is Suit.SPADES and three.choice is Rank.THREE
    assert _interned(rules, cards, Suit.SPADES, ()) is spades
    assert _interned(rules, cards, Rank.THREE, ()) is three
    assert spades != three and {spades, three} == {spades, three}


def test_pl_21_pl_26_plays_tell_a_suit_from_the_rank_of_equal_value() -> None:
    """PL-21, PL-26: ``Ah:s`` is no ``Ah:3`` (``Suit.SPADES == Rank.THREE`` as ints): two
    plays are equal when their cards, calls and choices of one kind are, and hash alike."""
    ace = (Card.parse("Ah"),)
    assert Play(ace, Suit.SPADES) != Play(ace, Rank.THREE)
    assert Play(ace, Suit.HEARTS) != Play(ace, Rank.TWO)
    assert len({Play(ace, Suit.SPADES), Play(ace, Rank.THREE)}) == 2
    assert Play(ace, Suit.SPADES) == Play(ace, Suit.SPADES)
    assert hash(Play(ace, Suit.SPADES)) == hash(Play(ace, Suit.SPADES))
    assert Play(ace, Seat(3)) != Play(ace, Rank.THREE) and Play(ace) == Play(ace, None)


def test_pl_7_a_four_card_play_in_another_order_is_played_as_given() -> None:
    """PL-7: the middle cards of a four-card play may come in any order -- legal though
    listed in one order only -- and go on the pile in the order the player gives."""
    game = Game.from_position(
        variants.polish(), hands=["5h 5s 5c 5d 9c", "6d"], pile="9h", stock="2c 3c"
    )
    assert "5h 5s 5c 5d" not in game.legal_moves_text()
    assert "5h 5c 5s 5d" in game.legal_moves_text()
    assert game.is_legal("5h 5s 5c 5d")
    game.play("5h 5s 5c 5d")
    assert game.pile[-4:] == list(parse_cards("5h 5s 5c 5d"))
