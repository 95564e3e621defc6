"""Macao, the 18th-century banking game of the baccarat family, and Victoria (MB-1 … MB-11).

One banker against any number of punters: one card each (two in Victoria), buys, a
showdown and settlement. Built on the library's cards, decks and seeded shuffle:

    from makao.banking import BankingGame, macao

    game = BankingGame(3, macao(fixed_stake=10), seed=7)
    game.play("stake 10")

[`makao.banking.odds`][makao.banking.odds] computes the exact odds of a coup.
"""

from __future__ import annotations

from makao.banking import odds
from makao.banking.bots import Bot, DrawBelow, OptimalPunter, play_out
from makao.banking.events import (
    BankingEvent,
    BankOpened,
    BankPassed,
    CardDealt,
    CardDrawn,
    CoupEnded,
    CoupStarted,
    GameOver,
    HandDiscarded,
    HandShown,
    SatOut,
    SeatsCut,
    Settled,
    StakePlaced,
    Stood,
    redact,
)
from makao.banking.game import BankingGame
from makao.banking.moves import Draw, Move, Redraw, Stake, Stand, parse_move
from makao.banking.options import BankingOptions, macao, victoria
from makao.banking.record import BankingRecord
from makao.banking.scoring import HandResult, card_points, hand_result, payoff
from makao.banking.view import BankingView

__all__ = [
    "BankOpened",
    "BankPassed",
    "BankingEvent",
    "BankingGame",
    "BankingOptions",
    "BankingRecord",
    "BankingView",
    "Bot",
    "CardDealt",
    "CardDrawn",
    "CoupEnded",
    "CoupStarted",
    "Draw",
    "DrawBelow",
    "GameOver",
    "HandDiscarded",
    "HandResult",
    "HandShown",
    "Move",
    "OptimalPunter",
    "Redraw",
    "SatOut",
    "SeatsCut",
    "Settled",
    "Stake",
    "StakePlaced",
    "Stand",
    "Stood",
    "card_points",
    "hand_result",
    "macao",
    "odds",
    "parse_move",
    "payoff",
    "play_out",
    "redact",
    "victoria",
]
