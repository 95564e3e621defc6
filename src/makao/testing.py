"""A conformance suite that any variant -- built in or your own -- can run.

In the spirit of OpenSpiel's random simulation test, [`check_variant`][makao.testing.check_variant]
plays seeded random games through the public API and, after every move, checks the engine's
promises:

* no card is created or lost (hands + stock + pile hold the cards dealt, any deck size),
  counted right after every move;
* listing the legal moves and asking for views and the rules' public state change
  nothing (they are queries);
* every listed legal move is accepted by [`play`][makao.engine.Game.play] (on a clone), is listed
  once, its text reads back as the same move, it has an action id in the table's
  [`ActionSpace`][makao.actions.ActionSpace] (a rule's ``action_templates``), and an out-of-turn
  move names seats at the table;
* a seat that has finished (before the game is over) holds no cards and is not the seat to
  move;
* every effect put in force is hashable (an immutable value: clones and saves share it)
  and reads back from its text:
  ``variant.parse_effect(effect.to_text()) == effect`` (positions, saves and the wire need it);
  one that gives its answers on the top card as a set (``Effect.answers``, which move
  generation reads instead of asking ``allows``) gives the cards its ``allows`` accepts;
* a rule that says it lists no out-of-turn move while every rule's state is initial
  (``TurnRule.idle_in_initial_state``: the engine does not ask it then) lists none when
  asked in such a position;
* the hooks the engine skips on a rule's word do nothing where they are skipped: every
  listed move is played (on a clone) by a rule set that calls them
  ([`distrusting`][makao.tables.distrusting]), and the move played must do there what it
  did in the game -- a ``before_move`` of a rule ``idle_in_initial_state``, an
  ``after_play`` where ``after_play_applies`` says False; a call rule's ``call_options``
  give the same calls past the cards left its variant's ``same_calls_from`` tell apart;
* a rule's ``acts_in_turn`` agrees with the seat of each of its moves played (listed or
  admitted) wherever the declaration matters: the engine has the before-move rules see
  the moves of a rule that acts in turn as the mover's own, and no other; a move declared
  the mover's own but made by another seat or the host, or declared out of turn but naming
  no seat (the engine takes it for the mover's: `makao.moves.move_seat`), must do what it
  does when played on a rule set that takes it the other way
  ([`reversing_in_turn`][makao.tables.reversing_in_turn]);
* a sample of unlisted moves (cards from the hand in plays that are not listed, cards not
  held, ``draw``/``pass`` when not listed, out-of-turn actions nobody may take now, seats
  that do not exist) is refused with [`IllegalMoveError`][makao.errors.IllegalMoveError] or
  [`InvalidMoveError`][makao.errors.InvalidMoveError], and the game is exactly as it was -- unless a
  rule admits it (``TurnRule.admit``: an infraction it charges), when it must play cleanly;
* a view leaks nothing: a seat's view is the same after the hidden cards (the other hands
  and the stock) are shuffled among themselves and another seat's drawn card is changed,
  and stays the same (as do the events it is told) after the seat plays the same cards in
  both games; another seat than the mover watches every move the same way (the cards
  hidden from it shuffled, the mover's hand included but for the cards being played; an
  out-of-turn actor's hand kept), up to the first draw (what follows a draw may hang on
  the card drawn) -- and a turn move that draws past the draw too, in a mirror game that
  draws the same cards and keeps the mover's whole hand (unless the stock was reshuffled);
  and each rule's public state, asked of the rule itself, reads only the rules' own state
  (it is what views show, and the same with the hidden cards shuffled);
* a position rebuilt from a seat's view as the bots rebuild one
  ([`sample_hidden`][makao.bots.sampling.sample_hidden]: each rule's ``restore_state`` of the
  view's ``public``) shows the same public state, for each rule with a ``restore_state`` of
  its own (by default a rule starts from its initial state); told once the game is over,
  so that a leak is told first;
* each call rule's ``call_options``, asked again with the arguments of the listed plays,
  answers as it did before in the game (it must depend on its arguments only);
* redacted events hide other seats' drawn cards and nothing else; when a mirror game
  differs, the move is played again from the same position, to tell a rule that depends
  on something outside the game (a global, ``random``) from a leak;
* the game ends within ``max_actions`` moves; once over, every move is refused;
* replaying [`record`][makao.engine.Game.record] from [`origin`][makao.engine.Game.origin] gives the
  same events and the same state, and so does a JSON round trip.

Any broken promise -- or a rule's crash while the suite lists, checks or plays a move --
raises `AssertionError` with the variant, table size, game seed and move number, at the
first failure (an unfinished game included), so the failure can be replayed. Blocked
games (PL-36) are no failure, but a report in which every game ended blocked says so:

    >>> from makao import variants
    >>> from makao.testing import check_variant
    >>> check_variant(variants.polish(), players=(2,), games=1).games
    1
"""

from __future__ import annotations

import contextlib
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable

import attrs

from makao._text import shown
from makao.actions import MAX_PLAYERS, ActionSpace
from makao.bots.sampling import sample_hidden
from makao.cards import ALL_CARDS, Card
from makao.engine import Game
from makao.errors import GameOverError, IllegalMoveError, InvalidMoveError, SetupError
from makao.events import CardsDrawn, CardsPlayed, Event, HandsSwapped, StockReshuffled, redact
from makao.moves import Draw, Move, Pass, Play, Say, Stop, move_seat, parse_move
from makao.rules.base import MOST_CARDS_LEFT, Effect, Rule, TurnRule, public_pairs
from makao.seeding import new_random
from makao.state import DERIVED, FIELDS, State
from makao.tables import (
    AFTER_PLAY,
    IDLE,
    RuleSet,
    distrusting,
    reversing_in_turn,
    skipping_declarations,
)
from makao.variant import Variant

__all__ = ["CheckReport", "check_variant", "snapshot"]

_REFUSALS = (IllegalMoveError, InvalidMoveError)


@attrs.frozen
class CheckReport:
    """What [`check_variant`][makao.testing.check_variant] did: how many games and moves it checked,
    and how the games ended. ``unfinished`` lists ``(players, seed)`` of games that did not end
    within ``max_actions`` (only when ``allow_unfinished`` was set; otherwise that is a failure).
    Its text says so when every game ended blocked (no failure: a variant may block)."""

    variant: str
    games: int
    actions: int
    finished: int
    blocked: int
    legal_checked: int
    illegal_checked: int
    unfinished: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        return (
            f"{self.variant}: {self.games} games, {self.actions} moves; "
            f"{self.finished} finished ({self.blocked} blocked), "
            f"{len(self.unfinished)} unfinished; {self.legal_checked} legal and "
            f"{self.illegal_checked} illegal moves checked"
        ) + (
            "; every game ended blocked (PL-36: nobody could move), none was won: "
            "check that the variant can be played out"
            if self.games and self.blocked == self.games
            else ""
        )


def snapshot(game: Game) -> tuple[object, ...]:
    """Every part of ``game``'s state, as a value to compare: every field declared in
    `makao.state.FIELDS` but the record, the rules' tables and the move cache
    (compare [`record`][makao.engine.Game.record] for the record). Anything but a game is
    a `SetupError`."""
    if not isinstance(game, State):
        raise SetupError(f"snapshot needs a Game, not {shown(game, 60)}")
    return tuple(
        _frozen(getattr(game, field.name)) for field in FIELDS if field.name not in _NOT_STATE
    )


_NOT_STATE = DERIVED | {"_log"}
_STATE_NAMES = tuple(field.name for field in FIELDS if field.name not in _NOT_STATE)
"""The names of the parts of a `snapshot`, in order."""

HIDDEN_FIELDS = frozenset({"hands", "stock", "rng", "beginning"})
"""The fields of the state (`makao.state.FIELDS`) that a seat may not see: the view
check changes every one of them and requires the seat's view to stay the same.
``beginning`` holds the seed and the deal's announcements (`makao.state.Beginning`)."""
MOVER_FIELDS = frozenset({"drawn"})
"""The fields only the seat to move may see: the card it just drew and may still play
(PL-8). The view check changes them for every other seat, as it does `HIDDEN_FIELDS`."""
PUBLIC_FIELDS = (
    frozenset(field.name for field in FIELDS) - HIDDEN_FIELDS - MOVER_FIELDS - _NOT_STATE
)
"""The fields a view may show (the seat's own hand is in ``hands``, checked apart)."""


def _shows_cards(event: object, seat: int) -> bool:
    """Whether ``event`` legitimately shows ``seat`` cards that were hidden from them (a
    draw, an exchange of hands): then a mirror game may differ in what they see."""
    if type(event) is CardsDrawn:
        return event.seat == seat
    return type(event) is HandsSwapped and seat in (event.seat, event.other)


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


def check_variant(
    variant: Variant,
    players: Iterable[int] = (2, 3, 4),
    games: int = 20,
    seed: int = 0,
    max_actions: int = 20_000,
    *,
    unlisted: int = 3,
    allow_unfinished: bool = False,
) -> CheckReport:
    """Play ``games`` seeded random games of ``variant``, taking the table sizes in
    ``players`` in turn, and check the engine's invariants after every move (see the
    module docs); ``unlisted`` unlisted moves are tried per position. Raises
    `AssertionError` on the first failure; returns a [`CheckReport`][makao.testing.CheckReport].
    Arguments of the wrong type or range are a `SetupError` (``players`` lists at most
    [`MAX_PLAYERS`][makao.actions.MAX_PLAYERS] sizes: an endless iterable is refused).
    ``games`` and ``max_actions`` have no upper bound: the run takes time in proportion to
    the games played and their moves (``max_actions`` caps each game's)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise SetupError(f"players must list table sizes, not {shown(players, 60)}")
    sizes = tuple(itertools.islice(players, MAX_PLAYERS + 1))  # not endless (count())
    if len(sizes) > MAX_PLAYERS:
        raise SetupError(
            f"players must list at most {MAX_PLAYERS} table sizes, not {shown(players, 60)}"
        )
    if not sizes:
        raise SetupError("players must list at least one table size, not ()")
    for name, value in (("games", games), ("max_actions", max_actions), ("unlisted", unlisted)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise SetupError(f"{name} must be a whole number ≥ 0, not {shown(value, 60)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SetupError(f"seed must be a whole number, not {shown(seed, 60)}")
    rng = new_random(seed)
    tally = _Tally()
    skipped = skipping_declarations(variant.compiled)
    declared = (skipped, distrusting(variant.rules, skipped) if skipped else None)
    for number in range(games):
        size = sizes[number % len(sizes)]
        check = _GameCheck(variant, size, rng.randrange(2**32), tally, unlisted, declared)
        check.run(max_actions)
        if tally.unfinished and not allow_unfinished:
            break  # the first failure: the other games are not played
    unfinished = tuple(tally.unfinished)
    if unfinished and not allow_unfinished:
        size, game_seed = unfinished[0]
        raise AssertionError(
            f"{variant.name}, {size} players, seed {game_seed}: the game did not end within "
            f"{max_actions} moves ({len(unfinished)} such games)"
        )
    return CheckReport(
        variant=variant.name,
        games=tally.games,
        actions=tally.actions,
        finished=tally.finished,
        blocked=tally.blocked,
        legal_checked=tally.legal,
        illegal_checked=tally.illegal,
        unfinished=unfinished,
    )


@attrs.define
class _Tally:
    games: int = 0
    actions: int = 0
    finished: int = 0
    blocked: int = 0
    legal: int = 0
    illegal: int = 0
    unfinished: list[tuple[int, int]] = attrs.Factory(list)


_Trial = tuple[Game, tuple[Event, ...]] | str | None
"""A listed move as `_GameCheck.tried` played it: the game and its events, what it
raised, or ``None`` (not kept: no declarations to check)."""
_Outcome = tuple[tuple[Event, ...], tuple[object, ...]] | str
"""What a move did: its events and the game's `snapshot` after it, or what it raised."""


def _outcome(trial: _Trial) -> _Outcome:
    """What the move of ``trial`` (kept: not ``None``) did."""
    assert trial is not None
    if isinstance(trial, str):
        return trial
    game, told = trial
    return told, snapshot(game)


_Declared = tuple[tuple[tuple[TurnRule, str], ...], RuleSet | None]
"""A variant's `skipping_declarations` and the `distrusting` rule set for them."""


class _BrokenPromiseError(AssertionError):
    """A broken promise the suite found, already saying where (a rule's own failed
    ``assert`` is a crash like any other, told where by the suite)."""


class _GameCheck:
    """One random game and the checks made along the way."""

    def __init__(
        self,
        variant: Variant,
        players: int,
        seed: int,
        tally: _Tally,
        unlisted: int,
        declared: _Declared = ((), None),
    ) -> None:
        """A game of ``variant`` at ``players`` seats from ``seed``; ``declared``: the
        variant's `skipping_declarations` and the rule set that calls the hooks they skip
        (`distrusting`; ``None`` when there are none)."""
        self.variant = variant
        self.unlisted = unlisted
        self.players = players
        self.seed = seed
        self.tally = tally
        self.rng = new_random(seed)
        # the observers' mirror games draw from a generator of their own: the games
        # played (and the checker's other draws) are those of the suite without it
        self.watch_rng = new_random(seed ^ 0x5EA7)
        # and so do the positions rebuilt from views and the mirror games past a draw
        self.spare_rng = new_random(seed ^ 0xB075)
        self.unrestored: AssertionError | None = None  # the first failed `check_restore`
        self.restored: set[tuple[tuple[str, object], ...]] = set()  # publics rebuilt once
        self.calls: dict[tuple[int, tuple[Card, ...], int], tuple[str, ...]] = {}
        self.space = ActionSpace(variant, players)
        self.encoded: set[Move] = set()  # listed moves with an action id (checked once)
        self.effects: set[Effect] = set()  # effects in force that read back
        self.answered: set[tuple[Effect, Card]] = set()  # answer sets found like `allows`
        # the hooks the rule set skips on the rules' word, and a rule set that calls them
        self.declared, self.distrust = declared
        self.declared_names = {name for _, name in self.declared}
        self.trials: dict[Move, _Trial] = {}  # the listed moves as `tried` played them
        self.reversed: dict[type, RuleSet] = {}  # `reversing_in_turn` per move type, once
        self.game = Game.new(variant, players, seed)
        self.cards = Counter(self._all_cards(self.game))
        self.events: list[tuple[Event, ...]] = []
        self.action = 0
        self.doing = "starting"

    def fail(self, message: str) -> AssertionError:
        """An AssertionError that says where: variant, table, seed, move number."""
        where = f"{self.variant.name}, {self.players} players, seed {self.seed}"
        return _BrokenPromiseError(f"{where}, move {self.action + 1}: {message}")

    def run(self, max_actions: int) -> None:
        """Play the game to its end (or ``max_actions``), checking every position."""
        game = self.game
        self.tally.games += 1
        while not game.is_over and self.action < max_actions:
            self.doing = "listing the legal moves"
            try:
                before = snapshot(game)
                legal = game.legal_moves()
                if snapshot(game) != before:
                    raise self.fail("listing the legal moves changed the game")
                self.check_position(legal, before)
                move = self.rng.choice(legal)
                self.doing = f"playing {str(move)!r}"
                events = self.play(move)
            except _BrokenPromiseError:
                raise
            except Exception as error:  # a rule's crash (its own assert too), with where
                raise self.fail(f"{self.doing} raised {error!r}") from error
            self.check_redaction(events)
            self.events.append(events)
            self.action += 1
        self.tally.actions += self.action
        if game.is_over:
            self.tally.finished += 1
            self.tally.blocked += game.blocked
            self.check_over()
        else:
            self.tally.unfinished.append((self.players, self.seed))
        self.check_replay()
        if self.unrestored is not None:
            raise self.unrestored

    # -------------------------------------------------------------- per position

    def check_position(self, legal: tuple[Move, ...], before: tuple[object, ...]) -> None:
        """All the checks of one position before a move (``before``: its snapshot); the
        cards are counted after each move (`play`)."""
        self.check_seats()
        if not legal:
            raise self.fail("a game that is not over has no legal move")
        self.doing = "checking the legal moves"
        self.check_legal(legal, before)
        self.doing = "asking the idle rules for moves"
        self.check_idle()
        self.doing = "asking for the calls of the listed plays"
        self.check_calls(legal)
        self.doing = "checking unlisted moves"
        self.check_unlisted(legal)
        self.doing = "checking the views"
        self.check_view()
        if snapshot(self.game) != before:
            raise self.fail("asking for a view or the rules' public state changed the game")

    def check_cards(self) -> None:
        """No card was created or lost."""
        now = Counter(self._all_cards(self.game))
        if now != self.cards:
            gained, lost = now - self.cards, self.cards - now
            raise self.fail(f"cards changed: gained {_cards(gained)}, lost {_cards(lost)}")

    def check_seats(self) -> None:
        """A seat that has finished (before the game is over) holds no cards and is not
        the seat to move."""
        game = self.game
        if not any(game.done):
            return
        for seat, done in enumerate(game.done):
            if done and game.hands[seat]:
                held = " ".join(str(card) for card in game.hands[seat])
                raise self.fail(f"seat {seat} has finished but holds {held}")
            if done and seat == game.to_move:
                raise self.fail(f"seat {seat} has finished but is the seat to move")

    def check_legal(self, legal: tuple[Move, ...], before: tuple[object, ...]) -> None:
        """Every listed move is listed once, reads back from its text, names seats at the
        table, has an action id (`ActionSpace`) and is accepted."""
        self.trials.clear()
        if len(set(legal)) != len(legal):
            repeated = [str(m) for m, n in Counter(legal).items() if n > 1]
            raise self.fail(f"moves listed more than once: {repeated}")
        for move in legal:
            text = str(move)
            try:
                read = parse_move(text)
            except Exception as error:
                raise self.fail(
                    f"{move!r} prints as {text!r}, which does not read back ({error}): a "
                    "rule's own move needs a parser for its text "
                    "(`makao.moves.register_move_parser`)"
                ) from error
            if read != move:
                raise self.fail(f"{move!r} prints as {text!r}, which reads {read!r}")
            if type(move) is not Play:
                self.check_seats_named(move, text)
            try:
                self.trials[move] = self.tried(move)
            except Exception as error:
                raise self.fail(f"listed move {text!r} failed: {error!r}") from error
            if move not in self.encoded:
                try:
                    self.space.encode(move)
                except Exception as error:
                    raise self.fail(
                        f"listed move {text!r} has no action id ({error}): list its kind "
                        "in a rule's action_templates"
                    ) from error
                self.encoded.add(move)
        self.tally.legal += len(legal)
        if snapshot(self.game) != before:
            raise self.fail("playing a move on a clone changed the original game")

    def check_idle(self) -> None:
        """A rule that says it lists no move while every rule's state is initial
        (`TurnRule.idle_in_initial_state`), which the engine then does not ask, lists
        none when asked in such a position."""
        game = self.game
        rules = game.compiled
        if game.rule_states != rules.initial_state:
            return
        for rule in rules.extra_move_rules:
            if rule in rules.busy_extra_move_rules:
                continue
            listed = tuple(rule.extra_moves(game))
            if listed:
                raise self.fail(
                    f"{type(rule).__name__} is idle in the initial rule state "
                    f"(idle_in_initial_state) but lists {', '.join(map(str, listed))}: the "
                    "engine does not ask it then"
                )

    def check_calls(self, legal: tuple[Move, ...]) -> None:
        """Each call rule's ``call_options`` for the listed plays depends on its arguments
        only (the engine keeps its answers): asked again with the same arguments as at an
        earlier position of the game, it answers the same."""
        game = self.game
        rules = game.compiled.call_rules
        if not rules:
            return
        cap = game.compiled.left_cap
        held = len(game.hands[game.to_move])
        asked = {move.cards for move in legal if type(move) is Play}
        for cards in asked:
            left = min(held - len(cards), cap)
            true = min(held - len(cards), MOST_CARDS_LEFT)
            for number, rule in enumerate(rules):
                options = tuple(rule.call_options(cards, left))
                key = (number, cards, left)
                first = self.calls.setdefault(key, options)
                shown_cards = " ".join(str(card) for card in cards)
                if first != options:
                    raise self.outside(
                        f"{type(rule).__name__}.call_options(({shown_cards}), {left}) asked "
                        f"again with the same arguments answered {options}, not {first}"
                    )
                if true != left and (told := tuple(rule.call_options(cards, true))) != options:
                    raise self.fail(
                        f"{type(rule).__name__}.call_options(({shown_cards}), {true}) gives "
                        f"{told}, not {options} as for {left} cards left, where the "
                        f"variant's call rules say calls stop changing (same_calls_from: "
                        f"{type(rule).__name__}'s is {rule.same_calls_from()}): the play "
                        f"leaving {true} is listed with the calls for {left}; make "
                        "same_calls_from the number of cards left from which its calls "
                        "stay the same"
                    )

    def check_seats_named(self, move: Move, text: str) -> None:
        """An out-of-turn move names seats at the table (its ``seat``, a stop's target)."""
        named = [move_seat(move)]
        if type(move) is Stop:
            named.append(move.target)
        for seat in named:
            if seat is not None and not 0 <= seat < self.players:
                raise self.fail(
                    f"listed move {text!r} names seat {seat}, not at a table of {self.players}"
                )

    def check_effect(self) -> None:
        """The effect in force is an immutable value (hashable: clones and saved games
        share it) that reads back from its text (`Variant.parse_effect`), as positions,
        saved games and the wire write it."""
        effect = self.game.effect
        if effect is None:
            return
        try:
            if effect in self.effects:
                return
        except TypeError as error:
            raise self.fail(
                f"the effect in force {shown(effect, 80)} is not hashable ({error}): an "
                "effect is an immutable value that clones and saved games share, so a hook "
                "that changes it in place changes them all; make its fields immutable (a "
                "tuple, not a list; a frozenset, not a set) in a frozen attrs class"
            ) from None
        try:
            text = effect.to_text()
        except Exception as error:
            raise self.fail(f"the effect in force {effect!r} has no text: {error!r}") from error
        try:
            read = self.variant.parse_effect(text)
        except Exception as error:
            raise self.fail(
                f"the effect in force {effect!r} writes as {text!r}, which does not read "
                f"back: {error}"
            ) from error
        if read != effect:
            raise self.fail(
                f"the effect in force {effect!r} writes as {text!r}, which reads {read!r}"
            )
        self.effects.add(effect)

    def check_answers(self) -> None:
        """The effect in force, if it gives a set of answers on the top card
        (`Effect.answers`, which move generation reads instead of asking `allows`),
        gives the cards its `allows` accepts (under no suit override, which asks
        neither)."""
        game = self.game
        effect = game.effect
        if effect is None or effect.suit_override is not None:
            return
        top = game.top
        key = (effect, top)
        with contextlib.suppress(TypeError):  # an unhashable effect: checked every time
            if key in self.answered:
                return
        answers = effect.answers(top)
        if answers is None:
            return
        allowed = frozenset(card for card in ALL_CARDS if effect.allows(game, card))
        if frozenset(answers) != allowed:
            more = " ".join(map(str, sorted(frozenset(answers) - allowed))) or "none"
            fewer = " ".join(map(str, sorted(allowed - frozenset(answers)))) or "none"
            raise self.fail(
                f"{type(effect).__name__}.answers({top}) disagrees with its allows: it adds "
                f"{more} and leaves out {fewer}"
            )
        with contextlib.suppress(TypeError):
            self.answered.add(key)

    def check_unlisted(self, legal: tuple[Move, ...]) -> None:
        """A sample of moves that are not listed is refused and changes nothing."""
        listed = set(legal)
        sample = [move for move in self._unlisted_sample() if move not in listed]
        for move in self.rng.sample(sample, min(self.unlisted, len(sample))):
            if self.admitted(move, legal):
                trial = self.game.clone()
                try:
                    told = trial.play(move)
                except Exception as error:
                    raise self.fail(f"the admitted move {str(move)!r} failed: {error!r}") from error
                self.check_in_turn(self.game, move, trial, told)
            else:
                self.expect_refused(move, _REFUSALS)

    def admitted(self, move: Move, legal: tuple[Move, ...]) -> bool:
        """Whether a rule admits the unlisted ``move`` (an infraction it will charge)."""
        rules: tuple[TurnRule, ...] = getattr(self.game.compiled, "admit_rules", ())
        return any(rule.admit(self.game.clone(), move, legal) is not None for rule in rules)

    def expect_refused(self, move: Move, errors: tuple[type[Exception], ...]) -> None:
        """``move`` must raise one of ``errors`` and leave the game (a clone) unchanged."""
        game = self.game.clone()
        before, record, legal = snapshot(game), game.record, game.legal_moves()
        try:
            game.play(move)
        except errors:
            pass
        except Exception as error:
            raise self.fail(f"{move!r} raised {error!r}, not one of {errors}") from error
        else:
            raise self.fail(f"the unlisted move {str(move)!r} was accepted")
        if snapshot(game) != before or game.record != record or game.legal_moves() != legal:
            raise self.fail(f"the refused move {str(move)!r} changed the game")
        self.tally.illegal += 1

    def _unlisted_sample(self) -> list[Move]:
        game, rng = self.game, self.rng
        hand = game.hands[game.to_move]
        sample: list[Move] = [Draw(), Pass()]
        choice = rng.choice(self.space.ends)
        calls = tuple(name for name in self.space.calls if rng.random() < 0.5)
        if hand:
            sample.append(Play((rng.choice(hand),), choice, calls))
            sample.append(Play((rng.choice(hand),)))
        if len(hand) >= 2:
            sample.append(Play(tuple(rng.sample(hand, 2))))
        missing = [card for card in ALL_CARDS if card not in hand]
        sample.append(Play((rng.choice(missing),)))
        if self.space.extras:
            sample.append(rng.choice(self.space.extras))
        nobody = self.players + rng.randrange(3)
        sample += [Say(nobody, "makao"), Stop(nobody, 0), Stop(0, nobody)]
        return sample

    def check_view(self) -> None:
        """A random seat's view does not change when the hidden cards are shuffled, nor
        does the rules' public state asked afresh (`check_public`)."""
        seat = self.rng.randrange(self.players)
        shuffled = self.shuffled_for(seat)
        if shuffled.view(seat) != self.game.view(seat):
            raise self.fail(f"seat {seat}'s view depends on cards hidden from them")
        self.check_public(shuffled)
        if self.unrestored is None and _restoring(self.game):
            self.check_restore(seat)

    def check_public(self, shuffled: Game) -> None:
        """Each rule's public state, asked of the rule itself (views keep it in a cache
        keyed by the rules' own state, so a view alone would not show this), reads only
        the rules' own state: it is what views show, and the same in ``shuffled``."""
        fresh = _public_pairs(self.game)
        if fresh != self.game.public_state():
            raise self.fail(
                f"a rule's public state {fresh} reads more than the rules' own state: "
                f"views show {self.game.public_state()}"
            )
        if _public_pairs(shuffled) != fresh:
            raise self.fail(f"a rule's public state {fresh} depends on cards hidden from seats")

    def check_restore(self, seat: int) -> None:
        """A position rebuilt from ``seat``'s view as the bots rebuild one
        ([`sample_hidden`][makao.bots.sampling.sample_hidden]: `Game.from_position` with the
        view's ``public``, each rule's ``restore_state``) shows the same public state: a
        rule's ``restore_state(public)`` gives a state that shows ``public``. The first
        failure is raised once the game is over (`run`): a public state that shows hidden
        cards is told as such first (a leak is no restore to make)."""
        game = self.game
        self.doing = f"rebuilding the position from seat {seat}'s view"
        view = game.view(seat)
        try:
            if view.public in self.restored:  # a public state already rebuilt in this game
                return
            self.restored.add(view.public)
        except TypeError:  # an unhashable value: rebuilt every time
            pass
        try:
            rebuilt = sample_hidden(view, self.spare_rng)
        except SetupError as error:  # refused (what did not take): the rules' own restore
            refused: SetupError | None = error
            rebuilt = game.clone()
            for rule in game.compiled.stateful:
                rebuilt.set_rule_state(rule, rule.restore_state(dict(view.public)))
        else:
            refused = None
        rules = _restoring(game)
        shown_by, restored = _public_by_rule(game, rules), _public_by_rule(rebuilt, rules)
        if refused is not None and restored == shown_by:
            self.unrestored = self.fail(
                f"the position rebuilt from seat {seat}'s view was refused: {refused}"
            )
        elif restored != shown_by:
            names = ", ".join(
                type(rules[n]).__name__ for n, pairs in enumerate(restored) if pairs != shown_by[n]
            )
            self.unrestored = self.fail(
                f"the position rebuilt from seat {seat}'s view shows the public state "
                f"{_public_pairs(rebuilt)}, not {view.public}: {names}.restore_state does "
                "not give the state that shows its public state"
            )
        self.doing = "checking the views"

    def shuffled_for(
        self,
        seat: int,
        keep: tuple[Card, ...] = (),
        rng: random.Random | None = None,
        holder: int | None = None,
        source: Game | None = None,
        top: tuple[Card, ...] = (),
    ) -> Game:
        """A clone of the game in which every part of the state hidden from ``seat``
        (`HIDDEN_FIELDS`, and `MOVER_FIELDS` if another seat is to move) is changed: the
        cards hidden from them shuffled among the other hands and the stock (each keeping
        its size; the ``keep`` cards that ``holder``, by default the seat to move, is
        about to play stay in its hand, at their places), as the card another seat drew
        the one at its place in that seat's new hand, another random generator state and
        seed, and the deal's announcements with others' drawn cards blanked. ``rng``
        draws (by default the checker's own generator); ``source`` is the game (by default
        the one checked); the ``top`` cards (from its stock) come off the stock first, in
        their order."""
        game = self.game if source is None else source
        rng = self.rng if rng is None else rng
        shuffled = game.clone()
        mover = game.to_move
        others = [s for s in range(self.players) if s != seat]
        holder = mover if holder is None else holder
        kept: list[bool] = []  # per card of the holder's hand: stays where it is
        if keep and holder != seat:
            held = Counter(keep)
            for card in game.hands[holder]:
                kept.append(held[card] > 0)
                held[card] -= 1
        hidden = [
            card
            for s in others
            for card, stays in itertools.zip_longest(game.hands[s], kept if s == holder else ())
            if not stays
        ] + game.stock
        if top:  # one copy of each comes out of the shuffle
            left, rest = Counter(top), []
            for card in hidden:
                if left[card]:
                    left[card] -= 1
                else:
                    rest.append(card)
            hidden = rest
        rng.shuffle(hidden)
        taken = 0
        for s in others:
            hand = game.hands[s]
            if s == holder and kept:
                new: list[Card] = []
                for card, stays in zip(hand, kept, strict=True):
                    if not stays:
                        card, taken = hidden[taken], taken + 1
                    new.append(card)
                shuffled.hands[s] = tuple(new)
            else:
                shuffled.hands[s], taken = (
                    tuple(hidden[taken : taken + len(hand)]),
                    taken + len(hand),
                )
        shuffled.stock = hidden[taken:] + list(reversed(top))  # the top card last
        if game.drawn is not None and seat != mover:  # PL-8: the mover's alone
            # the card now at its place in the mover's shuffled hand (no draw of the
            # checker's generator: the rest of the check runs as before)
            place = game.hands[mover].index(game.drawn)
            shuffled.drawn = shuffled.hands[mover][place]
        shuffled.rng = rng.getrandbits(64)
        shuffled.beginning = game.beginning.reseeded(rng.getrandbits(62)).announced(
            redact(game.opening, seat)
        )
        return shuffled

    def observer(self, move: Move) -> int | None:
        """The seat that watches ``move`` in a mirror game: neither the seat to move nor
        the move's own seat, in turn from the next seat (none at two seats for another
        seat's out-of-turn move)."""
        mover, actor = self.game.to_move, move_seat(move)
        seats = [s for s in range(1, self.players) if (mover + s) % self.players != actor]
        if not seats:
            return None
        return (mover + seats[self.action % len(seats)]) % self.players

    def play(self, move: Move) -> tuple[Event, ...]:
        """Play ``move``, and play it also in mirror games where the cards hidden from a
        seat are shuffled: what that seat sees next must not differ, unless they drew a
        card (which the shuffle may have changed). The seat to move is mirrored when it
        plays cards; another seat (`observer`) for every move, with the cards being
        played kept in the mover's hand."""
        game = self.game
        seat = game.to_move
        watcher = self.observer(move)
        actor = move_seat(move)
        watched = None
        if watcher is not None and actor is None:  # a turn move: the cards played stay
            played = move.cards if type(move) is Play else ()
            watched = self.shuffled_for(watcher, played, self.watch_rng)
        elif watcher is not None and actor is not None:  # out of turn: the actor's hand stays
            hand = game.hands[actor] if 0 <= actor < self.players else ()
            watched = self.shuffled_for(watcher, hand, self.watch_rng, actor)
        again = game.clone()
        mirror = self.shuffled_for(seat) if type(move) is Play else None
        games = [(seat, mirror), (watcher, watched)]
        befores = [(s, g, g.clone()) for s, g in games if s is not None and g is not None]
        events = game.play(move)
        self.check_cards()
        self.check_in_turn(again, move, game, events)
        if self.distrust is not None and self.may_skip(move, events, again):
            self.check_declared(move, events, again, self.trials[move])
        self.check_effect()
        self.check_answers()
        for looker, other, other_again in befores:
            whose = "" if looker == seat else f" (seat {seat}'s move)"
            self.check_mirror(looker, move, events, again, other, other_again, whose)
        if watcher is not None and actor is None:
            self.check_past_draw(watcher, move, events, again)
        return events

    def may_skip(self, move: Move, events: tuple[Event, ...], again: Game) -> bool:
        """Whether ``move`` (from ``again``, the game before it; its ``events``) is one a
        declaration may have had the engine skip a hook in: made in the initial rule
        state (``idle_in_initial_state``), or one that played cards without calls
        (``after_play_applies``)."""
        names = self.declared_names
        if IDLE in names and again.rule_states == again.compiled.initial_state:
            return True
        return (
            AFTER_PLAY in names
            and not (type(move) is Play and move.calls)
            and any(type(event) is CardsPlayed for event in events)
        )

    def tried(self, move: Move) -> _Trial:
        """``move`` (listed) played on a clone, as `check_legal` plays every listed move:
        with declarations that skip hooks (`skipping_declarations`), on the rule set that
        calls those hooks (`distrusting`), kept for `check_declared` -- the game and what
        the move told, or what the move raised there though the variant's own rule set
        plays it. A failure of the variant's own rule set raises."""
        trial = self.game.clone()
        if self.distrust is None:
            trial.play(move)
            return None
        trial.compiled = self.distrust
        try:
            return trial, trial.play(move)
        except Exception as error:
            self.game.clone().play(move)  # the move fails as the variant plays it: raised
            return f"raised {error!r}"

    def check_declared(
        self, move: Move, events: tuple[Event, ...], again: Game, trial: _Trial
    ) -> None:
        """``move``, as `tried` played it on a rule set that calls the hooks the rules
        declare they need not (``idle_in_initial_state``, ``after_play_applies``), did
        what it did (its ``events``; ``again``, the game before it): a hook that acts
        where its rule's declaration has the engine skip it is silently off there."""
        done = _outcome(trial)
        if done == (events, snapshot(self.game)):
            return
        # a move that does otherwise when played again hangs on something outside the game
        self.check_repeatable(again.clone(), move, events, self.game)
        for rule, name in self.declared:  # which declaration: the first that tells alone
            alone = again.clone()
            alone.compiled = distrusting(self.variant.rules, ((rule, name),))
            try:
                alone_done = _outcome((alone, alone.play(move)))
            except Exception as error:
                alone_done = f"raised {error!r}"
            if alone_done == done:
                break
        else:  # no declaration alone: the move did otherwise when played again
            raise self.outside(
                f"{str(move)!r} played again from the same position did otherwise (with "
                f"the hooks the rules declare idle called: {self.hook_did(events, done)}, "
                "which no declaration alone does)"
            )
        did = self.hook_did(events, done)
        if name == AFTER_PLAY:
            skipped = [n for n in range(MOST_CARDS_LEFT + 1) if not rule.after_play_applies(n)]
            raise self.fail(
                f"{type(rule).__name__}.after_play_applies is False for {skipped} cards left "
                f"({MOST_CARDS_LEFT}: four or more), but its after_play acted after "
                f"{str(move)!r} ({did}): the engine does not call it after a play without "
                "calls that leaves those cards, so the rule is off there; make "
                "after_play_applies True wherever after_play may act"
            )
        raise self.fail(
            f"{type(rule).__name__} declares {name} = True, but its before_move acted "
            f"before {str(move)!r} in the initial rule state ({did}): the engine does not "
            "call it while every rule's state is its initial state, so the rule is off "
            f"there; declare {name} only for a rule whose before_move and extra_moves do "
            "nothing then"
        )

    def check_in_turn(
        self, before: Game, move: Move, played: Game, events: tuple[Event, ...]
    ) -> None:
        """The move ``played`` just carried out for ``move`` (``before``: the game before
        it; its ``events``), if a rule carries it out (`TurnRule.handles`) and the seat
        that makes it contradicts the rule's ``acts_in_turn`` -- declared the mover's own
        but made by another seat or the host, or declared out of turn but naming no seat
        (the engine takes it for the mover's, `move_seat`) --, must do what it does on a
        rule set that takes it the other way (`reversing_in_turn`): else the declaration
        silently changes the game (the before-move rules see another seat's action as the
        mover's move, or miss the mover's own)."""
        made = played.last_move  # an admitted move's stand-in (`TurnRule.admit`)
        rules = before.compiled
        rule = None if made is None else rules.handlers.get(type(made))
        if made is None or rule is None:  # a turn move: the engine's own
            return
        in_turn = type(made) in rules.in_turn_moves
        seat = before.actor(made)
        if in_turn and seat != before.to_move:
            maker = "the host" if seat is None else f"seat {seat}"
            why = (
                f"it is made by {maker}, not by seat {before.to_move}, the player to move: "
                "the before-move rules see it as the mover's own move"
            )
        elif not in_turn and seat is not None and move_seat(made) is None:
            why = (
                f"it names no seat, so it is the move of seat {seat}, the player to move "
                "(`makao.moves.move_seat`), yet the before-move rules, which see the "
                "mover's own moves, do not see it"
            )
        else:
            return
        kind = type(made)
        if kind not in self.reversed:
            self.reversed[kind] = reversing_in_turn(self.variant.rules, kind)
        other = before.clone()
        other.compiled = self.reversed[kind]
        try:
            done: _Outcome = _outcome((other, other.play(move)))
        except Exception as error:
            done = f"raised {error!r}"
        if done == (events, snapshot(played)):
            return  # no before-move rule cares here
        self.check_repeatable(before.clone(), move, events, played)
        did = self.hook_did(events, done, played)
        raise self.fail(
            f"{type(rule).__name__} declares acts_in_turn = {in_turn}, but {str(made)!r} "
            f"contradicts it: {why}; taken the other way, the move does otherwise ({did}). "
            "acts_in_turn is for a rule whose moves are the turn's own actions of the "
            "player to move (a move made out of turn names the seat that makes it)"
        )

    def hook_did(
        self,
        events: tuple[Event, ...],
        done: _Outcome,
        played: Game | None = None,
    ) -> str:
        """What a skipped hook did, called: ``done`` (`check_declared`) against the move's own
        ``events`` and the game after it (``played``, by default the game checked)."""
        if isinstance(done, str):
            return done
        told, state = done
        extra = [event for event in told if event not in events]
        if extra:
            return "it recorded " + ", ".join(repr(event) for event in extra[:3])
        missing = [event for event in events if event not in told]
        if missing:
            return "it did not record " + ", ".join(repr(event) for event in missing[:3])
        after = snapshot(self.game if played is None else played)
        changed = [
            name for name, now, then in zip(_STATE_NAMES, after, state, strict=True) if now != then
        ]
        return "it changed the game's " + ", ".join(changed) if changed else "its events differ"

    def check_past_draw(
        self, watcher: int, move: Move, events: tuple[Event, ...], again: Game
    ) -> None:
        """A turn move that draws is watched by ``watcher`` past the draw too, in a mirror
        game (of ``again``, the game before it) where the cards drawn are the same (on top
        of the stock, in the order drawn) and the mover's whole hand stays: what follows a
        draw may hang on the cards drawn and on the mover's hand (PL-8, RU-9, UM-5), but
        on no other hidden card. Not when the stock was reshuffled (the cards drawn then
        hang on the hidden random generator) or the watcher drew."""
        drawn = [card for e in events if type(e) is CardsDrawn for card in e.cards]
        if not drawn or any(type(e) is StockReshuffled for e in events):
            return
        if any(_shows_cards(event, watcher) for event in events):
            return
        if Counter(drawn) - Counter(again.stock):  # not all from the stock
            return
        mover = again.to_move
        mirror = self.shuffled_for(
            watcher, again.hands[mover], self.spare_rng, mover, again, tuple(drawn)
        )
        whose = f" (seat {mover}'s move, past the draw)"
        self.check_mirror(watcher, move, events, again, mirror, mirror.clone(), whose, past=True)

    def check_mirror(
        self,
        seat: int,
        move: Move,
        events: tuple[Event, ...],
        again: Game,
        mirror: Game,
        mirror_again: Game,
        whose: str = "",
        *,
        past: bool = False,
    ) -> None:
        """``move`` played in ``mirror`` (the game before it with the cards hidden from
        ``seat`` shuffled) tells ``seat`` the same and leaves them the same view;
        ``again`` and ``mirror_again`` are clones taken before it, to play it once more
        if not (`check_repeatable`). When ``seat`` is not the mover (``whose`` says
        whose move it is), a move that the mover's hidden cards make illegal in the
        mirror is not compared, and a move that draws is compared up to the first draw
        only: what follows may hang on the drawn cards (a turn that ends when the drawn
        card cannot be played, drawing until one can)."""
        game = self.game
        try:
            mirrored = mirror.play(move)
        except _REFUSALS:
            if not whose:  # the mover's own play: its hidden cards are not the others'
                raise
            return  # the move's own cards (hidden from ``seat``) decide: nothing to compare
        if any(_shows_cards(event, seat) for event in events):
            return
        cut = None
        # another seat's move: what follows a draw may hang on the cards drawn (unless
        # the mirror drew the same cards, ``past``)
        if whose and not past:
            cut = next((n for n, e in enumerate(events, 1) if type(e) is CardsDrawn), None)
        if cut is not None:
            told = redact(mirrored[:cut], seat) != redact(events[:cut], seat)
            shown = False
        else:
            told = redact(mirrored, seat) != redact(events, seat)
            shown = not told and mirror.view(seat) != game.view(seat)
        if told or shown:
            self.check_repeatable(again, move, events, game)
            self.check_repeatable(mirror_again, move, mirrored, mirror)
            if told:
                raise self.fail(
                    f"{str(move)!r} told seat {seat} about cards hidden from them{whose}"
                )
            raise self.fail(f"after {str(move)!r}, seat {seat}'s view shows hidden cards{whose}")

    def check_repeatable(
        self, again: Game, move: Move, events: tuple[Event, ...], played: Game
    ) -> None:
        """``move`` played once more in ``again`` (a clone of ``played`` before it) gives
        the same ``events`` and state: else the rules hang on something outside the game
        (asked only when a mirror game differs, to tell that from a leak)."""
        if again.play(move) != events or snapshot(again) != snapshot(played):
            raise self.outside(f"{str(move)!r} played again from the same position did otherwise")

    def outside(self, what: str) -> AssertionError:
        """The failure of a rule hook that, asked again the same, did otherwise (``what``)."""
        return self.fail(
            f"{what}: the rules depend on something outside the game (a global, a value "
            "changed in place -- a rule's field, its state or an effect --, `random` "
            "instead of the game's generator)"
        )

    def check_redaction(self, events: tuple[Event, ...]) -> None:
        """Redaction hides other seats' drawn cards, and nothing else."""
        for seat in range(self.players):
            for event, seen in zip(events, redact(events, seat), strict=True):
                expected: object = event
                if isinstance(event, CardsDrawn) and event.seat != seat:
                    expected = event._replace(cards=())
                if seen != expected:
                    raise self.fail(f"seat {seat} sees {seen!r} for {event!r}")

    # -------------------------------------------------------------- at the end

    def check_over(self) -> None:
        """A finished game lists no moves, refuses every move and ranks every seat."""
        game = self.game
        if game.legal_moves():
            raise self.fail("a finished game still lists legal moves")
        try:
            outcome = game.outcome
        except SetupError as error:  # `Outcome` refuses an order that is no ranking (PL-32)
            raise self.fail(f"the outcome does not rank every seat once: {error}") from None
        if outcome is None or sorted(outcome.order) != list(range(self.players)):
            raise self.fail(f"the outcome {outcome} does not rank every seat once")
        for move in (Draw(), Pass(), *self._unlisted_sample()):
            self.expect_refused(move, (GameOverError,))

    def check_replay(self) -> None:
        """Replaying the record (as text) gives the same events and state; so does JSON."""
        game, variant = self.game, self.variant
        record = game.record
        copy = self._rebuilt("starting the replay", lambda: Game.replay(variant, game.origin, ()))
        for number, (move, events) in enumerate(zip(record, self.events, strict=True), 1):
            try:
                replayed = copy.play(str(move))
            except Exception as error:
                self.action = number - 1
                raise self.fail(f"replaying {str(move)!r} failed: {error!r}") from error
            if replayed != events:
                self.action = number - 1
                raise self.fail(f"replaying {str(move)!r} gave other events")
        self._same(copy, "replaying the record move by move")
        self._same(
            self._rebuilt("Game.replay", lambda: Game.replay(variant, game.origin, record)),
            "Game.replay",
        )
        self._same(
            self._rebuilt("a JSON round trip", lambda: Game.from_json(game.to_json(), variant)),
            "a JSON round trip",
        )

    def _rebuilt(self, how: str, make: Callable[[], Game]) -> Game:
        """``make()``, whose failure is the suite's (with the context), not the engine's."""
        try:
            return make()
        except Exception as error:
            raise self.fail(f"{how} failed: {error!r}") from error

    def _same(self, copy: Game, how: str) -> None:
        if snapshot(copy) != snapshot(self.game) or copy.record != self.game.record:
            raise self.fail(f"{how} did not reproduce the game")

    @staticmethod
    def _all_cards(game: Game) -> list[Card]:
        return [card for hand in game.hands for card in hand] + game.stock + game.pile


def _public_pairs(game: Game) -> tuple[tuple[str, object], ...]:
    """The rules' public state asked of each rule now, not through the views' cache (as
    `Game.public_state` makes it on a miss; the suite reads no private name of a game)."""
    pairs = [pair for rule in game.compiled.stateful for pair in public_pairs(rule, game)]
    return tuple(sorted(pairs, key=lambda pair: pair[0]))


def _restoring(game: Game) -> tuple[Rule, ...]:
    """The stateful rules of ``game``'s variant that restore their state from a view's
    public state (a rule keeping `Rule.restore_state` starts from its initial state)."""
    return tuple(
        rule
        for rule in game.compiled.stateful
        if type(rule).restore_state is not Rule.restore_state
    )


def _public_by_rule(
    game: Game, rules: tuple[Rule, ...]
) -> tuple[tuple[tuple[str, object], ...], ...]:
    """Each of ``rules``' public state in ``game``, asked of the rule now."""
    return tuple(public_pairs(rule, game) for rule in rules)


def _cards(counts: Counter[Card]) -> str:
    return " ".join(str(card) for card in counts.elements()) or "nothing"
