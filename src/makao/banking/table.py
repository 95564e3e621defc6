"""The table state of a banking game and the automatic steps between decisions.

[`Table`][makao.banking.table.Table] holds the state; its private methods run everything that needs
no decision (opening a bank, the deal, the showdown, settlement, passing the bank) and stop at the
next seat to act. [`BankingGame`][makao.banking.BankingGame] adds the public API on top.
"""

from __future__ import annotations

import random

from makao.banking import events as ev
from makao.banking.options import BankingOptions
from makao.banking.scoring import HandResult, describe, hand_result, payoff
from makao.banking.seating import new_shoe
from makao.cards import Card

__all__ = ["Table"]

Events = list[ev.BankingEvent]


class Table:
    """The mutable state of one banking game (see [`BankingGame`][makao.banking.BankingGame] for the
    API)."""

    options: BankingOptions
    names: tuple[str, ...]
    arrival: tuple[str, ...]
    seed: int
    stack: tuple[Card, ...]
    initial_balances: tuple[int, ...]
    _rng: random.Random
    _shoe: list[Card]
    _discards: list[Card]
    _seen: list[Card]
    #: Each seat's own cards discarded face down on a redraw since the shoe was shuffled
    #: (MB-6): that seat saw them, nobody else did.
    _discarded: list[list[Card]]
    _hands: list[list[Card]]
    _draws: list[int]
    _stakes: list[int | None]
    _balances: list[int]
    _bank: int
    _banker: int
    _banks_opened: int
    _idle_banks: int
    _phase: str
    _to_act: int | None
    _coup: int
    _moves: list[str]
    #: Set when a bank has passed and the next must open; `_advance` opens it. A loop
    #: instead of a call, so a long run of banks nobody can stake against cannot overflow
    #: the stack.
    _reopen: bool = False

    @property
    def players(self) -> int:
        """How many players sit at the table (banker included)."""
        return len(self.names)

    def _punters_after(self, seat: int) -> range:
        """Seats of the punters after ``seat`` in turn order, from the banker's left (MB-6)."""
        start = (seat - self._banker) % self.players + 1
        return range(start, self.players)

    def _seat(self, offset: int) -> int:
        return (self._banker + offset) % self.players

    # --- stakes (MB-3) -------------------------------------------------------------------

    def stake_range(self, seat: int) -> tuple[int, int]:
        """The stakes ``seat`` may place now as ``(low, high)``; empty if ``low > high``.

        The bank must cover the most every stake can win, and a punter's balance the most
        the stake can lose (3× in the classic payout), so no balance can go negative.
        """
        opts = self.options
        low = opts.fixed_stake or opts.min_stake
        high = opts.fixed_stake or opts.max_stake
        staked = sum(stake or 0 for stake in self._stakes)
        free = self._bank - staked * opts.punter_win_multiplier
        high = min(
            high,
            self._balances[seat] // opts.punter_loss_multiplier,
            free // opts.punter_win_multiplier,
        )
        return low, high

    def _next_staker(self, events: Events, after: int) -> None:
        for offset in self._punters_after(after):
            seat = self._seat(offset)
            low, high = self.stake_range(seat)
            if low <= high:
                self._phase, self._to_act = "stake", seat
                return
            enough = self._balances[seat] // self.options.punter_loss_multiplier >= low
            events.append(ev.SatOut(seat, "bank" if enough else "balance"))
        if not any(self._stakes):
            self._end_bank(events, "no_stakes")
        else:
            self._deal(events)

    # --- the coup (MB-4 … MB-8) ----------------------------------------------------------

    def _open_bank(self, events: Events) -> None:
        if self.options.bank_passes == "when_shoe_empty" or self._banks_opened == 0:
            self._gather()
            self._shoe = new_shoe(self._rng, self.stack if self._banks_opened == 0 else ())
            self._seen = []
            self._discarded = [[] for _ in self.names]
        self._banks_opened += 1
        banker = self._banker
        amount = self._balances[banker]
        if self.options.bank is not None:
            amount = min(amount, self.options.bank)
        lowest = (self.options.fixed_stake or self.options.min_stake) * (
            self.options.punter_win_multiplier
        )
        if amount < lowest:
            self._end_bank(events, "cannot_bank")
            return
        self._balances[banker] -= amount
        self._bank = amount
        events.append(ev.BankOpened(banker, amount))
        self._start_coup(events)

    def _gather(self) -> None:
        for hand in self._hands:
            self._discards.extend(hand)
            hand.clear()
        self._shoe.extend(self._discards)
        self._discards.clear()

    def _start_coup(self, events: Events) -> None:
        if len(self._shoe) < self.options.coup_cards(self.players):
            self._end_bank(events, "shoe_empty")
            return
        self._coup += 1
        self._stakes = [None] * self.players
        self._draws = [0] * self.players
        events.append(ev.CoupStarted(self._coup, self._banker))
        self._next_staker(events, self._banker)

    def _deal(self, events: Events) -> None:
        order = [self._seat(o) for o in self._punters_after(self._banker)]
        order = [seat for seat in order if self._stakes[seat]] + [self._banker]
        for _ in range(self.options.cards_dealt):
            for seat in order:
                card = self._shoe.pop()
                self._hands[seat].append(card)
                events.append(ev.CardDealt(seat, card))
        self._next_drawer(events, self._banker)

    def result(self, seat: int) -> HandResult:
        """The current result of ``seat``'s hand (their first hand while untouched)."""
        first = self._draws[seat] == 0
        return hand_result(self._hands[seat], self.options, first_hand=first)

    def can_buy(self, seat: int) -> bool:
        """Whether ``seat`` may still buy (or redraw) this coup (MB-6)."""
        return self._draws[seat] < self.options.max_draws and not self.result(seat).bust

    def _next_drawer(self, events: Events, after: int) -> None:
        for offset in self._punters_after(after):
            seat = self._seat(offset)
            if self._stakes[seat] and self.can_buy(seat):
                self._phase, self._to_act = "draw", seat
                return
        self._showdown(events)

    def _buy(self, seat: int, events: Events, *, redraw: bool) -> None:
        hand = self._hands[seat]
        count = 1
        if redraw:
            count = len(hand)
            events.append(ev.HandDiscarded(seat, tuple(hand)))
            self._discards.extend(hand)
            self._discarded[seat].extend(hand)
            hand.clear()
        for _ in range(count):
            card = self._shoe.pop()
            hand.append(card)
            events.append(ev.CardDrawn(seat, card))
        self._draws[seat] += 1
        if not self.can_buy(seat):
            self._next_drawer(events, seat)

    def _showdown(self, events: Events) -> None:
        banker = self._banker
        punters = [self._seat(o) for o in self._punters_after(banker)]
        punters = [seat for seat in punters if self._stakes[seat]]
        bank_hand = self.result(banker)
        for seat in [banker, *punters]:  # MB-7: the banker turns first
            shown = tuple(self._hands[seat])
            events.append(ev.HandShown(seat, shown, self.result(seat).points))
            self._seen.extend(shown)
        for seat in punters:
            stake = self._stakes[seat] or 0
            mine = self.result(seat)
            amount = stake * payoff(mine, bank_hand, self.options)
            self._balances[seat] += amount
            self._bank -= amount
            events.append(ev.Settled(seat, amount, describe(mine, bank_hand, self.options)))
        for hand in self._hands:
            self._discards.extend(hand)
            hand.clear()
        self._stakes = [None] * self.players
        events.append(ev.CoupEnded(self._coup, self._bank))
        self._idle_banks = 0
        if self.options.bank_passes == "every_coup":
            self._end_bank(events, "every_coup")
        else:
            self._start_coup(events)

    # --- passing the bank (MB-9) ---------------------------------------------------------

    def _end_bank(self, events: Events, reason: str) -> None:
        banker = self._banker
        returned = self._bank
        self._balances[banker] += returned
        self._bank = 0
        self._phase, self._to_act = "over", None
        if reason in ("no_stakes", "cannot_bank"):
            self._idle_banks += 1
        if self._game_ends(reason):
            events.append(ev.BankPassed(banker, returned, reason, None))
            events.append(ev.GameOver(tuple(self._balances)))
            return
        self._banker = (banker + 1) % self.players
        events.append(ev.BankPassed(banker, returned, reason, self._banker))
        self._reopen = True

    def _advance(self, events: Events) -> None:
        """Open the banks that have passed until a seat must act or the game ends (MB-9).

        Every bank opened here without a seat to act either passes idle or ends the game's
        last round, so one call opens at most ``players × rounds`` banks (``rounds`` is 1
        with ``bank_passes="every_coup"``). Past that bound the engine itself is wrong: it
        says so with a `RuntimeError` rather than pass the bank for ever."""
        most = self.players * self.options.rounds
        opened = 0
        while self._reopen:
            if opened == most:
                rounds = self.options.rounds
                raise RuntimeError(
                    f"banking engine bug: the bank passed {opened} times with no seat to act "
                    f"and the game not over ({self.players} players, rounds={rounds}); "
                    "please report it"
                )
            opened += 1
            self._reopen = False
            self._open_bank(events)

    def _game_ends(self, reason: str) -> bool:
        if self.options.bank_passes == "every_coup":
            if len(self._shoe) < self.options.coup_cards(self.players):
                return True
            return self._idle_banks >= self.players
        return self._banks_opened >= self.players * self.options.rounds
