"""Move-scoring shared by [`HeuristicBot`][makao.bots.HeuristicBot] and the MCTS rollouts.

A [`Situation`][makao.bots.policy.Situation] is the little a scoring policy needs -- the player's
hand, the effect in force, the other players' hand sizes, the compiled rules -- built from a
[`View`][makao.view.View] (for a bot) or straight from a [`Game`][makao.engine.Game] (inside a
search, where building a full view per step would cost more than the step).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from makao.cards import Card, Rank, Suit
from makao.moves import Move, Play, Say, Seat
from makao.rules.attack import BattleCards

if TYPE_CHECKING:
    from makao.engine import Game
    from makao.rules.base import Effect
    from makao.tables import RuleSet
    from makao.view import View

__all__ = [
    "TALK_CALLS",
    "Situation",
    "best_moves",
    "has_talk",
    "is_talk",
    "prefer_calls",
    "prefer_choices",
    "score_move",
    "without_talk",
]

#: Out-of-turn actions (a late call, "stop" on another player) are always worth taking.
ACTION_SCORE = 10_000.0
FINISH_SCORE = 1_000.0
CALL_SCORE = 100.0
#: Table talk that never helps the speaker: opening a question period and remarks in one
#: (Ultimate Mao, UM-21). Saying "end-of-questions" closes a period and is not talk here.
TALK_CALLS = frozenset({"question", "remark"})


def is_talk(move: Move) -> bool:
    """Whether ``move`` is table talk (`TALK_CALLS`), which makes no progress."""
    return type(move) is Say and move.call in TALK_CALLS


def has_talk(moves: Sequence[Move]) -> bool:
    """Whether any of ``moves`` is table talk (cheap when none is a ``Say``: the usual case,
    checked for every decision of every simulated game)."""
    return Say in set(map(type, moves)) and any(map(is_talk, moves))


def without_talk(moves: Sequence[Move]) -> Sequence[Move]:
    """``moves`` without table talk ([`is_talk`][makao.bots.policy.is_talk]); all of them if nothing
    else is left."""
    if not has_talk(moves):
        return moves
    kept = [move for move in moves if not is_talk(move)]
    return kept or moves


class Situation(NamedTuple):
    """What a scoring policy knows about the player to decide for."""

    hand: Sequence[Card]
    effect: Effect | None
    closest: int
    """The fewest cards any other active player holds."""
    compiled: RuleSet
    """The variant's compiled rule set ([`Variant.compiled`][makao.variant.Variant.compiled])."""

    @classmethod
    def of_view(cls, view: View) -> Situation:
        """The situation of ``view.seat``."""
        return cls(
            view.hand, view.effect, _closest(view.hand_sizes, view.seat), view.variant.compiled
        )

    @classmethod
    def of_game(cls, game: Game, seat: int) -> Situation:
        """The situation of ``seat`` in ``game`` (reads only public facts and ``seat``'s hand)."""
        sizes = list(map(len, game.hands))
        return cls(game.hands[seat], game.effect, _closest(sizes, seat), game.compiled)


def _closest(sizes: Sequence[int], seat: int) -> int:
    others = [size for other, size in enumerate(sizes) if other != seat and size]
    return min(others, default=99)


def prefer_calls(moves: Sequence[Move]) -> Sequence[Move]:
    """Drop each play that is also listed with more calls ("5h" when "5h +makao" exists):
    saying a call a play may carry never hurts."""
    if not any(type(move) is Play and move.calls for move in moves):
        return moves
    kept: dict[object, Move] = {}
    for move in moves:
        key: object = (move.cards, move.choice) if isinstance(move, Play) else move
        old = kept.get(key)
        if old is None or (isinstance(old, Play) and len(move.calls) > len(old.calls)):  # type: ignore[attr-defined]
            kept[key] = move
    return list(kept.values())


def prefer_choices(moves: Sequence[Move], hand: Sequence[Card]) -> Sequence[Move]:
    """Keep, of the plays that differ only in their choice (a jack's demanded rank, an
    ace's suit), the one [`score_move`][makao.bots.policy.score_move] likes best: the rank or suit
    ``hand`` holds most of. Search then spends its budget on which cards to play, not on seven
    demands."""
    if not any(type(move) is Play and move.choice is not None for move in moves):
        return moves
    kept: dict[object, tuple[float, Move]] = {}
    for move in moves:
        if isinstance(move, Play):
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
    on the play alone is computed once per play and rule set (`_card_part`).
    """
    if getattr(move, "seat", None) is not None:
        return -ACTION_SCORE if is_talk(move) else ACTION_SCORE
    if not isinstance(move, Play):
        return 0.0
    rules = situation.compiled
    table = _CARD_PARTS.get(rules)
    if table is None:
        if len(_CARD_PARTS) > _MAX_RULE_SETS:
            _CARD_PARTS.clear()
        table = _CARD_PARTS[rules] = {}
    part = table.get(move)
    if part is None:
        if len(table) > _MAX_PLAYS:
            table.clear()
        part = table[move] = _card_part(move.cards, rules)
    score, special, battle = part
    hand = situation.hand
    left = len(hand) - len(move.cards)
    if left <= 0:
        score += FINISH_SCORE
    score += CALL_SCORE * len(move.calls)
    if special:
        score += _function_score(special, battle, situation, left)
    if move.choice is not None:
        score += _choice_score(move.choice, hand, move.cards)
    return score


#: Per rule set: per play, `_card_part` (bounded: cleared when full).
_CARD_PARTS: dict[RuleSet, dict[Play, tuple[float, int, bool]]] = {}
_MAX_RULE_SETS = 64
_MAX_PLAYS = 100_000


def _card_part(cards: tuple[Card, ...], rules: RuleSet) -> tuple[float, int, bool]:
    """What the score of a play of ``cards`` owes to the cards alone: the shedding score
    (more and higher cards), how many are function or wild cards, and whether one is a
    battle card."""
    score = 10.0 + 4.0 * len(cards) + sum(card.rank for card in cards) / (14.0 * len(cards))
    special = 0
    battle = False
    for card in cards:
        rule = rules.card_rule[card.index]
        if rule is not None or rules.wild[card.index] is not None:
            special += 1
            battle = battle or isinstance(rule, BattleCards)
    return score, special, battle


def _function_score(special: int, battle: bool, situation: Situation, left: int) -> float:
    if battle and situation.closest <= 2:
        return 8.0  # attack a player about to go out
    if situation.effect is not None or left <= 2:
        return 0.0  # defending, or time to use everything
    return -6.0 * special


def _choice_score(
    choice: Rank | Suit | Seat, hand: Sequence[Card], played: tuple[Card, ...]
) -> float:
    rest = list(hand)
    for card in played:
        if card in rest:
            rest.remove(card)
    if isinstance(choice, Seat):
        return 0.0  # a seat named by a house rule: no preference
    if isinstance(choice, Suit):
        return 2.0 * sum(1 for card in rest if card.suit is choice)
    held = sum(1 for card in rest if card.rank is choice)
    return 2.0 * held if held else -1.0


def best_moves(moves: Sequence[Move], situation: Situation) -> list[Move]:
    """The moves of highest [`score_move`][makao.bots.policy.score_move] (ties kept, in the given
    order)."""
    scored = [(score_move(move, situation), move) for move in moves]
    top = max(score for score, _ in scored)
    return [move for score, move in scored if score == top]
