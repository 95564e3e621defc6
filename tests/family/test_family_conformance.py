"""The conformance suite (:func:`makao.testing.check_variant`) over the four family
variants composed of rule objects, and their registration by name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from makao import Card, Game, Variant, variants
from makao.cards import ALL_CARDS
from makao.errors import SetupError
from makao.rules import (
    BattleCards,
    DrawRule,
    FinishCall,
    FinishRule,
    LastCardCall,
    PlayRule,
    ReverseCards,
    Rule,
    SkipCards,
    StartRule,
    SuitDemandCards,
    WaitCards,
    Wild,
)
from makao.testing import check_variant

FAMILY = ("crazy-eights", "mau-mau", "prsi", "switch")


@pytest.mark.parametrize("name", FAMILY)
def test_family_variant_is_registered_with_its_rule_ids(name: str) -> None:
    assert name in variants.names()
    variant = variants.get(name)
    prefix = {"crazy-eights": "CE-", "mau-mau": "MM-", "prsi": "PR-", "switch": "SW-"}[name]
    assert variant.rule_ids and all(i.startswith(prefix) for i in variant.rule_ids)


@pytest.mark.parametrize("name", FAMILY)
def test_family_variant_passes_the_conformance_suite(name: str) -> None:
    report = check_variant(variants.get(name), players=(2, 3), games=2, seed=11)
    assert report.games == 2 and report.finished == 2


def _of(rank: int) -> frozenset[Card]:
    return frozenset(card for card in ALL_CARDS if card.rank == rank)


def _suit_changer(rank: int, rule: str) -> tuple[Rule, ...]:
    cards = _of(rank)
    return (
        Wild(cards, ids=(rule,)),
        SuitDemandCards(cards, binds="until_covered", wilds_under_demand=True, ids=(rule,)),
    )


def _draw_two(rank: int, rule: str) -> BattleCards:
    return BattleCards(dict.fromkeys(_of(rank), 2), answer="same_rank", ids=(rule,))


PIQUET = tuple(range(7, 15))

#: The "Rule object" column of docs/variants/*.md, row by row (default options).
DOCS_TABLES: dict[str, tuple[Rule, ...]] = {
    "crazy-eights": (
        StartRule(hand_size=5, start_card="redraw", ids=("CE-1",)),
        PlayRule(multi_card=False, ids=("CE-2",)),
        *_suit_changer(8, "CE-3"),
        DrawRule(draw_until_playable=True, max_draws=None, ids=("CE-4",)),
        FinishRule(play_for_places=False, ids=("CE-5",)),
    ),
    "mau-mau": (
        StartRule(hand_size=5, ranks=PIQUET, two_decks_from=6, start_card="effect", ids=("MM-1",)),
        PlayRule(multi_card=False, ids=("MM-2",)),
        DrawRule(play_drawn=True, ids=("MM-2",)),
        _draw_two(7, "MM-3"),
        SkipCards(_of(8), ids=("MM-4",)),
        *_suit_changer(11, "MM-5"),
        LastCardCall(call="mau", enforcement="automatic", penalty=2, rule_id="MM-6", ids=("MM-6",)),
        FinishCall(call="mau-mau", penalty=2, rule_id="MM-7", ids=("MM-7",)),
        FinishRule(play_for_places=False, last_card_effect_applies=True, ids=("MM-7",)),
    ),
    "prsi": (
        StartRule(
            hand_size=4, decks=1, ranks=PIQUET, start_card="inert", max_players=5, ids=("PR-1",)
        ),
        PlayRule(multi_card=False, ids=("PR-2",)),
        DrawRule(play_drawn=False, ids=("PR-2",)),
        _draw_two(7, "PR-3"),
        WaitCards(_of(14), stacks=False, ids=("PR-4",)),
        *_suit_changer(12, "PR-5"),
        FinishRule(play_for_places=False, ids=("PR-6",)),
    ),
    "switch": (
        StartRule(hand_size=7, two_decks_from=6, start_card="redraw", ids=("SW-1",)),
        PlayRule(multi_card=False, ids=("SW-2",)),
        DrawRule(play_drawn=True, ids=("SW-2",)),
        _draw_two(2, "SW-3"),
        SkipCards(_of(8), ids=("SW-4",)),
        ReverseCards(_of(11), two_player_again=True, ids=("SW-5",)),
        *_suit_changer(14, "SW-6"),
        LastCardCall(
            call="last-card", enforcement="challenge", penalty=2, rule_id="SW-7", ids=("SW-7",)
        ),
        FinishRule(play_for_places=False, ids=("SW-8",)),
    ),
}


#: The rule ids each docs page lists in its header: ``CE-1``…``CE-5`` and so on.
PAGE_IDS = {"crazy-eights": ("CE", 5), "mau-mau": ("MM", 7), "prsi": ("PR", 6), "switch": ("SW", 8)}


@pytest.mark.parametrize("name", FAMILY)
def test_family_variant_cites_every_rule_id_of_its_docs_page(name: str) -> None:
    """Each rule id of the page (CE-1…CE-5, MM-1…MM-7, PR-1…PR-6, SW-1…SW-8) is cited
    by some rule object, in order, and no other."""
    prefix, count = PAGE_IDS[name]
    assert variants.get(name).rule_ids == tuple(f"{prefix}-{i}" for i in range(1, count + 1))


@pytest.mark.parametrize("name", FAMILY)
def test_family_rule_objects_are_those_of_the_docs_table(name: str) -> None:
    """Each row's rule objects, with the options the table names and the row's rule id.
    Some settings cannot show in play: a named suit lies only on a card of the wild's own
    rank, which follows it by rank anyway (``wilds_under_demand``), and an attack only on
    a battle card, all of one rank (``answer="same_rank"``)."""
    assert variants.get(name).rules == DOCS_TABLES[name]


@pytest.mark.parametrize("name", FAMILY)
def test_a_bad_option_is_refused_under_the_variants_registered_name(name: str) -> None:
    """The message names the variant as it is registered (``crazy-eights``), not as its
    Python function is spelt (``crazy_eights``)."""
    with pytest.raises(SetupError, match=f"bad options for variant '{name}': .*nope"):
        variants.get(name, nope=1)


@pytest.mark.parametrize(("name", "pack"), [("crazy-eights", 52), ("mau-mau", 32), ("switch", 52)])
def test_ce_1_mm_1_sw_1_decks_run_from_one_to_eight_packs_as_the_pages_say(
    name: str, pack: int
) -> None:
    """CE-1, MM-1, SW-1: ``decks`` takes one to eight packs (the variant pages and
    docs/limits.md); a game deals from that many packs, and a ninth is refused."""
    for decks in (1, 3, 8):
        game = Game.new(variants.get(name, decks=decks), 3, seed=decks)
        dealt = len(game.stock) + len(game.pile) + sum(len(game.hand(seat)) for seat in range(3))
        assert dealt == decks * pack
    with pytest.raises(SetupError, match="decks must be 1…8, not 9"):
        variants.get(name, decks=9)


#: Non-default options of each family variant (CE-1, CE-4, MM-1, MM-6, PR-1, PR-6, SW-1, SW-7).
OPTIONS = {
    "crazy-eights": {"hand_size": 7, "decks": 2, "max_draws": 3},
    "mau-mau": {"hand_size": 6, "penalty": 3, "decks": 2},
    "prsi": {"hand_size": 5, "play_for_places": True},
    "switch": {"hand_size": 6, "penalty": 4, "decks": 2},
}


@pytest.mark.parametrize("name", FAMILY)
def test_ce_1_mm_1_pr_1_sw_1_a_variant_records_the_options_it_was_built_with(name: str) -> None:
    """Every family variant keeps the options it was built with, in its signature's order
    (what saves, descriptions and rebuilding by name read)."""
    options = OPTIONS[name]
    variant = variants.get(name, **options)
    assert variant.options == tuple(options.items())


#: The family's factories, called directly rather than through `variants.get`.
FACTORIES: dict[str, Callable[..., Variant]] = {
    "crazy-eights": variants.crazy_eights,
    "mau-mau": variants.mau_mau,
    "prsi": variants.prsi,
    "switch": variants.switch,
}


@pytest.mark.parametrize("name", FAMILY)
def test_a_factory_called_directly_refuses_a_bad_option_as_a_setup_error(name: str) -> None:
    """Not only `variants.get`: ``variants.prsi(nope=1)``, or an option given by position
    (they are keyword-only), raises `SetupError` naming the variant, not a bare
    ``TypeError``."""
    factory = FACTORIES[name]
    with pytest.raises(SetupError, match=f"bad options for variant '{name}': .*nope"):
        factory(nope=1)
    with pytest.raises(SetupError, match=f"bad options for variant '{name}': .*positional"):
        factory(4)


@pytest.mark.parametrize("name", FAMILY)
def test_family_variant_is_named_as_registered_and_titled_as_its_docs_page(name: str) -> None:
    """A variant's name is the one it is registered under (saves and rebuilding by name
    read it), and its description is the title of its docs page (``# Czech prší``)."""
    variant = variants.get(name)
    assert variant.name == name
    page = Path(__file__).resolve().parents[2] / "docs" / "variants" / f"{name}.md"
    assert page.read_text(encoding="utf-8").splitlines()[0] == f"# {variant.description}"
