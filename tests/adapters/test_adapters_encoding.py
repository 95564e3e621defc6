"""The observation encoding of the adapters: what it shows, and that it never shows
hidden cards (makao.adapters.encoding)."""

from __future__ import annotations

import importlib
import itertools
import random
import sys
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")

from makao import Card, Draw, Game, Play, parse_cards, variants  # noqa: E402
from makao.actions import ActionSpace  # noqa: E402
from makao.adapters.driver import Driver  # noqa: E402
from makao.adapters.encoding import EFFECT_KINDS, HIGH, MAX_SEATS, Encoder, padded_seats  # noqa: E402
from makao.adapters.fixed import fixed_layout  # noqa: E402
from makao.cards import Suit  # noqa: E402
from makao.errors import SetupError  # noqa: E402
from makao.rules.base import Effect  # noqa: E402

PL = variants.polish()
ENC = Encoder.for_table(ActionSpace(PL, 3), fixed_size=False)


def encoder_of(game: Game) -> Encoder:
    """The adapters' encoder of ``game``'s variant and table."""
    return Encoder.for_table(ActionSpace(game.variant, game.players), fixed_size=False)


def observe(game: Game, seat: int = 0) -> object:
    return encoder_of(game).observe(Driver(game), seat)


def segment(game: Game, name: str, seat: int = 0) -> list[float]:
    encoder = encoder_of(game)
    return [float(x) for x in encoder.segment(encoder.observe(Driver(game), seat), name)]


def table(effect: str | None = None, **kwargs: object) -> Game:
    return Game.from_position(
        PL,
        hands=["5h 6d", "6h 7s 8d", "7h 8s"],
        pile="9h",
        stock="Kd 5s",
        effect=effect,
        **kwargs,  # type: ignore[arg-type]
    )


def test_own_hand_top_card_and_hand_sizes_are_shown() -> None:
    game = table()
    hand = segment(game, "hand")
    assert hand[Card.parse("5h").index] == hand[Card.parse("6d").index] == 1 and sum(hand) == 2
    assert segment(game, "top")[Card.parse("9h").index] == 1
    assert segment(game, "hand_sizes", seat=1) == [3, 2, 2]  # relative: seat 1 first


def test_pl_12_an_attack_shows_kind_amount_and_relative_seat() -> None:
    """PL-12: an attack shows kind amount and relative seat."""
    game = table("attack 5 by 2")
    assert segment(game, "effect_kind")[EFFECT_KINDS.index("attack")] == 1
    assert segment(game, "effect_amount") == [5]
    assert segment(game, "effect_seat", seat=0) == [0, 0, 1]
    assert segment(game, "effect_seat", seat=2) == [1, 0, 0]


def test_pl_21_a_demand_shows_the_rank_and_pl_26_a_named_suit_the_suit() -> None:
    demand = segment(table("demand 7 by 1"), "effect_rank")
    assert demand.index(1) == 7 - 2
    suit = segment(table("suit s"), "effect_suit")
    assert suit == [0, 0, 0, 1]  # clubs, diamonds, hearts, spades


def test_per_seat_segments_count_seats_from_the_observer_in_seat_order() -> None:
    game = Game.from_position(PL, hands=["5h 6d", "6h 7s 8d", "7h 8s 9s 10s"], pile="9h")
    assert segment(game, "hand_sizes", seat=1) == [3, 4, 2]
    assert segment(game, "hand_sizes", seat=2) == [4, 2, 3]
    assert segment(game, "to_move", seat=1) == [0, 0, 1]


def test_pl_18_waits_are_shown_per_relative_seat() -> None:
    """PL-18: the turns a seat still waits, counted from the observer."""
    game = table(waits=[0, 2, 0])
    assert segment(game, "waits", seat=0) == [0, 2, 0]
    assert segment(game, "waits", seat=1) == [2, 0, 0]
    assert segment(game, "waits", seat=2) == [0, 0, 2]


def test_reversed_is_set_only_when_play_goes_against_seat_order() -> None:
    assert segment(table(), "reversed") == [0]
    assert segment(table(direction=-1), "reversed") == [1]


def test_pl_21_a_demand_shows_the_demander_as_its_seat_not_an_amount() -> None:
    """PL-21, PL-22: the demander is the seat of the effect (the demand ends with its turn)."""
    game = table("demand 7 by 1")
    assert segment(game, "effect_seat", seat=0) == [0, 1, 0]
    assert segment(game, "effect_seat", seat=1) == [1, 0, 0]
    assert segment(game, "effect_amount") == [0]


def forgot_makao() -> Driver:
    """Seat 0 plays 5♥ on 9♥ without saying "makao"; seat 1 gets the first reaction turn."""
    driver = Driver(table())
    for action in driver.encode(Play(parse_cards("5h"))):
        driver.step(action)
    assert (driver.actor, driver.reacting) == (1, True)
    return driver


def test_pl_30_the_seat_owing_makao_is_shown_relative_to_the_observer() -> None:
    """PL-29, PL-30: seat 0 owes "makao" (open to "stop"); each seat sees it from its own."""
    driver = forgot_makao()
    owes = [[float(x) for x in ENC.segment(ENC.observe(driver, s), "owes_call")] for s in range(3)]
    assert owes == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]


def test_pl_30_only_the_seat_in_its_reaction_turn_is_flagged_reacting() -> None:
    """PL-30: the reaction flag is the observer's own: set for the seat asked, not others."""
    driver = forgot_makao()
    flags = [float(ENC.segment(ENC.observe(driver, s), "reacting")[0]) for s in range(3)]
    assert flags == [0, 1, 0]


def test_pl_8_the_drawn_card_is_seen_only_by_the_drawer() -> None:
    game = Game.from_position(PL, hands=["5c 6d", "6h", "7h"], pile="9h", stock="8h")
    game.play(Draw())
    assert segment(game, "drawn", seat=0)[Card.parse("8h").index] == 1
    assert sum(segment(game, "drawn", seat=1)) == 0


def test_other_hands_and_the_stock_never_change_the_encoding() -> None:
    base = table()
    other = Game.from_position(
        PL, hands=["5h 6d", "2c 3c 4c", "Ac Kc"], pile="9h", stock="Qs Js", effect=None
    )
    assert np.array_equal(observe(base), observe(other))
    assert not np.array_equal(observe(base, 1), observe(other, 1))


def test_hidden_cards_shuffled_mid_game_never_change_any_seats_encoding() -> None:
    rng = random.Random(7)
    driver = Driver(Game.new(PL, 3, seed=7))
    for _ in range(300):
        if driver.is_over:
            break
        seat = driver.actor
        before = ENC.observe(driver, seat)
        changed = driver.clone()
        game = changed.game
        pool = [*game.stock, *(c for s in range(3) if s != seat for c in game.hands[s])]
        rng.shuffle(pool)
        for other in range(3):
            if other != seat:
                size = len(game.hands[other])
                game.hands[other], pool = tuple(pool[:size]), pool[size:]
        game.stock = pool
        assert np.array_equal(before, ENC.observe(changed, seat))
        driver.step(rng.choice(driver.legal_actions()))


def test_sizes_are_288_plus_6_per_seat_and_58_per_seat_with_memory() -> None:
    """The documented sizes: 288 + 6·N, and 288 + 58·N with ``memory`` (N = ``seats``)."""
    assert (Encoder(2).size, Encoder(2, seats=8).size) == (300, 336)
    assert Encoder(3, memory=True).size == 288 + 58 * 3
    assert Encoder(2, seats=4, memory=True).size == 288 + 58 * 4


@pytest.mark.parametrize("seats", [2, 65])
def test_seats_below_players_or_above_64_are_setup_errors(seats: int) -> None:
    """``seats`` pads the per-seat segments: from ``players`` up to 64, else `SetupError`."""
    assert Encoder(3, seats=3).size == Encoder(3).size and Encoder(3, seats=64).size == 288 + 384
    with pytest.raises(SetupError, match=f"between players \\(3\\) and 64, not {seats}"):
        Encoder(3, seats=seats)


@pytest.mark.parametrize("seats", [2.5, "8", True])
def test_seats_that_are_no_whole_number_are_setup_errors(seats: object) -> None:
    """``seats=2.5`` made a float size, ``"8"`` a `TypeError`: both are `SetupError`s."""
    with pytest.raises(SetupError, match=f"seats must be a whole number .*, not {seats!r}"):
        Encoder(3, seats=seats)  # type: ignore[arg-type]


def test_fixed_size_pads_to_eight_seats_and_refuses_a_larger_table() -> None:
    """``fixed_size`` pads every table to `MAX_SEATS` (8); a ninth seat is refused by name
    (before, the encoder's own message spoke of ``seats``, which the caller never gave)."""
    assert MAX_SEATS == 8
    assert [padded_seats(players, True) for players in (2, 8)] == [8, 8]
    assert [padded_seats(players, False) for players in (2, 9)] == [None, None]
    with pytest.raises(SetupError, match="fixed_size pads to 8 seats: it cannot hold 9 players"):
        padded_seats(9, True)


def test_pl_32_finished_seats_are_shown_per_relative_seat() -> None:
    """PL-32: a seat that has gone out is flagged, counted from the observer."""
    game = Game.from_position(PL, hands=["", "5c 6c", "7h 8s"], pile="9h", to_move=1, finished=(0,))
    assert segment(game, "finished", seat=1) == [0, 0, 1]
    assert segment(game, "finished", seat=0) == [1, 0, 0]


def test_the_stock_size_is_shown() -> None:
    """``stock_size`` counts the cards in the stock."""
    assert segment(table(), "stock_size") == [2]


def test_um_21_a_public_flag_is_no_seat_owing_a_call() -> None:
    """UM-21: Mao's public ``("dealing", True)`` is a flag, not seat 1 owing a call."""
    game = Game.new(variants.mao(), 3, seed=1)
    assert ("dealing", True) in game.view(0).public
    assert segment(game, "owes_call") == [0, 0, 0]


def test_pl_7_the_cards_of_a_play_being_built_are_shown_as_its_prefix() -> None:
    """PL-7: a multi-card play is built card by card; the chosen cards are the prefix."""
    game = Game.from_position(PL, hands=["7h 7s 9c", "5d 6d", "8c"], pile="7d", stock="2c 3c")
    driver = Driver(game)
    driver.step(driver.encode(Play(parse_cards("7h 7s")))[0])
    prefix = [float(x) for x in ENC.segment(ENC.observe(driver, 0), "prefix")]
    assert prefix[Card.parse("7h").index] == 1 and sum(prefix) == 1


def test_the_memory_of_played_cards_is_rolled_to_the_observer() -> None:
    """``played`` rows are seats; the encoding's first row is the observer's own."""
    encoder = Encoder(3, memory=True)
    played = np.zeros((3, 52), dtype=np.float32)
    for seat in range(3):
        played[seat, seat] = 1
    vector = encoder.encode(table().view(1), played=played)
    rows = encoder.segment(vector, "played").reshape(3, 52)
    assert [int(np.flatnonzero(row)[0]) for row in rows] == [1, 2, 0]


def test_pl_18_values_are_clipped_at_high() -> None:
    """PL-18: a wait of 300 turns (up to 1000 may be set) is shown as `HIGH`, 255."""
    assert segment(table(waits=[300, 0, 0]), "waits") == [HIGH, 0, 0]


def test_no_effect_is_the_kind_none() -> None:
    """Without an effect, ``effect_kind`` is one-hot at ``none``."""
    assert segment(table(), "effect_kind") == [1, 0, 0, 0, 0, 0]


def test_ru_15_an_effect_of_an_unknown_kind_is_other() -> None:
    """RU-15: the final attack reads ``final attack …``: its kind is ``other``."""
    game = Game.from_position(
        variants.russian(),
        hands=["5h 6d", "6h 7s 8d", "7h 8s"],
        pile="9h",
        stock="Kd 5s",
        effect="final attack 2 by 1",
    )
    assert segment(game, "effect_kind") == [0, 0, 0, 0, 0, 1]


def test_pl_15_an_attack_sent_backwards_sets_the_flag() -> None:
    """PL-15: the K♠ attack goes backwards: ``effect_flag`` is 1 (0 for a forward one)."""
    assert segment(table("attack 5 by 2 back"), "effect_flag") == [1]
    assert segment(table("attack 5 by 2"), "effect_flag") == [0]


def test_pl_12_the_effect_seat_wraps_round_the_players_not_the_padding() -> None:
    """PL-12: with seats padded to 8, seat 0's attack seen from seat 2 is 1 seat on."""
    encoder = Encoder(3, seats=8)
    vector = encoder.encode(table("attack 5 by 0").view(2))
    assert [float(x) for x in encoder.segment(vector, "effect_seat")] == [0, 1, 0, 0, 0, 0, 0, 0]


def test_two_decks_count_each_card_twice() -> None:
    """With two decks a card may lie twice in the pile: it counts 2."""
    game = Game.from_position(
        variants.polish(decks=2), hands=["5h 6d", "6h 7s 8d"], pile="9h 5c 9h", stock="Kd 5s"
    )
    enc = encoder_of(game)
    pile = enc.segment(enc.observe(Driver(game), 0), "pile")
    assert pile[Card.parse("9h").index] == 2 and pile.sum() == 3


def test_pl_30_a_public_seat_the_table_lacks_is_refused_and_the_last_seat_is_encoded() -> None:
    """PL-30: a set-up position may not name a seat the table lacks as owing "makao" (a
    `SetupError`; it was kept, and shown in views); seat 2 of 3 is the last
    ``owes_call`` entry."""
    with pytest.raises(SetupError, match=r"^public: \('makao', 3\): 'makao' takes"):
        table(public=[("makao", 3)])
    assert segment(table(public=[("makao", 2)]), "owes_call") == [0, 0, 1]


def test_seats_true_is_refused_even_where_it_equals_the_players() -> None:
    """``seats=True`` is no whole number even for a one-seat table, where ``True == 1``."""
    with pytest.raises(SetupError, match=r"seats must be a whole number .*, not True"):
        Encoder(1, seats=True)


def test_pl_7_the_cards_of_a_play_being_built_are_the_movers_own_until_it_is_made() -> None:
    """PL-7: the cards chosen so far for a play are still in the mover's hand, hidden
    from the others: only the mover's observation shows the prefix; once the play is made
    every seat sees its cards on the pile."""
    game = Game.from_position(PL, hands=["7h 7s 9c", "5d 6d", "8c"], pile="7d", stock="2c 3c")
    driver = Driver(game)
    first, *rest = driver.encode(Play(parse_cards("7h 7s")))
    driver.step(first)
    for seat in (1, 2):
        assert not ENC.segment(ENC.observe(driver, seat), "prefix").any()
    assert ENC.segment(ENC.observe(driver, 0), "prefix").sum() == 1
    for action in rest:
        driver.step(action)
    assert not ENC.segment(ENC.observe(driver, 0), "prefix").any()
    assert tuple(driver.game.pile[-2:]) == parse_cards("7h 7s")


def _building_with_makao() -> tuple[Driver, list[int]]:
    """Seat 0 has chosen 7♥ 7♠ (leaving 9♣): the rest of the play, "+makao" then its end."""
    game = Game.from_position(PL, hands=["7h 7s 9c", "5d 6d", "8c"], pile="7d", stock="2c 3c")
    driver = Driver(game)
    first, second, *rest = driver.encode(Play(parse_cards("7h 7s"), calls=("makao",)))
    driver.step(first)
    driver.step(second)
    return driver, rest


def test_pl_29_after_a_call_step_the_observation_differs() -> None:
    """PL-29: "+makao" chosen for a play shows in the mover's ``prefix_calls`` only."""
    driver, (call, end) = _building_with_makao()
    before = ENC.observe(driver, 0)
    driver.step(call)
    after = ENC.observe(driver, 0)
    assert not np.array_equal(before, after)
    assert ENC.calls == ("makao", "po-makale")
    assert [float(x) for x in ENC.segment(after, "prefix_calls")] == [1, 0]
    assert [float(x) for x in ENC.segment(before, "prefix_calls")] == [0, 0]
    for seat in (1, 2):
        assert not ENC.segment(ENC.observe(driver, seat), "prefix_calls").any()
    driver.step(end)
    assert not ENC.segment(ENC.observe(driver, 0), "prefix_calls").any()


def test_the_fixed_size_encoder_has_an_entry_for_every_built_in_call() -> None:
    """With ``fixed_size``, ``prefix_calls`` has the fixed numbering's 38 calls, in its order."""
    driver, (call, _) = _building_with_makao()
    encoder = Encoder.for_table(driver.space, fixed_size=True)
    assert encoder.calls == fixed_layout()[0] and len(encoder.calls) == 38
    assert encoder.size == 288 + 6 * 8 + 38
    driver.step(call)
    calls = encoder.segment(encoder.observe(driver, 0), "prefix_calls")
    assert [encoder.calls[i] for i in np.flatnonzero(calls)] == ["makao"]


def test_an_encoder_without_the_variants_calls_is_refused_by_observe() -> None:
    """An encoder that would drop a call of the driver's variant is a `SetupError`."""
    with pytest.raises(SetupError, match="the encoder has no entry for the call 'makao'"):
        Encoder(3).observe(Driver(table()), 0)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"space": None, "fixed_size": False}, "space must be an ActionSpace, not None"),
        ({"space": ActionSpace(PL, 2), "fixed_size": "no"}, "fixed_size must be True or Fa"),
        ({"space": ActionSpace(PL, 9), "fixed_size": True}, "fixed_size pads to 8 seats"),
    ],
)
def test_for_table_refuses_what_is_no_space_or_no_fixed_size(
    arguments: dict[str, Any], message: str
) -> None:
    """`Encoder.for_table` takes an `ActionSpace` and a bool (8 seats at most when fixed)."""
    with pytest.raises(SetupError, match=message):
        Encoder.for_table(**arguments)


@pytest.mark.parametrize("calls", ["makao", 5, [1], None])
def test_calls_that_are_no_call_names_are_setup_errors(calls: object) -> None:
    """``calls`` is an iterable of call names (a text would be read letter by letter)."""
    with pytest.raises(SetupError, match="calls must be an iterable of call names, not"):
        Encoder(2, calls=calls)  # type: ignore[arg-type]


def test_endless_calls_are_refused_after_a_bound() -> None:
    """``calls`` gives at most a million names (`makao._text.MAX_ITEMS`): an endless
    iterable ran out of memory (a MemoryError), and is now a `SetupError`."""
    with pytest.raises(SetupError, match="calls lists at most 1,000,000 call names"):
        Encoder(2, calls=itertools.repeat("makao"))


def test_calls_named_twice_are_a_setup_error() -> None:
    """Each call has one ``prefix_calls`` entry: a name given twice (an entry never set)
    is a `SetupError`."""
    with pytest.raises(SetupError, match="calls must be distinct call names"):
        Encoder(2, calls=["makao", "makao"])


def test_observe_checks_a_tables_calls_once_and_each_new_table() -> None:
    """`Encoder.observe` checks the calls of a driver's table when it first sees it (not
    at every step), and so still refuses another table with a call it has no entry for."""
    polish = Game.new(variants.polish(), 2, seed=1)
    encoder = encoder_of(polish)
    driver = Driver(polish)
    assert encoder.observe(driver, 0).shape == (encoder.size,)
    mao = Driver(Game.new(variants.mao(), 3, seed=1))
    with pytest.raises(SetupError, match="the encoder has no entry for the call"):
        Encoder(3, calls=encoder.calls).observe(mao, 0)


def test_one_encoder_checks_the_calls_of_each_new_table_it_observes() -> None:
    """An encoder that has observed a table its calls cover still checks the next table
    it is given: a table with a call it has no entry for is refused at once, not only
    when that call is chosen."""
    encoder = encoder_of(table())
    assert encoder.observe(Driver(table()), 0).shape == (encoder.size,)
    mao = Driver(Game.new(variants.mao(), 3, seed=1))
    with pytest.raises(SetupError, match="the encoder has no entry for the call"):
        encoder.observe(mao, 0)


def test_prefix_calls_count_each_call_as_prefix_counts_each_card() -> None:
    """``prefix_calls`` counts the calls given, as ``prefix`` counts the cards: a call
    given twice is 2."""
    vector = ENC.encode(table().view(0), calls=["makao", "makao"])
    assert [float(x) for x in ENC.segment(vector, "prefix_calls")] == [2, 0]


@attrs.frozen
class _TwoFlags(Effect):
    """An effect of a variant of one's own with two ``bool`` fields."""

    first: bool
    last: bool

    def to_text(self) -> str:
        return "two flags"


def test_effect_flag_is_the_last_bool_field_of_an_effect() -> None:
    """``effect_flag`` is the last ``bool`` field of an effect that has several."""
    view = table().view(0)
    for first, last in ((False, True), (True, False), (True, True)):
        vector = ENC.encode(view._replace(effect=_TwoFlags(first, last)))
        assert [float(x) for x in ENC.segment(vector, "effect_flag")] == [last]


def _final_attack(effect: str) -> Any:
    """Seat 2's observation of a 3-player Russian deal (seat 1 out) under ``effect``."""
    game = Game.from_position(
        variants.russian(),
        hands=["5h 9c", "", "Kd 7s"],
        pile="3h 2h",
        stock="4c 6d 8s 10h Jc Qd",
        to_move=2,
        effect=effect,
        finished=[1],
    )
    encoder = encoder_of(game)
    return encoder, encoder.observe(Driver(game), 2)


def test_ru_15_final_attack_2_by_1_and_5_by_0_encode_differently_and_as_an_attack() -> None:
    """RU-15: a final attack shows its size and raiser as an attack does; its kind is other."""
    encoder, small = _final_attack("final attack 2 by 1")
    _, large = _final_attack("final attack 5 by 0")
    assert not np.array_equal(small, large)
    for final, plain in (
        ("final attack 2 by 1", "attack 2 by 1"),
        ("final attack 5 by 0", "attack 5 by 0"),
    ):
        _, ended = _final_attack(final)
        _, attack = _final_attack(plain)
        for name in ("effect_amount", "effect_seat", "effect_flag", "effect_rank", "effect_suit"):
            assert np.array_equal(encoder.segment(ended, name), encoder.segment(attack, name))
    assert [float(x) for x in encoder.segment(small, "effect_amount")] == [2]
    assert [float(x) for x in encoder.segment(large, "effect_amount")] == [5]
    assert [float(x) for x in encoder.segment(small, "effect_seat")] == [0, 0, 1]  # from seat 2
    assert [float(x) for x in encoder.segment(large, "effect_seat")] == [0, 1, 0]
    assert encoder.segment(small, "effect_kind")[EFFECT_KINDS.index("other")] == 1


@pytest.mark.parametrize("variant", variants.built_ins())
def test_the_effect_segments_are_the_pending_effects_amount_seat_rank_and_suit(
    variant: str,
) -> None:
    """In random games each seat's effect segments are its `View.pending` (RU-15 included)."""
    chosen, encoder = variants.get(variant), Encoder(3)  # every built-in variant seats 3
    for seed in range(8):
        game, rng = Game.new(chosen, 3, seed=seed), random.Random(seed)
        for _ in range(1500):
            if game.is_over:
                break
            for seat in range(3):
                view = game.view(seat)
                assert _effect_segments(encoder, encoder.encode(view)) == _pending_of(view)
            game.play(rng.choice(game.legal_moves()))


def _effect_segments(encoder: Encoder, vector: Any) -> tuple[Any, ...]:
    """The amount, relative seat, rank and suit an encoded vector shows (``None``: unset)."""

    def one(name: str) -> int | None:
        found = np.flatnonzero(encoder.segment(vector, name))
        return int(found[0]) if found.size else None

    amount = float(encoder.segment(vector, "effect_amount")[0])
    return amount, one("effect_seat"), one("effect_rank"), one("effect_suit")


def _pending_of(view: Any) -> tuple[Any, ...]:
    """The same four values read from ``view.pending``."""
    pending = view.pending
    seat = None if pending.by is None else (pending.by - view.seat) % view.players
    rank = None if pending.rank is None else int(pending.rank) - 2
    suit = None if pending.suit is None else list(Suit).index(pending.suit)
    return float(min(pending.amount, HIGH)), seat, rank, suit


@pytest.mark.parametrize("players", [None, "x", 0, -1, 1.5, True, [2], 129, 10**6])
def test_encoder_refuses_players_that_are_not_a_table_size(players: object) -> None:
    with pytest.raises(SetupError, match="players must be a whole number 1…128, not"):
        Encoder(players)  # type: ignore[arg-type]


def _view() -> Any:
    return Game.new(PL, players=3, seed=1).view(0)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"view": None}, "view must be a View of 3 players"),
        ({"view": 5}, "view must be a View of 3 players"),
        ({"view": Game.new(PL, players=2, seed=1).view(0)}, "view must be a View of 3 players"),
        ({"prefix": 5}, "prefix must be an iterable of cards"),
        ({"prefix": [5]}, "prefix must be an iterable of cards"),
        ({"prefix": "7h"}, "prefix must be an iterable of cards"),
        ({"reacting": 10**5000}, "reacting must be True or False"),
        ({"reacting": "x"}, "reacting must be True or False"),
        ({"reacting": None}, "reacting must be True or False"),
        ({"reacting": 2}, "reacting must be True or False"),
        ({"played": 5}, "played must be an array of 3 × 52 counts"),
        ({"played": "x"}, "played must be an array of 3 × 52 counts"),
        ({"played": np.zeros((4, 52))}, "played must be an array of 3 × 52 counts"),
        ({"played": np.zeros((3, 5))}, "played must be an array of 3 × 52 counts"),
        ({"calls": 5}, "calls must be an iterable of call names"),
        ({"calls": "makao"}, "calls must be an iterable of call names"),
        ({"calls": ("makao",)}, "the encoder has no entry for the call 'makao'"),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_encode_refuses_input_of_another_kind_or_size(
    arguments: dict[str, Any], message: str
) -> None:
    encoder = Encoder(3, memory=True)
    given = {"view": _view(), **arguments}
    with pytest.raises(SetupError, match=message):
        encoder.encode(**given)


def test_observe_refuses_a_value_that_is_not_a_driver() -> None:
    with pytest.raises(SetupError, match="driver must be a Driver, not None"):
        ENC.observe(None, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("vector", "name", "message"),
    [
        (np.zeros(ENC.size), "zz", "name must be one of hand, top"),
        (np.zeros(ENC.size), None, "name must be one of hand, top"),
        (np.zeros(ENC.size), [1], "name must be one of hand, top"),
        (5, "hand", f"vector must be an encoded vector of {ENC.size} entries"),
        (None, "hand", f"vector must be an encoded vector of {ENC.size} entries"),
        (np.zeros(3), "hand", f"vector must be an encoded vector of {ENC.size} entries"),
    ],
)
def test_segment_refuses_an_unknown_name_or_a_vector_of_another_size(
    vector: object, name: object, message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        ENC.segment(vector, name)  # type: ignore[arg-type]


def test_without_numpy_the_import_names_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy (the ``rl`` extra) importing makao.adapters.encoding is one
    error that names the package and the extra to install, not a bare import failure."""
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "makao.adapters.encoding")
    message = (
        r"No module named 'numpy': makao.adapters.encoding needs the rl extra: "
        r"pip install 'makao\[rl\]'"
    )
    with pytest.raises(ModuleNotFoundError, match=message) as caught:
        importlib.import_module("makao.adapters.encoding")
    assert caught.value.name == "numpy"
