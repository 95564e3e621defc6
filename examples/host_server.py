"""Host one table of makao over WebSockets: an asyncio server built on [`makao.host`][makao.host].

Install the ``host`` extra and start a table (any registered variant, 2–8 seats)::

    pip install -e ".[host]"
    python examples/host_server.py serve --variant mao --players 4 --save table.json

Clients speak JSON (the forms in ``docs/host/wire.schema.json``):

* ``{"type": "join", "seat": 1, "token": "any secret"}`` -- the first join claims the seat
  for that token; a later join with the same token (a reconnect) gets the seat back;
* ``{"type": "move", "move": "7h", "version": 12}`` or
  ``{"type": "move", "action": 3, "version": 12}`` -- a move as text (``"1: say question"``
  for out-of-turn talk) or by its id in the update of state ``version`` (optional with
  text: a move for an older state is refused as stale);
* the server answers a join with an ``Update`` (view, legal moves with ids, version) and
  sends every seat its own ``Update`` after every accepted move; a refused message gets
  ``{"type": "Error", "error": "IllegalMoveError", "message": …, "version": 12}`` and
  changes nothing.

The game is saved (atomically) after every accepted move, so a killed server restarted with
the same ``--save`` file resumes it with nothing lost. With a variant that has a
``move_time_limit`` (Ultimate Mao, UM-6) the server's clock reports a time-out when the
player to move takes longer than that.

Without arguments the script runs a short demo: a server on a free port and two bot
clients playing Polish makao over the wire, one of them reconnecting in the middle.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from makao import Game, MakaoError, StateError, variants
from makao.host import Host, PerSeat
from makao.moves import move_seat
from makao.wire import dumps

#: The largest message a client may send, in bytes.
MAX_MESSAGE = 4096
#: Seconds a new connection has to send its join message.
JOIN_TIMEOUT = 10.0
#: The longest token a client may choose.
MAX_TOKEN = 100
_SEAT_PREFIX = re.compile(r"^\d+:")


class TableServer:
    """One hosted table: the game, the seats' tokens and connections, the save file."""

    def __init__(self, host: Host, save: Path, tokens: dict[int, str] | None = None) -> None:
        """Serve ``host``'s game, saving it to ``save`` after every accepted move."""
        self.host = host
        self.save_path = save
        self.tokens: dict[int, str] = dict(tokens or {})
        self.clients: dict[int, ServerConnection] = {}
        self.lock = asyncio.Lock()
        self.clock: asyncio.Task[None] | None = None

    @classmethod
    def open(cls, save: Path, variant: str, players: int, seed: int, **options: Any) -> TableServer:
        """Resume the table saved in ``save``, or start a new game if there is none."""
        if save.exists():
            try:
                data = json.loads(save.read_text(encoding="utf-8"))
                saved, seats = json.dumps(data["game"]), data["tokens"].items()
                tokens = {int(seat): str(token) for seat, token in seats}
            except (ValueError, KeyError, TypeError, AttributeError) as error:
                raise StateError(f"{save} is not a table's save file ({error!r})") from None
            return cls(Host.from_json(saved), save, tokens)
        game = Game.new(variants.get(variant, **options), players=players, seed=seed)
        table = cls(Host(game), save)
        table.save()
        return table

    def save(self) -> None:
        """Write the game and the tokens to the save file, atomically."""
        data = {"game": json.loads(self.host.to_json()), "tokens": self.tokens}
        temporary = self.save_path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temporary, self.save_path)

    async def handle(self, connection: ServerConnection) -> None:
        """One client: a join, then moves until it disconnects."""
        try:
            seat = await self.join(connection)
        except (TimeoutError, ConnectionClosed):
            return
        if seat is None:
            return
        try:
            async for raw in connection:
                await self.receive(seat, connection, raw)
        except ConnectionClosed:
            pass
        finally:
            if self.clients.get(seat) is connection:
                del self.clients[seat]

    async def join(self, connection: ServerConnection) -> int | None:
        """Read the join message; claim or reclaim the seat; send the seat its update."""
        raw = await asyncio.wait_for(connection.recv(), JOIN_TIMEOUT)
        message = _read(raw)
        seat, token = (message or {}).get("seat"), (message or {}).get("token")
        problem = self.join_problem(seat, token)
        if problem is not None:
            await connection.send(_error("JoinError", problem))
            await connection.close()
            return None
        assert isinstance(seat, int) and isinstance(token, str)
        async with self.lock:
            if seat not in self.tokens:
                self.tokens[seat] = token
                self.save()
            old = self.clients.get(seat)
            self.clients[seat] = connection
            await connection.send(dumps(self.host.update(seat)))
        if old is not None:
            await old.close()
        return seat

    def join_problem(self, seat: object, token: object) -> str | None:
        """Why a join may not take the seat, or ``None``."""
        if type(seat) is not int or not 0 <= seat < self.host.players:
            return f"no seat {seat!r:.20} at a table of {self.host.players}"
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            return f"a token is a string of 1 to {MAX_TOKEN} characters"
        if self.tokens.get(seat, token) != token:
            return f"seat {seat} is taken (join with its token to reconnect)"
        return None

    async def receive(self, seat: int, connection: ServerConnection, raw: str | bytes) -> None:
        """Play a move message from ``seat``; a refused one gets the error, nothing else."""
        message = _read(raw)
        if message is None or message.get("type") != "move":
            await connection.send(_error("BadMessage", 'expected {"type": "move", ...}'))
            return
        version: Any = message.get("version")  # checked by the host
        async with self.lock:
            to_move = self.host.game.to_move
            try:
                if "action" in message:
                    per_seat = self.host.submit_action(seat, message["action"], version)
                else:
                    per_seat = self.host.submit(seat, message.get("move", ""), version)
            except MakaoError as error:
                await connection.send(_error(type(error).__name__, str(error), self.host.version))
                return
            await self.accepted(per_seat, to_move)

    async def accepted(self, per_seat: PerSeat, to_move: int, timed_out: bool = False) -> None:
        """After a move: save, send every connected seat its update, and restart the clock
        after a turn move, a time-out or when the turn moved on; out-of-turn actions (talk,
        the mover's own too, UM-6) and other host reports do not stop it."""
        self.save()
        for seat, update in self.host.updates(per_seat).items():
            connection = self.clients.get(seat)
            if connection is not None:
                with contextlib.suppress(ConnectionClosed):
                    await connection.send(dumps(update))
        game = self.host.game
        if timed_out or game.to_move != to_move or move_seat(game.record[-1]) is None:
            self.start_clock()

    def start_clock(self) -> None:
        """(Re)start the move clock of the player to move (UM-6), if the variant has one."""
        if self.clock is not None:
            self.clock.cancel()
        limit = self.host.time_limit
        if limit is not None and not self.host.game.is_over:
            self.clock = asyncio.create_task(self.time_out(limit))

    async def time_out(self, limit: float) -> None:
        """Report a time-out if the clock was not restarted within ``limit`` seconds."""
        await asyncio.sleep(limit)
        async with self.lock:
            # a clock restarted since (a turn move, not talk) has replaced this one
            if self.clock is not asyncio.current_task() or self.host.game.is_over:
                return
            to_move = self.host.game.to_move
            self.clock = None
            await self.accepted(self.host.timeout(), to_move, timed_out=True)

    async def serve(self, address: str, port: int) -> Server:
        """Start listening (``port`` 0: a free port) and the clock."""
        server = await serve(self.handle, address, port, max_size=MAX_MESSAGE)
        self.start_clock()
        return server


def _read(raw: str | bytes) -> dict[str, Any] | None:
    try:
        message = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):  # deep nesting: still a bad message
        return None
    return message if isinstance(message, dict) else None


def _error(kind: str, message: str, version: int | None = None) -> str:
    return dumps({"type": "Error", "error": kind, "message": message, "version": version})


def _port(server: Server) -> int:
    return int(next(iter(server.sockets)).getsockname()[1])


async def run_server(args: argparse.Namespace) -> None:
    """``serve``: host the table until interrupted."""
    options = dict(_option(text) for text in args.option)
    table = TableServer.open(Path(args.save), args.variant, args.players, args.seed, **options)
    server = await table.serve(args.host, args.port)
    print(f"listening on ws://{args.host}:{_port(server)}", flush=True)
    await server.serve_forever()


def _port_number(text: str) -> int:
    """``--port``: a TCP port, 0 to 65535 (0: any free one)."""
    if not text.isascii() or not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {text!r}")
    return int(text)


def _option(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


# ---------------------------------------------------------------------------- the demo


async def bot(url: str, seat: int, seed: int, leave_at: int | None = None) -> dict[str, Any]:
    """A client that plays random turn moves (plays first) until the game is over; with
    ``leave_at`` it disconnects at that version and reconnects with its token."""
    rng = random.Random(seed)
    token = f"token-{seat}-{seed}"
    while True:
        async with connect(url) as connection:
            await connection.send(json.dumps({"type": "join", "seat": seat, "token": token}))
            while True:
                update = json.loads(await asyncio.wait_for(connection.recv(), 30))
                if update["type"] == "Error":
                    raise RuntimeError(update["message"])
                if update["view"]["is_over"]:
                    return dict(update)
                if leave_at is not None and update["version"] >= leave_at:
                    leave_at = None
                    break  # reconnect
                if update["view"]["to_move"] == seat:
                    await connection.send(json.dumps({"type": "move", "move": _pick(update, rng)}))


def _pick(update: dict[str, Any], rng: random.Random) -> str:
    turn = [m["text"] for m in update["moves"] if not _SEAT_PREFIX.match(m["text"])]
    plays = [text for text in turn if text not in ("draw", "pass")]
    return str(rng.choice(plays or turn))


async def demo() -> None:
    """Two bots play Polish makao over the wire; seat 1 reconnects in the middle."""
    with tempfile.TemporaryDirectory() as folder:
        table = TableServer.open(Path(folder) / "table.json", "polish", 2, seed=11)
        server = await table.serve("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{_port(server)}"
        finals = await asyncio.gather(bot(url, 0, 1), bot(url, 1, 2, leave_at=4))
        server.close()
        await server.wait_closed()
        game = table.host.game
        print(f"moves: {len(game.record)}, finishing order: {game.standings().order}")
        for final in finals:
            print(f"seat {final['seat']} saw the end at version {final['version']}")


def main(argv: list[str] | None = None) -> None:
    """``serve`` a table, or run the demo without arguments."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    commands = parser.add_subparsers(dest="command")
    run = commands.add_parser("serve", help="host one table")
    run.add_argument("--variant", default="polish", choices=variants.names())
    run.add_argument("--players", type=int, default=2, choices=range(2, 9), metavar="2..8")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--option", action="append", default=[], help="variant option NAME=VALUE")
    run.add_argument("--host", default="127.0.0.1")
    run.add_argument("--port", type=_port_number, default=8765, help="0 to 65535 (0: any free)")
    run.add_argument("--save", default="table.json", help="the save file (resumed if present)")
    args = parser.parse_args(argv)
    if args.command is None:
        asyncio.run(demo())
        return
    try:
        asyncio.run(run_server(args))
    except (MakaoError, OSError) as error:  # a bad save file or folder, a port in use
        sys.exit(f"error: {error}")
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
