"""Differential test of the four family variants against independent reference models.

The models are written from the docs pages only (docs/variants/*.md): at every position
of seeded random games the model reads the position (hands, pile, stock, effect, turn,
direction, the card just drawn), computes the legal turn moves of the seat to move and
the out-of-turn call actions, and after the move predicts the effect in force, who moves
next, the hands, the top card and whether the game is over. Every difference is charged
to the rule id it concerns, and each test asks that one rule id shows none.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from _reference import SUITS, Card, card_text, parse_card
from makao import Game, variants
from makao.events import CardsDrawn

Opts = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Spec:
    """One game of the family, as its docs page states it."""

    name: str
    prefix: str
    low: int  # lowest rank of the pack (2 or 7)
    wild: int
    hand_size: int
    start: str  # "redraw" (of `redraw` ranks), "effect" (MM-1) or "inert" (PR-1)
    redraw: frozenset[int]
    draw: str  # "until" (CE-4), "play_drawn" (MM-2, SW-2), "one" (PR-2)
    attack: int | None = None
    skip: int | None = None
    wait: int | None = None
    reverse: int | None = None
    call: str | None = None  # said with one card left
    enforcement: str | None = None  # "automatic" or "challenge"
    finish_call: str | None = None  # MM-7
    two_decks_from: int = 6
    rid: dict[str, str] = field(default_factory=dict)  # topic -> rule id


CE = Spec(
    "crazy-eights", "CE", 2, 8, 5, "redraw", frozenset({8}), "until",
    two_decks_from=5,
    rid={"start": "CE-1", "play": "CE-2", "wild": "CE-3", "draw": "CE-4", "finish": "CE-5"},
)  # fmt: skip
MM = Spec(
    "mau-mau", "MM", 7, 11, 5, "effect", frozenset(), "play_drawn",
    attack=7, skip=8, call="mau", enforcement="automatic", finish_call="mau-mau",
    rid={"start": "MM-1", "play": "MM-2", "draw": "MM-2", "attack": "MM-3", "skip": "MM-4",
         "wild": "MM-5", "call": "MM-6", "finish": "MM-7"},
)  # fmt: skip
PR = Spec(
    "prsi", "PR", 7, 12, 4, "inert", frozenset(), "one",
    attack=7, wait=14,
    rid={"start": "PR-1", "play": "PR-2", "draw": "PR-2", "attack": "PR-3", "wait": "PR-4",
         "wild": "PR-5", "finish": "PR-6"},
)  # fmt: skip
SW = Spec(
    "switch", "SW", 2, 14, 7, "redraw", frozenset({2, 8, 11, 14}), "play_drawn",
    attack=2, skip=8, reverse=11, call="last-card", enforcement="challenge",
    rid={"start": "SW-1", "play": "SW-2", "draw": "SW-2", "attack": "SW-3", "skip": "SW-4",
         "reverse": "SW-5", "wild": "SW-6", "call": "SW-7", "finish": "SW-8"},
)  # fmt: skip
SPECS = {s.name: s for s in (CE, MM, PR, SW)}


def cards_of(seq: Any) -> list[Card]:
    return [parse_card(str(c)) for c in seq]


def plays_of(spec: Spec, card: Card) -> set[str]:
    text = card_text(card)
    return {f"{text}:{s}" for s in SUITS} if card[0] == spec.wild else {text}


class Model:
    """The position of one game as the reference model sees it, read from the engine."""

    def __init__(self, spec: Spec, opts: dict[str, Any], game: Game, pending: int | None):
        self.spec, self.opts = spec, opts
        self.players = game.players
        self.hands = [cards_of(game.hand(s)) for s in range(game.players)]
        pile = cards_of(game.pile)
        self.top, self.under = pile[-1], pile[:-1]
        self.stock = cards_of(game.stock)  # the last card is drawn first
        self.to_move = game.to_move
        self.direction = game.direction
        self.finished = list(game.finished)
        drawn = game.drawn
        self.drawn: Card | None = None if drawn is None else parse_card(str(drawn))
        self.effect = game.effect.to_text() if game.effect is not None else ""
        self.pending = pending  # a seat that owes its one-card call
        self.over = False
        self.oracle: list[Card] = []  # the engine's order of a reshuffled stock
        self.reshuffled = False

    # ----- reading the position
    def eff(self) -> list[str]:
        return self.effect.split()

    def active(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.finished]

    def next_seat(self, seat: int) -> int:
        s = seat
        for _ in range(self.players):
            s = (s + self.direction) % self.players
            if s not in self.finished:
                return s
        return seat

    def playable(self, card: Card) -> bool:
        eff = self.eff()
        if eff and eff[0] == "attack":
            return card[0] == self.spec.attack
        if eff and eff[0] == "wait":
            return card[0] == self.spec.wait
        if eff and eff[0] == "suit":
            return card[1] == eff[1] or card[0] == self.spec.wild
        return card[0] == self.spec.wild or card[1] == self.top[1] or card[0] == self.top[0]

    def ends_game(self, hand: list[Card]) -> bool:
        """Going out ends the game: a wild then names no suit (the engine's notation)."""
        if len(hand) != 1 or self.spec.finish_call is not None:
            return False
        return not self.opts.get("play_for_places")

    def can_draw(self) -> bool:
        return bool(self.stock or self.under)

    # ----- moves
    def turn_moves(self) -> set[str]:
        if self.drawn is not None:
            return plays_of(self.spec, self.drawn) | {"pass"}
        eff = self.eff()
        moves: set[str] = set()
        hand = self.hands[self.to_move]
        for card in hand:
            if self.playable(card):
                moves |= (
                    plays_of(self.spec, card) if not self.ends_game(hand) else {card_text(card)}
                )
        if eff and eff[0] == "wait":
            return moves | {"pass"}
        if eff and eff[0] == "attack":
            return moves | {"draw"}
        if eff and eff[0] == "suit" and moves:
            return moves  # no drawing instead under a named suit
        if self.can_draw():
            return moves | {"draw"}
        return moves if moves else {"pass"}

    def side_moves(self) -> set[str]:
        if self.pending is None or self.spec.call is None:
            return set()
        out = {f"{self.pending}: say {self.spec.call}"}
        if self.spec.enforcement == "challenge":
            out |= {f"{s}: stop {self.pending}" for s in self.active() if s != self.pending}
        return out

    # ----- effects of moves
    def draw_one(self, seat: int) -> Card | None:
        if not self.stock:
            if not self.under:
                return None
            self.stock, self.under = self.under, []
            self.reshuffled = True
        if self.reshuffled:
            card = self.oracle.pop(0) if self.oracle else self.stock[-1]
            self.stock.remove(card)  # ValueError: the engine drew a card not in the pool
        else:
            card = self.stock.pop()
            if self.oracle:
                self.oracle.pop(0)
        self.hands[seat].append(card)
        return card

    def penalise(self, seat: int) -> None:
        for _ in range(int(self.opts.get("penalty", 2))):
            self.draw_one(seat)

    def side(self, move: str) -> None:
        action = move.split(": ")[1]
        if action.startswith("stop"):
            assert self.pending is not None
            self.penalise(self.pending)
        self.pending = None

    def turn(self, move: str) -> None:
        spec, p = self.spec, self.to_move
        words = move.split()
        calls = {w[1:] for w in words if w.startswith("+")}
        if self.pending is not None and spec.enforcement == "automatic":
            self.penalise(self.pending)  # MM-6: not said before this move
        self.pending = None
        if words[0] == "pass":
            self.drawn = None
            if self.eff() and self.eff()[0] == "wait":
                self.effect = ""
            self.to_move = self.next_seat(p)
            return
        if words[0] == "draw":
            self.do_draw(p)
            return
        head = words[0].split(":")
        card = parse_card(head[0])
        self.hands[p].remove(card)
        self.drawn = None
        self.under.append(self.top)
        self.top = card
        hand = self.hands[p]
        if not hand:
            if spec.finish_call is not None and spec.finish_call not in calls:
                self.penalise(p)  # MM-7: plays on; the card acts as any other
            elif self.opts.get("play_for_places") and len(self.active()) > 2:
                self.finished.append(p)
            else:
                self.over = True
                return
        elif len(hand) == 1 and spec.call is not None and spec.call not in calls:
            self.pending = p
        old = self.eff()
        nxt = self.next_seat(p)
        if card[0] == spec.wild:
            self.effect = f"suit {head[1]}"
        elif card[0] == spec.attack:
            total = (int(old[1]) if old and old[0] == "attack" else 0) + 2
            self.effect = f"attack {total} by {p} of {spec.attack}"
        elif card[0] == spec.wait:
            self.effect = f"wait 1 by {p}"
        else:
            self.effect = ""
        if card[0] == spec.skip:
            nxt = self.next_seat(nxt)
        if card[0] == spec.reverse:
            self.direction = -self.direction
            nxt = p if len(self.active()) == 2 else self.next_seat(p)
        self.to_move = nxt

    def do_draw(self, p: int) -> None:
        spec, eff = self.spec, self.eff()
        if eff and eff[0] == "attack":
            for _ in range(int(eff[1])):
                self.draw_one(p)
            self.effect = ""
            self.to_move = self.next_seat(p)
            return
        limit = 1 if spec.draw != "until" else self.opts.get("max_draws") or 10**6
        card: Card | None = None
        for _ in range(limit):
            card = self.draw_one(p)
            if card is None or self.playable(card):
                break
        if card is not None and spec.draw != "one" and self.playable(card):
            self.drawn = card
        else:
            self.to_move = self.next_seat(p)


# ----------------------------------------------------------------- the differential run


@dataclass(frozen=True)
class Diff:
    rule: str
    where: str
    detail: str


def is_side(move: str) -> bool:
    head = move.split()[0]
    return head.endswith(":") and head[:-1].isdigit()


def strip(moves: list[str]) -> tuple[set[str], set[str]]:
    """Turn moves without their calls, and the out-of-turn actions."""
    turn = {" ".join(w for w in m.split() if w[0] != "+") for m in moves if not is_side(m)}
    return turn, {m for m in moves if is_side(m)}


def start_diffs(spec: Spec, opts: dict[str, Any], game: Game) -> list[str]:
    out: list[str] = []
    n = game.players
    size = int(opts.get("hand_size", spec.hand_size))
    if [len(game.hand(s)) for s in range(n)] != [size] * n:
        out.append(f"hand sizes {[len(game.hand(s)) for s in range(n)]} != {size} each")
    decks = opts.get("decks") or (2 if n >= spec.two_decks_from and spec.name != "prsi" else 1)
    cards = Counter(cards_of(game.stock) + cards_of(game.pile))
    for s in range(n):
        cards.update(cards_of(game.hand(s)))
    pack = Counter({(r, su): decks for r in range(spec.low, 15) for su in SUITS})
    if cards != pack:
        out.append(f"the cards are not {decks} pack(s) of {spec.low}..A")
    top = parse_card(str(game.top))
    if len(game.pile) != 1:
        out.append(f"pile {game.pile}")
    others = {c[0] for c in cards_of(game.stock)}
    if spec.start == "redraw" and top[0] in spec.redraw and not others <= spec.redraw:
        # a card that must go back stays only when every card left to turn must, too
        out.append(f"start card {card_text(top)} not turned again")
    dealer = int(str(game.origin["dealer"]))
    first = (dealer + 1) % n
    effect, to_move = "", first
    if spec.start == "effect":
        if top[0] == spec.attack:
            effect = f"attack 2 by {dealer} of {spec.attack}"
        elif top[0] == spec.skip:
            to_move = (first + 1) % n
        elif top[0] == spec.wild:
            effect = f"suit {top[1]}"
    got = game.effect.to_text() if game.effect is not None else ""
    if (got, game.to_move) != (effect, to_move):
        out.append(
            f"start {card_text(top)}: effect/to_move {(got, game.to_move)} != {(effect, to_move)}"
        )
    return out


def topic_of_moves(model: Model, diff: set[str]) -> str:
    eff = model.eff()
    if model.drawn is not None:
        return "draw"
    if eff and eff[0] in ("attack", "wait"):
        return eff[0]
    if eff and eff[0] == "suit":
        return "wild"
    if any(
        parse_card(m.split(":")[0])[0] == model.spec.wild
        for m in diff
        if m[0].isdigit() or m[0] in "JQKA"
    ):
        return "wild"
    if diff & {"draw", "pass"}:
        return "draw"
    return "play"


def topic_of_turn(model: Model, move: str, pending: int | None) -> str:
    spec, eff = model.spec, model.eff()
    words = move.split()
    if pending is not None and spec.enforcement == "automatic":
        return "call"
    if words[0] == "draw":
        return "attack" if eff and eff[0] == "attack" else "draw"
    if words[0] == "pass":
        return "wait" if eff and eff[0] == "wait" else "draw"
    card = parse_card(words[0].split(":")[0])
    if len(model.hands[model.to_move]) == 1:
        return "finish"
    calls = spec.call is not None and f"+{spec.call}" not in words
    if len(model.hands[model.to_move]) == 2 and calls:
        return "call"
    for topic in ("wild", "attack", "skip", "wait", "reverse"):
        if card[0] == getattr(spec, topic):
            return topic
    return "play"


def choose(rng: random.Random, moves: list[str], greedy: bool) -> str:
    """A random player: a greedy one mostly plays, the other draws often (to empty the
    stock); both say calls, forget them and catch others now and then."""
    side = [m for m in moves if is_side(m)]
    turn = [m for m in moves if not is_side(m)]
    if side and rng.random() < 0.4:
        return rng.choice(side)
    cards = [m for m in turn if m not in ("draw", "pass")]
    if cards and greedy and rng.random() < 0.9:
        return rng.choice(cards)
    if "draw" in turn and not greedy and rng.random() < 0.35:
        return "draw"
    return rng.choice(turn)


def run_game(spec: Spec, players: int, opts: dict[str, Any], seed: int) -> list[Diff]:
    game = Game.new(variants.get(spec.name, **opts), players, seed=seed)
    rng = random.Random(seed * 7919 + players)
    diffs = [
        Diff(spec.rid["start"], f"seed {seed} start", d) for d in start_diffs(spec, opts, game)
    ]
    pending: int | None = None
    for step in range(400):
        if game.is_over:
            break
        model = Model(spec, opts, game, pending)
        where = f"{players}p {opts} seed {seed} move {step}"
        moves = game.legal_moves_text()
        turn, side = strip(moves)
        mine = model.turn_moves()
        if turn != mine:
            topic = topic_of_moves(model, turn ^ mine)
            hand = " ".join(card_text(c) for c in model.hands[model.to_move])
            detail = (
                f"seat {model.to_move}, top {card_text(model.top)}, effect {model.effect!r},"
                f" hand {hand}, drawn {model.drawn}: engine {sorted(turn)}, model {sorted(mine)}"
            )
            diffs.append(Diff(spec.rid[topic], where, detail))
        if side != model.side_moves():
            diffs.append(
                Diff(
                    spec.rid["call"],
                    where,
                    f"out of turn: engine {sorted(side)}, model {sorted(model.side_moves())}",
                )
            )
        move = choose(rng, moves, seed % 2 == 0)
        before = pending
        events = game.play(move)
        model.oracle = [
            parse_card(str(c)) for e in events if isinstance(e, CardsDrawn) for c in e.cards
        ]
        topic = "call" if is_side(move) else topic_of_turn(model, move, before)
        try:
            model.side(move) if is_side(move) else model.turn(move)
        except (ValueError, IndexError, AssertionError) as error:
            diffs.append(Diff(spec.rid[topic], where + f" -> {move}", f"model failed: {error!r}"))
            pending = None
            continue
        pending = model.pending
        got_eff = game.effect.to_text() if game.effect is not None and not game.is_over else ""
        want = (
            model.over,
            model.effect if not model.over else "",
            model.to_move if not model.over else -1,
            [Counter(h) for h in model.hands],
            card_text(model.top),
            model.direction,
        )
        have = (
            game.is_over,
            got_eff,
            game.to_move if not game.is_over else -1,
            [Counter(cards_of(game.hand(s))) for s in range(players)],
            str(game.top),
            game.direction,
        )
        if want != have:
            names = ("over", "effect", "to_move", "hands", "top", "direction")
            bad = "; ".join(
                f"{n}: engine {h!r} model {w!r}"
                for n, w, h in zip(names, want, have, strict=True)
                if w != h
            )
            diffs.append(Diff(spec.rid[topic], where + f" -> {move}", bad))
    return diffs


# ----------------------------------------------------------------- the tests

CONFIGS: dict[str, list[tuple[int, Opts]]] = {
    "crazy-eights": [
        (2, ()), (3, ()), (5, ()), (10, (("decks", 1),)), (2, (("decks", 2),)),
        (3, (("max_draws", 1),)), (4, (("max_draws", 3), ("hand_size", 7))),
    ],
    "mau-mau": [
        (2, ()), (3, ()), (5, ()), (6, ()), (6, (("decks", 1),)), (4, (("penalty", 1),)),
        (3, (("hand_size", 3), ("decks", 2))),
    ],
    "prsi": [
        (2, ()), (3, ()), (5, ()), (5, (("hand_size", 6),)), (4, (("play_for_places", True),)),
        (3, (("hand_size", 5), ("play_for_places", True))),
    ],
    "switch": [
        (2, ()), (4, ()), (6, ()), (7, (("decks", 1),)), (4, (("penalty", 3),)),
        (3, (("decks", 2), ("hand_size", 5))), (2, (("hand_size", 1),)),
    ],
}  # fmt: skip
SEEDS = range(8)
# Engine bugs the model found: (rule id, variant, players, options) -> reason.
KNOWN: dict[tuple[str, str, int, Opts], str] = {}


@cache
def diffs_of(name: str, players: int, opts: Opts) -> tuple[Diff, ...]:
    out: list[Diff] = []
    for seed in SEEDS:
        out += run_game(SPECS[name], players, dict(opts), seed)
    return tuple(out)


def cases(rule: str) -> list[Any]:
    name = next(s.name for s in SPECS.values() if s.prefix == rule[:2])
    out = []
    for players, opts in CONFIGS[name]:
        ident = f"{players}p" + "".join(f"-{k}={v}" for k, v in opts)
        reason = KNOWN.get((rule, name, players, opts))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(name, players, opts, id=ident, marks=marks))
    return out


def check(rule: str, name: str, players: int, opts: Opts) -> None:
    found = [d for d in diffs_of(name, players, opts) if d.rule == rule]
    assert not found, f"{len(found)} difference(s) on {rule}; first: {found[0]}"


def _rule_test(rule: str) -> Any:
    @pytest.mark.parametrize(("name", "players", "opts"), cases(rule))
    def test(name: str, players: int, opts: Opts) -> None:
        check(rule, name, players, opts)

    test.__name__ = "test_" + rule.lower().replace("-", "_")
    test.__doc__ = f"{rule}: the engine and the reference model agree on every position."
    return test


test_ce_1 = _rule_test("CE-1")
test_ce_2 = _rule_test("CE-2")
test_ce_3 = _rule_test("CE-3")
test_ce_4 = _rule_test("CE-4")
test_ce_5 = _rule_test("CE-5")
test_mm_1 = _rule_test("MM-1")
test_mm_2 = _rule_test("MM-2")
test_mm_3 = _rule_test("MM-3")
test_mm_4 = _rule_test("MM-4")
test_mm_5 = _rule_test("MM-5")
test_mm_6 = _rule_test("MM-6")
test_mm_7 = _rule_test("MM-7")
test_pr_1 = _rule_test("PR-1")
test_pr_2 = _rule_test("PR-2")
test_pr_3 = _rule_test("PR-3")
test_pr_4 = _rule_test("PR-4")
test_pr_5 = _rule_test("PR-5")
test_pr_6 = _rule_test("PR-6")
test_sw_1 = _rule_test("SW-1")
test_sw_2 = _rule_test("SW-2")
test_sw_3 = _rule_test("SW-3")
test_sw_4 = _rule_test("SW-4")
test_sw_5 = _rule_test("SW-5")
test_sw_6 = _rule_test("SW-6")
test_sw_7 = _rule_test("SW-7")
test_sw_8 = _rule_test("SW-8")
