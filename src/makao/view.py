"""A player's view: what one seat may know. Bots receive views, never games.

[`makao.Game.view`][makao.engine.Game.view] builds one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from makao.cards import Card
from makao.errors import SetupError
from makao.rules.base import Effect, Pending

if TYPE_CHECKING:
    from makao.variant import Variant

__all__ = ["UNREAD", "View"]


class View(NamedTuple):
    """What ``seat`` may know: their own hand, the public pile and effects, the sizes of
    the other hands and of the stock -- never another hand or the stock order.

    ``stuck`` counts the passes in a row of seats with nothing to play or draw (PL-36): the
    game ends blocked when it reaches the number of seats still playing (0 in a view built
    by hand, which leaves it out).

    An immutable named tuple (cheap to build: bots get one for every decision)."""

    variant: Variant
    seat: int
    players: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    to_move: int
    effect: Effect | None
    waits: tuple[int, ...]
    finished: tuple[int, ...]
    direction: int
    drawn: Card | None
    public: tuple[tuple[str, object], ...]
    is_over: bool
    stuck: int = 0

    @property
    def top(self) -> Card:
        """The top card of the pile."""
        return self.pile[-1]

    @property
    def pending(self) -> Pending:
        """What the effect in force asks of the player to move
        ([`Game.pending`][makao.engine.Game.pending])."""
        return Pending.of(self.effect)

    def to_dict(self) -> dict[str, Any]:
        """This view as JSON-ready data ([`makao.wire.view_to_dict`][makao.wire.view_to_dict])."""
        from makao.wire import view_to_dict

        return view_to_dict(self)

    def to_json(self) -> str:
        """This view as compact JSON text ([`makao.wire.view_to_dict`][makao.wire.view_to_dict])."""
        from makao.wire import dumps, view_to_dict

        return dumps(view_to_dict(self))

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        return f"<View seat {self.seat}: hand [{hand}], top {self.top}, to move {self.to_move}>"


class _Unread(View):
    """The type of `UNREAD`: a view whose every field raises."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<View UNREAD: not built, the bot declared reads_view = False>"


def _unread_field(name: str) -> property:
    def read(self: View) -> object:
        raise SetupError(
            f"view.{name} read by a bot that declared reads_view = False: no view was built "
            "for it; remove that declaration (see makao.bots.BaseBot.reads_view)"
        )

    return property(read, doc=f"Raises: no `{name}` was built.")


for _name in View._fields:
    setattr(_Unread, _name, _unread_field(_name))

UNREAD: Final[View] = tuple.__new__(_Unread, (None,) * len(View._fields))
"""What the simulation loop ([`makao.sim.play`][makao.sim.play]) passes as the view to a bot
that declared it never reads its views
([`BaseBot.reads_view`][makao.bots.BaseBot.reads_view] ``= False``) instead of building
one for every decision. Reading any of its fields by name (and so ``top``, ``pending``,
``to_dict``) raises [`SetupError`][makao.errors.SetupError], so a bot that declared wrongly
fails loudly rather than deciding on made-up data; as a bare tuple it holds only ``None``."""
