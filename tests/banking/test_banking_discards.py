"""MB-6, MB-10, MB-11: a punter's own redraw discards are cards it saw. Its view keeps
them (nobody else's does), `OptimalPunter` counts them out of the shoe, and saves keep
them."""

from __future__ import annotations

import json

import pytest

from makao.banking import BankingGame, OptimalPunter, Redraw, macao
from makao.banking.odds import decision_values, shoe_counts
from makao.cards import parse_cards
from makao.errors import StateError

# Seat 1 (the punter) is dealt Kc, the banker 5d; seat 1 buys Kd, then redraws both kings
# for 7h 7s (4 points) with one more redraw allowed.
STACK = "Kc 5d Kd 7h 7s"
OPTIONS = macao(redraw=True, max_draws=3, fixed_stake=1)


def _after_redraw() -> BankingGame:
    game = BankingGame(2, OPTIONS, seed=1, stack=STACK)
    for move in ("stake 1", "draw", "redraw"):
        game.play(move)
    assert game.to_act == 1 and game.hand(1) == parse_cards("7h 7s")
    return game


def test_mb_6_a_punter_sees_its_own_redraw_discards_and_nobody_else_does() -> None:
    """MB-6, MB-10: the discarded kings are in seat 1's view, not in the banker's."""
    game = _after_redraw()
    assert game.view(1).discarded == parse_cards("Kc Kd")
    assert game.view(0).discarded == ()
    assert set(parse_cards("Kc Kd")) <= set(game.view(1).known_cards)
    assert not set(parse_cards("Kc Kd")) & set(game.view(0).known_cards)


def test_mb_11_the_optimal_punter_counts_its_own_redraw_discards_as_seen() -> None:
    """MB-11: with both kings discarded, redrawing 7h 7s is worth more than standing; over
    a shoe that still held the kings (the bot's old count) standing looked better."""
    game = _after_redraw()
    view = game.view(1)
    own = view.own_cards
    stand, buy = decision_values(OPTIONS, own, 2, shoe_counts(without=view.known_cards))
    assert buy > stand
    blind_stand, blind_buy = decision_values(OPTIONS, own, 2, shoe_counts(without=own))
    assert blind_stand > blind_buy  # the discards decide it
    assert OptimalPunter().choose(view) == Redraw()


def test_mb_6_redraw_discards_are_forgotten_when_the_shoe_is_shuffled_again() -> None:
    """MB-6, MB-9: the discards go back into the next bank's fresh shoe, out of every view."""
    game = _after_redraw()
    game.play("stand")
    later = game.clone()
    assert later.view(1).discarded == parse_cards("Kc Kd")  # the same shoe, the next coup
    while later.banker == 0 and later.to_act is not None:
        later.play(later.legal_moves()[0])
    assert later.banker == 1
    assert all(later.view(seat).discarded == () for seat in range(2))


def test_mb_10_a_save_keeps_each_seats_redraw_discards() -> None:
    """MB-10: to_json / from_json and clone keep what seat 1 saw it discard."""
    game = _after_redraw()
    assert BankingGame.from_json(game.to_json()).view(1) == game.view(1)
    assert game.clone().view(1) == game.view(1)


def test_mb_10_an_older_save_without_discards_takes_them_from_its_replay() -> None:
    """MB-10: a save written before the discards were saved loads with them replayed."""
    game = _after_redraw()
    saved = json.loads(game.to_json())
    del saved["discarded"]
    assert BankingGame.from_json(json.dumps(saved)).view(1) == game.view(1)


def test_mb_10_a_save_with_other_redraw_discards_is_refused() -> None:
    """MB-10: a seat's own discards must be what the replay of its moves shows it."""
    saved = json.loads(_after_redraw().to_json())
    saved["discarded"] = ["", "Kc"]
    with pytest.raises(StateError, match="seat 1 sees: its view's discarded"):
        BankingGame.from_json(json.dumps(saved))


@pytest.mark.parametrize("bad", [None, "Kc Kd", [""], ["", 5], ["", "Kc Zz"]])
def test_mb_10_a_save_with_malformed_redraw_discards_is_a_state_error(bad: object) -> None:
    saved = json.loads(_after_redraw().to_json())
    saved["discarded"] = bad
    with pytest.raises(StateError):
        BankingGame.from_json(json.dumps(saved))


def test_mb_10_a_save_whose_discarded_card_lies_in_the_shoe_is_refused() -> None:
    """MB-6, MB-10: a card seat 1 discarded cannot be back in the shoe before it is
    shuffled; a save that swaps it with a shoe card (every view and size unchanged) would
    let it be drawn again."""
    saved = json.loads(_after_redraw().to_json())
    discards, shoe = saved["discards"].split(), saved["shoe"].split()
    i = discards.index("Kc")
    j = next(k for k, card in enumerate(shoe) if card not in ("Kc", "Kd"))
    discards[i], shoe[j] = shoe[j], discards[i]
    saved["discards"], saved["shoe"] = " ".join(discards), " ".join(shoe)
    with pytest.raises(StateError, match="must lie in the discards"):
        BankingGame.from_json(json.dumps(saved))


def test_mb_10_a_save_whose_shown_card_lies_in_the_shoe_is_refused() -> None:
    """MB-7, MB-10: a card turned at the showdown stays out of the shoe until it is
    shuffled; a save that swaps it with a shoe card is refused."""
    game = _after_redraw()
    game.play("stand")
    saved = json.loads(game.to_json())
    seen = saved["seen"].split()
    discards, shoe = saved["discards"].split(), saved["shoe"].split()
    i = discards.index(seen[0])
    j = next(k for k, card in enumerate(shoe) if card not in [*seen, "Kc", "Kd"])
    discards[i], shoe[j] = shoe[j], discards[i]
    saved["discards"], saved["shoe"] = " ".join(discards), " ".join(shoe)
    with pytest.raises(StateError, match="must lie in the discards"):
        BankingGame.from_json(json.dumps(saved))


@pytest.mark.parametrize("bad", [[""], ["", "Kc Kd", ""], ["", "Kc Kd", "Kc"]])
def test_mb_10_a_save_with_discards_for_another_number_of_seats_is_refused(bad: object) -> None:
    """MB-10: one entry of discards per seat, no fewer and no more (an extra one, which no
    seat's view shows, was loaded into the game)."""
    saved = json.loads(_after_redraw().to_json())
    assert saved["discarded"] == ["", "Kc Kd"]
    saved["discarded"] = bad
    with pytest.raises(StateError, match=r"expected the discarded cards of 2 seats, not \["):
        BankingGame.from_json(json.dumps(saved))
