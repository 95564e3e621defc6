"""`Game.from_position` takes only what the rules can hold: public state that takes (a
name a rule keeps, a value its state shows, a seat of the table), hands that are not empty
for seats still playing (PL-32), and effect texts that say one effect (Mao's attacks of
threes and fours, UM-8, UM-11; backward attacks only where a card sends one, PL-15)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import attrs
import pytest

from makao import Card, Game, SetupError, variants
from makao.bots.sampling import sample_hidden
from makao.rules import Stateful, Table, TurnRule
from makao.rules.base import Events, StartRule

PL = variants.polish()
MAO = variants.mao()
HANDS = ["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"]


# ------------------------------------------------------------------ public state


@pytest.mark.parametrize("value", [1, None, False, "x"])
def test_pl_29_a_public_name_no_rule_keeps_is_refused(value: object) -> None:
    """PL-29: a public name no rule of the variant keeps is a `SetupError` naming it and
    the names the rules keep (it was dropped without a word)."""
    with pytest.raises(
        SetupError,
        match=r"^public: \[\('nonsense', .*\)\]: no rule of this variant keeps such a public "
        r"state \(the names its rules keep: \('makao',\)\)",
    ):
        Game.from_position(PL, hands=["2h 5c", "3h 9d"], pile="7h", public=[("nonsense", value)])


def test_pl_29_a_call_owed_by_a_seat_the_table_lacks_is_refused_not_shown() -> None:
    """PL-29: ``('makao', 7)`` at a two-seat table was taken and shown in every view."""
    with pytest.raises(
        SetupError,
        match=r"^public: \('makao', 7\): 'makao' takes the seat that owes the call, a seat 0…1",
    ):
        Game.from_position(PL, hands=["2h 5c", "3h 9d"], pile="7h", public=[("makao", 7)])
    game = Game.from_position(PL, hands=["2h 5c", "3h"], pile="7h", public=[("makao", 1)])
    assert game.view(0).public == (("makao", 1),)


def test_pl_29_a_name_given_twice_with_two_values_is_refused() -> None:
    """PL-29: ``makao`` owed by seat 1 and by seat 0 at once does not take (the last one
    was kept without a word)."""
    with pytest.raises(SetupError, match=r"^public: \[\('makao', 1\)\] did not take"):
        Game.from_position(PL, hands=["2h", "3h"], pile="7h", public=[("makao", 1), ("makao", 0)])


@pytest.mark.parametrize(
    ("pair", "takes"),
    [
        (("questions-closed", 1), r"'questions-closed' takes True \(a question period was closed"),
        (("dealing", "yes"), r"'dealing' takes True \(the deal is on\) or False"),
        (("question", 3), r"'question' takes the seat that opened the question period, a seat 0…2"),
    ],
)
def test_um_3_um_21_um_22_mao_public_values_it_cannot_hold_are_refused(
    pair: tuple[str, object], takes: str
) -> None:
    """UM-3, UM-21, UM-22: Mao's flags take a flag and its question period a seat of the
    table; anything else is a `SetupError` naming the pair and what it takes."""
    with pytest.raises(SetupError, match=rf"^public: \({pair[0]!r}, .*\): {takes}"):
        Game.from_position(MAO, hands=HANDS, pile="9h", public=[pair])


@pytest.mark.parametrize("name", ["dealing", "questions-closed"])
def test_um_3_um_22_a_flag_given_false_is_the_flag_off(name: str) -> None:
    """UM-3, UM-22: a flag given ``False`` is taken as off, as the pair left out."""
    game = Game.from_position(MAO, hands=HANDS, pile="9h", public=[(name, False)])
    assert game == Game.from_position(MAO, hands=HANDS, pile="9h")


@attrs.frozen
class Bonus(Stateful["tuple[int, ...]"], TurnRule):
    """A user's rule that keeps the seats owed a bonus, shows them and restores them."""

    def initial_state(self) -> tuple[int, ...]:
        """Nobody."""
        return ()

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        """The seat that played is owed one."""
        self.set_state(game, (*self.state(game), seat))

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """The seats owed a bonus."""
        return (("bonus", self.state(table)),)

    def restore_state(self, public: Mapping[str, object]) -> tuple[int, ...]:
        """The seats a view shows (ints only: anything else is no seat)."""
        given = public.get("bonus", ())
        seats = given if isinstance(given, (tuple, list)) else ()
        return tuple(seat for seat in seats if isinstance(seat, int))


@attrs.frozen
class Tally(Stateful[int], TurnRule):
    """A user's rule that shows a count of plays but keeps `Rule.restore_state`."""

    def initial_state(self) -> int:
        """None counted."""
        return 0

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """The count."""
        return (("plays", self.state(table)),)


def test_a_public_value_a_users_rule_does_not_restore_is_refused_naming_the_pair() -> None:
    """A user's rule whose ``restore_state`` does not give the state that shows a given
    pair: the pair did not take, a `SetupError` naming it and what the state shows; a list
    where the rule shows a tuple (as a saved game reads it back from JSON) takes."""
    bonus = PL.with_rules(Bonus(), name="polish-bonus")
    with pytest.raises(
        SetupError,
        match=r"^public: \[\('bonus', \(1, 'x'\)\)\] did not take: the rules' restored state "
        r"shows \(\('bonus', \(1,\)\),\)",
    ):
        Game.from_position(bonus, hands=["2h", "3h"], pile="7h", public=[("bonus", (1, "x"))])
    game = Game.from_position(bonus, hands=["2h 4d", "3h"], pile="7h", public=[("bonus", [1])])
    assert game.view(0).public == (("bonus", (1,)),)
    game.play("2h")
    assert Game.from_json(game.to_json(), bonus).view(0).public == game.view(0).public


def test_a_users_rule_keeping_restore_state_starts_over_whatever_it_is_given() -> None:
    """`Rule.restore_state`'s default: a rule that shows public state but does not restore
    it starts from its initial state, so a name only it may keep passes (a bot rebuilding a
    position from a view, `sample_hidden`, does not fail); the others are still checked."""
    tally = PL.with_rules(Tally(), name="polish-tally")
    game = Game.from_position(tally, hands=["2h", "3h"], pile="7h", public=[("plays", 3)])
    assert game.view(0).public == (("plays", 0),)
    with pytest.raises(SetupError, match=r"^public: \('makao', 5\): 'makao' takes"):
        Game.from_position(tally, hands=["2h", "3h"], pile="7h", public=[("makao", 5)])


def test_pl_29_um_21_the_engines_own_public_state_loads_back() -> None:
    """PL-29, UM-21, UM-22: what the rules show (a call owed, a period open or closed, the
    deal on) is what a position takes: saved and loaded, and rebuilt from a view."""
    owed = Game.from_position(PL, hands=["5h 6h", "5c 6c 7c"], pile="9h", stock="2d")
    owed.play("5h")
    talk = Game.from_position(MAO, hands=HANDS, pile="9h", public=[("question", 1)])
    talk.play("1: say end-of-questions")
    for game in (owed, talk, Game.new(MAO, players=3, seed=4)):
        assert Game.from_json(game.to_json()).view(0).public == game.view(0).public
        view = game.view(1)
        assert sample_hidden(view, random.Random(1)).view(1) == view


# ------------------------------------------------------------------ empty hands


def test_pl_32_an_empty_hand_of_a_seat_still_playing_is_refused() -> None:
    """PL-32: a player with no cards has gone out; a position giving a seat no cards but
    not listing it in ``finished`` is a `SetupError` naming the seat and the parameter (it
    was taken, and a three attacked the empty seat)."""
    with pytest.raises(
        SetupError,
        match=r"^bad position: seat 0 holds no cards but has not finished .*PL-32\): list it "
        r"in finished=\[…\]",
    ):
        Game.from_position(PL, hands=["", "3h 9d"], pile="7h", to_move=1)
    game = Game.from_position(PL, hands=["", "3h 9d", "5c"], pile="7h", to_move=1, finished=[0])
    assert game.finished == (0,)


def test_a_deal_of_no_cards_plays_on_from_empty_hands() -> None:
    """A start rule dealing no cards (``hand_size=0``) makes empty hands of seats still
    playing a real position: taken, and rebuilt from a view by `sample_hidden`."""
    empty = PL.without(StartRule).with_rules(
        attrs.evolve(PL.compiled.start, hand_size=0), name="polish-empty"
    )
    game = Game.new(empty, players=2, seed=1)
    assert game.hands == [(), ()]
    rebuilt = Game.from_position(empty, hands=["", ""], pile=game.pile, stock=game.stock[::-1])
    assert rebuilt.hands == [(), ()]
    assert sample_hidden(game.view(0), random.Random(2)).view(0) == game.view(0)


# ------------------------------------------------------------------ effect texts


@pytest.mark.parametrize("text", ["attack 4 by 1", "attack 3 by 0"])
def test_um_10_um_11_an_attack_text_of_threes_or_fours_must_say_which(text: str) -> None:
    """UM-10, UM-11: Mao has two battle rules (threes, fours); an attack written without
    ``of 3`` / ``of 4`` is read by both, so it is refused listing the forms (the threes'
    rule, the first, took it). The texts the engine writes say which, and read back."""
    with pytest.raises(
        SetupError,
        match=rf"attack N by S of 3 \| attack N by S of 4 .* {text!r}: it reads as "
        rf"'{text} of 3' and as '{text} of 4': write which",
    ):
        MAO.parse_effect(text)
    for rank in (3, 4):
        assert MAO.parse_effect(f"{text} of {rank}").to_text() == f"{text} of {rank}"
    assert variants.mau_mau().parse_effect(text).to_text() == f"{text} of 7"  # one rule


@pytest.mark.parametrize("name", ["mau-mau", "russian", "switch", "prsi"])
def test_pl_15_a_backward_attack_is_read_only_where_a_card_sends_one(name: str) -> None:
    """PL-15: only Polish's K♠ sends an attack back; an attack text with ``back`` in a
    variant whose battle cards send none is refused (it set up an attack that no card can
    raise, and play resumed on the wrong seat after it was drawn)."""
    variant = variants.get(name)
    with pytest.raises(SetupError, match=rf"^{name} reads .*has no effect written"):
        variant.parse_effect("attack 2 by 0 back")
    assert PL.parse_effect("attack 2 by 0 back").to_text() == "attack 2 by 0 back"
