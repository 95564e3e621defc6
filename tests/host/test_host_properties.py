"""Property tests of what a host sends, over seeded random games of every built-in variant
at every table size it deals (and Polish with two packs): each seat's update is built
from the game as the seat may see it -- its view, its own moves, its redacted events --
and is the same, byte for byte, in a game that differs only in what the seat may not see;
a refused message changes nothing a seat is sent; a saved host resumes sending the same."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _hidden import hide_anew, hide_rule_states
from makao import Game, variants
from makao.actions import MAX_PLAYERS
from makao.errors import MakaoError, SetupError, StaleMoveError, WrongSeatError
from makao.events import CardsDrawn, Event, HandsSwapped, redact
from makao.host import Host, PerSeat
from makao.variant import Variant
from makao.wire import VERSION, dumps, events_to_list, moves_to_list, view_to_dict

#: The variants played: every built-in with its default options, and Polish with two packs.
HOSTED: dict[str, Variant] = {
    **{name: variants.get(name) for name in variants.names()},
    "polish:decks=2": variants.polish(decks=2),
}


def _tables() -> list[tuple[str, int]]:
    """Every (variant, table size) the variants of `HOSTED` deal, none skipped."""
    tables = []
    for name, variant in HOSTED.items():
        for players in range(1, MAX_PLAYERS + 1):
            try:
                Game.new(variant, players, 0)
            except SetupError:
                continue
            tables.append((name, players))
    return tables


TABLES = _tables()
IDS = [f"{name}-{players}" for name, players in TABLES]
#: The parts of an update (schema ``Update``), each checked by `_check_update`.
UPDATE_KEYS = ("type", "schema", "seat", "version", "move", "by", "events", "view", "moves")
HOSTING = settings(max_examples=3, deadline=None, derandomize=True)


def _host(game: Game) -> Host:
    """A host that lets a question period close at once (UM-22): its moves are the game's."""
    return Host(game, question_time=0)


def _hosted_walk(
    host: Host, rng: random.Random, length: int
) -> Iterator[tuple[PerSeat, int | None]]:
    """Random listed moves, each sent by the seat that makes it (the host for a host
    report); yields every seat's events of each, checked against the events of the move
    played on a clone of the game, redacted for the seat, and the seat that made it."""
    for _ in range(length):
        game = host.game
        if game.is_over:
            return
        move = rng.choice(game.legal_moves())
        told = game.clone().play(move)
        actor = host.actor(move)
        per_seat = host.submit(actor, str(move), host.version)
        assert per_seat == {seat: redact(told, seat) for seat in range(game.players)}
        yield per_seat, actor


def _check_update(
    host: Host, seat: int, events: tuple[Event, ...] | None, by: int | None = None
) -> None:
    """Each part of ``seat``'s update is the part of the game it is built from (after a
    move made by ``by``, whose ``events`` the seat was told; without, on joining)."""
    game = host.game
    update = host.update(seat, events)
    assert set(update) == set(UPDATE_KEYS), "a new part of an update: check it here"
    assert (update["type"], update["schema"], update["seat"]) == ("Update", VERSION, seat)
    assert update["version"] == game.moves_played == len(game.record)
    if events is None:  # a seat joining: the deal's announcements as it was told them
        assert update["move"] is None and update["by"] is None
        assert update["events"] == events_to_list(redact(game.opening, seat))
    else:
        assert update["move"] == str(game.last_move)
        assert update["by"] == by
        assert update["events"] == events_to_list(events)
    view = update["view"]
    assert view == view_to_dict(game.view(seat))
    assert view["hand"] == [str(card) for card in game.hand(seat)]
    assert view["hand_sizes"] == [len(game.hand(s)) for s in range(game.players)]
    assert view["stock_size"] == game.stock_size and view["top"] == str(game.top)
    assert view["drawn"] == (str(game.drawn) if seat == game.to_move and game.drawn else None)
    assert update["moves"] == moves_to_list(game.legal_moves_text(seat))


def _shows_cards(events: tuple[Event, ...], seat: int) -> bool:
    """Whether ``events`` show ``seat`` cards hidden from it (its draw, a swap of hands)."""
    return any(
        (type(e) is CardsDrawn and e.seat == seat)
        or (type(e) is HandsSwapped and seat in (e.seat, e.other))
        for e in events
    )


@pytest.mark.parametrize(("name", "players"), TABLES, ids=IDS)
@HOSTING
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(5, 40))
def test_pl_3_a_host_sends_each_seat_its_view_moves_and_redacted_events_and_nothing_hidden(
    name: str, players: int, seed: int, length: int
) -> None:
    """PL-3, PL-8, UM-2 and design principle 4, over the wire: every seat's update (after
    each move, and on joining) is its view, its own moves and the move's events redacted
    for it; a host of a game that differs only in what the seat may not see (the other
    hands, the stock, another mover's drawn card, the random generator, the seed) sends
    the seat the very same text, also after the seat's own move there; a refused message
    (a stale version, another seat's turn) changes no seat's update; a saved host resumes
    sending every seat the same."""
    host = _host(Game.new(HOSTED[name], players, seed))
    rng = random.Random(seed)
    last: tuple[PerSeat, int | None] | None = None
    for last in _hosted_walk(host, rng, length):
        seat = rng.randrange(players)
        _check_update(host, seat, last[0][seat], last[1])
    game = host.game
    sent = {seat: dumps(host.update(seat)) for seat in range(players)}
    for seat in range(players):
        _check_update(host, seat, None)
        if last is not None:
            _check_update(host, seat, last[0][seat], last[1])
        twin = game.clone()
        hide_anew(twin, seat, rng)
        other = _host(twin)
        assert dumps(other.update(seat)) == sent[seat], f"seat {seat}"
        if game.is_over or seat != game.to_move:
            continue
        move = rng.choice([m for m in game.legal_moves(seat) if not hasattr(m, "seat")])
        mine, theirs = _host(game.clone()), other
        told, twin_told = mine.submit(seat, str(move)), theirs.submit(seat, str(move))
        if _shows_cards(told[seat], seat) or _shows_cards(twin_told[seat], seat):
            continue  # the seat drew: it sees the cards of each stock
        after = dumps(mine.update(seat, told[seat]))
        assert dumps(theirs.update(seat, twin_told[seat])) == after, f"seat {seat}, {move}"
    resumed = Host.from_json(host.to_json(), question_time=0)
    assert {seat: dumps(resumed.update(seat)) for seat in range(players)} == sent
    if game.is_over:
        return
    # a move for another state; the turn's move sent by the next seat
    refused: list[tuple[int, str, int | None, type[MakaoError]]] = [
        (game.to_move, str(game.legal_moves(game.to_move)[0]), host.version + 1, StaleMoveError),
    ]
    turn = [m for m in game.legal_moves() if not hasattr(m, "seat")]
    if turn:
        refused.append(((game.to_move + 1) % players, str(turn[0]), None, WrongSeatError))
    for sender, text, version, error in refused:
        with pytest.raises(error):
            host.submit(sender, text, version)
        assert {s: dumps(host.update(s)) for s in range(players)} == sent, text


#: The tables of the hosted variants whose rules keep a private state (Mao's calls of a
#: play being judged, its host reports; `_hidden.hide_rule_states`): the least, four and
#: the most seats of each.
PRIVATE_STATE_TABLES = [
    (name, players)
    for name, players in TABLES
    if hide_rule_states(Game.new(HOSTED[name], players, 0), 0, random.Random(0))
    and (players == 4 or {(name, players - 1), (name, players + 1)} - set(TABLES))
]


@pytest.mark.parametrize(
    ("name", "players"),
    PRIVATE_STATE_TABLES,
    ids=[f"{name}-{players}" for name, players in PRIVATE_STATE_TABLES],
)
@settings(max_examples=10, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(0, 60))
def test_um_25_a_host_sends_no_part_of_a_rules_private_state(
    name: str, players: int, seed: int, length: int
) -> None:
    """UM-25 (the calls of a play being judged), UM-3/UM-7 (the host's reports) and design
    principle 4 over the wire: a rule's own state is shown only as the rule declares
    (its `public_state`), so a host of a game whose rules' state differs only in a part
    no rule declares public sends each seat the very same update (its view, its moves,
    the deal's announcements; after a move the host adds the move's text, its maker and
    the seat's events, which the state does not give)."""
    assert PRIVATE_STATE_TABLES, "no variant keeps a private rule state: drop this test"
    host = _host(Game.new(HOSTED[name], players, seed))
    rng = random.Random(seed)
    for _ in _hosted_walk(host, rng, length):
        pass
    for seat in range(players):
        twin = host.game.clone()
        assert hide_rule_states(twin, seat, rng), "no private state to change"
        assert twin.rule_states != host.game.rule_states
        assert dumps(_host(twin).update(seat)) == dumps(host.update(seat)), f"seat {seat}"
