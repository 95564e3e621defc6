"""Every event type reads as a line of plain English: no type name, no field names, no enum
reprs, and no "penalised 0 cards" (the readable ``str`` added for issue 15)."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from enum import IntEnum
from pathlib import Path
from typing import Any

import pytest

from makao import Card, Rank, Suit
from makao import events as ev
from makao.errors import SeatError
from makao.moves import Seat

JD = Card.parse("Jd")
SAMPLES: list[tuple[object, str]] = [
    (ev.CardsPlayed(0, (JD,), Rank.NINE), "seat 0 plays Jd (demanding 9)"),
    (ev.CardsPlayed(1, (Card.parse("Ah"),), Suit.CLUBS), "seat 1 plays Ah (naming clubs)"),
    (ev.CardsDrawn(1, (JD,), "draw", 1), "seat 1 draws 1 card (draw): Jd"),
    (ev.CardsDrawn(1, (), "penalty", 2), "seat 1 draws 2 cards (penalty)"),
    (ev.CardsDrawn(2, (), "deal", 5), "seat 2 is dealt 5 cards"),
    (ev.CardsDrawn(2, (JD,), "deal", 1), "seat 2 is dealt 1 card: Jd"),
    (ev.CardsDrawn(0, (), "draw", 0), "seat 0 draws 0 cards (draw)"),
    (ev.CardsPlayed(0, (Card.parse("7h"),), Seat(2)), "seat 0 plays 7h (choosing seat 2)"),
    (ev.CardsPlayed(0, ()), "seat 0 plays no cards"),
    (ev.AttackRaised(0, 1, 3), "seat 0 attacks seat 1: 3 cards to draw"),
    (ev.AttackAccepted(1, 3), "seat 1 gives in to the attack of 3 cards"),
    (ev.WaitRaised(0, 1, 2), "seat 0 makes seat 1 wait 2 turns"),
    (ev.WaitAccepted(1, 1), "seat 1 waits 1 turn"),
    (ev.TurnSkipped(2), "seat 2 misses a turn"),
    (ev.Passed(1), "seat 1 passes"),
    (ev.DemandSet(0, Rank.SEVEN), "seat 0 demands 7"),
    (ev.DemandSet(0, None), "seat 0 cancels the demand"),
    (ev.DemandEnded(Suit.DIAMONDS), "the demand for diamonds is over"),
    (ev.DemandEnded(Rank.NINE), "the demand for 9 is over"),
    (ev.SuitNamed(0, Suit.HEARTS), "seat 0 names hearts"),
    (ev.CallMade(1, "makao"), 'seat 1 says "makao"'),
    (
        ev.Penalised(1, "PL-30", "did not say makao", 5),
        "seat 1 is penalised 5 cards (PL-30: did not say makao)",
    ),
    (ev.Penalised(1, "UM-9", "talking", 0), "seat 1 is penalised (UM-9: talking)"),
    (ev.DirectionChanged(-1), "play now goes counter-clockwise"),
    (ev.DirectionChanged(1), "play now goes clockwise"),
    (ev.HandsSwapped(0, 2), "seat 0 and seat 2 swap hands"),
    (ev.StockReshuffled(30), "the pile is shuffled into a new stock of 30 cards"),
    (ev.PlayerFinished(2, 1), "seat 2 is out, in place 1"),
    (ev.GameOver((2, 0, 1)), "game over; finishing order 2, 0, 1"),
    (ev.GameOver((0, 1), True), "game blocked (PL-36); finishing order 0, 1"),
    (ev.GameOver(()), "game over; finishing order -"),
    (ev.DealStarted(2, 1), "deal 2 starts, dealt by seat 1"),
    (ev.DealScored((0, 12), (3, 20)), "deal scored: 0, 12 (totals 3, 20)"),
    (ev.MatchOver((0, 1), (3, 20)), "match over; ranking 0, 1 (totals 3, 20)"),
    (ev.Announced(0, "start", 1, "seat 1 starts"), 'seat 0 announces the start: "seat 1 starts"'),
]


@pytest.mark.parametrize(("event", "text"), SAMPLES, ids=[type(e).__name__ for e, _ in SAMPLES])
def test_event_str_is_plain_english(event: object, text: str) -> None:
    shown = str(event)
    assert shown == text
    assert type(event).__name__ not in shown and "<" not in shown and "=" not in shown


def test_every_event_type_has_a_sample() -> None:
    assert {type(event) for event, _ in SAMPLES} == set(ev.Event.__args__)


def test_a_redacted_draw_reads_without_any_card() -> None:
    """Another seat's draw, redacted, says how many cards and no faces, not "no cards"."""
    drawn = ev.CardsDrawn(1, (JD, Card.parse("5c")), "draw", 2)
    (hidden,) = ev.redact((drawn,), 0)
    assert str(drawn) == "seat 1 draws 2 cards (draw): Jd 5c"
    assert str(hidden) == "seat 1 draws 2 cards (draw)"
    dealt = ev.CardsDrawn(2, (JD,), "deal", 1)
    assert str(ev.redact((dealt,), 0)[0]) == "seat 2 is dealt 1 card"


def test_redact_keeps_the_faces_of_the_seats_own_draws_and_of_other_events() -> None:
    """A seat sees the cards it drew itself; only others' draws lose their faces."""
    mine = ev.CardsDrawn(0, (JD,), "draw", 1)
    theirs = ev.CardsDrawn(1, (JD,), "penalty", 1)
    played = ev.CardsPlayed(1, (JD,), Rank.NINE)
    assert ev.redact((mine, theirs, played), 0) == (mine, theirs._replace(cards=()), played)
    assert ev.redact((mine, theirs, played), 1) == (mine._replace(cards=()), theirs, played)


@pytest.mark.parametrize(
    ("seat", "shown_as"),
    [(-1, "-1"), (True, "True"), (False, "False"), ("0", "'0'"), (1.0, "1.0"), (None, "None")],
)
def test_redact_refuses_a_seat_that_is_no_seat_number(seat: object, shown_as: str) -> None:
    """Before, a bad seat was taken: ``-1``, ``"0"`` or ``None`` hid every seat's cards and
    ``True`` showed seat 1's (PL-3's deal is redacted per seat)."""
    drawn = ev.CardsDrawn(1, (JD,), "draw", 1)
    with pytest.raises(SeatError, match=f"seat must be a whole number ≥ 0, not {shown_as}$"):
        ev.redact((drawn,), seat)  # type: ignore[arg-type]


class Seats(IntEnum):
    NORTH = 0
    EAST = 1


def test_redact_takes_any_seat_number_and_an_int_enum() -> None:
    """The events do not tell the table's size: a seat beyond it sees no other seat's cards."""
    drawn = ev.CardsDrawn(1, (JD,), "draw", 1)
    assert ev.redact((drawn,), 10**6) == (drawn._replace(cards=()),)
    assert ev.redact((drawn,), Seats.EAST) == (drawn,)


def test_events_are_equal_only_with_the_same_type_and_fields() -> None:
    """Events of different types never compare equal, even with equal fields or as tuples."""
    passed: object = ev.Passed(1)
    assert (passed == ev.Passed(1), passed != ev.Passed(1)) == (True, False)
    for other in (ev.TurnSkipped(1), (1,), ev.Passed(2)):
        assert (passed == other, passed != other) == (False, True)
    started: object = ev.DealStarted(1, 2)
    assert (started == ev.HandsSwapped(1, 2), started != ev.HandsSwapped(1, 2)) == (False, True)
    assert len({ev.Passed(1), ev.TurnSkipped(1), ev.Passed(1)}) == 2


def test_repr_is_unchanged() -> None:
    assert repr(ev.Passed(1)) == "Passed(seat=1)"


def test_play_polish_example_prints_no_raw_reprs(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root / "src")}  # this checkout's makao
    done = subprocess.run(
        [sys.executable, str(root / "examples" / "play_polish.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "<" not in done.stdout and "(seat=" not in done.stdout
    assert "penalised 0 cards" not in done.stdout


@pytest.mark.parametrize("event", [event for event, _ in SAMPLES], ids=lambda e: type(e).__name__)
def test_every_event_type_is_unequal_to_its_plain_tuple_and_has_json_forms(event: Any) -> None:
    """Every event type, not only some, compares by type and has ``to_dict``/``to_json``."""
    plain = tuple(event)
    assert (event == plain, event != plain) == (False, True)
    assert event == type(event)(*plain)
    data = event.to_dict()
    assert data["type"] == type(event).__name__
    assert json.loads(event.to_json()) == data


def test_pl_26_pl_21_an_event_tells_a_named_suit_from_a_demanded_rank_of_equal_value() -> None:
    """PL-26, PL-21: ``Suit.HEARTS`` and ``Rank.TWO`` are equal as ints, but an ace naming
    hearts is no card demanding twos, and the end of a demand for hearts is no end of one
    for twos: the events differ as their texts do (as plays do)."""
    ace = Card.parse("Ah")
    pairs = [
        (ev.CardsPlayed(0, (ace,), Suit.HEARTS), ev.CardsPlayed(0, (ace,), Rank.TWO)),
        (ev.CardsPlayed(0, (ace,), Suit.SPADES), ev.CardsPlayed(0, (ace,), Rank.THREE)),
        (ev.DemandEnded(Suit.HEARTS), ev.DemandEnded(Rank.TWO)),
    ]
    for suit_event, rank_event in pairs:
        named: object = suit_event
        assert str(named) != str(rank_event)
        assert (named == rank_event, named != rank_event) == (False, True)
        assert (named == suit_event, named != suit_event) == (True, False)
        assert hash(named) == hash(suit_event)
    assert ev.CardsPlayed(0, (ace,)) == ev.CardsPlayed(0, (ace,), None)
    assert ev.CardsPlayed(0, (ace,), Seat(2)) != ev.CardsPlayed(0, (ace,), Rank.TWO)


@pytest.mark.parametrize("event", [event for event, _ in SAMPLES], ids=lambda e: type(e).__name__)
def test_every_event_pickles_and_copies_to_an_equal_event_of_the_same_text(event: Any) -> None:
    """An event pickled or copied is the same value: equal, same hash, same ``str``."""
    for again in (pickle.loads(pickle.dumps(event)), copy.copy(event), copy.deepcopy(event)):
        assert type(again) is type(event) and again == event and hash(again) == hash(event)
        assert str(again) == str(event)
        assert [type(field) for field in again] == [type(field) for field in event]
