"""Move-scoring shared by [`HeuristicBot`][makao.bots.HeuristicBot] and the MCTS rollouts.

A [`Situation`][makao.bots.policy.Situation] is the little a scoring policy needs -- the player's
hand, the effect in force, the other players' hand sizes, the compiled rules -- built from a
[`View`][makao.view.View] (for a bot) or straight from a [`Game`][makao.engine.Game] (inside a
search, where building a full view per step would cost more than the step).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from makao._core import Core
from makao._text import shown
from makao.bots.situation import Situation, _closest
from makao.cards import Card, Rank, Suit
from makao.errors import IllegalMoveError, SetupError
from makao.moves import TURN_MOVES, Move, Play, Say, Seat, move_seat
from makao.rules.attack import BattleCards

if TYPE_CHECKING:
    from random import Random

    from makao.engine import Game
    from makao.rules.base import Effect
    from makao.tables import RuleSet

__all__ = [
    "TALK_CALLS",
    "RandomPick",
    "Situation",
    "best_moves",
    "best_moves_in",
    "has_talk",
    "heuristic_rollout",
    "is_talk",
    "prefer_calls",
    "prefer_choices",
    "random_chooser",
    "random_move",
    "score_move",
    "seat_moves",
    "split_talk",
    "without_talk",
]

ACTION_SCORE: Final = 10_000.0
"""Out-of-turn actions (a late call, "stop" on another player) are always worth taking."""
FINISH_SCORE: Final = 1_000.0
CALL_SCORE: Final = 100.0
TALK_CALLS: Final = frozenset({"question", "remark"})
"""Table talk that never helps the speaker: opening a question period and remarks in one
(Ultimate Mao, UM-21). Saying "end-of-questions" closes a period and is not talk here."""
#: The classes the hot loops below test for, as ``Final`` names: compiled, each use of
#: an imported class looks it up in the module's globals (a dict lookup by name, about 130
#: instructions), where a ``Final`` name is a C variable.
_SAY: Final = Say
_PLAY: Final = Play
_SUIT: Final = Suit


def is_talk(move: Move) -> bool:
    """Whether ``move`` is table talk (`TALK_CALLS`), which makes no progress."""
    return type(move) is _SAY and move.call in TALK_CALLS


def has_talk(moves: Sequence[Move]) -> bool:
    """Whether any of ``moves`` is table talk (cheap when none is a ``Say``: the usual case,
    checked for every decision of every simulated game). A plain loop: ``Say in
    map(type, moves)`` costs about 450 instructions a move (a call of ``type`` and a rich
    comparison of two types each), the loop's ``type(move) is Say`` a third of that
    interpreted and a tenth compiled."""
    for move in moves:  # noqa: SIM110 -- `any` over a generator: a generator made per call
        if type(move) is _SAY and move.call in TALK_CALLS:
            return True
    return False


def random_move(moves: Sequence[Move], rng: Random, talk: float) -> Move:
    """[`RandomBot.choose`][makao.bots.RandomBot.choose]: a uniformly random one of
    ``moves``; when talk is on offer beside other moves, one number of ``rng`` first decides
    whether to talk (with probability ``talk``), then one picks among the part chosen.
    (The pick of a `random_chooser` of ``rng`` and ``talk``, its one home; unchecked, as
    called for every decision of a `RandomBot`.)"""
    return RandomPick(rng.random, talk)(None, moves)


def random_chooser(rng: Random, talk: float) -> RandomPick:
    """[`random_move`][makao.bots.policy.random_move] with ``rng`` and ``talk`` bound, for
    one game: a [`RandomPick`][makao.bots.policy.RandomPick], called with a view (not read)
    and the moves, that draws the same numbers of ``rng`` in the same order -- what
    [`RandomBot.chooser`][makao.bots.RandomBot.chooser] gives the simulation loop.
    A [`SetupError`][makao.errors.SetupError] if ``rng`` is not a ``random.Random``."""
    if not isinstance(rng, random.Random):
        raise SetupError(f"rng must be a random.Random, not {shown(rng, 60)}")
    return RandomPick(rng.random, talk)


class RandomPick:
    """[`random_move`][makao.bots.policy.random_move]'s pick as a callable of a view (not
    read) and the moves, with the random number source (``chance``, the ``random`` of the
    bot's `Random`) and ``talk`` bound (`random_chooser`).

    With no table talk among the moves it picks ``moves[floor(chance() * len(moves))]``: the
    simulation loop picks so itself, without the call, when the engine lists no
    out-of-turn action (every [`Say`][makao.moves.Say], talk too, is one, listed after the
    turn moves). Here rather than in the bot's interpreted module: compiled, the pick is C
    code called straight from the loop, ``chance`` is bound once rather than looked up by
    name at each call, and the loop's moves, a tuple, are read as one."""

    __slots__ = ("chance", "talk")

    def __init__(self, chance: Callable[[], float], talk: float) -> None:
        self.chance = chance
        """The random number source: ``random()`` of the bot's `Random`."""
        self.talk = talk
        """The probability of talking when talk is on offer beside other moves."""

    def __call__(self, view: object, moves: Sequence[Move]) -> Move:
        """A uniformly random one of ``moves`` (talk only with probability ``talk``;
        [`IllegalMoveError`][makao.errors.IllegalMoveError] if ``moves`` is empty)."""
        listed = moves if type(moves) is tuple else tuple(moves)
        for move in listed:
            if type(move) is _SAY and move.call in TALK_CALLS:  # talk on offer: split
                talks, rest = split_talk(listed)
                if rest:
                    listed = tuple(talks if self.chance() < self.talk else rest)
                break
        # the length in a variable: compiled, a float times ``len(...)`` (a "short int") is
        # a generic multiplication of two objects, times an ``int`` variable C arithmetic
        size = len(listed)
        if size == 0:
            raise IllegalMoveError("no move to choose from")
        return listed[math.floor(self.chance() * size)]


def split_talk(moves: Sequence[Move]) -> tuple[list[Move], Sequence[Move]]:
    """The table talk among ``moves`` ([`is_talk`][makao.bots.policy.is_talk]) and the
    rest, in order (the rest is ``moves`` itself when none is talk)."""
    if not has_talk(moves):
        return [], moves
    return [move for move in moves if is_talk(move)], [m for m in moves if not is_talk(m)]


def without_talk(moves: Sequence[Move]) -> Sequence[Move]:
    """``moves`` without table talk ([`is_talk`][makao.bots.policy.is_talk]); all of them if nothing
    else is left."""
    if not has_talk(moves):
        return moves
    kept = [move for move in moves if not is_talk(move)]
    return kept or moves


def prefer_calls(moves: Sequence[Move]) -> Sequence[Move]:
    """Drop each play that is also listed with more calls ("5h" when "5h +makao" exists):
    saying a call a play may carry never hurts. A [`SetupError`][makao.errors.SetupError]
    if ``moves`` is not a sequence."""
    if not isinstance(moves, Sequence):
        raise SetupError(f"moves must be a sequence of moves, not {shown(moves, 60)}")
    return _prefer_calls(moves)


def _prefer_calls(moves: Sequence[Move]) -> Sequence[Move]:
    """`prefer_calls` unchecked: the search's, for every node it expands."""
    if not any(type(move) is _PLAY and move.calls for move in moves):
        return moves
    kept: dict[object, Move] = {}
    for move in moves:
        key: object = (move.cards, move.choice) if isinstance(move, _PLAY) else move
        old = kept.get(key)
        if old is None or (isinstance(old, _PLAY) and len(move.calls) > len(old.calls)):  # type: ignore[attr-defined]
            kept[key] = move
    return list(kept.values())


def prefer_choices(moves: Sequence[Move], hand: Sequence[Card]) -> Sequence[Move]:
    """Keep, of the plays that differ only in their choice (a jack's demanded rank, an
    ace's suit), the one [`score_move`][makao.bots.policy.score_move] likes best: the rank or suit
    ``hand`` holds most of. Search then spends its budget on which cards to play, not on seven
    demands."""
    if not any(type(move) is _PLAY and move.choice is not None for move in moves):
        return moves
    kept: dict[object, tuple[float, Move]] = {}
    for move in moves:
        if isinstance(move, _PLAY):
            key: object = (move.cards, move.calls)
            value = 0.0 if move.choice is None else _choice_score(move.choice, hand, move.cards)
        else:
            key, value = move, 0.0
        old = kept.get(key)
        if old is None or value > old[0]:
            kept[key] = (value, move)
    return [move for _, move in kept.values()]


def score_move(move: Move, situation: Situation) -> float:
    """How much a simple shedding strategy likes ``move`` (higher is better).

    Out-of-turn actions first; then plays: finishing, saying calls, shedding many and
    high cards, demanding ranks and naming suits the player holds; function and wild cards
    are kept for defence (or for an attack on a player close to going out); drawing and
    passing last; table talk ([`is_talk`][makao.bots.policy.is_talk]) never. What depends
    on the move alone is computed once per move and rule set (`_part`).
    """
    hand, effect, closest, compiled = situation
    return _best((move,), hand, effect, closest, compiled, (), 0)[0]


def best_moves(moves: Sequence[Move], situation: Situation) -> list[Move]:
    """The moves of highest [`score_move`][makao.bots.policy.score_move] (ties kept, in the given
    order)."""
    hand, effect, closest, compiled = situation
    return _best(moves, hand, effect, closest, compiled, (), 0)[1]


def best_moves_in(game: Game, moves: Sequence[Move]) -> list[Move]:
    """``best_moves(moves, Situation.of_game(game, game.to_move))``, without building the
    [`Situation`][makao.bots.policy.Situation] (the other hands are counted only if a
    battle card is among the plays): the rollout policy of a search."""
    state: Core = game  # compiled: the fields as struct reads (see `heuristic_rollout`)
    seat = state.to_move
    hands = state.hands
    return _best(moves, hands[seat], state.effect, None, state.compiled, hands, seat)[1]


def seat_moves(game: Game) -> Sequence[Move]:
    """The legal moves of the seat to move: other seats' out-of-turn actions and table
    talk left out (what [`HeuristicBot`][makao.bots.HeuristicBot] chooses from in the
    simulation loop)."""
    legal = game.legal_moves()
    if legal and move_seat(legal[-1]) is not None:  # out-of-turn actions listed
        legal = tuple(without_talk(game.legal_moves(game.to_move)))
    return legal


def heuristic_rollout(game: Game, depth: int, chance: Callable[[], float]) -> None:
    """Play ``game`` on for at most ``depth`` moves, each picked among the
    [`best_moves_in`][makao.bots.policy.best_moves_in] of the seat to move with one number
    of ``chance`` (uniform in [0, 1)): the rollout of [`MCTSBot`][makao.bots.MCTSBot]."""
    # the game's fields read from the `Core` it is, and its methods called on it: compiled,
    # `Game` is a native class, so both are native calls and struct reads (a bound method
    # would be called through Python's protocol, its arguments parsed)
    state: Core = game
    for _ in range(depth):
        if state.over:
            return
        moves: Sequence[Move] = game.legal_moves()
        last = moves[-1]
        # out-of-turn actions listed? (`move_seat`, its usual case inline: a call a step costs)
        if type(last) not in TURN_MOVES and getattr(last, "seat", None) is not None:
            moves = seat_moves(game)
        if len(moves) > 1:
            moves = best_moves_in(game, moves)
        count = len(moves)  # an int variable: compiled, C arithmetic (see `RandomPick`)
        game.play(moves[int(chance() * count)])


def _best(
    moves: Sequence[Move],
    hand: Sequence[Card],
    effect: Effect | None,
    closest: int | None,
    compiled: RuleSet,
    hands: Sequence[Sequence[Card]],
    seat: int,
) -> tuple[float, list[Move]]:
    """The highest `score_move` of ``moves`` and the moves that have it, in order;
    ``closest`` ``None`` means "count ``hands`` (but ``seat``'s) if a battle card needs it"."""
    table = _PARTS.get(compiled)
    if table is None:
        if len(_PARTS) > _MAX_RULE_SETS:
            _PARTS.clear()
        table = _PARTS[compiled] = _Parts()
    by_id = table.by_id
    size = len(hand)
    # how many cards of each rank and suit the hand holds, by value (counted once, when a
    # choice first needs them: a count of the hand per choice compared each card)
    ranks: list[int] | None = None
    suits: list[int] | None = None
    top = -math.inf
    best: list[Move] = []
    defending = effect is not None
    for move in moves:
        # `is None`, not `or`: compiled, `or` boxes the found native tuple again to ask
        # whether it is true (a new tuple and three floats per move)
        part = by_id.get(id(move))
        if part is None:
            part = table.add(move, compiled)
        count, finishing, near, far, extra = part
        score = finishing if size <= count else near if defending or size <= count + 2 else far
        if extra is not None:
            battle, choice, kept = extra
            if battle:
                if closest is None:
                    closest = _closest(list(map(len, hands)), seat)
                if closest <= 2:
                    score = (finishing if size <= count else near) + 8.0  # attack: one is close
            if choice is not None:
                # a type test, not isinstance: for a rank, isinstance(choice, Suit) asks the
                # enum's metaclass, about 30 times the cost (choices are Rank or Suit members)
                if type(choice) is _SUIT:
                    if suits is None:
                        suits = [0] * 4
                        for card in hand:
                            suits[card.suit] += 1
                    held = suits[choice]
                else:
                    if ranks is None:
                        ranks = [0] * 15
                        for card in hand:
                            ranks[card.rank] += 1
                    held = ranks[choice]
                if kept:
                    held -= _played_from(kept, hand)
                score += _choice_value(choice, held)
        if score > top:
            top = score
            best = [move]
        elif score == top:
            best.append(move)
    return top, best


#: A move's part of its score, per rule set (`_part`): cards played; the score if no card is
#: left, if one or two are left or an effect is in force (function and wild cards are not
#: kept then), and if more are left; and -- for a play of battle cards or with a choice --
#: `_Extra`, else ``None``.
_Part = tuple[int, float, float, float, "_Extra | None"]
#: Whether a battle card is played, the choice (``None`` if it makes no difference) and the
#: played cards of the chosen rank or suit with their counts.
_Extra = tuple[bool, "Rank | Suit | None", tuple[tuple[Card, int], ...]]


class _Parts:
    """One rule set's `_Part` of each move seen, found by the move object's id (move
    generation lists the same objects again and again) or else by its value."""

    __slots__ = ("alive", "by_id", "by_value")

    def __init__(self) -> None:
        self.by_id: dict[int, _Part] = {}
        self.by_value: dict[Move, _Part] = {}
        self.alive: list[Move] = []
        """The moves of `by_id`, kept alive so that their ids stay theirs."""

    def add(self, move: Move, rules: RuleSet) -> _Part:
        """The part of ``move``, now also found by its id."""
        if len(self.alive) > _MAX_IDS:  # e.g. plays listed afresh each time (Mao)
            # a new list first, the old one's moves kept alive until their ids are gone:
            # an `add` of another thread in between leaves no id whose move is let go
            # (its id kept, its move cleared from the list, the id could be a new move's)
            kept, self.alive = self.alive, []
            self.by_id.clear()
            kept.clear()
        part = self.by_value.get(move)
        if part is None:
            if len(self.by_value) > _MAX_MOVES:
                self.by_value.clear()
            part = self.by_value[move] = _part(move, rules)
        self.by_id[id(move)] = part
        self.alive.append(move)
        return part


#: Per rule set: its `_Parts` (bounded: cleared when full).
_PARTS: dict[RuleSet, _Parts] = {}
_MAX_RULE_SETS = 64
_MAX_MOVES = 100_000
_MAX_IDS = 20_000


def _part(move: Move, rules: RuleSet) -> _Part:
    """What the score of ``move`` owes to the move alone (and the rule set)."""
    if move_seat(move) is not None:
        action = -ACTION_SCORE if is_talk(move) else ACTION_SCORE
        return (0, action, action, action, None)
    if not isinstance(move, Play):
        return (0, 0.0, 0.0, 0.0, None)
    cards = move.cards
    score, special, battle = _card_part(cards, rules)
    calls = CALL_SCORE * len(move.calls)
    plain = score + calls
    # function and wild cards are kept for defence while more than two cards are left
    far = plain + -6.0 * special if special else plain
    choice = move.choice
    if isinstance(choice, Seat):
        choice = None  # a seat named by a house rule: no preference
    extra: _Extra | None = None
    if battle or choice is not None:
        extra = (battle, choice, () if choice is None else _matching(cards, choice))
    return (len(cards), score + FINISH_SCORE + calls, plain, far, extra)


def _card_part(cards: tuple[Card, ...], rules: RuleSet) -> tuple[float, int, bool]:
    """What the score of a play of ``cards`` owes to the cards alone: the shedding score
    (more and higher cards), how many are function or wild cards, and whether one is a
    battle card."""
    rank_sum = 0
    special = 0
    battle = False
    for card in cards:
        rank_sum += card.rank
        rule = rules.card_rule[card.index]
        if rule is not None or rules.wild[card.index] is not None:
            special += 1
            battle = battle or isinstance(rule, BattleCards)
    score = 10.0 + 4.0 * len(cards) + rank_sum / (14.0 * len(cards))
    return score, special, battle


def _matching(cards: tuple[Card, ...], choice: Rank | Suit) -> tuple[tuple[Card, int], ...]:
    """The distinct ``cards`` of rank or suit ``choice``, each with how often it is played."""
    if type(choice) is Suit:
        matching = [card for card in cards if card.suit is choice]
    else:
        matching = [card for card in cards if card.rank is choice]
    return tuple((card, matching.count(card)) for card in dict.fromkeys(matching))


def _played_from(kept: tuple[tuple[Card, int], ...], hand: Sequence[Card]) -> int:
    """How many of the played cards ``kept`` leave ``hand`` (a card the hand does not hold
    leaves nothing), counted by identity as `makao.cards.count_card` counts, in a loop of
    its own: compiled, a call of the interpreted `count_card` per card cost more than the
    count."""
    total = 0
    for card, count in kept:
        held = 0
        for other in hand:
            if other is card:
                held += 1
        total += count if count < held else held
    return total


def _choice_score(
    choice: Rank | Suit | Seat, hand: Sequence[Card], played: tuple[Card, ...]
) -> float:
    """What demanding rank ``choice`` or naming suit ``choice`` is worth after playing
    ``played`` from ``hand``: two points a card of it left, -1 for a rank none is left of."""
    if isinstance(choice, Seat):
        return 0.0  # a seat named by a house rule: no preference
    if isinstance(choice, Suit):
        held = [card.suit for card in hand].count(choice)
    else:
        held = [card.rank for card in hand].count(choice)
    held -= _played_from(_matching(played, choice), hand)
    return _choice_value(choice, held)


def _choice_value(choice: Rank | Suit, held: int) -> float:
    """A rank or suit chosen with ``held`` cards of it left in hand: two points a card; a
    rank none is left of, -1."""
    return 2.0 * held if held or type(choice) is _SUIT else -1.0
