"""The rule-object interface: what a rule may hook into, and the effect protocol.

A variant is a tuple of rule objects. Each rule is a small frozen value that cites the rule
ids it implements (``ids``) and overrides only the hooks it needs:

* [`CardRule`][makao.rules.base.CardRule] gives some cards an effect when played (attack, wait,
  demand, …).
* [`WildRule`][makao.rules.base.WildRule] lets some cards be played on anything under a condition
  (PL-9).
* [`TurnRule`][makao.rules.base.TurnRule] hooks into every turn: calls said with a play, out-of-turn
  actions, checks before a move (the makao calls, PL-29…31).
* Slot rules -- [`DrawRule`][makao.rules.base.DrawRule],
  [`FinishRule`][makao.rules.base.FinishRule], [`StartRule`][makao.rules.base.StartRule],
  [`PlayRule`][makao.rules.base.PlayRule] -- each variant has exactly one of each (a default is used
  if absent).

Rules never see the engine's ``Game``. Their hooks receive a [`Table`][makao.rules.base.Table]: the
state a rule may read and the fixed set of services it may call (draw, set or clear the effect,
send the turn to a seat, reverse, make a seat wait, finish, end the turn or the game, keep
its own state). A rule that keeps state of its own declares it
([`Stateful`][makao.rules.base.Stateful]); the game stores, clones and saves it. The deal alone gets
a wider [`Setup`][makao.rules.base.Setup].

An [`Effect`][makao.rules.base.Effect] is the state an effect card leaves in force (an attack of 5,
a demand for sevens). It decides which cards may be played against it and what drawing or passing
means; every effect describes itself as a [`Pending`][makao.rules.base.Pending] value
([`Effect.pending`][makao.rules.base.Effect.pending]), so a user need not know the effect classes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Literal, Protocol, TypeVar, cast

import attrs

from makao._text import shown
from makao.cards import ALL_CARDS, Card, Rank, Suit
from makao.deck import MAX_DECKS, check_rank
from makao.errors import SetupError
from makao.moves import Choice, Draw, Move, Pass, Play
from makao.rules._util import card_set, check_whole, one_of, rule_ids, whole_number

if TYPE_CHECKING:
    from makao.events import Event

__all__ = [
    "MOST_CARDS_LEFT",
    "NOTHING_PENDING",
    "CardRule",
    "CardSetRule",
    "DrawRule",
    "Effect",
    "FinishRule",
    "Pending",
    "PendingKind",
    "PlayRule",
    "Rule",
    "Setup",
    "StartCard",
    "StartRule",
    "Stateful",
    "Table",
    "TurnRule",
    "WildRule",
    "check_restored",
    "effect_forms_of",
    "public_pairs",
    "restored_states",
]

Events = list["Event"]
S = TypeVar("S")


class Table(Protocol):
    """What a rule sees of a game: the state it may read and the services it may call.

    The read-only part is public state (every seat's hand is there because effects and
    finishing need hand sizes and contents; a rule must not leak them). Every change goes
    through a service, so no rule assigns an engine field. A service refuses what would
    corrupt the game: a seat the table lacks is a `SeatError`; a negative count, a wait
    beyond `makao.engine.MAX_WAIT` and a direction other than 1 or -1 are a `SetupError`
    (a seat or count that is no integer is a `TypeError`). It checks nothing the rules
    decide: a rule calls a service only when the rules allow (a seat finished twice fails
    `makao.testing.check_variant`).
    """

    @property
    def players(self) -> int:
        """The number of seats."""

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""

    @property
    def direction(self) -> int:
        """The direction of play: 1 (to the next seat) or -1."""

    @property
    def effect(self) -> Effect | None:
        """The effect in force on the player to move, if any."""

    @property
    def top(self) -> Card:
        """The top card of the pile."""

    @property
    def pile(self) -> Sequence[Card]:
        """The pile, bottom to top."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """Each seat's hand (read only)."""

    @property
    def done(self) -> Sequence[bool]:
        """Whether each seat has finished."""

    @property
    def waits(self) -> Sequence[int]:
        """How many turns each seat still waits (PL-18)."""

    @property
    def drawn(self) -> Card | None:
        """The card drawn this turn that may still be played, if any."""

    @property
    def active_count(self) -> int:
        """How many players still hold cards."""

    @property
    def opening(self) -> Sequence[Event]:
        """Events announced at the deal (empty for a set-up position)."""

    @property
    def claim_rules(self) -> Sequence[CardRule]:
        """The card rules that may take over a play
        ([`CardRule.claims`][makao.rules.base.CardRule.claims])."""

    def rule_for(self, card: Card) -> CardRule | None:
        """The rule that gives ``card`` its effect in this variant, if any."""

    def playable_cards(self, seat: int) -> list[Card]:
        """The distinct cards of ``seat``'s hand that may start a play now."""

    def rule_state(self, rule: object) -> Any:
        """``rule``'s own state in this game (see [`Stateful`][makao.rules.base.Stateful])."""

    def set_rule_state(self, rule: object, value: object) -> None:
        """Replace ``rule``'s own state in this game (an immutable value)."""

    def set_effect(self, effect: Effect | None) -> None:
        """Put ``effect`` in force (``None``: clear it)."""

    def send_turn_to(self, seat: int | None) -> None:
        """The turn that ends now goes to ``seat`` instead of the next seat in turn order
        (``None``: back to turn order)."""

    def reverse(self) -> int:
        """Turn the direction of play around; return the new direction. It records no
        event: the rule appends a ``DirectionChanged`` itself (as
        [`ReverseCards`][makao.rules.direction.ReverseCards] does)."""

    def add_wait(self, seat: int, turns: int) -> None:
        """``seat`` waits ``turns`` more turns (PL-18)."""

    def play_cards(self, seat: int, play: Play, events: Events) -> None:
        """``seat`` takes the turn and makes ``play`` (cards from their hand) as if it
        were theirs: the turn moves of every rule apply, and play goes on from them (an
        out-of-turn "jump-in"). The caller checks the play is allowed."""

    def swap_hands(self, seat: int, other: int, events: Events) -> None:
        """``seat`` and ``other`` exchange their hands (a ``HandsSwapped`` event)."""

    def keep_turn_open(self, card: Card) -> None:
        """After a draw, the turn stays open: ``card`` (just drawn) may still be played."""

    def can_draw(self) -> bool:
        """Whether at least one card can be drawn (stock, or pile cards to reshuffle)."""

    def draw_cards(self, seat: int, count: int, reason: str, events: Events) -> tuple[Card, ...]:
        """Give ``seat`` up to ``count`` cards, reshuffling when the stock runs out; returns
        the cards drawn."""

    def draw_then_maybe_play(self, seat: int, events: Events) -> None:
        """A normal draw (PL-8), keeping the turn open if the drawn card may be played."""

    def effect_target(self, seat: int, direction: int) -> int | None:
        """The seat an effect from ``seat`` reaches going ``direction`` (PL-19)."""

    def end_turn(self, seat: int, previous: Effect | None, events: Events) -> None:
        """End ``seat``'s turn and hand the move on."""

    # The standard mechanics: what the built-in rules' hooks do, carried out by the engine
    # (which applies them without calling the hook for a rule of the built-in class itself).

    def raise_attack(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """The standard attack of ``rule``, a
        [`BattleCards`][makao.rules.attack.BattleCards] (its `on_play`): add the
        penalties of ``cards`` to an attack in force (PL-12, PL-16), put the attack
        (``rule.attack(total, seat, backwards)``) in force against the next seat that can
        receive it -- the previous one after a backwards card (PL-14) -- and send the turn
        there (an ``AttackRaised`` event); with nobody to receive it, it lapses (PL-19)."""

    def raise_wait(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """The standard wait of ``rule``, a [`WaitCards`][makao.rules.wait.WaitCards] (its
        `on_play`): one turn per wait card played, added to a wait in force (always one
        with ``stacks=False``), put in force against the next seat that can receive it,
        where the turn goes (a ``WaitRaised`` event); with nobody, it lapses (PL-17,
        PL-19)."""

    def demand_rank(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """The standard demand of ``rule``, a
        [`RankDemandCards`][makao.rules.demand.RankDemandCards] (its `on_play`): a
        ``DemandSet`` event; a demand in force for another rank ends (``DemandEnded``); the
        rank ``choice`` (none: no demand) is demanded by ``seat`` for a new round (PL-21,
        PL-23)."""

    def name_suit(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """The standard named suit of ``rule``, a
        [`SuitDemandCards`][makao.rules.demand.SuitDemandCards] (its `on_play`): the suit
        ``choice`` (none: the last card's) is named (a ``SuitNamed`` event) and put in
        force -- with ``binds="next"`` against the next seat that can receive it, where the
        turn goes, or not at all if nobody can (PL-19, PL-26, PL-27, RU-8)."""

    def accept_attack(self, effect: Effect, seat: int, events: Events) -> None:
        """The standard acceptance of ``effect``, an
        [`AttackEffect`][makao.rules.attack.AttackEffect] (its `on_draw`): ``seat`` draws
        the total (what can be had, PL-35; an ``AttackAccepted`` event) and, if the rule's
        ``accept_ends_turn``, loses the turn (PL-13); after a backwards attack, play
        resumes after the attacker (PL-15)."""

    def accept_wait(self, effect: Effect, seat: int, events: Events) -> None:
        """The standard acceptance of ``effect``, a
        [`WaitEffect`][makao.rules.wait.WaitEffect] (its `on_pass`): ``seat`` sits out
        this turn and the wait's other turns (PL-18, PL-20; a ``WaitAccepted`` event)."""

    def advance(self, seat: int, events: Events) -> int:
        """Move on from ``seat`` in turn order, using up waiting seats' turns (PL-18)."""

    def record_finish(self, seat: int, events: Events) -> None:
        """Mark ``seat`` as finished in the next place (PL-32)."""

    def end_game(self, events: Events) -> None:
        """End the game, ranking the players left (PL-32, PL-36)."""


class Setup(Table, Protocol):
    """What a [`StartRule`][makao.rules.base.StartRule] sees while it deals: the table, plus the
    cards themselves (the stock, top card last; the hands; the pile) and the seat and direction to
    set."""

    hands: list[tuple[Card, ...]]
    stock: list[Card]
    pile: list[Card]
    to_move: int
    direction: int

    def announce(self, events: Sequence[Event]) -> None:
        """Record events of the deal (Mao's announcements) as `makao.Game.opening`."""

    def is_function(self, card: Card) -> bool:
        """Whether ``card`` has an effect or is wild in this variant (PL-4)."""


@attrs.frozen
class Rule:
    """Base of every rule object. ``ids`` are the spec rule ids it implements."""

    ids: tuple[str, ...] = attrs.field(default=(), kw_only=True, validator=rule_ids)

    def describe(self) -> str:
        """A one-line plain-language statement of the rule (first docstring line)."""
        return (type(self).__doc__ or type(self).__name__).strip().splitlines()[0]

    def initial_state(self) -> object:
        """The rule's own state at the start of a game (rules that keep none: ``None``)."""
        return None

    def check_table(self, players: int) -> None:
        """Refuse (with [`SetupError`][makao.errors.SetupError]) a table of ``players`` seats
        that this rule cannot serve (a seat the rule names does not exist). Default: any."""

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """What every seat's view shows of the rule's own state in ``table``'s game, as
        ``(name, value)`` pairs (`makao.View.public`). Default: nothing.

        It may read the rules' own state and ``table.opening``, nothing else: the engine
        caches views' public state by those (so a rule's state must be hashable), and
        every view shares it, so each value is hashable too (a tuple, not a list) and each
        name a text: anything else is a `SetupError` naming the rule (`public_pairs`)."""
        return ()

    def restore_state(self, public: Mapping[str, object]) -> object:
        """The state that gives ``public`` (a view's `public` as a
        dict), for a position set up from what a seat saw. Default: the initial state.

        [`Game.from_position`][makao.engine.Game.from_position] refuses what did not take:
        a given pair that the restored state does not show (`check_restored`)."""
        return self.initial_state()

    def check_public(self, public: Mapping[str, object], players: int) -> None:
        """Refuse (with [`SetupError`][makao.errors.SetupError]) a value in ``public`` (a
        position's given public state, as a dict) that this rule's state cannot hold at a
        table of ``players`` seats -- a seat the table lacks, a value of the wrong type --
        naming the pair and what it takes. Default: any (`check_restored` still refuses a
        pair that did not take)."""


class _Reading(Mapping[str, object]):
    """A position's given public state that notes the names a rule reads from it (a
    rule's ``restore_state`` reads its own names only: the rest nobody takes)."""

    __slots__ = ("given", "read")

    def __init__(self, given: Mapping[str, object]) -> None:
        self.given = given
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> object:
        self.read.add(name)
        return self.given[name]

    def __iter__(self) -> Iterator[str]:
        self.read.update(self.given)  # a rule that looks at every name may take any
        return iter(self.given)

    def __len__(self) -> int:
        return len(self.given)


def restored_states(
    rules: Sequence[Rule], public: Mapping[str, object], players: int
) -> tuple[tuple[object, ...], frozenset[str]]:
    """Each of the stateful ``rules``' state restored from ``public`` (a position's given
    public state, as a dict) at a table of ``players`` seats, once each rule checked the
    values it reads (`Rule.check_public`), and the names the rules read."""
    for rule in rules:
        rule.check_public(public, players)
    reading = _Reading(public)
    states = tuple(rule.restore_state(reading) for rule in rules)
    return states, frozenset(reading.read)


def check_restored(
    table: Table,
    rules: Sequence[Rule],
    pairs: Sequence[tuple[str, object]],
    read: frozenset[str],
) -> None:
    """Refuse (`SetupError`) given public ``pairs`` that did not take in ``table``, whose
    stateful ``rules`` restored their state from them (`restored_states`, which tells the
    names ``read``): a pair of a name a rule reads or shows that the restored state does
    not show (``None`` and ``False`` may stand for a name shown by nobody: no seat, a flag
    off), or a name no rule keeps. A rule that shows public state but keeps
    `Rule.restore_state` starts over from its initial state whatever it is given: with
    one, a name no other rule keeps may be its own, and passes."""
    showing: dict[str, object] = {}
    owned = set(read)  # the names the rules that restore their state keep
    starts_over = False
    for rule in rules:
        found = public_pairs(rule, table)
        showing.update(found)
        if type(rule).restore_state is not Rule.restore_state:
            owned.update(name for name, _ in found)
        elif type(rule).public_state is not Rule.public_state:
            starts_over = True
    unknown = [pair for pair in pairs if pair[0] not in owned]
    if unknown and not starts_over:
        names = shown(tuple(sorted(owned)), 200) if owned else "none"
        raise SetupError(
            f"public: {_some(unknown)}: no rule of this variant keeps such a public state "
            f"(the names its rules keep: {names})"
        )
    missed = [
        (name, value)
        for name, value in pairs
        if name in owned and not _shows(showing.get(name, _UNSHOWN), value)
    ]
    if missed:
        now = tuple((name, showing[name]) for name, _ in missed[:4] if name in showing)
        raise SetupError(
            f"public: {_some(missed)} did not take: the rules' restored state shows "
            f"{shown(now, 200) if now else 'nothing'} for it (see the rules' public_state)"
        )


def _some(pairs: Sequence[tuple[str, object]]) -> str:
    """The first few of ``pairs``, for an error message, and how many more there are."""
    more = len(pairs) - 4
    return shown(list(pairs[:4]), 200) + (f" and {more:,} more" if more > 0 else "")


_UNSHOWN: Final = object()


def _shows(showing: object, given: object) -> bool:
    """Whether a rule state ``showing`` a value (`_UNSHOWN`: nothing) took the ``given``
    one: equal, a list for a tuple (as JSON reads one) and a flag for a flag only."""
    if showing is _UNSHOWN:
        return given is None or given is False
    if isinstance(showing, (tuple, list)):
        return (
            isinstance(given, (tuple, list))
            and len(given) == len(showing)
            and all(map(_shows, showing, given))
        )
    if isinstance(showing, bool) is not isinstance(given, bool):
        return False
    try:
        return bool(showing == given)
    except (TypeError, ValueError):  # a value that will not compare: not the one shown
        return False


def public_pairs(rule: Rule, table: Table) -> tuple[tuple[str, object], ...]:
    """``rule.public_state(table)``, checked: ``(name, value)`` pairs with a text name and
    a hashable value (views of every seat and game share them, cached: a list would let
    one view change the others'); anything else is a `SetupError` naming the rule."""
    given: object = rule.public_state(table)
    iterable = isinstance(given, Iterable) and not isinstance(given, (str, bytes, Mapping))
    pairs = tuple(cast("Iterable[object]", given)) if iterable else None
    if pairs is None or not all(
        isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) for pair in pairs
    ):
        raise SetupError(
            f"{type(rule).__name__}.public_state must give (name, value) pairs with a text "
            f"name, not {shown(given, 60)}"
        )
    try:
        hash(pairs)
    except TypeError:
        raise SetupError(
            f"{type(rule).__name__}.public_state must give hashable values (a tuple, not a "
            f"list: views share them), not {shown(given, 60)}"
        ) from None
    return cast("tuple[tuple[str, object], ...]", pairs)


class Stateful(Generic[S]):
    """Mix-in for a rule that keeps typed state of its own in each game: an immutable,
    hashable value of type ``S`` (a tuple, not a list: a value that is not hashable is a
    `SetupError` naming the rule) that the game clones and saves with the position. Subclasses
    override [`Rule.initial_state`][makao.rules.base.Rule.initial_state];
    [`state`][makao.rules.base.Stateful.state] and
    [`set_state`][makao.rules.base.Stateful.set_state] read and replace the value in a given
    game."""

    __slots__ = ()

    def state(self, table: Table) -> S:
        """This rule's state in ``table``'s game."""
        value: S = table.rule_state(self)
        return value

    def set_state(self, table: Table, value: S) -> None:
        """Replace this rule's state in ``table``'s game."""
        table.set_rule_state(self, value)


StartCard = Literal["redraw", "inert", "effect"]
"""How a [`StartRule`][makao.rules.base.StartRule] treats the starting card: ``"redraw"`` a
function card (PL-4), leave it ``"inert"`` (RU-4), or let its ``"effect"`` act."""

PendingKind = Literal["none", "attack", "wait", "demand", "suit", "other"]
"""What a [`Pending`][makao.rules.base.Pending] asks of the player to move: answer an
``"attack"`` (draw ``amount`` cards), sit out a ``"wait"`` (``amount`` turns), follow a
``"demand"`` (of ``rank``), follow a named ``"suit"``, some ``"other"`` effect of a custom
rule, or ``"none"``."""

_DRAW = Draw()
_PASS = Pass()


@attrs.frozen
class Pending:
    """What the effect in force asks of the player to move, whatever its class: ``kind``,
    ``amount`` (cards of an attack, turns of a wait), the demanded ``rank`` or named
    ``suit``, the seat that raised it (``by``, when known) and ``accept``: the move that
    takes the effect instead of answering it -- [`Draw`][makao.moves.Draw] for an attack
    (draw the ``amount``), a demand or a suit (draw one), [`Pass`][makao.moves.Pass] for a
    wait (sit the turns out); ``None`` when nothing is pending. Whether ``accept`` is legal
    now is for [`Game.legal_moves`][makao.engine.Game.legal_moves] to say (a player who can
    follow a demand must, PL-24).

    [`Game.pending`][makao.engine.Game.pending] and [`View.pending`][makao.view.View.pending]
    give it; it is false when nothing is pending, and ``str`` says it in words."""

    kind: PendingKind = "none"
    amount: int = 0
    rank: Rank | None = None
    suit: Suit | None = None
    by: int | None = None
    accept: Move | None = None

    def __bool__(self) -> bool:
        return self.kind != "none"

    def __str__(self) -> str:
        by = "" if self.by is None else f" by seat {self.by}"
        what = {
            "none": "nothing",
            "attack": f"an attack of {self.amount} card{'s' * (self.amount != 1)}",
            "wait": f"a wait of {self.amount} turn{'s' * (self.amount != 1)}",
            "demand": f"a demand for {self.rank.text if self.rank else '?'}s",
            "suit": f"the suit {self.suit.letter if self.suit else '?'}",
            "other": "an effect",
        }[self.kind]
        accept = "" if self.accept is None else f" (accept: {self.accept})"
        return what + by + accept

    @staticmethod
    def of(effect: Effect | None) -> Pending:
        """The pending form of ``effect`` (nothing for ``None``); anything but an effect
        or ``None``, or an effect whose ``pending()`` gives anything but a `Pending`, is a
        [`SetupError`][makao.errors.SetupError]."""
        if effect is None:
            return NOTHING_PENDING
        if not isinstance(effect, Effect):
            raise SetupError(f"not an effect: {shown(effect, 60)} (pass an Effect or None)")
        pending = effect.pending()
        if not isinstance(pending, Pending):  # an effect of the user's: checked where taken
            raise SetupError(
                f"{type(effect).__name__}.pending must give a Pending, not {shown(pending, 60)}"
            )
        return pending

    @staticmethod
    def attack(cards: int, by: int | None = None, rank: Rank | None = None) -> Pending:
        """An attack of ``cards`` cards, accepted by drawing them."""
        return Pending("attack", cards, rank, None, by, _DRAW)

    @staticmethod
    def wait(turns: int, by: int | None = None) -> Pending:
        """A wait of ``turns`` turns, accepted by passing."""
        return Pending("wait", turns, None, None, by, _PASS)

    @staticmethod
    def demand(rank: Rank, by: int | None = None) -> Pending:
        """A demand for ``rank``, accepted (when allowed) by drawing one card."""
        return Pending("demand", 0, rank, None, by, _DRAW)

    @staticmethod
    def named_suit(suit: Suit, by: int | None = None) -> Pending:
        """A named ``suit`` to follow, accepted (when allowed) by drawing one card."""
        return Pending("suit", 0, None, suit, by, _DRAW)


NOTHING_PENDING = Pending()
"""Nothing is pending."""


MOST_CARDS_LEFT: Final = 4
"""The most cards left that moves tell apart: a play leaving this many or more passes this
number to [`TurnRule.call_options`][makao.rules.base.TurnRule.call_options] ("four or more")."""


KEEPS_SUIT_OVERRIDE: Final = 1
"""The bit of `Effect._kept` that says a subclass of [`Effect`][makao.rules.base.Effect]
leaves `suit_override` as `Effect` defines it. The ``KEEPS_*`` bits name the hooks so
kept; the engine gives a kept hook's default without calling it (a call from compiled
code into an interpreted method costs several hundred instructions)."""
KEEPS_MAY_PASS: Final = 2
"""The bit of `Effect._kept` for `may_pass` (see `KEEPS_SUIT_OVERRIDE`)."""
KEEPS_ANSWER_RULE: Final = 4
"""The bit of `Effect._kept` for `answer_rule` (see `KEEPS_SUIT_OVERRIDE`)."""
KEEPS_ANSWER_OVERRIDES: Final = 8
"""The bit of `Effect._kept` for `answer_overrides` (see `KEEPS_SUIT_OVERRIDE`)."""
KEEPS_ON_DRAW: Final = 16
"""The bit of `Effect._kept` for `on_draw` (see `KEEPS_SUIT_OVERRIDE`)."""
KEEPS_ALLOWS_EXTRA: Final = 32
"""The bit of `Effect._kept` for `allows_extra` (see `KEEPS_SUIT_OVERRIDE`)."""
_HOOK_BITS: Final = (
    ("suit_override", KEEPS_SUIT_OVERRIDE),
    ("may_pass", KEEPS_MAY_PASS),
    ("answer_rule", KEEPS_ANSWER_RULE),
    ("answer_overrides", KEEPS_ANSWER_OVERRIDES),
    ("on_draw", KEEPS_ON_DRAW),
    ("allows_extra", KEEPS_ALLOWS_EXTRA),
)


@attrs.frozen
class Effect:
    """An effect in force on the player to move (attack, wait, demand, named suit).

    The default behaviour is that of a demand: the player plays a card the effect
    [`allows`][makao.rules.base.Effect.allows], or draws one card and may play it if allowed (PL-24,
    PL-27).
    """

    #: The hooks this class leaves as `Effect` defines them (`KEEPS_*` bits), worked out
    #: when the class is made (a hook patched onto a class later is not seen).
    _kept: ClassVar[int] = sum(bit for _, bit in _HOOK_BITS)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kept = 0
        for name, bit in _HOOK_BITS:
            if getattr(cls, name) is getattr(Effect, name):
                kept |= bit
        cls._kept = kept

    @property
    def blocks_wilds(self) -> bool:
        """Whether wild cards (the Polish queen, PL-9) lose their wildness under this effect."""
        return True

    @property
    def suit_override(self) -> Suit | None:
        """A suit that replaces the top card's suit for matching (an ace's named suit).

        Under an effect with a suit override, cards match by that suit or by the top
        card's rank, exactly as with no effect; [`allows`][makao.rules.base.Effect.allows] is not
        consulted."""
        return None

    def allows(self, game: Table, card: Card) -> bool:
        """May ``card`` start a play now (the first card of a multi-card play)?"""
        raise NotImplementedError(
            f"{type(self).__name__} must define `allows`: an effect has no default"
        )

    def answers(self, top: Card) -> frozenset[Card] | None:
        """The cards [`allows`][makao.rules.base.Effect.allows] accepts on top card ``top``,
        when that depends on nothing else (move generation then looks cards up in this
        set instead of asking `allows` card by card); ``None`` (the default): ask
        `allows`. An effect that returns a set must agree with its `allows`."""
        return None

    def allows_extra(self, game: Table, card: Card) -> bool:
        """May ``card`` follow the first card of a multi-card play (same rank)?"""
        return True

    def may_draw(self, game: Table, seat: int, can_follow: bool) -> bool:
        """Is ``draw`` legal for ``seat`` now (``can_follow``: they hold a playable card)?
        Default, as a demand's: when they cannot follow and a card can be drawn (PL-24; with
        nothing to draw a stuck player passes, PL-36). An effect with an `on_draw` of its
        own (a penalty taken by drawing) keeps its draw when nothing can be drawn."""
        return not can_follow and (game.can_draw() or not self._kept & KEEPS_ON_DRAW)

    def may_pass(self, game: Table, seat: int) -> bool:
        """Is ``pass`` legal for ``seat`` now (before drawing)?"""
        return False

    def on_draw(self, game: Table, seat: int, events: Events) -> None:
        """Carry out a ``draw`` (default: draw one, and the drawn card may be played)."""
        game.draw_then_maybe_play(seat, events)

    def on_pass(self, game: Table, seat: int, events: Events) -> None:
        """Carry out a ``pass`` made before drawing (an effect whose `may_pass` allows
        one defines it)."""
        raise NotImplementedError(
            f"{type(self).__name__} must define `on_pass`: an effect that may be passed "
            "has no default"
        )

    @property
    def answer_rule(self) -> CardRule | None:
        """The rule that handles a play answering this effect with cards it gives no
        effect of their own (a king answering a king, RU-11); default none."""
        return None

    @property
    def answer_overrides(self) -> bool:
        """Whether [`answer_rule`][makao.rules.base.Effect.answer_rule] handles every play on this
        effect, even of cards with an effect of their own (the answer that closes a deal, RU-15);
        default no."""
        return False

    def on_covered(self, game: Table, events: Events) -> Effect | None:
        """The effect after a card without its own effect is played on it (default: over)."""
        return None

    def on_turn_end(self, game: Table, seat: int, events: Events) -> Effect | None:
        """The effect after ``seat``'s turn ends or is passed over (default: unchanged)."""
        return self

    def to_text(self) -> str:
        """The effect in the text form
        [`CardRule.parse_effect`][makao.rules.base.CardRule.parse_effect] reads back."""
        raise NotImplementedError(
            f"{type(self).__name__} must define `to_text`: an effect has no default"
        )

    def pending(self) -> Pending:
        """What this effect asks of the player to move, as a
        [`Pending`][makao.rules.base.Pending] (default: an ``"other"`` effect, accepted by
        drawing); the effects of the built-in rules say what they are."""
        return Pending("other", accept=_DRAW)


@attrs.frozen
class CardRule(Rule):
    """A rule that gives some cards an effect when they are played."""

    def covers(self, card: Card) -> bool:
        """Does this rule give ``card`` its effect?"""
        raise NotImplementedError

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """The follow-up choices a play ending on ``card`` must make (default: none)."""
        return (None,)

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        """Apply the effect of ``cards`` (played by ``seat``): set ``game.effect`` etc.

        ``previous`` is the effect that was in force; the engine has cleared it
        (``game.effect`` is ``None``), so it is over unless this rule puts it back. A rule
        whose cards should leave it as a plain card would -- a demand for their rank lasts
        its round (PL-23) -- calls
        [`leave_as_plain_card`][makao.rules.demand.leave_as_plain_card] (a named suit
        aside: the engine ends that itself after this hook, PL-28)."""
        raise NotImplementedError(
            f"{type(self).__name__} must define `on_play`: a card rule has no default"
        )

    def table_choices(self, game: Table, seat: int, card: Card) -> tuple[Choice, ...] | None:
        """Choices that depend on the table, for a play by ``seat`` ending on ``card`` (an
        opponent's seat, [`Seat`][makao.moves.Seat]); ``None`` (default) or an empty tuple:
        the fixed [`choices`][makao.rules.base.CardRule.choices]. Plays of cards whose rule
        overrides this are listed afresh every time, not cached."""
        return None

    def choice_templates(self, card: Card, players: int) -> tuple[Choice, ...]:
        """Every choice a play ending on ``card`` can ever carry at a table of ``players``
        (each gets an action id, [`makao.actions`][makao.actions]); default
        [`choices`][makao.rules.base.CardRule.choices]."""
        return self.choices(card)

    def claims(self, game: Table, cards: tuple[Card, ...]) -> bool:
        """Does this rule take over a play of ``cards`` now, whatever the cards' own rules
        (a Mao multiplex, UM-20)? Plays are listed per card and cached, so a claiming rule's
        [`choices`][makao.rules.base.CardRule.choices] must be those of the cards' own rules.
        Default: never."""
        return False

    def effect_class(self, card: Card) -> object:
        """A value that differs between covered cards whose effects differ (K♥ and K♠
        attack in different directions); the engine lists play orders by it."""
        return None

    def parse_effect(self, words: Sequence[str]) -> Effect | None:
        """Read an effect's text (see [`Effect.to_text`][makao.rules.base.Effect.to_text]) if it is
        one of this rule's."""
        return None

    def effect_forms(self) -> tuple[str, ...]:
        """The text forms of the effects [`parse_effect`][makao.rules.base.CardRule.parse_effect]
        reads (``"wait N by S"``), which a [`SetupError`][makao.errors.SetupError] for an
        effect text no rule reads lists
        ([`Variant.parse_effect`][makao.variant.Variant.parse_effect]). Default: none for a
        rule that reads none; for a rule with a `parse_effect` of its own, a line naming it."""
        if type(self).parse_effect is CardRule.parse_effect:
            return ()
        return (f"the texts {type(self).__name__}.parse_effect reads",)


def effect_forms_of(rule: CardRule) -> tuple[str, ...]:
    """The forms ``rule`` reads, as [`Variant.effect_forms`][makao.variant.Variant.effect_forms]
    lists them: its `effect_forms`, unless its `parse_effect` is that of a class below the
    one its `effect_forms` comes from (a `WaitCards` of yours that reads texts of its own
    and lists none): forms written for another reader, so the default's line naming its
    `parse_effect` instead."""
    kind = type(rule)
    reader = next(cls for cls in kind.__mro__ if "parse_effect" in vars(cls))
    writer = next(cls for cls in kind.__mro__ if "effect_forms" in vars(cls))
    if reader is not writer and issubclass(reader, writer):
        return CardRule.effect_forms(rule)
    return rule.effect_forms()


@attrs.frozen
class CardSetRule(CardRule):
    """A card rule for a fixed set of cards, ``cards`` (four 4s, the jacks, K♥ …): cards
    or their texts (``"Kh Ks"``), read by `parse_cards` (a `CardParseError` if bad)."""

    cards: frozenset[Card] = attrs.field(default=frozenset(), converter=card_set)

    def covers(self, card: Card) -> bool:
        """Whether ``card`` is one of the rule's cards."""
        return card in self.cards


@attrs.frozen
class WildRule(Rule):
    """A rule that lets some cards be played regardless of the top card."""

    under_effects: bool = attrs.field(default=False, kw_only=True)
    """Whether the wild cards may also be played under an effect that names no suit (an
    attack, a demand): Mao's jack, "playable any time" (UM-16)."""

    def covers(self, card: Card) -> bool:
        """Is ``card`` wild under this rule?"""
        raise NotImplementedError

    def allows(self, game: Table, seat: int, card: Card, has_match: bool) -> bool:
        """May the wild ``card`` be played now (no effect in force; ``has_match``: the
        player holds a card matching by suit or rank)?"""
        return True


@attrs.frozen
class TurnRule(Rule):
    """A rule with hooks into every move: calls, out-of-turn actions, checks."""

    handles: ClassVar[tuple[type, ...]] = ()
    """Move types this rule carries out (out-of-turn actions such as ``Say``, ``Stop``; never
    ``Play``, ``Draw`` or ``Pass``: a variant with such a rule is refused)."""
    acts_in_turn: ClassVar[bool] = False
    """Whether the moves this rule carries out (`handles`) are the turn's own actions of
    the player to move, which end the time before the first move as a play does (Mao's
    misplays, UM-27): the engine calls the
    [`before_move`][makao.rules.base.TurnRule.before_move] rules for them first. Default:
    out-of-turn actions, which no before-move rule sees. Such a move is made by the player
    to move; an out-of-turn action names the seat that makes it (a move naming no seat is
    the mover's, `makao.moves.move_seat`): `makao.testing.check_variant` tells a
    declaration that a move's seat contradicts where it changes the game."""
    idle_in_initial_state: ClassVar[bool] = False
    """A [`Stateful`][makao.rules.base.Stateful] rule whose
    [`before_move`][makao.rules.base.TurnRule.before_move] and
    [`extra_moves`][makao.rules.base.TurnRule.extra_moves] do
    nothing while every rule's state is its initial state: the engine skips them then
    (`makao.testing.check_variant` tells a rule whose hooks act there)."""

    def after_play_applies(self, cards_left: int) -> bool:
        """Whether [`after_play`][makao.rules.base.TurnRule.after_play] can do anything for a play
        without calls that leaves the player ``cards_left`` cards (4 means "four or more"); the
        engine skips it otherwise (a table per hand size; `makao.testing.check_variant`
        tells an ``after_play`` that acts where this says False). Default: always."""
        return True

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """Calls a play of ``cards`` leaving ``cards_left`` cards may carry; legal moves
        list the play with and without each. A tuple (or list) of names: anything else,
        a text above all (``"makao"`` for ``("makao",)``), is a `SetupError` naming the
        rule when the play is listed. Must depend on its arguments only (cached),
        and ``cards_left`` is capped at 4 ("four or more"), or lower: see
        [`same_calls_from`][makao.rules.base.TurnRule.same_calls_from]."""
        return ()

    def same_calls_from(self) -> int:
        """The number of cards left (1…4) from which
        [`call_options`][makao.rules.base.TurnRule.call_options] gives the same calls for
        every larger number. The engine keeps one move table for all of those numbers and
        passes the smallest of them as ``cards_left``: the largest value of the variant's
        call rules, at least 1 (a play of the last card may differ, PL-33). Default 4,
        the most the engine tells apart ("four or more", `MOST_CARDS_LEFT`);
        `makao.testing.check_variant` tells calls that change past it."""
        return MOST_CARDS_LEFT

    def call_names(self) -> tuple[str, ...]:
        """Every call this rule may ever list with a play (each gets an action id,
        [`makao.actions`][makao.actions]); by default read off
        [`call_options`][makao.rules.base.TurnRule.call_options]."""
        names: dict[str, None] = {}
        for card in ALL_CARDS:
            for left in range(MOST_CARDS_LEFT + 1):
                names.update(dict.fromkeys(self.call_options((card,), left)))
        return tuple(names)

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        """Called before a turn move (play, draw, pass) is carried out, and before a move
        of a rule that [`acts_in_turn`][makao.rules.base.TurnRule.acts_in_turn]. A rule that
        ends the game here (`Table.end_game`) ends it before the move, which is not made."""

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        """Called after ``seat``'s play was applied (their hand is already smaller): the
        cards are on the pile (the top card before the play is
        ``game.pile[-1 - len(cards)]``) and their rule has acted (``game.effect`` is the
        effect they leave), but the turn has not ended yet, so `Table.send_turn_to` and
        `Table.add_wait` still decide who moves next; a finishing play is recorded after
        this hook."""

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """Out-of-turn moves this rule makes legal now."""
        return ()

    def required_calls(self, game: Table, seat: int, cards: tuple[Card, ...]) -> tuple[str, ...]:
        """Calls a play of ``cards`` by ``seat`` must carry in this position; legal moves
        list each play with them (Mao, UM-25). Default: none."""
        return ()

    def admit(self, game: Table, move: Move, legal: tuple[Move, ...]) -> Move | None:
        """A move that is not listed but that ``play`` still accepts -- an infraction to be
        charged, say -- as the move to carry out instead; ``None`` refuses it (default)."""
        return None

    def action_templates(self, players: int) -> tuple[Move, ...]:
        """Every out-of-turn move this rule can ever make legal at a table of ``players``
        (each gets a stable action id, [`makao.actions`][makao.actions])."""
        return ()

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """Carry out one of the moves in `handles` (already checked legal)."""
        raise NotImplementedError


@attrs.frozen
class DrawRule(Rule):
    """How a normal draw works (slot rule). Default: draw one; the drawn card may be played."""

    play_drawn: bool = True
    """Whether a player who drew may play the drawn card at once (PL-8)."""
    must_play_drawn_when_stuck: bool = False
    """Whether a player who had nothing to play must play the drawn card if it fits (RU-9)."""
    play_any_after_draw: bool = False
    """Whether, after drawing, any playable card of the hand may follow (UM-5), not only
    the drawn one."""
    draw_until_playable: bool = False
    """Whether a player whose drawn card cannot be played draws again (Crazy Eights)."""
    max_draws: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(whole_number(1))
    )
    """With ``draw_until_playable``: the most cards one draw move takes (``None``: no limit)."""

    def draws_again(self, drawn: int) -> bool:
        """Does a player who drew ``drawn`` cards this move, none playable, draw another?"""
        return self.draw_until_playable and (self.max_draws is None or drawn < self.max_draws)


@attrs.frozen
class PlayRule(Rule):
    """How many cards a play may hold (slot rule). Default: one card."""

    multi_card: bool = False


@attrs.frozen
class FinishRule(Rule):
    """What finishing means (slot rule): play on for places (PL-32) and whether a
    finishing card's effect acts (PL-33)."""

    play_for_places: bool = True
    last_card_effect_applies: bool = False

    def scores(self, game: Table) -> tuple[int, ...] | None:
        """Each seat's points once the game is over, if the variant scores (RU-16); the
        basic game scores nothing (PL-34)."""
        return None

    @property
    def scores_points(self) -> bool:
        """Whether this rule scores points: its class has its own `scores` (RU-16). A match
        and the adapters' ``rewards="points"`` need one; the basic game has none (PL-34)."""
        return type(self).scores is not FinishRule.scores

    def on_finish(self, game: Table, seat: int, events: Events) -> None:
        """``seat`` has just played their last card: record the place, maybe end the game."""
        game.record_finish(seat, events)
        if not self.play_for_places or game.active_count <= 1:
            game.end_game(events)


def _deck_ranks(value: Iterable[int] | None) -> tuple[int, ...] | None:
    """A start rule's ``ranks``: ``None``, or distinct ranks 2…14 (``Rank`` values or
    their numbers; a ``range`` will do), at least one, as a tuple; else `SetupError`."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise SetupError(f"ranks must be a sequence of ranks 2…14, not {shown(value, 60)}")
    ranks = tuple(check_rank(rank) for rank in value)
    if not ranks or len(set(ranks)) != len(ranks):
        raise SetupError(f"ranks must be distinct ranks, at least one, not {shown(ranks, 60)}")
    return ranks


@attrs.frozen
class StartRule(Rule):
    """How the deal and the starting card go (slot rule): the player count (PL-1), the
    deck (PL-1), the deal (PL-3) and the starting card (PL-4, RU-4)."""

    hand_size: int = 5
    """Cards dealt to each seat (PL-3): a whole number, 0 or more."""
    decks: int | None = None
    """Number of 52-card decks, 1…`MAX_DECKS`; ``None``: one deck below
    ``two_decks_from`` players, two from there on (PL-1)."""
    two_decks_from: int = 5
    ranks: tuple[int, ...] | None = attrs.field(default=None, converter=_deck_ranks)
    """The distinct ranks (2…14) each deck holds; ``None``: all thirteen (a 32-card deck:
    ``range(7, 15)``)."""
    start_card: StartCard = attrs.field(default="redraw", validator=one_of(StartCard))
    """"redraw": a function card is put back into the middle of the stock (PL-4);
    "inert": the starting card has no effect (RU-4); "effect": it acts on the first player."""
    min_players: int = 2
    max_players: int | None = None
    dealer: int = -1
    """The dealer's seat (PL-5); negative counts from the end (-1: the last seat)."""

    def __attrs_post_init__(self) -> None:
        """Check the counts: here, so that a subclass that gives a field another default
        (and so a field of its own) keeps its check; such a subclass's own
        ``__attrs_post_init__`` calls this one."""
        check_whole("hand_size", self.hand_size, 0)
        if self.decks is not None:
            check_whole("decks", self.decks, 1, MAX_DECKS)
        check_whole("two_decks_from", self.two_decks_from, 0)
        check_whole("min_players", self.min_players, 1)
        if self.max_players is not None:
            check_whole("max_players", self.max_players, self.min_players)
        object.__setattr__(self, "ranks", _deck_ranks(self.ranks))

    def decks_for(self, players: int) -> int:
        """How many 52-card decks a table of ``players`` uses (PL-1)."""
        if self.decks is not None:
            return self.decks
        return 2 if players >= self.two_decks_from else 1

    def check_players(self, players: object, position: bool = False) -> None:
        """Refuse a table the rules or the deck cannot serve (PL-1)."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise SetupError(f"players must be a whole number, not {shown(players, 200)}")
        low, high = self.min_players, self.max_players
        if players < low or (high is not None and players > high):
            most = "" if high is None else f" and at most {high}"
            raise SetupError(
                f"this variant needs at least {low}{most} players, not {shown(players)}"
            )
        size = 52 if self.ranks is None else 4 * len(self.ranks)
        if not position and players * self.hand_size + 1 > size * self.decks_for(players):
            raise SetupError(
                f"{self.decks_for(players)} deck(s) cannot deal {shown(self.hand_size)} cards "
                f"to {shown(players)} players and start a pile"
            )

    def deal(self, game: Setup) -> None:
        """Deal ``hand_size`` cards to each seat from ``game.stock`` (PL-3), one at a time
        from the first player on, and turn the starting card (PL-4)."""
        players = game.players
        first = game.to_move
        stock = game.stock
        count = self.hand_size * players
        if count >= len(stock):  # a table `check_players` let through (a custom rule)
            raise SetupError(
                f"the stock holds {len(stock)} cards, too few to deal {self.hand_size} to "
                f"each of {players} players and start a pile"
            )
        # the cards in the order they come off the top (the stock's end): the k-th goes to
        # the k-th seat from the first player on, round after round -- one slice a seat,
        # not a new hand per card
        dealt = stock[: -count - 1 : -1]
        del stock[len(stock) - count :]
        hands = game.hands
        for offset in range(players):
            seat = (first + offset) % players
            hands[seat] += tuple(dealt[offset::players])
        game.pile.append(self._starting_card(game))
        if self.start_card == "effect":
            self._start_effect(game)

    def _start_effect(self, game: Setup) -> None:
        """The starting card acts on the first player as if the dealer had played it; a
        card that needs a choice takes its own suit, else no choice (RU-4 option)."""
        card = game.pile[-1]
        rule = game.rule_for(card)
        if rule is None:
            return
        choices = rule.choices(card)
        own = [c for c in choices if c is card.suit]
        choice = own[0] if own else None if None in choices else choices[0]
        dealer = (game.to_move - game.direction) % game.players
        rule.on_play(game, dealer, (card,), choice, None, [])
        game.end_turn(dealer, None, [])  # as after the dealer's turn (a reverse, "again")

    def _starting_card(self, game: Setup) -> Card:
        stock = game.stock
        card = stock.pop()
        if self.start_card == "redraw":
            for _ in range(len(stock)):
                if not game.is_function(card):
                    break
                stock.insert(len(stock) // 2, card)
                card = stock.pop()
            if game.is_function(card):
                # A small stock can bring a card put back into the middle to the top again
                # before every card was turned: turn the topmost ordinary card left (PL-4).
                ordinary = [i for i, c in enumerate(stock) if not game.is_function(c)]
                if ordinary:
                    turned = stock.pop(ordinary[-1])
                    stock.insert(len(stock) // 2, card)
                    card = turned
        return card
