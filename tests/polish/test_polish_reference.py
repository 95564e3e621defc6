"""A differential test of Polish makao (PL-6 … PL-33, PL-35, PL-36) against an independent model.

The model below was written from ``rules/polish.md`` and the readings in
``docs/rules/polish.md`` only, without looking at the engine's move generator or rules.
Random games are played through the public API; on every position the engine's
``legal_moves_text()`` is compared with the model's, as sets:

* the turn moves of the seat to move -- plays (first card, last card, the middle cards as a
  multiset, the choice), ``draw`` and ``pass`` -- from the position alone (hand, top card,
  effect in force, drawn card, whether a card can be drawn);
* the calls said with a play (``+makao``, ``+po-makale``) and the out-of-turn actions
  (``say makao``, ``stop``), from the last move;
* after each turn move, the effect in force, the seat to move and the waits; after a draw
  (no attack in force), whether the drawer keeps the move to play the drawn card (PL-8,
  PL-24, PL-27: exactly when it may lead there).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from itertools import combinations

import pytest

from _reference import SUITS, Card, card_text, parse_card
from makao import Game, variants

DEMANDABLE = (5, 6, 7, 8, 9, 10)
OUT_OF_TURN = re.compile(r"^\d+:")


def is_battle(card: Card) -> bool:
    """PL-10: every 2 and 3, K♥ and K♠."""
    return card[0] in (2, 3) or card == (13, "h") or card == (13, "s")


def matches(card: Card, top: Card) -> bool:
    """PL-6: same suit or same rank."""
    return card[0] == top[0] or card[1] == top[1]


@dataclass(frozen=True)
class Effect:
    kind: str  # "attack", "wait", "demand" (jack), "suit" (ace)
    rank: int = 0  # the demanded rank
    suit: str = ""  # the named suit


def parse_effect(text: str | None) -> Effect | None:
    """The effect's documented text form: "attack 5 by 1", "wait 2 by 0", "demand 7 by 0",
    "suit h"."""
    if text is None:
        return None
    words = text.split()
    if words[0] == "demand":
        return Effect("demand", rank=int(words[1]))
    if words[0] == "suit":
        return Effect("suit", suit=words[1])
    assert words[0] in ("attack", "wait"), text
    return Effect(words[0])


@dataclass(frozen=True)
class Position:
    hand: tuple[Card, ...]
    top: Card
    effect: Effect | None
    drawn: Card | None
    can_draw: bool


def may_lead(card: Card, pos: Position) -> bool:
    """Whether ``card`` may be played alone (or first in a multi-card play) now."""
    effect, top = pos.effect, pos.top
    if effect is None:
        return card[0] == 12 or matches(card, top)  # PL-6, PL-9
    if effect.kind == "attack":
        return is_battle(card) and matches(card, top)  # PL-12
    if effect.kind == "wait":
        return card[0] == 4  # PL-17
    if effect.kind == "demand":
        return card[0] in (effect.rank, 11)  # PL-23
    return card[1] == effect.suit or card[0] == 14  # PL-27 (a queen only of the named suit)


def may_follow(card: Card, first: Card, pos: Position) -> bool:
    """PL-7 / PL-16: the further cards of a multi-card play."""
    if card[0] != first[0]:
        return False
    if pos.effect is not None and pos.effect.kind == "attack":
        return is_battle(card)  # PL-16: a defence holds battle cards only
    return True


def choices(card: Card, *, finishes: bool = False) -> list[str]:
    """The choices said with ``card`` as the last card of a play; a play that empties the hand
    has no effect (PL-33, by default), so it names nothing."""
    if finishes:
        return [""]
    if card[0] == 11:
        return ["", *(f":{r}" for r in DEMANDABLE)]  # PL-21
    if card[0] == 14:
        return [f":{s}" for s in SUITS]  # PL-26
    return [""]


def key(first: Card, rest: list[Card], choice: str) -> str:
    """A play's text with the middle cards sorted (their order is not compared)."""
    if rest:
        *middle, last = rest
        cards = [first, *sorted(middle), last]
    else:
        cards = [first]
    return " ".join(map(card_text, cards)) + choice


def calls(left: int) -> list[str]:
    """The calls that may be said with a play leaving ``left`` cards (PL-29, PL-31)."""
    return ["", " +makao"] if left == 1 else ["", " +po-makale"] if left == 0 else [""]


def normalise(text: str) -> str:
    """An engine move's text as the model writes it: middle cards sorted."""
    if text in ("draw", "pass") or OUT_OF_TURN.match(text):
        return text
    text, *said = text.split(" +")
    cards_text, _, choice = text.partition(":")
    cards = [parse_card(t) for t in cards_text.split()]
    return key(cards[0], cards[1:], f":{choice}" if choice else "") + "".join(
        f" +{c}" for c in sorted(said)
    )


def plays_from(first: Card, others: list[Card], pos: Position, *, plain_finish: bool) -> set[str]:
    """Every play starting with ``first`` and going on with some of ``others``."""
    followers = [c for c in others if may_follow(c, first, pos)]
    out: set[str] = set()
    for n in range(len(followers) + 1):
        for chosen in set(combinations(sorted(followers), n)):
            lasts = set(chosen) if chosen else {first}
            for last in lasts:
                rest = list(chosen)
                if chosen:
                    rest.remove(last)
                    rest.append(last)
                finishes = plain_finish and n == len(others)
                for choice in choices(last, finishes=finishes):
                    for call in calls(len(others) - n):
                        out.add(key(first, rest, choice) + call)
    return out


def model_moves(pos: Position, *, may_decline: bool, plain_finish: bool) -> set[str]:
    """The legal turn moves of the seat to move, as the specification reads."""
    if pos.drawn is not None:  # PL-8, PL-24, PL-27: only the drawn card, or keep it
        moves = {"pass"}
        if may_lead(pos.drawn, pos):
            finishes = plain_finish and len(pos.hand) == 1
            moves |= {
                key(pos.drawn, [], c) + call
                for c in choices(pos.drawn, finishes=finishes)
                for call in calls(len(pos.hand) - 1)
            }
        return moves
    moves = set()
    hand = list(pos.hand)
    for first in set(hand):
        if may_lead(first, pos):
            others = list(hand)
            others.remove(first)
            moves |= plays_from(first, others, pos, plain_finish=plain_finish)
    kind = pos.effect.kind if pos.effect else None
    if kind == "attack":
        return moves | {"draw"}  # PL-13: accepting is always allowed
    if kind == "wait":
        return moves | {"pass"}  # PL-18: accept by passing; no draw
    if kind in ("demand", "suit") and moves and not may_decline:
        return moves  # PL-24, PL-27: a player who can follow must
    if pos.can_draw:
        return moves | {"draw"}  # PL-8
    return moves or {"pass"}  # reading: nothing to draw -- play if you can, else pass


def position_of(game: Game) -> Position:
    seat = game.to_move
    view = game.view(seat)
    effect = game.effect
    return Position(
        hand=tuple(parse_card(str(c)) for c in view.hand),
        top=parse_card(str(view.pile[-1])),
        effect=parse_effect(effect.to_text() if effect is not None else None),
        drawn=parse_card(str(view.drawn)) if view.drawn is not None else None,
        can_draw=view.stock_size > 0 or len(view.pile) > 1,
    )


def engine_moves(game: Game) -> set[str]:
    return {normalise(t) for t in game.legal_moves_text()}


def out_of_turn_moves(game: Game, offender: int | None, *, late_call: bool) -> set[str]:
    """PL-29, PL-30: a late "makao" by the offender, "stop makao" by any other seat."""
    if offender is None:
        return set()
    late = {f"{offender}: say makao"} if late_call else set()
    return late | {f"{s}: stop {offender}" for s in range(game.players) if s != offender}


PENALTY = {2: 2, 3: 3, 13: 5}  # PL-10 (kings: K♥ and K♠ only)
UNKNOWN = "?"


def effect_target(game: Game, seat: int, step: int) -> int | None:
    """PL-19: the next seat in ``step``'s direction that is neither waiting nor finished."""
    n = game.players
    for k in range(1, n):
        other = (seat + k * step) % n
        if other not in game.finished and game.waits[other] == 0:
            return other
    return None


def predict_effect(game: Game, move: str, *, effect_on_finish: bool) -> str | None:
    """The effect in force after the seat to move makes the turn move ``move`` (its text form),
    or ``UNKNOWN`` where the model does not say (a drawn card's fate is decided by chance)."""
    seat = game.to_move
    before = game.effect.to_text() if game.effect is not None else None
    words = before.split() if before else [""]
    kind = words[0]
    demander = int(words[3]) if kind == "demand" else None
    # PL-22: the round ends with the demander's turn -- or, when the demander has finished or
    # is waiting, once the turn order passes their seat (a full round of the table).
    passed, other = [seat], (seat + 1) % game.players
    while other != seat and (other in game.finished or game.waits[other] > 0):
        passed.append(other)
        other = (other + 1) % game.players
    round_over = demander in passed
    if move in ("draw", "pass"):
        if move == "draw" and kind in ("demand", "suit"):
            return UNKNOWN  # the drawn card may be played at once (PL-24, PL-27)
        if kind == "demand" and not round_over:
            return before
        return None  # PL-13, PL-18, PL-25, PL-28
    text = move.split(" +")[0]
    cards_text, _, choice = text.partition(":")
    cards = [parse_card(t) for t in cards_text.split()]
    last = cards[-1]
    finishes = len(cards) == len(game.hand(seat))
    if finishes and not effect_on_finish:
        # PL-33: the finishing card is ordinary; defending ends the attack or wait; a jack
        # cancels a demand (reading); a demanded rank goes on with the demand.
        if kind == "demand" and last[0] != 11 and not round_over:
            return before
        return None
    battle = [c for c in cards if c in PENALTY_CARDS]
    if battle:  # PL-12, PL-14, PL-16
        total = (int(words[1]) if kind == "attack" else 0) + sum(PENALTY[c[0]] for c in battle)
        back = battle[-1] == (13, "s")
        if effect_target(game, seat, -1 if back else 1) is None:
            return None  # PL-19: nobody can take it
        return f"attack {total} by {seat}" + (" back" if back else "")
    if last[0] == 4:  # PL-17
        turns = (int(words[1]) if kind == "wait" else 0) + len(cards)
        return None if effect_target(game, seat, 1) is None else f"wait {turns} by {seat}"
    if last[0] == 11:  # PL-21, PL-23
        return f"demand {choice} by {seat}" if choice else None
    if last[0] == 14:  # PL-26, PL-27
        return None if effect_target(game, seat, 1) is None else f"suit {choice}"
    if kind == "demand" and not round_over:
        return before
    return None


def advance(game: Game, seat: int, finished: set[int], waits: list[int]) -> int:
    """PL-5, PL-18: the next seat in turn order; a waiting seat passed uses up a turn."""
    n = game.players
    other = seat
    while True:
        other = (other + 1) % n
        if other in finished:
            continue
        if waits[other] > 0 and other != seat:
            waits[other] -= 1
            continue
        return other


def predict_turn(
    game: Game, move: str, effect_after: str | None, *, po_makale_penalty: int
) -> tuple[int, tuple[int, ...]] | None:
    """Who moves after the turn move ``move``, and the waits then (PL-14, PL-15, PL-18, PL-19,
    PL-33); ``None`` where the model does not say."""
    seat = game.to_move
    before = game.effect.to_text() if game.effect is not None else None
    words = before.split() if before else [""]
    waits = list(game.waits)
    finished = set(game.finished)
    if move == "draw" and words[0] != "attack":
        return None  # the drawn card may be played at once (PL-8)
    if move == "pass" and words[0] == "wait":
        waits[seat] = int(words[1]) - 1  # PL-18: this turn is the first skipped
    if move not in ("draw", "pass"):
        cards_text = move.split(" +")[0].partition(":")[0]
        if len(cards_text.split()) == len(game.hand(seat)):
            if "+po-makale" not in move and po_makale_penalty:
                return None  # PL-31: the penalty keeps the player in
            finished.add(seat)
    if effect_after is not None and move not in ("draw", "pass"):
        kind = effect_after.split()[0]
        if kind in ("attack", "wait", "suit"):  # set by this play (an ace may repeat a suit)
            target = effect_target(game, seat, -1 if effect_after.endswith("back") else 1)
            return (target if target is not None else -1), tuple(waits)
    if move == "draw" and words[0] == "attack" and words[-1] == "back":  # PL-15
        after = advance(game, int(words[3]), finished, waits)
        if after == seat:
            after = advance(game, seat, finished, waits)
        return after, tuple(waits)
    return advance(game, seat, finished, waits), tuple(waits)


PENALTY_CARDS = {(r, s) for r in (2, 3) for s in SUITS} | {(13, "h"), (13, "s")}


@dataclass
class Report:
    """What one random game compared, and every difference found (as readable lines)."""

    positions: int = 0
    moves: list[str] = field(default_factory=list)  # turn moves (PL-6 … PL-28, PL-33, PL-36)
    calls: list[str] = field(default_factory=list)  # calls and out-of-turn actions (PL-29 … 31)
    effects: list[str] = field(default_factory=list)  # effect, next seat and waits afterwards


def compare_game(
    options: dict[str, int | bool],
    players: int,
    seed: int,
    *,
    draw_bias: float = 0.0,
    max_moves: int = 3000,
) -> Report:
    """Play one random game and compare the engine with the model on every position.

    With ``draw_bias`` the random player draws that often when it may, which empties the
    stock and the pile (PL-35, PL-36)."""
    game = Game.new(variants.polish(**options), players, seed=seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    may_decline = bool(options.get("may_decline_demands", False))
    effect_on_finish = bool(options.get("last_card_effect_applies", False))
    late_call = not options.get("makao_with_move_only", False)
    report = Report()
    offender: int | None = None  # who was just left with one card without saying "makao"
    while not game.is_over and report.positions < max_moves:
        report.positions += 1
        where = f"Game.new(polish(**{options}), {players}, seed={seed}), move {len(game.record)}"
        pos = position_of(game)
        ours = model_moves(pos, may_decline=may_decline, plain_finish=not effect_on_finish)
        theirs = engine_moves(game)
        turn_ours = {m for m in ours if " +" not in m}
        turn_theirs = {m for m in theirs if " +" not in m and not OUT_OF_TURN.match(m)}
        if turn_ours != turn_theirs:
            report.moves.append(
                f"{where}: {pos}: engine only {sorted(turn_theirs - turn_ours)},"
                f" model only {sorted(turn_ours - turn_theirs)}"
            )
        ours |= out_of_turn_moves(game, offender, late_call=late_call)
        if ours != theirs and turn_ours == turn_theirs:
            report.calls.append(
                f"{where}: engine only {sorted(theirs - ours)}, model only {sorted(ours - theirs)}"
            )
        moves = game.legal_moves()
        draws = [m for m in moves if str(m) == "draw"]
        move = str(draws[0] if draws and rng.random() < draw_bias else rng.choice(moves))
        seat, held = game.to_move, len(game.hand(game.to_move))
        expected: str | None = UNKNOWN
        turn: tuple[int, tuple[int, ...]] | None = None
        if not OUT_OF_TURN.match(move):
            expected = predict_effect(game, move, effect_on_finish=effect_on_finish)
            if expected != UNKNOWN:
                turn = predict_turn(
                    game, move, expected, po_makale_penalty=int(options.get("po_makale_penalty", 0))
                )
        game.play(move)
        if move == "draw" and (pos.effect is None or pos.effect.kind != "attack"):
            report.effects += _drawn_card_differences(game, pos, seat, held, f"{where} 'draw'")
        actual = game.effect.to_text() if game.effect is not None else None
        if not game.is_over:
            if expected != UNKNOWN and expected != actual:
                report.effects.append(f"{where} {move!r}: effect {actual!r}, model {expected!r}")
            now = (game.to_move, tuple(game.waits))
            if turn is not None and turn != now:
                report.effects.append(f"{where} {move!r}: (to move, waits) {now}, model {turn}")
        if OUT_OF_TURN.match(move) or move in ("draw", "pass"):
            offender = None
        else:  # a play that leaves one card (a penalty drawn after it does not count)
            played = len(move.split(" +")[0].split())
            offender = seat if held - played == 1 and "+makao" not in move else None
    return report


def _drawn_card_differences(
    game: Game, pos: Position, seat: int, held: int, where: str
) -> list[str]:
    """PL-8, PL-24, PL-27: after a draw (no attack in force) the drawer keeps the move with
    the drawn card to play exactly when it may lead where it was drawn; else the turn
    passes. Nothing to compare when no card came (PL-35) or the game ended."""
    hand = game.hand(seat)
    if game.is_over or len(hand) != held + 1:
        return []
    card = parse_card(str(hand[-1]))
    kept = game.to_move == seat and game.drawn is not None and str(game.drawn) == card_text(card)
    if kept == may_lead(card, pos):
        return []
    return [f"{where}: drew {card_text(card)} on {pos}: kept {kept}, model {not kept}"]


OPTION_SETS: list[dict[str, int | bool]] = [
    {},
    {"decks": 1},
    {"decks": 2},
    {"last_card_effect_applies": True},
    {"po_makale_penalty": 2},
    {"play_for_places": False},
    {"makao_with_move_only": True},
    {"may_decline_demands": True},
    {"dealer": 1},
    {
        "decks": 2,
        "last_card_effect_applies": True,
        "po_makale_penalty": 1,
        "play_for_places": False,
        "may_decline_demands": True,
        "makao_with_move_only": True,
    },
]
TABLES = (2, 3, 4, 6, 8)
GAMES = [
    pytest.param(options, TABLES[(i + k) % len(TABLES)], 101 * i + k, bias, id=f"{name}-{k}")
    for i, options in enumerate(OPTION_SETS)
    for name in ["-".join(f"{o}={v}" for o, v in options.items()) or "defaults"]
    for k, bias in enumerate((0.0, 0.5, 0.9))
]
MAX_MOVES = 500
_reports: dict[tuple[str, int, int, float], Report] = {}


def report_for(options: dict[str, int | bool], players: int, seed: int, bias: float) -> Report:
    """Each game is played once and shared by the three tests below."""
    index = (repr(sorted(options.items())), players, seed, bias)
    if index not in _reports:
        _reports[index] = compare_game(options, players, seed, draw_bias=bias, max_moves=MAX_MOVES)
    return _reports[index]


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_pl_6_to_pl_28_pl_33_pl_36_legal_moves_match_an_independent_model(
    options: dict[str, int | bool], players: int, seed: int, bias: float
) -> None:
    report = report_for(options, players, seed, bias)
    assert report.positions > 0
    assert report.moves == []


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_pl_29_to_pl_31_calls_and_stop_makao_match_an_independent_model(
    options: dict[str, int | bool], players: int, seed: int, bias: float
) -> None:
    assert report_for(options, players, seed, bias).calls == []


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_pl_12_to_pl_28_pl_33_effects_and_turn_order_match_an_independent_model(
    options: dict[str, int | bool], players: int, seed: int, bias: float
) -> None:
    assert report_for(options, players, seed, bias).effects == []


def test_pl_6_pl_9_pl_12_the_model_on_documented_positions() -> None:
    """The model itself gives the documented answers (so the comparison is not vacuous)."""
    game = Game.from_position(
        variants.polish(), hands=["2h 5c 5d", "3h 9d Kd"], pile="7h", stock="Kc 5s 6s 7s"
    )
    rules = {"may_decline": False, "plain_finish": True}
    assert model_moves(position_of(game), **rules) == {"2h", "draw"} == engine_moves(game)
    game.play("2h")
    assert model_moves(position_of(game), **rules) == {"3h", "draw"} == engine_moves(game)
    hand = ((5, "h"), (5, "c"), (12, "s"), (14, "d"))
    pos = Position(hand=hand, top=(9, "h"), effect=None, drawn=None, can_draw=False)
    assert model_moves(pos, **rules) == {"5h", "5h 5c", "Qs"}
    pos = Position(hand=hand, top=(9, "h"), effect=Effect("suit", suit="s"), drawn=None,
                   can_draw=True)  # fmt: skip
    assert model_moves(pos, **rules) == {"Qs", *(f"Ad:{s}" for s in SUITS)}
