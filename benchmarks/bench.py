"""The engine benchmark: µs per action, games per second, µs per clone, bytes per state.

Run with ``python benchmarks/bench.py`` (or ``makao bench``). Random games of Polish makao
are played through the public API only: ``legal_moves()`` then ``play()`` of a uniformly
random legal move, so the figures are what a bot or a simulation sees. The simulation
loop (:func:`makao.sim.play.play_game` with random bots) is timed too, against the engine
alone replaying the very same games.

Times are CPU time of this process (``time.process_time``). On a shared or virtual
machine they still vary a lot from run to run (±30 % and more on the development
machine), so every figure is the best of ``--rounds`` rounds that play the same games,
the kinds of measurement taking turns; ``benchmarks/instructions.py`` gives a count
that does not vary at all.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence

from makao import Game, Variant, variants
from makao.bots import RandomBot
from makao.moves import Move
from makao.sim.play import play_game
from makao.view import View

POLISH = variants.polish()


def random_games(players: int, seeds: Sequence[int], variant: Variant = POLISH) -> int:
    """Play random games through ``legal_moves()`` + ``play()``; return the actions."""
    actions = 0
    for seed in seeds:
        game = Game.new(variant, players, seed=seed)
        choose = random.Random(seed).choice
        while not game.is_over:
            game.play(choose(game.legal_moves()))
            actions += 1
    return actions


def simulated_games(players: int, seeds: Sequence[int]) -> int:
    """Play the games of the simulation loop with random bots; return the actions."""
    bots = [RandomBot() for _ in range(players)]
    return sum(
        play_game(POLISH, bots, seed, index=index, rotation=index % players).actions
        for index, seed in enumerate(seeds)
    )


def replayed_games(players: int, seeds: Sequence[int], moves: Sequence[list[Move]]) -> int:
    """The engine alone on given games: ``legal_moves()`` + ``play()`` of the recorded move."""
    for seed, game_moves in zip(seeds, moves, strict=True):
        game = Game.new(POLISH, players, seed=seed)
        for move in game_moves:
            game.legal_moves()
            game.play(move)
    return sum(map(len, moves))


class _Recorder(RandomBot):
    """A random bot that notes every move it makes (the moves of a game, in order)."""

    def __init__(self, played: list[Move]) -> None:
        super().__init__()
        self.played = played

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        move = super().choose(view, moves)
        self.played.append(move)
        return move

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        move = super().respond(view, moves)
        if move is not None:
            self.played.append(move)
        return move


def simulated_moves(variant: Variant, players: int, seed: int, index: int) -> list[Move]:
    """The moves :func:`simulated_games` plays in game ``index`` (seeded ``seed``)."""
    played: list[Move] = []
    bots = [_Recorder(played) for _ in range(players)]
    play_game(variant, bots, seed, index=index, rotation=index % players)
    return played


def best_of(rounds: int, runs: dict[str, Callable[[], int]]) -> dict[str, tuple[float, int]]:
    """Run each measurement ``rounds`` times, taking turns; per name, the fewest seconds
    of a round and the actions it played."""
    best: dict[str, tuple[float, int]] = {}
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.process_time()
            actions = run()
            seconds = time.process_time() - start
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, actions)
    return best


def some_way_in(players: int) -> Game:
    """The game that ``clone()`` is measured on: Polish, 40 random actions in."""
    game = Game.new(POLISH, players, seed=1)
    choose = random.Random(1).choice
    for _ in range(40):
        game.play(choose(game.legal_moves()))
    return game


def clone_cost(players: int, repeats: int, rounds: int) -> float:
    """Seconds per ``clone()`` of a game some way in (`some_way_in`), best of ``rounds``
    rounds."""
    game = some_way_in(players)

    def clones() -> int:
        for _ in range(repeats):
            game.clone()
        return repeats

    seconds, _ = best_of(rounds, {"clone": clones})["clone"]
    return seconds / repeats


def _fields(game: Game) -> list[tuple[str, str]]:
    """The state's fields and how a clone copies them, from ``makao.state.FIELDS``; for an
    engine without that declaration, every slot, copy kind unknown."""
    try:
        from makao.state import FIELDS
    except ImportError:
        slots = [name for cls in type(game).__mro__ for name in getattr(cls, "__slots__", ())]
        return [(name, "shared") for name in slots]
    return [(field.name, field.copy) for field in FIELDS]


def state_parts(game: Game) -> dict[str, int]:
    """Bytes per part of one game state: the object, and each container it owns.

    Owned is every list, tuple or dict of a field (and every list or tuple inside one, a
    hand) that is not the same object in another fresh game of the same variant: a clone
    copies it, or it is this game's own value (a hand). Shared things are not counted:
    the variant, its compiled rules, the interned cards, small ints, the per-seat tuples
    every fresh game shares.
    """
    other = Game.new(game.variant, game.players, seed=(game.seed or 0) + 1)
    parts = {"object": sys.getsizeof(game)}
    for name, copy in _fields(game):
        value = getattr(game, name, None)
        if copy == "reset" or not isinstance(value, (list, tuple, dict)):
            continue
        theirs = getattr(other, name, None)
        size = 0 if value is theirs else sys.getsizeof(value)
        if isinstance(value, (list, tuple)):
            shared = {id(part) for part in theirs} if isinstance(theirs, (list, tuple)) else set()
            size += sum(
                sys.getsizeof(part)
                for part in value
                if isinstance(part, (list, tuple)) and id(part) not in shared
            )
        if size:
            parts[name] = size
    return parts


def plain_tables_cost(variant: Variant = POLISH) -> tuple[float, int, int] | None:
    """What filling the plain-position move tables of a new rule set of ``variant``'s
    rules costs at its first one-deck game (`makao._movegen.fill_plain_tables`):
    seconds, bytes kept (``tracemalloc``) and plays made; ``None`` for an engine
    without the fill."""
    try:
        from makao._movegen import fill_plain_tables
        from makao.tables import RuleSet
    except ImportError:
        return None
    rules = RuleSet.compile(variant.rules)
    tracemalloc.start()
    try:
        fill_plain_tables(rules, 0)
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    rules = RuleSet.compile(variant.rules)
    start = time.perf_counter()
    fill_plain_tables(rules, 0)
    return time.perf_counter() - start, kept, len(rules.interned_plays)


def state_bytes(game: Game) -> int:
    """Bytes owned by one game state (see :func:`state_parts`): the object and its own
    containers; the variant, its compiled rules and the interned cards are shared by
    every game."""
    return sum(state_parts(game).values())


def _table(players: int, games: int, seed: int, rounds: int) -> None:
    seeds = [seed + index for index in range(games)]
    moves = [simulated_moves(POLISH, players, s, index) for index, s in enumerate(seeds)]
    best = best_of(
        rounds,
        {
            "engine": lambda: random_games(players, seeds),
            "loop": lambda: simulated_games(players, seeds),
            "replay": lambda: replayed_games(players, seeds, moves),
        },
    )
    seconds, actions = best["engine"]
    print(
        f"  {players} players: {seconds / actions * 1e6:6.2f} µs per action, "
        f"{actions / games:7.1f} actions per game, {games / seconds:7.1f} games per second"
    )
    loop, actions = best["loop"]
    alone, _ = best["replay"]
    print(
        f"    simulation loop (random bots): {loop / actions * 1e6:6.2f} µs per action, "
        f"{(loop / alone - 1) * 100:+.0f} % over the engine alone in the same games "
        f"({alone / actions * 1e6:.2f} µs), {games / loop:7.1f} games per second"
    )


def _positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=_positive, default=60, help="games per table size and round"
    )
    parser.add_argument("--rounds", type=_positive, default=5, help="rounds; the best one counts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"makao benchmark: random Polish games through legal_moves() + play(), "
        f"{args.games} games per table size, best of {args.rounds} rounds, "
        f"Python {sys.version.split()[0]}"
    )
    for players in (2, 4):
        _table(players, args.games, args.seed, args.rounds)
    for players in (2, 4):
        clone = clone_cost(players, 20000, args.rounds)
        print(f"  clone ({players} players): {clone * 1e6:6.2f} µs")
    game = Game.new(POLISH, 4, seed=1)
    print(f"  state size (4 players, fresh deal): {state_bytes(game)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
