"""Bad input to the public API: every refusal is a typed makao error with a message that
says what was wrong, never a crash inside the library, and never a half-applied move."""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from makao import (
    ALL_CARDS,
    Card,
    CardParseError,
    Game,
    InvalidMoveError,
    MakaoError,
    Play,
    Rank,
    SeatError,
    SetupError,
    StateError,
    Stop,
    Suit,
    format_cards,
    parse_cards,
    parse_move,
    variants,
)
from makao.banking import BankingGame, card_points, macao
from makao.deck import MAX_DECKS
from makao.engine import MAX_WAIT
from makao.match import Match
from makao.rules import (
    BattleCards,
    DrawRule,
    FinishCall,
    LastCardCall,
    RankDemandCards,
    ReverseCards,
    Rule,
    SkipCards,
    StartRule,
    SuitDemandCards,
    WaitCards,
    Wild,
)
from makao.rules.attack import AttackEffect
from makao.rules.base import CardSetRule, Effect
from makao.rules.wait import WaitEffect
from makao.serialize import VERSION, game_from_json, replay
from makao.testing import snapshot
from makao.variant import Variant
from makao.variants.mao.moves import HostReport
from makao.variants.mao.rules import AgainCards, HeldJacks, HitPrevious, NineCards
from makao.variants.mao.talk import MaoCalls, MaoStart, Misplays, QuestionPeriods

POLISH = variants.polish()
FAST = settings(max_examples=150, deadline=None)


def mid_game(seed: int = 12, moves: int = 10) -> Game:
    game = Game.new(POLISH, 3, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def state(game: Game) -> tuple[object, ...]:
    views = tuple(game.view(seat) for seat in range(game.players))
    return (game.to_json(), snapshot(game), game.record, views, game.legal_moves())


def typed(call: Callable[[], object], error: type[MakaoError] = MakaoError) -> str:
    """``call()`` raises ``error`` (a makao ValueError); return its message."""
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


# ------------------------------------------------------------------------ cards


@pytest.mark.parametrize("bad", [None, 7, True, b"7", 7.0])
def test_rank_and_suit_parse_refuse_non_text(bad: Any) -> None:
    assert "string" in typed(lambda: Rank.parse(bad), CardParseError)
    assert "string" in typed(lambda: Suit.parse(bad), CardParseError)


def test_card_from_index_refuses_bools() -> None:
    typed(lambda: Card.from_index(True), CardParseError)


def test_huge_card_text_gives_a_short_message() -> None:
    message = typed(lambda: Card.parse("A" * 1_000_000), CardParseError)
    assert len(message) < 300 and "1000000 characters" in message
    assert len(typed(lambda: parse_move("7h" * 100_000), InvalidMoveError)) < 300


def test_parse_cards_refuses_bytes_by_name() -> None:
    assert "bytes" in typed(lambda: parse_cards(b"7h 8h"), CardParseError)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, ["7h"], [None]])
def test_format_cards_refuses_non_cards(bad: Any) -> None:
    typed(lambda: format_cards(bad), CardParseError)


def test_cards_compare_only_with_cards() -> None:
    with pytest.raises(TypeError, match="not supported"):
        _ = Card.parse("7h") < 5


@FAST
@given(st.one_of(st.text(max_size=12), st.binary(max_size=6), st.integers(), st.none()))
def test_card_rank_suit_parsers_never_crash(text: Any) -> None:
    for parse in (Card.parse, Rank.parse, Suit.parse, parse_cards):
        with contextlib.suppress(CardParseError):
            parse(text)


# ------------------------------------------------------------------------ moves


@pytest.mark.parametrize(("text", "move"), [("ah:s", "Ah:s"), ("jc:7", "Jc:7"), ("qh:h", "Qh:h")])
def test_lower_case_cards_take_a_choice(text: str, move: str) -> None:
    assert parse_move(text) == parse_move(move)


@pytest.mark.parametrize("text", ["-1: say makao", "١: say makao", "+2: stop 0"])
def test_a_bad_seat_prefix_is_named_as_such(text: str) -> None:
    assert "bad seat number" in typed(lambda: parse_move(text), InvalidMoveError)


def test_a_registered_parser_never_leaks_a_plain_value_error() -> None:
    typed(lambda: parse_move("host: timeout ²"), InvalidMoveError)


def test_seats_beyond_the_notation_are_refused() -> None:
    typed(lambda: Stop(2**80, 0), InvalidMoveError)


def test_pl_30_the_largest_seat_of_the_notation_round_trips() -> None:
    """PL-29, PL-30: nine digits is the most the notation reads, and that seat is kept."""
    stop = parse_move("999999999: stop 0")
    assert stop == Stop(999_999_999, 0) and parse_move(str(stop)) == stop
    assert parse_move("0: say makao").seat == 0  # type: ignore[attr-defined]
    assert "bad seat number" in typed(lambda: parse_move("1000000000: stop 0"), InvalidMoveError)


@pytest.mark.parametrize(
    "text",
    ["5h +makao!", "5h +makao.", "5h +makao:", "5h +makao\u00e9", "1: say makao!", "5h ++makao"],
)
def test_pl_29_a_call_with_a_stray_character_is_refused(text: str) -> None:
    """PL-29: calls are lower-case words joined by '-': nothing may trail or lead them."""
    assert "bad call" in typed(lambda: parse_move(text), InvalidMoveError)


@pytest.mark.parametrize("text", ["1: say makao now", "1: say makao makao", "2: stop 1 0"])
def test_pl_29_pl_30_out_of_turn_actions_refuse_extra_words(text: str) -> None:
    """PL-29 ("say makao") and PL-30 ("stop") take exactly one word after the keyword."""
    typed(lambda: parse_move(text), InvalidMoveError)


@pytest.mark.parametrize("text", ["1: 5h", "0: Jc:7", "2: 9h 9s +makao"])
def test_a_play_never_names_a_seat(text: str) -> None:
    """Turn moves carry no seat: a seat prefix before cards is an unknown action."""
    assert "unknown action" in typed(lambda: parse_move(text), InvalidMoveError)


def test_pl_21_only_the_last_card_of_a_play_carries_the_choice() -> None:
    """PL-21, PL-26: the choice follows the last card; on another card it is named as such."""
    message = typed(lambda: parse_move("Jc:7 Jd"), InvalidMoveError)
    assert "only the last card" in message


@pytest.mark.parametrize("text", ["Jc", "Jc:", "Jc:-"])
def test_pl_21_an_empty_or_dash_choice_is_no_choice(text: str) -> None:
    """PL-21: a jack may demand nothing; ``Jc``, ``Jc:`` and ``Jc:-`` all say so."""
    assert parse_move(text) == Play(parse_cards("Jc"))


@FAST
@given(st.text(max_size=30))
def test_parse_move_round_trips_or_refuses(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveError:
        return
    assert parse_move(str(move)) == move


BAD_MOVES: list[object] = [
    "",
    "xyz",
    "draw 2",
    "5: say makao",
    "0: stop 99",
    "2c",
    "Kh Kh Kh",
    "host: timeout 1",
    "misplay 5h",
    None,
    5,
    b"draw",
    object(),
    Stop(2, 0),
    Play(ALL_CARDS[:5]),
    HostReport("timeout", 99),
]


@pytest.mark.parametrize("move", BAD_MOVES, ids=repr)
def test_a_refused_move_leaves_the_game_as_it_was(move: object) -> None:
    game = mid_game()
    before = state(game)
    typed(lambda: game.play(move))  # type: ignore[arg-type]
    assert state(game) == before


@pytest.mark.parametrize("variant", [POLISH, variants.mao()], ids=["polish", "mao"])
def test_a_host_report_with_a_non_seat_is_refused(variant: Variant) -> None:
    game = Game.new(variant, 3, 5)
    before = state(game)
    typed(lambda: game.play(HostReport("timeout", "x")))  # type: ignore[arg-type]
    assert state(game) == before


@pytest.mark.parametrize("seat", [-1, 3, "0", None, True, 1.0])
def test_bad_seats_for_views_and_hands(seat: Any) -> None:
    game = mid_game()
    typed(lambda: game.view(seat), SeatError)
    typed(lambda: game.hand(seat), SeatError)
    if seat is not None:
        typed(lambda: game.legal_moves_text(seat), SeatError)
        typed(lambda: game.legal_moves(seat), SeatError)
        typed(lambda: game.is_legal("draw", seat), SeatError)


# ------------------------------------------------------------------------ variants


@pytest.mark.parametrize("name", [None, 5, b"polish"])
def test_variant_names_must_be_text(name: Any) -> None:
    typed(lambda: variants.get(name), SetupError)
    typed(lambda: variants.factory(name), SetupError)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("nope", {}),
        ("polish", {"bogus": 1}),
        ("polish", {"decks": 3}),
        ("polish", {"play_for_places": "no"}),
        ("polish", {"decks": 2.0}),
        ("polish", {"decks": True}),
        ("polish", {"dealer": "x"}),
        ("mao", {"deal_direction": 0}),
        ("mao", {"move_time_limit": None}),
        ("russian", {"match_limit": float("nan")}),
        ("crazy-eights", {"hand_size": "x"}),
        ("switch", {"hand_size": 1.5}),
    ],
)
def test_variants_get_refuses_bad_options(name: str, options: dict[str, Any]) -> None:
    typed(lambda: variants.get(name, **options), SetupError)


def test_every_factory_builds_with_its_defaults() -> None:
    for name in variants.names():
        assert variants.get(name).name == name


@pytest.mark.parametrize(
    ("build", "options"),
    [
        (variants.polish, {"play_for_places": "no"}),
        (variants.polish, {"dealer": "x"}),
        (variants.mao, {"jack_cancels_penalty": None}),
        (variants.mao, {"deal_direction": 0}),  # the start rule's own SetupError
        (variants.russian, {"match_limit": float("nan")}),
        (variants.crazy_eights, {"hand_size": -1}),
        (variants.prsi, {"hand_size": 0}),
        (variants.crazy_eights, {"decks": 1000}),
        (variants.crazy_eights, {"max_draws": -1}),
        (variants.mau_mau, {"penalty": -1}),
        (variants.polish, {"po_makale_penalty": -2}),
        (variants.polish, {"no_such_option": 1}),
    ],
)
def test_factories_refuse_bad_options(build: Callable[..., Variant], options: Any) -> None:
    typed(lambda: build(**options), SetupError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: Variant(None, ()),  # type: ignore[arg-type]
        lambda: Variant("x", 5),  # type: ignore[arg-type]
        lambda: Variant("x", (), options=5),  # type: ignore[arg-type]
        lambda: Variant("x", (), options=[1]),  # type: ignore[list-item]
        lambda: POLISH.without(5),  # type: ignore[arg-type]
        lambda: POLISH.replace("x", Wild(frozenset())),  # type: ignore[arg-type]
        lambda: POLISH.parse_effect(None),  # type: ignore[arg-type]
        lambda: POLISH.parse_effect("attack ² by 0"),
        lambda: POLISH.parse_effect("wait ² by 0"),
        lambda: POLISH.parse_effect("attack 5 by x"),
        lambda: POLISH.parse_effect("demand 7 by -1"),
        lambda: POLISH.parse_effect("attack 5 by ²"),
    ],
)
def test_variant_construction_and_effects_refuse_bad_input(call: Callable[[], object]) -> None:
    typed(call, SetupError)


@pytest.mark.parametrize("ids", ["H-1", ["H-1"], ("",), ("H-1", 2), None])
def test_a_rules_ids_must_be_a_tuple_of_texts(ids: Any) -> None:
    """``ids="H-1"`` (the obvious slip for one id) was taken as the ids ``H``, ``-``,
    ``1``, which then stood in `Variant.rule_ids` and every listing of the rules."""
    with pytest.raises(SetupError, match=r"^ids must be a tuple of rule ids, like ids=\('H-1',\)"):
        Wild("Qh", ids=ids)
    assert Wild("Qh", ids=("H-1", "H-2")).ids == ("H-1", "H-2")


# ------------------------------------------------------------------------ new games


@pytest.mark.parametrize("players", [0, 1, 100, -1, "2", True, 2.0, None])
def test_game_new_refuses_bad_player_counts(players: Any) -> None:
    typed(lambda: Game.new(POLISH, players, 1), SetupError)


@pytest.mark.parametrize("seed", ["1", 1.5, True, b"x"])
def test_game_new_refuses_bad_seeds(seed: Any) -> None:
    typed(lambda: Game.new(POLISH, 2, seed), SetupError)


@pytest.mark.parametrize("variant", [None, "polish"])
def test_game_new_refuses_a_non_variant(variant: Any) -> None:
    typed(lambda: Game.new(variant, 2, 1), SetupError)


def test_game_new_refuses_a_bool_dealer() -> None:
    typed(lambda: Game.new(POLISH, 2, 1, dealer=True), SetupError)


@pytest.mark.parametrize(
    "variant", [None, "polish", variants.polish], ids=["none", "name", "factory"]
)
def test_from_position_refuses_a_non_variant(variant: Any) -> None:
    """`Game.from_position` checks its variant as `Game.new` does: a `SetupError`."""
    message = typed(lambda: Game.from_position(variant, ["5h", "6h"], "7h"), SetupError)
    assert "a game needs a Variant" in message


def test_pl_1_a_table_of_more_than_sixteen_seats_deals_with_no_waits() -> None:
    """PL-1: the source names no maximum: 17 and 20 seats deal from two decks, nobody
    waiting or finished."""
    for players in (16, 17, 20):
        game = Game.new(POLISH, players, 3)
        assert game.waits == (0,) * players and game.finished == ()
        assert all(len(game.hand(seat)) == 5 for seat in range(players))


# ------------------------------------------------------------------------ positions

POSITION: dict[str, Any] = {"hands": ["5h 6h", "9c 9d"], "pile": "7h", "stock": "Kc 5s"}


@pytest.mark.parametrize(
    "change",
    [
        {"pile": ""},
        {"pile": None},
        {"effect": "blah"},
        {"effect": "suit x"},
        {"effect": "attack 5 by x"},
        {"to_move": 5},
        {"to_move": "0"},
        {"waits": [0]},
        {"waits": [0, -1]},
        {"hands": ["5h"]},
        {"hands": [[1], [2]]},
        {"finished": [5]},
        {"direction": 0},
        {"stock": [1, 2]},
    ],
    ids=repr,
)
def test_from_position_refuses_bad_positions(change: dict[str, Any]) -> None:
    typed(lambda: Game.from_position(POLISH, **(POSITION | change)), SetupError)


@pytest.mark.parametrize(
    "change",
    [
        {"effect": 5},
        {"effect": "attack 5 by 99"},  # no seat 99
        {"to_move": True},
        {"waits": ["a", 0]},
        {"waits": [0.5, 0]},
        {"waits": 5},
        {"hands": None},
        {"finished": ["0"]},
        {"finished": None},
        {"direction": 1.0},
        {"seed": "x"},
        {"drawn": 5},
        {"drawn": b"5h"},
    ],
    ids=repr,
)
def test_from_position_refuses_inconsistent_positions(change: dict[str, Any]) -> None:
    typed(lambda: Game.from_position(POLISH, **(POSITION | change)), SetupError)


def test_from_position_refuses_cards_outside_the_deck() -> None:
    typed(lambda: Game.from_position(variants.prsi(), ["2h 3h", "9c"], "4h"), SetupError)


def test_from_position_refuses_more_copies_of_a_card_in_a_hand_than_the_largest_deck() -> None:
    """A hand holds a card at most `MAX_DECKS` times (the largest deck a variant builds): a
    hand of 16 copies of each jack made the listing of plays take a minute and gigabytes,
    kept by the rule set; a save with such a position cost as much to load."""
    hand = " ".join(f"J{suit}" for suit in "cdhs" for _ in range(16))
    message = typed(lambda: Game.from_position(POLISH, ["9c", hand], "7h"), SetupError)
    assert message == (
        "bad position: copies of a card in a hand must be at most 8 (as in 8 decks), "
        "not 16 of Jc in seat 1's hand"
    )
    most = Game.from_position(POLISH, ["Jh " * MAX_DECKS, "9c"], "7h", stock="Jh")
    assert most.beginning.repeats == MAX_DECKS and len(most.legal_moves()) > 1
    save = json.loads(Game.from_position(POLISH, ["5h", "9c"], "7h").to_json())
    save["origin"]["hands"][0] = "Jh " * (MAX_DECKS + 1)
    assert "copies of a card in a hand must be at most 8" in typed(
        lambda: Game.from_json(json.dumps(save)), StateError
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hands": "5h 6h"}, "hands must list one hand per seat"),
        ({"to_move": 2}, "to_move must be a seat 0…1, not 2"),
        ({"waits": [0, 0, 0]}, "waits must give 2 integers"),
        ({"hands": ["5h 6h", "", "9c"], "finished": [1, 1]}, "finished seat 1 must be a distinct"),
        ({"finished": [1]}, "finished seat 1 must be a distinct seat with no cards"),
        ({"hands": ["", "9c"], "finished": [0]}, "seat 0 to move has already finished"),
        ({"effect": "attack 5 by 2"}, "the effect's seat 2 is not a seat 0…1"),
        ({"effect": "demand 7 by 2"}, "the effect's demander 2 is not a seat 0…1"),
        ({"public": ""}, "public must list (name, value) pairs"),
        ({"public": [("makao",)]}, "public must list (name, value) pairs"),
        ({"drawn": "Kc"}, "the drawn card Kc is not in seat 0's hand"),
    ],
    ids=repr,
)
def test_pl_12_from_position_names_what_is_wrong_with_a_position(
    change: dict[str, Any], words: str
) -> None:
    """Each inconsistent position (a seat one past the table, a seat finished twice or
    with cards, a PL-12/PL-22 effect of a seat not at the table, ...) is refused by name."""
    message = typed(lambda: Game.from_position(POLISH, **(POSITION | change)), SetupError)
    assert words in message


def test_from_position_refuses_stock_cards_outside_a_piquet_deck() -> None:
    """The 32-card deck check covers the stock too, not only hands and pile."""
    message = typed(
        lambda: Game.from_position(variants.prsi(), ["7h 8h", "9c"], "10h", stock="9d 2c"),
        SetupError,
    )
    assert "2c is not in this variant's deck" in message


def test_pl_18_from_position_refuses_waits_on_a_finished_seat() -> None:
    """A seat that went out waits no more (its waits end as it finishes): a position
    giving one a wait is refused by name, in `from_position` and in a saved origin."""
    position: dict[str, Any] = {
        "hands": ["", "9c", "9d"],
        "pile": "7h",
        "to_move": 1,
        "finished": [0],
    }
    message = typed(lambda: Game.from_position(POLISH, **position, waits=[2, 0, 0]), SetupError)
    assert "waits: finished seat 0 cannot wait 2" in message
    data = json.loads(Game.from_position(POLISH, **position, waits=[0, 0, 1]).to_json())
    data["origin"]["waits"] = [2, 0, 1]
    assert "finished seat 0" in typed(lambda: game_from_json(json.dumps(data)), StateError)


def test_pl_12_from_position_refuses_an_effect_object_with_no_text_by_name() -> None:
    """An effect object is written into the game's origin by its text: one with no text
    form, or with a number too long to write, is a `SetupError` (once a bare
    `NotImplementedError` or `ValueError`)."""
    hands: dict[str, Any] = {"hands": ["Qh Kh", "Jc"], "pile": "Kd"}
    mute = type("Mute", (Effect,), {})()
    assert "no text form" in typed(lambda: Game.from_position(POLISH, **hands, effect=mute))
    attack = POLISH.parse_effect("attack 5 by 1")
    assert isinstance(attack, AttackEffect)
    huge = attrs.evolve(attack, total=10**5000)
    assert "cannot be written" in typed(lambda: Game.from_position(POLISH, **hands, effect=huge))
    assert Game.from_position(POLISH, **hands, effect=attack).effect == attack


WAITING: dict[str, Any] = {"hands": ["5h 6h", "9c 8c", "Kd"], "pile": "4h", "to_move": 1}


@pytest.mark.parametrize("turns", [MAX_WAIT + 1, 10**9, 10**5000], ids=["1001", "1e9", "1e5000"])
def test_pl_18_from_position_refuses_a_wait_effect_beyond_max_wait(turns: int) -> None:
    """A wait in force counts towards the waits' bound (`MAX_WAIT`) as the waits given do:
    taken, a wait of 10**9 turns left a game whose views no position could rebuild."""
    game = Game.from_position(POLISH, **WAITING, effect=f"wait {MAX_WAIT} by 0")
    assert game.pending.amount == MAX_WAIT
    wait = POLISH.parse_effect("wait 2 by 0")
    assert isinstance(wait, WaitEffect)
    effect = attrs.evolve(wait, turns=turns)
    message = typed(lambda: Game.from_position(POLISH, **WAITING, effect=effect), SetupError)
    assert f"a wait is of at most {MAX_WAIT} turns" in message
    if turns < 10**10:
        text = f"wait {turns} by 0"
        typed(lambda: Game.from_position(POLISH, **WAITING, effect=text), SetupError)


# ------------------------------------------------------------------------ saved games

SAVED = mid_game(moves=25).to_json()


def edited(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(SAVED)
    change(data)
    return json.dumps(data)


def position_saved(change: dict[str, Any]) -> str:
    data = json.loads(Game.from_position(POLISH, **POSITION).to_json())
    data["origin"].update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        SAVED[: len(SAVED) // 2],
        "",
        "[]",
        "NaN",
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        edited(lambda d: d.update(version=VERSION + 1)),
        edited(lambda d: d.update(version=True)),
        edited(lambda d: d.update(version=1.0)),
        edited(lambda d: d["moves"].append("Kh Kh Kh")),
        edited(lambda d: d["moves"].insert(0, "xx")),
        edited(lambda d: d["summary"].update(stock_size=0)),
        edited(lambda d: d.pop("summary")),
        edited(lambda d: d["variant"].update(name="russian")),
        edited(lambda d: d["variant"].update(name="mao", options={})),
        edited(lambda d: d["variant"]["options"].update(play_for_places="no")),
        edited(lambda d: d["variant"]["options"].update(dealer="x")),
        position_saved({"waits": ["a", 0]}),
        position_saved({"waits": [0.5, 0]}),
        position_saved({"finished": ["0"]}),
        position_saved({"hands": [1, 2]}),
    ],
)
def test_corrupt_saved_games_are_refused(text: str) -> None:
    typed(lambda: Game.from_json(text), StateError)


@pytest.mark.parametrize("text", [None, 5, {}])
def test_a_saved_game_is_text(text: Any) -> None:
    typed(lambda: game_from_json(text), StateError)


def test_from_json_refuses_a_non_variant() -> None:
    assert "Variant" in typed(lambda: Game.from_json(SAVED, "polish"), StateError)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("variant", "moves"), [(POLISH, None), (POLISH, 5), (POLISH, "draw"), (None, [])]
)
def test_replay_refuses_bad_arguments(variant: Any, moves: Any) -> None:
    origin = mid_game().origin
    typed(lambda: replay(variant, origin, moves), StateError)


@pytest.mark.parametrize("text", [42, None, ["{}"]], ids=repr)
def test_game_from_json_refuses_what_is_not_text(text: Any) -> None:
    # the compiled build's `Game` is native: a `str` argument would be mypyc's to check
    # (a `TypeError`); `Game.from_json` takes any object and `StateError` says what is wrong
    assert "JSON text" in typed(lambda: Game.from_json(text), StateError)


@pytest.mark.parametrize("origin", ["deal", None, [("kind", "deal")]], ids=repr)
def test_game_replay_refuses_an_origin_that_is_no_mapping(origin: Any) -> None:
    assert "mapping" in typed(lambda: Game.replay(POLISH, origin, []), StateError)


# ------------------------------------------------------------------------ banking


def test_banking_refuses_bad_setup_and_moves() -> None:
    typed(lambda: BankingGame(1, macao(), seed=1), SetupError)
    typed(lambda: BankingGame("3", macao(), seed=1), SetupError)
    typed(lambda: BankingGame(3, macao(), seed="x"), SetupError)  # type: ignore[arg-type]
    typed(lambda: macao(fixed_stake=0), SetupError)
    typed(lambda: macao(bogus=1), SetupError)
    game = BankingGame(3, macao(), seed=7)
    before = game.to_json()
    for move in ["", "stake x", "stake -1", "stake 0", "stake 10 10", "stake ²", "9h", None]:
        typed(lambda move=move: game.play(move))  # type: ignore[misc]
        assert game.to_json() == before
    typed(lambda: BankingGame.from_json(before[:50]), StateError)
    typed(lambda: game.view(5), SeatError)


@pytest.mark.parametrize("seat", [-1, 3, "0", None, True])
def test_banking_hand_refuses_bad_seats(seat: Any) -> None:
    game = BankingGame(3, macao(), seed=7)
    typed(lambda: game.hand(seat), SeatError)


def test_banking_from_json_refuses_deep_json() -> None:
    typed(lambda: BankingGame.from_json("[" * 100_000 + "]" * 100_000), StateError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: BankingGame(3, macao(), seed=1, balances=5),  # type: ignore[arg-type]
        lambda: BankingGame(3, macao(), seed=1, stack=None),  # type: ignore[arg-type]
        lambda: card_points(None),  # type: ignore[arg-type]
    ],
)
def test_banking_refuses_bad_argument_types(call: Callable[[], object]) -> None:
    typed(call)


# ------------------------------------------------------------------------ command line

CORRUPT = '{"format": "makao.game", "version": 1'


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "-1"],
        ["simulate", "--players", "1"],
        ["simulate", "--players", "-3"],
        ["simulate", "--variant", "nope"],
        ["simulate", "--option", "x=y"],
        ["simulate", "--option", "decks=abc"],
        ["simulate", "--bots", "nope"],
        ["replay", "missing.json"],
        ["replay", "CORRUPT"],
        ["replay", "BINARY"],
    ],
)
def test_the_command_line_reports_bad_arguments_in_one_line(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from makao.cli import main

    (tmp_path / "corrupt.json").write_text(CORRUPT, encoding="utf-8")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\xfa")
    paths = {"CORRUPT": "corrupt.json", "BINARY": "binary.json", "missing.json": "missing.json"}
    args = [str(tmp_path / paths[a]) if a in paths else a for a in args]
    assert main([*args, "--quiet"] if args[0] == "simulate" else args) == 2
    err = capsys.readouterr().err
    assert err.startswith("makao: error: ") and err.count("\n") == 1, err


def test_the_installed_command_exits_2_without_a_traceback() -> None:
    command = Path(sys.executable).with_name("makao")
    done = subprocess.run(
        [str(command), "replay", "missing.json"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr


@pytest.mark.parametrize("penalty", [0, -3, True, 2.7, "2", None])
def test_pl_12_a_battle_cards_penalty_is_a_whole_number_of_cards(penalty: Any) -> None:
    """PL-12: a battle card's penalty is 1 card or more: 0, negatives, bools, fractions and
    text are refused by name (they were kept, truncated or raised a bare ValueError)."""
    message = typed(lambda: BattleCards({"2h": penalty}), SetupError)
    assert "2h's penalty must be a whole number of cards ≥ 1" in message
    assert BattleCards({"2h": 2, "3h": 3}).penalty_table == {
        Card.parse("2h"): 2,
        Card.parse("3h"): 3,
    }


@pytest.mark.parametrize("penalties", [5, "ab", [("2h",)], [("2h", 2, 3)]], ids=repr)
def test_battle_cards_penalties_must_be_card_and_penalty_pairs(penalties: Any) -> None:
    """Penalties that are not (card, penalty) pairs are a `SetupError`, not a bare error."""
    assert "penalties must map battle cards" in typed(lambda: BattleCards(penalties), SetupError)


def test_pl_12_a_bad_battle_card_is_named_as_a_card_error() -> None:
    """PL-12: a penalty given to a card that is not one is a `CardParseError` naming it
    (the card's own error, not the "not pairs" `SetupError`)."""
    message = typed(lambda: BattleCards({"Zz": 2}), CardParseError)
    assert "Zz" in message and "penalties must map" not in message


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda cards: BattleCards({"Ks": 5}, backwards=cards), "backwards"),
        (lambda cards: BattleCards({"Ks": 5}, extra_answers=cards), "extra_answers"),
        (lambda cards: WaitCards(cards), "cards"),
        (lambda cards: SkipCards(cards), "cards"),
        (lambda cards: ReverseCards(cards), "cards"),
        (lambda cards: RankDemandCards(cards), "cards"),
        (lambda cards: SuitDemandCards(cards), "cards"),
        (lambda cards: Wild(cards), "cards"),
    ],
    ids=["backwards", "extra_answers", "wait", "skip", "reverse", "jacks", "aces", "wild"],
)
def test_pl_10_pl_17_pl_21_pl_26_rule_cards_are_read_as_cards(
    build: Callable[[Any], Rule], field: str
) -> None:
    """PL-9, PL-14, PL-17, PL-21, PL-26: a rule's cards may be given as text or an
    iterable of cards or texts; anything else is a typed error when the rule is made (a
    string was kept, and a variant with it crashed with a bare `TypeError`)."""
    for bad in (None, 5, [None], "Zz"):
        with pytest.raises(CardParseError):
            build(bad)
    rule = build("Ks 4h")
    assert getattr(rule, field) == frozenset(parse_cards("Ks 4h"))
    POLISH.with_rules(rule)  # a variant with it builds


@pytest.mark.parametrize("ranks", [None, "5", (5,), (Rank.FIVE, None)], ids=repr)
def test_pl_21_demandable_ranks_must_be_ranks(ranks: Any) -> None:
    """PL-21: the ranks a jack may demand are `Rank` values or their texts; anything else
    is a `SetupError` when the rule is made (it was kept: a demand of ``"5"`` was offered
    and silently demanded nothing, none crashed listing the moves)."""
    assert "ranks must be" in typed(lambda: RankDemandCards(ranks=ranks), SetupError)
    assert "Z" in typed(lambda: RankDemandCards(ranks=("Z",)), CardParseError)
    jack = Card.parse("Jh")
    assert RankDemandCards(ranks=[Rank.FIVE]).choices(jack) == (None, Rank.FIVE)
    assert RankDemandCards(ranks=("5", "10")).choices(jack) == (None, Rank.FIVE, Rank.TEN)


def test_pl_17_um_9_um_16_every_card_set_rule_reads_its_cards() -> None:
    """The base `CardSetRule` and Ultimate Mao's card-set rules (UM-9, UM-12, UM-14,
    UM-16) read their ``cards`` as the Polish ones do: text or cards, else a typed error."""
    builds: list[Callable[[Any], CardSetRule]] = [
        lambda cards: CardSetRule(cards=cards),
        lambda cards: AgainCards(cards),
        lambda cards: HitPrevious(cards, 2),
        lambda cards: NineCards(cards),
        lambda cards: HeldJacks(cards),
    ]
    for build in builds:
        assert build("Ks 4h").cards == frozenset(parse_cards("Ks 4h"))
        for bad in (None, [None], "Zz"):
            with pytest.raises(CardParseError):
                build(bad)


@pytest.mark.parametrize("value", ["no", 0, 1, None, "False"], ids=repr)
@pytest.mark.parametrize(
    ("rule", "field"), [(WaitCards(), "stacks"), (RankDemandCards(), "may_decline")]
)
def test_pl_17_a_rules_on_off_field_must_be_true_or_false(
    rule: Any, field: str, value: object
) -> None:
    """PL-17 (a wait's stacking), PL-21 (a jack's declining) and every other on/off field
    of a rule: a variant with anything but ``True`` or ``False`` there is a `SetupError`
    naming the field (``"no"`` was taken, and counted as on)."""
    bad = attrs.evolve(rule, **{field: value})
    message = typed(lambda: POLISH.replace(type(rule), bad), SetupError)
    assert f"{type(rule).__name__}.{field} is on or off" in message
    assert POLISH.replace(type(rule), attrs.evolve(rule, **{field: True}))


START_FIELDS_BAD: dict[str, tuple[dict[str, Any], str]] = {
    "no deck": ({"decks": 0}, "decks must be a whole number 1…8, not 0"),
    "deck text": ({"decks": "x"}, "decks must be a whole number 1…8, not 'x'"),
    "too many decks": ({"decks": 10**6}, "decks must be a whole number 1…8"),
    "two decks from text": ({"two_decks_from": "x"}, "two_decks_from must be a whole number"),
    "no players": ({"min_players": 0}, "min_players must be a whole number 1 or more"),
    "fewest as text": ({"min_players": "x"}, "min_players must be a whole number 1 or more"),
    "most below fewest": ({"max_players": 1}, "max_players must be a whole number"),
    "negative hand": ({"hand_size": -1}, "hand_size must be a whole number 0 or more"),
    "rank 1": ({"ranks": (1,)}, "ranks must be ranks 2…14"),
    "no ranks": ({"ranks": ()}, "ranks must be distinct ranks, at least one"),
    "a rank twice": ({"ranks": (7, 7, 8)}, "ranks must be distinct ranks"),
    "ranks as text": ({"ranks": "789"}, "ranks must be a sequence of ranks"),
}


@pytest.mark.parametrize("kind", [StartRule, MaoStart])
@pytest.mark.parametrize(
    ("fields", "message"), START_FIELDS_BAD.values(), ids=START_FIELDS_BAD.keys()
)
def test_pl_1_pl_3_a_start_rule_checks_its_counts_when_made(
    kind: type[StartRule], fields: dict[str, Any], message: str
) -> None:
    """PL-1, PL-3 (UM-1 alike): a start rule's deck count (1…`MAX_DECKS`, the deck is
    built whole), its ranks, player bounds and hand size are checked when it is made,
    also in a subclass that gives them other defaults (Mao's two decks and three players):
    text there raised a bare `TypeError` at the deal, and a million decks were built."""
    assert message in typed(lambda: kind(**fields), SetupError)


def test_pl_1_a_start_rule_takes_its_ranks_as_any_sequence() -> None:
    """PL-1 (the family's 32-card pack): ``ranks`` may be a ``range`` or any sequence of
    ranks; it is kept as a tuple, and deals from those ranks only."""
    start = StartRule(ranks=range(7, 15))
    assert start.ranks == tuple(range(7, 15))
    game = Game.new(POLISH.replace(StartRule, start), 2, seed=4)
    assert all(card.rank >= 7 for hand in game.hands for card in hand)
    assert len(game.stock) + len(game.pile) + sum(map(len, game.hands)) == 32


COUNT_FIELDS: dict[str, tuple[Callable[[Any], Rule], str]] = {
    "draws": (lambda value: DrawRule(draw_until_playable=True, max_draws=value), "max_draws"),
    "makao penalty": (lambda value: LastCardCall(penalty=value), "penalty"),
    "po makale penalty": (lambda value: FinishCall(penalty=value), "penalty"),
    "mao six": (lambda value: HitPrevious(frozenset(), value), "amount"),
    "mao jack": (lambda value: HeldJacks(penalty=value), "penalty"),
    "mao calls": (lambda value: MaoCalls(penalty=value), "penalty"),
    "mao questions": (lambda value: QuestionPeriods(penalty=value), "penalty"),
    "mao oldest": (lambda value: QuestionPeriods(oldest=value), "oldest"),
    "mao misplays": (lambda value: Misplays(penalty=value), "penalty"),
}


@pytest.mark.parametrize("value", ["x", -1, 1.5, True], ids=repr)
@pytest.mark.parametrize(("build", "field"), COUNT_FIELDS.values(), ids=COUNT_FIELDS.keys())
def test_pl_30_pl_31_um_12_a_rules_count_is_a_whole_number(
    build: Callable[[Any], Rule], field: str, value: object
) -> None:
    """The counts of the rules -- penalties (PL-30, PL-31, UM-12, UM-16, UM-21, UM-27),
    the draws of one move (CE), the cards a last-card call is owed at and the oldest seat
    (UM-22) -- are whole numbers, 0 or more (draws: 1), checked when the rule is made: a
    text raised a bare `TypeError` in the middle of a game, a negative or fractional one
    was taken."""
    assert f"{field} must be a whole number" in typed(lambda: build(value), SetupError)
    assert build(2) is not None


@pytest.mark.parametrize("value", ["x", 1.5, True, None], ids=repr)
def test_pl_29_the_cards_left_of_a_last_card_call_is_a_whole_number(value: object) -> None:
    """PL-29: ``cards_left`` is a whole number (text raised a bare `TypeError` in a game);
    any will do, a negative one being a call never owed."""
    message = typed(lambda: LastCardCall(cards_left=value), SetupError)  # type: ignore[arg-type]
    assert "cards_left must be a whole number, not" in message
    assert LastCardCall(cards_left=-1).cards_left == -1


def test_pl_5_from_position_refuses_a_negative_seat_to_move() -> None:
    """PL-5: ``to_move`` is a seat 0…n-1; a negative one (which would count from the end,
    as a ``dealer`` does) is refused by name, not taken as the last seat."""
    message = typed(lambda: Game.from_position(POLISH, **(POSITION | {"to_move": -1})), SetupError)
    assert "to_move must be a seat 0…1, not -1" in message


def test_pl_32_from_position_refuses_a_negative_finished_seat() -> None:
    """PL-32: a finished seat is a seat 0…n-1: ``-1`` is refused even when the last seat
    (which it would name from the end) holds no cards."""
    message = typed(
        lambda: Game.from_position(POLISH, ["5h 6h", "9c", ""], "7h", finished=[-1]),
        SetupError,
    )
    assert "finished seat -1 must be a distinct seat with no cards" in message


def test_pr_1_from_position_refuses_hand_cards_outside_a_piquet_deck() -> None:
    """PR-1: the 32-card deck check covers every hand, not only the pile and the stock."""
    message = typed(
        lambda: Game.from_position(variants.prsi(), ["7h 8h", "9c 2c"], "10h"), SetupError
    )
    assert "2c is not in this variant's deck" in message


@pytest.mark.parametrize("field", ["seat", "demander"])
@pytest.mark.parametrize("value", [True, 1.0])
def test_pl_12_from_position_refuses_an_effect_object_whose_seat_is_no_integer(
    field: str, value: object
) -> None:
    """PL-12, PL-22: an effect given as an object has its seats checked as integers too: a
    ``bool`` or a ``float`` is no seat, even where it equals one."""
    text = "attack 5 by 1" if field == "seat" else "demand 7 by 1"
    effect = attrs.evolve(POLISH.parse_effect(text), **{field: value})
    message = typed(
        lambda: Game.from_position(POLISH, **(POSITION | {"effect": effect})), SetupError
    )
    assert f"the effect's {field} {value!r} is not a seat 0…1" in message


def test_a_game_or_match_seeded_too_long_to_write_cannot_be_saved() -> None:
    """A seed of any length is taken, but a save writes it as decimal text: ``to_json`` of a
    game or match seeded with more than 4,300 digits is a `StateError` naming the seed (it
    blamed the variant's options, or said that JSON could not hold the match)."""
    game = Game.new(POLISH, 2, seed=10**5000)
    match = Match(variants.russian(), players=2, seed=10**5000)
    for save in (game.to_json, match.to_json):
        message = typed(save, StateError)
        assert message.startswith("the seed, an integer of about 5,001 digits, cannot be saved")
        assert "options" not in message and len(message) < 300


def test_a_seed_longer_than_the_running_int_text_limit_cannot_be_saved() -> None:
    """The check follows the interpreter's limit (``sys.set_int_max_str_digits``), not
    only its default: a game seeded with 1,000 digits, saved under a limit of 640, is a
    `StateError` naming the seed, not one blaming the variant's options."""
    game = Game.new(POLISH, 2, seed=10**999)
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        message = typed(game.to_json, StateError)
    finally:
        sys.set_int_max_str_digits(limit)
    assert message.startswith("the seed, ") and "cannot be saved" in message
    assert "options" not in message


_FIVE = Card.parse("5h")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: parse_cards(itertools.repeat(_FIVE)), CardParseError, "at most 1,000,000 cards"),
        (lambda: parse_cards(itertools.repeat("5h")), CardParseError, "at most 1,000,000 cards"),
        (lambda: format_cards(itertools.repeat(_FIVE)), CardParseError, "at most 1,000,000"),
        (lambda: Play(itertools.repeat(_FIVE)), InvalidMoveError, "at most 1,000,000 cards"),
        (
            lambda: Play((_FIVE,), None, itertools.repeat("makao")),
            InvalidMoveError,
            "at most 1,000,000 calls",
        ),
        (
            lambda: Game.from_position(
                variants.polish(), ["5h", "6h"], "9h", stock=itertools.repeat(_FIVE)
            ),
            SetupError,
            "bad position: at most 1,000,000 cards",
        ),
        (
            lambda: Game.from_position(variants.polish(), [itertools.repeat(_FIVE), "6h"], "9h"),
            SetupError,
            "bad position: at most 1,000,000 cards",
        ),
        (
            lambda: Game.from_position(
                variants.polish(), ["5h", "6h"], "9h", public=itertools.repeat(("x", 1))
            ),
            SetupError,
            "public lists at most 1,000,000",
        ),
    ],
    ids=["parse", "parse-text", "format", "play", "calls", "stock", "hand", "public"],
)
def test_an_endless_iterable_is_refused_after_a_bound(
    call: Callable[[], object], error: type[MakaoError], message: str
) -> None:
    """An iterable read whole gives at most `makao._text.MAX_ITEMS` (a million) items: an
    endless one of valid items (cards, calls, public pairs) ran until memory ran out (a
    MemoryError or a hang), and is now a typed error after that many."""
    with pytest.raises(error, match=message):
        call()


def test_a_million_cards_are_still_read() -> None:
    """The bound itself is read: a million cards, from a text or an iterable."""
    assert len(parse_cards(itertools.repeat(_FIVE, 10**6))) == 10**6
    assert format_cards(itertools.repeat(_FIVE, 3)) == "5h 5h 5h"
    with pytest.raises(CardParseError, match="at most 1,000,000 cards"):
        parse_cards("5h " * (10**6 + 1))


def test_a_million_public_pairs_are_read_and_one_more_is_refused() -> None:
    """The bound of `makao._text.MAX_ITEMS` is the same for any iterable and for a tuple:
    a million ``public`` pairs are read (from a tuple or an iterator), a million and one
    are refused, a tuple too; and a million cards are written by `format_cards`."""
    pair = ("makao", 1)  # a pair the rules take (a name no rule keeps is refused)
    for public in (tuple(itertools.repeat(pair, 10**6)), itertools.repeat(pair, 10**6)):
        Game.from_position(variants.polish(), ["5h", "6h"], "9h", public=public)
    for public in (tuple(itertools.repeat(pair, 10**6 + 1)), itertools.repeat(pair, 10**6 + 1)):
        with pytest.raises(SetupError, match="public lists at most 1,000,000"):
            Game.from_position(variants.polish(), ["5h", "6h"], "9h", public=public)
    assert len(format_cards(itertools.repeat(_FIVE, 10**6)).split()) == 10**6


class _Cards(tuple):  # type: ignore[type-arg]
    """A tuple subclass (as a NamedTuple is)."""


def test_a_plays_cards_given_as_a_tuple_subclass_are_kept_as_a_plain_tuple() -> None:
    """A play's cards and calls are plain tuples, whatever iterable gave them: a tuple
    subclass is read as any other iterable (its own methods are not kept)."""
    play = Play(_Cards((_FIVE,)), None, _Cards(("makao",)))
    assert type(play.cards) is tuple and type(play.calls) is tuple
    assert play == Play((_FIVE,), None, ("makao",))
