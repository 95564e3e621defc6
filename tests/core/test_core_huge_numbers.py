"""Integers too long to write: Python refuses to turn one of more than 4,300 digits into
decimal text, so an error message that writes the bad value would itself fail with a bare
``ValueError``. Every refusal of such a number is still the library's typed error, its
message tells the number's length, and a seed of any length derives seeds (PL-1, PL-3)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from makao import Game, InvalidMoveError, MakaoError, Say, SeatError, SetupError, variants
from makao.actions import ActionSpace
from makao.banking import BankingGame
from makao.match import Match
from makao.seeding import derive_seed
from makao.sim import simulate
from makao.sim.spec import describe
from makao.variant import Variant

#: A number of 5,001 digits, and its negative: neither can be written as decimal text.
HUGE = 10**5000

REFUSED: dict[str, Callable[[], object]] = {
    "players": lambda: Game.new(variants.polish(), HUGE),
    "negative players": lambda: Game.new(variants.polish(), -HUGE),
    "dealer": lambda: Game.new(variants.polish(), 2, seed=1, dealer=HUGE),
    "hand size": lambda: Game.new(variants.mau_mau(hand_size=HUGE), 2),
    "negative hand size": lambda: variants.mau_mau(hand_size=-HUGE),
    "decks": lambda: variants.polish(decks=HUGE),
    "penalty": lambda: variants.switch(penalty=-HUGE),
    "oldest player": lambda: variants.mao(oldest_player=HUGE),
    "view seat": lambda: Game.new(variants.polish(), 2, seed=1).view(HUGE),
    "moves of a seat": lambda: Game.new(variants.polish(), 2, seed=1).legal_moves(-HUGE),
    "actor": lambda: Game.new(variants.polish(), 2, seed=1).actor(HUGE),  # type: ignore[arg-type]
    "match limit": lambda: Match.new(variants.russian(), 2, seed=1, match_limit=-HUGE),
    "action space": lambda: ActionSpace(variants.polish(), HUGE),
    "banking table": lambda: BankingGame(HUGE),
    "a call's seat": lambda: Say(HUGE, "makao"),
    "a variant's rules": lambda: Variant("huge", HUGE),  # type: ignore[arg-type]
    "seat to move": lambda: Game.from_position(
        variants.polish(), hands=["5h", "6h"], pile="7h", to_move=HUGE
    ),
}


@pytest.mark.parametrize("call", REFUSED.values(), ids=REFUSED.keys())
def test_pl_1_a_number_too_long_to_write_is_refused_with_its_length(
    call: Callable[[], object],
) -> None:
    with pytest.raises(MakaoError) as refused:
        call()
    assert isinstance(refused.value, (SetupError, SeatError, InvalidMoveError))
    assert "integer of about 5,001 digits" in str(refused.value)


def test_pl_18_a_list_holding_such_a_number_is_named_by_its_kind() -> None:
    """A list holding a number too long to write cannot be written either: the message
    names its kind (PL-18's waits, given per seat)."""
    with pytest.raises(SetupError, match=r"waits must give 2 integers .* a value of type list"):
        Game.from_position(variants.polish(), hands=["5h", "6h"], pile="7h", waits=[HUGE, 0])


@pytest.mark.parametrize(
    ("name", "option"),
    [
        ("polish", "po_makale_penalty"),
        ("polish", "dealer"),
        ("russian", "dealer"),
        ("mau-mau", "penalty"),
        ("mao", "missing_call_penalty"),
        ("crazy-eights", "max_draws"),
    ],
)
def test_pl_1_a_count_option_too_long_to_write_is_refused_when_the_variant_is_built(
    name: str, option: str
) -> None:
    """PL-1: a whole-number option Python cannot write (a penalty, a dealer's seat) is a
    `SetupError` naming it when the variant is built: taken, the variant's repr, the
    events that tell the penalty and every save failed with a bare ``ValueError``."""
    with pytest.raises(SetupError) as refused:
        variants.get(name, **{option: HUGE})
    assert f"{option} must be a whole number of at most 4,300 digits" in str(refused.value)
    assert "integer of about 5,001 digits" in str(refused.value)
    assert repr(variants.get(name, **{option: 10**4300 - 1 if option != "dealer" else -1}))


def test_pl_1_a_time_limit_too_long_for_a_float_is_still_a_number() -> None:
    """UM's move time limit is a number of seconds (a float): an integer too large for a
    float is one, and is taken, rather than failing inside the check with an
    ``OverflowError``; one Python cannot write as text (over 4,300 digits) is infinite, as
    a Russian match limit is (no move reaches it): kept as it was, the variant's repr,
    `describe` and `simulate` failed with a bare ``ValueError``."""
    variant = variants.mao(move_time_limit=10**400)
    assert dict(variant.options)["move_time_limit"] == 10**400
    assert "move_time_limit=1000" in describe(variant) and repr(variant)
    variant = variants.mao(move_time_limit=HUGE)
    assert dict(variant.options)["move_time_limit"] == math.inf
    assert "move_time_limit=inf" in describe(variant) and repr(variant)
    assert simulate(variant, ["random"] * 3, games=1).records
    game = Game.new(variant, 3, seed=1)
    assert Game.from_json(game.to_json()).variant == variant


def test_pl_3_a_seed_of_any_length_derives_seeds() -> None:
    """A match's deals and a simulation's games derive their seeds from its seed; one too
    long for decimal text is written in hexadecimal, so it still derives, and a seed that
    Python can write derives as it always did (from ``"makao:<seed>:<path>"``)."""
    assert derive_seed(HUGE, 1) == derive_seed(HUGE, 1) != derive_seed(HUGE, 2)
    assert derive_seed(HUGE, 1) == random.Random(f"makao:{hex(HUGE)}:1").getrandbits(63)
    longest = 10**4300 - 1  # 4,300 digits: still decimal
    assert derive_seed(longest, 0) == random.Random(f"makao:{longest}:0").getrandbits(63)
    assert derive_seed(12, "deal", 3) == random.Random("makao:12:deal:3").getrandbits(63)
    match = Match.new(variants.russian(), 2, seed=HUGE)
    assert match.legal_moves()
    result = simulate("polish", ["random", "random"], games=1, seed=-HUGE)
    assert len(result.records) == 1


def test_pl_1_a_count_option_of_4_301_digits_is_the_first_refused() -> None:
    """PL-1: 4,300 digits is the most a count option may have: ``10**4300`` (4,301 digits)
    is refused, ``10**4300 - 1`` taken."""
    with pytest.raises(SetupError, match="at most 4,300 digits"):
        variants.polish(po_makale_penalty=10**4300)
    assert variants.polish(po_makale_penalty=10**4300 - 1).options
