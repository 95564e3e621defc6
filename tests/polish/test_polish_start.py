"""Polish makao: deck, deal and start (PL-1 … PL-5)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from makao import ALL_CARDS, Card, Game, SetupError, variants
from makao.deck import shuffled_deck
from makao.events import CardsPlayed
from makao.rules import StartRule
from makao.variant import Variant


def before_deal(variant: Variant) -> Variant:
    """``variant`` with a start rule dealing no cards: a table before the deal, whose seats
    still playing hold none (a position of the variant itself refuses that, PL-32); the
    tests deal on it with ``variant``'s own start rule."""
    return variant.replace(StartRule, attrs.evolve(variant.compiled.start, hand_size=0))


PL = variants.polish()
ORDINARY = {c for c in ALL_CARDS if 5 <= c.rank <= 10} | {Card.parse("Kc"), Card.parse("Kd")}


def all_cards(game: Game) -> Counter[Card]:
    """Every card in the game: hands, stock and pile."""
    return Counter([*game.stock, *game.pile, *(c for hand in game.hands for c in hand)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pl_1_two_to_four_players_use_one_deck(players: int) -> None:
    game = Game.new(PL, players, seed=1)
    assert all_cards(game) == Counter(ALL_CARDS)


@pytest.mark.parametrize("players", [5, 8, 20])
def test_pl_1_five_or_more_players_use_two_decks(players: int) -> None:
    game = Game.new(PL, players, seed=1)
    assert all_cards(game) == Counter(ALL_CARDS * 2)


def test_pl_1_decks_option_overrides_the_player_count() -> None:
    assert sum(all_cards(Game.new(variants.polish(decks=2), 2, seed=1)).values()) == 104
    assert sum(all_cards(Game.new(variants.polish(decks=1), 6, seed=1)).values()) == 52


@pytest.mark.parametrize(
    ("decks", "players", "dealable"),
    [(1, 10, True), (1, 11, False), (None, 20, True), (None, 21, False)],
)
def test_pl_1_table_the_deck_cannot_deal_is_refused(
    decks: int | None, players: int, dealable: bool
) -> None:
    variant = variants.polish(decks=decks)
    if dealable:  # 5 cards each plus a pile card fit in the deck(s)
        assert len(Game.new(variant, players, seed=0).hands) == players
    else:
        with pytest.raises(SetupError, match="cannot deal"):
            Game.new(variant, players, seed=0)


@pytest.mark.parametrize("players", [0, 1])
def test_pl_1_needs_two_or_more_players(players: int) -> None:
    with pytest.raises(SetupError, match="at least 2"):
        Game.new(PL, players, seed=0)


def test_pl_1_decks_option_takes_one_or_two() -> None:
    with pytest.raises(SetupError, match="decks"):
        variants.polish(decks=3)


def test_pl_2_ordinary_and_function_cards() -> None:
    """PL-2: ordinary and function cards."""
    function = {card for card in ALL_CARDS if PL.compiled.is_function[card.index]}
    assert function == set(ALL_CARDS) - ORDINARY
    assert {str(c) for c in function if c.rank == 13} == {"Kh", "Ks"}


@pytest.mark.parametrize("king", ["Kc", "Kd"])
def test_pl_2_clubs_and_diamonds_kings_are_ordinary(king: str) -> None:
    """PL-2: clubs and diamonds kings are ordinary."""
    game = Game.from_position(PL, hands=[f"{king} 5h", "9c 9d"], pile=f"9{king[1]}")
    events = game.play(king)
    assert events == (CardsPlayed(0, (Card.parse(king),)),)
    assert game.effect is None
    assert game.to_move == 1


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_pl_3_deals_five_cards_each_and_the_rest_is_the_stock(players: int) -> None:
    """PL-3: deals five cards each and the rest is the stock."""
    game = Game.new(PL, players, seed=3)
    decks = 2 if players >= 5 else 1
    assert [len(hand) for hand in game.hands] == [5] * players
    assert len(game.pile) == 1
    assert len(game.stock) == 52 * decks - 5 * players - 1


@pytest.mark.parametrize(("players", "dealer"), [(2, 1), (3, 0), (4, 1), (7, 6)])
def test_pl_3_deals_one_card_at_a_time_from_the_first_player_on(players: int, dealer: int) -> None:
    """PL-3: the cards come off the top of the stock one at a time, to each seat in turn
    from the player after the dealer, five rounds."""
    decks = 2 if players >= 5 else 1
    stock = shuffled_deck(decks, random.Random(5))
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(5):
        for offset in range(players):
            hands[(dealer + 1 + offset) % players].append(stock.pop())
    game = Game.new(PL, players, seed=5, dealer=dealer)
    assert [list(hand) for hand in game.hands] == hands


def test_pl_3_a_stock_too_small_for_the_deal_is_refused() -> None:
    """PL-3: a start rule asked to deal more cards than the stock holds (a custom rule
    whose player check let the table through) refuses with a typed error, dealing
    nothing."""
    game = Game.from_position(before_deal(PL), hands=["", ""], pile="5h", stock="2h 3h 4h")
    before = (list(game.stock), list(game.hands))
    with pytest.raises(SetupError, match="3 cards"):
        PL.compiled.start.deal(game)
    assert (game.stock, game.hands) == before


@pytest.mark.parametrize("seed", range(60))
def test_pl_4_game_starts_on_an_ordinary_card_with_no_effect(seed: int) -> None:
    """PL-4: game starts on an ordinary card with no effect."""
    game = Game.new(PL, 4, seed=seed)
    assert game.pile == [game.top]
    assert game.top in ORDINARY
    assert game.effect is None


def first_turned(seed: int, players: int) -> Card:
    """The stock's top card after dealing ``players`` hands from the deck of ``seed``."""
    return shuffled_deck(1, random.Random(seed))[-(5 * players + 1)]


def test_pl_4_function_card_goes_back_into_the_middle_of_the_stock() -> None:
    """PL-4: function card goes back into the middle of the stock."""
    players = 3
    seed = next(s for s in range(1000) if first_turned(s, players) not in ORDINARY)
    turned = first_turned(seed, players)
    stock_before = shuffled_deck(1, random.Random(seed))[: -(5 * players)]
    game = Game.new(PL, players, seed=seed)
    first_ordinary = next(card for card in reversed(stock_before) if card in ORDINARY)
    assert game.pile == [first_ordinary]
    assert turned in game.stock
    position = game.stock.index(turned)
    assert len(game.stock) // 3 <= position <= 2 * len(game.stock) // 3


@pytest.mark.parametrize(("decks", "players"), [(1, 9), (2, 19), (2, 20)])
def test_pl_4_a_small_stock_still_starts_on_an_ordinary_card(decks: int, players: int) -> None:
    """PL-4: with few cards left after the deal, function cards put back into the middle
    must not be turned again while an ordinary card is still in the stock."""
    variant = variants.polish(decks=decks)
    checked = 0
    for seed in range(300):
        game = Game.new(variant, players, seed=seed)
        if any(card in ORDINARY for card in [*game.stock, game.top]):
            checked += 1
            assert game.top in ORDINARY, (seed, game.top, game.stock)
            assert game.effect is None
    assert checked > 200


def test_pl_5_player_left_of_the_dealer_moves_first() -> None:
    assert Game.new(PL, 4, seed=5).to_move == 0  # the dealer is the last seat by default
    assert Game.new(PL, 4, seed=5, dealer=1).to_move == 2
    assert Game.new(PL, 4, seed=5, dealer=3).to_move == 0
    assert Game.new(variants.polish(dealer=2), 4, seed=5).to_move == 3
    assert Game.new(PL, 4, seed=5, dealer=2).origin["dealer"] == 2


def test_pl_5_dealer_must_be_a_seat() -> None:
    with pytest.raises(SetupError, match="dealer"):
        Game.new(PL, 3, seed=5, dealer=3)


def test_pl_5_play_goes_clockwise() -> None:
    game = Game.from_position(PL, hands=["5h 6c", "5d 6d", "5s 6s", "5c 6h"], pile="9h")
    order = []
    for card in ["5h", "5d", "5s", "5c"]:
        order.append(game.to_move)
        game.play(card)
    assert order == [0, 1, 2, 3]
    assert game.to_move == 0


def test_pl_3_pl_4_a_deal_that_leaves_no_starting_card_is_refused() -> None:
    """PL-3, PL-4: a deal that would take the whole stock, leaving no card to start the
    pile, refuses with a typed error, dealing nothing."""
    game = Game.from_position(
        before_deal(PL), hands=["", ""], pile="5h", stock="2h 3h 4h 6h 7h 8h 9h 10h Jh Qh"
    )
    before = (list(game.stock), list(game.hands))
    with pytest.raises(SetupError, match="start a pile"):
        PL.compiled.start.deal(game)
    assert (game.stock, game.hands) == before


@pytest.mark.parametrize("players", [True, False, 2.0, "2"])
def test_pl_1_a_start_rule_refuses_a_player_count_that_is_no_whole_number(players: object) -> None:
    """PL-1: the start rule's own player check refuses flags and non-integers by itself."""
    with pytest.raises(SetupError, match="whole number"):
        PL.compiled.start.check_players(players)


def test_pl_1_a_table_the_deal_would_leave_without_a_starting_card_is_refused() -> None:
    """PL-1, PL-4: four hands of 13 take a whole deck and leave no starting card."""
    with pytest.raises(SetupError, match="start a pile"):
        StartRule(hand_size=13).check_players(4)
    StartRule(hand_size=12).check_players(4)  # four cards are left: the pile and stock
    StartRule(hand_size=13).check_players(4, position=True)  # a set-up position deals nothing


def test_pl_4_when_the_redraws_keep_turning_function_cards_the_topmost_ordinary_card_starts() -> (
    None
):
    """PL-4: in a stock whose redraws only ever turn function cards, the ordinary card
    nearest the top (6♣, above 7♣) starts the pile."""
    deal = "5d 6d 7d 8d 9d 10d 5s 6s 7s 8s"  # the ten cards dealt, from the top
    game = Game.from_position(
        before_deal(PL), hands=["", ""], pile="5h", stock=deal + " 2h 4h Ah Kh 6c 7c Jh"
    )
    PL.compiled.start.deal(game)
    assert game.top == Card.parse("6c")
    assert Card.parse("7c") in game.stock and len(game.stock) == 6


def test_pl_1_the_factorys_own_refusal_of_decks_passes_unchanged() -> None:
    """PL-1: ``decks=3`` is refused by the factory's own `SetupError`, not wrapped again."""
    with pytest.raises(SetupError) as caught:
        variants.polish(decks=3)
    assert str(caught.value) == "decks must be 1 or 2, not 3"


@pytest.mark.parametrize("decks", [0, -1, 8, 9, 100_000])
def test_pl_1_every_deck_count_but_one_or_two_gets_the_same_message(decks: int) -> None:
    """PL-1: Polish makao deals one deck or two; any other count is refused with the one
    message, whether or not another variant could deal it (0 and 9 and beyond were told
    "decks must be 1…8", and 8 "must be 1 or 2")."""
    with pytest.raises(SetupError) as caught:
        variants.polish(decks=decks)
    assert str(caught.value) == f"decks must be 1 or 2, not {decks}"


def test_pl_1_a_start_rule_serves_up_to_and_including_its_max_players() -> None:
    """PL-1: ``max_players`` is the largest table a start rule serves, itself included."""
    rule = StartRule(max_players=3)
    rule.check_players(3)
    assert len(Game.new(PL.replace(StartRule, rule), 3, seed=0).hands) == 3
    with pytest.raises(SetupError) as caught:
        rule.check_players(4)
    assert str(caught.value) == "this variant needs at least 2 and at most 3 players, not 4"


def test_pl_4_the_redraws_go_on_as_long_as_the_stock_holds_cards() -> None:
    """PL-4: a function card is redrawn into the middle once per stock card, leaving 3♥ under 2♥."""
    variant = PL.replace(StartRule, StartRule(hand_size=1))
    game = Game.from_position(
        before_deal(variant), hands=["", ""], pile="9d", stock="5c 6c 3h 2h 5d"
    )
    variant.compiled.start.deal(game)
    assert game.top == Card.parse("5d")
    assert list(game.stock) == [Card.parse("3h"), Card.parse("2h")]  # bottom to top


def test_pl_5_a_dealer_counts_from_the_end_down_to_minus_the_players_only() -> None:
    """PL-5: a negative dealer counts from the end (``-3`` of 3 seats is seat 0, so seat 1
    moves first); one further back is no seat, and is refused."""
    assert Game.new(PL, 3, seed=5, dealer=-3).to_move == 1
    with pytest.raises(SetupError, match="dealer must be a seat 0…2, not -4"):
        Game.new(PL, 3, seed=5, dealer=-4)
    with pytest.raises(SetupError, match="negative dealer counts from the end, down to -3"):
        Game.new(PL, 3, seed=5, dealer=3)


def test_pl_5_a_dealer_option_beyond_the_table_is_refused_at_the_deal_by_name() -> None:
    """PL-5: the variant's ``dealer`` option is a seat, and a variant is built without a
    table size (Polish makao takes any table the deck can deal), so a seat beyond the
    table is refused when a game is dealt -- naming the variant's option, which the deal's
    own ``dealer`` argument did not set."""
    variant = variants.polish(dealer=7)
    with pytest.raises(SetupError, match="dealer option of 'polish': dealer must be a seat 0…2"):
        Game.new(variant, 3, seed=5)
    assert Game.new(variant, 8, seed=5).to_move == 0


def test_pl_4_an_ordinary_card_turned_first_starts_the_pile() -> None:
    """PL-4: when the first card turned after the deal is ordinary, it starts the pile and
    the stock is left as the deal left it (nothing is put back)."""
    players = 3
    seed = next(s for s in range(1000) if first_turned(s, players) in ORDINARY)
    stock_before = shuffled_deck(1, random.Random(seed))[: -(5 * players)]
    game = Game.new(PL, players, seed=seed)
    assert game.pile == [first_turned(seed, players)]
    assert game.stock == stock_before[:-1]
