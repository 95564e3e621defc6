"""The conformance suite: Polish makao and its options pass it, broken variants fail it."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

from makao import Card, Game, testing, variants
from makao.moves import Move, Say
from makao.rules import Stateful, Table, TurnRule
from makao.rules.base import Events
from makao.testing import CheckReport, check_variant, snapshot
from makao.variant import Variant

POLISH = variants.polish()


def test_polish_passes_the_conformance_suite() -> None:
    report = check_variant(POLISH, players=(2, 3, 4), games=3, seed=1)
    assert report.games == 3 and report.finished == 3 and not report.unfinished
    assert report.actions > 100
    assert report.legal_checked > report.actions  # every listed move was tried
    assert report.illegal_checked > report.actions  # and a sample of unlisted ones
    assert "3 games" in str(report)


def test_pl_1_two_decks_for_big_tables_pass_the_suite() -> None:
    report = check_variant(variants.polish(), players=(5,), games=1, seed=2)
    assert report.finished == 1


@pytest.mark.parametrize(
    "options",
    [
        {"decks": 2},
        {"last_card_effect_applies": True},
        {"po_makale_penalty": 2},
        {"play_for_places": False},
        {"may_decline_demands": True},
        {"makao_with_move_only": True},
        {"dealer": 0},
    ],
)
def test_polish_options_pass_the_suite(options: dict[str, Any]) -> None:
    report = check_variant(variants.polish(**options), players=(2,), games=1, seed=3)
    assert report.finished == 1


def test_every_registered_variant_keeps_the_invariants() -> None:
    # Termination under random play is each variant's own business (Mao's random players
    # keep talking out of turn); here the first moves of each are checked.
    for name in variants.names():
        variant = variants.get(name)
        sizes = [n for n in (2, 3, 4) if n >= variant.compiled.start.min_players]
        report = check_variant(
            variant, sizes, games=2, seed=4, max_actions=150, allow_unfinished=True
        )
        assert report.actions > 0, name


def test_the_suite_is_deterministic() -> None:
    first = check_variant(POLISH, players=(2,), games=1, seed=9)
    assert check_variant(POLISH, players=(2,), games=1, seed=9) == first


def test_an_endless_game_is_reported() -> None:
    with pytest.raises(AssertionError, match=r"did not end within 5 moves"):
        check_variant(POLISH, players=(2,), games=1, max_actions=5)
    report = check_variant(POLISH, players=(2,), games=2, max_actions=5, allow_unfinished=True)
    assert isinstance(report, CheckReport) and len(report.unfinished) == 2
    assert report.actions == 10


# ------------------------------------------------------------------ broken variants


@attrs.frozen
class Forger(TurnRule):
    """A broken rule: every play adds a card from nowhere to the player's hand (it breaks
    the Table contract, which gives hands read-only)."""

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        hands = cast(Any, game).hands
        hands[seat] += (Card.parse("5h"),)


@attrs.frozen
class Spy(Stateful[str], TurnRule):
    """A broken rule: its public state shows the last card of seat 0's hand. (Through the
    Table contract a rule cannot read the stock at all; a hidden hand it can.)"""

    def initial_state(self) -> str:
        return ""

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        self.set_state(game, str(game.hands[0][-1]) if game.hands[0] else "")

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        return (("next", self.state(table)),)


@attrs.frozen
class Careless(TurnRule):
    """A broken rule: it lists seat 0 saying "oops" out of turn, which no rule can carry out."""

    def extra_moves(self, game: Table) -> Iterable[Move]:
        return (Say(0, "oops"),)


def broken(rule: TurnRule) -> Variant:
    return POLISH.with_rules(rule, name=f"polish-{type(rule).__name__.lower()}")


def test_a_rule_that_creates_cards_fails_the_suite() -> None:
    with pytest.raises(AssertionError, match=r"cards changed: gained 5h"):
        check_variant(broken(Forger()), players=(2,), games=1)


def test_a_view_that_leaks_the_stock_fails_the_suite() -> None:
    with pytest.raises(AssertionError, match=r"view shows hidden cards"):
        check_variant(broken(Spy()), players=(3,), games=1)


def test_a_listed_move_that_is_refused_fails_the_suite() -> None:
    with pytest.raises(AssertionError, match=r"listed move '0: say oops' failed"):
        check_variant(broken(Careless()), players=(2,), games=1)


def test_failures_name_variant_table_seed_and_move() -> None:
    with pytest.raises(AssertionError) as caught:
        check_variant(broken(Forger()), players=(2,), games=1, seed=5)
    message = str(caught.value)
    assert message.startswith("polish-forger, 2 players, seed ")
    assert ", move " in message


def test_snapshot_sees_every_change_of_state() -> None:
    game = Game.new(POLISH, 2, seed=1)
    before = snapshot(game)
    copy = game.clone()
    assert snapshot(copy) == before
    copy.play(copy.legal_moves()[0])
    assert snapshot(copy) != before and snapshot(game) == before


def test_the_suite_reads_no_private_field_of_a_game() -> None:
    """The suite checks a game through its public API only (issue 18): no attribute with a
    leading underscore is read but the suite's own (``self._…``) and ``NamedTuple._replace``."""
    source = Path(testing.__file__).read_text(encoding="utf-8")
    private = [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and node.attr != "_replace"
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    ]
    assert private == []
