"""JSON save and load of a banking game, with every field checked on the way in."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from makao._text import shown
from makao.banking.options import BankingOptions
from makao.banking.table import Table
from makao.banking.view import BankingView
from makao.cards import ALL_CARDS, Card, format_cards, parse_cards
from makao.errors import MakaoError, StateError
from makao.seeding import check_savable
from makao.serialize import no_other_keys

if TYPE_CHECKING:
    from makao.banking.game import BankingGame

__all__ = ["state_from_json", "state_to_json"]

FORMAT = "makao.banking/1"
_ERRORS = (MakaoError, LookupError, TypeError, ValueError, AttributeError, ArithmeticError)
_LISTS = ("_draws", "_stakes", "_balances")
_INTS = ("_bank", "_banker", "_banks_opened", "_idle_banks", "_coup")
_PILES = ("_shoe", "_discards", "_seen")
_KEYS = frozenset(
    {"format", "options", "arrival", "names", "seed", "stack", "initial_balances", "rng"}
    | {"hands", "discarded", "phase", "to_act", "moves"}
    | {name[1:] for name in (*_PILES, *_LISTS, *_INTS)}
)
"""The keys a banking save holds: another is an edit, refused."""
_WORDS = 624
"""The words of the Mersenne Twister's state (`random.Random.getstate`)."""


def state_to_json(game: BankingGame) -> str:
    """Serialise ``game`` (rng state included, so play continues identically); a
    [`StateError`][makao.errors.StateError] if its seed is too long to write."""
    check_savable(game.seed)
    version, internal, gauss = game._rng.getstate()
    data: dict[str, Any] = {
        "format": FORMAT,
        "options": game.options.to_dict(),
        "arrival": list(game.arrival),
        "names": list(game.names),
        "seed": game.seed,
        "stack": format_cards(game.stack),
        "initial_balances": list(game.initial_balances),
        "rng": [version, list(internal), gauss],
        "hands": [format_cards(hand) for hand in game._hands],
        "discarded": [format_cards(cards) for cards in game._discarded],
        "phase": game._phase,
        "to_act": game._to_act,
        "moves": list(game._moves),
    }
    data |= {name[1:]: format_cards(getattr(game, name)) for name in _PILES}
    data |= {name[1:]: list(getattr(game, name)) for name in _LISTS}
    data |= {name[1:]: getattr(game, name) for name in _INTS}
    return json.dumps(data, separators=(",", ":"))


def state_from_json(game: BankingGame, text: str) -> None:
    """Fill the empty ``game`` from ``text``; raise [`StateError`][makao.errors.StateError] if it is
    corrupt."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise StateError(f"a saved banking game is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # deep nesting overflows the parser
        raise StateError(f"not a saved banking game: bad JSON ({error})") from None
    try:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StateError(f"not a saved banking game (format must be {shown(FORMAT, 200)})")
        _load(game, data)
        _check(game)
        _check_record(game, discarded="discarded" in data)
    except StateError:
        raise
    except (*_ERRORS, RecursionError) as error:
        raise StateError(f"corrupt saved banking game: {error}") from None


def _int(value: object, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise StateError(f"expected a whole number ≥ {low}, not {shown(value, 200)}")
    return value


def _ints(value: object, size: int, *, optional: bool = False) -> list[Any]:
    if not isinstance(value, list) or len(value) != size:
        raise StateError(f"expected a list of {size} numbers, not {shown(value, 200)}")
    return [None if optional and v is None else _int(v) for v in value]


def _cards(value: object) -> list[Card]:
    if not isinstance(value, str):
        raise StateError(f"expected cards as text, not {shown(value, 200)}")
    return list(parse_cards(value))


def _names(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(n, str) and n for n in value):
        raise StateError(f"expected a list of names, not {shown(value, 200)}")
    return tuple(value)


def _generator(saved: object) -> random.Random:
    """The random generator of a save: the state `random.Random.getstate` gives (its
    version, 624 words of 32 bits and the index, the spare normal deviate). Anything else
    is a `StateError`: `setstate` itself takes an older version and cuts a word too big to
    32 bits, so an edited state would load as another generator."""
    if not isinstance(saved, list) or len(saved) != 3:
        raise StateError(f"bad random-generator state: {shown(saved, 60)}")
    version, internal, gauss = saved
    if type(version) is not int or version != random.Random.VERSION:
        raise StateError(f"bad random-generator state: version {shown(version, 40)}")
    if not isinstance(internal, list) or len(internal) != _WORDS + 1:
        raise StateError(f"bad random-generator state: not {_WORDS} words and an index")
    words = tuple(_int(word) for word in internal)
    if max(words[:-1]) >= 1 << 32 or words[-1] > _WORDS:
        raise StateError("bad random-generator state: a word over 32 bits or an index past 624")
    if not (gauss is None or isinstance(gauss, float)):
        raise StateError(f"bad random-generator state: {shown(gauss, 40)} is no spare deviate")
    generator = random.Random()
    generator.setstate((version, words, gauss))
    return generator


def _discarded(value: object, players: int) -> list[list[Card]]:
    """Each seat's own redraw discards (MB-6), as text per seat."""
    if not isinstance(value, list) or len(value) != players:
        raise StateError(f"expected the discarded cards of {players} seats, not {shown(value, 60)}")
    return [_cards(cards) for cards in value]


def _load(game: Table, data: dict[str, Any]) -> None:
    no_other_keys(data, _KEYS, "a saved banking game")
    game.options = BankingOptions.from_dict(data["options"])
    game.arrival, game.names = _names(data["arrival"]), _names(data["names"])
    players = len(game.names)
    if players < 2 or sorted(game.arrival) != sorted(game.names):
        raise StateError("names must list the same players as arrival, at least two")
    seed = data["seed"]  # any whole number seeds a game, negative ones too
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StateError(f"expected a whole number seed, not {shown(seed, 200)}")
    game.seed = seed
    game.stack = tuple(_cards(data["stack"]))
    game.initial_balances = tuple(_ints(data["initial_balances"], players))
    game._rng = _generator(data["rng"])
    if not isinstance(data["hands"], list) or len(data["hands"]) != players:
        raise StateError(f"expected {players} hands")
    game._hands = [_cards(hand) for hand in data["hands"]]
    saved = data.get("discarded", [""] * players)  # an older save: `_check_record` fills it
    game._discarded = _discarded(saved, players)
    for name in _PILES:
        setattr(game, name, _cards(data[name[1:]]))
    for name in _LISTS:
        setattr(game, name, _ints(data[name[1:]], players, optional=name == "_stakes"))
    for name in _INTS:
        setattr(game, name, _int(data[name[1:]]))
    game._phase = data["phase"]
    game._to_act = None if data["to_act"] is None else _int(data["to_act"])
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise StateError("moves must be a list of move texts")
    game._moves = list(moves)


def _check(game: Table) -> None:
    """Refuse positions the rules cannot reach: lost cards or money, a wrong seat to act."""
    cards = Counter(game._shoe + game._discards + [c for hand in game._hands for c in hand])
    if cards != Counter(ALL_CARDS * 2):
        raise StateError("the shoe, hands and discards must hold exactly two decks")
    if sum(game._balances) + game._bank != sum(game.initial_balances):
        raise StateError("balances and bank do not add up to the starting money")
    if game._banker >= game.players or game._stakes[game._banker] is not None:
        raise StateError("bad banker seat")
    seat, phase = game._to_act, game._phase
    if phase == "over":
        if seat is not None:
            raise StateError("nobody acts in a finished game")
        return
    if seat is None or seat >= game.players or seat == game._banker:
        raise StateError(f"bad seat to act: {shown(seat, 200)}")
    if phase == "stake":
        low, high = game.stake_range(seat)
        if game._stakes[seat] is not None or low > high or any(game._hands):
            raise StateError("bad staking position")
    elif phase == "draw":
        if not game._stakes[seat] or not game._hands[seat] or not game.can_buy(seat):
            raise StateError("bad drawing position")
    else:
        raise StateError(f"bad phase {shown(phase, 200)}")


#: What a save must share with the replay of its own record (setup and moves): everything
#: public. Cards no seat sees (the shoe's order, the banker's own card before the showdown)
#: may differ (a position with those cards dealt otherwise is still consistent), the
#: number of cards in each place may not, nor a seat's own cards (`_check_views`).
_PUBLIC = (
    "names",
    "_phase",
    "_to_act",
    "_banker",
    "_bank",
    "_balances",
    "_stakes",
    "_draws",
    "_coup",
    "_banks_opened",
    "_idle_banks",
    "_seen",
)


def _check_record(game: BankingGame, *, discarded: bool) -> None:
    """Refuse a save whose moves its own replay refuses, or replay to another position;
    a save without the seats' ``discarded`` cards (an older one) takes them from the replay."""
    try:
        replayed = game.record.replay()
    except MakaoError as error:
        raise StateError(f"the saved moves do not replay: {error}") from None
    if not discarded:
        game._discarded = [list(cards) for cards in replayed._discarded]
    out = Counter(game._seen + [card for cards in game._discarded for card in cards])
    if out - Counter(game._discards):  # shown or let go: out of the shoe until it is shuffled
        raise StateError("every card shown or discarded on a redraw must lie in the discards")
    for name in _PUBLIC:
        if getattr(replayed, name) != getattr(game, name):
            raise StateError(f"the saved {name.lstrip('_')} differs from the replay of its moves")
    sizes = (len(replayed._shoe), len(replayed._discards), [len(h) for h in replayed._hands])
    if sizes != (len(game._shoe), len(game._discards), [len(h) for h in game._hands]):
        raise StateError("the saved piles differ in size from the replay of its moves")
    _check_views(game, replayed)


def _check_views(game: BankingGame, replayed: BankingGame) -> None:
    """Refuse a save in which a seat sees anything else than in the replay of its moves
    (MB-10): its own cards above all, which no public field shows."""
    for seat in range(game.players):
        saved, again = game.view(seat), replayed.view(seat)
        if saved != again:
            names = attrs.fields_dict(BankingView)
            field = next(n for n in names if getattr(saved, n) != getattr(again, n))
            raise StateError(
                f"the saved game differs from the replay of its moves in what seat {seat} "
                f"sees: its view's {field}"
            )
