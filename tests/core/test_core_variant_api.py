"""A variant's names mean one thing each (Variant.rules, Variant.compiled), and its
string options are Literal types checked on construction (PL-4, PL-12, PL-27, RU-4,
RU-8, RU-11, UM-27)."""

from __future__ import annotations

import re
import typing
from collections.abc import Sequence

import attrs
import pytest

from makao import Game, SetupError, Variant, variants
from makao.cards import Card, Rank
from makao.rules import (
    BattleCards,
    CardRule,
    Effect,
    LastCardCall,
    RankDemandCards,
    StartRule,
    SuitDemandCards,
    TurnRule,
    Wild,
)
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


POLISH = variants.polish()


@pytest.mark.parametrize("rules", ["", "abc", b""], ids=repr)
def test_a_variants_rules_given_as_text_are_refused_as_no_sequence(rules: object) -> None:
    """Rules passed as a string are refused as such, not read as a sequence of letters."""
    with pytest.raises(SetupError, match="sequence of Rule objects"):
        Variant("x", rules)  # type: ignore[arg-type]


def test_a_variant_refuses_a_rule_that_is_no_rule_object() -> None:
    """A variant's rules must all be `Rule` objects: a stray value is a `SetupError`."""
    with pytest.raises(SetupError, match="must be Rule objects, not 5"):
        Variant("x", (*POLISH.rules, 5))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"name": ""}, "name is a non-empty string"),
        ({"description": 5}, "description is a string"),
        ({"options": ""}, "options are a mapping"),
        ({"options": b"ab"}, "options are a mapping"),
        ({"options": [("decks", 1, 2)]}, "(name, value) pairs"),
        ({"options": [(1, 2)]}, "(name, value) pairs"),
    ],
    ids=repr,
)
def test_a_variants_name_description_and_options_are_checked(
    change: dict[str, object], words: str
) -> None:
    """An empty name, a non-text description and options that are not named pairs are
    refused with a `SetupError` saying which."""
    fields: dict[str, object] = {"name": "x", "rules": POLISH.rules} | change
    with pytest.raises(SetupError, match=re.escape(words)):
        Variant(**fields)  # type: ignore[arg-type]


def test_rule_ids_lists_each_id_once_in_the_order_first_cited() -> None:
    """PL-12 cited again by an added rule is listed once, where Polish first cites it."""
    extended = POLISH.with_rules(Wild(frozenset(), ids=("PL-12", "HOUSE-1")))
    assert extended.rule_ids == (*POLISH.rule_ids, "HOUSE-1")


def test_a_derived_variant_takes_the_name_given_and_drops_the_factory_options() -> None:
    """`with_rules`, `without` and `replace` name the new variant as asked, keep the
    description, and record no factory options (the factory's no longer rebuild it)."""
    polish = variants.polish(decks=2)
    derived = [
        polish.with_rules(Wild(frozenset()), name="polish-more"),
        polish.without(Wild, name="polish-less"),
        polish.replace(Wild, Wild(frozenset()), name="polish-other"),
    ]
    assert [variant.name for variant in derived] == ["polish-more", "polish-less", "polish-other"]
    assert all(variant.options == () for variant in derived)
    assert all(variant.description == polish.description for variant in derived)
    assert polish.option_dict["decks"] == 2


@pytest.mark.parametrize("text", ["attack 5 by", "wait 2 by", "demand 7 by"])
def test_pl_12_an_effect_text_ending_in_by_is_refused_naming_the_missing_seat(text: str) -> None:
    """PL-12, PL-17: an effect's ``by`` with no seat after it is a `SetupError`, no crash."""
    with pytest.raises(SetupError, match="'by' needs a seat number"):
        POLISH.parse_effect(text)


@pytest.mark.parametrize("text", ["attack \u0663 by 0", "wait \u0663 by 0", "attack 5\u0663 by 0"])
def test_pl_12_an_effect_with_non_ascii_digits_is_refused(text: str) -> None:
    """PL-12, PL-17: digits of another script (Arabic-Indic three) are no number of cards
    or turns, although Python's ``int`` would read them."""
    with pytest.raises(SetupError, match="bad number"):
        POLISH.parse_effect(text)


@attrs.frozen
class _Picky(CardRule):
    """A user's rule whose effect reader fails in its own ways on ``picky`` texts."""

    def covers(self, card: Card) -> bool:
        """No card."""
        return False

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Refuse ``picky setup`` in its own words; index past the end for ``picky``."""
        if list(words) == ["picky", "setup"]:
            raise SetupError("picky: my own message")
        if words[:1] == ["picky"]:
            Rank.parse(words[5])  # an IndexError for a short text
        return None


def test_a_rules_own_setup_error_reading_an_effect_passes_unchanged() -> None:
    """A rule's own `SetupError` reaches the caller as the rule wrote it."""
    variant = POLISH.with_rules(_Picky())
    with pytest.raises(SetupError) as caught:
        variant.parse_effect("picky setup")
    assert str(caught.value) == "picky: my own message"


def test_a_rules_lookup_error_reading_an_effect_becomes_a_setup_error() -> None:
    """A rule's `IndexError` (a `LookupError`) on a bad text is a `SetupError` naming it."""
    variant = POLISH.with_rules(_Picky())
    with pytest.raises(SetupError, match="has no effect written 'picky'"):
        variant.parse_effect("picky")


def test_replace_puts_the_new_rule_once_where_the_first_old_one_was() -> None:
    """Two rules of the replaced type give way to one copy of the new rule, at the first
    one's position; the other rules keep their order."""
    doubled = POLISH.with_rules(Wild(frozenset(), ids=("HOUSE-1",)))
    first = next(i for i, rule in enumerate(doubled.rules) if isinstance(rule, Wild))
    new = Wild(frozenset(), ids=("HOUSE-2",))
    replaced = doubled.replace(Wild, new)
    assert replaced.rules.count(new) == 1 and replaced.rules[first] == new
    assert [r for r in replaced.rules if r != new] == [
        r for r in doubled.rules if not isinstance(r, Wild)
    ]


def test_replace_refuses_a_rule_type_the_variant_does_not_have() -> None:
    """Replacing a type the variant has no rule of is a `SetupError`, not a no-op."""
    with pytest.raises(SetupError, match="polish has no _Picky rule to replace"):
        POLISH.replace(_Picky, Wild(frozenset()))


@pytest.mark.parametrize("kind", [int, Card, Wild(frozenset())], ids=repr)
def test_without_and_replace_take_only_rule_classes(kind: object) -> None:
    """A class that is no `Rule` subclass (or a rule object) is refused by name."""
    with pytest.raises(SetupError, match="expected a Rule class"):
        POLISH.without(kind)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="expected a Rule class"):
        POLISH.replace(kind, Wild(frozenset()))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "words"),
    [("attack 0 by 1", "an attack is of 1 card or more"), ("wait 0 by 1", "a wait is of 1 turn")],
)
def test_pl_12_pl_17_an_effect_of_no_cards_or_no_turns_is_refused(text: str, words: str) -> None:
    """PL-12, PL-17: every penalty is a card or more and every wait card adds a turn, so
    no position holds an attack of 0 cards or a wait of 0 turns."""
    with pytest.raises(SetupError, match=words):
        POLISH.parse_effect(text)
    with pytest.raises(SetupError, match=words):
        Game.from_position(POLISH, hands=["5h", "6h"], pile="2h", effect=text)
    assert POLISH.parse_effect(text.replace("0", "1", 1)).to_text() == text.replace("0", "1", 1)


@pytest.mark.parametrize("text", ["attack 5 of x by 0", "attack 5 by 0 of", "attack 5 of 3 by 0"])
def test_pl_12_an_attack_of_a_rank_the_battle_cards_lack_is_refused(text: str) -> None:
    """PL-12: Polish battle cards are of several ranks, so ``of R`` (Mao's way of naming
    its one battle rank, UM-11) names none of them, and a word that is no rank never does."""
    with pytest.raises(SetupError, match="polish has no effect written"):
        POLISH.parse_effect(text)


@pytest.mark.parametrize("bad", [-1, -5, 2.5, True, "5", None])
def test_pl_3_a_start_rule_refuses_a_hand_size_that_is_no_count_of_cards(bad: object) -> None:
    """PL-3: a hand size is a whole number of cards, 0 or more (a negative one dealt
    cards that stayed in the stock as well)."""
    with pytest.raises(ValueError, match="hand_size"):
        StartRule(hand_size=bad)  # type: ignore[arg-type]
    assert StartRule(hand_size=0).hand_size == 0 and StartRule().hand_size == 5


@pytest.mark.parametrize(
    "text", ["attack", "attack x", "attack x by 0", "attack 2 of", "wait", "wait x", "demand"]
)
def test_pl_12_pl_17_pl_21_a_rule_reads_a_text_not_its_effect_as_none(text: str) -> None:
    """PL-12, PL-17, PL-21: a rule's ``parse_effect`` answers None, raising nothing, for a
    text it cannot read (a short one, a number that is no number)."""
    for rule in POLISH.rules:
        if isinstance(rule, CardRule):
            assert rule.parse_effect(text.split()) is None, rule


def test_pl_12_a_by_with_no_seat_is_refused_and_crashes_no_rule() -> None:
    """PL-12: ``by`` with no seat number after it is refused by the variant, naming why;
    the rule read on its own raises nothing (the variant checks the text read back)."""
    battle = next(rule for rule in POLISH.rules if isinstance(rule, BattleCards))
    for text in ("attack 2 by", "attack 2 by x"):
        battle.parse_effect(text.split())
        with pytest.raises(SetupError, match="'by' needs a seat number"):
            POLISH.parse_effect(text)


@pytest.mark.parametrize(
    "text",
    ["attack 2 by", "attack 2 back by", "wait 2 by", "demand 7 by", "seven by", "jack h by"],
)
def test_pl_12_pl_17_pl_21_um_13_um_16_a_by_with_no_seat_is_no_text_of_a_rules_form(
    text: str,
) -> None:
    """PL-12, PL-17, PL-21, UM-13, UM-16: ``by`` is followed by a seat in every rule's form
    (``attack N by S``), so a rule read on its own answers None for a text that ends in
    ``by``, as for ``attack 2 of`` (no rule takes the seat as 0)."""
    for variant in (POLISH, variants.get("mao")):
        for rule in variant.rules:
            if isinstance(rule, CardRule):
                assert rule.parse_effect(text.split()) is None, rule


class _EqualToAnyText:
    """No string, though equal to every string."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str)

    def __hash__(self) -> int:
        return 0


def test_pl_12_pl_27_a_rule_choice_is_one_of_its_strings_not_an_object_equal_to_one() -> None:
    """PL-12, PL-27: a rule's ``answer`` or ``binds`` must be one of the strings themselves."""
    with pytest.raises(ValueError, match="answer must be one of 'match', 'same_rank'"):
        BattleCards({"2h": 2}, answer=_EqualToAnyText())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="binds must be one of 'next', 'until_covered'"):
        SuitDemandCards(binds=_EqualToAnyText())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "build",
    [
        lambda: StartRule(hand_size=-1),
        lambda: StartRule(start_card="maybe"),  # type: ignore[arg-type]
        lambda: SuitDemandCards(binds="never"),  # type: ignore[arg-type]
        lambda: BattleCards({"2h": 2}, answer="any"),  # type: ignore[arg-type]
        lambda: LastCardCall(enforcement="shout"),
        lambda: MaoStart(deal_direction=0),
        lambda: MaoStart(play_direction=True),
    ],
)
def test_pl_1_pl_29_um_1_a_rule_built_from_bad_arguments_is_a_setup_error(
    build: typing.Callable[[], object],
) -> None:
    """PL-1, PL-27, PL-29, UM-1: a rule refuses a bad argument with `SetupError`, as a
    variant does (still a ``ValueError``); ``True`` is no direction."""
    with pytest.raises(SetupError):
        build()


@pytest.mark.parametrize("text", ["demand x", "demand x by 0", "demand 2h"])
def test_pl_21_a_demand_of_no_rank_is_read_as_none(text: str) -> None:
    """PL-21: a jack's demand names a rank; a rule reading ``demand`` followed by a word
    that is no rank answers None, raising nothing, and the variant refuses the text."""
    for rule in POLISH.rules:
        if isinstance(rule, CardRule):
            assert rule.parse_effect(text.split()) is None, rule
    with pytest.raises(SetupError, match=f"polish has no effect written '{text}'$"):
        POLISH.parse_effect(text)


@pytest.mark.parametrize("text", ["suit h by 0", "suit h x", "suit h h"])
def test_pl_26_a_named_suit_is_two_words_only(text: str) -> None:
    """PL-26: a named suit reads ``suit X`` (its `to_text`); more words are no named suit."""
    changers = next(rule for rule in POLISH.rules if isinstance(rule, SuitDemandCards))
    assert changers.parse_effect(text.split()) is None
    assert changers.parse_effect(text.split()[:2]) == POLISH.parse_effect("suit h")
    with pytest.raises(SetupError, match="polish has no effect written"):
        POLISH.parse_effect(text)


@pytest.mark.parametrize("text", ["attack 2 of x by 0", "attack 2 of 2h by 0", "attack 2 of by 0"])
def test_sw_3_pl_12_an_attack_of_a_word_that_is_no_rank_is_refused(text: str) -> None:
    """PL-12, SW-3: Switch's battle cards are all 2s, so ``of 2`` names their rank; a word
    after ``of`` that is no rank names none (it is not read as some rank)."""
    switch = variants.switch()
    assert switch.parse_effect("attack 2 of 2 by 0").to_text() == "attack 2 by 0 of 2"
    with pytest.raises(SetupError, match="switch has no effect written"):
        switch.parse_effect(text)


@pytest.mark.parametrize("rank", ["2", "J", "Q", "K", "A"])
def test_pl_21_a_demand_of_a_rank_the_jacks_cannot_demand_is_no_effect(rank: str) -> None:
    """PL-21: a jack demands a rank 5…10 (its ``ranks``); a demand of another rank is no
    effect of the rule, so the variant refuses the text (a set-up position with it was
    taken)."""
    jacks = next(rule for rule in POLISH.rules if isinstance(rule, RankDemandCards))
    assert jacks.parse_effect(["demand", rank]) is None
    assert jacks.parse_effect(["demand", "7"]) is not None
    with pytest.raises(SetupError, match=f"polish has no effect written 'demand {rank}'$"):
        POLISH.parse_effect(f"demand {rank}")


def test_pl_26_a_named_suit_of_no_suit_is_read_as_none() -> None:
    """PL-26: read directly, ``suit x`` is no named suit (None, as ``demand x`` is), not a
    `CardParseError`."""
    changers = next(rule for rule in POLISH.rules if isinstance(rule, SuitDemandCards))
    assert changers.parse_effect(["suit", "x"]) is None


def test_pl_17_an_on_off_field_typed_by_the_bool_class_must_be_true_or_false() -> None:
    """A user's rule written without ``from __future__ import annotations`` has fields typed
    by the class ``bool``, not the text ``"bool"``: ``"no"`` is refused all the same."""
    loose = attrs.make_class(
        "Loose", {"strict": attrs.field(type=bool, default=True)}, bases=(TurnRule,), frozen=True
    )
    assert attrs.fields(loose).strict.type is bool
    polish = variants.polish()
    polish.with_rules(loose(strict=False))
    with pytest.raises(SetupError, match=r"Loose\.strict is on or off \(True or False\), not 'no'"):
        polish.with_rules(loose(strict="no"))


def test_rebuilds_tells_a_factorys_own_variant_from_one_composed_from_it() -> None:
    """`variants.rebuilds`: true for what a factory builds from its options, false for a
    variant composed from it under its name, or under a name no factory has (the one test
    of saves, matches and experiment results alike)."""
    from makao.rules import WaitCards

    polish = variants.polish()
    assert variants.rebuilds(polish) and variants.rebuilds(variants.get("polish", decks=2))
    assert not variants.rebuilds(polish.without(WaitCards))
    assert not variants.rebuilds(polish.without(WaitCards, name="no-wait"))


_RUSSIAN = variants.russian()
_MAO = variants.get("mao")


@pytest.mark.parametrize(
    ("variant", "text", "forms"),
    [
        (
            POLISH,
            "suit h by 0",
            [
                "attack N by S [back]",
                "wait N by S",
                "demand R by S (R: 5 6 7 8 9 10)",
                "suit X (X: c d h s)",
            ],
        ),
        (_RUSSIAN, "final wait 2 by 0", ["suit X (X: c d h s)", "final attack N by S"]),
        (
            _MAO,
            "multiplex 5 by 0",
            ["attack N by S of 4", "seven by S", "jack X by S (X: c d h s)", "free"],
        ),
    ],
    ids=["polish", "russian", "mao"],
)
def test_pl_26_ru_15_um_20_an_effect_text_of_no_form_lists_the_forms_the_variant_reads(
    variant: Variant, text: str, forms: list[str]
) -> None:
    """PL-26, RU-15, UM-20: an effect text none of the variant's rules reads is a
    `SetupError` that lists the forms they read (`Variant.effect_forms`, from each card
    rule's `effect_forms`), which are the texts a position's effect is written in."""
    assert set(forms) <= set(variant.effect_forms)
    with pytest.raises(SetupError) as caught:
        variant.parse_effect(text)
    message = str(caught.value)
    assert f"{variant.name} has no effect written '{text}'" in message
    assert all(form in message for form in variant.effect_forms), message
    hands = ["5h", "6h", "7h"] if variant is _MAO else ["5h", "6h"]
    with pytest.raises(SetupError, match=re.escape(forms[-1])):
        Game.from_position(variant, hands=hands, pile="9h", effect=text)


def test_a_user_rule_that_reads_effects_is_named_among_the_forms() -> None:
    """A user's card rule with a `parse_effect` of its own and no `effect_forms` is named in
    the list (it keeps working unchanged); one that reads no effect text adds nothing; one
    that gives its forms has them listed."""

    @attrs.frozen
    class Silent(CardRule):
        """No card, no effect text."""

        def covers(self, card: Card) -> bool:
            """No card."""
            return False

    @attrs.frozen
    class Told(_Picky):
        """Gives its form."""

        def effect_forms(self) -> tuple[str, ...]:
            """``picky N``."""
            return ("picky N",)

    assert Silent().effect_forms() == ()
    assert _Picky().effect_forms() == ("the texts _Picky.parse_effect reads",)
    variant = POLISH.with_rules(_Picky(), Silent(), name="user")
    assert variant.effect_forms == (*POLISH.effect_forms, "the texts _Picky.parse_effect reads")
    with pytest.raises(SetupError, match=r"_Picky\.parse_effect reads; user has no effect"):
        variant.parse_effect("sevens 2")
    assert POLISH.with_rules(Told()).effect_forms[-1] == "picky N"
    assert Variant("bare", [StartRule()]).effect_forms == ()
    with pytest.raises(SetupError, match=r"^bare reads no effect text; bare has no effect written"):
        Variant("bare", [StartRule()]).parse_effect("attack 2 by 0")


def test_pl_17_effect_forms_lists_a_form_two_rules_read_once() -> None:
    """PL-17: `Variant.effect_forms` is without repeats: a second wait rule (kings waiting
    as the fours do) reads ``wait N by S`` too, listed once, where the first was."""
    from makao.rules import WaitCards

    variant = POLISH.with_rules(WaitCards(cards="Kc Kd"))
    assert variant.effect_forms == POLISH.effect_forms
    assert variant.effect_forms.count("wait N by S") == 1


@pytest.mark.parametrize(
    ("variant", "text", "fitting"),
    [
        (POLISH, "attack 3 by 1 x", "attack 3 by 1"),
        (POLISH, "attack 3 by 1 by 0", "attack 3 by 1"),
        (POLISH, "attack 3 back back", "attack 3 back"),
        (POLISH, "wait 2 by 0 2", "wait 2 by 0"),
        (POLISH, "demand 7 by 0 by 1", "demand 7 by 0"),
        (_RUSSIAN, "final attack 2 by 0 x", "final attack 2 by 0"),
        (_MAO, "seven 2 by 1", "seven by 1"),
        (_MAO, "jack h by 1 h", "jack h by 1"),
        (_MAO, "multiplex 5 3 by 0 x", "multiplex 5 3 by 0"),
    ],
)
def test_pl_12_pl_17_pl_21_ru_15_um_13_um_16_um_20_an_effect_text_with_a_word_more_is_refused(
    variant: Variant, text: str, fitting: str
) -> None:
    """PL-12, PL-17, PL-21, RU-15, UM-13, UM-16, UM-20: an effect text with a word its form
    does not have (or a ``by`` twice, naming two seats) is no effect of the rule, as a named
    suit with a word more is not (PL-26); it was read, the extra word dropped."""
    with pytest.raises(SetupError, match=f"has no effect written '{text}'"):
        variant.parse_effect(text)
    assert variant.parse_effect(fitting).to_text().split()[:2] == fitting.split()[:2]


@pytest.mark.parametrize("count", ["0", "1"])
def test_um_20_a_multiplex_counts_two_or_more(count: str) -> None:
    """UM-20: a multiplex starts at "two" (the first identical card), so a set-up multiplex
    counting 0 or 1 is refused (a multiplex of 0 was taken, and its player drew nothing)."""
    with pytest.raises(SetupError, match=f"a multiplex counts 2 or more, not {count}"):
        _MAO.parse_effect(f"multiplex 5 {count} by 0")
    assert _MAO.parse_effect("multiplex 5 2 by 0").to_text() == "multiplex 5 2 by 0"


def test_without_refuses_a_rule_type_the_variant_does_not_have() -> None:
    """`without` of a type the variant has no rule of (a Russian rule on Polish makao) is a
    `SetupError` naming the types it has, as `replace`'s is, not a silent no-op;
    ``missing_ok=True`` skips such a type, for code stripping the same types anywhere."""
    from makao.rules import WaitCards
    from makao.variants.russian.rules import ClosingAnswer

    with pytest.raises(SetupError, match=r"polish has no ClosingAnswer rule to remove; its rules"):
        POLISH.without(ClosingAnswer)
    with pytest.raises(SetupError, match=r"its rules are: StartRule, .*WaitCards"):
        POLISH.without(Wild, ClosingAnswer)
    stripped = POLISH.without(WaitCards, ClosingAnswer, missing_ok=True)
    assert stripped.rules == POLISH.without(WaitCards).rules
    assert _RUSSIAN.without(WaitCards, missing_ok=True).rules == _RUSSIAN.rules
    with pytest.raises(SetupError, match="missing_ok is True or False, not 'yes'"):
        POLISH.without(Wild, missing_ok="yes")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="polish has no _Picky rule to replace; its rules are"):
        POLISH.replace(_Picky, Wild(frozenset()))


@pytest.mark.parametrize("name", ["", "   "])
def test_a_derived_variants_empty_or_blank_name_is_refused(name: str) -> None:
    """``name=""`` given to `with_rules`, `without` or `replace` is refused as `Variant`
    refuses it (it silently kept the old name: ``name or self.name``); a blank name is no
    name either."""
    with pytest.raises(SetupError, match="a variant's name is a non-empty string"):
        POLISH.with_rules(name=name)
    with pytest.raises(SetupError, match="a variant's name is a non-empty string"):
        POLISH.without(Wild, name=name)
    with pytest.raises(SetupError, match="a variant's name is a non-empty string"):
        POLISH.replace(Wild, Wild(frozenset()), name=name)
    with pytest.raises(SetupError, match="a variant's name is a non-empty string"):
        Variant(name, POLISH.rules)


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        (_RUSSIAN, "attack 2 by 0 back"),
        (_MAO, "attack 2 by 0 of 4 back"),
        (_MAO, "attack 3 by 1 back of 3"),
        (variants.get("mau-mau"), "attack 2 by 0 back"),
    ],
)
def test_pl_15_only_a_variant_with_backwards_cards_reads_an_attack_sent_back(
    variant: Variant, text: str
) -> None:
    """PL-15: only a K♠ sends an attack backwards; a variant whose battle cards attack only
    forwards (Russian makao, Mao's threes and fours, Mau-Mau) has no ``back`` in its form
    (``attack N by S``), so a text with it is refused, not read as a backwards attack no
    card of the variant makes."""
    with pytest.raises(SetupError, match=f"has no effect written '{text}'"):
        variant.parse_effect(text)
    assert "back" not in " ".join(variant.effect_forms)
    forward = variant.parse_effect(text.replace(" back", ""))
    assert "back" not in forward.to_text()
    assert POLISH.parse_effect("attack 5 by 0 back").to_text() == "attack 5 by 0 back"


def test_pl_17_a_user_subclass_reading_texts_of_its_own_is_named_not_its_parents_forms() -> None:
    """PL-17: a `WaitCards` of yours whose `parse_effect` reads ``pause N`` and that lists no
    forms of its own is named among the variant's forms; the inherited ``wait N by S``,
    which it no longer reads, is not listed (the error said that the variant reads
    ``wait N by S`` and has no effect written ``wait 2 by 0``). A subclass that lists its
    forms again has them listed."""
    from makao.rules import WaitCards
    from makao.rules.wait import WaitEffect

    @attrs.frozen
    class Pause(WaitCards):
        """Reads ``pause N``."""

        def parse_effect(self, words: Sequence[str]) -> Effect | None:
            """``pause N``."""
            if len(words) == 2 and words[0] == "pause" and words[1].isdigit():
                return WaitEffect(int(words[1]), 0, self)
            return None

    @attrs.frozen
    class Listed(Pause):
        """Reads ``pause N`` and says so."""

        def effect_forms(self) -> tuple[str, ...]:
            """``pause N``."""
            return ("pause N",)

    fours = "4c 4d 4h 4s"
    variant = POLISH.replace(WaitCards, Pause(cards=fours), name="paused")
    assert "wait N by S" not in variant.effect_forms
    assert "the texts Pause.parse_effect reads" in variant.effect_forms
    with pytest.raises(SetupError) as caught:
        variant.parse_effect("wait 2 by 0")
    assert "wait N by S" not in str(caught.value)
    paused = variant.parse_effect("pause 2")
    assert isinstance(paused, WaitEffect) and paused.turns == 2
    listed = POLISH.replace(WaitCards, Listed(cards=fours), name="listed")
    assert "pause N" in listed.effect_forms and "wait N by S" not in listed.effect_forms
    assert POLISH.effect_forms[1] == "wait N by S"
