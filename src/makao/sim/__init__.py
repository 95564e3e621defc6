"""Experiments: simulate many games of a variant between bots, and compare variants.

* [`simulate`][makao.sim.simulate] → [`SimResult`][makao.sim.SimResult] (wins and places per seat
  and per bot, game length, blocked and truncated games, penalties, effect usage, first-player
  advantage, lead changes, decisiveness -- each with a 95 % confidence interval);
* [`compare`][makao.sim.compare] → [`Comparison`][makao.sim.Comparison] (two variants side by side,
  each difference with its interval and p-value, independent or paired game by game);
* [`play_game`][makao.sim.play_game] -- one game, and the loop's rules for asking bots
  ([`makao.sim.play`][makao.sim.play]).
"""

from __future__ import annotations

from makao.seeding import derive_seed
from makao.sim.play import GameRecord, play_game
from makao.sim.results import Comparison, PerGame, SimResult
from makao.sim.run import Progress, compare, simulate
from makao.sim.spec import parse_bot, parse_variant
from makao.sim.stats import Difference, Estimate

__all__ = [
    "Comparison",
    "Difference",
    "Estimate",
    "GameRecord",
    "PerGame",
    "Progress",
    "SimResult",
    "compare",
    "derive_seed",
    "parse_bot",
    "parse_variant",
    "play_game",
    "simulate",
]
