"""Saving and replaying games: a JSON record of how a game began and the moves since.

A saved game is not a memory dump. It holds what is needed to *replay* the game exactly --
the variant (name and options), the origin (a seeded deal or a set-up position) and the
moves in their text notation -- plus a summary of the final state that loading checks
after the replay, so a record that was edited or damaged is refused instead of silently
giving another game:

    {"format": "makao.game", "version": 4,
     "variant": {"name": "polish", "options": {"decks": null, ...}},
     "origin": {"kind": "deal", "players": 3, "seed": 7, "dealer": 2},
     "moves": ["9h", "draw", "Jc:7 +makao", "1: stop 0", ...],
     "summary": {"hands": ["5c 7d", ...], "pile": "...", "stock": "...", "rng": ..., ...}}

The summary is [`makao.state.State.snapshot`][makao.state.State.snapshot]: every field of the
position, as declared once in `makao.state.FIELDS`.

Versions 1 (before the game kept its own random generator) and 2 (before that generator
drew its reshuffles from SHAKE-128) ordered reshuffled stocks differently. They are still
read when their game never reshuffled, which replays the same; an older game that
reshuffled is refused with a [`StateError`][makao.errors.StateError] naming the version.
Versions 1 to 3 dealt a negative seed ``-n`` as seed ``n`` (before
[`seed_key`][makao.seeding.seed_key]): such a deal is refused the same way; every other
version 3 save loads as it is.
A save loaded with ``variant=`` must name the same variant *and* the same options, or it
is refused; and so must a variant that is not the one its ``builtin`` flag says: a save of
a custom variant that kept a built-in's name (``polish().with_rules(...)``) does not load
with ``variants.polish()``, nor a save of ``variants.polish()`` with a custom "polish".

Every failure to load -- bad JSON, a wrong type, an unknown variant, an illegal move, a
summary that does not match -- raises [`StateError`][makao.errors.StateError] saying what was
wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from makao._text import shown
from makao.cards import format_cards
from makao.errors import MakaoError, SetupError, StateError
from makao.seeding import check_savable

if TYPE_CHECKING:
    from makao.engine import Game
    from makao.moves import Move
    from makao.variant import Variant

__all__ = [
    "FORMAT",
    "VERSION",
    "game_from_dict",
    "game_from_json",
    "game_to_dict",
    "game_to_json",
    "replay",
    "summary",
]

FORMAT = "makao.game"
"""The format tag of a saved game."""
VERSION = 4
"""The version of the saved-game format this library writes (and reads, with versions 1
and 2 for games that never reshuffled and 1 to 3 for deals of a seed ≥ 0)."""
#: The older versions, read unless their deal's seed is negative (they dealt it otherwise).
_OLDER = (1, 2, 3)
#: The older versions whose reshuffles came from another generator, read when their game
#: never reshuffled.
_RESHUFFLED_OTHERWISE = (1, 2)

#: Errors that, raised while rebuilding a game from untrusted data, mean "corrupt input".
_CORRUPT = (MakaoError, LookupError, TypeError, ValueError, AttributeError, ArithmeticError)
_DEAL_KEYS: dict[str, Any] = {"kind": str, "players": int, "seed": int, "dealer": int}
#: Keys a position origin may have besides its required ones (a drawn card, rule state).
_OPTIONAL_KEYS: dict[str, Any] = {"drawn": str, "public": list}
_POSITION_KEYS: dict[str, Any] = {
    "kind": str,
    "hands": list,
    "pile": str,
    "stock": str,
    "to_move": int,
    "effect": (str, type(None)),
    "finished": list,
    "waits": list,
    "direction": int,
    "seed": int,
}
_ORIGIN_KEYS = {"deal": _DEAL_KEYS, "position": _POSITION_KEYS}
#: The type of every item of a position origin's lists.
_POSITION_ITEMS: dict[str, type] = {"hands": str, "finished": int, "waits": int}


# ---------------------------------------------------------------------------- saving


def summary(game: Game) -> dict[str, object]:
    """The facts about ``game``'s state that loading checks after a replay (JSON-ready):
    its [`snapshot`][makao.state.State.snapshot], and the stock's size for a reader."""
    from makao.engine import checked_game  # (engine imports this module)

    checked_game(game)
    return {**game.snapshot(), "stock_size": len(game.stock)}


def _summary_v1(game: Game) -> dict[str, object]:
    """The summary of a version-1 save."""
    effect = game.effect
    try:
        effect_text = None if effect is None else effect.to_text()
    except NotImplementedError:
        effect_text = type(effect).__name__
    return {
        "hands": [format_cards(hand) for hand in game.hands],
        "pile": format_cards(game.pile),
        "stock_size": len(game.stock),
        "to_move": game.to_move,
        "finished": list(game.finished),
        "effect": effect_text,
        "direction": game.direction,
        "waits": list(game.waits),
        "over": game.over,
    }


def game_to_dict(game: Game) -> dict[str, object]:
    """The saved form of ``game`` as plain JSON-ready data (see the module docs); a
    [`StateError`][makao.errors.StateError] for a game a search sampled, which its origin and
    record do not make (its save would not load)."""
    from makao import variants
    from makao.engine import checked_game  # (engine imports this module)

    checked_game(game)
    if game.beginning.sampled:
        raise StateError(
            "a game sampled from a view (makao.bots.Determinizer, sample_hidden) cannot be "
            "saved: its hidden cards were dealt anew, so its origin and moves do not make it; "
            "save the game it was sampled from, or set the position up with "
            "Game.from_position and save that"
        )
    variant = game.variant
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": {
            "name": variant.name,
            "options": dict(variant.options),
            "builtin": variants.rebuilds(variant),
        },
        "origin": game.origin,
        "moves": [str(move) for move in game.record],
        "summary": summary(game),
    }


def game_to_json(game: Game, *, indent: int | None = None) -> str:
    """Save ``game`` as JSON text; [`game_from_json`][makao.serialize.game_from_json] reads it
    back. ``indent`` is ``None`` (one line) or 0…16 spaces; a
    [`StateError`][makao.errors.StateError] if the game's seed is too long to write."""
    data = game_to_dict(game)
    if isinstance(seed := game.origin.get("seed"), int):
        check_savable(seed)
    if indent is not None and (type(indent) is not int or not 0 <= indent <= _MAX_INDENT):
        raise SetupError(f"indent must be None or 0…{_MAX_INDENT}, not {shown(indent, 60)}")
    try:
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise StateError(
            f"variant {shown(game.variant.name, 200)} has options that JSON cannot hold: {error}"
        ) from None


_MAX_INDENT: Final = 16  # the most spaces `game_to_json` indents by


# ---------------------------------------------------------------------------- loading


def game_from_json(
    text: str | bytes, variant: Variant | None = None, *, kind: type[Game] | None = None
) -> Game:
    """Load a game saved by [`game_to_json`][makao.serialize.game_to_json], replaying its moves and
    checking the result. Pass ``variant`` for a variant that
    [`makao.variants.get`][makao.variants.get] cannot rebuild (one you composed yourself), and
    ``kind`` for a game of a subclass of `Game` (as [`replay`][makao.serialize.replay]). Raises
    [`StateError`][makao.errors.StateError] for any corrupt input."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise StateError(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise StateError(f"not a saved game: bad JSON ({error})") from None
    return game_from_dict(data, variant, kind=kind)


def game_from_dict(
    data: object, variant: Variant | None = None, *, kind: type[Game] | None = None
) -> Game:
    """Load a game from the data of [`game_to_dict`][makao.serialize.game_to_dict] (see
    [`game_from_json`][makao.serialize.game_from_json])."""
    _check_variant(variant, optional=True)
    kind = _checked_kind(kind)
    try:
        return _load(data, variant, kind)
    except StateError:
        raise
    except (*_CORRUPT, RecursionError) as error:
        raise StateError(f"corrupt saved game: {error}") from None


def _load(data: object, variant: Variant | None, kind: type[Game]) -> Game:
    if not isinstance(data, dict):
        raise StateError(f"a saved game is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise StateError(
            f"not a saved game: format must be {shown(FORMAT, 200)}, not "
            f"{shown(data.get('format'), 200)}"
        )
    version = data.get("version")
    if type(version) is not int or version not in (*_OLDER, VERSION):
        raise StateError(
            f"unsupported saved-game version {shown(data.get('version'), 200)} "
            f"(need {', '.join(map(str, _OLDER))} or {VERSION})"
        )
    no_other_keys(data, _SAVE_KEYS, "a saved game")
    variant = _variant(saved_field(data, "variant", dict), variant)
    moves = saved_field(data, "moves", list)
    if not all(isinstance(move, str) for move in moves):
        raise StateError("'moves' must be a list of move texts")
    expected = saved_field(data, "summary", dict)
    origin = saved_field(data, "origin", dict)
    if version in _OLDER and _negative_deal(origin):
        seed = shown(origin["seed"], 60)
        raise StateError(
            f"this game was saved in format version {version}, which dealt a negative seed "
            f"-n as seed n: it cannot be replayed exactly (the deal of seed {seed} is "
            "another one now)"
        )
    try:
        game = replay(variant, origin, moves, kind=kind)
    except StateError as error:
        if version in _RESHUFFLED_OTHERWISE:  # its moves may fail only because a reshuffle
            raise StateError(f"{_older_version(version)} (replaying it: {error})") from None
        raise
    if version in _RESHUFFLED_OTHERWISE and game.reshuffles:
        raise StateError(_older_version(version))
    try:
        check_summary((_summary_v1 if version == 1 else summary)(game), expected)
    except StateError as error:
        if version in _RESHUFFLED_OTHERWISE:  # an older library may have played some moves
            # otherwise (Ultimate Mao's, before version 3)
            raise StateError(f"this game was saved in format version {version}: {error}") from None
        raise
    return game


def _negative_deal(origin: dict[str, Any]) -> bool:
    """Whether ``origin`` is a deal of a negative seed (checked further by `replay`)."""
    seed = origin.get("seed")
    return origin.get("kind") == "deal" and type(seed) is int and seed < 0


def _older_version(version: int) -> str:
    return (
        f"this game was saved in format version {version}, whose reshuffles came from another "
        f"random generator: it cannot be replayed exactly; version {version} saves load only "
        "if the game never reshuffled"
    )


#: The keys of a saved game and of its variant record, in every version of the format.
_SAVE_KEYS: Final = frozenset({"format", "version", "variant", "origin", "moves", "summary"})
_VARIANT_KEYS: Final = frozenset({"name", "options", "builtin"})


def no_other_keys(data: Mapping[str, Any], keys: frozenset[str], what: str) -> None:
    """A [`StateError`][makao.errors.StateError] naming a key of ``data`` (a part of a save,
    ``what``: "a saved game") that no save writes there (an edited save)."""
    others = sorted(map(str, set(data) - keys))
    if others:
        raise StateError(f"{what} has no key {shown(others[0], 60)}: this save was edited")


def saved_field(
    data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str = "game"
) -> Any:
    """``data[key]`` of a save (of a ``what``: "game", "match"), if it is there and of
    ``kind`` (an `int` is no `bool`); else a [`StateError`][makao.errors.StateError] naming it."""
    if key not in data:
        raise StateError(f"the saved {what} has no {shown(key, 200)}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise StateError(f"{shown(key, 200)} has the wrong type: {shown(value, 200)}")
    return value


def _variant(saved: Mapping[str, Any], given: Variant | None) -> Variant:
    no_other_keys(saved, _VARIANT_KEYS, "a saved game's variant")
    name = saved_field(saved, "name", str)
    options = saved_field(saved, "options", dict)
    builtin = saved_field(saved, "builtin", bool)  # every save has it: dropped or retyped, refused
    return saved_variant(name, options, builtin, given, "game")


def saved_variant(
    name: str, options: dict[str, Any], builtin: bool, given: Variant | None, what: str
) -> Variant:
    """The variant a save (of a ``what``: "game", "match") names: ``given`` if it is that
    variant with the same options, else the built-in variant rebuilt from its name and
    options; a `StateError` if ``given`` is another or a custom variant is not given.

    ``given`` must also agree with the save's ``builtin`` flag (whether
    [`makao.variants.get`][makao.variants.get] built the saved variant from its name and
    options): a custom save does not load with the variant `get` builds, nor a built-in
    one with another variant of that name (other rules). Where `get` builds no variant
    from them here (a name this program does not register), ``given`` is taken as it is."""
    from makao import variants

    if given is not None:
        if given.name != name:
            raise StateError(
                f"the {what} was saved with variant {shown(name, 200)}, "
                f"not {shown(given.name, 200)}"
            )
        rebuilt = variants.rebuilt(given)
        if rebuilt is not None and (rebuilt == given) != builtin:
            if builtin:
                raise StateError(
                    f"the {what} was saved with variant {shown(name, 200)} as "
                    "makao.variants.get builds it, not with another variant of that name (its "
                    "rules, options or description differ): leave variant= out to rebuild it"
                )
            way = (  # `replay` rebuilds a game, not a match, from its save's data
                " (a game saved before that name was registered with that very variant: "
                "makao.serialize.replay(variant, data['origin'], data['moves']))"
                if what == "game"
                else ""
            )
            raise StateError(
                f"the {what} was saved with a custom variant named {shown(name, 200)}, not the "
                "one makao.variants.get builds from that name and options: pass the variant it "
                f"was saved with{way}"
            )
        if _plain_options(given) != options:
            raise StateError(
                f"the {what} was saved with {shown(name, 200)} options {shown(options, 200)}, "
                f"not {shown(_plain_options(given), 200)}: pass the variant it was saved with"
            )
        return given
    if not builtin:
        raise StateError(
            f"the {what} was saved with a custom variant named {shown(name, 200)}: pass it as "
            "variant="
        )
    try:
        return variants.get(name, **options)
    except MakaoError as error:
        raise StateError(f"cannot rebuild variant {shown(name, 200)}: {error}") from None


def _check_origin(origin: Mapping[str, Any]) -> dict[str, Any]:
    kind = origin.get("kind")
    keys = _ORIGIN_KEYS.get(kind if isinstance(kind, str) else "")
    if keys is None:
        raise StateError(f"the origin must be a 'deal' or a 'position', not {shown(kind, 200)}")
    optional = _OPTIONAL_KEYS if kind == "position" else {}
    if not set(keys) <= set(origin) <= set(keys) | set(optional):
        raise StateError(f"a {kind} origin has the fields {sorted(keys)}, not {sorted(origin)}")
    for key, kind_of in {**keys, **optional}.items():
        if key in origin:
            saved_field(origin, key, kind_of)
    if kind == "position":
        for key, item in _POSITION_ITEMS.items():
            for value in origin[key]:
                if not isinstance(value, item) or isinstance(value, bool):
                    raise StateError(
                        f"bad origin (position): {shown(key, 200)} must list {item.__name__} "
                        "values, "
                        f"not {shown(value, 200)}"
                    )
    return dict(origin)


def _check_variant(variant: object, *, optional: bool = False) -> None:
    from makao.variant import Variant

    if (variant is None and optional) or isinstance(variant, Variant):
        return
    raise StateError(f"variant must be a Variant, not {type(variant).__name__}")


def _start(variant: Variant, origin: Mapping[str, Any], game: type[Game]) -> Game:
    fields = _check_origin(origin)
    kind = fields.pop("kind")
    try:
        if kind == "deal":
            return game.new(variant, fields["players"], fields["seed"], dealer=fields["dealer"])
        return game.from_position(variant, **fields)
    except _CORRUPT as error:
        raise StateError(f"bad origin ({kind}): {error}") from None


def _checked_kind(kind: object) -> type[Game]:
    """``kind``, the class of a game to build: `Game` for ``None``, else a subclass of it
    (a [`StateError`][makao.errors.StateError] for anything else)."""
    from makao.engine import Game

    if kind is None:
        return Game
    if not isinstance(kind, type) or not issubclass(kind, Game):
        raise StateError(f"kind must be Game or a subclass of it, not {shown(kind, 60)}")
    return kind


def replay(
    variant: Variant,
    origin: Mapping[str, Any],
    moves: Iterable[Move | str],
    *,
    kind: type[Game] | None = None,
) -> Game:
    """Rebuild a game from its ``origin`` ([`Game.origin`][makao.engine.Game.origin]) and ``moves``
    (objects or text, as in [`Game.record`][makao.engine.Game.record]). Raises
    [`StateError`][makao.errors.StateError] naming the first move that cannot be played, like
    ``move 17 '9h': illegal move …`` (moves count from 1).

    ``kind`` is the class of the game built: `Game` (the default) or a subclass of it
    (`Game.replay` and `Game.from_json` pass their own), whose `new` or `from_position`
    makes the game from the origin; each move is made as the record took it, by the
    engine's `play` (`makao._core.Core.play`), not by an override of `play`."""
    from makao._core import Core

    _check_variant(variant)
    kind = _checked_kind(kind)
    if not isinstance(origin, Mapping):
        raise StateError(f"an origin is a mapping, not {type(origin).__name__}")
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise StateError(f"moves are a sequence of moves or move texts, not {shown(moves, 60)}")
    game = _start(variant, origin, kind)
    for number, move in enumerate(moves, 1):
        try:
            Core.play(game, move)
        except _CORRUPT as error:
            raise StateError(f"move {number} {shown(str(move), 200)}: {error}") from None
    return game


def _plain_options(variant: Variant) -> object:
    """A variant's options as they read back from JSON."""
    return json.loads(json.dumps(dict(variant.options), default=str))


def check_summary(
    actual: Mapping[str, object], expected: Mapping[str, Any], what: str = "game"
) -> None:
    """A [`StateError`][makao.errors.StateError] unless the summary of a replayed save (of a
    ``what``: "game", "match") is ``expected``, the saved one: the same keys, each value
    equal and of the same type (``0`` is not ``false``, ``1.0`` not ``1``)."""
    for key, value in actual.items():
        if key not in expected:
            raise StateError(f"the summary has no {shown(key, 200)}")
        if expected[key] != value or type(expected[key]) is not type(value):
            raise StateError(
                f"the replayed {what} does not match the saved summary: {key} is "
                f"{shown(value, 200)} after the saved moves, "
                f"the summary says {shown(expected[key], 200)}"
            )
    no_other_keys(expected, frozenset(actual), "the summary")
