"""One or more scenario tests per rule id of macao-banking.md (MB-1 … MB-10)."""

from __future__ import annotations

from typing import Any

import pytest

from makao.banking import (
    BankingGame,
    BankPassed,
    CardDealt,
    CardDrawn,
    Draw,
    GameOver,
    HandDiscarded,
    HandShown,
    Redraw,
    SatOut,
    Settled,
    Stake,
    Stand,
    card_points,
    hand_result,
    macao,
    redact,
    victoria,
)
from makao.banking.events import BankingEvent
from makao.cards import Card, Rank
from makao.errors import IllegalMoveError, InvalidMoveError, SeatError, SetupError


def table(stack: str, players: int = 2, **options: Any) -> BankingGame:
    """A game whose first shoe starts with ``stack``; every stake is fixed at 10."""
    return BankingGame(players, macao(**({"fixed_stake": 10} | options)), seed=1, stack=stack)


def settled(events: tuple[BankingEvent, ...]) -> dict[int, int]:
    return {e.seat: e.amount for e in events if isinstance(e, Settled)}


def coup(game: BankingGame, *moves: str) -> tuple[BankingEvent, ...]:
    events: list[BankingEvent] = []
    for move in moves:
        events.extend(game.play(move))
    return tuple(events)


# MB-1 -----------------------------------------------------------------------------------


def test_mb_1_one_banker_and_at_least_one_punter() -> None:
    with pytest.raises(SetupError):
        BankingGame(1)
    game = BankingGame(7, seed=3)
    assert game.banker == 0
    assert game.to_act == 1


def test_mb_1_two_shuffled_decks_of_104_cards() -> None:
    game = BankingGame(4, seed=5)
    assert game.card_count() == 104
    assert game.shoe_size == 104
    assert BankingGame(4, seed=5).hand(1) == game.hand(1)
    assert BankingGame(4, seed=6).to_json() != game.to_json()


def test_mb_1_a_table_needing_exactly_the_104_cards_for_one_coup_may_play() -> None:
    """MB-1: 52 players of Victoria need 2 × 52 = 104 cards for a coup, exactly the two
    decks: allowed; a 53rd player is refused."""
    options = victoria(fixed_stake=1)
    assert options.coup_cards(52) == 104
    game = BankingGame(52, options, seed=1)
    assert game.phase == "stake" and game.shoe_size == 104
    with pytest.raises(SetupError, match="53 players need more than 104 cards"):
        BankingGame(53, options, seed=1)


def test_mb_1_only_the_first_shoe_is_stacked() -> None:
    """MB-1/MB-9: ``stack`` puts cards on top of the first shoe only; when the bank passes the
    next shoe is freshly shuffled."""
    firsts = set()
    for seed in range(6):
        game = BankingGame(2, macao(fixed_stake=10), seed=seed, stack="9h 5c")
        game.play("stake 10")
        assert game.hand(1) == (Card.parse("9h"),)
        while game.banker == 0:
            game.play(game.legal_moves()[-1])
        game.play("stake 10")
        firsts.add((game.hand(0), game.hand(1)))
    assert ((Card.parse("9h"),), (Card.parse("5c"),)) not in firsts


# MB-2 -----------------------------------------------------------------------------------


def _cut_value(card: Card) -> int:
    return 1 if card.rank == Rank.ACE else int(card.rank)


def test_mb_2_lowest_cut_banks_first_and_seats_follow_clockwise() -> None:
    for seed in range(40):
        cut = BankingGame(5, seed=seed).opening_events[0]
        firsts = [_cut_value(cut.cuts[player][0]) for player in cut.order]  # type: ignore[union-attr]
        assert firsts == sorted(firsts)


def test_mb_2_ace_is_lowest_and_ties_are_recut() -> None:
    seen_ace = seen_tie = False
    for seed in range(200):
        game = BankingGame(["Ann", "Bo", "Cy"], seed=seed)
        cut = game.opening_events[0]
        first = [cuts[0] for cuts in cut.cuts]  # type: ignore[union-attr]
        if any(card.rank == Rank.ACE for card in first):
            seen_ace = True
            assert first[cut.order[0]].rank == Rank.ACE  # type: ignore[union-attr]
        values = [_cut_value(card) for card in first]
        lowest = [p for p, v in enumerate(values) if v == min(values)]
        if len(lowest) > 1:
            seen_tie = True
            assert all(len(cut.cuts[p]) > 1 for p in lowest)  # type: ignore[union-attr]
        assert game.names[0] == ["Ann", "Bo", "Cy"][cut.order[0]]  # type: ignore[union-attr]
    assert seen_ace and seen_tie


# MB-3 -----------------------------------------------------------------------------------


def test_mb_3_stakes_within_table_limits() -> None:
    game = BankingGame(3, macao(min_stake=5, max_stake=20), seed=2)
    assert game.legal_moves() == tuple(Stake(a) for a in range(5, 21))
    for bad in ("stake 4", "stake 21"):
        with pytest.raises(IllegalMoveError, match="5…20"):
            game.play(bad)
    with pytest.raises(InvalidMoveError):
        game.play("stake 0")
    game.play("stake 20")
    assert game.to_act == 2


def test_mb_3_fixed_stake_is_the_only_stake() -> None:
    game = BankingGame(3, macao(fixed_stake=10), seed=2)
    assert game.legal_moves() == (Stake(10),)
    with pytest.raises(IllegalMoveError):
        game.play("stake 11")


def test_mb_3_the_bank_must_cover_every_stake() -> None:
    game = BankingGame(3, macao(bank=30), seed=2)  # classic: a stake can win 3×
    assert game.bank == 30
    assert max(m.amount for m in game.legal_moves() if isinstance(m, Stake)) == 10
    events = game.play("stake 10")
    assert SatOut(2, "bank") in events


def test_mb_3_a_punter_stakes_only_what_their_balance_covers() -> None:
    game = BankingGame(2, macao(), seed=2, balances=(1000, 7))
    assert game.legal_moves() == (Stake(1), Stake(2))  # a banker's nine takes 3×


def test_mb_3_a_punter_whose_balance_covers_the_stake_exactly_sits_out_for_the_bank() -> None:
    """MB-3: a balance of exactly 3 × the fixed stake covers a banker's nine, so when the bank
    is used up the punter sits out for want of bank, not of balance."""
    options = macao(fixed_stake=10, bank=30)
    game = BankingGame(3, options, seed=2, balances=(1000, 1000, 30))
    events = game.play("stake 10")
    assert SatOut(2, "bank") in events
    poorer = BankingGame(3, options, seed=2, balances=(1000, 1000, 29))
    assert SatOut(2, "balance") in poorer.play("stake 10")


# MB-4 -----------------------------------------------------------------------------------


def test_mb_4_one_card_each_and_the_bankers_card_is_hidden_from_everybody() -> None:
    game = table("5h 9c 2d 3s", players=3)
    events = coup(game, "stake 10", "stake 10")
    assert [e for e in events if isinstance(e, CardDealt)] == [
        CardDealt(1, Card.parse("5h")),
        CardDealt(2, Card.parse("9c")),
        CardDealt(0, Card.parse("2d")),
    ]
    assert game.view(1).hands == ((None,), (Card.parse("5h"),), (None,))
    assert game.view(0).hands == ((None,), (None,), (None,))  # not even the banker
    assert redact(CardDealt(0, Card.parse("2d")), 0, banker=0) == CardDealt(0, None)
    assert redact(CardDealt(1, Card.parse("5h")), 2, banker=0) == CardDealt(1, None)


@pytest.mark.parametrize("dealt", [1, 2, 3])
def test_mb_4_cards_dealt_option(dealt: int) -> None:
    game = BankingGame(3, macao(cards_dealt=dealt, fixed_stake=10, max_draws=0), seed=4)
    events = coup(game, "stake 10", "stake 10")
    for seat in range(3):
        cards = [e for e in events if isinstance(e, HandShown) and e.seat == seat]
        assert len(cards[0].cards) == dealt


def test_mb_4_victoria_deals_two_cards_and_has_no_buying() -> None:
    assert victoria().cards_dealt == 2 and victoria().max_draws == 0
    game = BankingGame(2, victoria(fixed_stake=10), seed=4)
    events = game.play("stake 10")
    assert sum(isinstance(e, CardDealt) for e in events) == 4
    assert any(isinstance(e, Settled) for e in events)  # straight to the showdown


# MB-5 -----------------------------------------------------------------------------------


def test_mb_5_card_points() -> None:
    points = {
        text: card_points(Card.parse(text)) for text in ["Ah", "2c", "9d", "10s", "Jh", "Qc", "Kd"]
    }
    assert points == {"Ah": 1, "2c": 2, "9d": 9, "10s": 0, "Jh": 0, "Qc": 0, "Kd": 0}


def test_mb_5_a_hand_is_worth_its_sum_modulo_ten() -> None:
    game = table("5h 2c 6d")  # punter 5, banker 2, punter buys a 6: 11 → 1
    events = coup(game, "stake 10", "draw")
    assert HandShown(1, (Card.parse("5h"), Card.parse("6d")), 1) in events
    assert settled(events) == {1: -10}


def test_mb_5_bust_a_hand_over_nine_loses_at_once() -> None:
    game = table("5h Kc 6d", over_nine="bust")  # 5 + 6 = 11 against the banker's 0
    events = coup(game, "stake 10", "draw")
    assert settled(events) == {1: -10}
    assert Settled(1, -10, "bust") in events


def test_mb_5_bust_on_equal_points_fewer_cards_win() -> None:
    even = table("5h 7c 2d", over_nine="bust", payout="even")  # 5+2 (two cards) vs 7 (one)
    assert settled(coup(even, "stake 10", "draw")) == {1: -10}
    mod10 = table("5h 7c 2d", payout="even")
    assert settled(coup(mod10, "stake 10", "draw")) == {1: 0}


def test_mb_5_bust_a_busted_banker_pays_every_standing_punter() -> None:
    game = BankingGame(2, victoria(over_nine="bust", fixed_stake=10), seed=1, stack="4h 9c 3d 8s")
    assert settled(game.play("stake 10")) == {1: 10}  # 7 (natural, 1×) against 17


# MB-6 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "natural"), [("9h", True), ("8h", True), ("7h", True), ("6h", False)]
)
def test_mb_6_a_first_hand_of_nine_eight_or_seven_is_a_natural(card: str, natural: bool) -> None:
    """MB-6: 9, 8 or 7 in the first hand is a natural, 6 is not; a 7 wins what any higher
    hand wins under the classic payout (MB-8), so the settlement's reason tells it."""
    options = macao()
    assert hand_result([Card.parse(card)], options, first_hand=True).natural is natural
    assert hand_result([Card.parse(card)], options, first_hand=False).natural is False
    (won,) = [e for e in coup(table(f"{card} 5c"), "stake 10", "stand") if isinstance(e, Settled)]
    assert (won.reason == f"natural {card[0]}") is natural
    (lost,) = [e for e in coup(table(f"3h {card}"), "stake 10", "stand") if isinstance(e, Settled)]
    assert (lost.reason == f"banker's natural {card[0]}") is natural


def test_mb_6_punters_decide_in_turn_from_the_bankers_left() -> None:
    game = table("2h 3h 4h 5h", players=4)
    coup(game, "stake 10", "stake 10", "stake 10")
    order = []
    while game.phase == "draw":
        order.append(game.to_act)
        game.play("stand")
    assert order == [1, 2, 3]


def test_mb_6_free_choice_by_default_even_on_a_natural() -> None:
    game = table("8h 2c")
    game.play("stake 10")
    assert game.legal_moves() == (Draw(), Stand())


def test_mb_6_must_draw_below_seven_leaves_only_the_buy() -> None:
    game = table("6h 8d 2c 7s", players=3, must_draw_below=7)
    coup(game, "stake 10", "stake 10")
    assert game.legal_moves() == (Draw(),)
    with pytest.raises(IllegalMoveError, match="draw"):
        game.play("stand")
    game.play("draw")
    assert game.to_act == 2 and game.legal_moves() == (Draw(), Stand())  # 8: free


def test_mb_6_must_draw_below_seven_leaves_a_seven_free() -> None:
    game = table("7h 2c", must_draw_below=7)  # exactly 7 is not below 7
    game.play("stake 10")
    assert game.legal_moves() == (Draw(), Stand())


def test_mb_6_max_draws_limits_the_buys() -> None:
    game = table("Ah Kc 2d 2s", max_draws=2)
    coup(game, "stake 10", "draw")
    assert game.legal_moves() == (Draw(), Stand())
    events = game.play("draw")
    assert [e.card for e in events if isinstance(e, CardDrawn)] == [Card.parse("2s")]
    assert any(isinstance(e, Settled) for e in events)  # no third buy


def test_mb_6_redraw_discards_both_bad_cards_for_two_new() -> None:
    game = table("Ah Kc 10d 4s 5s", max_draws=2, redraw=True)
    coup(game, "stake 10", "draw")  # ace + ten: one point
    assert game.legal_moves() == (Redraw(), Stand())
    with pytest.raises(IllegalMoveError):
        game.play("draw")
    events = game.play("redraw")
    assert HandDiscarded(1, (Card.parse("Ah"), Card.parse("10d"))) in events
    assert HandShown(1, (Card.parse("4s"), Card.parse("5s")), 9) in events
    assert settled(events) == {1: 10}  # a nine after buying is no natural: 1×
    assert game.card_count() == 104


def test_mb_6_the_banker_never_buys() -> None:
    game = table("4h 2c 3d")
    coup(game, "stake 10", "stand")
    assert game.to_act != game.banker
    assert game.view(0).legal_moves == ()


def test_mb_6_the_buys_made_are_public_in_every_view() -> None:
    """MB-6/MB-10: who bought how often is public (the cards stay hidden): every view counts
    the buys, which decide whether a hand is still a natural."""
    game = table("Ah Kc 2d 2s", players=2, max_draws=2)
    coup(game, "stake 10", "draw")
    for seat in (0, 1):
        assert game.view(seat).draws == (0, 1)
    assert game.view(0).hands[1] == (None, None)


def test_mb_6_redact_hides_a_discarded_hand_from_everybody_else() -> None:
    """MB-6/MB-10: a redraw discards the hand face down: other seats see only how many cards."""
    discarded = HandDiscarded(1, (Card.parse("Ah"), Card.parse("10d")))
    assert redact(discarded, 2, banker=0) == HandDiscarded(1, (None, None))
    assert redact(discarded, 0, banker=0) == HandDiscarded(1, (None, None))
    assert redact(discarded, 1, banker=0) == discarded


# MB-7 -----------------------------------------------------------------------------------


def test_mb_7_showdown_banker_turns_first_then_each_punter() -> None:
    game = table("2h 3h 4h", players=3)
    events = coup(game, "stake 10", "stake 10", "stand", "stand")
    assert [e.seat for e in events if isinstance(e, HandShown)] == [0, 1, 2]


# MB-8 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "won"), [("9h", 30), ("8h", 20), ("7h", 10)])
def test_mb_8_classic_natural_pays_triple_double_single(card: str, won: int) -> None:
    game = table(f"{card} 5c")
    events = coup(game, "stake 10", "stand")
    assert settled(events) == {1: won}
    assert game.balances[1] == 1000 + won


def test_mb_8_classic_other_higher_hand_wins_once() -> None:
    game = table("Ah 5c 8d")  # 1, buys 8: nine after a buy
    assert settled(coup(game, "stake 10", "draw")) == {1: 10}


def test_mb_8_classic_banker_wins_equal_points_naturals_included() -> None:
    assert settled(coup(table("9h 9c"), "stake 10", "stand")) == {1: -10}
    assert settled(coup(table("4h 4c"), "stake 10", "stand")) == {1: -10}


@pytest.mark.parametrize(("card", "paid"), [("9c", -30), ("8c", -20), ("7c", -10)])
def test_mb_8_classic_bankers_natural_multiplies(card: str, paid: int) -> None:
    game = table(f"3h {card}")
    assert settled(coup(game, "stake 10", "stand")) == {1: paid}
    plain = table(f"3h {card}", banker_naturals_multiply=False)
    assert settled(coup(plain, "stake 10", "stand")) == {1: -10}


def test_mb_8_even_higher_wins_once_and_equal_pays_nobody() -> None:
    assert settled(coup(table("9h 5c", payout="even"), "stake 10", "stand")) == {1: 10}
    assert settled(coup(table("4h 4c", payout="even"), "stake 10", "stand")) == {1: 0}
    assert settled(coup(table("3h 9c", payout="even"), "stake 10", "stand")) == {1: -10}


def test_mb_8_settlement_conserves_money() -> None:
    game = table("9h 8h 2c 3c", players=3)
    before = sum(game.balances) + game.bank
    events = coup(game, "stake 10", "stake 10", "stand", "stand")
    assert settled(events) == {1: 30, 2: 20}
    assert sum(game.balances) + game.bank == before


@pytest.mark.parametrize(
    ("stack", "options", "want"),
    [
        ("4h 4c", {}, Settled(1, -10, "equal")),
        ("3h 5c", {}, Settled(1, -10, "lower")),
        ("6h 5c", {}, Settled(1, 10, "higher")),
        ("3h 9c", {}, Settled(1, -30, "banker's natural 9")),
        ("3h 9c", {"banker_naturals_multiply": False}, Settled(1, -10, "lower")),
        ("9h 5c", {"payout": "even"}, Settled(1, 10, "higher")),
        ("4h 4c", {"payout": "even"}, Settled(1, 0, "equal")),
        ("3h 9c", {"payout": "even"}, Settled(1, -10, "lower")),
    ],
)
def test_mb_8_each_settlement_names_its_reason(
    stack: str, options: dict[str, Any], want: Settled
) -> None:
    """MB-8: the reason of a settlement says why: a natural's multiplier only in the classic
    payout, a banker's natural only when it multiplies, equal points as "equal"."""
    events = coup(table(stack, **options), "stake 10", "stand")
    assert [e for e in events if isinstance(e, Settled)] == [want]


# MB-9 -----------------------------------------------------------------------------------


def _play_simply(game: BankingGame) -> list[BankingEvent]:
    events: list[BankingEvent] = []
    while not game.is_over:
        events.extend(game.play(game.legal_moves()[-1]))
    return events


def test_mb_9_bank_passes_left_when_the_shoe_runs_out_and_game_ends() -> None:
    game = BankingGame(3, macao(fixed_stake=10), seed=9)
    events = _play_simply(game)
    passes = [e for e in events if isinstance(e, BankPassed)]
    assert [(p.banker, p.to) for p in passes] == [(0, 1), (1, 2), (2, None)]
    assert all(p.reason == "shoe_empty" for p in passes)
    assert isinstance(events[-1], GameOver)
    assert game.bank == 0 and sum(game.balances) == 3000
    with pytest.raises(IllegalMoveError):
        game.play("stand")


def test_mb_9_rounds_lets_every_player_bank_more_than_once() -> None:
    game = BankingGame(2, macao(fixed_stake=10, rounds=2), seed=9)
    passes = [e for e in _play_simply(game) if isinstance(e, BankPassed)]
    assert [p.banker for p in passes] == [0, 1, 0, 1]


def test_mb_9_every_coup_passes_the_bank_after_each_coup_until_the_shoe_is_out() -> None:
    game = BankingGame(3, macao(fixed_stake=10, bank_passes="every_coup"), seed=9)
    events = _play_simply(game)
    passes = [e for e in events if isinstance(e, BankPassed)]
    assert [p.banker for p in passes[:4]] == [0, 1, 2, 0]
    assert passes[-1].to is None
    assert game.shoe_size < macao().coup_cards(3)
    assert len(passes) == game.coup


def test_mb_9_the_banker_takes_the_bank_back_when_it_passes() -> None:
    game = BankingGame(2, macao(fixed_stake=10, bank=500), seed=9)
    assert game.balances[0] == 500 and game.bank == 500
    events = _play_simply(game)
    first = next(e for e in events if isinstance(e, BankPassed))
    assert first.returned > 0


# MB-10 ----------------------------------------------------------------------------------


def test_mb_10_a_punter_sees_own_cards_and_every_shown_card() -> None:
    game = table("5h 2c 6d 3s 9d", players=3)
    coup(game, "stake 10", "stake 10")
    view = game.view(2)
    assert view.own_cards == (Card.parse("2c"),)
    assert view.hands[1] == (None,) and view.shoe_size == 104 - 3
    coup(game, "stand", "stand")
    shown = {Card.parse(c) for c in ("5h", "2c", "6d")}
    assert shown <= set(game.view(1).seen)
    assert not hasattr(game.view(1), "shoe")


def test_mb_10_the_record_keeps_the_given_balances_and_the_stacked_cards() -> None:
    """MB-10: a game's record replays to the same game, also when it was set up with
    starting balances and a stacked shoe; its save loads back."""
    game = BankingGame(3, macao(fixed_stake=10), seed=4, stack="9h 5c 2d", balances=(500, 70, 300))
    coup(game, "stake 10", "stake 10", "stand")
    record = game.record
    assert record.balances == (500, 70, 300)
    assert record.stack == tuple(Card.parse(c) for c in ("9h", "5c", "2d"))
    replayed = record.replay()
    assert replayed.to_json() == game.to_json()
    assert replayed.hand(1) == (Card.parse("9h"),)
    assert BankingGame.from_json(game.to_json()).balances == game.balances


def test_mb_10_a_game_with_a_negative_seed_saves_and_loads() -> None:
    game = BankingGame(3, macao(), seed=-5)
    game.play(game.legal_moves()[0])
    loaded = BankingGame.from_json(game.to_json())
    assert loaded.seed == -5
    assert loaded.to_json() == game.to_json()


def test_mb_10_a_clone_plays_on_without_touching_the_original() -> None:
    """MB-10: a clone is an independent copy: its buys and showdown leave the original's
    hands, shoe and save as they were."""
    game = table("5h 2c 6d")
    game.play("stake 10")
    before = game.to_json()
    twin = game.clone()
    events = twin.play("draw")
    assert HandShown(1, (Card.parse("5h"), Card.parse("6d")), 1) in events
    assert game.hand(1) == (Card.parse("5h"),) and game.hand(0) == (Card.parse("2c"),)
    assert game.to_json() == before
    assert game.play("stand") != events


def test_mb_10_a_seat_past_the_table_is_a_seat_error() -> None:
    """MB-10: every per-seat query refuses a seat number outside 0…players-1 with SeatError."""
    game = table("5h 2c")
    for seat in (game.players, -1):
        for query in (game.hand, game.view, game.result, game.stake_range, game.can_buy):
            with pytest.raises(SeatError):
                query(seat)


def test_mb_10_a_clone_staking_leaves_the_original_stakes_alone() -> None:
    """MB-3, MB-10: a stake played on a clone is not placed in the original game."""
    game = table("5h 2c 6d 3s", players=3)
    game.play("stake 10")
    twin = game.clone()
    twin.play("stake 10")
    assert twin.view(0).stakes == (None, 10, 10)
    assert game.view(0).stakes == (None, 10, None) and game.phase == "stake"


def test_mb_9_mb_10_a_clone_shuffles_the_next_shoe_like_the_original() -> None:
    """MB-9, MB-10: a clone has its own random generator: both reshuffle the next shoe alike."""
    game = table("")
    twin = game.clone()
    for player in (twin, game):
        while not player.is_over:
            player.play(player.legal_moves()[0])
    assert game.coup > 1 and twin.to_json() == game.to_json()
