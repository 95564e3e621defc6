"""The example server (examples/host_server.py) over real WebSockets (issue 19).

Each test starts the server as a subprocess on 127.0.0.1 (a free port), connects bot
clients that play from the wire alone, and checks what the clients received: no client saw a
card hidden from it (another hand or the stock), and the views they saw equal those of a
local replay of the moves they saw. A killed and restarted server loses no move. Every test
is bounded: a time limit on every wait, a cap on the number of moves.
"""

from __future__ import annotations

import asyncio
import copy
import importlib.util
import json
import random
import re
import sys
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

pytest.importorskip("websockets")

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from _processes import POSIX, run_python
from makao import Game, View, redact, variants, wire
from makao.bots import HeuristicBot
from makao.cards import Card, parse_cards
from makao.events import CardsDrawn, CardsPlayed
from makao.variant import Variant

SERVER = Path(__file__).resolve().parents[2] / "examples" / "host_server.py"
#: Seconds any single wait may take (a message, the server's start).
WAIT = 20.0
#: Seconds a whole test may take.
TEST_TIME = 150.0
_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])[cdhs](?![0-9A-Za-z])")
_SEAT_PREFIX = re.compile(r"^\d+:")

T = TypeVar("T")


def _bounded(coroutine: Awaitable[T]) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coroutine, TEST_TIME)

    return asyncio.run(bounded())


class Server:
    """The example server in a subprocess."""

    def __init__(self, save: Path, variant: str, players: int, seed: int, *options: str) -> None:
        self.args = [
            *("serve", "--variant", variant, "--players", str(players), "--seed", str(seed)),
            *("--port", "0", "--save", str(save)),
            *(word for option in options for word in ("--option", option)),
        ]
        self.process: asyncio.subprocess.Process | None = None
        self.url = ""

    async def start(self) -> str:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, str(SERVER), *self.args, stdout=asyncio.subprocess.PIPE
        )
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), WAIT)
        match = re.search(rb"ws://127\.0\.0\.1:(\d+)", line)
        assert match, f"the server did not start: {line!r}"
        self.url = f"ws://127.0.0.1:{int(match.group(1))}"
        return self.url

    async def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await asyncio.wait_for(self.process.wait(), WAIT)


@asynccontextmanager
async def running(server: Server) -> AsyncIterator[str]:
    try:
        yield await server.start()
    finally:
        await server.kill()


class Bot:
    """A client that sees only the wire: it joins its seat with a token, plays random turn
    moves (plays first), now and then talks out of turn (at once, until it has been heard,
    with ``must_talk``), and keeps every message."""

    def __init__(
        self, seat: int, seed: int, talk: float = 0.0, dawdle: float = 0.0, must_talk: bool = False
    ) -> None:
        self.seat = seat
        self.token = f"secret-{seat}-{seed}"
        self.rng = random.Random(seed)
        self.talk = talk
        self.talks = 5
        self.must_talk = must_talk
        self.dawdled = False
        self.dawdle = dawdle
        self.received: list[dict[str, Any]] = []
        self.moves: dict[int, str] = {}
        self.errors: list[dict[str, Any]] = []

    @property
    def last(self) -> dict[str, Any]:
        return self.received[-1]

    async def join(self, url: str) -> ClientConnection:
        connection = await connect(url)
        await connection.send(json.dumps({"type": "join", "seat": self.seat, "token": self.token}))
        return connection

    async def play(self, url: str, until: int, may_lose: bool = False) -> None:
        """Play until the game is over or the state's version reaches ``until`` (or, with
        ``may_lose``, the server goes away)."""
        connection = await self.join(url)
        try:
            while True:
                message = json.loads(await asyncio.wait_for(connection.recv(), WAIT))
                if message["type"] == "Error":
                    # a move chosen from an update is refused only when the state moved on
                    assert message["error"] == "StaleMoveError", message
                    self.errors.append(message)
                    continue
                self.keep(message)
                if message["view"]["is_over"] or message["version"] >= until:
                    return
                move = await self.choose(message)
                if move is not None:
                    version = message["version"]
                    await connection.send(
                        json.dumps({"type": "move", "move": move, "version": version})
                    )
        except ConnectionClosed:
            if not may_lose:
                raise
        finally:
            await connection.close()

    def keep(self, update: dict[str, Any]) -> None:
        assert update["type"] == "Update" and update["seat"] == self.seat
        self.received.append(update)
        if update["move"] is not None:
            self.moves[update["version"]] = update["move"]
            if update["by"] == self.seat and _SEAT_PREFIX.match(update["move"]):
                self.must_talk = False  # heard

    async def choose(self, update: dict[str, Any]) -> str | None:
        texts = [move["text"] for move in update["moves"]]
        talk = [text for text in texts if _SEAT_PREFIX.match(text)]
        if talk and (self.must_talk or (self.talks and self.rng.random() < self.talk)):
            self.talks -= 1
            return str(self.rng.choice(talk))
        if update["view"]["to_move"] != self.seat:
            return None
        if self.dawdle and (not self.dawdled or self.rng.random() < 0.01):
            self.dawdled = True  # on its first turn, then now and then
            await asyncio.sleep(self.dawdle)  # the server's clock runs out (UM-6)
        turn = [text for text in texts if not _SEAT_PREFIX.match(text)]
        plays = [text for text in turn if text not in ("draw", "pass")]
        return str(self.rng.choice(plays or turn))


class HeuristicClient(Bot):
    """A client that plays as :class:`~makao.bots.HeuristicBot` (which makes no table talk)
    from the wire alone: it rebuilds its :class:`~makao.View` from the update's view and
    parses the update's moves."""

    def __init__(self, seat: int, seed: int, variant: Variant) -> None:
        super().__init__(seat, seed)
        self.variant = variant
        self.bot = HeuristicBot()
        self.bot.reset(seed)

    async def choose(self, update: dict[str, Any]) -> str | None:
        view = _view_of(update["view"], self.variant)
        moves = [self.variant.parse_move(move["text"]) for move in update["moves"]]
        if view.to_move == self.seat:
            return str(self.bot.choose(view, moves))
        move = self.bot.respond(view, moves) if moves else None
        return None if move is None else str(move)


def _view_of(data: dict[str, Any], variant: Variant) -> View:
    """The :class:`~makao.View` a wire view (``View.to_dict``) stands for."""
    effect = data["effect"]
    return View(
        variant=variant,
        seat=data["seat"],
        players=data["players"],
        hand=parse_cards(data["hand"]),
        pile=parse_cards(data["pile"]),
        hand_sizes=tuple(data["hand_sizes"]),
        stock_size=data["stock_size"],
        to_move=data["to_move"],
        effect=None if effect is None else variant.parse_effect(effect),
        waits=tuple(data["waits"]),
        finished=tuple(data["finished"]),
        direction=data["direction"],
        drawn=None if data["drawn"] is None else Card.parse(data["drawn"]),
        public=tuple(data["public"].items()),
        is_over=data["is_over"],
        stuck=data["stuck"],
    )


def _check_wire(
    bots: list[Bot], variant: str, players: int, seed: int, *options: Any, saved: Path | None = None
) -> Game:
    """Every bot saw the views and redacted events of a local replay of the moves (those the
    bots saw, or with ``saved``, those of the save file, which must agree), and no card but
    its own, the pile's and those played or drawn by itself (a leak check on the wire
    messages, against the replay's full state)."""
    moves: dict[int, str] = {}
    for bot in bots:
        moves.update(bot.moves)
    if saved is not None:
        record = dict(enumerate(_saved_moves(saved), start=1))
        assert moves.items() <= record.items(), "a client saw a move that was not saved"
        moves = record
    last = max(moves)
    assert sorted(moves) == list(range(1, last + 1)), "a move is missing from every client"
    game = Game.new(variants.get(variant, **dict(options)), players=players, seed=seed)
    states = {0: game.clone()}
    events: dict[int, tuple[object, ...]] = {0: ()}
    for version in range(1, last + 1):
        events[version] = game.play(moves[version])
        states[version] = game.clone()
    for bot in bots:
        assert bot.received, f"seat {bot.seat} received nothing"
        for update in bot.received:
            version = update["version"]
            assert update["view"] == states[version].view(bot.seat).to_dict()
            if update["move"] is not None:
                expected = redact(events[version], bot.seat)
                assert update["events"] == wire.events_to_list(expected)
            allowed = _allowed(states[max(version - 1, 0)], states[version], events[version], bot)
            leaked = _cards_in(update) - allowed
            assert not leaked, f"seat {bot.seat} saw {leaked} at version {version}"
    return game


def _allowed(before: Game, after: Game, events: tuple[object, ...], bot: Bot) -> set[str]:
    """The cards ``bot`` may see in the update of the move from ``before`` to ``after``."""
    seen = [*before.hand(bot.seat), *after.hand(bot.seat), *before.pile, *after.pile]
    for event in events:
        if isinstance(event, CardsPlayed) or (
            isinstance(event, CardsDrawn) and event.seat == bot.seat
        ):
            seen.extend(event.cards)
    return {str(card) for card in seen}


def _cards_in(data: object) -> set[str]:
    if isinstance(data, str):
        return {match.group(0) for match in _CARD.finditer(data)}
    if isinstance(data, dict):
        return set().union(*map(_cards_in, data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*map(_cards_in, data)) if data else set()
    return set()


def _saved_moves(save: Path) -> list[str]:
    return list(json.loads(save.read_text(encoding="utf-8"))["game"]["moves"])


def _whole_game(save: Path, bots: list[Bot], variant: str, seed: int) -> Game:
    """Play a whole game of ``variant`` (a seat per bot) over the wire, the move cap a
    safety net (the game must end before it), and check the wire and the save file."""

    async def scenario() -> None:
        async with running(Server(save, variant, len(bots), seed)) as url:
            await asyncio.gather(*(bot.play(url, until=3000) for bot in bots))

    _bounded(scenario())
    game = _check_wire(bots, variant, len(bots), seed)
    assert game.is_over and all(bot.last["view"]["is_over"] for bot in bots)
    assert _saved_moves(save) == [str(move) for move in game.record]
    return game


def test_polish_two_seats_play_a_whole_game_over_the_wire(tmp_path: Path) -> None:
    bots = [Bot(0, seed=1), Bot(1, seed=2)]
    _whole_game(tmp_path / "table.json", bots, "polish", 5)
    drawn = [e for b in bots for u in b.received for e in u["events"] if e["type"] == "CardsDrawn"]
    assert any(event["cards"] for event in drawn) and any(not event["cards"] for event in drawn)


def test_um6_um21_mao_four_seats_talk_and_time_outs(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    bots = [
        Bot(seat, seed=10 + seat, talk=0.03, dawdle=1.2, must_talk=seat == 1) for seat in range(4)
    ]
    option = ("move_time_limit", 0.4)

    async def scenario() -> None:
        async with running(Server(save, "mao", 4, 3, "move_time_limit=0.4")) as url:
            await asyncio.gather(*(bot.play(url, until=150) for bot in bots))

    _bounded(scenario())
    game = _check_wire(bots, "mao", 4, 3, option)
    record = [str(move) for move in game.record]
    assert _saved_moves(save)[: len(record)] == record
    assert any(re.match(r"host: timeout \d$", move) for move in record), "no time-out"
    assert any(re.match(r"1: say ", move) for move in record), "seat 1 was not heard"


def test_um24_mao_three_heuristic_seats_play_a_whole_game_over_the_wire(tmp_path: Path) -> None:
    mao = variants.get("mao")
    bots: list[Bot] = [HeuristicClient(seat, seed=40 + seat, variant=mao) for seat in range(3)]
    game = _whole_game(tmp_path / "table.json", bots, "mao", 9)  # about 300 moves
    assert not any(re.match(r"\d: say (question|remark)", str(move)) for move in game.record)


def test_a_killed_server_restarts_with_nothing_lost(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    bots = [Bot(seat, seed=20 + seat) for seat in range(4)]

    async def scenario() -> None:
        async with running(Server(save, "polish", 4, 9)) as url:
            await asyncio.gather(*(bot.play(url, until=15) for bot in bots))
        seen = max(bot.last["version"] for bot in bots)
        before = [bot.last for bot in bots]
        async with running(Server(save, "polish", 4, 9)) as url:
            for bot, old in zip(bots, before, strict=True):
                connection = await bot.join(url)
                back = json.loads(await asyncio.wait_for(connection.recv(), WAIT))
                await connection.close()
                assert back["version"] == seen and back["view"] == old["view"]
            await asyncio.gather(*(bot.play(url, until=3000) for bot in bots))

    _bounded(scenario())
    game = _check_wire(bots, "polish", 4, 9)
    assert game.is_over and len(game.record) > 15
    assert _saved_moves(save) == [str(move) for move in game.record]


def test_refused_messages_change_nothing(tmp_path: Path) -> None:
    save = tmp_path / "table.json"

    async def exchange(connection: ClientConnection, message: object) -> dict[str, Any]:
        await connection.send(message if isinstance(message, str) else json.dumps(message))
        return dict(json.loads(await asyncio.wait_for(connection.recv(), WAIT)))

    async def scenario() -> None:
        async with running(Server(save, "polish", 2, 5)) as url:
            first, second = Bot(0, seed=1), Bot(1, seed=2)
            zero, one = await first.join(url), await second.join(url)
            start = json.loads(await asyncio.wait_for(zero.recv(), WAIT))
            await asyncio.wait_for(one.recv(), WAIT)
            mover, other = (zero, 1) if start["view"]["to_move"] == 0 else (one, 0)
            waiting = one if mover is zero else zero
            refused = await exchange(waiting, {"type": "move", "move": "draw"})
            assert refused["error"] == "WrongSeatError"
            assert f"not seat {other}'s" in refused["message"]
            refused = await exchange(mover, {"type": "move", "move": "2x"})
            assert refused["error"] == "InvalidMoveError"
            refused = await exchange(mover, {"type": "move", "action": 0, "version": 7})
            assert refused["error"] == "StaleMoveError"
            assert (await exchange(mover, "not json"))["error"] == "BadMessage"
            thief = await connect(url)
            taken = await exchange(thief, {"type": "join", "seat": 0, "token": "guess"})
            assert taken["error"] == "JoinError" and "taken" in taken["message"]
            nowhere = await connect(url)
            bad = await exchange(nowhere, {"type": "join", "seat": 5, "token": "t"})
            assert bad["error"] == "JoinError" and "no seat 5" in bad["message"]
            again = await first.join(url)
            back = json.loads(await asyncio.wait_for(again.recv(), WAIT))
            assert back["version"] == 0 and back["view"] == start["view"]
            for connection in (zero, one, thief, nowhere, again):
                await connection.close()

    _bounded(scenario())
    assert _saved_moves(save) == []


def test_a_server_killed_in_full_play_loses_no_move(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    bots = [Bot(seat, seed=30 + seat) for seat in range(2)]

    def seen() -> int:
        return max((max(bot.moves, default=0) for bot in bots), default=0)

    async def kill_at(server: Server, version: int) -> None:
        while seen() < version:
            await asyncio.sleep(0.005)
        await server.kill()

    async def scenario() -> None:
        server = Server(save, "polish", 2, 8)
        async with running(server) as url:
            playing = [bot.play(url, until=3000, may_lose=True) for bot in bots]
            await asyncio.gather(kill_at(server, 12), *playing)
        saved = len(_saved_moves(save))
        assert saved >= seen() >= 12
        async with running(Server(save, "polish", 2, 8)) as url:
            await asyncio.gather(*(bot.play(url, until=3000) for bot in bots))
        assert all(bot.received[-1]["view"]["is_over"] for bot in bots)

    _bounded(scenario())
    game = _check_wire(bots, "polish", 2, 8, saved=save)
    assert game.is_over and [str(move) for move in game.record] == _saved_moves(save)


def test_deeply_nested_json_is_a_bad_message_and_the_connection_goes_on(tmp_path: Path) -> None:
    # Was: a RecursionError in the server's handler (2,000 brackets fit in a 4 kB message):
    # the connection closed with 1011 (internal error) and no Error message.
    deep = "[" * 2000 + "]" * 2000

    async def answer(connection: ClientConnection, message: str) -> dict[str, Any]:
        await connection.send(message)
        return dict(json.loads(await asyncio.wait_for(connection.recv(), WAIT)))

    async def scenario() -> None:
        async with running(Server(tmp_path / "table.json", "polish", 2, 5)) as url:
            stranger = await connect(url)
            refused = await answer(stranger, deep)
            assert refused["type"] == "Error" and refused["error"] == "JoinError"
            await stranger.close()
            seat = Bot(0, seed=1)
            connection = await seat.join(url)
            start = json.loads(await asyncio.wait_for(connection.recv(), WAIT))
            assert (await answer(connection, deep))["error"] == "BadMessage"
            nested_move = '{"type": "move", "move": ' + "[" * 1500 + "]" * 1500 + "}"
            assert (await answer(connection, nested_move))["error"] == "BadMessage"
            stale = await answer(
                connection, json.dumps({"type": "move", "action": 0, "version": 9})
            )
            assert stale["error"] == "StaleMoveError" and stale["version"] == start["version"]
            await connection.close()

    _bounded(scenario())
    assert _saved_moves(save=tmp_path / "table.json") == []


def test_um6_the_clock_runs_out_after_another_seats_talk(tmp_path: Path) -> None:
    # Was: talk by another seat raised the state's version, which the running clock took
    # for a move and gave up; the player to move then never timed out. In process: the
    # server's table, its clock and the host, no sockets.
    spec = importlib.util.spec_from_file_location("host_server", SERVER)
    assert spec is not None and spec.loader is not None
    server = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(server)

    async def scenario() -> tuple[int, int, list[str]]:
        table = server.TableServer.open(tmp_path / "t.json", "mao", 4, 3, move_time_limit=0.2)
        table.start_clock()
        mover = table.host.game.to_move
        other = (mover + 1) % 4
        async with table.lock:
            await table.accepted(table.host.submit(other, f"{other}: say question"), mover)
        for _ in range(100):  # at most 2 s
            await asyncio.sleep(0.02)
            if table.host.version > 1:
                break
        if table.clock is not None:
            table.clock.cancel()
        return mover, other, [str(move) for move in table.host.game.record]

    mover, other, record = _bounded(scenario())
    assert record[:2] == [f"{other}: say question", f"host: timeout {mover}"]


def test_um6_the_movers_own_talk_does_not_delay_the_time_out(tmp_path: Path) -> None:
    # Was: an action of the player to move (``"S: say question"``) restarted their move
    # clock, so talking every few tenths of a second put the time-out off for ever. In
    # process, as above.
    spec = importlib.util.spec_from_file_location("host_server", SERVER)
    assert spec is not None and spec.loader is not None
    server = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(server)

    async def scenario() -> tuple[int, list[str]]:
        table = server.TableServer.open(tmp_path / "t.json", "mao", 4, 3, move_time_limit=0.5)
        table.start_clock()
        mover = table.host.game.to_move
        for call in ("question", "remark", "remark", "remark"):  # every 0.3 s, at most 1.2 s
            await asyncio.sleep(0.3)
            async with table.lock:
                if table.host.game.to_move != mover:
                    break
                await table.accepted(table.host.submit(mover, f"{mover}: say {call}"), mover)
        if table.clock is not None:
            table.clock.cancel()
        return mover, [str(move) for move in table.host.game.record]

    mover, record = _bounded(scenario())
    assert f"host: timeout {mover}" in record[:3], record


@pytest.mark.skipif(not POSIX, reason="process groups")
@pytest.mark.parametrize(
    ("save_text", "problem"),
    [
        ('{"game": ', "is not a table's save file"),  # damaged JSON
        ('{"game": {}}', "is not a table's save file"),  # no tokens
        ("[1]", "is not a table's save file"),
        ('{"game": {}, "tokens": {}}', "not a saved game"),  # the game's own check
        (None, "No such file or directory"),  # a save in a folder that does not exist
    ],
)
def test_a_bad_save_file_is_one_line_not_a_traceback(
    tmp_path: Path, save_text: str | None, problem: str
) -> None:
    """A save file the server cannot resume from, or cannot write, stops it with one line
    naming the problem (status 1), as a bad variant option does: no traceback."""
    save = tmp_path / "table.json" if save_text is not None else tmp_path / "none" / "t.json"
    if save_text is not None:
        save.write_text(save_text, encoding="utf-8")
    done = run_python(str(SERVER), "serve", "--port", "0", "--save", str(save), timeout=WAIT)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("error: ") and problem in done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.skipif(not POSIX, reason="process groups")
@pytest.mark.parametrize("port", ["65536", "-1", "x"])
def test_a_port_out_of_range_is_a_usage_error(tmp_path: Path, port: str) -> None:
    """``--port`` is checked when the arguments are read (argparse's status 2), not when the
    socket is bound (an ``OverflowError`` traceback)."""
    save = tmp_path / "table.json"
    done = run_python(str(SERVER), "serve", "--port", port, "--save", str(save), timeout=WAIT)
    assert done.returncode == 2 and "argument --port: a port is 0 to 65535" in done.stderr
    assert "Traceback" not in done.stderr and not save.exists()


def test_the_example_server_offers_the_variants_registered_when_it_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/tutorials/host.md: a program that registers a variant and then calls the
    server's `main` can serve it (``--variant`` lists the names registered by then)."""
    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    variants.register("house-served", variants.polish)
    spec = importlib.util.spec_from_file_location("host_server", SERVER)
    assert spec is not None and spec.loader is not None
    server = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(server)
    with pytest.raises(SystemExit):
        server.main(["serve", "--help"])
    assert "house-served" in capsys.readouterr().out
