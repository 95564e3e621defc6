"""A variant's rule objects compiled into lookup tables for the engine's hot path.

[`RuleSet`][makao.tables.RuleSet] is built once per distinct tuple of rule objects (when a
[`Variant`][makao.variant.Variant] is made): per card id, the rule that gives it an effect
and the wild rule; which turn rules override which hook (the engine calls only those);
the rules that keep state of their own and where that state lives in a game.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

from makao._text import shown
from makao.cards import ALL_CARDS, Card
from makao.errors import SetupError
from makao.moves import TURN_MOVES
from makao.rules.base import (
    MOST_CARDS_LEFT,
    CardRule,
    DrawRule,
    FinishRule,
    PlayRule,
    Rule,
    StartRule,
    Stateful,
    Table,
    TurnRule,
    WildRule,
)
from makao.rules.wild import Wild

__all__ = [
    "KEPT_GROUP",
    "MOST_ANSWER_RULES",
    "MOST_COMPILED",
    "MOST_KEPT_PLAYS",
    "RuleSet",
    "answer_key",
    "compiled",
    "distrusting",
    "reversing_in_turn",
    "skipping_declarations",
]

_COMPILED: dict[tuple[Rule, ...], RuleSet] = {}
MOST_COMPILED: Final = 64
"""How many rule sets `compiled` keeps for equal variants to share (the most recently
used): a process that builds variant after variant (a sweep over options) would keep every
rule set's filled tables for ever. A variant keeps its own rule set."""
_SLOTS: tuple[type[Rule], ...] = (DrawRule, PlayRule, FinishRule, StartRule)
#: The wild rules' `allows` methods that read nothing but ``has_match``: the rule set
#: keeps their two answers per card (`RuleSet.wild_answers`), and the engine asks a wild
#: rule only if it has its own `allows`.
_WILD_ANSWERS: Final = (WildRule.allows, Wild.allows)


MOST_KEPT_PLAYS: Final = 50_000
"""How many entries each of a rule set's growing move tables (`RuleSet.play_cache`,
`RuleSet.sequence_cache`, `RuleSet.interned_plays`, each dict of `RuleSet.group_plays`)
keeps: a table that holds this many is emptied before it takes another (checked where an
entry is added, not where one is read). Ordinary games stay far below it; positions and
saves with many copies of a rank in a hand would otherwise fill them for ever."""
KEPT_GROUP: Final = 8
"""The most cards of a group (a card and the others of its rank held with it) whose
sequences and plays are kept (`RuleSet.sequence_cache`, `RuleSet.play_cache`,
`makao._movegen._UNIFORM_ORDERS`): every group of one or two decks. A larger group (three
copies of a card or more: a set-up position, or a variant of more decks) has them worked
out at each listing: their number grows exponentially with the group."""


_V = TypeVar("_V")


def keep_bounded(table: dict[Any, Any], key: object, value: _V) -> _V:
    """``value``, kept in ``table`` (one of a rule set's growing move tables) under
    ``key``: a table that holds `MOST_KEPT_PLAYS` entries is emptied first, so the bound
    is checked where an entry is added, never where one is read."""
    if len(table) >= MOST_KEPT_PLAYS:
        table.clear()
    table[key] = value
    return value


MOST_ANSWER_RULES: Final = 64
"""How many answer rules (`Effect.answer_rule`) a rule set keeps plays for
(`RuleSet.answer_rules`): with this many, the plays kept under effects are dropped
(`answer_key`) before another is taken. A variant's own are a few; more come only from
rules of yours that give distinct rules without end."""

#: The answer rules' keys (`answer_key`), from 1 on: never the same for two rules, in
#: any rule set, even after `_forget_answers` (a listing that began before still uses
#: its key; no other rule's plays are ever kept under it). ``next`` of it is one C call.
_ANSWER_KEYS: Final = itertools.count(1)


def answer_key(rules: RuleSet, rule: object) -> int:
    """The key of answer rule ``rule`` in ``rules``' move tables, where ``rule`` itself is
    not among `RuleSet.answer_rules`: that of an equal rule (`RuleSet.answer_keys`), or a
    new one, ``rule`` kept with it (with `MOST_ANSWER_RULES` kept, every play kept under
    an answer rule is dropped first)."""
    try:
        known = rules.answer_keys.get(rule)  # an equal rule (a rule is its fields)
    except Exception:  # a rule that does not hash (whatever its hash raises): by itself
        known, hashable = None, False
    else:
        hashable = True
    if known is not None:
        return known
    if len(rules.answer_rules) >= MOST_ANSWER_RULES:
        _forget_answers(rules)
    key: int = next(_ANSWER_KEYS)
    rules.answer_rules[id(rule)] = (rule, key)
    if hashable:
        rules.answer_keys[rule] = key
    return key


def _forget_answers(rules: RuleSet) -> None:
    """Drop the plays kept under effects' answer rules, and the rules (`answer_key`)."""
    rules.answer_rules.clear()
    rules.answer_keys.clear()
    rules.single_plays = {0: rules.plain_single_plays}
    rules.play_cache.clear()
    for kept in rules.group_plays:
        kept.clear()


PLAIN_GROUP_SLOTS: Final = 256
"""The slots of `RuleSet.plain_group_plays`: those of every group of one deck (four bits
of other cards of the rank, four of hand size: `RuleSet.group_slots`)."""


class RuleSet:
    """A variant's rules compiled into per-card tables (built once per variant, by
    [`compile`][makao.tables.RuleSet.compile]; read-only after that but for its caches).

    A plain class, not attrs: the compiled build makes it a mypyc native class, whose
    fields compiled move generation reads as C struct members."""

    # The fields below, written out (a mypyc native class cannot compute them; slots keep
    # the interpreted build's reads fast: 47 fields are too many for CPython's shared
    # instance dicts). tests/core/test_core_state.py checks them against the fields.
    __slots__ = (
        "admit_rules",
        "after_play_by_left",
        "after_play_rules",
        "answer_keys",
        "answer_rules",
        "before_move_rules",
        "busy_before_move_rules",
        "busy_extra_move_rules",
        "call_rules",
        "card_rule",
        "card_rules",
        "claim_rules",
        "draw",
        "draws_again",
        "extra_move_rules",
        "finish",
        "group_plays",
        "group_slots",
        "handlers",
        "has_effect_wilds",
        "has_wilds",
        "in_turn_moves",
        "initial_state",
        "interned_plays",
        "is_function",
        "last_card_effect_applies",
        "left_cap",
        "matching",
        "matching_flags",
        "multi_card",
        "must_play_drawn_when_stuck",
        "plain_filled",
        "plain_group_plays",
        "plain_single_plays",
        "plain_tables",
        "play",
        "play_any_after_draw",
        "play_cache",
        "play_drawn",
        "playable_flags",
        "public_cache",
        "quiet_before_move",
        "quiet_extra_moves",
        "required_call_rules",
        "sequence_cache",
        "single_plays",
        "single_stuck_wilds",
        "start",
        "state_index",
        "stateful",
        "table_checks",
        "table_choice_cards",
        "turn_rules",
        "twins",
        "uniform_rank",
        "wild",
        "wild_answers",
        "wild_cards",
        "wild_only",
        "wild_only_bits",
    )

    card_rule: tuple[CardRule | None, ...]
    wild: tuple[WildRule | None, ...]
    has_wilds: bool
    wild_cards: frozenset[Card]
    is_function: tuple[bool, ...]
    uniform_rank: tuple[bool, ...]
    turn_rules: tuple[TurnRule, ...]
    before_move_rules: tuple[TurnRule, ...]
    after_play_rules: tuple[TurnRule, ...]
    extra_move_rules: tuple[TurnRule, ...]
    call_rules: tuple[TurnRule, ...]
    handlers: dict[type, TurnRule]
    in_turn_moves: frozenset[type]
    """The move types of `handlers` whose rule
    [`acts_in_turn`][makao.rules.base.TurnRule.acts_in_turn]: the before-move rules see
    them first (a set lookup in `Core.play`, not an attribute of the rule read)."""
    draw: DrawRule
    play: PlayRule
    finish: FinishRule
    start: StartRule
    card_rules: tuple[CardRule, ...]
    multi_card: bool
    """`PlayRule.multi_card` (PL-7), copied. The hot path reads the slot rules' settings
    copied here (the rules are frozen): one read of the rule set, not two (and,
    compiled, no attribute lookup on a Python object)."""
    last_card_effect_applies: bool
    """`FinishRule.last_card_effect_applies` (PL-33), copied (see `multi_card`)."""
    play_drawn: bool
    """`DrawRule.play_drawn` (PL-8), copied (see `multi_card`)."""
    must_play_drawn_when_stuck: bool
    """`DrawRule.must_play_drawn_when_stuck` (RU-9), copied (see `multi_card`)."""
    play_any_after_draw: bool
    """`DrawRule.play_any_after_draw` (UM-5), copied (see `multi_card`)."""
    draws_again: bool
    """Whether a draw may draw again (`DrawRule.draws_again` overridden, or
    ``draw_until_playable``): if not, the engine does not ask."""
    sequence_cache: dict[Any, Any]
    play_cache: dict[Any, Any]
    group_plays: list[dict[Any, Any]]
    """Per card index: the listed plays of a group of cards starting with that card
    (`makao._movegen._cached_group`; at most two copies of a card), by the other cards
    of its rank, the hand size and the effect's `answer_rule_id` packed in one int;
    filled as they are first needed (but those `plain_group_plays` keeps)."""
    plain_group_plays: list[list[Any]]
    """Per card index: its `group_plays` with no effect's answer (`answer_rule_id` 0) whose
    slot is below `PLAIN_GROUP_SLOTS` (every group of one deck), in a list by slot: an
    item, not a lookup in a dict."""
    group_slots: tuple[tuple[int, ...], ...]
    """Per group pattern (`makao._movegen._cached_group`: eight bits, four for the other
    cards of a card's rank held, four for their second copies; one deck, 0…15) and hand size
    (15 for 15 or more): their part of a `group_plays` key, below 4,096. The sizes from
    ``others + 1 + left_cap`` on are one: every play of the group then leaves
    `left_cap` or more cards, which the call rules do not tell apart."""
    single_plays: dict[int, list[list[Any]]]
    """Per `answer_rule_id` of the effect in force (0: none, or one that leaves every card
    to its own rule; there from the start): per cards left (0…4+): per card index, the
    listed one-card plays, filled as they are first needed."""
    plain_single_plays: list[list[Any]]
    """``single_plays[0]`` itself (no effect in force), which `_plain_moves` reads at
    every listing: a field, not a dict lookup."""
    answer_rules: dict[int, tuple[Any, int]]
    """The answer rules (`Effect.answer_rule`) the plays kept under effects are keyed by
    (`single_plays`, `group_plays`, `play_cache`), by id: each rule (kept alive here) and
    its key (`answer_key`), read where the rule's id is found and it is that very rule."""
    answer_keys: dict[Any, int]
    """The keys of the same rules by value (those that hash): a rule equal to one kept
    shares its key, so an `answer_rule` that gives ``Rule()`` anew at each listing adds
    nothing."""
    has_effect_wilds: bool
    claim_rules: tuple[CardRule, ...]
    required_call_rules: tuple[TurnRule, ...]
    admit_rules: tuple[TurnRule, ...]
    table_choice_cards: frozenset[Card]
    """Cards whose rule's choices depend on the table
    ([`CardRule.table_choices`][makao.rules.base.CardRule.table_choices]):
    their plays are listed afresh each time, not cached."""
    busy_before_move_rules: tuple[TurnRule, ...]
    """`before_move_rules` less those idle while every rule's state is its initial state
    (`TurnRule.idle_in_initial_state`)."""
    busy_extra_move_rules: tuple[TurnRule, ...]
    """`extra_move_rules` less those idle while every rule's state is its initial state."""
    quiet_before_move: tuple[object, ...]
    """The rule states (told by identity) in which no rule of `before_move_rules` acts:
    `initial_state` when none of them is busy in it (`busy_before_move_rules`), else a
    tuple no game holds. `Core.play` asks the rules only in other states: one identity
    test per move."""
    quiet_extra_moves: tuple[object, ...]
    """The same as `quiet_before_move` for `extra_move_rules` (`busy_extra_move_rules`),
    which `Core.legal_moves` asks."""
    after_play_by_left: tuple[tuple[TurnRule, ...], ...]
    """`after_play_rules` that can act after a play without calls leaving 0, 1, 2,
    3, 4+ cards ([`TurnRule.after_play_applies`][makao.rules.base.TurnRule.after_play_applies])."""
    left_cap: int
    """The cards left that move tables tell apart: 0 … `left_cap` (the last "or more"),
    the largest [`TurnRule.same_calls_from`][makao.rules.base.TurnRule.same_calls_from]
    of the call rules, at least 1, at most 4."""
    plain_tables: bool
    """Whether move generation may take the plain-position path: no rule claims plays,
    requires calls or lists choices that depend on the table (all three change plays
    per position)."""
    plain_filled: int
    """Which deck counts the plain tables are filled for (`_movegen.fill_plain_tables`):
    bit ``1 << repeats`` (`Beginning.repeats`)."""
    matching: tuple[frozenset[Card], ...]
    """Per top card index: the cards that match it by suit or rank (PL-6)."""
    playable_flags: tuple[tuple[bool, ...], ...]
    """Per top card index, as flags by card index (``flags[card.index]``): the cards that
    may start a play with no effect in force (those of `matching` and the wild ones).
    Move generation walks a hand with them: an index per card, where a set lookup
    hashes."""
    matching_flags: tuple[tuple[bool, ...], ...]
    """Per top card index, the cards of `matching` as flags by card index."""
    wild_only: tuple[frozenset[Card], ...]
    """Per top card index: the wild cards that do not match it."""
    wild_only_bits: tuple[int, ...]
    """`wild_only` as bits (`Card.bit`), for a hand's bits."""
    wild_answers: tuple[tuple[bool, bool] | None, ...]
    """Per card index: what the wild card's rule's `allows` answers without a matching card
    in hand and with one, for a rule whose `allows` is the built-in one (which reads
    nothing else: `_WILD_ANSWERS`); ``None`` for other cards and rules, whose `allows`
    the engine calls (PL-9, RU-7)."""
    single_stuck_wilds: bool
    """Whether plays are of one card and every wild card may be played when it does not
    match only if nothing in the hand matches (its `wild_answers` ``(True, False)``:
    RU-7 with ``changers_only_when_stuck``): the plain listing then takes the matching
    cards or, with none, the wild ones, without splitting the two (`_plain_moves`)."""
    public_cache: dict[tuple[object, object], tuple[tuple[str, object], ...]]
    """`makao.Game.public_state` per (rule states, the deal's announcements): the rules'
    public state depends on nothing else (`Rule.public_state`)."""
    interned_plays: dict[tuple[object, ...], Any]
    """One listed `Play` per distinct move (cards, choice, calls): every move table holds
    these objects, so a table filled for another hand size or effect makes no new ones
    (`makao._movegen._interned`: by the cards alone for a play with neither choice nor
    calls)."""
    table_checks: tuple[Rule, ...]
    """The rules that check the size of a table
    ([`Rule.check_table`][makao.rules.base.Rule.check_table])."""
    stateful: tuple[Rule, ...]
    """The rules that keep state of their own ([`Stateful`][makao.rules.base.Stateful]), in order.
    """
    state_index: dict[int, int]
    """Where each stateful rule's value sits in a game's ``rule_state`` (by ``id``)."""
    twins: dict[int, tuple[Any, Any]]
    """`makao._core._unlike`'s copies of this rule set's shared effects, by the effect's
    ``id``: the effect (kept alive here, so that its id stays its own) and its one copy,
    made the first time a play puts in force the very effect in force before it. Kept
    here, not by the process: an effect holds its rule, and with it the rule's tables,
    which must go with the rule set (at most `MOST_KEPT_PLAYS` entries)."""
    initial_state: tuple[object, ...]
    """The starting value of a game's ``rule_state``."""

    @classmethod
    def compile(cls, rules: tuple[Rule, ...]) -> RuleSet:
        """Build the tables; later rules override earlier ones for the same card."""
        card_rules = tuple(rule for rule in rules if isinstance(rule, CardRule))
        wild_rules = tuple(rule for rule in rules if isinstance(rule, WildRule))
        _check_hooks(card_rules, wild_rules)
        card_rule = tuple(_last_covering(card_rules, card) for card in ALL_CARDS)
        wild = tuple(_last_covering(wild_rules, card) for card in ALL_CARDS)
        turn_rules = tuple(rule for rule in rules if isinstance(rule, TurnRule))
        handlers = {kind: rule for rule in turn_rules for kind in rule.handles}
        _check_handlers(handlers)
        slots = {slot: _slot(rules, slot) for slot in _SLOTS}
        stateful = tuple(rule for rule in rules if isinstance(rule, Stateful))
        matching = tuple(
            frozenset(c for c in ALL_CARDS if c.suit is top.suit or c.rank is top.rank)
            for top in ALL_CARDS
        )
        wild_cards = frozenset(c for c in ALL_CARDS if wild[c.index] is not None)
        before = _overriding(turn_rules, "before_move")
        extra = _overriding(turn_rules, "extra_moves")
        after = _overriding(turn_rules, "after_play")
        tables = cls()
        tables.sequence_cache = {}
        tables.play_cache = {}
        tables.group_plays = [{} for _ in ALL_CARDS]
        tables.plain_group_plays = [[None] * PLAIN_GROUP_SLOTS for _ in ALL_CARDS]
        tables.plain_single_plays = [[None] * 52 for _ in range(MOST_CARDS_LEFT + 1)]
        tables.single_plays = {0: tables.plain_single_plays}
        tables.answer_rules = {}
        tables.answer_keys = {}
        tables.public_cache = {}
        tables.interned_plays = {}
        tables.twins = {}
        tables.card_rule = card_rule
        tables.wild = wild
        tables.has_wilds = any(w is not None for w in wild)
        tables.wild_cards = wild_cards
        tables.is_function = tuple(
            card_rule[c.index] is not None or wild[c.index] is not None for c in ALL_CARDS
        )
        tables.uniform_rank = _uniform_ranks(card_rule)
        tables.turn_rules = turn_rules
        tables.before_move_rules = before
        tables.after_play_rules = after
        tables.extra_move_rules = extra
        tables.busy_before_move_rules = _busy(before)
        tables.busy_extra_move_rules = _busy(extra)
        tables.after_play_by_left = tuple(
            tuple(rule for rule in after if rule.after_play_applies(left))
            for left in range(MOST_CARDS_LEFT + 1)
        )
        tables.matching = matching
        tables.playable_flags = _flags(tuple(cards | wild_cards for cards in matching))
        tables.matching_flags = _flags(matching)
        tables.wild_only = tuple(wild_cards - cards for cards in matching)
        tables.wild_only_bits = tuple(sum(card.bit for card in wild) for wild in tables.wild_only)
        tables.wild_answers = tuple(_wild_answers(wild[c.index], c) for c in ALL_CARDS)
        tables.call_rules = _overriding(turn_rules, "call_options")
        tables.left_cap = _left_cap(tables.call_rules)
        tables.group_slots = _group_slots(tables.left_cap)
        tables.handlers = handlers
        tables.in_turn_moves = frozenset(k for k, rule in handlers.items() if rule.acts_in_turn)
        tables.draw = slots[DrawRule]  # type: ignore[assignment]
        tables.play = slots[PlayRule]  # type: ignore[assignment]
        tables.finish = slots[FinishRule]  # type: ignore[assignment]
        tables.start = slots[StartRule]  # type: ignore[assignment]
        tables.card_rules = card_rules
        _copy_settings(tables)
        tables.single_stuck_wilds = (
            not tables.multi_card
            and bool(wild_cards)  # without wild cards the general listing walks once
            and all(tables.wild_answers[card.index] == (True, False) for card in wild_cards)
        )
        tables.has_effect_wilds = any(w.under_effects for w in wild_rules)
        tables.claim_rules = tuple(r for r in card_rules if type(r).claims is not CardRule.claims)
        tables.required_call_rules = _overriding(turn_rules, "required_calls")
        tables.admit_rules = _overriding(turn_rules, "admit")
        tables.stateful = stateful
        tables.table_checks = tuple(
            rule for rule in rules if type(rule).check_table is not Rule.check_table
        )
        tables.table_choice_cards = frozenset(
            card
            for card in ALL_CARDS
            if (rule := card_rule[card.index]) is not None
            and type(rule).table_choices is not CardRule.table_choices
        )
        tables.plain_filled = 0
        tables.plain_tables = not any(
            (
                _overriding(turn_rules, "required_calls"),
                any(type(r).claims is not CardRule.claims for r in card_rules),
                any(type(r).table_choices is not CardRule.table_choices for r in card_rules),
            )
        )
        tables.state_index = {id(rule): index for index, rule in enumerate(stateful)}
        tables.initial_state = tuple(rule.initial_state() for rule in stateful)
        check_rule_states(stateful, tables.initial_state)
        tables.quiet_before_move = _quiet(tables.initial_state, tables.busy_before_move_rules)
        tables.quiet_extra_moves = _quiet(tables.initial_state, tables.busy_extra_move_rules)
        return tables


IDLE: Final = "idle_in_initial_state"
"""The declaration by which a rule set skips a rule's `TurnRule.before_move` while every
rule's state is its initial state (`RuleSet.busy_before_move_rules`)."""
AFTER_PLAY: Final = "after_play_applies"
"""The declaration by which a rule set skips a rule's `TurnRule.after_play` after a play
without calls that leaves some number of cards (`RuleSet.after_play_by_left`)."""


def _among(rule: object, rules: tuple[TurnRule, ...]) -> bool:
    """Whether ``rule`` is one of ``rules`` or equal to one: equal rule tuples share one
    rule set (`compiled`), whose rules are the first tuple's objects."""
    return any(rule is other or rule == other for other in rules)


def skipping_declarations(tables: RuleSet) -> tuple[tuple[TurnRule, str], ...]:
    """The rules whose hooks ``tables`` skips on their own word, with the declaration
    (`IDLE`: ``before_move`` in the initial rule state; `AFTER_PLAY`: ``after_play`` for
    some cards left). The engine trusts them; `makao.testing.check_variant` plays each
    move again calling those hooks (`distrusting`) and compares."""
    found = [
        (rule, IDLE)
        for rule in tables.before_move_rules
        if not _among(rule, tables.busy_before_move_rules)
    ]
    found += [
        (rule, AFTER_PLAY)
        for rule in tables.after_play_rules
        if not all(_among(rule, by_left) for by_left in tables.after_play_by_left)
    ]
    return tuple(found)


def distrusting(rules: tuple[Rule, ...], declarations: tuple[tuple[TurnRule, str], ...]) -> RuleSet:
    """``rules`` compiled afresh (a rule set of its own, shared with no variant), but
    calling the hooks that ``declarations`` (pairs of `skipping_declarations`) would skip:
    a game run on it does what the hooks do, whatever the rules declare."""
    tables = RuleSet.compile(rules)
    idle = tuple(rule for rule, name in declarations if name == IDLE)
    after = tuple(rule for rule, name in declarations if name == AFTER_PLAY)
    tables.busy_before_move_rules = tuple(
        rule
        for rule in tables.before_move_rules
        if _among(rule, tables.busy_before_move_rules) or _among(rule, idle)
    )
    tables.quiet_before_move = _quiet(tables.initial_state, tables.busy_before_move_rules)
    tables.after_play_by_left = tuple(
        tuple(rule for rule in tables.after_play_rules if _among(rule, by_left + after))
        for by_left in tables.after_play_by_left
    )
    return tables


def reversing_in_turn(rules: tuple[Rule, ...], kind: type) -> RuleSet:
    """``rules`` compiled afresh (a rule set of its own, shared with no variant), but
    taking the moves of type ``kind`` the other way than the
    [`acts_in_turn`][makao.rules.base.TurnRule.acts_in_turn] of the rule that carries them
    out says (`in_turn_moves`): a game run on it does what such a move would do were the
    rule's declaration the other way. `makao.testing.check_variant` plays there a move whose
    declaration its seat contradicts, and compares."""
    tables = RuleSet.compile(rules)
    tables.in_turn_moves = tables.in_turn_moves ^ {kind}
    return tables


def check_rule_states(stateful: tuple[Rule, ...], states: tuple[object, ...]) -> None:
    """Refuse, with a `SetupError` naming the rule, a state of the ``stateful`` rules that
    is not hashable: a rule's state is an immutable value (`Stateful`), which clones share
    and views are cached by."""
    for rule, value in zip(stateful, states, strict=True):
        try:
            hash(value)
        except TypeError:
            raise SetupError(
                f"{shown(rule, 80)} keeps a state that is not hashable, "
                f"{shown(value, 60)}: a rule's state must be an immutable value "
                "(a tuple, not a list)"
            ) from None


def _copy_settings(tables: RuleSet) -> None:
    """Copy the slot rules' settings the hot path reads into ``tables`` (see
    `RuleSet.multi_card`)."""
    draw = tables.draw
    tables.multi_card = tables.play.multi_card
    tables.last_card_effect_applies = tables.finish.last_card_effect_applies
    tables.play_drawn = draw.play_drawn
    tables.must_play_drawn_when_stuck = draw.must_play_drawn_when_stuck
    tables.play_any_after_draw = draw.play_any_after_draw
    tables.draws_again = (
        type(draw).draws_again is not DrawRule.draws_again or draw.draw_until_playable
    )


#: `_group_slots` per ``left_cap`` (1…4), made once: 4,096 slots each.
_GROUP_SLOTS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}


def _group_slots(left_cap: int) -> tuple[tuple[int, ...], ...]:
    """`RuleSet.group_slots` for ``left_cap``."""
    slots = _GROUP_SLOTS.get(left_cap)
    if slots is None:
        slots = _GROUP_SLOTS[left_cap] = tuple(
            tuple(others * 16 + min(size, others.bit_count() + 1 + left_cap) for size in range(16))
            for others in range(256)
        )
    return slots


def _left_cap(call_rules: tuple[TurnRule, ...]) -> int:
    """`RuleSet.left_cap` of these call rules; a `SetupError` for a rule whose
    `same_calls_from` is not a number of cards 1…4."""
    cap = 1
    for rule in call_rules:
        # called as a hook that returns an object: compiled, a declared int would be
        # checked (a TypeError; True taken for 1) before this check could say what is wrong
        hook: Callable[[], object] = rule.same_calls_from
        settled = hook()
        if not (type(settled) is int and 1 <= settled <= MOST_CARDS_LEFT):
            raise SetupError(
                f"{type(rule).__name__}.same_calls_from() must give 1…{MOST_CARDS_LEFT} "
                "cards left, "
                f"not {shown(settled, 40)}"
            )
        cap = max(cap, settled)
    return cap


#: A tuple of rule states no game holds (`RuleSet.quiet_before_move`): no state is quiet.
_NO_QUIET_STATE: Final[tuple[object, ...]] = (object(),)


def _quiet(initial: tuple[object, ...], busy: tuple[TurnRule, ...]) -> tuple[object, ...]:
    """The rule states in which no rule of a list acts whose busy ones are ``busy``
    (`RuleSet.quiet_before_move`)."""
    return _NO_QUIET_STATE if busy else initial


def _busy(rules: tuple[TurnRule, ...]) -> tuple[TurnRule, ...]:
    """The rules not idle while every rule's state is initial."""
    return tuple(
        rule for rule in rules if not (isinstance(rule, Stateful) and rule.idle_in_initial_state)
    )


def _check_hooks(card_rules: tuple[CardRule, ...], wild_rules: tuple[WildRule, ...]) -> None:
    """Refuse a card or wild rule without its own `covers` (the base classes leave it to
    a rule: a bare `NotImplementedError` when first called)."""
    bases: list[tuple[CardRule | WildRule, object, str]]
    bases = [(rule, CardRule.covers, "card") for rule in card_rules]
    bases += [(rule, WildRule.covers, "wild") for rule in wild_rules]
    for rule, base, kind in bases:
        if type(rule).covers is base:
            raise SetupError(
                f"{type(rule).__name__} must define `covers`: a {kind} rule has no default"
            )


def _check_handlers(handlers: dict[type, TurnRule]) -> None:
    """Refuse a rule that would carry out a turn move (`TurnRule.handles` lists out-of-turn
    actions): `Core.play` makes plays and draws itself, without asking for a handler; and
    a rule that lists moves it carries out without its own `TurnRule.apply` (a bare
    `NotImplementedError` at the move)."""
    for kind in TURN_MOVES:
        if kind in handlers:
            name = type(handlers[kind]).__name__
            raise SetupError(
                f"{name} cannot handle {kind.__name__}: a rule's `handles` lists out-of-turn "
                "actions, never a play, a draw or a pass"
            )
    for rule in dict.fromkeys(handlers.values()):
        if type(rule).apply is TurnRule.apply:
            kinds = (kind.__name__ for kind, handler in handlers.items() if handler is rule)
            raise SetupError(
                f"{type(rule).__name__} must define `apply`: it handles {', '.join(kinds)}"
            )


def _wild_answers(rule: WildRule | None, card: Card) -> tuple[bool, bool] | None:
    """What ``rule.allows`` answers for ``card`` without a matching card and with one, if
    it is one of `_WILD_ANSWERS` (they read nothing but ``has_match``: no table is
    passed); else ``None``."""
    if rule is None or type(rule).allows not in _WILD_ANSWERS:
        return None
    nothing = cast(Table, None)  # not read (above)
    return (rule.allows(nothing, -1, card, False), rule.allows(nothing, -1, card, True))


def _overriding(rules: tuple[TurnRule, ...], hook: str) -> tuple[TurnRule, ...]:
    """The rules whose class overrides ``hook`` (the engine skips the others)."""
    return tuple(rule for rule in rules if getattr(type(rule), hook) is not getattr(TurnRule, hook))


def _last_covering(rules: tuple[Any, ...], card: Card) -> Any:
    found = None
    for rule in rules:
        if rule.covers(card):
            found = rule
    return found


def _slot(rules: tuple[Rule, ...], slot: type[Rule]) -> Rule:
    found = [rule for rule in rules if isinstance(rule, slot)]
    if len(found) > 1:
        raise SetupError(f"a variant may have one {slot.__name__}, not {len(found)}")
    return found[0] if found else slot()


def _uniform_ranks(card_rule: tuple[CardRule | None, ...]) -> tuple[bool, ...]:
    uniform = [True] * 15
    for rank in range(2, 15):
        cards = ALL_CARDS[(rank - 2) * 4 : (rank - 1) * 4]
        keys = {(id(card_rule[c.index]), _effect_class(card_rule[c.index], c)) for c in cards}
        uniform[rank] = len(keys) == 1
    return tuple(uniform)


def _effect_class(rule: CardRule | None, card: Card) -> object:
    return None if rule is None else rule.effect_class(card)


def compiled(rules: tuple[Rule, ...]) -> RuleSet:
    """The tables of ``rules``, built once per distinct tuple of rule objects (of the
    `MOST_COMPILED` tuples used last: equal variants share one rule set and its caches)."""
    try:
        found = _COMPILED.get(rules)
    except TypeError:  # a rule with a mutable field: a list, a dict, a set
        for rule in rules:
            try:
                hash(rule)
            except TypeError as error:
                raise SetupError(
                    f"{type(rule).__name__} is not hashable ({error}): a rule is a frozen "
                    "value whose fields are immutable (a tuple, a frozenset)"
                ) from None
        raise
    # `pop`, not `del`: another thread may take the same entry out between the lookup
    # and here (variants built in several threads at once); two threads that both miss
    # compile twice, and each variant keeps its own rule set
    if found is None:
        found = RuleSet.compile(rules)
        if len(_COMPILED) >= MOST_COMPILED:  # the least recently used goes
            try:
                oldest = next(iter(_COMPILED), None)
            except RuntimeError:  # another thread changed it between `iter` and `next`
                oldest = None  # (a copy raised too: "dict mutated during update", 3.12)
            if oldest is not None:
                _COMPILED.pop(oldest, None)
    else:
        _COMPILED.pop(rules, None)  # put back last: the most recently used
    _COMPILED[rules] = found
    return found


def card_flags(cards: frozenset[Card]) -> tuple[bool, ...]:
    """A set of cards as flags by card index (``flags[card.index]``: a card's lookup is
    an index, where a set's is a hash lookup)."""
    found = [False] * len(ALL_CARDS)
    for card in cards:  # an inline loop: no cell for ``found``
        found[card.index] = True
    return tuple(found)


def _flags(sets: tuple[frozenset[Card], ...]) -> tuple[tuple[bool, ...], ...]:
    """Each set of cards as flags by card index (`card_flags`)."""
    return tuple(map(card_flags, sets))
