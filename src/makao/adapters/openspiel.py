"""OpenSpiel games, one per registered variant (extra ``openspiel``).

Importing this module registers every variant of [`makao.variants.names`][makao.variants.names] with
``pyspiel.register_game`` as ``python_makao_<name>`` (``-`` becomes ``_``), e.g.
``pyspiel.load_game("python_makao_polish(players=3)")``;
[`register`][makao.adapters.openspiel.register] adds a variant registered later. Parameters:
``players`` (default 2, or the variant's least), ``deals`` (default 4096, at most
`MAX_DEALS`), ``max_actions`` (default `DEFAULT_MAX_ACTIONS`, 5000; at least 1),
``rewards`` (``"rank"`` or ``"points"``), ``fixed_size`` (tensors padded to 8 seats,
[`Encoder`][makao.adapters.encoding.Encoder], and the fixed action numbering of
[`makao.adapters.fixed`][makao.adapters.fixed]), every variant option with a bool/int/float/str
default, and ``options``: JSON for any other option (``'{"decks": 2}'``).

* **Chance.** The game starts with one chance node: the deal, ``deals`` equally likely
  outcomes, each a seed of [`makao.Game.new`][makao.engine.Game.new]. The seed also fixes the stock
  order and later reshuffles, so there is no further chance node; nobody observes the seed.
* **Turns.** One seat acts at a time, with the core's action ids plus ``noop`` for
  reaction turns (out-of-turn actions: [`makao.adapters.driver`][makao.adapters.driver]).
* **Returns.** +1 for the winner down to -1 for the last place (zero-sum), or minus the
  points left in hand (``rewards="points"``). At ``max_actions`` the game ends and is
  ranked as it stands (finished seats, then fewest cards);
  [`MakaoState.truncated`][makao.adapters.openspiel.MakaoState.truncated] says so, and so do the
  observation strings (``| truncated``).
* **Observations.** The observation tensor is [`Encoder`][makao.adapters.encoding.Encoder];
  the observation string is a text of the same view (hand, pile top, effect, hand sizes,
  stock, waits, finished seats, direction, the public rule state, and to the mover the
  play being built). The information state string is perfect-recall: the seat's dealt
  hand and the opening pile, every action so far (all are public once made; the steps of
  a play being built are the mover's own until it is made) with the cards the seat itself
  drew and the number of cards the others drew, then the observation string, so it
  determines the legal actions. The information state tensor is the observation tensor
  plus a memory of the cards each seat has played (``Encoder(memory=True)``). The history
  text is kept as the game goes, a line a step, so a string is not rebuilt when asked
  for; each step copies the texts (one per seat and one public), which grow with the game.
* **Resampling.** ``resample_from_infostate`` deals the cards a seat cannot see at random
  ([`makao.bots.sample_hidden`][makao.bots.sample_hidden]), for IS-MCTS; a card the mover has just
  drawn stays drawn. The other seats' information states there hold the history as
  ``player_id`` knows it (their dealt hands and draws unseen) and their sampled hands; a play
  another seat is building is begun afresh.
* **Serialization** is OpenSpiel's: the history plus the pickled state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from makao._extras import missing_extra

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as error:
    raise missing_extra(error, "makao.adapters.openspiel", "openspiel") from None

from makao import variants
from makao._text import shown
from makao.actions import ActionSpace
from makao.adapters.driver import DEFAULT_MAX_ACTIONS, Driver, Rewards, scoring, variant_name
from makao.adapters.encoding import Encoder
from makao.adapters.fixed import FixedActions
from makao.bots.sampling import was_stuck
from makao.cards import Card, format_cards
from makao.engine import Game
from makao.errors import SetupError
from makao.events import CardsDrawn, CardsPlayed
from makao.rules._util import is_whole
from makao.sim.run import check_count
from makao.state import replaced
from makao.variant import Variant

__all__ = [
    "MAX_DEALS",
    "MAX_GAME_LENGTH",
    "MakaoGame",
    "MakaoObserver",
    "MakaoState",
    "StandingsEvaluator",
    "game_name",
    "register",
    "register_all",
]

MAX_DEALS = 1 << 16
"""The most ``deals`` a game may have: each chance node lists them all (4096 by default)."""

MAX_GAME_LENGTH = (1 << 31) - 1
"""The largest ``max_actions``: OpenSpiel keeps a game's length as a 32-bit int."""

_PLAIN = (bool, int, float, str)
_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "deals": 1 << 12,
    "max_actions": DEFAULT_MAX_ACTIONS,
    "rewards": "rank",
    "fixed_size": False,
    "options": "",
}
_TYPES: dict[str, pyspiel.GameType] = {}


def game_name(variant: str) -> str:
    """The OpenSpiel short name of a variant: ``python_makao_<name>``; a
    [`SetupError`][makao.errors.SetupError] if ``variant`` is not a text."""
    variant = variant_name(variant)
    return "python_makao_" + variant.replace("-", "_")


def register(variant: str) -> str:
    """Register the variant named ``variant`` with OpenSpiel (once); returns its name."""
    name = game_name(variant)
    if name in _TYPES:
        return name
    game_type = _game_type(variant, zero_sum=True)
    # registered with OpenSpiel before it is kept: another thread that finds it kept
    # returns at once and may load it (registering it twice does no harm)
    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type, _game_class(variant))
    _TYPES[name] = game_type
    return name


def _game_type(variant: str, zero_sum: bool) -> pyspiel.GameType:
    built = variants.get(variant)
    start = built.compiled.start
    plain = {key: value for key, value in built.options if isinstance(value, _PLAIN)}
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"makao: {built.description or built.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=start.max_players or 10,
        min_num_players=start.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**_DEFAULTS, "players": max(2, start.min_players), **plain},
    )


def register_all() -> tuple[str, ...]:
    """Register every variant of [`makao.variants.names`][makao.variants.names]; returns their
    names."""
    return tuple(register(variant) for variant in variants.names())


def _game_class(variant: str) -> type[MakaoGame]:
    def init(self: MakaoGame, params: dict[str, Any] | None = None) -> None:
        MakaoGame.__init__(self, variant, params)

    return type(f"MakaoGame_{variant}", (MakaoGame,), {"__init__": init})


def _json_options(text: str) -> dict[str, Any]:
    """The ``options`` parameter: a JSON object of variant options (``""``: none), else a
    `SetupError`."""
    if not isinstance(text, str):
        raise SetupError(f"options must be a JSON object, not {shown(text, 60)}")
    try:
        found = json.loads(text or "{}")
    except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
        raise SetupError(f"options must be a JSON object, not {shown(text, 60)}: {error}") from None
    if not isinstance(found, dict):
        raise SetupError(f"options must be a JSON object, not {shown(text, 60)}")
    return found


def _whole(name: str, value: Any) -> int:
    """A parameter that is a whole number (an `int`, not a `bool`: pyspiel passes an int
    parameter as one), else a `SetupError` (``2.5`` is not read as 2)."""
    if not is_whole(value):
        raise SetupError(f"{name} must be a whole number, not {shown(value, 40)}")
    return int(value)


def _flag(name: str, value: Any) -> bool:
    """A parameter that is a `bool` (pyspiel passes a bool parameter as one), else a
    `SetupError` (the text ``"no"`` is not read as true)."""
    if not isinstance(value, bool):
        raise SetupError(f"{name} must be True or False, not {shown(value, 40)}")
    return value


class _Spec:
    """What the states of one game share (not copied when a state is cloned)."""

    def __init__(
        self,
        variant: Variant,
        players: int,
        deals: int,
        max_actions: int,
        scoring: Rewards,
        fixed_size: bool = False,
    ) -> None:
        variant.compiled.start.check_players(players)
        check_count("deals", deals, 1, MAX_DEALS)
        check_count("max_actions", max_actions, 1, MAX_GAME_LENGTH)
        self.variant = variant
        self.players = players
        self.deals = deals
        self.max_actions = max_actions
        self.scoring = scoring
        self.space = ActionSpace(variant, players)
        self.encoder = Encoder.for_table(self.space, fixed_size)
        self.memory = Encoder.for_table(self.space, fixed_size, memory=True)
        #: The fixed action numbering, with ``fixed_size``.
        self.fixed = FixedActions(self.space) if fixed_size else None
        self.num_actions = self.space.size + 1 if self.fixed is None else self.fixed.size
        #: The text of every action id (``noop`` last).
        self.names = (*map(self.space.describe, range(self.space.size)), "noop")

    def __deepcopy__(self, memo: dict[int, object]) -> _Spec:
        return self


class MakaoGame(pyspiel.Game):  # type: ignore[misc]
    """A variant as an OpenSpiel game (see the module notes); build with ``load_game``."""

    def __init__(self, variant: str, params: dict[str, Any] | None = None) -> None:
        game_type = _TYPES.get(game_name(variant))
        if game_type is None:
            raise SetupError(f"no registered game of variant {shown(variant, 40)}: register it")
        if params is not None and (
            not isinstance(params, Mapping) or not all(isinstance(key, str) for key in params)
        ):
            raise SetupError(f"params must be a mapping of names, not {shown(params, 60)}")
        values = {**game_type.parameter_specification, **(params or {})}
        options = {k: v for k, v in values.items() if k not in _DEFAULTS}
        options.update(_json_options(values["options"]))
        chosen = variants.get(variant, **options)
        spec = self.spec = _Spec(
            chosen,
            _whole("players", values["players"]),
            _whole("deals", values["deals"]),
            _whole("max_actions", values["max_actions"]),
            scoring(values["rewards"], chosen),
            _flag("fixed_size", values["fixed_size"]),
        )
        zero_sum = values["rewards"] == "rank"
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=spec.deals,
            num_players=spec.players,
            min_utility=-1.0 if zero_sum else -1000.0,
            max_utility=1.0 if zero_sum else 0.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=spec.max_actions,
        )
        if not zero_sum:
            game_type = _game_type(variant, zero_sum=False)
        super().__init__(game_type, info, values)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as ``load_game(short name, parameters)``: the class made per variant
        cannot be found by name, and pyspiel's own pickling skips ``__init__``."""
        return pyspiel.load_game, (self.get_type().short_name, self.get_parameters())

    def new_initial_state(self) -> MakaoState:
        """The state before the deal (a chance node)."""
        return MakaoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MakaoObserver:
        """An observer: perfect recall gives the information state, else the observation;
        both are one seat's (public and that seat's private information): any other
        observation type is a [`SetupError`][makao.errors.SetupError] (it would have been
        given the seat's hand)."""
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise SetupError(
                "makao observers give one seat's public and private information "
                f"(public_info=True, private_info=SINGLE_PLAYER), not public_info="
                f"{iig_obs_type.public_info}, private_info={iig_obs_type.private_info.name}"
            )
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return MakaoObserver(self.spec.memory if perfect else self.spec.encoder, perfect)


class MakaoState(pyspiel.State):  # type: ignore[misc]
    """A state of a [`MakaoGame`][makao.adapters.openspiel.MakaoGame]: the deal's chance node, then
    a [`Driver`][makao.adapters.driver.Driver]."""

    def __init__(self, game: MakaoGame) -> None:
        super().__init__(game)
        self.spec: _Spec = game.spec
        self.driver: Driver | None = None
        #: Per seat, the text of its information state so far (the deal, then one line
        #: per action); strings are immutable, so a clone shares them.
        self.seen: tuple[str, ...] = ()
        #: The same history as no seat sees it (the opening pile, then every action and
        #: how many cards each seat drew): the other seats' history in a resampled state.
        self.public = ""
        #: The steps of a play being built (its cards and calls), shown to the other seats
        #: only once the play is made: until then they are the mover's own.
        self.building = ""
        #: The cards each seat has played, count per card (``players × 52``).
        self.played = np.zeros((self.spec.players, 52), np.float32)

    def current_player(self) -> int:
        """The acting seat, or CHANCE before the deal, or TERMINAL."""
        driver = self.driver
        if driver is None:
            return int(pyspiel.PlayerId.CHANCE)
        if driver.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return driver.actor

    def _legal_actions(self, player: int) -> list[int]:
        assert self.driver is not None
        if player != self.driver.actor:
            return []
        legal = self.driver.legal_actions()
        fixed = self.spec.fixed
        return legal if fixed is None else fixed.mask(legal)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """OpenSpiel's mask, but all zeros for a seat at the chance node: for a Python game
        pyspiel writes the deal ids (4096 by default) into a mask of `num_distinct_actions`
        there, past its end (a crash)."""
        if player is None:
            return list(super().legal_actions_mask())
        if self.driver is None and player != pyspiel.PlayerId.CHANCE:
            return [0] * self.spec.num_actions
        return list(super().legal_actions_mask(player))

    def _local(self, action: int, player: int) -> int:
        """The table's action id of ``action`` (a fixed id with ``fixed_size``)."""
        fixed = self.spec.fixed
        return action if fixed is None else fixed.local(action, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal, equally likely (none once dealt)."""
        if self.driver is not None:
            return []
        deals = self.spec.deals
        outcomes = [(seed, 1.0 / deals) for seed in range(deals)]
        # The last deal takes what rounding leaves, so the probabilities sum to exactly 1.
        outcomes[-1] = (deals - 1, 1.0 - sum(p for _, p in outcomes[:-1]))
        return outcomes

    def _apply_action(self, action: int) -> None:
        if self.driver is None:
            # A deal outside the chance outcomes (4096 of 4096, -2, True) was dealt as a seed.
            action = self.spec.space._checked(action, self.spec.deals)
            game = Game.new(self.spec.variant, self.spec.players, seed=action)
            self.driver = Driver(game, self.spec.space, self.spec.max_actions)
            pile = format_cards(game.pile)
            self.seen = tuple(
                f"seat {seat} | dealt {format_cards(hand)} | pile {pile}"
                for seat, hand in enumerate(game.hands)
            )
            self.public = f"pile {pile}"
            return
        actor = self.driver.actor
        action = self._local(action, actor)
        events = self.driver.step(action)
        line = f"\n{actor}: {self.spec.names[action]}"
        stepper = self.driver.stepper
        if stepper.prefix or stepper.calls:  # a play being built: the mover's own, for now
            self.building += line
            self.seen = tuple(
                text + line if seat == actor else text for seat, text in enumerate(self.seen)
            )
            return
        built, self.building = self.building, ""
        draws = [e for e in events if type(e) is CardsDrawn and e.cards]
        self.seen = tuple(
            text
            + ("" if seat == actor else built)
            + line
            + "".join(_draw_text(draw, seat) for draw in draws)
            for seat, text in enumerate(self.seen)
        )
        self.public += built + line + "".join(_draw_text(draw, -1) for draw in draws)
        for event in events:
            if type(event) is CardsPlayed:
                for card in event.cards:
                    self.played[event.seat, card.index] += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        # Checked: names[-1] named -1 "noop", and an id past the end raised IndexError.
        local = self.spec.space._checked(self._local(action, player), len(self.spec.names))
        return self.spec.names[local]

    def is_terminal(self) -> bool:
        """Whether the game is over (or cut short at ``max_actions``)."""
        return self.driver is not None and self.driver.is_over

    def truncated(self) -> bool:
        """Whether the game was cut short at ``max_actions`` (then ranked as it stands)."""
        return self.driver is not None and self.driver.truncated

    def returns(self) -> list[float]:
        """The rewards once terminal (see the module notes), else zeros."""
        if self.driver is None:
            return [0.0] * self.spec.players
        return list(self.driver.rewards(self.spec.scoring))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MakaoState:
        """A state ``player_id`` cannot tell from this one: unseen cards dealt at random.
        The other seats' information states there hold the history as ``player_id`` knows
        it (their dealt hands and draws unseen) and their sampled hands; a play another
        seat is building is begun afresh (its cards are hidden from ``player_id``)."""
        from makao.bots import sample_hidden

        copy: MakaoState = self.clone()
        if copy.driver is None or copy.driver.is_over:
            return copy
        rng = random.Random(int(probability_sampler() * 2**52))
        real = copy.driver.game
        world = sample_hidden(real.view(player_id), rng)
        _keep_turn_state(real, world, player_id, rng)
        stepper = copy.driver.stepper
        stepper.game = world
        if player_id != copy.driver.actor and (stepper.prefix or stepper.calls):
            # a play being built is the mover's own (hidden cards): in the sampled world
            # the mover has not begun it, as ``player_id`` cannot tell otherwise; kept, its
            # cards need not be in the sampled hand, and no action would finish it
            stepper.prefix, stepper.calls, copy.building = (), (), ""
        # the other seats' history, as ``player_id`` knows it: their real dealt hands and
        # draws are hidden cards, which their sampled hands need not agree with
        copy.seen = tuple(
            text if seat == player_id else f"seat {seat} | dealt unseen | {copy.public}"
            for seat, text in enumerate(copy.seen)
        )
        return copy

    def __str__(self) -> str:
        """The whole position (for debugging: shows every hand)."""
        if self.driver is None:
            return "before the deal"
        game = self.driver.game
        hands = " | ".join(format_cards(hand) for hand in game.hands)
        effect = "-" if game.effect is None else game.effect.to_text()
        return f"hands {hands} | pile {format_cards(game.pile)} | effect {effect}"


def _keep_turn_state(real: Game, world: Game, player: int, rng: random.Random) -> None:
    """Restore in a resampled ``world`` the turn state a view leaves out: the card the
    seat to move has just drawn (kept for ``player`` to move; for anyone else a hidden
    card the mover may play is put there)."""
    mover = real.to_move
    if real.drawn is None or world.over:
        return
    if player == mover:
        world.must_play_drawn = real.must_play_drawn
        world._legal = None
        return
    rule = world.compiled.draw
    hand = world.hands[mover]
    places = [
        (seat, i)
        for seat in range(world.players)
        if seat != player
        for i in range(len(world.hands[seat]))
    ]
    places += [(-1, i) for i in range(len(world.stock))]

    def card_at(place: tuple[int, int]) -> Card:
        seat, i = place
        return world.stock[i] if seat < 0 else world.hands[seat][i]

    fits = [p for p in places if rule.play_any_after_draw or world.may_start(mover, card_at(p))]
    if not hand or not fits:
        return
    seat, i = rng.choice(fits)
    drawn = card_at((seat, i))
    if seat != mover:  # swap it into the mover's hand
        j = rng.randrange(len(hand))
        if seat < 0:
            world.stock[i] = hand[j]
        else:
            world.hands[seat] = replaced(world.hands[seat], i, hand[j])
        world.hands[mover] = replaced(hand, j, drawn)
    world.drawn = drawn
    if rule.must_play_drawn_when_stuck:
        world.must_play_drawn = was_stuck(world, mover, drawn)
    world._legal = None


def _draw_text(draw: CardsDrawn, seat: int) -> str:
    """A draw as ``seat`` saw it: its own cards, or how many another seat drew."""
    if draw.seat == seat:
        return f" +{format_cards(draw.cards)}"
    return f" {draw.seat}+{len(draw.cards)}"


class MakaoObserver:
    """OpenSpiel's observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, encoder: Encoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict: dict[str, Any] = {}
        for name, (start, end) in encoder.offsets.items():
            self.dict[name] = self.tensor[start:end]

    def set_from(self, state: MakaoState, player: int) -> None:
        """Fill `tensor` with ``player``'s observation (perfect recall: information
        state) of ``state``."""
        if state.driver is None:
            self.tensor.fill(0)
        else:
            played = state.played if self.perfect_recall else None
            self.tensor[:] = self.encoder.observe(state.driver, player, played)

    def string_from(self, state: MakaoState, player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as text."""
        if state.driver is None:
            return f"seat {player} | before the deal"
        if self.perfect_recall:
            return _information_state(state, player)
        return _observation(state.driver, player)


def _building(driver: Driver, player: int) -> str:
    """The play being built, as ``player`` sees it: the mover's own cards and calls until
    the play is made (another seat sees none)."""
    if player != driver.actor:
        return ""
    stepper = driver.stepper
    return format_cards(stepper.prefix) + "".join(f" +{call}" for call in stepper.calls)


def _information_state(state: MakaoState, player: int) -> str:
    assert state.driver is not None
    return f"{state.seen[player]}\nnow {_observation(state.driver, player)}"


def _observation(driver: Driver, player: int) -> str:
    view = driver.game.view(player)
    effect = "-" if view.effect is None else view.effect.to_text()
    public = " ".join(f"{key}={value}" for key, value in view.public)
    text = (
        f"seat {player} | hand {format_cards(view.hand)} | top {view.top} | effect {effect}"
        f" | hands {_numbers(view.hand_sizes)} | stock {view.stock_size}"
        f" | waits {_numbers(view.waits)} | finished {_numbers(view.finished)}"
        f" | direction {view.direction} | to move {view.to_move} | acting {driver.actor}"
        f" | reacting {int(driver.reacting)} | playing {_building(driver, player)}"
        f" | public {public}"
    )
    if view.drawn is not None:
        text += f" | drawn {view.drawn}"
    return text + (" | truncated" if driver.truncated else "")


def _numbers(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))


class StandingsEvaluator:
    """An evaluator for OpenSpiel's MCTS without rollouts: a state is worth the rewards
    of the standings as they are (finished seats, then fewest cards); uniform priors."""

    def evaluate(self, state: MakaoState) -> np.ndarray[Any, np.dtype[np.float64]]:
        """The value of ``state`` for every seat."""
        driver = state.driver
        if driver is None or driver.is_over:
            return np.array(state.returns())
        return np.array(driver.game.standings().returns("rank"))

    def prior(self, state: MakaoState) -> list[tuple[int, float]]:
        """Uniform over the legal actions."""
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


register_all()
