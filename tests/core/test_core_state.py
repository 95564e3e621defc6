"""Core v2: the one state definition, the game's own random generator, the rules' typed
state, and the reliability fixes of the core (bounded waits, the Mao opening leak, saves
that round-trip)."""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
import time
import types
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast
from unittest import mock

import attrs
import pytest

import makao
from makao import (
    Card,
    Game,
    InvalidMoveError,
    Pass,
    Play,
    Rank,
    SetupError,
    StateError,
    Suit,
    variants,
)
from makao import tables as tables_module
from makao.engine import MAX_WAIT
from makao.events import CardsDrawn, Event, Passed
from makao.moves import Move, Say
from makao.rules import Stateful, Table, TurnRule
from makao.rules.base import DrawRule, Effect, Events, FinishRule, PlayRule, Rule, StartRule
from makao.state import FIELDS, SHORT_RECORD, Beginning, Earlier, State, plain, record_moves
from makao.tables import RuleSet
from makao.testing import HIDDEN_FIELDS, MOVER_FIELDS, PUBLIC_FIELDS, check_variant
from makao.view import View

POLISH = variants.polish()


# ------------------------------------------------------------------ one state definition


def test_state_slots_clone_and_equality_come_from_one_declaration() -> None:
    names = tuple(field.name for field in FIELDS)
    slots = getattr(State, "__slots__", None)  # a compiled (mypyc native) State has none
    assert slots is None or slots == names
    game = Game.new(POLISH, 3, seed=4)
    assert not hasattr(game, "__dict__")
    with pytest.raises(AttributeError):
        game.undeclared = 1  # type: ignore[attr-defined]
    for name in names:
        getattr(game, name)  # every declared field is there
    game.play(game.legal_moves()[0])  # a record to freeze
    game.next_seat = 1  # a "reset" field: not carried over
    assert game.legal_moves()  # the listing cached in `_legal`, which a clone shares
    again = game.clone()
    for field in FIELDS:
        original, copied = getattr(game, field.name), getattr(again, field.name)
        if field.copy == "shared":
            assert copied is original, field.name
        elif field.copy == "list":
            assert copied == original and copied is not original, field.name
        elif field.copy == "frozen":
            assert copied is original and type(copied) is tuple, field.name
        else:
            assert copied is None, field.name
    game.next_seat = None
    copy = game.clone()
    assert copy == game and copy is not game
    assert copy.position_key() == game.position_key()
    copy.play(copy.legal_moves()[0])
    assert copy != game


def _drawing_game(moves: int) -> Game:
    """A 2-player Polish game ``moves`` moves in, both seats drawing whenever they may."""
    game = Game.new(POLISH, 2, seed=3)
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(next((move for move in legal if str(move) == "draw"), legal[0]))
    assert not game.is_over
    return game


def test_a_clone_of_a_long_game_shares_its_record_at_the_next_move() -> None:
    """After a clone both games go on from the frozen record without copying it (a move
    after a clone costs the same at move 10 and at move 10,000)."""
    game = _drawing_game(SHORT_RECORD * 4)
    before = game.record
    again = game.clone()
    head = game._log[0]
    assert type(head) is Earlier and again._log[0] is head and again._log is not game._log
    for twin in (game, again):
        move = twin.legal_moves()[0]
        twin.play(move)
        assert twin._log[0] is head and len(twin._log) == 2
        assert twin.record == (*before, move)


def test_a_record_through_many_clones_reads_back_flat_pickles_and_replays() -> None:
    """A game cloned at every move (a search's pattern) keeps the same record as one
    never cloned, in order, whatever the chain of shared parts."""
    plain_game = _drawing_game(0)
    game = _drawing_game(0)
    for number in range(SHORT_RECORD * 40):
        game = game.clone() if number % 3 else game
        if number % (SHORT_RECORD + 5) == 0:
            game.clone()  # freezes the record: the next move starts a chain link
        legal = game.legal_moves()
        move = next((m for m in legal if str(m) == "draw"), legal[0])
        plain_game.play(move)
        game.play(move)
    assert type(game._log[0]) is Earlier
    assert game.record == plain_game.record and len(game.record) == SHORT_RECORD * 40
    assert all(isinstance(move, Move) for move in game.record)
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.record == game.record and type(loaded._log[0]) is not Earlier
    assert Game.from_json(game.to_json()).record == game.record
    assert Game.replay(POLISH, game.origin, game.record) == game


def _declared_fields(path: Path, name: str) -> set[str]:
    """The names a class of ``path`` declares with a bare annotation (its fields)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    (cls,) = (node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name)
    return {
        node.target.id
        for node in cls.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }


def test_rule_set_compile_sets_every_declared_table() -> None:
    # a plain class (a mypyc native one in the compiled build, which keeps no annotations:
    # the fields are read from its source, beside the compiled module); compile assigns each
    names = _declared_fields(Path(tables_module.__file__).with_name("tables.py"), "RuleSet")
    slots = getattr(RuleSet, "__slots__", None)  # a compiled (native) RuleSet has none
    assert slots is None or set(slots) == names
    for variant in (POLISH, variants.russian(), variants.mao()):
        tables = variant.compiled
        for name in names:
            getattr(tables, name)  # AttributeError if compile forgot one
        assert not hasattr(tables, "__dict__")
    assert len(names) == 60


@attrs.frozen
class _PlayHandler(TurnRule):
    """A rule that claims to carry out plays (refused: `handles` is for out-of-turn actions)."""

    handles = (Play,)


@attrs.frozen
class _PassHandler(TurnRule):
    """A rule that claims to carry out passes."""

    handles = (Pass,)


@pytest.mark.parametrize("rule", [_PlayHandler(), _PassHandler()])
def test_a_rule_cannot_carry_out_a_turn_move(rule: TurnRule) -> None:
    # `Core.play` makes plays and draws itself, without looking for a handler
    kind = rule.handles[0].__name__
    with pytest.raises(SetupError, match=rf"{type(rule).__name__} cannot handle {kind}"):
        variants.polish().with_rules(rule)


def test_the_snapshot_lists_every_position_field_but_the_variant() -> None:
    game = Game.new(POLISH, 3, seed=2)
    position = {field.name for field in FIELDS if field.position}
    assert set(game.snapshot()) == position - {"variant"}
    stuck = game.clone()
    stuck.stuck += 1  # one more seat unable to move in a row (PL-36)
    assert stuck.snapshot() != game.snapshot() and stuck != game


def test_pl_32_an_empty_sequence_is_an_empty_list_in_the_snapshot() -> None:
    """`makao.state.plain`: cards as text, sequences as lists -- an empty one too (no seat
    has finished yet, PL-32), which is no card text."""
    game = Game.new(POLISH, 2, seed=1)
    assert game.snapshot()["finished"] == []
    assert plain(()) == [] and plain([]) == [] and plain((Card.parse("5h"),)) == "5h"


@attrs.frozen
class _Untold(Effect):
    """A house rule's effect with no text form (`Effect.to_text` not written)."""


def test_an_effect_without_a_text_form_is_its_class_name_in_the_snapshot() -> None:
    """`makao.state.plain` shows an effect whose `to_text` is not written by its class name."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="9h", stock="2c 3c")
    game.effect = _Untold()
    assert game.snapshot()["effect"] == "_Untold"
    assert plain(_Untold()) == "_Untold" and plain((_Untold(),)) == ["_Untold"]


def test_pl_35_equal_positions_compare_equal_whatever_the_reshuffles() -> None:
    """The fields outside the position (the record, how many reshuffles led there, the
    beginning, the caches) are not compared and not in the snapshot; the rest are."""
    outside = {field.name for field in FIELDS if not field.position}
    assert outside == {"compiled", "next_seat", "reshuffles", "_legal", "_log", "beginning"}
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="9d 8d 7d 9h", stock="")
    game.play("draw")  # PL-35: the stock was empty, the pile is turned over
    same = game.clone()
    same.reshuffles = 0
    assert game.reshuffles == 1 and same == game
    assert same.position_key() == game.position_key() and same.snapshot() == game.snapshot()
    assert "reshuffles" not in game.snapshot()


@attrs.frozen
class _SayHandler(TurnRule):
    """A house rule that carries out every ``say`` itself, in place of PL-29's rule."""

    handles = (Say,)

    def apply(self, game: Table, move: Move, events: Events) -> None:
        events.append(Passed(-1))  # a mark that this rule, not PL-29's, carried it out


def test_pl_29_a_rule_added_later_carries_out_the_moves_it_handles() -> None:
    """The handler of an out-of-turn move is the last rule that handles it (as for cards):
    a house rule added after PL-29's last-card call takes over ``say``."""
    handler = _SayHandler()
    variant = variants.polish().with_rules(handler)
    assert variant.compiled.handlers[Say] is handler
    assert POLISH.compiled.handlers[Say] is not handler
    game = Game.from_position(variant, hands=["5h 6h", "6d 7d"], pile="9h", stock="2c 3c")
    game.play("5h")  # one card left, "makao" not said: seat 0 may still say it
    said = next(move for move in game.legal_moves() if isinstance(move, Say))
    assert game.play(said) == (Passed(-1),)


@pytest.mark.parametrize("slot", [DrawRule, PlayRule, FinishRule, StartRule])
def test_a_variant_has_at_most_one_rule_of_each_slot(slot: type[Rule]) -> None:
    """The draw (PL-8), play (PL-6, PL-7), finish (PL-32) and start (PL-1) rules are one
    each: a second one is refused, not silently ignored."""
    with pytest.raises(SetupError, match=rf"a variant may have one {slot.__name__}, not 2"):
        variants.polish().with_rules(slot())


def test_pl_31_the_same_cards_under_other_rules_are_another_position() -> None:
    """The variant is part of the position: the same cards under another po-makale penalty
    (PL-31) are not the same position, though every other field is equal."""
    other = variants.polish(po_makale_penalty=2)
    hands = ["5h 9c", "6h 9d"]
    game = Game.from_position(POLISH, hands=hands, pile="7h", stock="2c 3c")
    elsewhere = Game.from_position(other, hands=hands, pile="7h", stock="2c 3c")
    assert game.snapshot() == elsewhere.snapshot()
    assert game != elsewhere and game.position_key() != elsewhere.position_key()


def test_equal_positions_compare_equal_whatever_the_record() -> None:
    game = Game.from_position(POLISH, hands=["5h 9c", "6h 9d"], pile="7h", stock="2c 3c")
    same = Game.from_position(POLISH, hands=["5h 9c", "6h 9d"], pile="7h", stock="2c 3c")
    assert game == same and hash(game.position_key()) == hash(same.position_key())
    with pytest.raises(TypeError):
        hash(game)  # mutable: position_key() is the key


#: A changed value for each position field but the variant (the game of
#: `test_positions_differing_in_any_one_field_are_unequal`: two seats, seat 0 to move).
_CHANGED: dict[str, Any] = {
    "players": 3,
    "hands": [(Card.parse("5h"),), (Card.parse("5c"), Card.parse("6c"))],
    "stock": [Card.parse("3c")],
    "pile": [Card.parse("9h")],
    "to_move": 1,
    "direction": -1,
    "effect": _Untold(),
    "waits": (1, 0),
    "done": (False, True),
    "finished": (1,),
    "drawn": Card.parse("2c"),
    "must_play_drawn": True,
    "over": True,
    "blocked": True,
    "stuck": 1,
    "rng": 12345,
}


def test_positions_differing_in_any_one_field_are_unequal() -> None:
    """Every position field of `FIELDS` is compared (PL-35: the rest are not): a clone
    with any one of them changed is another position, with another key and snapshot,
    and the original keeps its value."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="8h 9h", stock="2c 3c")
    counted = POLISH.with_rules(PlayCounter(), name="polish-counted")
    with_state = Game.from_position(counted, hands=["5h 6h", "5c"], pile="9h", stock="2c")
    changes = [(game, name, value) for name, value in _CHANGED.items()]
    changes.append((with_state, "rule_states", (*with_state.rule_states[:-1], 1)))
    compared = {name for _, name, _ in changes} | {"variant"}
    assert compared == {field.name for field in FIELDS if field.position}
    for original, name, value in changes:
        before = getattr(original, name)
        other = original.clone()
        assert other == original
        setattr(other, name, value)
        assert getattr(original, name) == before, name
        assert other != original and original != other, name
        assert other.position_key() != original.position_key(), name
        assert other.snapshot() != original.snapshot(), name


def test_a_game_cannot_be_built_empty() -> None:
    with pytest.raises(TypeError, match=r"Game\.new"):
        Game()


def test_every_state_field_is_either_hidden_or_public_for_the_view_check() -> None:
    names = {field.name for field in FIELDS}
    assert names >= HIDDEN_FIELDS | MOVER_FIELDS
    assert HIDDEN_FIELDS.isdisjoint(PUBLIC_FIELDS) and MOVER_FIELDS.isdisjoint(PUBLIC_FIELDS)
    # the seed and the deal's announcements live in the game's Beginning
    assert {"hands", "stock", "rng", "beginning"} <= HIDDEN_FIELDS
    beginning = Game.new(POLISH, 2, seed=3).beginning
    assert (beginning.seed, beginning.opening) == (3, ())
    assert {"pile", "effect", "rule_states", "waits", "to_move"} <= PUBLIC_FIELDS


def test_pickle_and_snapshot_keep_every_position_field() -> None:
    game = Game.new(POLISH, 4, seed=11)
    for _ in range(30):
        game.play(game.legal_moves()[-1])
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.record == game.record
    assert json.loads(json.dumps(game.snapshot())) == game.snapshot()


# ------------------------------------------------------------------ one random generator


def test_pl_35_a_reshuffle_advances_the_games_own_generator_and_clones_share_it() -> None:
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="9d 8d 7d 9h", stock="")
    before = game.rng
    copy = game.clone()
    game.play("draw")
    assert game.reshuffles == 1 and game.rng != before
    copy.play("draw")
    assert copy.stock == game.stock and copy.rng == game.rng  # same state, same shuffle


def test_pl_35_a_clone_keeps_the_number_of_reshuffles() -> None:
    """The reshuffles so far (PL-35) are shared by a clone, not reset."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="9d 8d 7d 9h", stock="")
    game.play("draw")  # PL-35: the stock was empty, the pile is turned over
    assert game.reshuffles == 1
    assert game.clone().reshuffles == 1
    assert pickle.loads(pickle.dumps(game)).reshuffles == 1


# ------------------------------------------------------------------ rule state, typed


@attrs.frozen
class PlayCounter(Stateful[int], TurnRule):
    """User code: counts the plays of a game in typed rule state, shown to every seat."""

    def initial_state(self) -> int:
        return 0

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        self.set_state(game, self.state(game) + 1)

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        return (("plays", self.state(table)),)


def test_a_rules_own_state_is_typed_cloned_and_shown_as_it_declares() -> None:
    counted = POLISH.with_rules(PlayCounter(), name="polish-counted")
    game = Game.from_position(counted, hands=["5h 6h 7h", "5c 6c"], pile="9h", stock="2d 3d")
    copy = game.clone()
    game.play("5h")
    assert dict(game.view(1).public)["plays"] == 1
    assert dict(copy.view(1).public)["plays"] == 0  # the clone kept its own value
    assert game != copy
    check_variant(counted, players=(2, 3), games=2)


def test_a_position_restores_the_public_rule_state_of_a_view() -> None:
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c 7c"], pile="9h", stock="2d")
    game.play("5h")  # one card left, "makao" not said: seat 0 owes it
    view = game.view(1)
    assert dict(view.public) == {"makao": 0}
    rebuilt = Game.from_position(
        POLISH,
        hands=[list(game.hand(0)), list(game.hand(1))],
        pile=view.pile,
        to_move=view.to_move,
        public=view.public,
    )
    assert rebuilt.view(1).public == view.public
    assert "1: stop 0" in rebuilt.legal_moves_text()


# ------------------------------------------------------------------ hidden information


def test_pl_8_only_the_seat_to_move_sees_the_card_it_just_drew() -> None:
    """PL-8: the card just drawn (and still playable) is in the drawer's view only."""
    game = Game.from_position(POLISH, hands=["9h 5d", "5s"], pile="7h", stock="Kd", drawn="9h")
    assert game.view(0).drawn == Card.parse("9h")
    assert game.view(1).drawn is None


def test_pl_4_a_views_top_is_the_last_card_of_the_face_up_pile() -> None:
    """PL-4: every seat sees the whole pile, bottom to top; `View.top` is its last card."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 9d"], pile="2c 8h 9h", stock="Kd")
    for seat in range(2):
        view = game.view(seat)
        assert view.pile == tuple(map(Card.parse, ("2c", "8h", "9h")))
        assert view.top == Card.parse("9h") == game.top
        assert "top 9h" in repr(view)


def test_um_2_the_mao_opening_is_not_shown_in_other_seats_views() -> None:
    """Issue: with start_card_effect, views showed the unredacted opening events."""
    mao = variants.mao(start_card_effect=True)
    leaks = 0
    for seed in range(120):
        game = Game.new(mao, 3, seed=seed)
        for seat in range(3):
            public = repr(game.view(seat).public)
            others = [c for s in range(3) if s != seat for c in game.hand(s)]
            drawn = [e for e in game.opening if isinstance(e, CardsDrawn) and e.seat != seat]
            leaks += any(str(card) in public for e in drawn for card in e.cards if card in others)
            assert "CardsDrawn" not in public
    assert leaks == 0


def test_um_2_no_view_reaches_a_card_drawn_in_the_deal_through_its_variant() -> None:
    """UM-2: the views' public state was kept in a cache on the variant, keyed by the
    deal's announcements with their drawn cards: a bot could read another seat's card
    through ``view.variant.compiled.public_cache``. Such a deal's public state is not kept."""
    mao = variants.mao(start_card_effect=True)
    shown = 0
    for seed in range(40):
        game = Game.new(mao, 3, seed=seed)
        shown += any(isinstance(e, CardsDrawn) and e.cards for e in game.opening)
        for seat in range(3):
            view = game.view(seat)
            assert view.public == game.public_state()
            for _, opening in view.variant.compiled.public_cache:
                events = cast("tuple[Event, ...]", opening)
                assert not any(isinstance(e, CardsDrawn) and e.cards for e in events)
    assert shown  # some deals drew a card


@attrs.frozen
class OpeningSpy(Stateful[None], TurnRule):
    """A broken rule: its public state shows the deal's announcements unredacted."""

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        return (("opening", tuple(table.opening)),)


def test_the_view_check_covers_the_opening_and_catches_the_old_mao_leak() -> None:
    leaky = variants.mao(start_card_effect=True).with_rules(OpeningSpy(), name="mao-spy")
    # caught before any play, by the view of a seat that is not to move (UM-2)
    with pytest.raises(AssertionError, match=r"move 1: seat \d's view depends on cards hidden"):
        check_variant(leaky, players=(3,), games=8, seed=3)


@pytest.mark.skipif(makao.compiled, reason="a compiled Game's methods cannot be replaced")
def test_pl_8_the_view_check_catches_a_drawn_card_shown_to_another_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PL-8: the card just drawn is hidden from all but the mover (`MOVER_FIELDS`): the
    view check changes it for the other seats, so a view that shows it to them fails."""
    assert "drawn" in MOVER_FIELDS and MOVER_FIELDS.isdisjoint(PUBLIC_FIELDS | HIDDEN_FIELDS)
    honest = Game.view

    def leaky(game: Game, seat: int) -> View:
        return honest(game, seat)._replace(drawn=game.drawn)

    check_variant(POLISH, players=(2, 3), games=8, seed=3)
    monkeypatch.setattr(Game, "view", leaky)
    with pytest.raises(AssertionError, match=r"seat \d's view depends on cards hidden"):
        check_variant(POLISH, players=(2, 3), games=8, seed=3)


# ------------------------------------------------------------------ bounded work


def test_pl_18_huge_waits_are_refused_at_once() -> None:
    start = time.process_time()
    with pytest.raises(SetupError, match="waits"):
        Game.from_position(POLISH, hands=["5h 6h", "5c"], pile="7h", waits=[10**18] * 2)
    game = Game.from_position(POLISH, hands=["5h 6h", "5c"], pile="7h", waits=[MAX_WAIT] * 2)
    game.play("5h")
    assert time.process_time() - start < 5  # generous: the point is that it returns


def test_a_saved_game_with_huge_waits_is_refused_not_replayed() -> None:
    game = Game.from_position(POLISH, hands=["5h 6h", "5c"], pile="7h", waits=[1, 1])
    data = json.loads(game.to_json())
    data["origin"]["waits"] = [10**18, 10**18]
    with pytest.raises(StateError, match="waits"):
        Game.from_json(json.dumps(data))


# ------------------------------------------------------------------ saves


def _penalize_mao() -> Game:
    mao = variants.mao(illegal_play="penalize")
    return Game.from_position(mao, hands=["Jc 5d 9s", "6h 7h", "8s 9d"], pile="4h", stock="2c 3c")


def test_um_27_a_jack_without_its_suit_is_a_misplay_that_round_trips() -> None:
    game = _penalize_mao()
    game.play("Jc")
    assert str(game.record[-1]) == "misplay Jc"
    again = Game.from_json(game.to_json())
    assert again == game and again.record == game.record


def test_um_27_a_misplay_of_no_cards_is_malformed() -> None:
    game = _penalize_mao()
    before = game.clone()
    with pytest.raises(InvalidMoveError, match="at least one card"):
        game.play("misplay ,")
    assert game == before


def test_a_save_loaded_with_other_options_of_the_same_variant_is_refused() -> None:
    game = Game.new(POLISH, 2, seed=3)
    game.play(game.legal_moves()[0])
    saved = game.to_json()
    assert Game.from_json(saved, variant=variants.polish()) == game
    with pytest.raises(StateError, match="options"):
        Game.from_json(saved, variant=variants.polish(decks=2))


def _older_save(game: Game, version: int) -> str:
    """``game`` saved as an older format version would have saved it."""
    from makao.serialize import _summary_v1

    data: dict[str, Any] = json.loads(game.to_json())
    data["version"] = version
    if version == 1:
        data["summary"] = _summary_v1(game)
    return json.dumps(data)


@pytest.mark.parametrize("version", [1, 2])
def test_older_saves_load_when_the_game_never_reshuffled(version: int) -> None:
    game = Game.new(POLISH, 2, seed=8)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    assert game.reshuffles == 0
    assert Game.from_json(_older_save(game, version)) == game


@pytest.mark.parametrize(("version", "key", "value"), [(1, "over", True), (2, "rng", 1)])
def test_an_older_saves_summary_is_checked_in_full(version: int, key: str, value: object) -> None:
    """A version 1 save's summary is checked down to ``over``; a version 2 save's, like a
    version 3 one, down to the generator state (``rng``), which version 1 did not keep."""
    game = Game.new(POLISH, 2, seed=8)
    game.play(game.legal_moves()[0])
    data = json.loads(_older_save(game, version))
    assert data["summary"][key] != value
    data["summary"][key] = value
    with pytest.raises(StateError, match=f"does not match the saved summary: {key} is"):
        Game.from_json(json.dumps(data))


def test_pl_12_a_version_1_save_wrote_an_effect_as_its_text() -> None:
    """A version 1 summary names the effect by its text form (``attack 2 by 1``), as the
    saves of that version hold it; such a save loads."""
    game = Game.from_position(
        POLISH, hands=["5c 2h 9s", "6c 7c"], pile="2c 2s", to_move=0, effect="attack 2 by 1"
    )
    data = json.loads(_older_save(game, 1))
    assert data["summary"]["effect"] == "attack 2 by 1"
    assert Game.from_json(json.dumps(data)) == game


@pytest.mark.parametrize("version", [1, 2])
def test_older_saves_that_reshuffled_are_refused_naming_the_version(version: int) -> None:
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="9d 8d 7d 9h", stock="")
    game.play("draw")
    assert game.reshuffles == 1
    with pytest.raises(StateError, match=f"version {version}"):
        Game.from_json(_older_save(game, version))


def test_an_older_save_whose_replay_fails_is_refused_naming_the_version() -> None:
    # after a reshuffle another generator dealt other cards: a saved move may be illegal now
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="9d 8d 7d 9h", stock="")
    game.play("draw")
    data = json.loads(_older_save(game, 2))
    data["moves"].append("Kd")
    with pytest.raises(StateError, match=r"version 2 .*\(replaying it: .*Kd"):
        Game.from_json(json.dumps(data))
    data["version"] = 3  # the current version: the plain reason, nothing about versions
    with pytest.raises(StateError, match="Kd") as refused:
        Game.from_json(json.dumps(data))
    assert "version" not in str(refused.value)


def test_um_22_the_oldest_player_must_be_a_seat_of_the_table() -> None:
    mao = variants.mao(oldest_player=4)
    with pytest.raises(SetupError, match="oldest_player 4"):
        Game.new(mao, 3, seed=1)
    with pytest.raises(SetupError, match="oldest_player 4"):
        Game.from_position(mao, hands=["5h", "6h", "7h"], pile="9h")
    assert Game.new(mao, 5, seed=1).players == 5


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("ultimate_mao", "mao"),
        ("Ultimate-Mao", "mao"),
        ("ultimate mao", "mao"),
        ("russian_makao", "russian"),
        ("crazy_eights", "crazy-eights"),
        ("MAU_MAU", "mau-mau"),
    ],
)
def test_one_alias_rule_for_every_variant(alias: str, name: str) -> None:
    assert variants.get(alias).name == name


def test_a_reseeded_beginning_keeps_everything_but_the_seed() -> None:
    game = Game.new(variants.polish(), 3, seed=5)
    again = game.beginning.reseeded(99)
    assert again == Beginning(99, game.beginning.how, game.beginning.opening, 0)
    assert again.seed == 99 and game.beginning.seed == 5


def test_um_2_a_reseeded_beginning_keeps_the_deals_announcements() -> None:
    """A sampled deal (another seed) keeps the events announced at the deal (UM-2)."""
    beginning = Game.new(variants.mao(), 3, seed=5).beginning
    assert beginning.opening  # Mao announces the deal and the start (UM-2)
    again = beginning.reseeded(99)
    assert again.opening == beginning.opening
    assert again == Beginning(99, beginning.how, beginning.opening, beginning.repeats)


def test_a_beginning_whose_repeats_are_not_worked_out_is_not_distinct() -> None:
    """`Beginning.distinct` is ``repeats == 0``: -1 (not worked out) may hold copies."""
    assert Beginning(1, 0, (), 0).distinct
    assert not Beginning(1, 0, (), 1).distinct
    assert not Beginning(1, {"kind": "position"}).distinct  # repeats -1
    old = Beginning.__new__(Beginning)
    old.__setstate__({"seed": 5, "how": 2, "opening": ()})  # pickled before `repeats`
    assert not old.distinct


#: ``Beginning(5, 2, (), 0)`` pickled when it was an attrs class (commit ee2bdd2).
_ATTRS_PICKLE = (
    b"\x80\x04\x95M\x00\x00\x00\x00\x00\x00\x00\x8c\x0bmakao.state\x94\x8c\tBeginning"
    b"\x94\x93\x94)\x81\x94}\x94(\x8c\x04seed\x94K\x05\x8c\x03how\x94K\x02\x8c\x07opening"
    b"\x94)\x8c\x07repeats\x94K\x00ub."
)


def test_a_beginning_is_an_immutable_value_of_its_four_fields() -> None:
    """A plain class (native when compiled) that keeps what attrs gave it: frozen,
    compared, hashed, shown and pickled by its fields; a pickle of the attrs class (a
    dict of the fields) loads."""
    beginning = Beginning(5, 2, (), 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        beginning.seed = 6
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del beginning.repeats
    assert beginning == Beginning(5, 2, (), 0) and beginning == beginning.reseeded(5)
    assert beginning != Beginning(5, 2, (), 1) and beginning != (5, 2, (), 0)
    assert hash(beginning) == hash(Beginning(5, 2, (), 0))
    assert repr(beginning) == "Beginning(seed=5, how=2, opening=(), repeats=0)"
    assert Beginning(1, {"kind": "position"}).repeats == -1
    with pytest.raises(TypeError):
        hash(Beginning(1, {"kind": "position"}))  # a position's description, as attrs'
    for copied in (pickle.loads(pickle.dumps(beginning)), copy.deepcopy(beginning)):
        assert copied == beginning and copied is not beginning
    assert pickle.loads(_ATTRS_PICKLE) == beginning
    old = Beginning.__new__(Beginning)
    old.__setstate__({"seed": 5, "how": 2, "opening": ()})  # before `repeats` existed
    assert old == Beginning(5, 2, (), -1)
    announced = beginning.announced((Passed(0),))
    assert announced.opening == (Passed(0),) and beginning.opening == ()


def test_a_beginning_that_does_not_rebuild_keeps_it_through_its_copies() -> None:
    """``rebuilds`` (false for a position its origin does not give back) is one of the
    fields: compared, shown when false, pickled, and kept by `reseeded` and `announced`
    (a search's sampled deal of such a position does not rebuild either)."""
    beginning = Beginning(5, 2, (), 0, rebuilds=False)
    assert beginning != Beginning(5, 2, (), 0) and not beginning.rebuilds
    assert repr(beginning) == "Beginning(seed=5, how=2, opening=(), repeats=0, rebuilds=False)"
    assert not beginning.reseeded(6).rebuilds
    assert not beginning.announced((Passed(0),)).rebuilds
    for copied in (pickle.loads(pickle.dumps(beginning)), copy.deepcopy(beginning)):
        assert copied == beginning and not copied.rebuilds


def test_a_sampled_beginning_keeps_it_through_its_copies() -> None:
    """``sampled`` (a game a search dealt anew from a view) is one of the fields: set by
    `resampled`, compared, hashed, shown when true, pickled, and kept by `reseeded` and
    `announced` (a sample's own copies are samples too)."""
    beginning = Beginning(5, 2, (), 0).resampled(7)
    assert beginning.sampled and beginning.seed == 7
    assert beginning != Beginning(7, 2, (), 0) and hash(beginning) != hash(Beginning(7, 2, (), 0))
    assert repr(beginning) == "Beginning(seed=7, how=2, opening=(), repeats=0, sampled=True)"
    assert beginning.reseeded(8).sampled and beginning.announced((Passed(0),)).sampled
    assert not Beginning(5, 2, (), 0).reseeded(8).sampled
    for copied in (pickle.loads(pickle.dumps(beginning)), copy.deepcopy(beginning)):
        assert copied == beginning and copied.sampled


def test_rule_states_equal_to_the_initial_ones_are_the_rule_sets_own_tuple() -> None:
    """`Core.play` and `legal_moves` tell "every rule state initial" by identity: whatever
    sets the rule states -- a rule through `set_rule_state` (PL-29: a "makao" owed, then
    said or charged), a pickle, a position's public state -- keeps the rule set's own
    tuple when the states equal it."""
    initial = POLISH.compiled.initial_state
    changed = 0
    for seed in range(6):
        game = Game.new(POLISH, 2, seed=seed)
        choose = random.Random(seed).choice
        while not game.is_over:
            game.play(choose(game.legal_moves()))
            if game.rule_states == initial:
                assert game.rule_states is initial
            else:
                changed += 1
            restored = pickle.loads(pickle.dumps(game))  # its rule set from the cache: after
            # an eviction (tests/core/test_core_threads.py) an equal one, not POLISH's own
            own = restored.compiled.initial_state
            assert (restored.rule_states is own) is (game.rule_states is initial)
    assert changed  # the rule states did leave the initial ones
    owed = Game.from_position(POLISH, hands=["5h 6h", "5c 6c 7c"], pile="9h", stock="2d")
    owed.play("5h")  # one card left, "makao" not said: seat 0 owes it
    settled = Game.from_position(
        POLISH, hands=["5h", "5c 6c 7c"], pile="9h", public=[("makao", None)]
    )
    assert owed.rule_states != initial and settled.rule_states is initial


def test_quiet_rule_states_are_the_initial_ones_unless_a_rule_is_busy_in_them() -> None:
    """`RuleSet.quiet_before_move` and `quiet_extra_moves`, the rule states in which the
    engine does not ask the before-move and out-of-turn rules: Polish's call rules are idle
    in the initial states (PL-29), so those are quiet; Mao's rules act in them (UM-21), so
    no state is quiet -- not even the initial one, and no game holds the quiet tuple."""
    polish = POLISH.compiled
    assert polish.quiet_before_move is polish.initial_state
    assert polish.quiet_extra_moves is polish.initial_state
    mao = variants.mao().compiled
    assert mao.busy_before_move_rules and mao.busy_extra_move_rules
    quiet_states = (mao.quiet_before_move, mao.quiet_extra_moves)
    for quiet in quiet_states:
        assert quiet is not mao.initial_state and quiet != mao.initial_state
    game = Game.new(variants.mao(), 3, seed=1)
    choose = random.Random(1).choice
    for _ in range(60):
        if game.is_over:
            break
        for quiet in quiet_states:
            assert game.rule_states is not quiet
        game.play(choose(game.legal_moves()))


@attrs.frozen
class _MarksEveryMove(TurnRule):
    """A house rule with no state of its own that acts before every turn move."""

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        events.append(Passed(-1))  # a mark that the rule was asked


@attrs.frozen
class _MarksEveryMoveSaysIdle(_MarksEveryMove):
    """`_MarksEveryMove` setting `TurnRule.idle_in_initial_state`, which only a
    `Stateful` rule may use: it has no state to be initial."""

    idle_in_initial_state = True


@pytest.mark.parametrize("rule", [_MarksEveryMove(), _MarksEveryMoveSaysIdle()])
def test_pl_29_a_stateless_before_move_rule_is_asked_in_the_initial_rule_states(
    rule: TurnRule,
) -> None:
    """`RuleSet.quiet_before_move`: Polish's call rules are idle in the initial rule states
    (PL-29), but a rule without state added beside them is busy there, so no state is quiet
    for the before-move rules -- while the out-of-turn rules stay quiet in it."""
    variant = POLISH.with_rules(rule, name="polish-marked")
    rules = variant.compiled
    assert rules.busy_before_move_rules == (rule,)
    assert rules.quiet_before_move is not rules.initial_state
    assert rules.quiet_extra_moves is rules.initial_state
    game = Game.from_position(variant, hands=["5h 6h 7h", "5c 6c"], pile="9h", stock="2d 3d")
    assert game.rule_states is rules.initial_state
    assert game.play("5h")[0] == Passed(-1)


def test_um_2_a_deal_with_announcements_keeps_its_deck_count() -> None:
    """`Beginning.announced` keeps the deck count (`repeats`): a Mao deal announces events
    (UM-2) and still knows it is dealt from two decks (a card at most twice), not "any"."""
    game = Game.new(variants.mao(), 3, seed=5)
    assert game.opening and game.beginning.repeats == 1 and not game.distinct
    beginning = Beginning(5, 2, (), 1)
    assert beginning.announced((Passed(0),)) == Beginning(5, 2, (Passed(0),), 1)


def test_a_beginning_leaves_other_comparisons_to_the_other_value() -> None:
    """`Beginning.__eq__` answers ``NotImplemented`` for another type (as attrs does), so the
    other value decides, and refuses a pickled state that is not a dict of its fields."""
    beginning = Beginning(5, 2, (), 0)
    assert beginning.__eq__((5, 2, (), 0)) is NotImplemented
    assert beginning == mock.ANY
    old = Beginning.__new__(Beginning)
    with pytest.raises(TypeError, match="not a pickled Beginning"):
        old.__setstate__(types.MappingProxyType({"seed": 5, "how": 2, "opening": ()}))


def test_a_game_leaves_other_comparisons_to_the_other_value() -> None:
    """`State.__eq__` answers ``NotImplemented`` for what is not a game, so the other value
    decides."""
    game = Game.new(POLISH, 2, seed=1)
    assert game.__eq__(game.position_key()) is NotImplemented
    assert game == mock.ANY and game != game.position_key()


def test_pl_21_pl_26_suits_and_ranks_are_their_text_in_the_snapshot() -> None:
    """`makao.state.plain` writes a suit or rank (int enums) as its text, not its number,
    as the effects name them (a jack's rank, PL-21; an ace's suit, PL-26)."""
    assert plain(Suit.HEARTS) == str(Suit.HEARTS) and plain(Rank.ACE) == str(Rank.ACE)
    assert plain((Suit.SPADES, 3, True)) == [str(Suit.SPADES), 3, True]


def test_pl_29_a_value_of_fields_is_a_dict_of_them_in_the_snapshot() -> None:
    """`makao.state.plain` writes an attrs value without a text form (a rule's state, a
    move such as PL-29's "makao" call) as a dict of its fields, each made plain."""
    assert plain(Say(1, "makao")) == {"seat": 1, "call": "makao"}
    assert plain((Say(0, "makao"),)) == [{"seat": 0, "call": "makao"}]


def test_pl_12_a_version_1_summary_names_an_effect_without_text_by_its_class() -> None:
    """A version 1 summary names an effect with no text form (a house rule's) by its class
    name, as `State.snapshot` does, not as no effect."""
    from makao.serialize import _summary_v1

    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c"], pile="9h", stock="2c 3c")
    game.effect = _Untold()
    assert _summary_v1(game)["effect"] == "_Untold"


def test_pl_32_a_games_repr_tells_the_seat_to_move_or_that_it_is_over() -> None:
    """PL-32: a game's ``repr`` names the variant, the table, the top card and the seat to
    move -- or, once the game has ended, that it is over."""
    game = Game.from_position(POLISH, hands=["5h", "6c 7c"], pile="9h", stock="2d 3d")
    assert repr(game) == "<Game polish 2 players, top 9h, to move: 0>"
    game.play("5h")
    assert repr(game) == "<Game polish 2 players, top 5h, over>"


def test_pl_29_the_cache_of_the_public_rule_state_stays_bounded() -> None:
    """PL-29: who owes a "makao" (a view's ``public``) is cached per rule set for at most
    `_PUBLIC_CACHE_SIZE` rule states: a full cache is emptied before it grows (many Mao
    openings would otherwise keep one entry each). No public API shows the cache."""
    from makao.engine import _PUBLIC_CACHE_SIZE

    game = Game.from_position(POLISH, hands=["5h 6h", "9c"], pile="7h", public=[("makao", 1)])
    cache = game.compiled.public_cache
    cache.clear()
    for number in range(_PUBLIC_CACHE_SIZE):
        cache[(number, ())] = ()
    assert game.public_state() == (("makao", 1),) == game.view(0).public
    assert len(cache) <= _PUBLIC_CACHE_SIZE
    cache.clear()


def test_moves_played_and_the_last_move_are_read_without_the_record() -> None:
    """`Game.moves_played` and `Game.last_move` are ``len(record)`` and ``record[-1]``,
    before any move, on a short record and on a long one just cloned (its list holds the
    frozen record alone) or played on."""
    game = Game.new(POLISH, 2, seed=3)
    assert (game.moves_played, game.last_move) == (0, None)
    for number in (1, SHORT_RECORD * 2):
        long = _drawing_game(number)
        for twin in (long, long.clone(), long):
            assert twin.moves_played == len(twin.record) == number
            assert twin.last_move is twin.record[-1]
        long.play(long.legal_moves()[0])
        assert long.moves_played == number + 1 and long.last_move is long.record[-1]


def test_moves_played_counts_a_record_frozen_by_clones_twice() -> None:
    """`Game.moves_played` is ``len(record)`` when the record was frozen by a clone twice
    (a shared part that itself goes on from an earlier one)."""
    game = _drawing_game(SHORT_RECORD + 1)
    game.clone()  # frozen: the record now goes on from an `Earlier`
    for _ in range(SHORT_RECORD + 1):
        legal = game.legal_moves()
        game.play(next((move for move in legal if str(move) == "draw"), legal[0]))
    game.clone()  # frozen again: an `Earlier` of an `Earlier`
    assert game.moves_played == len(game.record) == 2 * (SHORT_RECORD + 1)
    assert game.clone().moves_played == game.moves_played


def test_an_earlier_record_pickles_as_the_moves_it_holds() -> None:
    """`Earlier` (exported by `makao.state`) pickles as its frozen record: loaded, it holds
    the same moves and counts them alike, its own `Earlier`'s too."""
    moves = _drawing_game(SHORT_RECORD).record
    inner = Earlier(moves)
    outer = Earlier((inner, *moves))
    for earlier in (inner, outer):
        loaded = pickle.loads(pickle.dumps(earlier))
        assert loaded.length == earlier.length
        assert record_moves([loaded]) == record_moves([earlier])
    assert outer.length == 2 * SHORT_RECORD
