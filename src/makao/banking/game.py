"""The banking game: [`BankingGame`][makao.banking.BankingGame], the one object whose state changes.

Every change goes through [`BankingGame.play`][makao.banking.BankingGame.play], which checks the
move completely before touching anything and returns the events it caused. Everything that needs no
decision (the deal, the showdown, settlement, passing the bank) runs inside ``play`` and the
constructor.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterable, Sequence

from makao._text import shown
from makao.banking import events as ev
from makao.banking.moves import Draw, Move, Redraw, Stake, Stand, parse_move
from makao.banking.options import MAX_BALANCE, BankingOptions
from makao.banking.record import BankingRecord
from makao.banking.scoring import HandResult
from makao.banking.seating import DECKS, cut_for_seats
from makao.banking.serial import state_from_json, state_to_json
from makao.banking.table import Table
from makao.banking.view import BankingView, make_view
from makao.cards import Card, parse_cards
from makao.errors import GameOverError, IllegalMoveError, SeatError, SetupError
from makao.seeding import new_random

__all__ = ["BankingGame"]

MAX_SEED = 2**63
SHOE_SIZE = 52 * DECKS  # MB-1: 104 cards


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        if players < 2:
            raise SetupError(f"Macao needs a banker and at least one punter, not {shown(players)}")
        if players > SHOE_SIZE:  # each needs a card: refused before any name is made
            raise SetupError(
                f"{shown(players)} players need more than {SHOE_SIZE} cards for one coup"
            )
        return tuple(f"P{i + 1}" for i in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError(
            f"players must be a count or a sequence of names, not {shown(players, 200)}"
        )
    names = tuple(itertools.islice(players, SHOE_SIZE + 1))  # a huge sequence is never copied
    if len(names) > SHOE_SIZE:
        raise SetupError(
            f"more than {SHOE_SIZE} players need more than {SHOE_SIZE} cards for one coup"
        )
    if len(names) < 2 or not all(isinstance(name, str) and name for name in names):
        raise SetupError("players must name at least two players with non-empty strings")
    if len(set(names)) != len(names):
        raise SetupError(f"player names must differ: {shown(names, 200)}")
    return names


def _stack(stack: object) -> tuple[Card, ...]:
    """The cards to stack on the first shoe: text like ``"9h 8c"`` or Card values."""
    if isinstance(stack, str):
        return parse_cards(stack)
    if not isinstance(stack, Iterable) or isinstance(stack, (bytes, bytearray, memoryview)):
        raise SetupError(
            f"stack must be cards as text or a sequence of Cards, not {shown(stack, 40)}"
        )
    cards: list[Card] = []
    for card in itertools.islice(stack, SHOE_SIZE + 1):  # an endless iterable is never read out
        if not isinstance(card, Card):
            raise SetupError(f"stack must hold Card values, not {shown(card, 40)}")
        cards.append(card)
    if len(cards) > SHOE_SIZE:
        raise SetupError(f"a stack holds at most the shoe's {SHOE_SIZE} cards")
    return tuple(cards)


class BankingGame(Table):
    """A game of Macao (or Victoria): cut for seats, then banks and coups until the end.

    ``players`` is a count or the names of the arriving players; after the cut (MB-2) seats
    are numbered clockwise from the lowest cut, so seat 0 holds the first bank. ``seed``
    drives all chance. ``stack`` (tests, teaching) puts cards on top of the first shoe, top
    first; ``balances`` (a sequence, one amount per seat) sets the starting balances.
    """

    opening_events: tuple[ev.BankingEvent, ...]

    def __init__(
        self,
        players: int | Sequence[str],
        options: BankingOptions | None = None,
        *,
        seed: int | None = None,
        stack: str | Sequence[Card] = (),
        balances: Sequence[int] | None = None,
    ) -> None:
        """Cut for seats, open the first bank and run to the first decision."""
        arriving = _names(players)
        self.options = options if options is not None else BankingOptions()
        if not isinstance(self.options, BankingOptions):
            raise SetupError(f"options must be BankingOptions, not {type(options).__name__}")
        if self.options.coup_cards(len(arriving)) > SHOE_SIZE:
            raise SetupError(
                f"{len(arriving)} players need more than {SHOE_SIZE} cards for one coup"
            )
        if seed is None:
            seed = random.randrange(MAX_SEED)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"seed must be a whole number, not {shown(seed, 200)}")
        self.seed = seed
        self.stack = _stack(stack)
        self._rng = new_random(seed)
        cut = cut_for_seats(len(arriving), self._rng)
        self.arrival = arriving
        self.names = tuple(arriving[player] for player in cut.order)
        self._init_balances(balances)
        self._shoe, self._discards, self._seen = [], [], []
        self._hands = [[] for _ in self.names]
        self._discarded = [[] for _ in self.names]
        self._draws = [0] * self.players
        self._stakes = [None] * self.players
        self._bank = self._banker = self._banks_opened = self._idle_banks = self._coup = 0
        self._phase, self._to_act, self._moves = "over", None, []
        events: list[ev.BankingEvent] = [cut]
        self._open_bank(events)
        self._advance(events)
        self.opening_events = tuple(events)

    def _init_balances(self, balances: Sequence[int] | None) -> None:
        if balances is None:
            balances = [self.options.starting_balance] * self.players
        if not isinstance(balances, Sequence) or isinstance(balances, (str, bytes)):
            raise SetupError(
                f"balances must be a sequence of {self.players} whole numbers ≥ 0, "
                f"not {shown(balances, 40)}"
            )
        values = tuple(itertools.islice(balances, self.players + 1))  # never a huge copy
        if len(values) != self.players or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values
        ):
            raise SetupError(
                f"balances must be {self.players} whole numbers ≥ 0, not {shown(values, 60)}"
            )
        if any(v > MAX_BALANCE for v in values):
            raise SetupError(f"balances must be at most {MAX_BALANCE}, not {shown(values, 60)}")
        self.initial_balances = values
        self._balances = list(values)

    # --- reading the game -----------------------------------------------------------------

    @property
    def banker(self) -> int:
        """The seat holding the bank."""
        return self._banker

    @property
    def to_act(self) -> int | None:
        """The seat that must move now, or ``None`` when the game is over."""
        return self._to_act

    @property
    def phase(self) -> str:
        """``"stake"``, ``"draw"`` or ``"over"``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (MB-9)."""
        return self._phase == "over"

    @property
    def balances(self) -> tuple[int, ...]:
        """Every seat's balance (the bank not included)."""
        return tuple(self._balances)

    @property
    def bank(self) -> int:
        """What the bank holds now."""
        return self._bank

    @property
    def coup(self) -> int:
        """The number of coups started so far."""
        return self._coup

    @property
    def shoe_size(self) -> int:
        """Cards left in the shoe."""
        return len(self._shoe)

    @property
    def moves(self) -> tuple[str, ...]:
        """Every move played so far, in text notation."""
        return tuple(self._moves)

    @property
    def record(self) -> BankingRecord:
        """The replayable record of this game: its setup and every move."""
        return BankingRecord(
            players=self.arrival,
            options=self.options,
            seed=self.seed,
            stack=self.stack,
            balances=self.initial_balances,
            moves=tuple(self._moves),
        )

    def to_json(self) -> str:
        """The whole state as JSON text ([`from_json`][makao.banking.BankingGame.from_json] reads it
        back)."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> BankingGame:
        """Rebuild a game from [`to_json`][makao.banking.BankingGame.to_json] text;
        [`StateError`][makao.errors.StateError] if the text is corrupt or describes an impossible
        position."""
        game = cls.__new__(cls)
        state_from_json(game, text)
        game.opening_events = ()
        return game

    def _check_seat(self, seat: object) -> int:
        """``seat`` itself if it is a seat at this table; else
        [`IllegalMoveError`][makao.errors.IllegalMoveError]."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise SeatError(f"no seat {shown(seat, 40)}: seats are 0…{self.players - 1}")
        return seat

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards (all of them: this is the omniscient game, not a view)."""
        return tuple(self._hands[self._check_seat(seat)])

    def stake_range(self, seat: int) -> tuple[int, int]:
        """The stakes ``seat`` may place now as ``(low, high)``; empty if ``low > high``.

        The bank must cover the most every stake can win, and a punter's balance the most
        the stake can lose (3× in the classic payout), so no balance can go negative.
        """
        return super().stake_range(self._check_seat(seat))

    def result(self, seat: int) -> HandResult:
        """The current result of ``seat``'s hand (their first hand while untouched)."""
        return super().result(self._check_seat(seat))

    def can_buy(self, seat: int) -> bool:
        """Whether ``seat`` may still buy (or redraw) this coup (MB-6)."""
        return super().can_buy(self._check_seat(seat))

    def card_count(self) -> int:
        """Cards in shoe, hands and discards together: always 104."""
        return len(self._shoe) + len(self._discards) + sum(len(h) for h in self._hands)

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the seat to act may play now (empty when the game is over)."""
        seat = self._to_act
        if seat is None:
            return ()
        if self._phase == "stake":
            low, high = self.stake_range(seat)
            return tuple(Stake(amount) for amount in range(low, high + 1))
        buy: Move = Redraw() if self.options.redraw and self._draws[seat] else Draw()
        return (buy,) if self._must_buy(seat) else (buy, Stand())

    def _must_buy(self, seat: int) -> bool:
        below = self.options.must_draw_below
        result = self.result(seat)
        return below is not None and result.points < below

    def view(self, seat: int) -> BankingView:
        """What ``seat`` may know now (MB-10): never another's hidden card or the shoe order."""
        return make_view(self, self._check_seat(seat))

    def clone(self) -> BankingGame:
        """An independent copy (cards are shared: they are immutable)."""
        twin = copy.copy(self)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        for name in ("_shoe", "_discards", "_seen", "_draws", "_stakes", "_balances", "_moves"):
            setattr(twin, name, list(getattr(self, name)))
        twin._hands = [list(hand) for hand in self._hands]
        twin._discarded = [list(cards) for cards in self._discarded]
        return twin

    # --- changing the game ----------------------------------------------------------------

    def play(self, move: str | Move) -> tuple[ev.BankingEvent, ...]:
        """Play ``move`` for the seat to act and return the events it caused.

        Raises [`InvalidMoveError`][makao.errors.InvalidMoveError] for text that is no move,
        [`IllegalMoveError`][makao.errors.IllegalMoveError] for a move the rules forbid now, and
        [`GameOverError`][makao.errors.GameOverError] after the end; the game is then unchanged.
        """
        parsed = parse_move(move)
        seat = self._check(parsed)
        events: list[ev.BankingEvent] = []
        self._moves.append(str(parsed))
        if isinstance(parsed, Stake):
            self._stakes[seat] = parsed.amount
            events.append(ev.StakePlaced(seat, parsed.amount))
            self._next_staker(events, seat)
        elif isinstance(parsed, Stand):
            events.append(ev.Stood(seat))
            self._next_drawer(events, seat)
        else:
            self._buy(seat, events, redraw=isinstance(parsed, Redraw))
        self._advance(events)
        return tuple(events)

    def _check(self, move: Move) -> int:
        seat = self._to_act
        if seat is None:
            raise GameOverError(f"the game is over; no move is allowed (tried {_said(move)})")
        if isinstance(move, Stake) and self._phase == "stake":
            low, high = self.stake_range(seat)
            if not low <= move.amount <= high:
                raise IllegalMoveError(
                    f"seat {seat} may stake {_span(low, high)} now, not {shown(move.amount, 200)} "
                    "(table limits, balance and what the bank can cover)"
                )
            return seat
        if self._phase == "stake":  # never list the stakes: their range may be wide
            what = _span(*self.stake_range(seat))
            raise IllegalMoveError(f"{move} is not allowed now: seat {seat} may play stake {what}")
        if move not in self.legal_moves():
            allowed = ", ".join(map(str, self.legal_moves()))
            raise IllegalMoveError(
                f"{_said(move)} is not allowed now: seat {seat} may play {allowed}"
            )
        return seat


def _said(move: Move) -> str:
    """``move`` in an error message: a stake's amount shown short (`shown`), since an
    amount too long to write as text would make ``str(move)`` fail."""
    return f"stake {shown(move.amount, 200)}" if isinstance(move, Stake) else str(move)


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}…{high}"
