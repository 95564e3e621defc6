"""Rule objects: the building blocks variants are composed of.

See [`makao.rules.base`][makao.rules.base] for the interface a rule implements, and
[`Table`][makao.rules.base.Table] for what a rule sees of a game (the narrow contract).
"""

from makao.rules.attack import AttackEffect, BattleCards
from makao.rules.base import (
    CardRule,
    CardSetRule,
    DrawRule,
    Effect,
    FinishRule,
    Pending,
    PlayRule,
    Rule,
    Setup,
    StartRule,
    Stateful,
    Table,
    TurnRule,
    WildRule,
)
from makao.rules.calls import FinishCall, LastCardCall
from makao.rules.demand import (
    RankDemand,
    RankDemandCards,
    SuitDemand,
    SuitDemandCards,
    leave_as_plain_card,
)
from makao.rules.direction import ReverseCards
from makao.rules.wait import SkipCards, WaitCards, WaitEffect
from makao.rules.wild import Wild

__all__ = [
    "AttackEffect",
    "BattleCards",
    "CardRule",
    "CardSetRule",
    "DrawRule",
    "Effect",
    "FinishCall",
    "FinishRule",
    "LastCardCall",
    "Pending",
    "PlayRule",
    "RankDemand",
    "RankDemandCards",
    "ReverseCards",
    "Rule",
    "Setup",
    "SkipCards",
    "StartRule",
    "Stateful",
    "SuitDemand",
    "SuitDemandCards",
    "Table",
    "TurnRule",
    "WaitCards",
    "WaitEffect",
    "Wild",
    "WildRule",
    "leave_as_plain_card",
]
