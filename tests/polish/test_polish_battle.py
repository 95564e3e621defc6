"""Polish makao: battle cards -- attacks that add up and pass on (PL-10 … PL-16)."""

from __future__ import annotations

import pytest

from makao import Card, Game, IllegalMoveError, Pending, Play, parse_cards, variants
from makao.errors import SetupError
from makao.events import AttackAccepted, AttackRaised, CardsDrawn, CardsPlayed, TurnSkipped
from makao.rules import BattleCards, StartRule
from makao.variants.polish import polish_battle_cards

PL = variants.polish()
STOCK = "5c 6c 7c 8c 9c 10c 5d 6d 7d 8d 9d 10d"


def attack(text: str) -> object:
    """The effect written ``text`` (``"attack 5 by 0 back"``)."""
    return PL.parse_effect(text)


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only, without calls)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


@pytest.mark.parametrize(("card", "penalty"), [("2h", 2), ("3h", 3), ("Kh", 5)])
def test_pl_10_battle_cards_and_their_penalties(card: str, penalty: int) -> None:
    game = Game.from_position(PL, hands=[f"{card} 5d", "5s", "6s"], pile="9h", stock=STOCK)
    assert game.play(card)[-1] == AttackRaised(0, 1, penalty)
    assert game.effect == attack(f"attack {penalty} by 0")


def test_pl_10_king_of_spades_is_a_battle_card_of_five() -> None:
    game = Game.from_position(PL, hands=["Ks 5d", "5s", "6s"], pile="9s", stock=STOCK)
    assert game.play("Ks")[-1] == AttackRaised(0, 2, 5)


@pytest.mark.parametrize("king", ["Kc", "Kd"])
def test_pl_10_kings_of_clubs_and_diamonds_do_not_attack(king: str) -> None:
    game = Game.from_position(PL, hands=[f"{king} 5d", "5s"], pile=f"9{king[1]}", stock=STOCK)
    assert game.play(king) == (CardsPlayed(0, (Card.parse(king),)),)
    assert game.effect is None


def test_pl_11_the_attacked_player_defends_or_accepts() -> None:
    """PL-11: the attacked player defends or accepts."""
    game = Game.from_position(PL, hands=["2h 5d 6d", "2s 9h 5h Qh"], pile="9h", stock=STOCK)
    game.play("2h")
    assert game.to_move == 1
    assert game.legal_moves_text(1) == ["2s", "draw"]  # no ordinary card, no pass


@pytest.mark.parametrize(
    ("first", "defence", "total"),
    [("2h", "3h", 5), ("2h", "Kh", 7), ("2h", "2s", 4), ("Kh", "Ks", 10), ("3s", "Ks", 8)],
)
def test_pl_12_defence_adds_penalties(first: str, defence: str, total: int) -> None:
    """PL-12: defence adds penalties."""
    game = Game.from_position(
        PL, hands=[f"{first} 5d", f"{defence} 6d", "7d 8d"], pile=f"9{first[-1]}", stock=STOCK
    )
    game.play(first)
    assert defence in plays(game)
    raised = game.play(defence)[-1]
    assert isinstance(raised, AttackRaised)
    assert raised.total == total


@pytest.mark.parametrize(("top", "refused"), [("2h", "3s"), ("2s", "Kh"), ("Kh", "2s")])
def test_pl_12_a_defence_must_match_the_top_card(top: str, refused: str) -> None:
    """PL-12: a defence must match the top card."""
    game = Game.from_position(
        PL, hands=["5d", f"{refused} 6d"], pile=top, stock=STOCK, effect="attack 2 by 0", to_move=1
    )
    assert plays(game) == set()
    with pytest.raises(IllegalMoveError):
        game.play(refused)


def test_pl_12_the_defended_attack_passes_on_to_the_next_player() -> None:
    """PL-12: the defended attack passes on to the next player."""
    game = Game.from_position(PL, hands=["2h 5d", "3h 6d", "7d 8d"], pile="9h", stock=STOCK)
    game.play("2h")
    assert game.play("3h")[-1] == AttackRaised(1, 2, 5)
    assert game.to_move == 2


def test_pl_13_accepting_draws_the_penalty_and_ends_the_attack_and_the_turn() -> None:
    """PL-13: accepting draws the penalty and ends the attack and the turn."""
    game = Game.from_position(
        PL,
        hands=["5d", "9h 6d", "7d 8d"],
        pile="3h",
        stock=STOCK,
        effect="attack 5 by 0",
        to_move=1,
    )
    events = game.play("draw")
    drawn = parse_cards("5c 6c 7c 8c 9c")
    assert events == (AttackAccepted(1, 5), CardsDrawn(1, drawn, "attack", 5))
    assert game.effect is None
    assert game.to_move == 2
    assert game.hand(1)[:2] == (Card.parse("9h"), Card.parse("6d"))  # nothing played


def test_pl_14_ks_sends_attack_backwards() -> None:
    """PL-14: ks sends attack backwards."""
    hands = ["5d", "6d", "Ks 7d", "8d"]
    game = Game.from_position(PL, hands=hands, pile="9s", stock=STOCK, to_move=2)
    assert game.play("Ks")[-1] == AttackRaised(2, 1, 5)
    assert game.to_move == 1  # answers at once, out of the normal order


def test_pl_14_ks_victim_defending_with_a_two_sends_it_back_to_the_ks_player() -> None:
    """PL-14: ks victim defending with a two sends it back to the ks player."""
    hands = ["5d", "2s 6d", "Ks 7d"]
    game = Game.from_position(PL, hands=hands, pile="9s", stock=STOCK, to_move=2)
    game.play("Ks")
    assert game.play("2s")[-1] == AttackRaised(1, 2, 7)
    assert game.to_move == 2


def test_pl_14_two_players_ks_victim_defending_with_a_two_sends_it_back() -> None:
    """PL-14: two players ks victim defending with a two sends it back."""
    game = Game.from_position(PL, hands=["Ks 5d 6d", "2s 5c 6c"], pile="9s", stock=STOCK)
    assert game.play("Ks")[-1] == AttackRaised(0, 1, 5)
    assert game.play("2s")[-1] == AttackRaised(1, 0, 7)
    assert game.to_move == 0
    game.play("draw")
    assert len(game.hand(0)) == 2 + 7
    assert game.to_move == 1


def test_pl_14_direction_is_decided_by_the_last_card() -> None:
    """PL-14: direction is decided by the last card."""
    hands = ["5d", "Kh 6d", "Ks 7d", "8d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK, to_move=1)
    assert game.play("Kh")[-1] == AttackRaised(1, 2, 5)  # K♥: forwards
    assert game.play("Ks")[-1] == AttackRaised(2, 1, 10)  # K♠ on it: backwards from seat 2
    assert game.to_move == 1


def test_pl_15_after_accepting_a_backwards_attack_play_resumes_after_the_ks_player() -> None:
    """PL-15: after accepting a backwards attack play resumes after the ks player."""
    hands = ["5d 6d", "Ks 5c 6c", "5h 6h"]
    game = Game.from_position(PL, hands=hands, pile="9s", stock=STOCK, to_move=1)
    game.play("Ks")
    assert game.to_move == 0
    game.play("draw")
    assert len(game.hand(0)) == 7
    assert game.to_move == 2


def test_pl_15_resumes_after_the_player_of_the_last_ks() -> None:
    """PL-15: resumes after the player of the last ks."""
    hands = ["5d 6d", "Ks 5c", "Ks 5h", "6h 6s"]
    game = Game.from_position(PL, hands=hands, pile="9s", stock=STOCK, to_move=2)
    game.play("Ks")  # seat 2 → seat 1
    game.play("Ks")  # seat 1 → seat 0, total 10
    assert game.to_move == 0
    game.play("draw")
    assert len(game.hand(0)) == 12
    assert game.to_move == 2  # the player after seat 1, who played the last K♠


def test_pl_15_two_players_the_acceptors_draw_was_their_turn() -> None:
    """PL-15: two players the acceptors draw was their turn."""
    game = Game.from_position(PL, hands=["Ks 5d 6d", "9c 5c 6c"], pile="9s", stock=STOCK)
    game.play("Ks")
    assert game.to_move == 1
    game.play("draw")
    assert len(game.hand(1)) == 8
    assert game.to_move == 0  # the next player after the acceptor: the K♠ player


def test_pl_15_pl_18_an_attack_back_accepted_by_its_own_player_skips_a_waiting_seat_once() -> None:
    """PL-15, PL-18 (mutation audit): a set-up backwards attack whose player accepts it
    resumes in turn order after that player; a waiting seat passed over waits one turn
    less, once (resuming "after the K♠ player" must not pass it over a second time)."""
    game = Game.from_position(
        PL,
        hands=["5d 6d", "7d"],
        pile="Ks",
        stock=STOCK,
        effect="attack 5 by 0 back",
        waits=[0, 2],
    )
    events = game.play("draw")
    assert events[-1] == TurnSkipped(1)
    assert events.count(TurnSkipped(1)) == 1
    assert game.waits == (0, 1)
    assert game.to_move == 0


def test_pl_16_several_battle_cards_add_all_their_penalties() -> None:
    game = Game.from_position(PL, hands=["2h 2s 5d", "6d", "7d"], pile="9h", stock=STOCK)
    assert game.play("2h 2s")[-1] == AttackRaised(0, 1, 4)


def test_pl_16_mixed_kings_add_only_battle_kings() -> None:
    game = Game.from_position(PL, hands=["Kh Kc 5d", "6d", "7d"], pile="9h", stock=STOCK)
    assert game.play("Kh Kc")[-1] == AttackRaised(0, 1, 5)
    assert game.top == Card.parse("Kc")
    assert plays(game) == set()  # seat 1 must defend on K♣ (a K or a club) or accept


def test_pl_16_mixed_kings_direction_of_the_last_battle_card() -> None:
    hands = ["Kc Ks Kh Kd 5d", "6d", "7d"]
    game = Game.from_position(PL, hands=hands, pile="9c", stock=STOCK)
    assert game.play("Kc Ks")[-1] == AttackRaised(0, 2, 5)  # backwards
    game = Game.from_position(PL, hands=hands, pile="9c", stock=STOCK)
    assert game.play("Kc Ks Kh Kd")[-1] == AttackRaised(0, 1, 10)  # forwards, by K♥
    game = Game.from_position(PL, hands=hands, pile="9c", stock=STOCK)
    assert game.play("Kc Kh Ks Kd")[-1] == AttackRaised(0, 2, 10)  # backwards, by K♠


def test_pl_16_a_defence_consists_of_battle_cards_only() -> None:
    game = Game.from_position(
        PL, hands=["5d", "Kh Kc 2h 2s"], pile="Ks", stock=STOCK, effect="attack 5 by 0", to_move=1
    )
    assert plays(game) == {"Kh", "2s", "2s 2h"}
    with pytest.raises(IllegalMoveError):
        game.play("Kh Kc")


def test_pl_7_pl_16_a_defence_with_a_battle_card_held_three_times() -> None:
    """PL-7, PL-16: K♥ held three times defends with 1-3 copies; the K♣ joins no defence."""
    game = Game.from_position(
        PL, hands=["Kh Kh Kh Kc 5d", "6d 7d"], pile="3h", stock=STOCK, effect="attack 3 by 1"
    )
    assert game.beginning.repeats == 2
    assert game.legal_moves_text() == ["Kh", "Kh Kh", "Kh Kh Kh", "draw"]


def test_pl_14_pl_16_four_kings_list_either_battle_king_last_before_a_plain_one() -> None:
    """PL-14, PL-16: before a plain last king, K♥ or K♠ may act last: both orders listed."""
    game = Game.from_position(PL, hands=["Kc Kh Ks Kd 5d", "6d 7d"], pile="9c", stock=STOCK)
    listed = game.legal_moves_text()
    assert "Kc Ks Kh Kd" in listed and "Kc Kh Ks Kd" in listed
    game.play("Kc Kh Ks Kd")
    assert game.pending == Pending.attack(10, by=0) and game.to_move == 1


def test_pl_7_pl_16_four_twos_in_any_middle_order_are_legal() -> None:
    """PL-7, PL-16: four battle twos with the middle cards in an unlisted order are legal."""
    game = Game.from_position(PL, hands=["2h 2s 2c 2d 9c", "6d 7d"], pile="9h", stock=STOCK)
    assert "2h 2s 2c 2d" not in game.legal_moves_text()
    assert game.is_legal("2h 2s 2c 2d")
    game.play("2h 2s 2c 2d")
    assert game.pile[-4:] == list(parse_cards("2h 2s 2c 2d"))


def test_pl_10_penalties_are_kept_in_card_order() -> None:
    """PL-10: a battle-card rule keeps its penalties in card order, however they are given."""
    rule = BattleCards({"Kh": 5, "3h": 3, "2h": 2})
    assert [(str(card), penalty) for card, penalty in rule.penalties] == [
        ("2h", 2),
        ("3h", 3),
        ("Kh", 5),
    ]
    assert rule == BattleCards([("3h", 3), ("2h", 2), ("Kh", 5)])


def test_pl_12_battle_cards_made_without_an_answer_defend_by_suit_or_rank() -> None:
    """PL-12: by default a battle card defends if it matches the top card by suit or rank."""
    rule = BattleCards({"2h": 2, "3h": 3, "2s": 2})
    assert rule.answer == "match"
    assert rule.answers(Card.parse("2h"), Card.parse("3h"))  # suit only
    assert rule.answers(Card.parse("2h"), Card.parse("2s"))  # rank only


def test_pl_14_king_of_spades_and_king_of_hearts_differ_in_effect() -> None:
    """PL-14: K♠ attacks backwards and K♥ forwards, so their effect classes differ."""
    rule = polish_battle_cards()
    kh, ks = Card.parse("Kh"), Card.parse("Ks")
    assert rule.effect_class(kh) != rule.effect_class(ks)
    assert rule.effect_class(Card.parse("2h")) == rule.effect_class(Card.parse("2s"))


def test_pl_15_a_backwards_attack_read_from_text_resumes_after_its_attacker() -> None:
    """PL-15: ``attack 5 by 0 back`` is a backwards attack: accepted, play resumes at 1."""
    assert PL.parse_effect("attack 5 by 0 back").to_text() == "attack 5 by 0 back"
    game = Game.from_position(
        PL,
        hands=["5d 6d", "7d 8d", "9s 10s"],
        pile="Ks",
        stock=STOCK,
        effect="attack 5 by 0 back",
        to_move=2,
    )
    game.play("draw")
    assert game.to_move == 1


def test_pl_19_an_attack_passes_over_every_waiting_seat_to_the_last_one() -> None:
    """PL-19: at a table of six, an attack passes the waiting seats 1 to 4 to reach seat 5."""
    hands = ["2h 5d", "5s", "6s", "7s", "8s", "9s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK, waits=[0, 1, 1, 1, 1, 0])
    assert game.play("2h")[-1] == AttackRaised(0, 5, 2)
    assert game.to_move == 5 and game.waits == (0, 1, 1, 1, 1, 0)


def test_pl_19_an_attack_at_a_table_of_one_binds_nobody_and_lapses() -> None:
    """PL-19: a table of one (a start rule seating one), the player's own 2 has no other
    seat to attack: it lapses, no attack raised, and the player moves again unbound."""
    solo = PL.replace(StartRule, StartRule(min_players=1))
    game = Game.from_position(solo, hands=["2h 5h 6h"], pile="9h", stock=STOCK)
    events = game.play("2h")
    assert not any(isinstance(event, AttackRaised) for event in events)
    assert game.effect is None and game.to_move == 0
    assert plays(game) == {"5h", "6h"}


def test_pl_15_pl_18_play_resumes_after_the_ks_player_past_a_waiting_seat() -> None:
    """PL-15, PL-18: resuming after the K♠ player, a waiting seat there sits out a turn."""
    hands = ["5h 9c", "Ks 7c", "6h 8c", "6d 8d"]
    game = Game.from_position(
        PL, hands=hands, pile="Kh", stock=STOCK, to_move=1, waits=[0, 0, 1, 0]
    )
    assert game.play("Ks")[-1] == AttackRaised(1, 0, 5)
    assert game.play("draw")[-1] == TurnSkipped(2)
    assert game.to_move == 3 and game.waits == (0, 0, 0, 0)


def test_pl_12_an_attack_text_ending_in_of_is_not_an_attack_of_this_rule() -> None:
    """PL-12: ``attack N of`` with no rank after ``of`` is not read by the battle cards
    (none, so the variant reports the text as unknown), not an index error."""
    assert polish_battle_cards().parse_effect(["attack", "2", "of"]) is None


def test_pl_15_pl_19_pl_33_a_finished_ks_players_attack_resumes_after_them_past_no_wait() -> None:
    """PL-15, PL-19, PL-33: a K♠ that finishes (effects apply) passes a waiting seat 3 to
    attack seat 2; accepted, play resumes after the K♠ player (seat 1), so seat 3's wait is
    not used up: it was passed over by the attack, not reached in the normal order."""
    effects = variants.polish(last_card_effect_applies=True)
    hands = ["Ks", "5h 6h", "5d 6d", "5c 6c"]
    game = Game.from_position(effects, hands=hands, pile="9s", stock=STOCK, waits=[0, 0, 0, 1])
    assert AttackRaised(0, 2, 5) in game.play("Ks +po-makale")
    events = game.play("draw")
    assert TurnSkipped(3) not in events
    assert game.to_move == 1 and game.waits == (0, 0, 0, 1)


@pytest.mark.parametrize("penalty", [0, -2])
def test_pl_12_a_battle_card_of_no_penalty_is_refused(penalty: int) -> None:
    """PL-12: every penalty is a card or more: a battle card given 0 (or less) is a
    `SetupError` naming it, as is an attack text of 0 cards."""
    with pytest.raises(SetupError, match="2h's penalty"):
        BattleCards({"2h": penalty})
    with pytest.raises(SetupError, match="1 card or more"):
        PL.parse_effect("attack 0 by 1")


def test_pl_10_pl_16_a_card_with_no_penalty_adds_nothing() -> None:
    """PL-10, PL-16: `BattleCards.penalty` is each battle card's penalty and 0 for any
    other card (an ordinary king mixed into a king play adds nothing)."""
    rule = polish_battle_cards()
    penalties = {str(card): rule.penalty(card) for card in parse_cards("2h 3s Kh Ks Kc Kd 4h")}
    assert penalties == {"2h": 2, "3s": 3, "Kh": 5, "Ks": 5, "Kc": 0, "Kd": 0, "4h": 0}


@pytest.mark.parametrize("text", ["attack two", "attack -3 by 1", "attack 2 by 0 of 2"])
def test_pl_12_an_attack_text_with_no_count_or_a_rank_is_no_polish_attack(text: str) -> None:
    """PL-12: the battle cards read ``attack N`` with N a count of cards, and no ``of R``
    (their cards are of several ranks); anything else is none of theirs (no error), which
    the variant reports as an unknown effect."""
    assert polish_battle_cards().parse_effect(text.split()) is None
    with pytest.raises(SetupError, match="no effect written"):
        PL.parse_effect(text)


def test_pl_10_to_pl_16_the_battle_cards_cite_their_rule_ids() -> None:
    """PL-10 … PL-16: the battle cards cite each of their rule ids."""
    ids = tuple(f"PL-{n}" for n in range(10, 17))
    assert polish_battle_cards().ids == ids
    assert [rule.ids for rule in PL.rules if isinstance(rule, BattleCards)] == [ids]
