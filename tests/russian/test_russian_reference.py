"""A differential test of Russian scoring makao (RU-1 … RU-18) against an independent model.

The model below was written from ``rules/russian.md`` and the readings in
``docs/rules/russian.md`` only, without looking at the engine's move generator, rules or
scoring. Random games are played through the public API; on every position the engine's
``legal_moves_text()`` is compared with the model's, as sets:

* the turn moves of the seat to move -- single-card plays with the ace's named suit, ``draw``
  and ``pass`` -- from the position alone (hand, top card, effect in force, the card just
  drawn and whether the player was stuck when drawing it, whether a card can be drawn);
* the ``+makao`` call said with a play and the late ``N: say makao`` (RU-14);
* after each turn move: the effect in force, the seat to move, the hand sizes (penalties,
  the automatic makao penalty, draws), the top card, whether the deal is over, and at the
  end the scores (RU-2, RU-16).

Matches (RU-3, RU-16, RU-18) are checked deal by deal with the same point table.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from _reference import SUITS, Card, card_text, parse_card
from makao import Game, variants
from makao.match import Match

OUT_OF_TURN = re.compile(r"^\d+:")
Options = dict[str, int | bool]


def points(card: Card) -> int:
    """RU-2: A = 50, K♥ = 50, 9 = 40, 3 = 30, 2 = 20, 10 / J / Q / other K = 10, 4…8 = 5."""
    rank = card[0]
    if rank == 14 or card == (13, "h"):
        return 50
    return {9: 40, 3: 30, 2: 20}.get(rank, 10 if rank >= 10 else 5)


def hand_points(hand: list[Card] | tuple[Card, ...]) -> int:
    return sum(points(c) for c in hand)


def penalty(card: Card) -> int:
    """RU-10: 2 → 2, 3 → 3, K♥ → 5; 0 for every other card."""
    return {2: 2, 3: 3}.get(card[0], 5 if card == (13, "h") else 0)


@dataclass(frozen=True)
class Effect:
    kind: str  # "attack" (also a finishing one, RU-15) or "suit" (a named suit, RU-8)
    total: int = 0
    by: int = -1
    final: bool = False
    suit: str = ""

    def text(self) -> str:
        if self.kind == "suit":
            return f"suit {self.suit}"
        return ("final " if self.final else "") + f"attack {self.total} by {self.by}"


def parse_effect(text: str | None) -> Effect | None:
    """The documented text forms: "attack 5 by 1", "final attack 2 by 0", "suit h"."""
    if text is None:
        return None
    words = text.split()
    if words[0] == "suit":
        return Effect("suit", suit=words[1])
    final = words[0] == "final"
    if final:
        words = words[1:]
    assert words[0] == "attack", text
    return Effect("attack", total=int(words[1]), by=int(words[3]), final=final)


@dataclass(frozen=True)
class Rules:
    only_when_stuck: bool = True  # RU-7 option changers_only_when_stuck
    any_king: bool = False  # RU-11 option any_king_answers_king


@dataclass(frozen=True)
class Position:
    hand: tuple[Card, ...]
    top: Card
    effect: Effect | None
    drawn: Card | None  # the card just drawn by the seat to move (RU-9)
    forced: bool  # that draw was made with nothing to play: the card must be played
    can_draw: bool  # stock, or pile cards under the top to reshuffle (RU-17)


def answers(card: Card, top: Card, rules: Rules) -> bool:
    """RU-11: 2 on 2, 3 on 3, K♥ on K♥ (with the option, any king on a king attack)."""
    if top[0] in (2, 3):
        return card[0] == top[0]
    if top[0] == 13:
        return card[0] == 13 if rules.any_king else card == (13, "h")
    return False


def matches(card: Card, top: Card, effect: Effect | None) -> bool:
    """RU-6 (and RU-8: under a named suit, the suit named stands for the ace's own)."""
    suit = effect.suit if effect is not None and effect.kind == "suit" else top[1]
    return card[1] == suit or card[0] == top[0]


def may_play(card: Card, hand: tuple[Card, ...], pos: Position, rules: Rules) -> bool:
    effect = pos.effect
    if effect is not None and effect.kind == "attack":
        return answers(card, pos.top, rules)  # RU-7, RU-11, RU-15 reading
    if matches(card, pos.top, effect):
        return True
    if card[0] in (9, 14):  # RU-7 changers
        return not rules.only_when_stuck or not any(matches(c, pos.top, effect) for c in hand)
    return False


def play_texts(card: Card, left: int) -> set[str]:
    """An ace names a suit (RU-7, even a finishing one); the call with one card left (RU-14)."""
    choices = [f":{s}" for s in SUITS] if card[0] == 14 else [""]
    calls = ["", " +makao"] if left == 1 else [""]
    return {card_text(card) + c + call for c in choices for call in calls}


def model_moves(pos: Position, rules: Rules) -> set[str]:
    """The legal turn moves of the seat to move, with the ``+makao`` call."""
    if pos.drawn is not None:  # RU-9
        moves = set()
        if may_play(pos.drawn, pos.hand, pos, rules):
            moves = play_texts(pos.drawn, len(pos.hand) - 1)
        return moves if pos.forced else moves | {"pass"}
    moves = set()
    for card in set(pos.hand):
        if may_play(card, pos.hand, pos, rules):
            moves |= play_texts(card, len(pos.hand) - 1)
    if pos.effect is not None and pos.effect.kind == "attack":
        return moves | {"draw"}  # RU-12, RU-13
    if pos.can_draw:
        return moves | {"draw"}  # RU-9 (a tactical draw too)
    return moves or {"pass"}  # nothing to draw: play if you can, else pass


def cards_of(game: Game, seat: int) -> tuple[Card, ...]:
    return tuple(parse_card(str(c)) for c in game.hand(seat))


def effect_text(game: Game) -> str | None:
    return game.effect.to_text() if game.effect is not None else None


def position_of(game: Game, forced: bool) -> Position:
    view = game.view(game.to_move)
    return Position(
        hand=tuple(parse_card(str(c)) for c in view.hand),
        top=parse_card(str(view.pile[-1])),
        effect=parse_effect(effect_text(game)),
        drawn=parse_card(str(view.drawn)) if view.drawn is not None else None,
        forced=forced,
        can_draw=view.stock_size > 0 or len(view.pile) > 1,
    )


@dataclass(frozen=True)
class Prediction:
    """What the model expects after a turn move; ``None`` fields are not predicted."""

    over: bool | None
    effect: str | None
    to_move: int | None
    sizes: tuple[int, ...] | None
    top: Card | None


def predict(game: Game, pos: Position, move: str, offender: int | None, rules: Rules) -> Prediction:
    seat, n = game.to_move, game.players
    sizes = [len(game.hand(s)) for s in range(n)]
    effect = pos.effect
    attack = effect is not None and effect.kind == "attack"
    # RU-17: the stock, then the pile under its top card, reshuffled; if short, what there is
    available = game.stock_size + len(game.pile) - 1
    if offender is not None and offender != seat:
        # RU-14: charged automatically when the next player moves (before the move itself)
        charge = min(2, available)
        sizes[offender] += charge
        available -= charge
    nxt = (seat + 1) % n
    if move == "pass":
        return Prediction(None, pos.effect.text() if pos.effect else None, None, None, pos.top)
    if move == "draw":
        if attack:
            assert effect is not None
            sizes[seat] += min(effect.total, available)  # RU-12: draw the sum, lose the turn
            if effect.final:  # RU-15: then the deal ends
                return Prediction(True, None, None, tuple(sizes), pos.top)
            return Prediction(False, None, nxt, tuple(sizes), pos.top)
        sizes[seat] += min(1, available)
        # RU-9: whether the turn stays open depends on the drawn card (checked afterwards)
        kept = effect.text() if effect else None
        return Prediction(False, kept, None, tuple(sizes), pos.top)
    text = move.split(" +")[0]
    card_part, _, choice = text.partition(":")
    card = parse_card(card_part)
    sizes[seat] -= 1
    exact = tuple(sizes)
    if effect is not None and effect.final:  # RU-15: the answer ends the deal
        return Prediction(True, None, None, exact, card)
    adds = penalty(card)
    passes_on = attack and card[0] == 13 and rules.any_king  # RU-11 option: adds nothing
    if adds or passes_on:
        assert not attack or effect is not None
        total = (effect.total if attack and effect is not None else 0) + adds
        final = len(pos.hand) == 1  # RU-15: the next player still answers or draws
        return Prediction(False, Effect("attack", total, seat, final).text(), nxt, exact, card)
    if len(pos.hand) == 1:  # RU-15: the deal ends at once
        return Prediction(True, None, None, exact, card)
    after = f"suit {choice}" if card[0] == 14 else None  # RU-7, RU-8
    return Prediction(False, after, nxt, exact, card)


@dataclass
class Report:
    """What one random game compared, and every difference found (as readable lines)."""

    positions: int = 0
    moves: list[str] = field(default_factory=list)  # turn moves (RU-6 … RU-13, RU-15, RU-17)
    calls: list[str] = field(default_factory=list)  # the makao call (RU-14)
    effects: list[str] = field(default_factory=list)  # effect, turn, hands afterwards
    scores: list[str] = field(default_factory=list)  # RU-2, RU-16
    start: list[str] = field(default_factory=list)  # RU-1, RU-4, RU-5


def check_start(game: Game, options: Options, players: int, dealer: int) -> list[str]:
    """RU-1, RU-4, RU-5: two full decks, five cards each, the leader, the start card."""
    problems = []
    everything = sorted(
        [parse_card(str(c)) for c in game.stock]
        + [parse_card(str(c)) for c in game.pile]
        + [c for s in range(players) for c in cards_of(game, s)]
    )
    if everything != sorted((r, s) for r in range(2, 15) for s in SUITS for _ in range(2)):
        problems.append("RU-1: the cards are not two full decks")
    if [len(game.hand(s)) for s in range(players)] != [5] * players or len(game.pile) != 1:
        problems.append("RU-4: not five cards each and one starting card")
    if game.to_move != (dealer + 1) % players:
        problems.append(f"RU-5: seat {game.to_move} leads, dealer {dealer}")
    top = parse_card(str(game.top))
    expected: str | None = None
    if options.get("start_card_effect", False):
        if penalty(top):
            expected = f"attack {penalty(top)} by {dealer % players}"
        elif top[0] == 14:
            expected = f"suit {top[1]}"
    if effect_text(game) != expected:
        problems.append(
            f"RU-4: start {card_text(top)} effect {effect_text(game)!r}, not {expected!r}"
        )
    return problems


def choose(game: Game, rng: random.Random, draw_bias: float) -> str:
    """A random player: says a late "makao" now and then, and draws instead of playing
    with probability ``draw_bias`` (a high bias empties the stock, RU-17)."""
    moves = game.legal_moves_text()
    late = [m for m in moves if OUT_OF_TURN.match(m)]
    plays = [m for m in moves if m not in ("draw", "pass") and m not in late]
    others = [m for m in moves if m in ("draw", "pass")]
    if late and rng.random() < 0.3:
        return rng.choice(late)
    if plays and (not others or rng.random() >= draw_bias):
        return rng.choice(plays)
    return rng.choice(others)


def compare_game(
    options: Options, players: int, seed: int, *, draw_bias: float = 0.0, max_moves: int = 3000
) -> Report:
    """Play one random game and compare the engine with the model on every position.

    With ``draw_bias`` the random player draws that often when it may, which empties the
    stock (RU-17)."""
    variant = variants.russian(**options)  # type: ignore[arg-type]
    game = Game.new(variant, players, seed=seed)
    rules = Rules(
        only_when_stuck=bool(options.get("changers_only_when_stuck", True)),
        any_king=bool(options.get("any_king_answers_king", False)),
    )
    dealer = int(options.get("dealer", -1)) % players
    rng = random.Random(seed)
    report = Report(start=check_start(game, options, players, dealer))
    offender: int | None = None  # who owes "makao" (RU-14)
    forced = False
    while not game.is_over and report.positions < max_moves:
        report.positions += 1
        where = f"Game.new(russian(**{options}), {players}, seed={seed}), move {len(game.record)}"
        pos = position_of(game, forced)
        ours = model_moves(pos, rules)
        theirs = set(game.legal_moves_text())
        turn_ours = {m for m in ours if " +" not in m}
        turn_theirs = {m for m in theirs if " +" not in m and not OUT_OF_TURN.match(m)}
        if turn_ours != turn_theirs:
            report.moves.append(
                f"{where}: {pos}: engine only {sorted(turn_theirs - turn_ours)},"
                f" model only {sorted(turn_ours - turn_theirs)}"
            )
        if offender is not None:
            ours.add(f"{offender}: say makao")  # RU-14 reading: only the offender
        if ours != theirs and turn_ours == turn_theirs:
            report.calls.append(
                f"{where}: engine only {sorted(theirs - ours)}, model only {sorted(ours - theirs)}"
            )
        move = choose(game, rng, draw_bias)
        seat = game.to_move
        if OUT_OF_TURN.match(move):
            game.play(move)
            offender = None
            continue
        stuck = not any(m not in ("draw", "pass") for m in turn_ours)
        before = [cards_of(game, s) for s in range(players)]
        expected = predict(game, pos, move, offender, rules)
        game.play(move)
        said = f"{where} {move!r}"
        if expected.over is not None and expected.over != game.is_over:
            report.effects.append(f"{said}: over {game.is_over}, model {expected.over}")
        sizes = tuple(len(game.hand(s)) for s in range(players))
        if expected.sizes is not None and expected.sizes != sizes:
            report.effects.append(f"{said}: hand sizes {sizes}, model {expected.sizes}")
        top = parse_card(str(game.top))
        if expected.top is not None and expected.top != top:
            report.effects.append(f"{said}: top {card_text(top)}, model {card_text(expected.top)}")
        if game.is_over:
            break
        if expected.effect != effect_text(game) and (move != "draw" or game.to_move != seat):
            report.effects.append(
                f"{said}: effect {effect_text(game)!r}, model {expected.effect!r}"
            )
        to_move = expected.to_move
        forced = False
        if move == "draw" and (pos.effect is None or pos.effect.kind == "suit"):
            hand = cards_of(game, seat)
            new = hand[-1] if len(hand) > len(before[seat]) else None
            after = Position(hand, pos.top, pos.effect, new, stuck, pos.can_draw)
            keeps = new is not None and may_play(new, hand, after, rules)
            to_move = seat if keeps else (seat + 1) % players
            forced = stuck
            drawn = game.view(seat).drawn
            if keeps and (drawn is None or parse_card(str(drawn)) != new):
                report.effects.append(f"{said}: drawn card {drawn}, model {new}")
        if move == "pass" and to_move is None:
            to_move = (seat + 1) % players
        if to_move is not None and to_move != game.to_move:
            report.effects.append(f"{said}: to move {game.to_move}, model {to_move}")
        left = len(game.hand(seat))
        plays = move not in ("draw", "pass")
        offender = seat if plays and left == 1 and "+makao" not in move else None
    if game.is_over:
        hands = [cards_of(game, s) for s in range(players)]
        expected_scores = tuple(hand_points(h) for h in hands)
        if game.scores is None or tuple(game.scores) != expected_scores:
            report.scores.append(f"seed {seed}: scores {game.scores}, model {expected_scores}")
        outcome = game.outcome
        winner = None if outcome is None else outcome.winner
        if winner is not None and hands[winner] and not game.blocked:
            report.scores.append(f"seed {seed}: winner {winner} holds {hands[winner]}")
    return report


OPTION_SETS: list[Options] = [
    {},
    {"start_card_effect": True},
    {"changers_only_when_stuck": False},
    {"any_king_answers_king": True},
    {"dealer": 1},
    {"match_limit": 200},
    {
        "start_card_effect": True,
        "changers_only_when_stuck": False,
        "any_king_answers_king": True,
        "dealer": 0,
    },
]
TABLES = (2, 3, 4, 5)
BIASES = (0.0, 0.0, 0.0, 0.0, 0.05, 0.2, 0.5, 0.9)
GAMES = [
    pytest.param(options, TABLES[(i + k) % len(TABLES)], 97 * i + k, bias, id=f"{name}-{k}")
    for i, options in enumerate(OPTION_SETS)
    for name in ["-".join(f"{o}={v}" for o, v in options.items()) or "defaults"]
    for k, bias in enumerate(BIASES)
]
MAX_MOVES = 400
_reports: dict[tuple[str, int, int, float], Report] = {}


def report_for(options: Options, players: int, seed: int, bias: float) -> Report:
    """Each game is played once and shared by the tests below."""
    index = (repr(sorted(options.items())), players, seed, bias)
    if index not in _reports:
        _reports[index] = compare_game(options, players, seed, draw_bias=bias, max_moves=MAX_MOVES)
    return _reports[index]


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_ru_1_ru_4_ru_5_deal_and_start_card_match_an_independent_model(
    options: Options, players: int, seed: int, bias: float
) -> None:
    assert report_for(options, players, seed, bias).start == []


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_ru_6_to_ru_13_ru_15_ru_17_legal_moves_match_an_independent_model(
    options: Options, players: int, seed: int, bias: float
) -> None:
    report = report_for(options, players, seed, bias)
    assert report.positions > 0
    assert report.moves == []


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_ru_14_makao_call_matches_an_independent_model(
    options: Options, players: int, seed: int, bias: float
) -> None:
    assert report_for(options, players, seed, bias).calls == []


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_ru_7_to_ru_15_ru_17_effects_turns_and_hands_match_an_independent_model(
    options: Options, players: int, seed: int, bias: float
) -> None:
    assert report_for(options, players, seed, bias).effects == []


@pytest.mark.parametrize(("options", "players", "seed", "bias"), GAMES)
def test_ru_2_ru_16_deal_scores_match_an_independent_model(
    options: Options, players: int, seed: int, bias: float
) -> None:
    assert report_for(options, players, seed, bias).scores == []


@pytest.mark.parametrize("players", [1, 6])
def test_ru_1_two_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="at least 2 and at most 5"):
        Game.new(variants.russian(), players, seed=1)


@pytest.mark.parametrize("options", [{}, {"start_card_effect": True}, {"dealer": 1}])
def test_ru_1_ru_4_ru_5_many_deals_match_an_independent_model(options: Options) -> None:
    """Only the deal: enough seeds that starting penalty cards and aces come up."""
    problems = []
    for seed in range(120):
        players = 2 + seed % 4
        game = Game.new(variants.russian(**options), players, seed=seed)  # type: ignore[arg-type]
        problems += check_start(game, options, players, int(options.get("dealer", -1)) % players)
    assert problems == []


@pytest.mark.parametrize(("players", "limit", "dealer"), [(2, 150, -1), (3, 200, 0), (5, 400, 2)])
def test_ru_3_ru_16_ru_18_match_totals_rotation_and_ranking(
    players: int, limit: int, dealer: int
) -> None:
    """Deal after deal: the dealer rotates, the loser's points are added up with RU-2, and
    the match ends when a total reaches the limit, ranked by total, then seat."""
    match = Match(variants.russian(match_limit=limit, dealer=dealer), players, seed=players)
    rng = random.Random(players)
    first_dealer = dealer % players
    totals = [0] * players
    deals = 0
    while not match.is_over:
        assert match.dealer == (first_dealer + deals) % players  # RU-3
        game = match.game
        assert game.to_move == (match.dealer + 1) % players  # RU-5
        moves = 0
        while True:
            move = choose(game, rng, 0.0)
            after = game.clone()
            after.play(move)
            match.play(move)
            moves += 1
            if after.is_over:
                break
            assert moves < 2000
        scores = tuple(hand_points(cards_of(after, s)) for s in range(players))  # RU-16
        assert match.scores[-1] == scores
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert list(match.totals) == totals
        deals += 1
        assert match.is_over == (max(totals) >= limit)  # RU-18
    assert list(match.ranking) == sorted(range(players), key=lambda s: (totals[s], s))
    assert deals == len(match.scores) > 1


def test_ru_9_ru_11_ru_15_the_model_on_documented_positions() -> None:
    """The model itself gives the documented answers (so the comparison is not vacuous)."""
    game = Game.from_position(
        variants.russian(), hands=["2h", "2c 5d 5c", "7s 8s"], pile="9h", stock="4d 4c 4s"
    )
    rules = Rules()
    assert model_moves(position_of(game, False), rules) == {"2h", "draw"}
    game.play("2h")
    pos = position_of(game, False)
    assert model_moves(pos, rules) == {"2c", "draw"} == set(game.legal_moves_text(1))
    assert predict(game, pos, "draw", None, rules) == Prediction(
        True, None, None, (0, 5, 2), (2, "h")
    )
    game.play("draw")
    assert game.is_over and game.scores is not None
    assert (
        tuple(game.scores) == tuple(hand_points(cards_of(game, s)) for s in range(3)) == (0, 40, 10)
    )
    hand = ((5, "d"), (6, "d"), (14, "c"))
    pos = Position(
        hand=hand, top=(9, "h"), effect=None, drawn=(14, "c"), forced=True, can_draw=True
    )
    assert model_moves(pos, rules) == {f"Ac:{s}" for s in SUITS}
    pos = Position(
        hand=hand, top=(9, "d"), effect=None, drawn=(14, "c"), forced=False, can_draw=True
    )
    assert model_moves(pos, rules) == {"pass"}
    assert model_moves(pos, Rules(only_when_stuck=False)) == {"pass", *(f"Ac:{s}" for s in SUITS)}
    king = Effect("attack", 5, 1)
    pos = Position(hand, top=(13, "h"), effect=king, drawn=None, forced=False, can_draw=False)
    assert model_moves(pos, Rules(any_king=True)) == {"draw"}
    assert (
        hand_points([(14, "h"), (13, "h"), (9, "c"), (3, "d"), (2, "s"), (10, "h"), (5, "c")])
        == 205
    )
