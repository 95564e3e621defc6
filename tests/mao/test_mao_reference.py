"""A differential test of Ultimate Mao's card play (UM-4 … UM-20, UM-24, UM-26, UM-27)
against an independent model.

The model below was written from ``rules/ultimate-mao.md`` and the readings in
``docs/rules/mao.md`` only, without looking at the engine's move generator or rules.
Random games are played through the public API; on every position the engine's turn moves
of the seat to move (``legal_moves_text()`` without the calls said with a play, the
out-of-turn actions and the host reports) are compared with the model's, as sets: the
plays as ``card[:suit]``, ``draw`` and ``pass``. After each turn move the effect in force
(in its text form), the seat to move, the direction and every hand's size (when the stock
covers the draws) are compared with the model's prediction; an illegal card with
``illegal_play="penalize"`` must leave the position as it was but for one penalty card.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from _reference import RANK_TEXT, SUITS, Card, card_text, parse_card
from makao import Game, variants
from makao.errors import SetupError

NOT_A_TURN_MOVE = re.compile(r"^(\d+:|host:|misplay\b)")
UNKNOWN = "?"


@dataclass(frozen=True)
class Effect:
    """An effect in force, read from its documented text form."""

    kind: str  # "jack" (held), "free" (released), "seven", "attack", "multiplex"
    seat: int = -1  # who played the card that set it
    suit: str = ""  # the suit a held jack names
    rank: int = 0  # the rank of a multiplex, or of a pending attack (3 or 4)
    total: int = 0  # the cards a pending attack or multiplex costs


def parse_effect(text: str | None) -> Effect | None:
    """``jack h by S``, ``free``, ``seven by S``, ``multiplex 8 3 by S``, ``attack N by S of R``."""
    if text is None:
        return None
    words = text.split()
    if words[0] == "free":
        return Effect("free")
    if words[0] == "jack":
        return Effect("jack", seat=int(words[3]), suit=words[1])
    if words[0] == "seven":
        return Effect("seven", seat=int(words[2]))
    if words[0] == "multiplex":
        return Effect("multiplex", seat=int(words[4]), rank=parse_card(words[1] + "c")[0],
                      total=int(words[2]))  # fmt: skip
    assert words[0] == "attack", text
    rank = int(words[5]) if len(words) > 5 and words[4] == "of" else 3
    return Effect("attack", seat=int(words[3]), rank=rank, total=int(words[1]))


def effect_text(effect: Effect | None) -> str | None:
    if effect is None:
        return None
    if effect.kind == "free":
        return "free"
    if effect.kind == "jack":
        return f"jack {effect.suit} by {effect.seat}"
    if effect.kind == "seven":
        return f"seven by {effect.seat}"
    if effect.kind == "multiplex":
        rank = RANK_TEXT.get(effect.rank, str(effect.rank))
        return f"multiplex {rank} {effect.total} by {effect.seat}"
    return f"attack {effect.total} by {effect.seat} of {effect.rank}"


@dataclass(frozen=True)
class Options:
    four_penalty_ends_turn: bool = False
    seven_penalty_ends_turn: bool = False
    nine_player_draws_too: bool = False
    jack_cancels_penalty: bool = True
    multiplex_suspends_effects: bool = True
    play_for_places: bool = False


PENALTIES = ("seven", "attack", "multiplex")


def may_play(card: Card, top: Card, effect: Effect | None, opts: Options) -> bool:
    """Whether ``card`` may be played on ``top`` with ``effect`` in force (UM-5, 10, 11, 13,
    16, 20)."""
    jack = card[0] == 11
    if effect is None:
        return jack or card[0] == top[0] or card[1] == top[1]  # UM-5, UM-16
    if effect.kind == "free":
        return True  # reading: after a released jack, any card
    if effect.kind == "jack":
        return jack or card[1] == effect.suit  # UM-16
    if jack and opts.jack_cancels_penalty:
        return True  # UM-16
    if effect.kind == "seven":
        return card[0] == 7  # UM-13
    if effect.kind == "attack":
        return card[0] == effect.rank  # UM-10, UM-11
    return card[0] == effect.rank  # UM-20


def plays(hand: tuple[Card, ...], top: Card, effect: Effect | None, opts: Options) -> set[str]:
    out: set[str] = set()
    for card in set(hand):
        if may_play(card, top, effect, opts):
            if card[0] == 11:
                out |= {f"{card_text(card)}:{s}" for s in SUITS}
            else:
                out.add(card_text(card))
    return out


@dataclass(frozen=True)
class Position:
    hand: tuple[Card, ...]
    top: Card
    effect: Effect | None
    drawn: bool  # the seat to move has drawn this turn
    can_draw: bool


def model_moves(pos: Position, opts: Options) -> set[str]:
    """The legal turn moves of the seat to move, as the specification reads (UM-5 …)."""
    moves = plays(pos.hand, pos.top, pos.effect, opts)
    if pos.drawn:
        return moves | {"pass"}  # UM-5: after drawing, play any legal card or end the move
    kind = pos.effect.kind if pos.effect else None
    if kind == "multiplex" and any(c[0] == pos.effect.rank for c in pos.hand):  # type: ignore[union-attr]
        return moves  # reading: a player must play into a multiplex if they hold the rank
    if pos.can_draw or kind in PENALTIES:
        return moves | {"draw"}  # a penalty is taken by drawing what there is (UM-26)
    return moves or {"pass"}


def position_of(game: Game, *, drew: bool = False) -> Position:
    """The position of the seat to move; ``drew``: they drew (or took a penalty) this turn."""
    seat = game.to_move
    view = game.view(seat)
    effect = game.effect
    return Position(
        hand=tuple(parse_card(str(c)) for c in view.hand),
        top=parse_card(str(view.pile[-1])),
        effect=parse_effect(effect.to_text() if effect is not None else None),
        drawn=drew or view.drawn is not None,
        can_draw=view.stock_size > 0 or len(view.pile) > 1,
    )


def turn_text(text: str) -> str:
    """A turn move's text without the calls said with it."""
    return text.split(" +")[0]


def engine_moves(game: Game) -> set[str]:
    return {turn_text(t) for t in game.legal_moves_text() if not NOT_A_TURN_MOVE.match(t)}


def next_seat(game: Game, seat: int, step: int, finished: set[int]) -> int:
    n = game.players
    other = seat
    for _ in range(n):
        other = (other + step) % n
        if other not in finished:
            return other
    return seat


@dataclass(frozen=True)
class Prediction:
    effect: Effect | None
    to_move: int | None  # None: the drawer stays if they can play now, else the next seat
    direction: int
    draws: dict[int, int]  # cards each seat draws (the mover's played card not counted)


def previous_seat(game: Game, seat: int, step: int, finished: set[int]) -> int:
    """UM-12, UM-17: the previous player, against the direction of play."""
    return next_seat(game, seat, -step, finished)


def predict(game: Game, move: str, opts: Options) -> Prediction:
    """The effect, the seat to move, the direction and the cards drawn after the seat to move
    makes the turn move ``move`` (without its calls)."""
    seat, step = game.to_move, game.direction
    before = parse_effect(game.effect.to_text() if game.effect is not None else None)
    kind = before.kind if before else None
    finished = set(game.finished)
    nxt = next_seat(game, seat, step, finished)
    if move == "pass":
        return Prediction(before if kind == "jack" else None, nxt, step, {})
    if move == "draw":
        assert before is None or before.kind in ("jack", "free") or before.kind in PENALTIES
        if kind == "multiplex":  # UM-20: the next player then plays normally
            return Prediction(None, nxt, step, {seat: before.total})  # type: ignore[union-attr]
        if kind == "seven":  # UM-13
            ends = opts.seven_penalty_ends_turn
            return Prediction(None, nxt if ends else None, step, {seat: 2})
        if kind == "attack":  # UM-10 (misses the turn), UM-11
            ends = before.rank == 3 or opts.four_penalty_ends_turn  # type: ignore[union-attr]
            return Prediction(None, nxt if ends else None, step, {seat: before.total})  # type: ignore[union-attr]
        # UM-5: one card; the drawer may then play a legal card, or the turn ends
        return Prediction(before, None, step, {seat: 1})
    text, _, choice = move.partition(":")
    card = parse_card(text)
    rank = card[0]
    last = len(game.hand(seat)) == 1
    others = [s for s in range(game.players) if s != seat and s not in finished]
    if last:
        finished.add(seat)
        nxt = next_seat(game, seat, step, finished)
    top = parse_card(str(game.top))
    draws: dict[int, int] = {}
    effect: Effect | None
    if kind == "multiplex" and rank == before.rank:  # type: ignore[union-attr]
        effect = Effect("multiplex", seat=seat, rank=rank, total=before.total + 1)  # type: ignore[union-attr]
    elif card == top:  # UM-20: an identical card starts a multiplex
        effect = Effect("multiplex", seat=seat, rank=rank, total=2)
    elif rank == 7 and kind == "seven":  # UM-13: a seven on the seven cancels it
        effect = None
    elif rank == 11:  # UM-16
        effect = Effect("jack", seat=seat, suit=choice)
        if kind == "jack":  # a jack on a held jack: its holder draws one
            draws[before.seat] = 1  # type: ignore[union-attr]
    elif rank in (3, 4):  # UM-10, UM-11: +3 per three, +4 per four
        total = before.total if before is not None and kind == "attack" else 0
        effect = Effect("attack", seat=seat, rank=rank, total=total + rank)
    elif rank == 7:
        effect = Effect("seven", seat=seat)
    else:
        effect = None
    multiplex = effect is not None and effect.kind == "multiplex"
    acts = not (multiplex and opts.multiplex_suspends_effects)
    again = False
    if acts:
        if rank == 14:  # UM-8
            step = -step
            nxt = next_seat(game, seat, step, finished)
        elif rank == 2:  # UM-9
            again = True
        elif rank in (6, 12):  # UM-12, UM-17
            draws[previous_seat(game, seat, step, finished)] = 2 if rank == 6 else 1
        elif rank == 9:  # UM-14
            for other in others:
                draws[other] = 1
            if opts.nine_player_draws_too:
                draws[seat] = 1
            again = True
    to_move = seat if again and not last else nxt
    return Prediction(effect, to_move, step, draws)


@dataclass
class Report:
    """What one random game compared, and every difference found (as readable lines)."""

    positions: int = 0
    moves: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)


def compare_game(
    options: dict[str, bool | str], players: int, seed: int, *, max_moves: int = 1500
) -> Report:
    game = Game.new(variants.mao(**options), players, seed=seed)  # type: ignore[arg-type]
    opts = Options(**{k: v for k, v in options.items() if k in Options.__dataclass_fields__})  # type: ignore[arg-type]
    penalize = options.get("illegal_play") == "penalize"
    rng = random.Random(seed)
    report = Report()
    drew = False  # the seat to move has drawn this turn
    while not game.is_over and report.positions < max_moves:
        report.positions += 1
        where = f"Game.new(mao(**{options}), {players}, seed={seed}), move {len(game.record)}"
        pos = position_of(game, drew=drew)
        ours = model_moves(pos, opts)
        theirs = engine_moves(game)
        if ours != theirs:
            report.moves.append(
                f"{where}: {pos}: engine only {sorted(theirs - ours)},"
                f" model only {sorted(ours - theirs)}"
            )
        moves = [str(m) for m in game.legal_moves()]
        turn = [m for m in moves if not NOT_A_TURN_MOVE.match(m)]
        illegal = [card_text(c) for c in pos.hand if card_text(c) not in theirs]
        roll = rng.random()
        if penalize and illegal and roll < 0.05:
            move = rng.choice(illegal)
        elif turn and roll < 0.92:
            cards = [m for m in turn if m not in ("draw", "pass")]
            move = rng.choice(cards if cards and rng.random() < 0.8 else turn)
        else:
            move = rng.choice(moves)
        seat = game.to_move
        if NOT_A_TURN_MOVE.match(move):
            game.play(move)
            continue
        bare = turn_text(move)
        if bare not in theirs:  # UM-27: a misplay is charged, the card goes back
            effect, direction, held = game.effect, game.direction, len(game.hand(seat))
            game.play(move)
            now = (game.effect, game.to_move, game.direction, len(game.hand(seat)))
            if now != (effect, seat, direction, held + 1):
                report.effects.append(f"{where} misplay {move!r}: {now}")
            continue
        expected = predict(game, bare, opts)
        sizes = [len(game.hand(s)) for s in range(players)]
        enough = game.stock_size >= sum(expected.draws.values())
        game.play(move)
        drew = bare == "draw" and game.to_move == seat
        if game.is_over:
            continue
        actual = parse_effect(game.effect.to_text() if game.effect is not None else None)
        if expected.effect != actual:
            report.effects.append(
                f"{where} {move!r}: effect {effect_text(actual)!r},"
                f" model {effect_text(expected.effect)!r}"
            )
        to_move = expected.to_move
        if to_move is None:  # UM-5: the drawer stays if they now hold a legal card
            hand = tuple(parse_card(str(c)) for c in game.hand(seat))
            top = parse_card(str(game.top))
            stays = bool(plays(hand, top, actual, opts))
            to_move = seat if stays else next_seat(game, seat, game.direction, set(game.finished))
        if (game.to_move, game.direction) != (to_move, expected.direction):
            report.effects.append(
                f"{where} {move!r}: (to move, direction) {(game.to_move, game.direction)},"
                f" model {(to_move, expected.direction)}"
            )
        if enough:
            played = 0 if bare in ("draw", "pass") else 1
            want = [
                sizes[s] + expected.draws.get(s, 0) - (played if s == seat else 0)
                for s in range(players)
            ]
            got = [len(game.hand(s)) for s in range(players)]
            if want != got:
                report.effects.append(f"{where} {move!r}: hand sizes {got}, model {want}")
    return report


OPTION_SETS: list[dict[str, bool | str]] = [
    {},
    {"start_card_effect": True},
    {"timeout_ends_turn": False},
    {"four_penalty_ends_turn": True},
    {"seven_penalty_ends_turn": True},
    {"nine_player_draws_too": True},
    {"jack_cancels_penalty": False},
    {"multiplex_suspends_effects": False},
    {"mau_mau_only_for_jack": True},
    {"play_for_places": True},
    {"illegal_play": "penalize"},
]
TABLES = (3, 4, 5)
GAMES = [
    pytest.param(options, TABLES[(i + k) % len(TABLES)], 31 * i + k, id=f"{name}-{k}")
    for i, options in enumerate(OPTION_SETS)
    for name in ["-".join(f"{o}={v}" for o, v in options.items()) or "defaults"]
    for k in range(3)
]
MAX_MOVES = 400
_reports: dict[tuple[str, int, int], Report] = {}


def report_for(options: dict[str, bool | str], players: int, seed: int) -> Report:
    """Each game is played once and shared by the tests below."""
    index = (repr(sorted(options.items())), players, seed)
    if index not in _reports:
        _reports[index] = compare_game(options, players, seed, max_moves=MAX_MOVES)
    return _reports[index]


@pytest.mark.parametrize(("options", "players", "seed"), GAMES)
def test_um_5_to_um_20_turn_moves_match_an_independent_model(
    options: dict[str, bool | str], players: int, seed: int
) -> None:
    report = report_for(options, players, seed)
    assert report.positions > 20
    assert report.moves == []


@pytest.mark.parametrize(("options", "players", "seed"), GAMES)
def test_um_8_to_um_20_um_27_effects_turn_order_and_draws_match_an_independent_model(
    options: dict[str, bool | str], players: int, seed: int
) -> None:
    assert report_for(options, players, seed).effects == []


def test_um_1_two_players_are_refused() -> None:
    with pytest.raises(SetupError):
        Game.new(variants.mao(), 2, seed=0)
    with pytest.raises(SetupError):
        Game.from_position(variants.mao(), hands=["5h 6h", "5c 6c"], pile="9h")


def test_um_5_to_um_20_the_model_on_set_positions() -> None:
    """The model itself gives the answers the specification asks for (so the comparison is
    not vacuous), and agrees with the engine on them."""
    opts = Options()
    hands = ["10h 7s 8d 3d 4h Jd 8c", "5d 6c 7c", "5h 6h 7h"]
    jacks = {f"Jd:{s}" for s in SUITS}
    cases: list[tuple[str, str | None, set[str]]] = [
        ("8c", None, {"8d", "8c", *jacks, "draw"}),  # UM-5, UM-16
        ("7c", "seven by 2", {"7s", *jacks, "draw"}),  # UM-13
        ("3c", "attack 3 by 2 of 3", {"3d", *jacks, "draw"}),  # UM-10
        ("4c", "attack 4 by 2 of 4", {"4h", *jacks, "draw"}),  # UM-11
        ("8c", "multiplex 8 2 by 2", {"8d", "8c", *jacks}),  # UM-20: no draw with an 8
        ("Jh", "jack c by 2", {"8c", *jacks, "draw"}),  # UM-16
        ("Jh", "free", {"10h", "7s", "8d", "3d", "4h", "8c", *jacks, "draw"}),
    ]
    for top, effect, expected in cases:
        game = Game.from_position(variants.mao(), hands=hands, pile=top, stock="2c 2d",
                                  effect=effect)  # fmt: skip
        assert model_moves(position_of(game), opts) == expected == engine_moves(game), effect
    # an empty stock and nothing under the top card (UM-26): no draw, but a penalty is taken
    no_jacks = variants.mao(jack_cancels_penalty=False)
    for hand, top, effect, expected in [
        ("10h 5s 6d", "8c", None, {"pass"}),
        ("10h 8d Jd", "8c", None, {"8d", *jacks}),
        ("10h 7s 6d", "7c", "seven by 2", {"7s", "draw"}),
        ("10h 5s 6d", "3c", "attack 3 by 2 of 3", {"draw"}),
        ("10h 5s 6d", "Jh", "jack c by 2", {"pass"}),
    ]:
        game = Game.from_position(no_jacks, hands=[hand, "5d", "5h"], pile=top, effect=effect)
        rules = Options(jack_cancels_penalty=False)
        assert model_moves(position_of(game), rules) == expected == engine_moves(game), effect


@pytest.mark.parametrize("effect", ["seven by 2", "attack 4 by 2 of 4"])
def test_um_5_um_11_um_13_a_penalty_taken_from_an_empty_stock_ends_the_move(effect: str) -> None:
    """UM-5, UM-11, UM-13 with UM-26: with nothing at all to draw the penalty is forgiven and,
    as after any draw that brings nothing to play, the move is over (the engine's reading:
    the turn stays open only for a card that was drawn)."""
    top = "4c" if "of 4" in effect else "7c"
    game = Game.from_position(
        variants.mao(), hands=["10h 7s 8d 4h", "5d 6c", "5h 6h"], pile=top, effect=effect
    )
    game.play("draw")
    assert game.effect is None and game.to_move == 1 and len(game.hand(0)) == 4


def start_of(rank: str, players: int) -> Game:
    for seed in range(2000):
        game = Game.new(variants.mao(start_card_effect=True), players, seed=seed)
        if str(game.top)[:-1] == rank:
            return game
    raise AssertionError(f"no starting {rank}")


START_CASES = ("2", "3", "4", "5", "6", "7", "9", "10", "J", "Q", "A")


def predict_start(
    game: Game, rank: str, players: int, dealer: int
) -> tuple[Effect | None, int, int, list[int]]:
    """UM-4 with ``start_card_effect``: the effect, the seat to move, the direction and the
    hand sizes after the dealer "plays" the starting card; seat 0 was announced first."""
    sizes = [6] * players
    card = parse_card(str(game.top))
    effect: Effect | None = None
    to_move, direction = 0, 1
    if rank == "J":  # the jack names its own suit (the engine's choice; the spec is silent)
        effect = Effect("jack", seat=dealer, suit=card[1])
    elif rank in ("3", "4"):
        effect = Effect("attack", seat=dealer, rank=card[0], total=card[0])
    elif rank == "7":
        effect = Effect("seven", seat=dealer)
    elif rank == "2":
        to_move = dealer
    elif rank == "9":
        to_move = dealer
        sizes = [7] * dealer + [6]
    elif rank in ("6", "Q"):
        sizes[dealer - 1] += 2 if rank == "6" else 1
    elif rank == "A":
        to_move, direction = dealer - 1, -1
    return effect, to_move, direction, sizes


@pytest.mark.parametrize("rank", START_CASES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_um_4_the_starting_card_acts_as_if_the_dealer_had_played_it(
    rank: str, players: int
) -> None:
    """With ``start_card_effect`` the model's prediction for the dealer (the last seat)
    playing the turned card, compared with the engine's start."""
    game = start_of(rank, players)
    dealer = players - 1
    expected = predict_start(game, rank, players, dealer)
    effect = parse_effect(game.effect.to_text() if game.effect is not None else None)
    sizes = [len(game.hand(s)) for s in range(players)]
    assert (effect, game.to_move, game.direction, sizes) == expected
