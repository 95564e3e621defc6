"""One simulated game: the loop that asks the bots, and the record it keeps.

How bots are asked, at every decision point:

1. Seats other than the one to move that have out-of-turn actions open (a late "makao",
   "stop makao") are asked with [`respond`][makao.bots.Bot.respond], in turn order from the seat
   after the one to move. The first that answers has its action played; then the loop
   looks again.
2. Otherwise the bot of the seat to move picks with [`choose`][makao.bots.Bot.choose] among its
   turn moves and its own out-of-turn actions.

Each bot gets its seat's [`View`][makao.view.View], built for that decision -- or, for a bot
that declared it never reads one ([`reads_view`][makao.bots.BaseBot.reads_view] ``= False``, as
[`RandomBot`][makao.bots.RandomBot] does), the placeholder [`UNREAD`][makao.view.UNREAD].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import floor
from typing import Final, NamedTuple, SupportsIndex, TypeVar, cast

from makao import _core
from makao._core import Core, as_move
from makao._text import add_note, shown
from makao.bots.policy import RandomPick
from makao.bots.protocol import Bot
from makao.engine import Game
from makao.errors import IllegalMoveError
from makao.events import CardsDrawn, CardsPlayed, Event, Penalised
from makao.moves import Draw, Move, Pass, Play, Say, Stop, move_seat
from makao.rules._util import check_whole
from makao.seeding import derive_seed
from makao.variant import Variant
from makao.view import UNREAD, View

__all__ = ["GameRecord", "play_game"]

_T = TypeVar("_T", bound=tuple[object, ...])

#: The classes of `makao.moves.TURN_MOVES` as ``Final`` names, which the loop tells by
#: identity, the most frequent first (the last listed move is a draw three times in four):
#: compiled, ``type(move) in TURN_MOVES`` is a set lookup and each name a C variable. A
#: class missed here still counts as a turn move when it carries no seat (``getattr``).
_DRAW: Final = Draw
_PASS: Final = Pass
_PLAY: Final = Play
#: The built-in out-of-turn actions ("say makao", "stop makao"), whose actor `_ask` reads
#: as their ``seat`` field itself (an interpreted call of `move_seat` costs more).
_SAY: Final = Say
_STOP: Final = Stop


class GameRecord(NamedTuple):
    """What one simulated game gave; per-bot fields are indexed by the bot's position in
    the ``bots`` list (not by seat)."""

    game: int
    """The game's number in its experiment."""
    seed: int
    seats: tuple[int, ...]
    """The seat of each bot (seats rotate with the game index)."""
    first: int
    """The bot that moved first."""
    places: tuple[int, ...] | None
    """Each bot's finishing place (1 = winner); ``None`` if the game was truncated."""
    actions: int
    turns: int
    truncated: bool
    blocked: bool
    penalties: tuple[int, ...]
    """Penalty cards each bot was charged ([`Penalised`][makao.events.Penalised])."""
    events: tuple[tuple[str, int], ...]
    """How often each kind of event happened, by event type name."""
    lead_changes: int
    decided_at: float | None
    """The share of the game's turns after which the winner led (fewest cards) to the end."""
    scores: tuple[float, ...] | None


def play_game(
    variant: Variant,
    bots: Sequence[Bot],
    seed: SupportsIndex,
    *,
    index: SupportsIndex = 0,
    rotation: SupportsIndex = 0,
    max_actions: SupportsIndex | None = None,
) -> GameRecord:
    """Play one game of ``variant``: bot ``j`` sits at seat ``(j + rotation) % players``.

    ``seed``, ``index``, ``rotation`` and ``max_actions`` (or ``None``) are whole numbers
    (not ``bool``), else a [`SetupError`][makao.errors.SetupError]: typed `SupportsIndex`
    and checked here, as `Game` checks its seats, so that the compiled build raises the
    same error (not mypyc's `TypeError`, nor takes ``True`` as 1)."""
    seed, index, rotation = (
        _whole("seed", seed),
        _whole("index", index),
        _whole("rotation", rotation),
    )
    limit = -1 if max_actions is None else _whole("max_actions", max_actions)
    players = len(bots)
    seated = [bots[(seat - rotation) % players] for seat in range(players)]
    blind = [not getattr(bot, "reads_view", True) for bot in seated]
    game = Game.new(variant, players, seed=seed)
    # the game's fields read from the `Core` it is (compiled, struct reads), and the
    # engine's two methods called as `Core`'s (see the loop)
    state: Core = game
    for seat, bot in enumerate(seated):
        bot.reset(derive_seed(seed, seat))
    # each seat's `choose` bound once a game (a method looked up by name costs per action),
    # or what the bot offers in its place (`BaseBot.chooser`): RandomBot's is compiled
    choosers = [_chooser(bot) for bot in seated]
    # a `RandomPick`'s random number source: with no out-of-turn action listed, no talk is,
    # and the loop picks as the `RandomPick` would, without calling it (about 2,000
    # instructions an action interpreted)
    chances = [_chance(chooser) for chooser in choosers]
    tracker = _Tracker(game)
    # `append` called on the list, not bound: compiled, a direct C call; interpreted, done
    # inline (specialised)
    sizes, gaps, hands = tracker.sizes, tracker.gaps, game.hands
    two = players == 2
    # each kind of event counted as it comes (by its class), and the penalty cards charged:
    # compiled, a C loop and dict operations, about 260 instructions an action fewer than
    # keeping every event for a `Counter` at the end; interpreted, about 330 more. Each
    # count is a one-item list, so that an event costs one lookup of its class, not two.
    # The two commonest kinds (nine events in ten in Polish) are counted in plain ints
    # (compiled, C arithmetic; no lookup) and join the others at the end
    counts: dict[type[Event], list[int]] = {}
    played = drawn = 0
    cards_played, cards_drawn = CardsPlayed, CardsDrawn  # locals (see `penalised`)
    penalties = [0] * players
    penalised = Penalised  # a local: compiled, a global is looked up in a dict at each use
    actions = 0
    # imported names as locals: compiled, each use of a global looks it up in a dict
    unread = UNREAD
    seat = state.to_move
    # one handler for the whole game (set up once, nothing per action): an error of a bot
    # or of its answer leaves with a note saying where it happened (`_note_where`)
    try:
        while not state.over and actions != limit:
            seat = state.to_move
            # the engine's two methods called as `Core`'s (`Game`'s, in the compiled build, only
            # call them): compiled, a direct call of the compiled function, where a bound method
            # is called through Python's protocol, its arguments parsed (about 300 instructions
            # an action), and `game.play(...)` calls `Game`'s method in between. Named through
            # the module (`_core.Core`), not as the imported `Core`: CPython 3.11 compiles a
            # method of an imported name as an attribute read, which it does not specialise
            # for a class, but the module's attribute as a method call of a class, which it
            # does (about 240 instructions an action interpreted; compiled, the same calls)
            legal = _core.Core.legal_moves(state)
            # an int variable: compiled, C arithmetic (`RandomPick`); interpreted, the last
            # move read at a non-negative index, which 3.11 specialises (-1 it does not)
            size = len(legal)
            last = legal[size - 1]
            # `move_seat(last) is None`, the usual case told inline (a call per action costs)
            kind = type(last)
            if (
                kind is _DRAW
                or kind is _PASS
                or kind is _PLAY
                or getattr(last, "seat", None) is None
            ):
                chance = chances[seat]
                if chance is not None:  # `RandomPick.__call__` without talk, inline
                    # `floor`, not `int`: the same index (the product is >= 0); interpreted, a
                    # specialised call of a builtin, not a type's (about 460 instructions fewer)
                    move = legal[floor(chance() * size)]
                else:
                    move = choosers[seat](unread if blind[seat] else game.view(seat), legal)
            else:
                move = _ask(game, seated, choosers, blind, legal, seat)
            for event in _core.Core.play(state, move):  # mostly one or two
                counted = type(event)
                if counted is cards_played:
                    played += 1
                    continue
                if counted is cards_drawn:
                    drawn += 1
                    continue
                count = counts.get(counted)
                if count is None:
                    counts[counted] = [1]
                else:
                    count[0] += 1
                if counted is penalised:
                    charged = cast("Penalised", event)
                    penalties[charged.seat] += charged.amount
            actions += 1
            if (  # a turn ended: note the hand sizes (see _Tracker)
                state.to_move != seat
                or state.over
                or (
                    state.drawn is None
                    and (
                        (kind := type(move)) is _PLAY
                        or kind is _DRAW
                        or kind is _PASS
                        or getattr(move, "seat", None) is None
                    )
                )
            ):
                if two:  # the usual experiment: one int, no tuple (nor a map iterator)
                    gaps.append(len(hands[0]) - len(hands[1]))
                else:
                    sizes.append(tuple(map(len, hands)))
    except Exception as error:
        _note_where(error, seated, seat, index, seed, actions, variant)
        raise
    for common, number in ((cards_played, played), (cards_drawn, drawn)):
        if number:
            counts[common] = [number]
    seats = _shared(tuple((j + rotation) % players for j in range(players)))
    outcome = game.outcome
    places = None if outcome is None else outcome.places()
    scores = None if outcome is None else outcome.scores
    lead_changes, decided_at = tracker.summary(None if outcome is None else outcome.winner)
    return GameRecord(
        game=index,
        seed=seed,
        seats=seats,
        first=(tracker.first - rotation) % players,
        places=None if places is None else tuple(places[s] for s in seats),
        actions=actions,
        turns=tracker.turns,
        truncated=not game.over,
        blocked=game.blocked,
        penalties=tuple(penalties[s] for s in seats),
        events=tuple(sorted(_shared((kind.__name__, n[0])) for kind, n in counts.items())),
        lead_changes=lead_changes,
        decided_at=decided_at,
        scores=None if scores is None else tuple(float(scores[s]) for s in seats),
    )


def _whole(name: str, value: object) -> int:
    """``value`` as a plain `int` (an `IntEnum` member's number) if it is a whole number
    (`check_whole`: an `int`, not a `bool`); else a `SetupError` naming ``name``."""
    check_whole(name, value, None)
    return int(cast(int, value))


def _note_where(
    error: Exception,
    seated: Sequence[Bot],
    seat: int,
    index: int,
    seed: int,
    actions: int,
    variant: Variant,
) -> None:
    """Add to ``error``, raised while ``seat`` was to move, a note naming the game, its seed
    and the bot to move (`add_note`); `_ask` notes a bot's error answering out of turn
    first, naming that bot."""
    add_note(
        error,
        f"in game {index} (seed {seed}) of {variant.name}, at action {actions + 1}: seat "
        f"{seat} to move, {_bot_label(seated[seat])}",
    )


def _bot_label(bot: Bot) -> str:
    """``bot`` as a note names it: ``bot 'random' (RandomBot)``."""
    label = getattr(bot, "name", None) or type(bot).__name__
    return f"bot {shown(label, 60)} ({type(bot).__qualname__})"


def _chooser(bot: Bot) -> Callable[[View, Sequence[Move]], Move]:
    """What the loop calls for ``bot``'s ``choose`` this game (`BaseBot.chooser`, if the bot
    has one)."""
    offer = getattr(bot, "chooser", None)
    return bot.choose if offer is None else cast("Callable[[View, Sequence[Move]], Move]", offer())


def _chance(chooser: Callable[[View, Sequence[Move]], Move]) -> Callable[[], float] | None:
    """The random number source of ``chooser`` if it is a `RandomPick`, else ``None``."""
    return chooser.chance if type(chooser) is RandomPick else None


_SHARED: dict[tuple[object, ...], tuple[object, ...]] = {}


def _shared(value: _T) -> _T:
    """One shared copy of a small tuple that many records hold (an event count, the seats
    of a rotation), so that a long experiment keeps about 1 kB per game, not 3."""
    if len(_SHARED) > 100_000:
        _SHARED.clear()
    return _SHARED.setdefault(value, value)  # type: ignore[return-value]


def _ask(
    game: Game,
    seated: Sequence[Bot],
    choosers: Sequence[Callable[[View, Sequence[Move]], Move]],
    blind: Sequence[bool],
    legal: Sequence[Move],
    seat: int,
) -> Move:
    own: list[Move] = []
    others: dict[int, list[Move]] = {}
    for move in legal:
        # `move_seat(move)`, its usual case inline: a call of the interpreted function per
        # move costs more than the test
        kind = type(move)
        actor: int | None
        if kind is _DRAW or kind is _PASS or kind is _PLAY:
            actor = None
        elif kind is _SAY or kind is _STOP:
            actor = cast("Say | Stop", move).seat
        else:
            actor = move_seat(move)
        if actor is None or actor == seat:
            own.append(move)
        else:
            others.setdefault(actor, []).append(move)
    players = game.players
    for step in range(1, players):
        other = (seat + step * game.direction) % players
        offered = others.get(other)
        if offered:
            view = UNREAD if blind[other] else game.view(other)
            try:  # entered only when a bot is asked to answer (no cost on other actions)
                answer = seated[other].respond(view, offered)
            except Exception as error:
                # the game's note (`_note_where`) names the seat to move, not this bot
                add_note(
                    error,
                    f"raised answering out of turn at seat {other}: " + _bot_label(seated[other]),
                )
                raise
            if answer is not None:
                if answer not in offered:
                    raise IllegalMoveError(f"bot at seat {other} answered {answer}, not offered")
                return answer
    move = choosers[seat](UNREAD if blind[seat] else game.view(seat), own)
    kind = type(move)
    if not (kind is _DRAW or kind is _PASS or kind is _PLAY):
        # legal in the game, but another seat's action is not the mover's to take (nor
        # its text, which `Game.play` reads too)
        actor = move_seat(as_move(move))
        if actor is not None and actor != seat:
            raise IllegalMoveError(
                f"bot at seat {seat} chose {move}, an action of seat {actor}, not offered"
            )
    return move


class _Tracker:
    """Turns, lead changes and when the winner took the lead for good (fewest cards).

    The loop appends the hand sizes to `sizes` after every turn -- with two players only
    their difference, to `gaps` (cheap: this runs for every turn of every simulated game);
    `summary` reads them once the game is over. A turn ends when the move passes to another
    seat, when the game ends, or when a turn move (play, draw, pass) leaves no drawn card to
    play -- so the game's last turn counts, and so does each turn of a player who moves
    again (the others skip, a reverse heads-up); a draw that may still be played and
    out-of-turn calls end no turn."""

    __slots__ = ("first", "gaps", "sizes")

    def __init__(self, game: Game) -> None:
        self.first = game.to_move
        self.sizes: list[tuple[int, ...]] = []
        self.gaps: list[int] = []
        """Two players: seat 0's hand size minus seat 1's, after each turn."""

    @property
    def turns(self) -> int:
        """How many turns were played."""
        return len(self.sizes) + len(self.gaps)  # one of them is empty

    def summary(self, winner: int | None) -> tuple[int, float | None]:
        """The number of lead changes, and the share of the turns after which ``winner``
        led (alone or tied) to the end (``None`` without a winner)."""
        if self.gaps:
            return self._summary_of_two(winner)
        changes = 0
        leader: int | None = None
        since = 0  # the turn from which the winner has led without a break
        for turn, sizes in enumerate(self.sizes, start=1):
            fewest = min(sizes)
            if sizes.count(fewest) == 1:
                current = sizes.index(fewest)
                changes += leader is not None and current != leader
                leader = current
            if winner is not None and sizes[winner] != fewest:
                since = turn + 1
        if winner is None:
            return changes, None
        return changes, _share(since, len(self.sizes))

    def _summary_of_two(self, winner: int | None) -> tuple[int, float | None]:
        """`summary` for two players (`gaps`), in fewer steps a turn: a seat leads alone
        when it holds fewer cards than the other; a tie leads nobody and keeps the winner
        level."""
        gaps = self.gaps
        # plain ints (-1 for nobody): compiled, a comparison with an optional int is a
        # generic call. A turn that keeps the leader costs two comparisons (with the search
        # from the end below, about 290 instructions a turn fewer interpreted)
        changes = 0
        leader = -1
        for gap in gaps:
            if gap < 0:
                if leader != 0:
                    changes += leader == 1
                    leader = 0
            elif gap and leader != 1:
                changes += leader == 0
                leader = 1
        if winner is None:
            return changes, None
        # the last turn after which the other seat led, looked for from the end (the
        # winner's last stretch ahead or level, not every turn): ``since`` is the number of
        # the turn after it
        since = 0
        turn = len(gaps)
        if winner == 0:
            while turn:
                turn -= 1
                if gaps[turn] > 0:
                    since = turn + 2
                    break
        else:
            while turn:
                turn -= 1
                if gaps[turn] < 0:
                    since = turn + 2
                    break
        return changes, _share(since, len(gaps))


def _share(since: int, turns: int) -> float:
    """The share of ``turns`` after which the winner led to the end, from ``since``, the
    turn from which they led without a break."""
    if since > turns or not turns:
        return 1.0  # took the lead only with the last move
    return since / turns
