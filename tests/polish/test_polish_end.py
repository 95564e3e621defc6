"""Polish makao: the end of the game, finishing cards, the stock running out and blocked
games (PL-32 … PL-36)."""

from __future__ import annotations

import attrs
import pytest

from makao import Card, Game, Outcome, Play, Rank, variants
from makao.events import (
    AttackRaised,
    CardsDrawn,
    DemandEnded,
    DemandSet,
    GameOver,
    PlayerFinished,
    StockReshuffled,
    WaitRaised,
)
from makao.rules import Effect, Table
from makao.rules.base import Events

PL = variants.polish()
EFFECTS = variants.polish(last_card_effect_applies=True)
STOCK = "5c 6c 7c 8c 9c 10c 5d 6d 7d 8d"


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only, without calls or choices)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


def test_pl_32_the_others_play_on_for_the_places() -> None:
    game = Game.from_position(PL, hands=["5h", "6h 7d 8c", "9s 8d"], pile="9h", stock=STOCK)
    assert game.play("5h +po-makale")[-1] == PlayerFinished(0, 1)
    assert not game.is_over
    assert game.to_move == 1
    game.play("6h")
    game.play("draw")  # seat 2: 5c does not fit 6h
    assert game.to_move == 1
    assert game.outcome is None


@pytest.mark.parametrize(
    ("direction", "finished", "waits", "after"),
    [
        (1, [1, 2], None, 3),  # finished seats passed over, in the direction of play
        (-1, [4, 3], None, 2),  # the same the other way round
        (1, [1], [0, 0, 1, 0, 0], 3),  # a waiting seat after them waits its turn (PL-18)
        (-1, [4], [0, 0, 0, 1, 0], 2),
    ],
)
def test_pl_32_the_turn_passes_over_the_seats_that_finished(
    direction: int, finished: list[int], waits: list[int] | None, after: int
) -> None:
    """The others play on (PL-32): the turn goes to the next seat still holding cards,
    counted in the direction of play, past any that finished."""
    hands = ["5h 6d", "Qc Kd", "Qd Ks", "9s 8d", "10s 8s"]
    for seat in finished:
        hands[seat] = ""
    game = Game.from_position(
        PL,
        hands=hands,
        pile="9h",
        stock=STOCK,
        finished=finished,
        waits=waits,
        direction=direction,
    )
    game.play("5h")
    assert game.to_move == after
    if waits is not None:
        assert game.waits == (0, 0, 0, 0, 0)


def test_pl_18_pl_32_a_seat_that_finishes_has_no_turns_left_to_wait() -> None:
    """PL-18, PL-32: a seat set up to move with turns to wait goes out and waits no more."""
    hands = ["5h", "6c 7c", "8d 9d"]
    game = Game.from_position(PL, hands=hands, pile="5c", stock=STOCK, waits=[1, 0, 0])
    assert PlayerFinished(0, 1) in game.play("5h +po-makale")
    assert game.waits == (0, 0, 0) and game.to_move == 1


def test_pl_32_the_last_player_holding_cards_loses() -> None:
    game = Game.from_position(
        PL, hands=["", "6h", "9s 8d"], pile="9h", stock=STOCK, to_move=1, finished=[0]
    )
    events = game.play("6h +po-makale")
    assert events[-2:] == (PlayerFinished(1, 2), GameOver((0, 1, 2), False))
    assert game.is_over
    assert game.outcome == Outcome((0, 1, 2))
    assert game.legal_moves() == ()


def test_pl_32_without_play_for_places_the_first_winner_ends_the_game() -> None:
    variant = variants.polish(play_for_places=False)
    hands = ["5h", "6h 7d 8d", "9s 8s"]
    game = Game.from_position(variant, hands=hands, pile="9h", stock=STOCK)
    assert game.play("5h +po-makale")[-1] == GameOver((0, 2, 1), False)  # the rest: fewest cards
    assert game.outcome == Outcome((0, 2, 1))


@pytest.mark.parametrize("card", ["2h", "3h", "Kh", "4h", "Jh", "Ah"])
def test_pl_33_by_default_a_finishing_function_card_does_not_act(card: str) -> None:
    """PL-33: by default a finishing function card does not act."""
    game = Game.from_position(PL, hands=[card, "6h 7d", "9s 8d"], pile="9h", stock=STOCK)
    assert game.legal_moves_text(0) == [card, f"{card} +po-makale", "draw"]  # no choice
    game.play(card)
    assert game.effect is None
    assert game.to_move == 1
    assert plays(game) == {"6h"}


@pytest.mark.parametrize(
    ("play", "raised"),
    [
        ("2h", AttackRaised(0, 1, 2)),
        ("Ks", AttackRaised(0, 2, 5)),
        ("4h", WaitRaised(0, 1, 1)),
        ("Jh:7", DemandSet(0, Rank.SEVEN)),
    ],
)
def test_pl_33_last_card_effect_applies_option(play: str, raised: object) -> None:
    """PL-33: last card effect applies option."""
    card = play.split(":")[0]
    game = Game.from_position(
        EFFECTS, hands=[card, "6h 7d", "9s 8d"], pile=f"9{card[-1]}", stock=STOCK
    )
    events = game.play(play)
    assert raised in events
    assert game.effect is not None


def test_pl_19_pl_22_pl_33_a_finished_demanders_turn_passed_over_ends_the_demand() -> None:
    """PL-33 with the last card's effect: a demand set by a finishing jack lasts the round
    (PL-22) and ends when the round comes to the demander, who is passed over (PL-19):
    after it the next player plays by suit again (PL-25)."""
    game = Game.from_position(EFFECTS, hands=["Jh", "7s 8d", "7d 9s"], pile="5h", stock=STOCK)
    assert DemandSet(0, Rank.SEVEN) in game.play("Jh:7")
    assert plays(game) == {"7s"}  # the demanded rank only (PL-23)
    game.play("7s")
    events = game.play("7d")  # the round ends with seat 0's turn, passed over
    assert DemandEnded(Rank.SEVEN) in events
    assert game.effect is None and game.to_move == 1
    assert plays(game) == {"8d"}  # on 7d by suit, as without a demand


@pytest.mark.parametrize(("effect", "card"), [("attack 2 by 0", "2s"), ("wait 1 by 0", "4s")])
def test_pl_33_finishing_by_defending_ends_the_attack_or_wait(effect: str, card: str) -> None:
    """PL-33: finishing by defending ends the attack or wait."""
    top = card[0] + "h"
    hands = ["5d 6d", card, "7s 8d"]
    game = Game.from_position(PL, hands=hands, pile=top, stock=STOCK, effect=effect, to_move=1)
    events = game.play(card)
    assert PlayerFinished(1, 1) in events
    assert game.effect is None  # the accumulated penalty or wait lapses
    assert game.to_move == 2
    assert plays(game) == {"7s"}
    assert len(game.hand(2)) == 2


def test_pl_33_finishing_with_a_jack_on_a_demand_cancels_the_demand() -> None:
    """PL-33 with PL-21/PL-23: a finishing jack is ordinary, i.e. a jack with no demand,
    which cancels the demand in force; the old demand does not go on binding the next player."""
    hands = ["5h 6h", "Jc", "8c 8s 5s"]
    game = Game.from_position(
        PL, hands=hands, pile="Jh", stock=STOCK, effect="demand 7 by 0", to_move=1
    )
    assert game.legal_moves_text(1)[:2] == ["Jc", "Jc +po-makale"]  # no demand to name
    events = game.play("Jc +po-makale")
    assert PlayerFinished(1, 1) in events
    assert DemandEnded(Rank.SEVEN) in events
    assert game.effect is None
    assert game.to_move == 2
    assert plays(game) == {"8c", "8c 8s"}  # on J♣ by suit or rank, not sevens only


def test_pl_33_finishing_by_defending_passes_the_attack_on_when_effects_apply() -> None:
    """PL-33: finishing by defending passes the attack on when effects apply."""
    hands = ["5d 6d", "2s", "7h 7d"]
    game = Game.from_position(
        EFFECTS, hands=hands, pile="2h", stock=STOCK, effect="attack 2 by 0", to_move=1
    )
    assert AttackRaised(1, 2, 4) in game.play("2s")


def test_pl_34_no_points_the_result_is_only_the_finishing_order() -> None:
    """PL-34: no points the result is only the finishing order."""
    game = Game.new(PL, 3, seed=11)
    events: list[object] = []
    while not game.is_over:
        events.extend(game.play(game.legal_moves()[0]))
    assert game.outcome is not None
    assert sorted(game.outcome.order) == [0, 1, 2]
    assert events[-1] == GameOver(game.outcome.order, False)
    assert GameOver._fields == ("order", "blocked")
    assert not any("score" in type(event).__name__.lower() for event in events)


def test_pl_35_an_empty_stock_is_refilled_from_the_pile_but_its_top_card() -> None:
    """PL-35: an empty stock is refilled from the pile but its top card."""
    game = Game.from_position(PL, hands=["5d 6d", "7d"], pile="5h 6h 7h 9h", seed=3)
    events = game.play("draw")
    assert events[0] == StockReshuffled(3)
    assert game.pile == [Card.parse("9h")]
    assert len(game.stock) == 2
    assert sorted([*game.stock, game.hand(0)[-1]]) == sorted(
        Card.parse(c) for c in ["5h", "6h", "7h"]
    )


def test_pl_35_a_pile_of_one_card_under_the_top_is_reshuffled_too() -> None:
    """PL-35: "all but the top card" -- one card is enough to refill the stock."""
    game = Game.from_position(PL, hands=["5c 6c", "7d 8d"], pile="5h 9h")
    events = game.play("draw")
    assert events[0] == StockReshuffled(1)
    assert game.hand(0)[-1] == Card.parse("5h") and game.pile == [Card.parse("9h")]
    assert game.legal_moves_text(0) == ["5h", "pass"]  # it fits: PL-8


def test_pl_35_the_refilled_stock_is_shuffled() -> None:
    """PL-35: the pile's cards go back shuffled, not in the pile's order: over ten seeds the
    card drawn from the refilled stock is not always the same (the pile's bottom card, if
    it kept its order) and the stock's order varies."""
    pile = "5h 6h 7h 8h 9h 10h 5c 6c 9s"
    drawn, orders = set(), set()
    for seed in range(10):
        game = Game.from_position(PL, hands=["5d 6d", "7d 8d"], pile=pile, seed=seed)
        game.play("draw")
        drawn.add(game.hand(0)[-1])
        orders.add(tuple(game.stock))
    assert len(drawn) > 1 and len(orders) > 5


def test_pl_35_cards_that_cannot_be_had_are_forgiven() -> None:
    """PL-35: cards that cannot be had are forgiven."""
    game = Game.from_position(
        PL, hands=["5d 6d", "7d 8d"], pile="5h 6h 2h", stock="Kc", effect="attack 5 by 0", to_move=1
    )
    events = game.play("draw")
    drawn = events[-1]
    assert isinstance(drawn, CardsDrawn)
    assert drawn.amount == 3  # K♣, then 5♥ and 6♥ reshuffled; two cards forgiven
    assert StockReshuffled(2) in events
    assert game.effect is None
    assert game.pile == [Card.parse("2h")]
    assert game.to_move == 0


def test_pl_36_a_game_nobody_can_move_in_ends_blocked() -> None:
    hands = ["5c 6d", "8d", ""]
    game = Game.from_position(PL, hands=hands, pile="7h", finished=[2])
    assert game.legal_moves_text(0) == ["pass"]
    game.play("pass")
    assert game.legal_moves_text(1) == ["pass"]
    events = game.play("pass")
    assert events[-1] == GameOver((2, 1, 0), True)  # finished first, then fewest cards
    assert game.outcome == Outcome((2, 1, 0), blocked=True)


def test_pl_36_a_game_blocked_under_a_demand_ends_with_no_effect_in_force() -> None:
    """PL-36 (mutation audit): a game blocked while a jack's demand is in force (nobody
    holds the rank, nothing to draw) ends, and the demand ends with it: a finished game
    has no effect pending."""
    hands = ["5c 6d", "8d 9d", "10c"]
    game = Game.from_position(PL, hands=hands, pile="Jh", effect="demand 7 by 0", to_move=1)
    for _ in range(3):
        assert game.legal_moves_text() == ["pass"]
        events = game.play("pass")
    assert events[-1] == GameOver((2, 0, 1), True)
    assert game.effect is None
    assert not game.legal_moves()


def test_pl_32_pl_36_players_with_as_many_cards_rank_in_turn_order_from_the_seat_to_move() -> None:
    """PL-36 ("then the rest by fewest cards") and PL-32: the spec orders no tie; the engine
    ranks players holding as many cards in turn order from the seat to move at the end
    (`makao._core.unfinished_by_cards`)."""
    variant = variants.polish(play_for_places=False)
    game = Game.from_position(variant, hands=["5h", "6s 7d", "9s 8c"], pile="9h", stock=STOCK)
    assert game.play("5h +po-makale")[-1] == GameOver((0, 1, 2), False)
    later = Game.from_position(variant, hands=["9s 8c", "5h", "6s 7d"], pile="9h", to_move=1)
    assert later.play("5h +po-makale")[-1] == GameOver((1, 2, 0), False)


def test_pl_36_a_waiting_player_who_can_play_later_keeps_the_game_going() -> None:
    """PL-36: blocked only when every active player passes a full round; a waiting player
    whose skipped turns are not passes may still play when the wait is over."""
    game = Game.from_position(PL, hands=["5c", "6d", "7h 8h"], pile="9h", waits=[0, 0, 3])
    for _ in range(3):  # seats 0, 1, 0 pass; seat 2's turns in between are skipped
        game.play("pass")
    assert not game.is_over
    while game.to_move != 2:
        game.play("pass")
    assert "7h" in game.legal_moves_text(2)


def test_pl_36_a_play_after_a_pass_starts_the_count_of_passes_again() -> None:
    """PL-36: a play is no pass: after a pass and a play no pass is counted any more."""
    game = Game.from_position(PL, hands=["5c 6c", "7d 8d 9d", "8s 9s"], pile="7h")
    game.play("pass")
    game.play("7d")
    fresh = Game.from_position(PL, hands=["5c 6c", "8d 9d", "8s 9s"], pile="7h 7d", to_move=2)
    assert game == fresh  # the same position: the earlier pass is not counted


def test_pl_36_a_player_who_can_move_keeps_the_game_going() -> None:
    game = Game.from_position(PL, hands=["5c 6d", "8d 7d"], pile="7h")
    game.play("pass")
    assert not game.is_over
    assert "7d" in game.legal_moves_text(1)


def test_pl_36_with_nothing_to_draw_a_player_who_can_play_must_play() -> None:
    game = Game.from_position(PL, hands=["7c 5d", "8d"], pile="7h")
    assert game.legal_moves_text(0) == ["7c", "7c +makao"]  # no draw, no pass


def test_pl_32_a_game_that_ends_marks_every_seat_done() -> None:
    """PL-32: once the game is over, the seats ranked holding cards count as done too."""
    variant = variants.polish(play_for_places=False)
    game = Game.from_position(variant, hands=["5h", "6s 7d", "9s 8c"], pile="9h", stock=STOCK)
    game.play("5h +po-makale")
    assert game.is_over
    assert game.done == (True, True, True)


@attrs.frozen
class Toll(Effect):
    """A custom effect: nothing may be played or drawn under it; the turn it ends costs the
    player two cards (drawn through `Table.draw_cards`), and it is over."""

    def allows(self, game: Table, card: Card) -> bool:
        """Nothing."""
        return False

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """No draw."""
        return False

    def on_turn_end(self, game: Table, seat: int, events: Events) -> Effect | None:
        """Two cards, then over."""
        game.draw_cards(seat, 2, "toll", events)
        return None

    def to_text(self) -> str:
        """Its name."""
        return "toll"


@attrs.frozen
class Frost(Effect):
    """A custom effect: nothing may be played or drawn under it (a stuck pass with cards
    still in the stock), and it is over when the turn ends."""

    def allows(self, game: Table, card: Card) -> bool:
        """Nothing."""
        return False

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """No draw."""
        return False

    def on_turn_end(self, game: Table, seat: int, events: Events) -> Effect | None:
        """Over."""
        return None

    def to_text(self) -> str:
        """Its name."""
        return "frost"


def test_pl_36_a_usual_draw_after_a_stuck_pass_starts_the_count_of_passes_again() -> None:
    """PL-36: seat 0 passes stuck under a frost (the stock not empty); seat 1 draws the
    stock's last card, which does not follow: the draw starts the count again, so seat 0's
    next stuck pass is the first of a new count and the game goes on (not blocked)."""
    game = Game.from_position(PL, hands=["5c 7c", "8d"], pile="9h", stock="6d", effect=Frost())
    assert game.legal_moves_text() == ["pass"]
    game.play("pass")
    assert game.to_move == 1 and game.legal_moves_text() == ["draw"]
    game.play("draw")  # the 6♦: no follow, the turn ends
    assert game.to_move == 0 and game.legal_moves_text() == ["pass"]
    game.play("pass")
    assert not game.is_over and game.to_move == 1


def test_pl_36_cards_drawn_after_a_pass_start_the_count_of_passes_again() -> None:
    """PL-36: a player who passed and then drew cards (a rule's two) may move again, so the
    passes before it do not count towards a blocked game."""
    game = Game.from_position(PL, hands=["5c", "8d"], pile="9h", stock="6c 7c", effect=Toll())
    assert game.legal_moves_text() == ["pass"]
    game.play("pass")
    assert len(game.hand(0)) == 3 and game.effect is None
    assert game.legal_moves_text() == ["pass"]
    game.play("pass")
    assert not game.is_over and game.to_move == 0


def test_pl_1_to_pl_36_the_variant_cites_every_rule_id_of_the_spec() -> None:
    """PL-32 … PL-36 are the finish rule's ids, and every rule id of the spec, PL-1 …
    PL-36, is cited by one of the variant's rules, in order."""
    assert PL.compiled.finish.ids == ("PL-32", "PL-33", "PL-34", "PL-35", "PL-36")
    assert PL.rule_ids == tuple(f"PL-{n}" for n in range(1, 37))


def test_pl_34_the_basic_game_scores_no_points() -> None:
    """PL-34: Polish makao's finish rule scores nothing (no `scores` of its own), unlike a
    variant that counts points (RU-16)."""
    assert PL.compiled.finish.scores_points is False
    assert variants.russian().compiled.finish.scores_points is True
