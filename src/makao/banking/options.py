"""The options of the banking game: one frozen value, keyword-only, validated on creation.

``macao()`` and ``victoria()`` build the two named variants; every option of the rules
(``MB-1`` … ``MB-11``) is a keyword argument of both.
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from makao._text import shown
from makao.errors import SetupError

__all__ = [
    "MAX_BALANCE",
    "MAX_ROUNDS",
    "MAX_STAKE_CHOICES",
    "BankingOptions",
    "macao",
    "victoria",
]

Payout = Literal["classic", "even"]
OverNine = Literal["mod10", "bust"]
BankPasses = Literal["when_shoe_empty", "every_coup"]

MAX_STAKE_CHOICES = 10_000
"""Every stake from ``min_stake`` to ``max_stake`` is a legal move, listed one by one, so
the table limits may span at most this many amounts."""
MAX_ROUNDS = 100
"""The most ``rounds`` a game may last (each player holds the bank ``rounds`` times)."""
MAX_BALANCE = 10**18 - 1
"""The most a starting balance may hold: 18 digits, as a stake's text (a save writes
every balance, and Python writes no integer of more than 4,300 digits)."""


def _at_most_a_balance(name: str, value: int) -> None:
    """A `SetupError` for an amount of money beyond `MAX_BALANCE` (a save writes it)."""
    if value > MAX_BALANCE:
        raise SetupError(f"{name} must be at most {MAX_BALANCE}, not {shown(value, 60)}")


def _int(name: str, value: object, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(f"{name} must be a whole number, not {shown(value, 200)}")
    if value < low or (high is not None and value > high):
        # a bound may be another option's value, as long as any (``min_stake`` ≤ ``max_stake``)
        allowed = f"{shown(low)}…{shown(high)}" if high is not None else f"at least {shown(low)}"
        raise SetupError(f"{name} must be {allowed}, not {shown(value, 60)}")
    return value


def _choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise SetupError(
            f"{name} must be one of {', '.join(map(repr, allowed))}, not {shown(value, 200)}"
        )


@attrs.frozen(kw_only=True)
class BankingOptions:
    """Every option of Macao (rule ids in brackets); build with
    [`macao`][makao.banking.macao]/[`victoria`][makao.banking.victoria].

    ``min_stake``, ``max_stake``, ``starting_balance`` and ``bank`` are the table's agreed
    limits (MB-3): ``bank=None`` means each banker stakes their whole balance as the bank.
    """

    fixed_stake: int | None = None  # MB-3
    min_stake: int = 1  # MB-3
    max_stake: int = 100  # MB-3
    starting_balance: int = 1000  # MB-3
    bank: int | None = None  # MB-3
    cards_dealt: int = 1  # MB-4
    over_nine: OverNine = "mod10"  # MB-5
    must_draw_below: int | None = None  # MB-6
    max_draws: int = 1  # MB-6
    redraw: bool = False  # MB-6
    payout: Payout = "classic"  # MB-8
    banker_naturals_multiply: bool = True  # MB-8
    rounds: int = 1  # MB-9
    bank_passes: BankPasses = "when_shoe_empty"  # MB-9

    def __attrs_post_init__(self) -> None:
        """Check every value; raise [`SetupError`][makao.errors.SetupError] naming the bad one."""
        _int("min_stake", self.min_stake, 1)
        _at_most_a_balance("min_stake", self.min_stake)
        _int("max_stake", self.max_stake, self.min_stake)
        _at_most_a_balance("max_stake", self.max_stake)
        if self.max_stake - self.min_stake >= MAX_STAKE_CHOICES:
            raise SetupError(
                f"max_stake - min_stake must be below {MAX_STAKE_CHOICES} (every amount "
                f"between them is a legal move), not {shown(self.max_stake - self.min_stake, 60)}"
            )
        _int("starting_balance", self.starting_balance, 0)
        _at_most_a_balance("starting_balance", self.starting_balance)
        if self.fixed_stake is not None:
            _int("fixed_stake", self.fixed_stake, self.min_stake, self.max_stake)
        if self.bank is not None:
            _int("bank", self.bank, 1)
            _at_most_a_balance("bank", self.bank)
        _int("cards_dealt", self.cards_dealt, 1, 3)
        _choice("over_nine", self.over_nine, ("mod10", "bust"))
        if self.must_draw_below is not None:
            _int("must_draw_below", self.must_draw_below, 1, 10)
        _int("max_draws", self.max_draws, 0, 3)
        for name in ("redraw", "banker_naturals_multiply"):
            if not isinstance(getattr(self, name), bool):
                raise SetupError(
                    f"{name} must be True or False, not {shown(getattr(self, name), 200)}"
                )
        _choice("payout", self.payout, ("classic", "even"))
        _int("rounds", self.rounds, 1, MAX_ROUNDS)
        _choice("bank_passes", self.bank_passes, ("when_shoe_empty", "every_coup"))
        if self.bank_passes == "every_coup" and self.rounds != 1:
            raise SetupError(
                "rounds applies only to bank_passes='when_shoe_empty'; with 'every_coup' "
                "play ends when the shoe runs out"
            )

    @property
    def punter_win_multiplier(self) -> int:
        """The most a punter can win per unit of stake (3 on a classic natural nine)."""
        return 3 if self.payout == "classic" else 1

    @property
    def punter_loss_multiplier(self) -> int:
        """The most a punter can lose per unit of stake (3 against a banker's nine)."""
        classic = self.payout == "classic"
        return 3 if classic and self.banker_naturals_multiply else 1

    @property
    def draw_cards(self) -> int:
        """The most cards one punter can take by buying in one coup (MB-6)."""
        if self.max_draws == 0:
            return 0
        if not self.redraw:
            return self.max_draws
        return 1 + (self.max_draws - 1) * (self.cards_dealt + 1)

    def coup_cards(self, players: int) -> int:
        """Cards a full coup may need with ``players`` at the table (banker included): a
        whole number ≥ 1 (a `SetupError` otherwise)."""
        _int("players", players, 1)
        punters = players - 1
        return players * self.cards_dealt + punters * self.draw_cards

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dictionary."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> BankingOptions:
        """Rebuild options from [`to_dict`][makao.banking.BankingOptions.to_dict] output (SetupError
        on unknown keys)."""
        if not isinstance(data, dict):
            raise SetupError(f"options must be a mapping, not {type(data).__name__}")
        known = {field.name for field in attrs.fields(cls)}
        unknown = sorted(str(key) for key in data if key not in known)
        if unknown:
            raise SetupError(f"unknown option(s) {', '.join(unknown)}; known: {sorted(known)}")
        return cls(**data)


def macao(**options: Any) -> BankingOptions:
    """Macao as the source describes it: one card each, one buy, classic payout."""
    try:
        return BankingOptions(**options)
    except TypeError as error:
        raise SetupError(f"bad option: {error}") from None


def victoria(**options: Any) -> BankingOptions:
    """Victoria: Macao with two cards dealt to everybody and no buying (MB-4, MB-6)."""
    return macao(**({"cards_dealt": 2, "max_draws": 0} | options))
