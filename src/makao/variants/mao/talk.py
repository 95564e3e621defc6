"""Ultimate Mao's etiquette: required calls (UM-15, UM-18…UM-20, UM-23…UM-25), question
periods (UM-21, UM-22), host reports (UM-3, UM-6, UM-7), penalised illegal plays (UM-27)
and the announced deal (UM-1, UM-2, UM-4).

Call names are lower-case words joined by ``-``: ``good-day``, ``last-card``, ``mau``,
``mau-mau``, ``<rank>-of-spades`` (``five-of-spades``, ``jack-of-spades``) and the
multiplex counts ``two``, ``three``, … ([`number_word`][makao.variants.mao.talk.number_word]). Legal
moves list every play with exactly the calls it needs; [`play`][makao.engine.Game.play] also accepts
the same play with missing or wrong calls and charges each as an infraction
([`MaoCalls`][makao.variants.mao.talk.MaoCalls]).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

import attrs

from makao._text import is_too_long_to_write, shown
from makao.cards import ALL_CARDS, Card, Rank, Suit
from makao.errors import SetupError
from makao.events import Announced, CallMade, Event, Penalised
from makao.moves import Move, Play, Say
from makao.rules._util import one_of, public_flag, public_seat, whole_number
from makao.rules.base import Events, Setup, StartCard, StartRule, Stateful, Table, TurnRule
from makao.variants.mao.moves import HostReport, Misplay
from makao.variants.mao.rules import Multiplex, pending_penalty

__all__ = [
    "HostReports",
    "IllegalPlay",
    "MaoCalls",
    "MaoStart",
    "Misplays",
    "QuestionPeriods",
    "number_word",
    "spade_call",
]

IllegalPlay = Literal["reject", "penalize"]
"""What [`Misplays`][makao.variants.mao.talk.Misplays] does with an illegal play: ``"reject"``
it unchanged, or ``"penalize"`` it the Mao way (UM-27)."""

_NUMBERS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen", "twenty"),
)
_RANK_WORDS = {
    **{rank: _NUMBERS[rank] for rank in range(2, 11)},
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}


def number_word(count: int) -> str:
    """The multiplex call for ``count``: ``two``, ``three``, … (digits past twenty). A
    ``count`` that is no whole number ≥ 0 (or too long to write) is a `SetupError`."""
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise SetupError(f"count must be a whole number ≥ 0, not {shown(count, 60)}")
    if is_too_long_to_write(count):
        raise SetupError(f"count is too large to say: {shown(count, 60)}")
    return _number_word(count)


def _number_word(count: int) -> str:
    """`number_word` unchecked: the rules call it with counts they made themselves."""
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)


_NUMBER_CALLS = frozenset(map(_number_word, range(2, 100)))


def spade_call(card: Card) -> str:
    """The call naming a spade: ``five-of-spades``, ``queen-of-spades`` (UM-18). Anything
    but a spade is a `SetupError`."""
    if not isinstance(card, Card) or card.suit is not Suit.SPADES:
        raise SetupError(f"spade_call needs a spade, not {shown(card, 60)}")
    return _spade_call(card)


def _spade_call(card: Card) -> str:
    """`spade_call` unchecked: the rules call it with spades they hold."""
    return f"{_RANK_WORDS[card.rank]}-of-spades"


def _kind(call: str) -> str | None:
    """The rule whose call ``call`` is of a kind with: a number (UM-20), a spade's name
    (UM-18); ``None`` for the others."""
    if call in _NUMBER_CALLS:
        return "UM-20"
    if call.endswith("-of-spades"):
        return "UM-18"
    return None


def _penalise(game: Table, seat: int, rule: str, reason: str, amount: int, events: Events) -> None:
    events.append(Penalised(seat, rule, reason, amount))
    if amount:
        game.draw_cards(seat, amount, "penalty", events)


# A requirement: the rule id and the calls that satisfy it (the first is the listed one).
_Requirement = tuple[str, tuple[str, ...]]
#: [`MaoCalls`][makao.variants.mao.talk.MaoCalls]' state during a play: the calls made, and (rule,
#: reason) infractions.
_Due = tuple[tuple[str, ...], tuple[tuple[str, str], ...]]
#: [`QuestionPeriods`][makao.variants.mao.talk.QuestionPeriods]' state: the seat that opened
#: a period, and whether one closed.
_Talk = tuple["int | None", bool]


@attrs.frozen
class MaoCalls(Stateful["_Due | None"], TurnRule):
    """Calls said with a play: "Good day" with a ten (UM-15), the name of a spade (UM-18),
    all of them for a card that needs several (UM-19), the multiplex count (UM-20), "Last
    card" -- or "Mau" for a jack -- when one card is left (UM-23), "Mau Mau" with the last
    card (UM-24). A missing or wrong call costs ``penalty`` card(s) each (UM-25); a last
    card played without "Mau Mau" stays played but the penalty card means no win.

    Its state holds, during one play, the calls made and the infractions to charge."""

    penalty: int = attrs.field(default=1, validator=whole_number(0))
    mau_mau_only_for_jack: bool = False

    def requirements(self, game: Table, seat: int, cards: tuple[Card, ...]) -> list[_Requirement]:
        """What a play of ``cards`` by ``seat`` must say now."""
        card = cards[-1]
        needs: list[_Requirement] = []
        if card.rank is Rank.TEN:
            needs.append(("UM-15", ("good-day",)))
        if card.suit is Suit.SPADES:
            needs.append(("UM-18", (_spade_call(card),)))
        for rule in game.claim_rules:
            count = rule.count_after(game, cards) if isinstance(rule, Multiplex) else None
            if count is not None:
                needs.append(("UM-20", (_number_word(count),)))
        rest = list(game.hands[seat])
        for played in cards:
            rest.remove(played)
        if len(rest) == 1:
            jack = rest[0].rank is Rank.JACK
            needs.append(("UM-23", ("mau", "last-card") if jack else ("last-card",)))
        if not rest and (not self.mau_mau_only_for_jack or card.rank is Rank.JACK):
            needs.append(("UM-24", ("mau-mau",)))
        return needs

    def call_names(self) -> tuple[str, ...]:
        """Every call a listed play may carry (each gets an action id)."""
        spades = tuple(spade_call(card) for card in ALL_CARDS if card.suit is Suit.SPADES)
        counts = tuple(number_word(count) for count in range(2, 21))
        return ("good-day", *spades, *counts, "last-card", "mau", "mau-mau")

    def required_calls(self, game: Table, seat: int, cards: tuple[Card, ...]) -> tuple[str, ...]:
        """The listed calls: the first way of saying each requirement."""
        return tuple(calls[0] for _, calls in self.requirements(game, seat, cards))

    def admit(self, game: Table, move: Move, legal: tuple[Move, ...]) -> Move | None:
        """A listed play said with other calls is accepted (and charged)."""
        if type(move) is not Play:
            return None
        for listed in legal:
            if type(listed) is Play and (listed.cards, listed.choice) == (move.cards, move.choice):
                return move
        return None

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        """Judge a play's calls against the position before it is carried out."""
        if type(move) is not Play:
            return
        needs = self.requirements(game, game.to_move, move.cards)
        allowed = {call for _, calls in needs for call in calls}
        said = set(move.calls)
        wrong = [call for call in move.calls if call not in allowed]
        faults: list[tuple[str, str]] = []
        for rule, calls in needs:
            if said & set(calls):
                continue
            instead = next((call for call in wrong if _kind(call) == rule), None)
            if instead is None:
                faults.append((rule, f"did not say {calls[0]}"))
            else:  # one wrong call said in place of the due one is one infraction (UM-25)
                wrong.remove(instead)
                faults.append((rule, f"said {instead}, not {calls[0]}"))
        faults += [("UM-25", f"wrong call {call}") for call in wrong]
        made = tuple(call for call in move.calls if call in allowed)
        self.set_state(game, (made, tuple(faults)))

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        """Record the calls made; charge the infractions."""
        made, faults = self.state(game) or ((), ())
        self.set_state(game, None)
        for call in made:
            events.append(CallMade(seat, call))
        for rule, reason in faults:
            _penalise(game, seat, rule, reason, self.penalty, events)


@attrs.frozen
class QuestionPeriods(Stateful["_Talk"], TurnRule):
    """Talk (UM-21, UM-22): any remark must come in a question period, opened by anyone
    with "Question"; the opener or the ``oldest`` seat closes it with "End of
    questions". A remark outside a period costs ``penalty`` card(s).

    Speech is the core [`Say`][makao.moves.Say]: ``question``, ``end-of-questions``, or
    any other call (a remark;
    [`makao.variants.mao.phrasebook.speech`][makao.variants.mao.phrasebook.speech] maps free
    text).

    Its state (public) is the seat that opened the period in progress, if any, and
    whether a period was closed since the last one opened."""

    handles = (Say,)
    oldest: int = attrs.field(default=0, validator=whole_number(0))
    penalty: int = attrs.field(default=1, validator=whole_number(0))

    def initial_state(self) -> _Talk:
        """No period open, none closed."""
        return (None, False)

    def check_table(self, players: int) -> None:
        """The oldest player (UM-22) must be a seat of the table."""
        if self.oldest >= players:
            raise SetupError(
                f"oldest_player {self.oldest} is not a seat of a {players}-player table "
                f"(seats 0…{players - 1})"
            )

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """Who opened the period in progress; whether one was closed."""
        opener, closed = self.state(table)
        pairs: tuple[tuple[str, object], ...] = () if opener is None else (("question", opener),)
        return (*pairs, ("questions-closed", True)) if closed else pairs

    def check_public(self, public: Mapping[str, object], players: int) -> None:
        """A position's open period was opened by a seat of the table (UM-21); whether
        one was closed is a flag (UM-22)."""
        public_seat(public, "question", players, "the seat that opened the question period")
        public_flag(public, "questions-closed", "a question period was closed")

    def restore_state(self, public: Mapping[str, object]) -> _Talk:
        """The period a view shows."""
        opener = public.get("question")
        seat = opener if isinstance(opener, int) and not isinstance(opener, bool) else None
        return (seat, bool(public.get("questions-closed")))

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """Opening a period; in one, remarks and its closing by the opener or the oldest."""
        opener = self.state(game)[0]
        seats = [seat for seat in range(game.players) if not game.done[seat]]
        if opener is None:
            return [Say(seat, "question") for seat in seats]
        moves: list[Move] = [Say(seat, "remark") for seat in seats]
        moves += [Say(s, "end-of-questions") for s in seats if s in (opener, self.oldest)]
        return moves

    def action_templates(self, players: int) -> tuple[Move, ...]:
        """Each seat's question, remark and end of questions."""
        words = ("question", "remark", "end-of-questions")
        return tuple(Say(seat, word) for seat in range(players) for word in words)

    def admit(self, game: Table, move: Move, legal: tuple[Move, ...]) -> Move | None:
        """Anything a seat still in the game says is accepted (and charged if out of place)."""
        if type(move) is Say and 0 <= move.seat < game.players and not game.done[move.seat]:
            return move
        return None

    def closes(self, game: Table, move: Move) -> bool:
        """Whether ``move`` closes the period in progress: "End of questions" said by its
        opener or the oldest seat (UM-22). When enough time has passed for that is the
        host's to decide ([`Host`][makao.host.Host]'s ``question_time``)."""
        if type(move) is not Say or move.call != "end-of-questions":
            return False
        opener = self.state(game)[0]
        return opener is not None and move.seat in (opener, self.oldest)

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """Open or close a period, or judge a remark."""
        assert isinstance(move, Say)
        seat, call = move.seat, move.call
        opener, closed = self.state(game)
        if opener is None and call == "question":
            self.set_state(game, (seat, False))
        elif self.closes(game, move):
            self.set_state(game, (None, True))
        elif opener is None:
            rule = "UM-22" if closed else "UM-21"
            _penalise(
                game, seat, rule, f"spoke ({call}) outside a question period", self.penalty, events
            )
            return
        events.append(CallMade(seat, call))


@attrs.frozen
class HostReports(Stateful["bool | None"], TurnRule):
    """What the host reports (the engine keeps no clock): a time-out of the player to move
    (UM-6: one card; with ``timeout_ends_turn`` the turn passes, and a pending draw
    penalty is drawn too), cards touched during the deal -- before the first move
    (UM-3: one card) --, a touched stock (UM-7: one card drawn).

    Its state is whether the deal is still on: ``None`` until the first turn move, misplay
    (UM-27) or time-out (then a dealt game is in its deal: a turn can time out only once
    the start is announced, UM-4), ``False`` after it, ``True`` for a position set up from
    a view that showed the deal on; views show ``("dealing", True)`` during the deal."""

    handles = (HostReport,)
    timeout_ends_turn: bool = True
    move_time_limit: float = 6.0

    def admit(self, game: Table, move: Move, legal: tuple[Move, ...]) -> Move | None:
        """A report about a seat still in the game, when it can apply."""
        if type(move) is not HostReport:
            return None
        seat = move.seat
        if not 0 <= seat < game.players or game.done[seat]:
            return None
        if move.kind == "timeout" and seat != game.to_move:
            return None
        if move.kind == "touched-cards" and not self.dealing(game):
            return None
        return move

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        """The first turn move, or misplay, ends the deal (UM-3)."""
        if self.state(game) is not False:
            self.set_state(game, False)

    def initial_state(self) -> bool | None:
        """No turn move nor misplay yet: a dealt game is in its deal."""
        return None

    def check_public(self, public: Mapping[str, object], players: int) -> None:
        """Whether the deal is on is a flag (UM-3)."""
        public_flag(public, "dealing", "the deal is on")

    def restore_state(self, public: Mapping[str, object]) -> bool | None:
        """The deal is on if the view says so."""
        return True if public.get("dealing") else None

    def dealing(self, game: Table) -> bool:
        """Whether a dealt game is still in its deal: no turn move nor misplay yet (UM-3)."""
        state = self.state(game)
        return bool(game.opening) if state is None else state

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """Everyone knows whether the deal is still on."""
        return (("dealing", True),) if self.dealing(table) else ()

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """Charge the reported seat; a time-out may end the turn."""
        assert isinstance(move, HostReport)
        seat = move.seat
        if move.kind == "touched-cards":
            _penalise(game, seat, "UM-3", "touched their cards during the deal", 1, events)
        elif move.kind == "touched-stock":
            _penalise(game, seat, "UM-7", "touched the stock", 1, events)
        else:
            # a turn timed out, so the start was announced (UM-4): the deal is over
            self.set_state(game, False)
            _penalise(game, seat, "UM-6", "ran out of time", 1, events)
            if self.timeout_ends_turn:
                self._forfeit(game, seat, events)

    @staticmethod
    def _forfeit(game: Table, seat: int, events: Events) -> None:
        """The turn passes; a draw penalty the player faced is drawn as if accepted."""
        total = pending_penalty(game.effect)
        if total:
            from makao.events import AttackAccepted

            events.append(AttackAccepted(seat, total))
            game.set_effect(None)
            game.draw_cards(seat, total, "attack", events)
        game.end_turn(seat, game.effect, events)


@attrs.frozen
class Misplays(TurnRule):
    """Illegal plays (UM-27): ``"reject"`` refuses them unchanged; ``"penalize"`` (the
    Mao way) has the player take the card back and draw ``penalty`` card(s), recorded as
    a [`Misplay`][makao.variants.mao.moves.Misplay]; the player then still makes their move."""

    handles = (Misplay,)
    acts_in_turn = True  # a misplay is the mover's: the deal is over (UM-3, HostReports)
    illegal_play: IllegalPlay = attrs.field(default="reject", validator=one_of(IllegalPlay))
    penalty: int = attrs.field(default=1, validator=whole_number(0))

    def admit(self, game: Table, move: Move, legal: tuple[Move, ...]) -> Move | None:
        """Under ``"penalize"``, cards the player to move holds, put down illegally."""
        if self.illegal_play != "penalize" or type(move) not in (Play, Misplay):
            return None
        cards: tuple[Card, ...] = move.cards  # type: ignore[attr-defined]
        hand = list(game.hands[game.to_move])
        for card in cards:
            if card not in hand:
                return None
            hand.remove(card)
        choice = move.choice if type(move) is Play else None
        if not cards or any(
            type(listed) is Play and listed.cards == cards and listed.choice in (None, choice)
            for listed in legal
        ):
            # a legal play is played, not misplayed (as its text would be); a listed card
            # written with a stray choice (``5h:s``) or without the calls it is listed with
            # (``misplay 6s`` for ``6s +six-of-spades``) is refused, not charged as an
            # illegal play (UM-27); a jack put down naming no suit is a misplay
            return None
        return Misplay(cards)

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """The cards stay in the hand; a penalty card is drawn."""
        assert isinstance(move, Misplay)
        cards = " ".join(map(str, move.cards))
        _penalise(game, game.to_move, "UM-27", f"illegal play {cards}", self.penalty, events)


@attrs.frozen
class MaoStart(StartRule):
    """The Mao deal (UM-1, UM-2, UM-4): two decks, six cards each dealt one at a time in
    ``deal_direction``; the dealer announces the deal and the start (events in
    `makao.Game.opening`); play goes ``play_direction`` from the dealer's neighbour.
    The turned starting card acts only with ``start_card="effect"``, as if the dealer had
    played it."""

    hand_size: int = 6
    decks: int | None = 2
    start_card: StartCard = attrs.field(default="inert", validator=one_of(StartCard))
    min_players: int = 3
    deal_direction: int = 1
    play_direction: int = 1

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        for direction in (self.deal_direction, self.play_direction):
            if type(direction) is not int or direction not in (1, -1):
                raise SetupError(
                    f"deal and play directions are 1 (clockwise) or -1, not {shown(direction, 20)}"
                )

    def deal(self, game: Setup) -> None:
        """Announce and deal, turn the starting card, announce the start."""
        players, stock = game.players, game.stock
        dealer = (game.to_move - 1) % players
        way = {1: "clockwise", -1: "counter-clockwise"}
        events: list[Event] = [
            Announced(
                dealer, "deal", self.deal_direction, f"Dealing begins, {way[self.deal_direction]}"
            )
        ]
        for _ in range(self.hand_size):
            for offset in range(1, players + 1):
                game.hands[(dealer + offset * self.deal_direction) % players] += (stock.pop(),)
        game.direction = self.play_direction
        game.to_move = (dealer + self.play_direction) % players
        side = "left" if self.play_direction == 1 else "right"
        events.append(
            Announced(
                game.to_move,
                "start",
                self.play_direction,
                f"The game of Ultimate Mao begins with player {game.to_move} and goes to the "
                f"{side}",
            )
        )
        game.pile.append(stock.pop())
        if self.start_card == "effect":
            self._act(game, dealer, events)
        game.announce(events)

    @staticmethod
    def _act(game: Setup, dealer: int, events: list[Event]) -> None:
        card = game.pile[-1]
        rule = game.rule_for(card)
        if rule is None:
            return
        choice = card.suit if card.suit in rule.choices(card) else None
        rule.on_play(game, dealer, (card,), choice, None, events)
        game.end_turn(dealer, None, events)  # the dealer's "turn": an ace turns play round
