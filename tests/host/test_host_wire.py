"""JSON wire forms of views, events and moves (issue 19), checked against the JSON Schema
in docs/host/wire.schema.json on real output of every registered variant and of Macao."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any, NamedTuple

import attrs
import pytest

from makao import Card, Game, Match, Rank, StateError, Suit, variants, wire
from makao.banking import BankingGame
from makao.events import CardsDrawn, CardsPlayed, DemandSet, PlayerFinished
from makao.host import Host
from makao.moves import Draw
from makao.rules.base import Effect

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "host" / "wire.schema.json"
REGENERATE = (
    'python -c "import json, makao.wire as w; print(json.dumps(w.schema(), indent=2))"'
    " > docs/host/wire.schema.json"
)


def _validator(definition: str) -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    part = {**schema, "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(part)


def _updates(name: str, players: int, seed: int, cap: int = 60) -> list[dict[str, Any]]:
    """Every seat's update after every move of a seeded random game (as JSON text, read back)."""
    host = Host(Game.new(variants.get(name), players=players, seed=seed))
    rng = random.Random(seed)
    sent = [host.update(seat) for seat in range(players)]
    while not host.game.is_over and host.version < cap:
        move = rng.choice(host.game.legal_moves())
        sent.extend(host.updates(host.submit(None, str(move))).values())
    return [json.loads(wire.dumps(update)) for update in sent]


def test_schema_file_is_the_generated_schema() -> None:
    saved = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert saved == wire.schema(), f"the schema changed: regenerate it with {REGENERATE}"


def test_schema_is_a_valid_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(wire.schema())


@pytest.mark.parametrize("name", variants.names())
def test_every_variant_updates_fit_the_schema(name: str) -> None:
    validator = _validator("Update")
    players = 4 if name == "mao" else 3
    updates = _updates(name, players, seed=5)
    kinds = {event["type"] for update in updates for event in update["events"]}
    assert {"CardsPlayed", "CardsDrawn"} <= kinds
    for update in updates:
        errors = list(validator.iter_errors(update))
        assert not errors, f"{name}: {errors[0].message} in {update}"


def test_banking_events_and_views_fit_the_schema() -> None:
    events_validator = _validator("events")
    view_validator = _validator("BankingView")
    game = BankingGame(players=3, seed=4)
    rng = random.Random(4)
    seen: list[dict[str, Any]] = []
    for played in range(120):
        if game.is_over:
            break
        seen.extend(wire.events_to_list(game.play(rng.choice(game.legal_moves()))))
        for seat in range(3) if played % 10 == 0 else ():
            view = json.loads(wire.dumps(wire.view_to_dict(game.view(seat))))
            assert not list(view_validator.iter_errors(view)), view
    assert not list(events_validator.iter_errors(seen))
    assert {"CardDealt", "Settled"} <= {event["type"] for event in seen}


def test_the_schema_refuses_a_malformed_event() -> None:
    validator = _validator("event")
    good = wire.event_to_dict(CardsDrawn(1, (Card.parse("7h"),), "draw", 1))
    assert validator.is_valid(good)
    assert not validator.is_valid({**good, "cards": ["7x"]})
    assert not validator.is_valid({**good, "secret": 1})
    assert not validator.is_valid({key: value for key, value in good.items() if key != "seat"})


def test_values_are_written_in_the_text_notation() -> None:
    played = CardsPlayed(0, (Card.parse("10s"), Card.parse("Ah")), Suit.HEARTS)
    assert wire.event_to_dict(played) == {
        "type": "CardsPlayed",
        "seat": 0,
        "cards": ["10s", "Ah"],
        "choice": "h",
    }
    assert wire.event_to_dict(DemandSet(2, Rank.SEVEN))["rank"] == "7"
    assert played.to_dict() == wire.event_to_dict(played)  # type: ignore[attr-defined]
    assert json.loads(played.to_json()) == wire.event_to_dict(played)  # type: ignore[attr-defined]


def test_a_new_event_type_needs_no_code() -> None:
    class CardShown(NamedTuple):
        seat: int
        card: Card

    assert wire.event_to_dict(CardShown(3, Card.parse("Qd"))) == {
        "type": "CardShown",
        "seat": 3,
        "card": "Qd",
    }


def test_view_to_dict_and_to_json() -> None:
    game = Game.new(variants.polish(), players=2, seed=1)
    view = game.view(1)
    data = view.to_dict()
    assert data == wire.view_to_dict(view)
    assert json.loads(view.to_json()) == data
    assert data["hand"] == [str(card) for card in game.hand(1)]
    assert data["hand_sizes"] == [len(game.hand(0)), len(game.hand(1))]
    assert data["top"] == str(game.top) and data["variant"] == "polish"
    assert data["schema"] == wire.VERSION


def test_pl_4_a_view_sends_the_last_card_of_a_longer_pile_as_top() -> None:
    """PL-4: the pile is face up, bottom to top; ``top`` is its last card, not its first."""
    game = Game.from_position(variants.polish(), hands=["5h 6h", "5c 9d"], pile="2c 8h 9h")
    data = game.view(1).to_dict()
    assert data["pile"] == ["2c", "8h", "9h"]
    assert data["top"] == "9h" == str(game.top)


def test_a_view_shows_no_other_hand() -> None:
    game = Game.new(variants.polish(), players=3, seed=2)
    text = game.view(0).to_json()
    others = (
        {str(card) for seat in (1, 2) for card in game.hand(seat)}
        - set(map(str, game.hand(0)))
        - {str(game.top)}
    )
    assert others and not any(f'"{card}"' in text for card in others)


def test_moves_have_ids() -> None:
    assert wire.moves_to_list(["7h", "draw"]) == [
        {"id": 0, "text": "7h"},
        {"id": 1, "text": "draw"},
    ]


def test_a_value_without_json_form_is_refused() -> None:
    with pytest.raises(StateError, match="object has no JSON form"):
        wire.to_data(object())
    with pytest.raises(StateError, match="not an event"):
        wire.event_to_dict(3)
    with pytest.raises(StateError, match="not a view"):
        wire.view_to_dict("view")
    deep: list[object] = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(StateError, match="nested more than"):
        wire.to_data(deep)
    assert wire.to_data(PlayerFinished(1, 1)) == {"type": "PlayerFinished", "seat": 1, "place": 1}


def test_the_nesting_limit_is_exact() -> None:
    """Containers up to `_MAX_DEPTH` (32) levels below the value are written; one more is
    refused."""
    nested: list[object] = []
    for _ in range(32):
        nested = [nested]
    assert wire.dumps(wire.to_data(nested)) == "[" * 33 + "]" * 33
    with pytest.raises(StateError, match="nested more than 32"):
        wire.to_data([nested])
    with pytest.raises(StateError, match="nested more than 32"):
        wire.to_data({"deep": nested})


def test_ru_18_a_number_json_has_not_is_written_as_null() -> None:
    """An infinite match limit (RU-18 allows any positive number) and other non-finite
    numbers are ``null``: the wire is JSON, which has no ``Infinity`` or ``NaN``."""
    match = Match(variants.russian(), 2, seed=1, match_limit=math.inf)
    data = wire.to_data(match.view(0))
    assert data["match_limit"] is None and data["totals"] == [0, 0]
    assert wire.to_data([math.nan, -math.inf, 2.5, 7]) == [None, None, 2.5, 7]
    json.loads(wire.dumps(data), parse_constant=pytest.fail)


def test_dumps_writes_only_json() -> None:
    """`dumps` refuses what is not JSON data with a `StateError`, never an invalid text."""
    for bad in ([math.inf], {"x": math.nan}, object(), {1j: 1}):
        with pytest.raises(StateError, match="not JSON data"):
            wire.dumps(bad)
    assert wire.dumps({"a": [1, 2.5, None]}) == '{"a":[1,2.5,null]}'


def test_a_mapping_whose_keys_share_a_text_is_refused() -> None:
    """Two keys written the same (``1`` and ``"1"``) would lose a value: refused."""
    with pytest.raises(StateError, match="two keys of the same text"):
        wire.to_data({1: "a", "1": "b"})
    assert wire.to_data({1: "a", 2: "b"}) == {"1": "a", "2": "b"}


@attrs.frozen
class _Untold(Effect):
    """A house rule's effect with no text form (`Effect.to_text` not written)."""


class _Box(NamedTuple):
    inner: object


class _OwnTop(NamedTuple):
    pile: tuple[Card, ...]
    top: str


def test_an_effect_without_a_text_form_is_sent_as_its_class_name() -> None:
    """An effect whose `to_text` is not written is sent by its class name (the saved
    summary names it so too), not as an empty text."""
    assert wire.to_data(_Untold()) == "_Untold"
    assert wire.to_data([_Untold(), None]) == ["_Untold", None]


def test_records_count_towards_the_nesting_limit() -> None:
    """A record is a level of nesting like a list: records nested past `_MAX_DEPTH` (32)
    are refused, up to it written."""
    boxed: object = 1
    for _ in range(32):
        boxed = _Box(boxed)
    assert wire.dumps(wire.to_data(boxed)).count('"_Box"') == 32
    with pytest.raises(StateError, match="nested more than 32"):
        wire.to_data(_Box(boxed))


def test_dumps_refuses_data_nested_too_deeply_for_json() -> None:
    """Data nested past Python's recursion limit is a `StateError`, not a `RecursionError`."""
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(StateError, match="nested too deeply"):
        wire.dumps(deep)


def test_a_view_with_its_own_top_field_keeps_it() -> None:
    """`top` is added from the pile only to a view that has none of its own."""
    view = _OwnTop((Card.parse("2c"), Card.parse("9h")), "hidden")
    data = wire.view_to_dict(view)
    assert data["top"] == "hidden" and data["pile"] == ["2c", "9h"]


def test_pl_29_public_rule_state_values_are_written_as_json() -> None:
    """PL-29: the rules' public state in a view is written like every other value -- a
    card as its text, a number JSON has not as ``null`` -- so the view stays plain JSON."""
    game = Game.from_position(variants.polish(), hands=["5h 6h", "5c 9d"], pile="9h")
    view = game.view(0)._replace(public=(("card", Card.parse("7h")), ("limit", math.inf)))
    data = wire.view_to_dict(view)
    assert data["public"] == {"card": "7h", "limit": None}
    json.loads(view.to_json(), parse_constant=pytest.fail)


def test_sets_are_written_as_lists() -> None:
    assert wire.to_data(frozenset({Card.parse("7h")})) == ["7h"]
    assert wire.to_data({Suit.HEARTS}) == ["h"]


@pytest.mark.parametrize("bad", [5, None, 1.5, object()])
def test_a_list_function_refuses_a_value_that_is_not_iterable(bad: object) -> None:
    with pytest.raises(StateError, match="events must be an iterable, not"):
        wire.events_to_list(bad)  # type: ignore[arg-type]
    with pytest.raises(StateError, match="moves must be an iterable, not"):
        wire.moves_to_list(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["draw", b"draw", bytearray(b"7h")])
def test_moves_to_list_refuses_one_text_for_a_list_of_moves(bad: object) -> None:
    """One move's text (or bytes) is no list of moves: it was split into one "move" per
    character (``"draw"`` became ``d``, ``r``, ``a``, ``w``; bytes their numbers)."""
    with pytest.raises(StateError, match="moves must list moves, not one text"):
        wire.moves_to_list(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, b"draw", object(), ["draw"]])
def test_moves_to_list_refuses_an_item_that_is_no_move_nor_text(bad: object) -> None:
    """An item that is neither a move nor text was sent as its ``str`` (``"None"``)."""
    with pytest.raises(StateError, match="moves must be moves or their text, not"):
        wire.moves_to_list(["7h", bad])
    assert wire.moves_to_list(["7h", Draw(), BankingGame(2, seed=1).legal_moves()[0]])[1] == {
        "id": 1,
        "text": "draw",
    }


@pytest.mark.parametrize("depth", ["x", None, 1.5, True, -1, -(10**6)])
def test_to_data_refuses_a_depth_that_is_not_a_whole_number_0_or_more(depth: object) -> None:
    nested: list[object] = [1]
    for _ in range(2000):
        nested = [nested]
    with pytest.raises(StateError, match="depth must be a whole number 0 or more, not"):
        wire.to_data(nested, depth)  # type: ignore[arg-type]


class _NumberPile(NamedTuple):
    pile: int


def test_pl_4_a_view_without_a_top_card_is_refused_not_written_against_the_schema() -> None:
    """PL-4: the schema's ``top`` is a card, and every game's pile holds one; a view built
    by hand with an empty pile was written with ``"top": null``, which the schema refuses,
    and a pile that lists nothing was a TypeError."""
    game = Game.from_position(variants.polish(), hands=["5h 6h", "5c 9d"], pile="9h")
    with pytest.raises(StateError, match="a view's pile must list its cards, the top one last"):
        wire.view_to_dict(game.view(0)._replace(pile=()))
    with pytest.raises(StateError, match="a view's pile must list its cards"):
        wire.view_to_dict(_NumberPile(5))


@pytest.mark.parametrize("name", variants.names())
def test_views_of_set_up_positions_fit_the_schema(name: str) -> None:
    """Every view the writer produces fits the schema's `View`: a set-up position's too,
    from its smallest pile (one card) and with an effect in force."""
    validator = _validator("View")
    players = 3
    hands = ["8h 9h", "10s 8s", "9c Kd"]  # in every deck, a 32-card one too
    games = [Game.from_position(variants.get(name), hands=hands, pile="9h")]
    game = Game.new(variants.get(name), players=players, seed=11)
    rng = random.Random(11)
    while not game.is_over and len(game.record) < 40:
        game.play(rng.choice(game.legal_moves()))
        games.append(game.clone())
    for each in games:
        for seat in range(players):
            view = json.loads(wire.dumps(wire.view_to_dict(each.view(seat))))
            errors = list(validator.iter_errors(view))
            assert not errors, f"{name}: {errors[0].message} in {view}"
