"""A variant's names mean one thing each (Variant.rules, Variant.compiled), and its
string options are Literal types checked on construction (PL-4, PL-12, PL-27, RU-4,
RU-8, RU-11, UM-27)."""

from __future__ import annotations

import typing

import pytest

from makao import SetupError, Variant, variants
from makao.cards import Card
from makao.rules import BattleCards, StartRule, SuitDemandCards
from makao.rules.attack import Answer
from makao.rules.base import StartCard
from makao.rules.demand import Binds
from makao.tables import RuleSet
from makao.variants.mao.talk import IllegalPlay, MaoStart, Misplays


def test_rules_are_the_rule_objects_passed_in_and_compiled_the_engines_tables() -> None:
    polish = variants.polish()
    rebuilt = Variant("polish-copy", rules=polish.rules)
    assert rebuilt.rules == polish.rules and isinstance(rebuilt.rules, tuple)
    assert isinstance(rebuilt.compiled, RuleSet) and rebuilt.compiled.start == polish.compiled.start
    assert polish.with_rules().rules == polish.rules


def test_rule_objects_is_a_deprecated_alias_of_rules() -> None:
    polish = variants.polish()
    with pytest.deprecated_call():
        assert polish.rule_objects == polish.rules


@pytest.mark.parametrize(
    ("build", "kind"),
    [
        (lambda v: StartRule(start_card=v), StartCard),
        (lambda v: MaoStart(start_card=v), StartCard),
        (lambda v: SuitDemandCards(binds=v), Binds),
        (lambda v: BattleCards({Card.parse("2h"): 2}, answer=v), Answer),
        (lambda v: Misplays(illegal_play=v), IllegalPlay),
    ],
)
def test_string_options_are_literals_and_other_strings_are_refused(
    build: typing.Callable[[object], object], kind: object
) -> None:
    assert typing.get_origin(kind) is typing.Literal
    for value in typing.get_args(kind):
        build(value)
    for bad in ("nope", None, 1):
        with pytest.raises(ValueError, match="must be one of"):
            build(bad)


def test_a_variant_factorys_literal_option_is_checked_by_name() -> None:
    assert variants.mao(illegal_play="penalize").option_dict["illegal_play"] == "penalize"
    with pytest.raises(SetupError, match="illegal_play must be one of 'reject', 'penalize'"):
        variants.mao(illegal_play="fine")  # type: ignore[arg-type]
