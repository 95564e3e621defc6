"""Russian scoring makao, rule by rule (``rules/russian.md``, RU-1…RU-17).

Each test sets up a position, plays the moves, and checks what the rule says must follow.
Match play (RU-3, RU-16, RU-18) is in ``test_russian_match.py``, the point table in
``test_russian_scoring.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest

from makao import Card, Draw, Game, IllegalMoveError, Move, Play, SetupError, variants
from makao.events import (
    AttackAccepted,
    AttackRaised,
    CallMade,
    CardsDrawn,
    GameOver,
    Penalised,
    StockReshuffled,
)
from makao.rules import BattleCards, PlayRule, TurnRule
from makao.rules.base import Events, Table
from makao.variant import Variant
from makao.variants.russian import russian_battle_cards
from makao.variants.russian.rules import FinalAttack
from makao.variants.russian.scoring import deal_scores, hand_points

RU = variants.russian()


def position(
    hands: list[str], pile: str, stock: str = "Jd Jd", effect: str | None = None, v: Variant = RU
) -> Game:
    return Game.from_position(v, hands=hands, pile=pile, stock=stock, to_move=0, effect=effect)


# ---------------------------------------------------------------- deck, deal, start


def test_ru_1_two_full_decks_for_two_to_five_players() -> None:
    for players in range(2, 6):
        game = Game.new(RU, players=players, seed=players)
        cards = [c for hand in game.hands for c in hand] + game.stock + game.pile
        assert len(cards) == 104
        assert all(cards.count(card) == 2 for card in set(cards))
    for players in (1, 6):
        with pytest.raises(SetupError):
            Game.new(RU, players=players, seed=1)


def test_ru_1_registered_under_its_aliases() -> None:
    assert variants.get("ru") == variants.get("russian-makao") == RU
    assert variants.get("russian", any_king_answers_king=True).option_dict["any_king_answers_king"]
    with pytest.raises(SetupError):
        variants.get("russian", match_limit=0)


def _seed_with_start(rank: str, v: Variant = RU) -> Game:
    for seed in range(2000):
        game = Game.new(v, players=3, seed=seed)
        if game.top.rank.text == rank:
            return game
    raise AssertionError(f"no seed starts with a {rank}")


def test_ru_4_five_cards_each_and_an_inert_starting_card() -> None:
    """RU-4: five cards each and an inert starting card."""
    game = _seed_with_start("2")
    assert [len(hand) for hand in game.hands] == [5, 5, 5]
    assert game.effect is None  # a starting 2 attacks nobody
    assert game.to_move == 0
    assert "draw" in game.legal_moves_text(0)


def test_ru_4_option_start_card_effect_attacks_the_first_player() -> None:
    """RU-4: option start card effect attacks the first player."""
    game = _seed_with_start("3", variants.russian(start_card_effect=True))
    assert game.to_move == 0
    assert game.effect is not None and game.effect.to_text() == "attack 3 by 2"
    game.play("draw")
    assert len(game.hands[0]) == 8 and game.to_move == 1


def test_ru_4_option_start_card_effect_ace_names_its_own_suit() -> None:
    """RU-4: option start card effect ace names its own suit."""
    game = _seed_with_start("A", variants.russian(start_card_effect=True))
    assert game.effect is not None and game.effect.to_text() == f"suit {game.top.suit.letter}"


def test_ru_5_the_player_left_of_the_dealer_leads_clockwise() -> None:
    game = Game.new(RU, players=4, seed=3, dealer=1)
    assert game.to_move == 2
    game.play("draw")
    if not game.drawn:
        assert game.to_move == 3


def test_ru_5_one_card_per_move() -> None:
    game = position(["5h 5d 5s", "6c"], pile="5c")
    assert game.legal_moves_text(0) == ["5h", "5d", "5s", "draw"]


def test_ru_5_a_play_of_two_cards_is_refused_as_one_card_per_move() -> None:
    """RU-5: two cards of one rank in one move are refused, and the error says why."""
    game = position(["5h 5d 5s", "6c"], pile="5c")
    with pytest.raises(IllegalMoveError, match="this variant allows one card per move"):
        game.play("5h 5d")
    assert game.to_move == 0 and len(game.hand(0)) == 3


# ---------------------------------------------------------------- a turn


def test_ru_6_match_by_suit_or_rank() -> None:
    """RU-6: match by suit or rank."""
    game = position(["7c 4h 6d Qs", "6c"], pile="7h")
    assert game.legal_moves_text(0) == ["7c", "4h", "draw"]


def test_ru_7_a_nine_makes_its_own_suit_the_suit_to_follow() -> None:
    """RU-7: a nine makes its own suit the suit to follow."""
    game = position(["9s 4d", "5h 6s 9c Qd", "Kd"], pile="7h")
    assert "9s" in game.legal_moves_text(0)  # nothing matches 7h: the changer may go
    game.play("9s")
    assert game.legal_moves_text(1) == ["6s", "9c", "draw"]


def test_ru_7_changers_only_when_stuck_by_default() -> None:
    """RU-7: changers only when stuck by default."""
    game = position(["9s As 7c", "5h"], pile="7h")
    assert game.legal_moves_text(0) == ["7c", "draw"]


def test_ru_7_option_changers_any_time() -> None:
    """RU-7: option changers any time."""
    v = variants.russian(changers_only_when_stuck=False)
    game = position(["9s Ad 7c", "5h"], pile="7h", v=v)
    assert game.legal_moves_text(0) == ["7c", "9s", "Ad:c", "Ad:d", "Ad:h", "Ad:s", "draw"]


def test_ru_7_no_changer_on_an_unpaid_penalty_card() -> None:
    """RU-7: no changer on an unpaid penalty card."""
    v = variants.russian(changers_only_when_stuck=False)
    game = position(["9h Ah 2c 5h", "5d"], pile="2h", effect="attack 2 by 1", v=v)
    assert game.legal_moves_text(0) == ["2c", "draw"]


def test_ru_7_an_ace_names_the_suit_to_follow() -> None:
    """RU-7: an ace names the suit to follow."""
    game = position(["Ac 4d", "5h 6s 7d", "Kd"], pile="7h")
    game.play("Ac:s")
    assert game.legal_moves_text(1) == ["6s", "draw"]


def test_ru_8_a_named_suit_binds_until_a_card_is_played_on_the_ace() -> None:
    """RU-8: a named suit binds until a card is played on the ace."""
    game = position(["Ac 4d", "5h 4c", "6s 8d Qc"], pile="7h", stock="Kd Qd Jd")
    game.play("Ac:s")
    game.play("draw")  # seat 1 cannot follow; the K♦ does not fit either
    assert game.to_move == 2 and game.effect is not None
    assert game.legal_moves_text(2) == ["6s", "draw"]  # still bound to spades
    game.play("6s")
    assert game.effect is None  # covered: ordinary matching again
    assert game.legal_moves_text(0) == ["draw"]


def test_ru_8_a_changer_may_be_played_on_a_named_suit() -> None:
    """RU-8: a changer may be played on a named suit."""
    game = position(["Ac 4d", "5h 9d 4c", "6s"], pile="7h")
    game.play("Ac:s")
    assert game.legal_moves_text(1) == ["9d", "draw"]


def test_ru_9_a_stuck_player_must_play_the_drawn_card_if_it_fits() -> None:
    """RU-9: a stuck player must play the drawn card if it fits."""
    game = position(["5d 6d", "8c"], pile="7h", stock="7s 2c")
    game.play("draw")
    assert game.to_move == 0
    assert game.legal_moves_text(0) == ["7s"]  # no pass: it must be played


def test_ru_9_the_duty_to_play_the_drawn_card_ends_with_the_turn() -> None:
    """RU-9: once the drawn card is played the duty is gone: the position is a fresh one."""
    game = position(["5d 6d", "8c 9c"], pile="7h", stock="7s 2c")
    game.play("draw")
    game.play("7s")
    fresh = Game.from_position(RU, hands=["5d 6d", "8c 9c"], pile="7h 7s", stock="2c", to_move=1)
    assert game == fresh


@attrs.frozen
class DrawTax(TurnRule):
    """A house rule: whoever draws first takes one card more, before the draw."""

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        """The tax card."""
        if isinstance(move, Draw):
            game.draw_cards(game.to_move, 1, "tax", events)


def test_ru_9_a_player_a_rule_gave_a_playable_card_before_the_draw_was_not_stuck() -> None:
    """RU-9: whether the drawn card must be played is judged on the hand as it was when the
    draw was made, after any rule acting before the move changed it."""
    variant = RU.with_rules(DrawTax(), name="russian-draw-tax")
    game = position(["5c 6d", "8d 10d"], pile="7h", stock="7s 7c 8c", v=variant)
    assert game.legal_moves_text() == ["draw"]
    game.play("draw")  # the tax brings 7♠: no longer stuck when 7♣ is drawn
    assert game.legal_moves_text() == ["7c", "pass"]


@attrs.frozen
class Snatch(Move):
    """Seat ``seat`` plays ``card`` out of turn (a house rule's move)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}: snatch {self.card}"


@attrs.frozen
class SnatchRule(TurnRule):
    """A house rule: any other seat may play a card of the top card's rank out of turn,
    even while the player to move holds a card they drew (through `Table.play_cards`)."""

    handles = (Snatch,)

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """A snatch per card of the top card's rank held by another seat."""
        rank = game.top.rank
        return [
            Snatch(seat, card)
            for seat in range(game.players)
            if seat != game.to_move
            for card in game.hands[seat]
            if card.rank is rank
        ]

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """The snatcher takes the turn and plays the card."""
        assert isinstance(move, Snatch)
        game.play_cards(move.seat, Play((move.card,)), events)


def test_ru_9_ru_15_a_card_played_out_of_turn_ends_the_duty_to_play_the_drawn_card() -> None:
    """RU-9: the duty to play the drawn card is the drawer's; a card another seat plays out
    of turn (here their last, ending the deal, RU-15) leaves no duty behind."""
    variant = RU.with_rules(SnatchRule(), name="russian-snatch")
    game = position(["5c 6d", "7s", "8d 10d"], pile="7h", stock="7c 8c 9d", v=variant)
    game.play("draw")
    assert game.legal_moves_text() == ["7c", "1: snatch 7s"]
    game.play(next(move for move in game.legal_moves() if isinstance(move, Snatch)))
    assert game.is_over
    assert game.snapshot()["must_play_drawn"] is False


def test_ru_9_a_drawn_card_that_does_not_fit_ends_the_turn() -> None:
    """RU-9: a drawn card that does not fit ends the turn."""
    game = position(["5d 6d", "8c"], pile="7h", stock="2c 7s")
    events = game.play("draw")
    assert CardsDrawn(0, game.hand(0)[-1:], "draw", 1) in events
    assert game.to_move == 1


def test_ru_9_a_tactical_draw_leaves_the_drawn_card_optional() -> None:
    """RU-9: a tactical draw leaves the drawn card optional."""
    game = position(["7c 5d", "8c"], pile="7h", stock="8h")
    assert "draw" in game.legal_moves_text(0)  # though 7♣ could be played
    game.play("draw")
    assert game.legal_moves_text(0) == ["8h", "pass"]
    game.play("pass")
    assert game.to_move == 1 and len(game.hands[0]) == 3


def test_ru_9_ru_7_a_tactical_draw_of_a_changer_that_does_not_match_ends_the_turn() -> None:
    """RU-9, RU-7: a 9 drawn by choice while the hand holds a matching card (5♥ on 6♥) may
    be played only if it could be played from the hand: with `changers_only_when_stuck`
    (the default) it may not, so the turn passes; without it, it may be played."""
    game = position(["5h 7c", "8d 10s"], pile="6h", stock="9c Kd")
    game.play("draw")
    assert game.to_move == 1 and game.hand(0)[-1] == Card.parse("9c")
    free = position(
        ["5h 7c", "8d 10s"], "6h", "9c Kd", v=variants.russian(changers_only_when_stuck=False)
    )
    free.play("draw")
    assert free.to_move == 0 and free.legal_moves_text(0) == ["9c", "pass"]


def test_ru_9_tactical_draw_under_a_named_suit() -> None:
    """RU-9: tactical draw under a named suit."""
    game = position(["Ac 4d", "6s 5h 4c", "8d"], pile="7h", stock="Kd")
    game.play("Ac:s")
    assert game.legal_moves_text(1) == ["6s", "draw"]


def test_ru_9_ru_14_a_penalty_drawn_before_the_draw_counts_for_being_stuck() -> None:
    """RU-9, RU-14: a draw's penalty for a forgotten makao, charged first, decides stuckness."""
    game = Game.from_position(
        RU, hands=["5c", "6d 10d"], pile="7h", stock="7c 8d 7s", public=[("makao", 0)]
    )
    assert game.legal_moves_text(0) == ["draw", "0: say makao"]  # stuck before the penalty
    events = game.play("draw")
    assert Penalised(0, "RU-14", "did not say makao", 2) in events
    assert game.legal_moves_text(0) == ["7s", "pass"]  # 7♣ came first: a tactical draw


# ---------------------------------------------------------------- penalty cards


def test_ru_10_penalty_cards_are_played_by_suit_or_rank() -> None:
    """RU-10: penalty cards are played by suit or rank."""
    game = position(["2h Kh 3c Qc", "Ks 5d", "8c"], pile="Ks")
    assert game.legal_moves_text(0) == ["Kh", "draw"]
    events = game.play("Kh")
    assert AttackRaised(0, 1, 5) in events


def test_ru_11_a_penalty_card_is_answered_by_the_same_rank_only() -> None:
    """RU-11: a penalty card is answered by the same rank only."""
    game = position(["2c 3h Kh 5h", "8c"], pile="2h", effect="attack 2 by 1")
    assert game.legal_moves_text(0) == ["2c", "draw"]


def test_ru_11_only_the_king_of_hearts_answers_the_king_of_hearts() -> None:
    """RU-11: only the king of hearts answers the king of hearts."""
    game = position(["Ks Kh 4c", "8c"], pile="Kh", effect="attack 5 by 1")
    assert game.legal_moves_text(0) == ["Kh", "draw"]


def test_ru_11_option_any_king_answers_and_passes_the_penalty_on() -> None:
    """RU-11: option any king answers and passes the penalty on."""
    v = variants.russian(any_king_answers_king=True)
    game = position(
        ["Ks 5d 5c", "Kc 6d 6c", "8c"], "Kh", stock="4d 4c 4s 4h 5h", effect="attack 5 by 2", v=v
    )
    assert game.legal_moves_text(0) == ["Ks", "draw"]
    events = game.play("Ks")
    assert AttackRaised(0, 1, 5) in events  # the black king adds nothing
    assert game.legal_moves_text(1) == ["Kc", "draw"]
    game.play("draw")
    assert len(game.hands[1]) == 8


def test_ru_12_penalties_accumulate_five_threes_cost_fifteen() -> None:
    """RU-12: penalties accumulate five threes cost fifteen."""
    game = position(["3h 3d 3h 5c", "3c 3s 8d 8c"], pile="7h", stock=" ".join(["4d"] * 20))
    for card in ("3h", "3c", "3d", "3s", "3h"):
        game.play(card)
    assert game.effect is not None and game.effect.to_text() == "attack 15 by 0"
    events = game.play("draw")
    assert AttackAccepted(1, 15) in events
    assert len(game.hands[1]) == 17
    assert game.to_move == 0  # the turn is lost


def test_ru_12_a_paid_penalty_card_acts_as_a_plain_card() -> None:
    """RU-12: a paid penalty card acts as a plain card."""
    game = position(["2h 5c Qc", "7d 9s", "2s 6h Qd"], pile="7h", stock="4d 4c")
    game.play("2h")
    game.play("draw")  # seat 1 pays 2
    assert game.effect is None and game.to_move == 2
    assert game.legal_moves_text(2) == ["2s", "6h", "draw"]


def test_ru_13_a_player_may_take_the_penalty_while_holding_an_answer() -> None:
    """RU-13: a player may take the penalty while holding an answer."""
    game = position(["2c 5d", "8c"], pile="2h", stock="4d 4c", effect="attack 2 by 1")
    assert "draw" in game.legal_moves_text(0)
    game.play("draw")
    assert len(game.hands[0]) == 4 and game.to_move == 1


# ---------------------------------------------------------------- makao call


def test_ru_14_makao_said_with_the_move() -> None:
    game = position(["5h 6c", "8h 9d"], pile="7h", stock="4d 4c")
    assert "5h +makao" in game.legal_moves_text(0)
    events = game.play("5h +makao")
    assert CallMade(0, "makao") in events
    events = game.play("8h")
    assert not any(isinstance(event, Penalised) for event in events)
    assert len(game.hands[0]) == 1


def test_ru_14_a_forgotten_makao_costs_two_cards_when_the_next_player_moves() -> None:
    game = position(["5h 6c", "8h 9d"], pile="7h", stock="4d 4c 4s")
    game.play("5h")
    assert len(game.hands[0]) == 1  # not yet: there is time until the next move
    assert game.legal_moves_text(0) == ["0: say makao"]  # no "stop" calls, unlike Polish
    events = game.play("8h")
    assert Penalised(0, "RU-14", "did not say makao", 2) in events
    assert len(game.hands[0]) == 3


def test_ru_14_a_late_makao_before_the_next_move_is_free() -> None:
    game = position(["5h 6c", "8h 9d"], pile="7h", stock="4d 4c")
    game.play("5h")
    game.play("0: say makao")
    events = game.play("8h")
    assert not any(isinstance(event, Penalised) for event in events)


# ---------------------------------------------------------------- end of a deal


def test_ru_15_the_deal_ends_when_a_player_plays_their_last_card() -> None:
    """RU-15: the deal ends when a player plays their last card."""
    game = position(["5h", "8h 9d", "Kd"], pile="7h")
    events = game.play("5h")
    assert game.is_over and events[-1] == GameOver((0, 2, 1))


def test_ru_15_a_finishing_penalty_card_is_answered_then_the_deal_ends() -> None:
    """RU-15: a finishing penalty card is answered then the deal ends."""
    game = position(["2h", "2c 5d 5c", "7s 8s"], pile="9h", stock="4d 4c 4s")
    game.play("2h")
    assert not game.is_over and game.to_move == 1
    assert isinstance(game.effect, FinalAttack)
    assert game.legal_moves_text(1) == ["2c", "draw"]
    events = game.play("2c")
    assert game.is_over
    assert not any(isinstance(event, AttackRaised) for event in events)  # not passed on
    assert len(game.hands[2]) == 2


def test_ru_15_answering_a_finishing_penalty_card_with_ones_last_card_ends_the_deal_once() -> None:
    """RU-15: the answer that is also the answerer's last card ends the deal once, each seat
    ranked once."""
    game = position(["2h", "2c", "7s 8s"], pile="9h", stock="4d 4c 4s")
    game.play("2h")
    events = game.play("2c")
    assert events[1:] == (GameOver((0, 1, 2), False),)
    assert game.finished == (0, 1, 2)


def test_ru_15_ru_11_a_finishing_king_that_passes_a_penalty_on_is_paid_then_the_deal_ends() -> None:
    """RU-15, RU-11 with ``any_king_answers_king`` (docs/rules/russian.md, "Readings"): a
    plain K♠, no penalty card, that answers a K♥ as the player's last card passes the
    accumulated 5 on; the next player pays them, and then the deal ends."""
    v = variants.russian(any_king_answers_king=True)
    game = position(["Kh 5h", "Ks", "7s 8s", "Kc 9c"], pile="9h", stock="4d 4c 4s 6d 6c 7d", v=v)
    game.play("Kh +makao")
    game.play("Ks")
    assert not game.is_over and isinstance(game.effect, FinalAttack)
    assert game.legal_moves_text(2) == ["draw"]
    game.play("draw")
    assert game.is_over and len(game.hands[2]) == 7


def test_ru_15_a_finishing_penalty_card_is_paid_then_the_deal_ends() -> None:
    """RU-15: a finishing penalty card is paid then the deal ends."""
    game = position(["3h", "2c 5d", "7s 8s"], pile="9h", stock="4d 4c 4s 5s")
    game.play("3h")
    events = game.play("draw")
    assert AttackAccepted(1, 3) in events
    assert game.is_over and len(game.hands[1]) == 5


def test_ru_15_two_players_a_finishing_penalty_card_is_still_paid() -> None:
    """RU-15: with two players too, the next player answers or pays a finishing penalty."""
    game = position(["2h", "5d 6c"], pile="9h", stock="4d 4c 4s")
    game.play("2h")
    assert not game.is_over and game.to_move == 1
    assert isinstance(game.effect, FinalAttack)
    assert game.legal_moves_text(1) == ["draw"]
    events = game.play("draw")
    assert AttackAccepted(1, 2) in events
    assert game.is_over and len(game.hands[1]) == 4
    assert game.scores == (0, 5 + 5 + 5 + 5)


def test_ru_15_a_final_attack_is_taken_even_when_nothing_is_left_to_draw() -> None:
    """RU-15, RU-13, RU-17: facing a finishing penalty with an empty stock and no pile under
    the top card, the player may still take the penalty (drawing what there is: nothing),
    and the deal ends."""
    game = Game.from_position(
        RU,
        hands=["", "5d 6c"],
        pile="2h",
        stock="",
        to_move=1,
        effect="final attack 2 by 0",
        finished=(0,),
    )
    assert game.legal_moves_text(1) == ["draw"]
    events = game.play("draw")
    assert AttackAccepted(1, 2) in events
    assert game.is_over and game.scores == (0, 10)


def test_ru_15_an_accumulated_penalty_is_paid_at_the_end() -> None:
    """RU-15: an accumulated penalty is paid at the end."""
    game = position(["2c 5d", "2h", "7s 8s"], pile="2s", stock="4d 4c 4s 5s", effect="attack 2")
    game.play("2c")
    game.play("2h")  # seat 1 answers with their last card: 4 for seat 2
    assert game.legal_moves_text(2) == ["draw"]
    game.play("draw")
    assert game.is_over and len(game.hands[2]) == 6


def test_ru_16_the_remaining_hands_are_scored_the_winner_scores_zero() -> None:
    game = position(["5h", "Ah 9d", "Kh 3c 4c"], pile="7h")
    game.play("5h")
    assert deal_scores(game) == (0, 90, 85)
    assert deal_scores(game)[1] == hand_points("Ah 9d")


def test_ru_17_an_empty_stock_is_rebuilt_from_the_pile_but_its_top_card() -> None:
    game = position(["5d 6d", "8c"], pile="4h 5h 6h 7h", stock="")
    events = game.play("draw")
    assert StockReshuffled(3) in events
    assert str(game.top) == "7h" and len(game.pile) == 1


def test_ru_17_short_stock_draws_what_there_is() -> None:
    game = position(["2c 5d", "8c"], pile="2s 2h", stock="4d", effect="attack 4 by 1")
    events = game.play("draw")
    drawn = [event for event in events if isinstance(event, CardsDrawn)]
    assert [event.amount for event in drawn] == [2]  # attack 4, but only 2 cards exist


def test_ru_15_a_final_attack_position_is_read_and_saved() -> None:
    """RU-15: a final attack position is read and saved."""
    game = Game.from_position(
        RU,
        hands=["", "2c 5d 5c", "7s 8s"],
        pile="9h 2h",
        stock="4d 4c",
        to_move=1,
        effect="final attack 2 by 0",
        finished=(0,),
    )
    assert isinstance(game.effect, FinalAttack)
    assert game.legal_moves_text(1) == ["2c", "draw"]
    game.play("2c")
    assert game.is_over
    assert Game.from_json(game.to_json()).record == game.record


def test_ru_15_only_final_attack_text_reads_as_a_final_attack() -> None:
    """RU-15: a final attack is written ``final attack N by S``; another first word is
    no effect."""
    assert isinstance(RU.parse_effect("final attack 2 by 0"), FinalAttack)
    with pytest.raises(SetupError):
        RU.parse_effect("fatal attack 2 by 0")


def test_ru_7_ru_9_a_changer_drawn_by_a_player_holding_the_named_suit_is_not_playable() -> None:
    """RU-7, RU-9: a changer may be played only by a player who cannot match -- under a
    named suit, match that suit: one drawn while holding a card of it ends the turn."""
    game = position(["5s 7d", "6d 7d"], pile="9h", stock="Ac 2c", effect="suit s")
    assert game.legal_moves_text() == ["5s", "5s +makao", "draw"]
    game.play("draw")
    assert game.drawn is None and game.to_move == 1


@pytest.mark.parametrize(("hand", "stuck"), [("5d 6d", True), ("7c 5d", False)])
def test_ru_9_a_position_after_a_draw_moves_like_the_game_that_drew(hand: str, stuck: bool) -> None:
    """RU-9: set up just after a draw, a seat that had nothing to play must play the drawn
    card, and after a tactical draw may pass: as in the game that really drew it."""
    game = position([hand, "8c"], pile="7h", stock="7s 2c")
    game.play("draw")
    hands = [" ".join(map(str, game.hand(0))), "8c"]
    set_up = Game.from_position(RU, hands=hands, pile="7h", stock="2c", drawn="7s")
    assert set_up.must_play_drawn is stuck
    assert set_up.legal_moves_text(0) == game.legal_moves_text(0)
    assert ("pass" in set_up.legal_moves_text(0)) is not stuck


def test_ru_11_an_extra_king_adds_no_penalty() -> None:
    """RU-11: with ``any_king_answers_king`` a king other than K♥ answers, adding nothing."""
    kings = variants.russian(any_king_answers_king=True)
    rule = next(r for r in kings.rules if isinstance(r, BattleCards))
    assert rule.penalty(Card.parse("Ks")) == 0
    assert rule.penalty(Card.parse("Kh")) == 5 and rule.penalty(Card.parse("3s")) == 3


def test_ru_7_ru_8_a_nine_changes_the_suit_an_ace_named() -> None:
    """RU-7, RU-8: under the suit an ace named, a player with no card of that suit may
    still play a nine, a suit changer (wild under the demand), and name a suit."""
    russian = variants.russian()
    game = Game.from_position(russian, hands=["9s 5d 6c", "6h 7c"], pile="9d Ac", effect="suit h")
    assert {move.split(":")[0] for move in game.legal_moves_text()} >= {"9s"}


# ---------------------------------------------------------------- second mutation audit


def test_ru_13_the_variant_cites_the_rule_ids_of_the_spec() -> None:
    """RU-10…RU-13 are the battle cards' ids (``russian_battle_cards``), and every rule id
    of the spec is cited by some rule (RU-2, the point table, by `DealEnd`, which holds
    it)."""
    assert russian_battle_cards().ids == ("RU-10", "RU-11", "RU-12", "RU-13")
    assert set(RU.rule_ids) == {f"RU-{i}" for i in range(1, 19)}


def test_ru_15_a_final_attack_takes_the_attacks_multi_card_answers() -> None:
    """RU-15: a final attack allows what the attack allows, also the further cards of a
    multi-card answer (a table that plays sets: ``PlayRule(multi_card=True)``)."""
    sets = RU.replace(PlayRule, PlayRule(multi_card=True, ids=("RU-5", "RU-6")))
    game = position(["2h", "2c 2d 5c", "7s 8s"], pile="9h", stock="4d 4c 4s", v=sets)
    game.play("2h")
    assert isinstance(game.effect, FinalAttack)
    assert "2c 2d" in game.legal_moves_text(1)
    game.play("2c 2d")
    assert game.is_over and game.scores == (0, 5, 10)


def test_ru_15_the_draw_of_a_final_attack_is_an_attack_draw() -> None:
    """RU-15, RU-12: paying a finishing penalty card draws it as an accepted attack
    (``CardsDrawn`` with reason ``"attack"``), not as a penalty for an infraction."""
    game = position(["3h", "2c 5d", "7s 8s"], pile="9h", stock="4d 4c 4s 5s")
    game.play("3h")
    events = game.play("draw")
    drawn = [event for event in events if isinstance(event, CardsDrawn)]
    assert [(event.seat, event.reason, event.amount) for event in drawn] == [(1, "attack", 3)]
    assert events[0] == AttackAccepted(1, 3)


def test_ru_15_an_empty_effect_text_is_no_effect_of_the_variant() -> None:
    """RU-15: the final attack's reader refuses an empty text like every other rule: the
    variant's plain ``SetupError``, with no stray detail."""
    with pytest.raises(SetupError, match=r"^russian has no effect written ''$"):
        RU.parse_effect("")
