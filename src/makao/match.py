"""Match play: deals in a row, the deal rotating, loss totals until one reaches a limit
(RU-3, RU-16, RU-18).

    >>> from makao import variants
    >>> from makao.match import Match
    >>> match = Match(variants.russian(match_limit=200), players=3, seed=1)
    >>> match.deal, match.dealer, match.totals
    (1, 2, (0, 0, 0))

A [`Match`][makao.match.Match] owns the current deal (a [`Game`][makao.engine.Game]) and forwards
[`Match.play`][makao.match.Match.play] to it; when the deal ends it scores the hands
([`makao.variants.russian.scoring`][makao.variants.russian.scoring]), adds the scores to the
totals and deals again, or ends the match.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import attrs

from makao import variants
from makao._text import shown
from makao.engine import Game, dealer_seat
from makao.errors import GameOverError, MakaoError, SetupError, StateError
from makao.events import DealScored, DealStarted, Event, MatchOver
from makao.moves import Move
from makao.seeding import check_savable, derive_seed
from makao.serialize import check_summary, no_other_keys, saved_field, saved_variant, summary
from makao.variant import Variant
from makao.variants.russian.rules import DEFAULT_MATCH_LIMIT, DealEnd, checked_match_limit
from makao.view import View

__all__ = ["FORMAT", "Match", "MatchView", "deal_seed"]

FORMAT = "makao.match"
"""The format tag of a saved match."""
_VERSION = 2
"""The version of the saved-match format written: 2 adds the current deal's position to the
summary (`makao.serialize.summary`), so that a save with moves dropped from the end of the
deal in progress is refused; version 1 saves still load, checked as they were."""
#: The keys of a saved match and of its variant record: another is an edit, refused.
_SAVE_KEYS = frozenset(
    {"format", "version", "variant", "players", "seed", "match_limit", "deals", "summary"}
)
_VARIANT_KEYS = frozenset({"name", "options", "builtin"})


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` (from 1) of a match seeded ``seed``
    ([`derive_seed`][makao.seeding.derive_seed] of ``"deal"`` and the number)."""
    return derive_seed(seed, "deal", deal)


@attrs.frozen
class MatchView:
    """What ``seat`` may know of a match: their view of the current deal and the public
    scores (every deal's scores, the totals, the limit)."""

    seat: int
    deal: View
    deal_number: int
    dealer: int
    scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    match_limit: float
    is_over: bool


class Match:
    """A match of a scoring variant (Russian makao): deals until a player's loss total
    reaches ``match_limit`` (RU-18; by default the limit of the variant's
    [`DealEnd`][makao.variants.russian.rules.DealEnd] rule, its ``match_limit`` option, else 500).
    The limit is any positive number but a `bool` (a NumPy number or a
    `fractions.Fraction` too), kept as the `int` or `float` a save writes; anything else is
    a [`SetupError`][makao.errors.SetupError].

    A deal's scores are the deal's own [`Game.scores`][makao.engine.Game.scores] (the
    variant's finishing rule and its point table): a variant that scores nothing cannot
    be played as a match ([`SetupError`][makao.errors.SetupError]).

    The first deal's dealer is the variant's dealer (the last seat unless chosen); each
    next deal is dealt by the seat after the last dealer (RU-3). Every deal's seed comes
    from the match ``seed`` ([`deal_seed`][makao.match.deal_seed]), so a match replays from its seed
    and moves.
    """

    __slots__ = (
        "_records",
        "_scores",
        "deal",
        "dealer",
        "game",
        "match_limit",
        "opening_events",
        "over",
        "players",
        "seed",
        "totals_",
        "variant",
    )

    variant: Variant
    players: int
    seed: int
    match_limit: float
    game: Game
    deal: int
    dealer: int
    totals_: list[int]
    over: bool
    opening_events: tuple[Event, ...]
    _records: list[tuple[Move, ...]]
    _scores: list[tuple[int, ...]]

    def __init__(
        self,
        variant: Variant,
        players: int,
        seed: int | None = None,
        *,
        match_limit: float | None = None,
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"seed must be an integer, not {shown(seed, 200)}")
        variant_limit = _variant_limit(variant)
        if match_limit is None:
            match_limit = variant_limit
        match_limit = checked_match_limit(match_limit)  # any positive number, kept as int or float
        start = variant.compiled.start
        start.check_players(players)
        first_dealer = dealer_seat(start.dealer, players, variant)  # as Game.new
        self.variant = variant
        self.players = players
        self.seed = seed
        self.match_limit = match_limit
        self.totals_ = [0] * players
        self.over = False
        self._records = []
        self._scores = []
        self.deal = 0
        self.dealer = (first_dealer - 1) % players
        self.opening_events = self._next_deal()

    @classmethod
    def new(cls, variant: Variant, players: int, seed: int | None = None, **options: Any) -> Match:
        """The same as ``Match(variant, players, seed, **options)``."""
        return cls(variant, players, seed, **options)

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        """Whether a player's loss total has reached the limit."""
        return self.over

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running loss total."""
        return tuple(self.totals_)

    @property
    def scores(self) -> tuple[tuple[int, ...], ...]:
        """Each finished deal's scores, in order."""
        return tuple(self._scores)

    @property
    def ranking(self) -> tuple[int, ...]:
        """The seats by loss total, lowest first; equal totals by seat (RU-18)."""
        return tuple(sorted(range(self.players), key=lambda seat: (self.totals_[seat], seat)))

    @property
    def to_move(self) -> int:
        """The seat to move in the current deal."""
        return self.game.to_move

    @property
    def record(self) -> tuple[tuple[Move, ...], ...]:
        """The moves of every deal so far (the current one last, unless the match is over)."""
        if self.over:
            return tuple(self._records)
        return (*self._records, self.game.record)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the current deal (none once the match is over)."""
        return () if self.over else self.game.legal_moves()

    def legal_moves_text(self, seat: int | None = None) -> list[str]:
        """The legal moves as text; with ``seat``, only those that seat may make."""
        return [] if self.over else self.game.legal_moves_text(seat)

    def view(self, seat: int) -> MatchView:
        """What ``seat`` may know: their view of the deal, and the scores."""
        return MatchView(
            seat=seat,
            deal=self.game.view(seat),
            deal_number=self.deal,
            dealer=self.dealer,
            scores=self.scores,
            totals=self.totals,
            match_limit=self.match_limit,
            is_over=self.over,
        )

    # ------------------------------------------------------------------ playing

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Play ``move`` in the current deal; if it ends the deal, score it and deal again
        or end the match. Errors as [`Game.play`][makao.engine.Game.play] (the match is then
        unchanged)."""
        if self.over:
            raise GameOverError(f"the match is over; {move} cannot be played")
        events = self.game.play(move)
        if self.game.is_over:
            return events + self._end_deal()
        return events

    def _end_deal(self) -> tuple[Event, ...]:
        scores = self.game.scores
        if scores is None:  # checked when the match began: the variant scores its deals
            raise SetupError(f"{self.variant.name} scores no deals: it cannot be a match")
        self.totals_ = [total + score for total, score in zip(self.totals_, scores, strict=True)]
        self._scores.append(scores)
        self._records.append(self.game.record)
        ended: tuple[Event, ...] = (DealScored(scores, self.totals),)
        if max(self.totals_) >= self.match_limit:
            self.over = True
            return (*ended, MatchOver(self.ranking, self.totals))
        return ended + self._next_deal()

    def _next_deal(self) -> tuple[Event, ...]:
        self.deal += 1
        self.dealer = (self.dealer + 1) % self.players
        seed = deal_seed(self.seed, self.deal)
        self.game = Game.new(self.variant, self.players, seed, dealer=self.dealer)
        return (DealStarted(self.deal, self.dealer),)

    def clone(self) -> Match:
        """An independent copy (the current deal cloned, finished deals shared)."""
        match = object.__new__(Match)
        for name in Match.__slots__:
            setattr(match, name, getattr(self, name))
        match.game = self.game.clone()
        match.totals_ = self.totals_[:]
        match._records = self._records[:]
        match._scores = self._scores[:]
        return match

    # ------------------------------------------------------------------ saving

    def to_json(self) -> str:
        """Save the match: variant, seed, limit, every deal's moves and a checked summary; a
        [`StateError`][makao.errors.StateError] if its seed is too long to write."""
        check_savable(self.seed)
        variant = self.variant
        data = {
            "format": FORMAT,
            "version": _VERSION,
            "variant": {
                "name": variant.name,
                "options": variant.option_dict,
                "builtin": variants.rebuilds(variant),
            },
            "players": self.players,
            "seed": self.seed,
            "match_limit": self.match_limit,
            "deals": [[str(move) for move in moves] for moves in self.record],
            "summary": self._summary(),
        }
        try:
            return json.dumps(data, ensure_ascii=False)
        except (TypeError, ValueError) as error:
            raise StateError(f"the match cannot be saved as JSON: {error}") from None

    def _summary(self, version: int = _VERSION) -> dict[str, object]:
        """The facts loading checks after the replay: the totals, the deal's number, whether
        the match is over, and (from version 2) the current deal's position."""
        facts: dict[str, object] = {
            "totals": list(self.totals_),
            "deal": self.deal,
            "over": self.over,
        }
        if version >= 2:
            facts["position"] = summary(self.game)
        return facts

    @classmethod
    def from_json(cls, text: str | bytes, variant: Variant | None = None) -> Match:
        """Load a match saved by [`to_json`][makao.match.Match.to_json] by replaying it; pass
        ``variant`` for one [`makao.variants.get`][makao.variants.get] cannot rebuild. Raises
        [`StateError`][makao.errors.StateError] for any corrupt input (bad JSON, fields, moves, or a
        summary the replay does not give)."""
        try:
            return _load(json.loads(text), variant)
        except StateError:
            raise
        except (MakaoError, LookupError, TypeError, ValueError, AttributeError) as error:
            raise StateError(f"corrupt saved match: {error}") from None
        except RecursionError:
            raise StateError("corrupt saved match: nested too deeply") from None

    def __repr__(self) -> str:
        state = "over" if self.over else f"deal {self.deal}"
        return f"<Match {self.variant.name} {self.players} players, {state}, {self.totals}>"


def _variant_limit(variant: Variant) -> float:
    """The match limit the variant's rules give (RU-18); refuse anything but a variant,
    and a variant that scores nothing."""
    if not isinstance(variant, Variant):
        raise SetupError(
            f"a match needs a Variant (e.g. makao.variants.russian()), not {shown(variant, 60)}"
        )
    finish = variant.compiled.finish
    if not finish.scores_points:
        raise SetupError(
            f"{variant.name} scores no deals (its finishing rule has no scores): "
            "a match needs a scoring variant such as variants.russian()"
        )
    return finish.match_limit if isinstance(finish, DealEnd) else DEFAULT_MATCH_LIMIT


def _load(data: Any, given: Variant | None) -> Match:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateError(f"not a saved match: the format must be {shown(FORMAT, 200)}")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= _VERSION:  # not True, 1.0
        raise StateError(f"unsupported saved-match version {shown(version, 200)}")
    no_other_keys(data, _SAVE_KEYS, "a saved match")
    for key in sorted(_SAVE_KEYS):
        saved_field(data, key, object, "match")  # named if missing (a `KeyError` said only the key)
    variant = _variant(data["variant"], given)
    players, seed, limit = data["players"], data["seed"], data["match_limit"]
    if not all(type(value) is int for value in (players, seed)):
        raise StateError("'players' and 'seed' must be whole numbers")
    if limit is None:  # every save holds its limit: a null would take the variant's
        raise StateError("'match_limit' must be a positive number, not None")
    match = Match(variant, players, seed, match_limit=limit)
    deals: Sequence[Any] = data["deals"]
    if not isinstance(deals, list) or not all(isinstance(moves, list) for moves in deals):
        raise StateError("'deals' must be a list of move lists")
    for number, moves in enumerate(deals, 1):
        _replay_deal(match, number, moves, last=number == len(deals))
    expected = dict(saved_field(data, "summary", dict, "match"))
    position = expected.pop("position", None) if version >= 2 else None
    check_summary(match._summary(version=1), expected, "match")
    if version >= 2:  # the current deal's position, checked as a game save's summary is
        if position is None:
            raise StateError("the saved match's summary has no 'position' of its current deal")
        if not isinstance(position, dict):
            raise StateError(
                f"the saved match's 'position' must be a dictionary, not {shown(position, 40)}"
            )
        check_summary(summary(match.game), position, "match's current deal")
    return match


def _replay_deal(match: Match, number: int, moves: list[Any], last: bool) -> None:
    if match.deal != number or match.over:
        raise StateError(f"deal {number} was saved, but the match has no such deal")
    for index, move in enumerate(moves, 1):
        if not isinstance(move, str) or match.deal != number:
            raise StateError(
                f"deal {number}, move {index}: {shown(move, 200)} does not belong there"
            )
        try:
            match.play(move)
        except MakaoError as error:
            raise StateError(f"deal {number}, move {index} {shown(move, 200)}: {error}") from None
    if not last and match.over:
        raise StateError(f"the match ended with deal {number}, but more deals follow")
    if not last and match.deal == number:
        raise StateError(f"deal {number} was saved unfinished, but more deals follow")


def _variant(saved: Any, given: Variant | None) -> Variant:
    if not isinstance(saved, dict):
        raise StateError(
            f"'variant' must hold a name and a dictionary of options, not {shown(saved, 60)}"
        )
    no_other_keys(saved, _VARIANT_KEYS, "a saved match's variant")
    name = saved_field(saved, "name", object, "match's variant")
    options = saved_field(saved, "options", object, "match's variant")
    builtin = saved.get("builtin")
    if not isinstance(name, str) or not isinstance(options, dict):
        raise StateError("'variant' must hold a name and a dictionary of options")
    if not isinstance(builtin, bool):  # every save has it: dropped or retyped, refused
        raise StateError(f"'variant' must say whether it is built in, not {shown(builtin, 40)}")
    if given is not None and not isinstance(given, Variant):  # as `Game.from_json`
        raise StateError(f"variant must be a Variant, not {type(given).__name__}")
    return saved_variant(name, options, builtin, given, "match")
