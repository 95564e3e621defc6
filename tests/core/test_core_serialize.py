"""Saving, loading and replaying games: records round-trip, and damaged records are refused."""

from __future__ import annotations

import json
import math
import pickle
import random
from typing import Any

import pytest

from makao import Game, SetupError, StateError, variants
from makao.bots import sample_hidden
from makao.rules import BattleCards, LastCardCall
from makao.serialize import (
    FORMAT,
    VERSION,
    game_from_dict,
    game_from_json,
    game_to_dict,
    game_to_json,
    replay,
    summary,
)
from makao.testing import snapshot
from makao.variant import Variant

POLISH = variants.polish()


def random_game(seed: int, players: int = 3, moves: int = 60, variant: Variant = POLISH) -> Game:
    game = Game.new(variant, players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def same_game(a: Game, b: Game) -> bool:
    return snapshot(a) == snapshot(b) and a.record == b.record and a.origin == b.origin


def saved(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(game.to_json())
    return data


def refused(data: object, *words: str, variant: Variant | None = None) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(StateError) as caught:
        Game.from_json(text, variant)
    message = str(caught.value)
    for word in words:
        assert word in message
    return message


# ------------------------------------------------------------------ round trips


def test_a_saved_game_holds_format_variant_origin_moves_and_summary() -> None:
    game = random_game(3, moves=10)
    data = saved(game)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["variant"] == {"name": "polish", "options": dict(POLISH.options), "builtin": True}
    assert data["origin"] == {"kind": "deal", "players": 3, "seed": 3, "dealer": 2}
    assert data["moves"] == [str(move) for move in game.record]
    assert data["summary"] == summary(game)
    assert data["summary"]["stock_size"] == game.stock_size


@pytest.mark.parametrize("seed", range(6))
def test_json_round_trip_reproduces_the_game(seed: int) -> None:
    game = random_game(seed, players=2 + seed % 4, moves=40 * seed)
    loaded = Game.from_json(game.to_json())
    assert same_game(loaded, game)
    assert loaded.legal_moves() == game.legal_moves()


def test_a_finished_game_round_trips_with_its_outcome() -> None:
    game = random_game(11, players=2, moves=5000)
    assert game.is_over
    loaded = Game.from_json(game.to_json())
    assert loaded.is_over and loaded.outcome == game.outcome


def test_a_loaded_game_plays_on_like_the_original() -> None:
    game = random_game(4, moves=30)
    loaded = Game.from_json(game.to_json())
    for move in game.clone().legal_moves():
        assert game.clone().play(move) == loaded.clone().play(move)


def test_options_of_the_variant_are_saved_and_rebuilt() -> None:
    variant = variants.polish(decks=2, po_makale_penalty=3, last_card_effect_applies=True)
    game = random_game(8, players=4, moves=50, variant=variant)
    loaded = Game.from_json(game.to_json())
    assert loaded.variant == variant
    assert same_game(loaded, game)


@pytest.mark.parametrize(
    ("effect", "hands", "pile", "move"),
    [
        ("attack 5 by 1", ["2h 5c", "3h 9d"], "7h", "2h"),
        ("wait 2 by 1", ["4c 5c", "3h 9d"], "4h", "4c"),
        ("demand 7 by 1", ["7c 5c", "7h 9d"], "Jh", "7c"),
        ("suit h", ["9h 5c", "3h 9d"], "Ac", "9h"),
    ],
)
def test_a_position_with_an_effect_round_trips(
    effect: str, hands: list[str], pile: str, move: str
) -> None:
    game = Game.from_position(POLISH, hands=hands, pile=pile, stock="Kd 5s 6s", effect=effect)
    assert game.origin["effect"] == effect
    for text in ((), (move,)):
        moved = game.clone()
        for m in text:
            moved.play(m)
        loaded = Game.from_json(moved.to_json())
        assert same_game(loaded, moved)
        assert loaded.effect == moved.effect


def test_a_position_with_finished_seats_waits_and_direction_round_trips() -> None:
    game = Game.from_position(
        POLISH,
        hands=["5h 6h", "", "9h 9d", "Kd"],
        pile="7h",
        stock="2c 3c",
        to_move=2,
        finished=[1],
        waits=[0, 0, 0, 1],
        direction=-1,
        seed=5,
    )
    game.play("9h")
    loaded = Game.from_json(game.to_json())
    assert same_game(loaded, game)
    assert loaded.origin["waits"] == [0, 0, 0, 1] and loaded.origin["direction"] == -1


def test_replay_from_origin_and_record_reproduces_game_and_events() -> None:
    game = Game.new(POLISH, 3, seed=21)
    rng = random.Random(2)
    events = []
    for _ in range(80):
        if game.is_over:
            break
        events.append(game.play(rng.choice(game.legal_moves())))
    copy = Game.replay(POLISH, game.origin, [])
    assert [copy.play(move) for move in game.record] == events
    assert same_game(Game.replay(POLISH, game.origin, game.record), game)
    assert same_game(Game.replay(POLISH, game.origin, map(str, game.record)), game)


def test_a_custom_variant_is_loaded_when_passed() -> None:
    custom = POLISH.without(LastCardCall, name="polish-no-makao")
    game = random_game(5, moves=40, variant=custom)
    text = game.to_json()
    assert json.loads(text)["variant"]["builtin"] is False
    refused(text, "custom variant", "polish-no-makao", "variant=")
    assert same_game(Game.from_json(text, custom), game)


def test_a_variant_of_another_name_is_refused() -> None:
    refused(
        random_game(1, moves=5).to_json(),
        "'polish'",
        variant=POLISH.without(LastCardCall, name="x"),
    )


def test_options_json_cannot_hold_cannot_be_saved() -> None:
    odd = Variant("odd", POLISH.rules, (("tags", {1, 2}),))
    with pytest.raises(StateError, match="JSON"):
        Game.new(odd, 2, seed=1).to_json()


# ------------------------------------------------------------------ damaged records


def test_bad_json_is_refused() -> None:
    refused("{not json", "bad JSON")


def test_truncated_text_is_refused() -> None:
    text = random_game(2, moves=20).to_json()
    for end in (1, len(text) // 3, len(text) - 1):
        refused(text[:end], "bad JSON")


@pytest.mark.parametrize("value", [[], 5, "text", None])
def test_a_save_that_is_not_an_object_is_refused(value: object) -> None:
    refused(json.dumps(value), "JSON object")


def test_a_wrong_format_or_version_is_refused() -> None:
    data = saved(random_game(2, moves=5))
    refused({**data, "format": "makao.banking/1"}, "format")
    refused({**data, "version": 99}, "version 99")


@pytest.mark.parametrize("key", ["variant", "origin", "moves", "summary"])
def test_a_missing_part_is_refused(key: str) -> None:
    data = saved(random_game(2, moves=5))
    del data[key]
    refused(data, repr(key))


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("moves",), "draw"),
        (("moves",), [1, 2]),
        (("origin", "players"), "3"),
        (("origin", "seed"), True),
        (("origin", "kind"), "shuffle"),
        (("variant", "options"), []),
        (("summary",), []),
    ],
)
def test_wrong_types_are_refused(path: tuple[str, ...], value: object) -> None:
    data = saved(random_game(2, moves=5))
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    refused(data)


def test_an_origin_with_extra_or_missing_fields_is_refused() -> None:
    data = saved(random_game(2, moves=5))
    data["origin"]["hands"] = ["5h"]
    refused(data, "deal origin has the fields")


def test_a_bad_position_origin_is_refused() -> None:
    game = Game.from_position(POLISH, hands=["5h 6h", "9c"], pile="7h")
    for key, value in [("hands", [5, "9c"]), ("pile", "7x"), ("to_move", 7), ("waits", ["a", 0])]:
        data = saved(game)
        data["origin"][key] = value
        refused(data, "bad origin")


def test_an_unknown_variant_or_bad_options_are_refused() -> None:
    data = saved(random_game(2, moves=5))
    refused({**data, "variant": {**data["variant"], "name": "whist"}}, "whist")
    refused({**data, "variant": {**data["variant"], "options": {"colour": 1}}}, "options")
    refused({**data, "variant": {**data["variant"], "options": {"decks": 3}}}, "decks")


def test_an_illegal_move_in_the_list_is_refused_with_its_number() -> None:
    game = random_game(7, moves=30)
    data = saved(game)
    hand = {str(card) for card in game.hands[0]}
    foreign = next(c for c in ("2c", "5d", "9s", "Kh", "Ad") if c not in hand)
    data["moves"][16] = foreign
    message = refused(data, f"move 17 '{foreign}'")
    assert "illegal" in message


def test_a_malformed_move_is_refused_with_its_number() -> None:
    data = saved(random_game(7, moves=10))
    data["moves"][2] = "9x"
    refused(data, "move 3 '9x'")


def test_moves_after_the_end_are_refused() -> None:
    game = random_game(11, players=2, moves=5000)
    data = saved(game)
    data["moves"].append("draw")
    refused(data, f"move {len(game.record) + 1} 'draw'", "over")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("stock_size", 0),
        ("to_move", 5),
        ("pile", "7h"),
        ("hands", ["5h", "6h", "7h"]),
        ("finished", [0]),
        ("over", 1),
    ],
)
def test_a_summary_that_does_not_match_the_replay_is_refused(key: str, value: object) -> None:
    data = saved(random_game(9, moves=15))
    assert data["summary"][key] != value or type(data["summary"][key]) is not type(value)
    data["summary"][key] = value
    refused(data, "does not match", key)


@pytest.mark.parametrize("key", ["hands", "stock_size", "rng", "over"])
def test_a_summary_missing_a_field_is_refused(key: str) -> None:
    data = saved(random_game(9, moves=15))
    del data["summary"][key]
    refused(data, "summary has no", repr(key))


@pytest.mark.parametrize(
    ("key", "as_type"), [("stock_size", float), ("to_move", float), ("over", int)]
)
def test_a_summary_value_equal_but_of_another_type_is_refused(
    key: str, as_type: type[float] | type[int]
) -> None:
    data = saved(random_game(9, moves=15))
    value = as_type(data["summary"][key])
    assert value == data["summary"][key]  # equal in Python (0 == False, 3.0 == 3)
    data["summary"][key] = value
    refused(data, "does not match", key)


def test_a_mismatched_summary_value_is_named_as_the_summarys_not_the_records() -> None:
    """The refusal says which value the replayed moves give and which one the (edited)
    summary holds: the moves are the record, so the summary's value is not "the record's"."""
    data = saved(random_game(9, moves=15))
    stock = data["summary"]["stock_size"]
    data["summary"]["stock_size"] = stock + 1
    message = refused(data, "does not match the saved summary")
    assert message.endswith(
        f"stock_size is {stock} after the saved moves, the summary says {stock + 1}"
    )


def _position_saved(**change: object) -> dict[str, Any]:
    """A saved position game (no reshuffle, stock Kd 5s 6s 4c) whose origin is then changed."""
    game = Game.from_position(
        POLISH, hands=["5h 6h 7h", "5c 9c"], pile="9h", stock="Kd 5s 6s 4c", seed=5
    )
    game.play("5h")
    game.play("5c")
    data = saved(game)
    data["origin"].update(change)
    return data


def test_an_edited_seed_that_changes_only_the_generator_is_caught_by_the_summary() -> None:
    """The same cards, another seed: only the generator of later reshuffles (PL-35) differs."""
    refused(_position_saved(seed=6), "does not match", "rng")


def test_an_edited_stock_order_is_caught_by_the_summary() -> None:
    """The same cards in the stock in another order (PL-3: the stock order is hidden state)."""
    refused(_position_saved(stock="Kd 5s 4c 6s"), "does not match", "stock")


def test_an_edited_public_rule_state_is_caught_by_the_summary() -> None:
    """PL-29: a "makao" owed in the origin's public state, dropped from the record."""
    game = Game.from_position(
        POLISH, hands=["5h", "5c 6c 7c"], pile="9h", stock="2d", to_move=1, public=[("makao", 0)]
    )
    data = saved(game)
    data["origin"]["public"] = []
    refused(data, "does not match", "rule_states")


def test_moves_that_are_not_texts_are_refused_as_such() -> None:
    data = saved(random_game(2, moves=5))
    data["moves"] = [1, 2]
    refused(data, "'moves' must be a list of move texts")
    game = random_game(2, moves=5)
    objects = {**game_to_dict(game), "moves": list(game.record)}  # Move objects, not texts
    with pytest.raises(StateError, match="move texts"):
        game_from_dict(objects)


def test_a_position_origin_missing_a_field_is_refused() -> None:
    """Even a field whose default replays the same game (direction 1, seat 0 to move, no
    effect) is refused when it is missing: the record is damaged."""
    data = _position_saved()
    for key in ("direction", "to_move", "effect", "seed", "waits"):
        damaged = json.loads(json.dumps(data))
        del damaged["origin"][key]
        refused(damaged, "position origin has the fields")


def test_a_deal_origin_with_position_only_fields_is_refused() -> None:
    for key, value in (("drawn", "5h"), ("public", [])):
        data = saved(random_game(2, moves=5))
        data["origin"][key] = value
        refused(data, "deal origin has the fields")


def test_a_custom_variant_under_a_built_in_name_is_saved_as_custom() -> None:
    """A variant named "polish" without battle cards (PL-10) is not `variants.polish()`:
    its early moves replay alike in both, so only the saved flag stops a silent load as
    the built-in variant."""
    custom = POLISH.without(BattleCards, name="polish")
    game = random_game(5, moves=2, variant=custom)
    text = game.to_json()
    assert json.loads(text)["variant"]["builtin"] is False
    refused(text, "custom variant", "variant=")
    assert same_game(Game.from_json(text, custom), game)


def test_pl_10_a_custom_save_with_a_built_in_name_and_options_loads_only_with_its_variant() -> None:
    """PL-10: a variant that kept the name *and* the options of `variants.polish()` but
    has no battle cards is saved as custom (``builtin: false``); passing `variants.polish()`
    back loaded it as the built-in game (its first moves replay alike in both), and a save
    of the built-in loaded with the custom variant: each is refused, naming the flag."""
    custom = Variant("polish", POLISH.without(BattleCards).rules, POLISH.options)
    assert custom.options == POLISH.options and custom != POLISH
    custom_text = random_game(5, moves=2, variant=custom).to_json()
    assert json.loads(custom_text)["variant"]["builtin"] is False
    refused(custom_text, "custom variant named 'polish'", "pass the variant", variant=POLISH)
    built_in_text = random_game(5, moves=2).to_json()
    refused(built_in_text, "'polish' as makao.variants.get builds it", "variant=", variant=custom)
    assert Game.from_json(custom_text, custom).variant is custom
    assert Game.from_json(built_in_text, variants.polish()).variant == POLISH


def test_pl_10_a_with_rules_save_given_the_built_in_is_refused_as_custom() -> None:
    """PL-10: ``polish().with_rules(...)`` keeps the name "polish" (and records no
    options); its save given `variants.polish()` is refused as a save of a custom variant,
    not as one of other options (``{}``, which sent one looking for an option)."""
    custom = POLISH.with_rules(BattleCards({}, ids=("PL-10",)))
    text = random_game(5, moves=2, variant=custom).to_json()
    message = refused(text, "custom variant named 'polish'", variant=POLISH)
    assert "options {}" not in message


def test_editing_a_position_games_origin_or_saved_data_leaves_the_game_as_it_was() -> None:
    """`Game.origin` and `game_to_dict` give copies: changing their lists changed the game's
    own record of how it began, and its next save was refused as not matching the replay."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 9c"], pile="9h", stock="Kd")
    before = game.origin
    origin = game_to_dict(game)["origin"]
    assert isinstance(origin, dict)
    origin["hands"][1] = "2c"
    finished = game.origin["finished"]
    assert isinstance(finished, list)
    finished.append(1)
    assert game.origin == before and game.origin["hands"] == ["5h 6h", "5c 9c"]
    assert same_game(Game.from_json(game.to_json()), game)


def test_a_dropped_move_is_caught_by_the_summary() -> None:
    data = saved(random_game(9, moves=15))
    data["moves"].pop()
    refused(data)


def test_game_to_dict_is_plain_json_data() -> None:
    data = game_to_dict(random_game(3, moves=10))
    assert json.loads(json.dumps(data)) == data


def test_pl_8_a_position_with_a_drawn_card_round_trips() -> None:
    """PL-8: a position's drawn card, still playable, is saved in its origin and loads."""
    game = Game.from_position(POLISH, hands=["9h 5d", "5s"], pile="7h", stock="Kd", drawn="9h")
    assert game.origin["drawn"] == "9h"
    loaded = Game.from_json(game.to_json())
    assert loaded.drawn == game.drawn
    assert loaded.legal_moves_text() == game.legal_moves_text() == ["9h", "9h +makao", "pass"]
    assert Game.replay(POLISH, game.origin, []).drawn == game.drawn


def test_pl_29_a_positions_public_rule_state_is_saved_and_loads() -> None:
    """PL-29: a position where seat 0 owes "makao" keeps that debt through save and load
    (seat 1 may still "stop" seat 0)."""
    game = Game.from_position(
        POLISH, hands=["6h", "5c 6c 7c"], pile="9h", stock="Kd", to_move=1, public=[("makao", 0)]
    )
    assert game.origin["public"] == [["makao", 0]]
    for loaded in (Game.from_json(game.to_json()), Game.replay(POLISH, game.origin, [])):
        assert loaded.view(1).public == game.view(1).public == (("makao", 0),)
        assert "1: stop 0" in loaded.legal_moves_text()


POSITION = Game.from_position(POLISH, hands=["5h 6h", "9c"], pile="7h")


@pytest.mark.parametrize(
    ("game", "key", "value", "words"),
    [
        (None, "dealer", "2", "'dealer' has the wrong type: '2'"),
        (None, "players", True, "'players' has the wrong type: True"),
        (POSITION, "public", {"a": 1}, "'public' has the wrong type"),
        (POSITION, "effect", 5, "'effect' has the wrong type: 5"),
        (POSITION, "waits", ["1", 0], "'waits' must list int values, not '1'"),
        (POSITION, "finished", [True], "'finished' must list int values, not True"),
    ],
)
def test_an_origin_field_of_the_wrong_type_is_refused_by_name(
    game: Game | None, key: str, value: object, words: str
) -> None:
    """Each origin field is type-checked before any game is set up, and named."""
    data = saved(random_game(2, moves=5) if game is None else game)
    data["origin"][key] = value
    refused(data, words)


def test_a_deal_with_a_chosen_dealer_round_trips() -> None:
    """The dealer of a deal origin is replayed (PL-5: the first player sits after them)."""
    for dealer in (0, 1, 2):
        game = Game.new(POLISH, 3, seed=4, dealer=dealer)
        game.play(game.legal_moves()[0])
        assert same_game(Game.from_json(game.to_json()), game)


def test_a_save_with_no_format_tag_is_refused() -> None:
    data = saved(random_game(2, moves=5))
    del data["format"]
    refused(data, "format must be 'makao.game'")


def test_a_save_of_one_variant_loaded_as_another_names_both() -> None:
    refused(
        saved(random_game(2, moves=5)),
        "saved with variant 'polish', not 'mau-mau'",
        variant=variants.mau_mau(),
    )


def test_deeply_nested_data_is_refused_as_corrupt() -> None:
    """Data nested past Python's recursion limit (game_from_dict takes any object) is a
    StateError, not a RecursionError."""
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    data = saved(random_game(2, moves=5))
    data["variant"]["options"] = {"decks": deep}
    with pytest.raises(StateError, match="corrupt saved game"):
        game_from_dict(data)


def test_replay_checks_its_variant_and_moves_before_any_game() -> None:
    origin = random_game(2, moves=5).origin
    with pytest.raises(StateError, match="variant must be a Variant, not NoneType"):
        replay(None, origin, [])  # type: ignore[arg-type]
    with pytest.raises(StateError, match="moves are a sequence of moves or move texts"):
        replay(POLISH, origin, "draw")


def test_a_save_keeps_non_ascii_text_as_it_is() -> None:
    """A save is UTF-8 text: a variant's name is written as it is, not as escapes."""
    custom = POLISH.without(LastCardCall, name="makao-łódź")
    text = random_game(2, moves=5, variant=custom).to_json()
    assert "makao-łódź" in text and "\\u" not in text


def test_a_custom_variant_with_options_json_reads_back_otherwise_is_loaded() -> None:
    """Options are compared as JSON reads them back: a tuple option (saved as a list) still
    matches the variant passed to load the save."""
    custom = Variant("houses", POLISH.rules, options=(("seats", (0, 2)),))
    game = random_game(2, moves=5, variant=custom)
    assert saved(game)["variant"]["options"] == {"seats": [0, 2]}
    assert same_game(Game.from_json(game.to_json(), custom), game)


@pytest.mark.parametrize("kind", [["deal"], {"deal": 1}, None])
def test_an_origin_kind_that_is_no_text_is_refused_by_name(kind: object) -> None:
    data = saved(random_game(2, moves=5))
    data["origin"]["kind"] = kind
    refused(data, "the origin must be a 'deal' or a 'position', not")


def test_pl_35_an_older_save_of_a_game_that_reshuffled_is_refused() -> None:
    """PL-35: a version 2 save replays only if the game never reshuffled (its reshuffles
    came from another generator); one that did is refused, one that did not loads."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5d 9c"], pile="2c 3c 9h", stock="7s")
    game.play("draw")  # 7♠: the stock is empty
    game.play("draw")  # seat 1 draws from the reshuffled pile
    assert game.reshuffles == 1
    refused({**saved(game), "version": 2}, "version 2", "reshuffle")
    calm = Game.from_position(POLISH, hands=["5h 6h", "5d 9c"], pile="2c 3c 9h", stock="7s 8s")
    calm.play("draw")
    calm.play("draw")
    assert same_game(Game.from_json(json.dumps({**saved(calm), "version": 2})), calm)


def test_pl_35_a_summary_key_no_save_writes_is_refused() -> None:
    """PL-35: the summary holds exactly the keys its version writes; one more (an edited
    save) is a `StateError` naming it, as at the top level (it used to be ignored)."""
    data = saved(random_game(2, moves=5))
    data["summary"]["score"] = 3
    refused(data, "the summary has no key 'score'", "edited")
    refused({**data, "version": 2}, "format version 2", "no key 'score'")


def test_pl_35_an_older_save_whose_replay_differs_names_its_version() -> None:
    """PL-35: an older save that replays but does not match its summary (an older library
    played its moves otherwise) is refused naming its format version; a current one is not."""
    data = saved(random_game(2, moves=5))
    data["summary"]["direction"] = -data["summary"]["direction"]
    message = refused({**data, "version": 2}, "does not match the saved summary: direction")
    assert message.startswith("this game was saved in format version 2: ")
    assert "version" not in refused(data, "does not match the saved summary: direction")


def test_pl_1_a_deal_of_a_negative_seed_round_trips() -> None:
    """PL-1: a negative seed deals a game of its own (`makao.seeding.seed_key`), and its
    save replays it."""
    game = random_game(-7, moves=30)
    assert game.hands != random_game(7, moves=30).hands
    assert same_game(Game.from_json(game.to_json()), game)


@pytest.mark.parametrize("version", [1, 2, 3])
def test_pl_1_an_older_save_of_a_negative_seeds_deal_is_refused_naming_its_version(
    version: int,
) -> None:
    """PL-1: versions 1 to 3 dealt seed ``-n`` as seed ``n``: such a save cannot replay
    and is refused naming its version (the replay would fail, or differ, on another
    deal); a version 3 save of a seed ≥ 0 still loads."""
    data = {**saved(random_game(-7, moves=0)), "version": version}
    refused(data, f"format version {version}", "negative seed", "seed -7")
    game = random_game(7, moves=30)
    assert same_game(Game.from_json(json.dumps({**saved(game), "version": 3})), game)


def test_pl_1_a_version_3_save_of_seed_0s_deal_loads() -> None:
    """PL-1: seed 0 is no negative seed: versions 1 to 3 dealt it as now, so its version 3
    save loads."""
    game = random_game(0, moves=30)
    assert same_game(Game.from_json(json.dumps({**saved(game), "version": 3})), game)


def test_pl_1_a_version_3_save_of_a_position_with_a_negative_seed_loads() -> None:
    """PL-1: only a deal of a negative seed came out otherwise before version 4; a
    position's seed deals nothing (it drives reshuffles), so its version 3 save loads."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5d 9c"], pile="9h", stock="7s 8s", seed=-7)
    game.play("draw")
    assert same_game(Game.from_json(json.dumps({**saved(game), "version": 3})), game)


def test_pl_35_a_version_3_save_of_a_game_that_reshuffled_loads() -> None:
    """PL-35: version 3 already drew its reshuffles from the generator of today, so a
    version 3 save of a game that reshuffled loads (versions 1 and 2 are refused)."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5d 9c"], pile="2c 3c 9h", stock="7s")
    game.play("draw")  # 7♠: the stock is empty
    game.play("draw")  # seat 1 draws from the reshuffled pile
    assert game.reshuffles == 1
    assert same_game(Game.from_json(json.dumps({**saved(game), "version": 3})), game)


def test_pl_35_a_version_3_save_whose_moves_fail_is_refused_as_a_current_one() -> None:
    """PL-35: a version 3 save replays as a current one (its reshuffles came from the same
    generator), so a move of it that fails is refused as such, not blamed on a reshuffle."""
    data = {**saved(random_game(2, moves=5)), "version": 3}
    data["moves"] = ["pass", *data["moves"]]  # not listed at the first move
    message = refused(data)
    assert "reshuffle" not in message and "format version" not in message


def test_pl_35_a_version_3_save_whose_replay_differs_is_refused_as_a_current_one() -> None:
    """PL-35: the same for a summary the replay does not match: a version 3 save names
    the mismatch only, not its format version."""
    data = {**saved(random_game(2, moves=5)), "version": 3}
    data["summary"]["direction"] = -data["summary"]["direction"]
    message = refused(data, "does not match the saved summary: direction")
    assert "format version" not in message


@pytest.mark.parametrize("flag", ["drop", None, "false", 0])
def test_pl_10_a_custom_variants_builtin_flag_dropped_or_retyped_is_refused(flag: object) -> None:
    """PL-10: a save of a variant named "polish" without battle cards says ``"builtin":
    false``; with that flag dropped or of another type the save was loaded as the built-in
    polish (its early moves replay alike), another game. Every save has the flag: refused."""
    custom = POLISH.without(BattleCards, name="polish")
    data = saved(random_game(5, moves=2, variant=custom))
    if flag == "drop":
        del data["variant"]["builtin"]
        refused(data, "no 'builtin'")
    else:
        data["variant"]["builtin"] = flag
        refused(data, "'builtin' has the wrong type")
    refused(data, "builtin", variant=custom)


def test_pl_6_a_position_origin_hand_that_is_no_text_is_refused_by_name() -> None:
    """PL-6: a hand of a position origin is card text; a number there is named as such."""
    data = saved(POSITION)
    data["origin"]["hands"] = [5, "9c"]
    refused(data, "'hands' must list str values, not 5")


def test_replay_refuses_moves_given_as_bytes() -> None:
    """Bytes are no sequence of moves (iterated, they would be numbers): refused as such."""
    with pytest.raises(StateError, match="moves are a sequence of moves or move texts"):
        replay(POLISH, random_game(2, moves=5).origin, b"draw")  # type: ignore[arg-type]


def test_options_with_a_circular_value_cannot_be_saved() -> None:
    """An option holding itself (JSON's encoder says so with a `ValueError`) is refused
    with a `StateError`, as any option JSON cannot hold."""
    loop: list[object] = []
    loop.append(loop)
    odd = Variant("odd", POLISH.rules, (("loop", loop),))
    with pytest.raises(StateError, match="options that JSON cannot hold"):
        Game.new(odd, 2, seed=1).to_json()


@pytest.mark.parametrize("key", ["variant", "origin", "moves", "summary"])
def test_a_missing_part_is_named_as_missing(key: str) -> None:
    data = saved(random_game(2, moves=5))
    del data[key]
    refused(data, f"the saved game has no {key!r}")


@pytest.mark.parametrize("key", ["name", "options"])
def test_a_variant_record_missing_its_name_or_options_is_refused_by_name(key: str) -> None:
    data = saved(random_game(2, moves=5))
    del data["variant"][key]
    refused(data, f"the saved game has no {key!r}")


def test_a_save_given_as_bytes_or_a_bytearray_loads() -> None:
    """`game_from_json` reads JSON text as `str` or as UTF-8 bytes (`bytearray` too)."""
    game = random_game(3, moves=10)
    text = game.to_json()
    assert same_game(game_from_json(text.encode()), game)
    assert same_game(game_from_json(bytearray(text, "utf-8")), game)  # type: ignore[arg-type]


#: Options other than the defaults for every registered variant.
OPTIONS: dict[str, dict[str, Any]] = {
    "polish": {"decks": 2, "po_makale_penalty": 3, "makao_with_move_only": True},
    "mao": {"start_card_effect": True, "missing_call_penalty": 2},
    "russian": {"match_limit": math.inf, "any_king_answers_king": True},
    "crazy-eights": {"hand_size": 7, "max_draws": 3},
    "mau-mau": {"penalty": 3},
    "prsi": {"hand_size": 5},
    "switch": {"hand_size": 6, "penalty": 3},
}


def test_every_registered_variant_has_options_here() -> None:
    assert set(OPTIONS) == set(variants.names())


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_pl_35_every_variant_with_options_round_trips_after_a_reshuffle(name: str) -> None:
    """A game of every variant, with options other than the defaults, saved once its stock
    was reshuffled (PL-35), loads as the same game with the same variant and plays on."""
    variant = variants.get(name, **OPTIONS[name])
    game = Game.new(variant, 4 if name == "mao" else 3, seed=0)
    rng = random.Random(0)
    while not game.reshuffles:
        game.play(rng.choice(game.legal_moves()))
    loaded = Game.from_json(game.to_json())
    assert loaded.variant == variant and same_game(loaded, game)
    assert loaded.legal_moves() == game.legal_moves()
    move = game.legal_moves()[0]
    assert loaded.play(move) == game.play(move) and same_game(loaded, game)


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_pl_8_every_variant_round_trips_a_position(name: str) -> None:
    """A set-up position of every variant (cards of every deck) round-trips, before and
    after a move."""
    variant = variants.get(name)
    game = Game.from_position(
        variant, hands=["7h 8h", "9c 10c", "Qs Js"], pile="Kh", stock="Qd Jd 9d", seed=4
    )
    for _ in range(2):
        assert same_game(Game.from_json(game.to_json()), game)
        game.play(game.legal_moves()[0])


def test_replay_and_loading_leave_the_given_origin_and_data_as_they_were() -> None:
    """`replay` and `game_from_dict` read the origin they are given and change nothing in
    it: the same origin replays again, the same data loads again."""
    for game in (random_game(2, moves=5), POSITION):
        origin = game.origin
        assert same_game(replay(POLISH, origin, game.record), game)
        assert origin == game.origin
        assert same_game(replay(POLISH, origin, game.record), game)
        data = game_to_dict(game)
        before = json.loads(json.dumps(data))
        assert same_game(game_from_dict(data), game)
        assert data == before


def test_pl_32_a_save_with_a_key_no_save_writes_is_refused_as_edited() -> None:
    """PL-32: a save's top level and its variant record hold the keys every version of the
    format writes; another key is an edit, refused with a `StateError` naming it (it was
    silently ignored). The summary's keys are checked against the replayed game."""
    game = random_game(5, moves=4)
    refused({**saved(game), "comment": "x"}, "a saved game has no key 'comment'")
    data = saved(game)
    data["variant"]["seed"] = 3
    refused(data, "a saved game's variant has no key 'seed'")
    assert same_game(Game.from_json(json.dumps(saved(game))), game)


@pytest.mark.parametrize(
    "game",
    [None, "{}", POLISH, Game.new(POLISH, 2, seed=1).view(0)],
    ids=["none", "text", "variant", "view"],
)
def test_saving_needs_a_game(game: Any) -> None:
    for save in (game_to_json, game_to_dict, summary):
        with pytest.raises(SetupError, match="must be a Game"):
            save(game)


@pytest.mark.parametrize(
    "indent",
    [10**5000, -1, 10**6, True, 1.5, "  "],
    ids=["huge", "negative", "million", "bool", "float", "text"],
)
def test_game_to_json_refuses_a_bad_indent(indent: Any) -> None:
    with pytest.raises(SetupError, match="indent"):
        game_to_json(Game.new(POLISH, 2, seed=1), indent=indent)
    assert game_to_json(Game.new(POLISH, 2, seed=1), indent=2).startswith("{\n  ")


def test_a_game_sampled_from_a_view_is_refused_when_saved() -> None:
    """A game a search dealt anew from a view (`sample_hidden`, `Determinizer.sample`) is
    not what its origin and moves make: saving it is a `StateError` saying so (it wrote a
    save that loading refused, as its summary's hands differ from the replay's), also
    after a move, in a clone and in a pickled copy. The game it was sampled from saves."""
    game = random_game(6, moves=3)
    sampled = sample_hidden(game.view(game.to_move), random.Random(2))
    copies = [sampled, sampled.clone(), pickle.loads(pickle.dumps(sampled))]
    sampled.play(sampled.legal_moves()[0])
    for copy in copies:
        for save in (game_to_json, game_to_dict):
            with pytest.raises(StateError, match=r"a game sampled from a view .* cannot be saved"):
                save(copy)
    assert same_game(Game.from_json(game.to_json()), game)


class Annotated(Game):
    """A user's subclass of `Game` (module level, so that pickles find it)."""

    __slots__ = ()


def test_a_subclass_of_game_replays_loads_and_unpickles_as_itself() -> None:
    """`Game.replay`, `Game.from_json` and a pickle give a game of the class they were
    called on or pickled from (a plain `Game` before), equal to the original; ``kind``
    that is no subclass of `Game` is a `StateError`."""
    game = Annotated.new(POLISH, 3, seed=9)
    rng = random.Random(9)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    copies = [
        Annotated.replay(POLISH, game.origin, game.record),
        Annotated.from_json(game.to_json()),
        pickle.loads(pickle.dumps(game)),
        game_from_dict(game_to_dict(game), kind=Annotated),
    ]
    for copy in copies:
        assert type(copy) is Annotated and copy == game and copy.record == game.record
    assert type(Game.from_json(game.to_json())) is Game
    assert type(replay(POLISH, game.origin, game.record)) is Game
    for bad in (int, "Game", Variant):
        with pytest.raises(StateError, match="kind must be Game or a subclass of it"):
            replay(POLISH, game.origin, game.record, kind=bad)  # type: ignore[arg-type]


def test_loading_checks_its_kind_and_a_plain_games_pickle_names_no_class() -> None:
    """``kind`` that is no subclass of `Game` is a `StateError` from `game_from_json` and
    `game_from_dict` too (as from `replay`); a plain `Game` pickles as before the subclasses'
    class was written (its state alone, as earlier versions load it), a subclass's with it."""
    game = Game.new(POLISH, 2, seed=4)
    game.play(game.legal_moves()[0])
    for bad in (int, "Game", Variant, 0, ""):
        with pytest.raises(StateError, match="kind must be Game or a subclass of it"):
            game_from_json(game.to_json(), kind=bad)  # type: ignore[arg-type]
        with pytest.raises(StateError, match="kind must be Game or a subclass of it"):
            game_from_dict(game_to_dict(game), kind=bad)  # type: ignore[arg-type]
    restore, fields = game.__reduce__()
    assert callable(restore) and len(fields) == 1 and restore(*fields) == game
    assert type(pickle.loads(pickle.dumps(game))) is Game
    _, subclass_fields = Annotated.new(POLISH, 2, seed=4).__reduce__()
    assert subclass_fields[1:] == (Annotated,)
