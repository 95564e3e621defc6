"""Legal-move generation and the legality explanations of [`Game.play`][makao.engine.Game.play] (hot
path).

Private to the engine: it reads a game as a `Position`, the state, so it does not import
the engine (compiled, it reads the state's fields as C struct members)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from operator import attrgetter, itemgetter
from typing import Any, Final, TypeVar, cast

from makao import moves as _moves
from makao._text import shown
from makao.cards import ALL_CARDS, Card, Suit
from makao.errors import IllegalMoveError, SetupError
from makao.moves import TURN_MOVES, Choice, Draw, Move, Pass, Play, move_seat
from makao.rules.attack import AttackEffect, BattleCards
from makao.rules.base import (
    KEEPS_ALLOWS_EXTRA,
    KEEPS_ANSWER_OVERRIDES,
    KEEPS_ANSWER_RULE,
    KEEPS_MAY_PASS,
    KEEPS_SUIT_OVERRIDE,
    MOST_CARDS_LEFT,
    CardRule,
    Effect,
    TurnRule,
)
from makao.rules.demand import RankDemand, RankDemandCards, SuitDemand
from makao.rules.wait import WaitEffect
from makao.state import State
from makao.tables import (
    KEPT_GROUP,
    PLAIN_GROUP_SLOTS,
    RuleSet,
    answer_key,
    card_flags,
    keep_bounded,
)

Position = State
"""What move generation reads: the state. At run time it is always a game (a
`makao._core.Core`, so a [`Table`][makao.rules.base.Table]), which is what the rule hooks
called here are given (``# type: ignore[arg-type]  # a Core``): importing `Core` to say
so would make an import circle."""


#: A card, or what stands for one (`_uniform_orders`).
_Item = TypeVar("_Item")

#: The built-in effect classes, whose hooks move generation answers itself for an effect
#: of the class itself (`answers_of`): compiled, each call into an interpreted hook costs
#: several hundred instructions. A subclass's hooks are always called.
_ATTACK_EFFECT: Final = AttackEffect
_WAIT_EFFECT: Final = WaitEffect
_RANK_DEMAND: Final = RankDemand
_SUIT_DEMAND: Final = SuitDemand
_BATTLE_CARDS: Final = BattleCards
_RANK_DEMAND_CARDS: Final = RankDemandCards
_DRAW: Final = Draw()
_PASS: Final = Pass()
#: The draw and the pass alone, as the tuples a plain listing ends with (`_plain_moves`).
_DRAW_ALONE: Final[tuple[Move, ...]] = (_DRAW,)
_PASS_ALONE: Final[tuple[Move, ...]] = (_PASS,)
#: `Play`, and what `_listed_play` makes a listed play with, as final names: compiled
#: code reads a final name from a C static, and a name imported from another module from
#: this module's globals, a dict lookup at each use. `makao.moves`' checks of a choice and
#: of calls, which `Play` itself uses too; the object made past attrs' ``__init__``; and the
#: setters of `Play`'s slots (their member descriptors' ``__set__``): past attrs' frozen
#: ``__setattr__`` as ``object.__setattr__`` is, without its lookup of the field by name
#: (about half the cost of making a listed play).
_PLAY_CLASS: Final = Play
_CHOICE_TYPES: Final = _moves._CHOICE_TYPES
_check_choice: Final = _moves._check_choice
_calls: Final = _moves._calls
_new_object: Final = object.__new__
_set_cards: Final = Play.__dict__["cards"].__set__
_set_choice: Final = Play.__dict__["choice"].__set__
_set_calls: Final = Play.__dict__["calls"].__set__
_set_cached_hash: Final = Play.__dict__["_attrs_cached_hash"].__set__
_set_played: Final = _moves._set_played
_NOT_PLAYED: Final = _moves._NOT_PLAYED
#: Per card index: the four cards of its rank in the order of cards, each with both its
#: bits in a group pattern (`_cached_group`): ``1 << suit``, held, and that shifted by
#: four, held twice.
_RANK_BITS: Final = tuple(
    tuple((mate, 17 << mate.suit) for mate in ALL_CARDS if mate.rank is card.rank)
    for card in ALL_CARDS
)
#: The same, without the card itself.
_MATE_BITS: Final = tuple(
    tuple(pair for pair in _RANK_BITS[card.index] if pair[0] is not card) for card in ALL_CARDS
)
#: Per card index: the bits of the other cards of its rank (rank-major indices: the four
#: cards of a rank are four bits side by side).
_MATE_MASK: Final = tuple((15 << (card.index & ~3)) & ~card.bit for card in ALL_CARDS)
#: Per card index: the bits of the four cards of its rank.
_RANK_MASK: Final = tuple(15 << (card.index & ~3) for card in ALL_CARDS)
_INDEX: Final = attrgetter("index")
#: ``frozenset``'s own method, called as a function (``_DISJOINT(cards, hand)`` for
#: ``cards.isdisjoint(hand)``; every receiver is a frozenset): compiled code calls a
#: method of a built-in object by name through a generic lookup, about 300 instructions
#: a call more than calling the method's descriptor (the interpreter's are the same).
_DISJOINT: Final = frozenset.isdisjoint


#: A `_cached_group` key's step per answer-rule id: above every `RuleSet.group_slots` slot.
_ANSWER_STEP: Final = 4096
#: `answer_rule_id` of an effect that takes every play with no answer rule (no rule's key:
#: those are positive and small, `answer_key`).
_NO_RULE_OVERRIDES: Final = -id(None)


def answer_rule_id(rules: RuleSet, effect: Effect | None) -> int:
    """What the plays listed under ``effect`` depend on, as a part of the move caches'
    keys (`_variants`): the key of its answer rule (`Effect.answer_rule`, `answer_key`),
    negated if that rule takes every play (`Effect.answer_overrides`: then no card's own
    rule acts, and ``-id(None)`` stands for none). 0 with no effect, and with an effect
    whose answer rule is none and takes no play: a card then acts by its own rule or not
    at all, as with no effect (`acting_rule`), so the plays listed are the same and share
    their entries. A rule is looked up by its id while it is alive (an `answer_rule` may
    make it anew at each call, and a freed rule's id may be a new rule's)."""
    if effect is None:
        return 0
    rule: object
    overrides = False
    if type(effect) is _ATTACK_EFFECT:  # `AttackEffect.answer_rule`: its rule, taking no play
        built_in: Any = effect
        rule = built_in.rule
    else:
        kept = effect._kept
        rule = None if kept & KEEPS_ANSWER_RULE else effect.answer_rule
        overrides = not kept & KEEPS_ANSWER_OVERRIDES and effect.answer_overrides
        if rule is None:
            return _NO_RULE_OVERRIDES if overrides else 0
    # found by its id: a rule kept there is alive, so no other object has that id
    known = rules.answer_rules.get(id(rule))
    key = answer_key(rules, rule) if known is None else known[1]
    return -key if overrides else key


#: The built-in effect classes whose `Effect.allows` move generation may take from their
#: `answers` (`is_first_ok`): they agree, as the hook's contract asks.
_BUILT_IN_EFFECTS: Final = frozenset((AttackEffect, WaitEffect, RankDemand))


def suit_override_of(effect: Effect) -> Suit | None:
    """``effect.suit_override``: for a named suit of the built-in class, read without
    asking the property (PL-26); the other built-in effects keep `Effect`'s (none,
    `Effect._kept`)."""
    if type(effect) is _SUIT_DEMAND:
        built_in: Any = effect
        return built_in.suit  # type: ignore[no-any-return]
    return None if effect._kept & KEEPS_SUIT_OVERRIDE else effect.suit_override


def answers_of(effect: Effect, top: Card) -> frozenset[Card] | None:
    """``effect.answers(top)``: for a built-in effect class itself, its rule's set without
    the effect's hook (an attack's battle cards that defend on ``top``, PL-12, RU-11; a
    demand's rank and demanders, PL-23; the wait cards, PL-17)."""
    kind = type(effect)
    built_in: Any = effect
    if kind is _ATTACK_EFFECT:
        return answer_set_of(built_in.rule, top, _BATTLE_CARDS)
    if kind is _RANK_DEMAND:
        return answer_set_of(built_in.rule, built_in.rank, _RANK_DEMAND_CARDS)
    if kind is _WAIT_EFFECT:
        return built_in.rule.cards  # type: ignore[no-any-return]
    return effect.answers(top)


def answer_set_of(rule: Any, key: object, kind: type[Any]) -> frozenset[Card]:
    """``rule.answer_set(key)`` of a `BattleCards` (``key``: the top card) or a
    `RankDemandCards` (``key``: the demanded rank): for a rule of the built-in class
    ``kind`` itself, read from the sets it keeps (`_answer_sets`) without the call, which
    works a set out and keeps it."""
    if type(rule) is kind:
        # typed as the dict it is (a `Cache`): compiled, dict's own ``get`` is called in
        # C, where ``get`` of an untyped object is looked up by name and called
        kept: dict[object, frozenset[Card]] = rule._answer_sets
        found = kept.get(key)
        if found is not None:
            return found
    answers: frozenset[Card] = rule.answer_set(key)
    return answers


def blocks_wilds_of(effect: Effect) -> bool:
    """``effect.blocks_wilds``: for a named suit of the built-in class, its rule's option
    read without the property (PL-9: Polish queens are not wild under an ace)."""
    if type(effect) is _SUIT_DEMAND:
        built_in: Any = effect
        return not built_in.rule.wilds_under_demand
    return effect.blocks_wilds


def allows_extra_of(game: Position, effect: Effect, card: Card) -> bool:
    """``effect.allows_extra(game, card)``: for a built-in effect class itself, answered
    without the hook (an attack: the rule's battle cards, PL-16; a demand: the demanded
    rank or a demander, PL-23), and `Effect`'s default (any card) without a call."""
    kind = type(effect)
    built_in: Any = effect
    if kind is _ATTACK_EFFECT:  # `BattleCards.covers`, read (a subclass may override it)
        rule = built_in.rule
        if type(rule) is _BATTLE_CARDS:
            return card in rule.penalty_table
        return rule.covers(card)  # type: ignore[no-any-return]
    if kind is _RANK_DEMAND:
        return card.rank is built_in.rank or card in built_in.rule.cards
    if effect._kept & KEEPS_ALLOWS_EXTRA:
        return True
    return effect.allows_extra(game, card)  # type: ignore[arg-type]  # a Core


def _with_extra_moves(game: Position, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves`` and then the out-of-turn actions the rules list now."""
    rules = game.compiled
    extra = rules.extra_move_rules
    if game.rule_states == rules.initial_state:
        extra = rules.busy_extra_move_rules  # the idle ones list nothing now
    for rule in extra:
        listed = rule.extra_moves(game)  # type: ignore[arg-type]  # a Core
        moves = moves + (listed if type(listed) is tuple else _extra_list(rule, listed))
    return moves


def _extra_list(rule: TurnRule, listed: object) -> tuple[Move, ...]:
    """``listed``, what ``rule.extra_moves`` gave that is no tuple, as a tuple (a list or
    another iterable of moves), or a `SetupError` naming the rule: ``None``, a text (it
    would list each letter) or no iterable at all. The moves themselves are checked as they
    are played (a move no rule carries out is refused, `Core.play`)."""
    if isinstance(listed, list):
        return tuple(listed)
    if listed is None or isinstance(listed, (str, bytes)) or not hasattr(listed, "__iter__"):
        raise SetupError(
            f"{type(rule).__name__}.extra_moves must give a tuple of moves, () for none, "
            f"not {shown(listed, 60)}"
        )
    return tuple(cast("Iterable[Move]", listed))


def _turn_moves(game: Position, seat: int) -> tuple[Move, ...]:
    """The turn moves of ``seat`` (to move), in any position (a tuple grown by
    concatenation, as in `_plain_moves`)."""
    moves: tuple[Move, ...] = ()
    drawn = game.drawn
    if drawn is not None:
        if game.compiled.play_any_after_draw:
            moves = _plays(game, seat, first_cards(game, seat))
        elif is_first_ok(game, seat, drawn):
            rules = game.compiled
            left = len(game.hands[seat]) - 1
            cap = rules.left_cap
            left = left if left < cap else cap
            effect = game.effect
            if effect is None and rules.plain_tables:  # `_variants`' row of the card, read
                row = rules.plain_single_plays[left]  # (no card's choices depend on the table)
                moves = row[drawn.index] or _fill_single(game, row, drawn, left, seat)
            else:
                moves = _variants(game, seat, (drawn,), left, answer_rule_id(rules, effect))
        if not game.must_play_drawn or not moves:
            moves = moves + _PASS_ALONE
    else:
        firsts = first_cards(game, seat)
        if firsts:
            moves = _plays(game, seat, firsts)
        effect = game.effect
        if effect is None:
            if game.stock or len(game.pile) > 1:  # a card can be drawn
                moves = moves + _DRAW_ALONE
        else:
            kind = type(effect)
            if kind is _ATTACK_EFFECT:  # `AttackEffect.may_draw`: always (RU-13); no pass
                moves = moves + _DRAW_ALONE
            elif kind is _WAIT_EFFECT:  # `WaitEffect.may_draw` and `may_pass`: pass (PL-18)
                moves = moves + _PASS_ALONE
            elif kind is _RANK_DEMAND or kind is _SUIT_DEMAND:  # `may_draw` (PL-24, PL-27)
                built_in: Any = effect
                if (not firsts or built_in.rule.may_decline) and (game.stock or len(game.pile) > 1):
                    moves = moves + _DRAW_ALONE
            else:
                if effect.may_draw(game, seat, bool(firsts)):  # type: ignore[arg-type]  # a Core
                    moves = moves + _DRAW_ALONE
                if not effect._kept & KEEPS_MAY_PASS and effect.may_pass(game, seat):  # type: ignore[arg-type]  # a Core
                    moves = moves + _PASS_ALONE
        if not moves:
            moves = _PASS_ALONE  # stuck: nothing to play, nothing to draw (PL-36)
    if game.compiled.required_call_rules:
        moves = _with_required_calls(game, seat, moves)
    return moves


def _plain_moves(game: Position, hand: tuple[Card, ...]) -> tuple[Move, ...]:
    """The turn moves of ``hand`` with no effect in force and no card drawn (the usual
    position: fewer steps than `first_cards` and `_plays`): its plays, then a draw
    (or, with nothing to play or draw, a pass: PL-36).
    As in `first_cards`, the cards that match come first, then the wild ones that do not
    match, if their rule allows them now (PL-9). Where every wild card that does not match
    may be played only when nothing in the hand matches (`RuleSet.single_stuck_wilds`:
    RU-7 with ``changers_only_when_stuck``), that is the matching cards or, with none, the
    wild ones, found without splitting the wild cards from the matching ones."""
    top = game.pile[-1].index
    rules = game.compiled
    playable = rules.playable_flags[top]
    firsts: list[Card] = []
    bits = 0  # the hand as a set of bits (`Card.bit`), where plays of several cards may be
    repeats = game.beginning.repeats
    if rules.single_stuck_wilds:  # one card a play, the wild ones only when none matches
        matching = rules.matching_flags[top]  # so: the matching cards or else the wild ones
        for card in hand:  # an inline loop (see `flagged_in`)
            if matching[card.index]:
                firsts.append(card)
        if not firsts:  # nothing matches: the wild cards may (RU-7)
            for card in hand:
                if playable[card.index]:
                    firsts.append(card)
    else:
        if rules.multi_card:
            if repeats == 0:  # no card twice: the sum of the bits is their OR
                for card in hand:  # `flagged_in`, inline: this runs for most positions
                    bits += card.bit  # cheaper than `|=` in the interpreter (a specialised add)
                    if playable[card.index]:
                        firsts.append(card)
            else:
                for card in hand:  # the same, ORing the bits: a card may be held twice
                    bits |= card.bit
                    if playable[card.index]:
                        firsts.append(card)
            # a wild card that does not match held? (by the bits: no call)
            wild_held = bits & rules.wild_only_bits[top]
        else:
            for card in hand:  # the same, without the bits
                if playable[card.index]:
                    firsts.append(card)
            wild_only = rules.wild_only[top]
            wild_held = 1 if wild_only and not _DISJOINT(wild_only, firsts) else 0
        if wild_held:  # wild cards only their rule admits (held, so among `firsts`)
            matches: list[Card] = []
            wilds: list[Card] = []
            matching = rules.matching_flags[top]  # the others are wild only
            for card in firsts:  # an inline loop (see `flagged_in`)
                (matches if matching[card.index] else wilds).append(card)
            _add_wilds(game, game.to_move, wilds, matches)
            firsts = matches
    seat = game.to_move
    # a tuple, grown by concatenation: a row's tuple added to none is that tuple itself,
    # and a hand with one card to play or none makes at most one tuple (no list to copy).
    # Written ``moves = moves + t``, not ``moves += t``: compiled, a tuple's ``+`` is
    # `PySequence_Concat`, its ``+=`` the generic in-place add (tuples have no in-place op)
    moves: tuple[Move, ...] = ()
    if repeats != 0:  # two decks (`Beginning.repeats`)
        if rules.multi_card and repeats == 1:
            if firsts:
                moves = _paired_plays(game, seat, firsts, bits)
                firsts = []  # listed
        elif len(firsts) > 1 and len(set(firsts)) < len(firsts):
            firsts = list(dict.fromkeys(firsts))  # the same card twice: each once
            if rules.multi_card:  # groups counted by rank (PL-7)
                moves = _plays(game, seat, firsts)
                firsts = []  # listed
    if firsts:
        left = len(hand) - 1
        cap = rules.left_cap
        left = left if left < cap else cap
        # `_single_row(rules, 0, left)`, always there; typed, so that compiled code adds
        # its entries as the tuples they are (not by the generic `PyNumber_Add`)
        row: list[tuple[Move, ...] | None] = rules.plain_single_plays[left]
        if rules.multi_card and left:
            for card in firsts:
                # another card of its rank in hand?
                mates = bits & _MATE_MASK[card.index]
                if not mates:
                    moves = moves + (row[card.index] or _fill_single(game, row, card, left, seat))
                elif repeats == 0:  # it may take them (PL-7), kept by its group pattern
                    size = len(hand)
                    slot = rules.group_slots[mates >> (card.index & ~3)][size if size < 16 else 15]
                    found: tuple[Move, ...] | None = rules.plain_group_plays[card.index][slot]
                    moves = moves + (
                        found or _cached_group(game, seat, card, 0, mates >> (card.index & ~3))
                    )
                else:  # more copies than two (or not known): kept by the cards
                    moves = moves + _cached_group(game, seat, card, 0, -1)
        else:
            for card in firsts:
                moves = moves + (row[card.index] or _fill_single(game, row, card, left, seat))
    if game.stock or len(game.pile) > 1:  # a card can be drawn
        moves = moves + _DRAW_ALONE
    elif not moves:
        moves = _PASS_ALONE  # stuck (PL-36)
    return moves


def first_cards(game: Position, seat: int) -> list[Card]:
    """The distinct cards of ``seat``'s hand that may start a play now, in hand order."""
    hand = game.hands[seat]
    effect = game.effect
    top = game.pile[-1]
    if effect is None:
        suit = top.suit
        wilds_ok = True
    else:
        # `suit_override_of` and `answers_of`, inline (this runs for every listing under
        # an effect: the interpreted build saves the calls)
        kind = type(effect)
        built_in: Any = effect
        answers: frozenset[Card] | None
        if kind is _ATTACK_EFFECT:
            override = None
            answers = answer_set_of(built_in.rule, top, _BATTLE_CARDS)
        elif kind is _RANK_DEMAND:
            override = None
            answers = answer_set_of(built_in.rule, built_in.rank, _RANK_DEMAND_CARDS)
        elif kind is _SUIT_DEMAND:
            override = built_in.suit
            answers = None
        elif kind is _WAIT_EFFECT:
            override = None
            answers = built_in.rule.cards
        else:
            override = None if effect._kept & KEEPS_SUIT_OVERRIDE else effect.suit_override
            answers = effect.answers(top) if override is None else None
        if override is None:
            if answers is None:
                allowed = []
                for card in hand:  # an inline loop (see `flagged_in`)
                    if effect.allows(game, card):  # type: ignore[arg-type]  # a Core
                        allowed.append(card)
            else:  # the answers by their flags: an index per card, not a hash lookup
                flags = _ANSWER_FLAGS.get(answers)
                if flags is None:
                    flags = _flags_of(answers)
                allowed = []
                for card in hand:  # `flagged_in`, inline: this runs for most listings here
                    if flags[card.index]:
                        allowed.append(card)
            if game.compiled.has_effect_wilds:
                for card in hand:  # a loop, not a comprehension: no cell for ``game``
                    if _wild_under_effects(game, card):
                        allowed.append(card)
            elif game.beginning.repeats == 0 or len(allowed) < 2:  # no copies, or too few
                return allowed
            return list(dict.fromkeys(allowed))
        suit = override
        # `blocks_wilds_of`, inline
        wilds_ok = (
            built_in.rule.wilds_under_demand if kind is _SUIT_DEMAND else not effect.blocks_wilds
        )
    rules = game.compiled
    if effect is None:
        # one pass: the cards matching the top card, and wild ones that do not
        found = flagged_in(hand, rules.playable_flags[top.index])
        wild_only = rules.wild_only[top.index]
        if wild_only and not _DISJOINT(wild_only, found):
            matches: list[Card] = []
            extra: list[Card] = []
            for card in found:  # an inline loop (see `flagged_in`)
                (extra if card in wild_only else matches).append(card)
            _add_wilds(game, seat, extra, matches)
        else:
            matches = found
    else:
        # the cards of the named suit or of the top card's rank: those matching the card
        # of that rank and suit
        matches = flagged_in(hand, rules.matching_flags[top.index - top.suit + suit])
        if wilds_ok and rules.has_wilds and not _DISJOINT(rules.wild_cards, hand):
            chosen = set(matches)  # by hash and identity, not a `==` per card of a list
            wild_cards = rules.wild_cards
            extra = []
            for card in hand:  # an inline loop (see `flagged_in`)
                if card in wild_cards and card not in chosen:
                    extra.append(card)
            _add_wilds(game, seat, extra, matches)
    if game.beginning.repeats != 0 and len(matches) > 1:
        return list(dict.fromkeys(matches))  # two decks: the same card twice
    return matches


def can_start(game: Position, seat: int) -> bool:
    """Whether ``seat`` holds a card that may start a play now (``first_cards`` is not
    empty). With no effect in force, a card matching the top card settles it by set
    arithmetic; only wild cards need their rule asked (PL-9)."""
    if game.effect is None:
        hand = game.hands[seat]
        top = game.pile[-1].index
        rules = game.compiled
        if not _DISJOINT(rules.matching[top], hand):
            return True
        wild_only = rules.wild_only[top]
        if not wild_only or _DISJOINT(wild_only, hand):
            return False
    return bool(first_cards(game, seat))


#: Sets of cards as flags by card index (`flagged_in`), worked out the first time a set is
#: met (`_flags_of`): `first_cards` reads the cards that answer an effect so. A frozenset
#: keeps its hash, so looking one up costs little. Emptied once it holds `_KEPT_FLAGS`.
_ANSWER_FLAGS: Final[dict[frozenset[Card], tuple[bool, ...]]] = {}
_KEPT_FLAGS: Final = 4096


def _flags_of(cards: frozenset[Card]) -> tuple[bool, ...]:
    """``cards`` as flags by card index, kept in `_ANSWER_FLAGS`."""
    if len(_ANSWER_FLAGS) >= _KEPT_FLAGS:
        _ANSWER_FLAGS.clear()
    flags = _ANSWER_FLAGS[cards] = card_flags(cards)
    return flags


def flagged_in(hand: tuple[Card, ...], flags: tuple[bool, ...]) -> list[Card]:
    """The cards of ``hand`` whose flag (by card index) is set, in hand order: the cards
    of a set given as flags (`RuleSet.playable_flags`, `RuleSet.matching_flags`,
    `_flags_of`), where a lookup is an index, not a hash lookup: fewer instructions on
    both builds.

    An inline loop, not a comprehension: on CPython 3.11 a comprehension is a function
    made and called each time, some 1,400 instructions before its first item."""
    found: list[Card] = []
    for card in hand:
        if flags[card.index]:
            found.append(card)
    return found


def _add_wilds(game: Position, seat: int, extra: list[Card], matches: list[Card]) -> None:
    """Add the wild cards of ``extra`` that their rule allows now to ``matches`` (PL-9)."""
    rules = game.compiled
    answers = rules.wild_answers
    has_match = bool(matches)
    for card in extra:  # an inline loop (see `flagged_in`)
        answer = answers[card.index]  # the rule's answers, if it has no `allows` of its own
        if answer is not None:
            if answer[has_match]:
                matches.append(card)
        elif rules.wild[card.index].allows(game, seat, card, has_match):  # type: ignore[arg-type,union-attr]
            matches.append(card)


def is_first_ok(game: Position, seat: int, card: Card) -> bool:
    """May ``card`` (held by ``seat``) start a play now?"""
    effect = game.effect
    top = game.pile[-1]
    if effect is None:
        if game.compiled.matching_flags[top.index][card.index]:  # same suit or rank
            return True
        suit = top.suit
    else:
        override = suit_override_of(effect)
        if override is None:
            answers = answers_of(effect, top) if type(effect) in _BUILT_IN_EFFECTS else None
            if answers is not None:  # its `allows`, which agrees (`Effect.answers`)
                return card in answers or _wild_under_effects(game, card)
            return effect.allows(game, card) or _wild_under_effects(game, card)  # type: ignore[arg-type]  # a Core
        if card.suit is override or card.rank is top.rank:
            return True
        suit = override
    rules = game.compiled
    rule = rules.wild[card.index]
    if rule is None or (effect is not None and blocks_wilds_of(effect)):
        return False
    # does the hand hold a card of ``suit`` or of the top card's rank? (as in `first_cards`)
    has_match = not _DISJOINT(rules.matching[top.index - top.suit + suit], game.hands[seat])
    answer = rules.wild_answers[card.index]  # as in `_add_wilds`
    if answer is not None:
        return answer[has_match]
    return rule.allows(game, seat, card, has_match)  # type: ignore[arg-type]  # a Core


def _wild_under_effects(game: Position, card: Card) -> bool:
    """Is ``card`` wild even under effects (`WildRule.under_effects`, UM-16)?"""
    rule = game.compiled.wild[card.index]
    return rule is not None and rule.under_effects


def _with_required_calls(game: Position, seat: int, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """List each play with the calls the rules require of it in this position."""
    rules = game.compiled.required_call_rules
    listed: list[Move] = []
    for move in moves:
        if type(move) is Play:
            calls: list[str] = []
            for rule in rules:  # a loop, not a comprehension: no cells (see `moves_of`)
                calls += rule.required_calls(game, seat, move.cards)  # type: ignore[arg-type]  # a Core
            if calls:
                move = _interned(game.compiled, move.cards, move.choice, (*move.calls, *calls))
        listed.append(move)
    return tuple(listed)


def _plays(game: Position, seat: int, firsts: list[Card]) -> tuple[Move, ...]:
    """The plays that start with a card of ``firsts`` (the distinct cards of ``seat``'s
    hand that may start one now, `first_cards`), in their order: a group's (PL-7) as
    `_cached_group` keeps them, a single card's from its `_single_row` (a tuple grown by
    concatenation, as in `_plain_moves`)."""
    rules = game.compiled
    hand = game.hands[seat]
    effect = game.effect
    answer = answer_rule_id(rules, effect)
    left = len(hand) - 1
    cap = rules.left_cap
    left = left if left < cap else cap
    multi = rules.multi_card
    repeats = game.beginning.repeats
    one_deck = repeats == 0
    # one deck: the hand's bits (`Card.bit`); two decks: the other cards of the first
    # card's rank, found in one walk of the hand (no int op on 52 bits per card)
    bits = 0
    if multi and one_deck:
        for card in hand:  # an inline loop (see `flagged_in`)
            bits += card.bit  # no card twice: the sum is the OR, and cheaper (`_plain_moves`)
    dynamic = rules.table_choice_cards
    singles = rules.single_plays.get(answer)  # `_single_row`, inline: mostly there
    row = _single_row(rules, answer, left) if singles is None else singles[left]
    moves: tuple[Move, ...] = ()
    for first in firsts:
        if multi:  # its group pattern (`_cached_group`): the other cards of its rank held
            if one_deck:
                pattern = bits & _MATE_MASK[first.index]
                if pattern:  # (an int op on the hand's bits, 52 of them, costs)
                    moves = moves + _cached_group(
                        game, seat, first, answer, pattern >> (first.index & ~3)
                    )
                    continue
            elif repeats == 1:
                pattern = _rank_pattern(hand, first)
                if pattern:
                    moves = moves + _cached_group(game, seat, first, answer, pattern)
                    continue
            elif _rank_pattern(hand, first):  # more copies (or not known): kept by the cards
                moves = moves + _cached_group(game, seat, first, answer, -1)
                continue
        # no other card of its rank, and no copy of it
        if dynamic and first in dynamic:
            moves = moves + _make_variants(game, (first,), left, seat)
            continue
        moves = moves + (row[first.index] or _fill_single(game, row, first, left, seat))
    return moves


def _paired_plays(game: Position, seat: int, firsts: list[Card], bits: int) -> tuple[Move, ...]:
    """`_plain_moves` with two decks (`Beginning.repeats` 1) and plays of several cards:
    the plays of ``firsts`` (a card held twice once), a group's as kept by its group
    pattern (`_cached_group`): the bits (``bits``, the hand's) of the other cards of its
    rank held and of the cards of its rank held twice (its own copy too)."""
    rules = game.compiled
    hand = game.hands[seat]
    size = len(hand)
    twice = 0 if bits.bit_count() == size else _twice_held(hand)  # mostly none
    if twice and len(firsts) > 1:
        firsts = list(dict.fromkeys(firsts))  # a card that may start a play, held twice
    left = size - 1
    cap = rules.left_cap
    left = left if left < cap else cap
    # `_single_row(rules, 0, left)`, always there (typed as in `_plain_moves`)
    row: list[tuple[Move, ...] | None] = rules.plain_single_plays[left]
    moves: tuple[Move, ...] = ()  # a tuple grown by concatenation, as in `_plain_moves`
    for card in firsts:
        pattern = bits & _MATE_MASK[card.index]
        if twice:  # (an int op on the hand's 52 bits costs)
            pattern |= (twice & _RANK_MASK[card.index]) << 4
        if not pattern:
            moves = moves + (row[card.index] or _fill_single(game, row, card, left, seat))
            continue
        pattern >>= card.index & ~3
        slot = rules.group_slots[pattern][size if size < 16 else 15]
        found: tuple[Move, ...] | None = (
            rules.plain_group_plays[card.index][slot]
            if slot < PLAIN_GROUP_SLOTS
            else rules.group_plays[card.index].get(slot)
        )
        moves = moves + (found or _cached_group(game, seat, card, 0, pattern))
    return moves


def _twice_held(hand: tuple[Card, ...]) -> int:
    """The bits (`Card.bit`) of the cards ``hand`` holds twice or more."""
    seen = twice = 0
    for card in hand:  # an inline loop (see `flagged_in`)
        bit = card.bit
        if seen & bit:
            twice |= bit
        seen |= bit
    return twice


def _rank_pattern(hand: tuple[Card, ...], first: Card) -> int:
    """The group pattern (`_cached_group`) of the other cards of ``first``'s rank in
    ``hand`` (one copy of ``first`` left out, by identity), each held at most twice: one
    walk of the hand, no int op on 52 bits (see `flagged_in`). Not 0 if there is any."""
    rank = first.rank
    pattern = 0
    skipped = False
    for card in hand:
        if card.rank is rank:
            if card is first and not skipped:
                skipped = True
                continue
            bit = 1 << card.suit
            pattern |= bit << 4 if card is first or pattern & bit else bit
    return pattern


def _others_of_rank(hand: tuple[Card, ...], first: Card) -> list[Card]:
    """The cards of ``hand`` of ``first``'s rank but one copy of ``first`` (by identity),
    in hand order: one inline loop (see `flagged_in`)."""
    rank = first.rank
    others: list[Card] = []
    skipped = False
    for card in hand:
        if card.rank is rank:
            if card is first and not skipped:
                skipped = True
            else:
                others.append(card)
    return others


def _extras_allowed(game: Position, effect: Effect, cards: Iterable[Card]) -> list[Card]:
    """The ``cards`` that ``effect`` lets follow the first card of a play
    (`Effect.allows_extra`; under an attack, battle cards only, PL-16): an inline loop
    (see `flagged_in`)."""
    allowed: list[Card] = []
    for card in cards:
        if allows_extra_of(game, effect, card):
            allowed.append(card)
    return allowed


def _cached_group(
    game: Position, seat: int, first: Card, answer: int, pattern: int
) -> tuple[Move, ...]:
    """The plays starting with ``first`` and adding any of the other cards of its rank in
    ``seat``'s hand that the effect in force lets follow (PL-7), cached per those cards,
    hand size and answer rule id unless a card's choices depend on the table.

    ``pattern`` is those cards' group pattern, eight bits: bit ``suit`` for each card of
    the rank held besides ``first``, bit ``4 + suit`` for its second copy (or for a copy
    of ``first``); -1 for more copies (`Beginning.repeats`). Up to two copies, the plays
    are kept in ``first``'s dict of `RuleSet.group_plays`, by one int (no tuple to make,
    hash and compare at every lookup): the slot of `RuleSet.group_slots` for the pattern
    and the hand size, plus ``answer`` (`answer_rule_id`: 0, an id or a negated id) in
    steps of `_ANSWER_STEP`; with no answer and a slot below `PLAIN_GROUP_SLOTS` (every group
    of one deck), in ``first``'s list of `RuleSet.plain_group_plays` by the slot instead (an
    item, not a lookup). `_plain_moves` looks the plays with no effect up itself.
    With more copies, the cards are found by a walk of the hand and the plays are kept
    in `RuleSet.play_cache` by a tuple of ``first``, those cards in their order, the
    hand size and ``answer``.
    Hand sizes from ``len(group) + 1 + left_cap`` on share one entry: every play of the
    group then leaves `RuleSet.left_cap` or more cards, which the call rules do not tell
    apart (`_variants`)."""
    rules = game.compiled
    hand = game.hands[seat]
    effect = game.effect
    group: int | tuple[Card, ...]
    key: object
    size = len(hand)
    plain = -1  # the slot, where the plays are kept by slot (`RuleSet.plain_group_plays`)
    if pattern >= 0:
        if effect is not None:  # only the cards the effect lets follow
            for mate, both in _MATE_BITS[first.index]:  # an inline loop (see `flagged_in`)
                if pattern & both and not allows_extra_of(game, effect, mate):
                    pattern &= ~both
            copy = 16 << first.suit  # a copy of ``first`` (two decks)
            if pattern & copy and not allows_extra_of(game, effect, first):
                pattern ^= copy
        slot = rules.group_slots[pattern][size if size < 16 else 15]
        # below 4,096 (interpreted, cached up to 256: with no answer, read, not made)
        key = slot + answer * _ANSWER_STEP if answer else slot
        if not answer and slot < PLAIN_GROUP_SLOTS:
            plain = slot
        cache = rules.group_plays[first.index]
        group = pattern
    else:  # more copies: the other copies of ``first`` stay
        others = _others_of_rank(hand, first)
        if effect is not None:
            others = _extras_allowed(game, effect, others)
        others.sort(key=_INDEX)
        group = tuple(others)
        if len(group) >= KEPT_GROUP:  # a larger group's plays are not kept (`KEPT_GROUP`)
            return _group_plays(game, seat, first, group, answer)
        most = len(group) + 1 + rules.left_cap
        key = (first, group, size if size < most else most, answer)
        cache = rules.play_cache
    dynamic = rules.table_choice_cards
    if dynamic:
        cards = _group_cards(first, group)
        if first in dynamic or not _DISJOINT(dynamic, cards):
            return _group_plays(game, seat, first, cards, answer)  # not cached
    if plain >= 0:
        kept = rules.plain_group_plays[first.index]
        made: tuple[Move, ...] | None = kept[plain]
        if made is None:
            made = kept[plain] = _group_plays(game, seat, first, _group_cards(first, group), 0)
        return made
    found = cache.get(key)
    if found is None:
        found = keep_bounded(
            cache, key, _group_plays(game, seat, first, _group_cards(first, group), answer)
        )
    return found


def _group_cards(first: Card, group: int | tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards a `_cached_group` key names besides ``first``, in the order of cards, a
    card's copies side by side: those of its group pattern, or the tuple itself."""
    if isinstance(group, tuple):
        return group
    cards: list[Card] = []
    for card, both in _RANK_BITS[first.index]:  # an inline loop (see `flagged_in`)
        held = group & both
        if held:  # once, or twice (both bits; ``first``: its copy's bit alone)
            cards.append(card)
            if held == both:
                cards.append(card)
    return tuple(cards)


def _group_plays(
    game: Position, seat: int, first: Card, others: tuple[Card, ...], answer: int
) -> tuple[Move, ...]:
    """Every listed play starting with ``first`` and adding any of ``others``, under the
    effect of `answer_rule_id` ``answer`` (0: none; see `_variants`)."""
    rules = game.compiled
    key = (first, others)
    sequences = rules.sequence_cache.get(key)
    if sequences is None:
        sequences = _sequences(game, first, others, rules.uniform_rank[first.rank])
        if len(others) < KEPT_GROUP:  # a larger group's are not kept (`KEPT_GROUP`)
            keep_bounded(rules.sequence_cache, key, sequences)
    size = len(game.hands[seat])
    cap = rules.left_cap
    moves: list[Move] = []
    for cards in sequences:  # an inline loop (see `flagged_in`)
        left = size - len(cards)
        moves += _variants(game, seat, cards, left if left < cap else cap, answer)
    return tuple(moves)


def _sequences(
    game: Position, first: Card, others: tuple[Card, ...], uniform: bool
) -> tuple[tuple[Card, ...], ...]:
    """All distinct plays starting with ``first`` and adding any of ``others`` (PL-7), one
    canonical order per effect: the middle cards sorted (see `canonical_order`).

    ``others`` comes in the order of cards (`_group_plays`), a card's copies side by side,
    so every chosen sub-multiset and every middle cut from it is sorted already. For a
    rank whose cards share one effect (``uniform``) the orders depend only on how many
    copies of each card ``others`` holds: they are worked out once per such shape, as
    positions in ``(first, *others)`` (`_uniform_orders`), and read from these cards."""
    if uniform:
        pool = (first, *others)
        plays = [(first,)]
        for getter in _uniform_orders(tuple(_runs(others)[1])):  # an inline loop
            plays.append(getter(pool))
        return tuple(plays)
    result: dict[tuple[Card, ...], None] = {(first,): None}
    for middle, last in _middles_and_lasts(others):
        for end in dict.fromkeys(middle) or (None,):
            order = list(middle)
            if end is not None:
                order.remove(end)
                order.append(end)
            result[canonical_order(game, (first, *order, last))] = None
    return tuple(result)


#: Per shape of a group's other cards (how many copies of each, in the order of cards):
#: the orders of the plays of a rank whose cards share one effect, but ``first`` alone, each
#: as an `itemgetter` of its cards' positions in ``(first, *others)`` (`_sequences`).
_UNIFORM_ORDERS: Final[dict[tuple[int, ...], tuple[Callable[[tuple[Any, ...]], Any], ...]]] = {}


def _uniform_orders(shape: tuple[int, ...]) -> tuple[Callable[[tuple[Any, ...]], Any], ...]:
    """`_UNIFORM_ORDERS` of ``shape``, worked out the first time: the orders of
    `_middles_and_lasts` of stand-ins, the copies of a card each standing for the position
    of its first copy (one int object: `_sub_multisets` tells copies by identity)."""
    found = _UNIFORM_ORDERS.get(shape)
    if found is None:
        stand_ins: list[int] = []
        for count in shape:
            stand_ins += [len(stand_ins) + 1] * count
        orders = dict.fromkeys((0, *middle, last) for middle, last in _middles_and_lasts(stand_ins))
        found = tuple(itemgetter(*order) for order in orders)
        if len(stand_ins) < KEPT_GROUP:  # a larger group's are not kept (`KEPT_GROUP`)
            _UNIFORM_ORDERS[shape] = found
    return found


def _middles_and_lasts(others: Sequence[_Item]) -> list[tuple[list[_Item], _Item]]:
    """Each play's cards after the first, taken from ``others`` (`_sub_multisets`), for each
    card that may come last: the others chosen (the middle, in their order) and that card;
    a card held twice is last once."""
    found: list[tuple[list[_Item], _Item]] = []
    for chosen in _sub_multisets(others):
        for position in range(len(chosen)):  # inline loops (see `flagged_in`)
            last = chosen[position]
            if position and chosen[position - 1] is last:
                continue  # the card's second copy last: the plays of its first
            found.append((chosen[:position] + chosen[position + 1 :], last))
    return found


def _runs(cards: Sequence[_Item]) -> tuple[list[_Item], list[int]]:
    """The distinct items of ``cards`` (copies side by side) and how many copies of each."""
    distinct: list[_Item] = []
    counts: list[int] = []
    for card in cards:
        if distinct and distinct[-1] is card:
            counts[-1] += 1
        else:
            distinct.append(card)
            counts.append(1)
    return distinct, counts


def _sub_multisets(cards: Sequence[_Item]) -> list[list[_Item]]:
    """Every non-empty sub-multiset of ``cards`` (in the order of cards, copies side by
    side), each in that order: how many of each distinct card, counted as
    `itertools.product` counts (the first card's number changing slowest). Plain loops:
    a product of generators costs a new group several times more."""
    distinct, counts = _runs(cards)
    picks = [0] * len(distinct)
    found: list[list[_Item]] = []
    while True:
        digit = len(distinct) - 1  # the next picks, as an odometer turns
        while digit >= 0 and picks[digit] == counts[digit]:
            picks[digit] = 0
            digit -= 1
        if digit < 0:
            return found
        picks[digit] += 1
        chosen: list[_Item] = []
        for position in range(len(distinct)):
            for _ in range(picks[position]):
                chosen.append(distinct[position])
        found.append(chosen)


def canonical_order(game: Position, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The listed order of a multi-card play: first and last as given, the middle sorted;
    for ranks whose cards differ in effect (kings, PL-16), the last middle card that has
    a rule of its own stays last in the middle."""
    if len(cards) <= 2:
        return cards
    middle = list(cards[1:-1])
    end = None
    if not game.compiled.uniform_rank[cards[0].rank]:
        for card in reversed(middle):
            if game.compiled.card_rule[card.index] is not None:
                end = card
                break
    order = sorted(middle)
    if end is not None:
        order.remove(end)
        order.append(end)
    return (cards[0], *order, cards[-1])


def claiming_rule(game: Position, cards: tuple[Card, ...]) -> CardRule | None:
    """The rule that takes over a play of ``cards`` now
    ([`CardRule.claims`][makao.rules.base.CardRule.claims]), if any."""
    for rule in game.compiled.claim_rules:
        if rule.claims(game, cards):  # type: ignore[arg-type]  # a Core
            return rule
    return None


def acting_rule(game: Position, cards: tuple[Card, ...]) -> CardRule | None:
    """The rule whose effect a play has: that of its last card with a rule of its own
    (unless the effect in force takes every answer, `Effect.answer_overrides`)."""
    if game.compiled.claim_rules:  # mostly none: no call
        claimed = claiming_rule(game, cards)
        if claimed is not None:
            return claimed
    effect = game.effect  # its hooks kept as `Effect` has them give their defaults
    if effect is not None and not effect._kept & KEEPS_ANSWER_OVERRIDES and effect.answer_overrides:
        return effect.answer_rule
    card_rule = game.compiled.card_rule
    for card in reversed(cards):
        rule = card_rule[card.index]
        if rule is not None:
            return rule
    if effect is None or effect._kept & KEEPS_ANSWER_RULE:
        return None
    return effect.answer_rule


def _variants(
    game: Position, seat: int, cards: tuple[Card, ...], left: int, answer: int
) -> tuple[Move, ...]:
    """The listed plays of ``cards``, one per choice and per set of optional calls, with
    ``left`` cards left (0 … `RuleSet.left_cap`, the last meaning "or more": the call
    rules tell apart no more) under the effect of `answer_rule_id` ``answer`` (0:
    none)."""
    rules = game.compiled
    dynamic = rules.table_choice_cards
    if dynamic and cards[-1] in dynamic:
        return _make_variants(game, cards, left, seat)  # choices depend on the table
    if len(cards) == 1:
        row = _single_row(rules, answer, left)
        return row[cards[0].index] or _fill_single(game, row, cards[0], left, seat)
    key = (cards, left, answer)
    found = rules.play_cache.get(key)
    if found is None:
        found = keep_bounded(rules.play_cache, key, _make_variants(game, cards, left, seat))
    return found


def _single_row(rules: RuleSet, answer: int, left: int) -> list[tuple[Move, ...] | None]:
    """The listed one-card plays per card index, with ``left`` cards left (0 … cap) under the
    effect of `answer_rule_id` ``answer`` (0: none); filled as they are needed."""
    singles = rules.single_plays.get(answer)
    if singles is None:
        singles = rules.single_plays[answer] = [[None] * 52 for _ in range(MOST_CARDS_LEFT + 1)]
    return singles[left]


def _fill_single(
    game: Position, row: list[tuple[Move, ...] | None], card: Card, left: int, seat: int
) -> tuple[Move, ...]:
    """The listed plays of ``card`` alone, made once and kept in its `_single_row`."""
    found = row[card.index] = _make_variants(game, (card,), left, seat)
    return found


def fill_plain_tables(rules: RuleSet, repeats: int) -> None:
    """Fill ahead of play the move tables that `_plain_moves` reads (no effect in force),
    for games of ``rules`` whose `Beginning.repeats` is ``repeats``: the plays of each
    card of the deck alone (`_single_row`) and, where plays may have several cards, with
    each set of other cards of its rank (`_cached_group`, up to `_FILLED_OTHERS` of them
    with two decks), for each number of cards left that the call rules tell apart.

    Done once per rule set and deck count, at its first game (`Game.new`): what a listing
    would otherwise make the first time it meets each play (the tables are the same
    either way). Rule sets whose listing depends on more than the cards (a rule's
    `table_choices`, `claims` or `required_calls`: not `RuleSet.plain_tables`) fill
    theirs as they play, as do games of more copies of a card than two. The fill raises
    nothing: an entry whose plays a rule cannot make is left to the listing."""
    flag = 1 << repeats if 0 <= repeats <= 1 else 0
    if not flag or rules.plain_filled & flag or not rules.plain_tables:
        return
    rules.plain_filled |= flag
    blank = State.__new__(State)  # a position with no effect, read for its hand's size
    blank.compiled = rules
    blank.effect = None
    cap = rules.left_cap
    ranks = rules.start.ranks
    # filled as a listing fills them (`_variants`, `_cached_group`): an entry made already
    # is kept, and one a rule cannot make (a bad choice or call it gives) stays empty
    for first in ALL_CARDS:
        if ranks is not None and first.rank not in ranks:
            continue
        for left in range(cap + 1):
            blank.hands = [(first,) * (left + 1)]
            with suppress(Exception):
                _variants(blank, 0, (first,), left, 0)
        if not rules.multi_card:
            continue
        for pattern in _GROUP_PATTERNS[repeats][first.suit]:
            others = pattern.bit_count()
            for size in range(others + 1, others + 2 + cap):
                blank.hands = [(first,) * size]
                with suppress(Exception):
                    _cached_group(blank, 0, first, 0, pattern)


#: At most how many other cards of a card's rank `fill_plain_tables` fills the plays of
#: with two decks (all three with one deck): more are rare, and their plays many.
_FILLED_OTHERS: Final = 2


def _group_patterns(repeats: int, first_suit: int) -> tuple[int, ...]:
    """The group patterns (`_cached_group`) `fill_plain_tables` fills for a first card of
    ``first_suit``: one deck, any set of the rank's other three cards; two decks (only
    the patterns with a card held twice, the others are one deck's), up to
    `_FILLED_OTHERS` other cards."""
    own = 1 << first_suit
    found = []
    for pattern in range(1, 256):
        if pattern & own or pattern >> 4 & ~pattern & ~own & 15:
            continue  # not a pattern: its own card once, or a mate twice but not once
        if repeats == 0:
            if pattern < 16:  # one copy of each
                found.append(pattern)
        elif pattern >= 16 and pattern.bit_count() <= _FILLED_OTHERS:  # a card twice
            found.append(pattern)
    return tuple(found)


#: `_group_patterns` per deck count (`Beginning.repeats` 0 or 1) and first card's suit.
_GROUP_PATTERNS: Final = tuple(
    tuple(_group_patterns(repeats, suit) for suit in range(4)) for repeats in (0, 1)
)


def _make_variants(
    game: Position, cards: tuple[Card, ...], left: int, seat: int
) -> tuple[Move, ...]:
    rules = game.compiled
    rule = acting_rule(game, cards)
    if rule is None or (left == 0 and not rules.last_card_effect_applies):
        choices: tuple[Choice, ...] = (None,)
    else:
        # called as hooks that return objects (as `call_options` below): compiled, a
        # declared tuple would be checked (a TypeError) before `_choice_list` could say
        # what is wrong, and interpreted a list or a generator was taken
        by_table: Callable[[Position, int, Card], object] = rule.table_choices  # type: ignore[assignment]  # a Core
        found = by_table(game, seat, cards[-1])
        asked = "table_choices"
        if not found:
            fixed: Callable[[Card], object] = rule.choices
            found = fixed(cards[-1])
            asked = "choices"
        if type(found) is not tuple or not found:
            found = _choice_list(f"{type(rule).__name__}.{asked}", found, cards[-1])
        choices = found  # a tuple (above)
    options: list[str] = []
    for turn_rule in rules.call_rules:
        # called as a hook that returns an object: compiled, a declared tuple would be
        # checked (a TypeError) before `_call_names` could say what is wrong
        hook: Callable[[tuple[Card, ...], int], object] = turn_rule.call_options
        calls = hook(cards, left)
        if type(calls) is not tuple:  # the usual answer told inline (a call costs)
            calls = _call_names(turn_rule, calls)
        options.extend(calls)
    if not options and len(choices) == 1:  # one play: no loops
        return (_interned(rules, cards, choices[0], ()),)
    call_sets = _call_sets(options)
    plays: list[Move] = []
    for choice in choices:  # inline loops, not a generator (see `flagged_in`)
        for calls in call_sets:
            plays.append(_interned(rules, cards, choice, calls))
    return tuple(plays)


def _choice_list(hook: str, choices: object, card: Card) -> tuple[Choice, ...]:
    """``choices``, what a rule's ``hook`` (its ``table_choices`` or ``choices``) gave for
    a play ending on ``card``, as a tuple, or a `SetupError` naming them: a list is read whole;
    anything else (``None``, a text, a generator) or no choice at all (a play with no
    choice to make has the one choice ``None``: ``(None,)``) is refused. The choices
    themselves are checked as the plays are made (`Play`)."""
    if isinstance(choices, (tuple, list)) and choices:
        return tuple(choices)
    raise SetupError(
        f"{hook}({card}) must give a tuple of choices, (None,) for "
        f"none to make, not {shown(choices, 60)}"
    )


def _call_names(rule: TurnRule, calls: object) -> tuple[str, ...]:
    """``calls``, what ``rule.call_options`` gave, as a tuple, or a `SetupError` naming the
    rule: a text (``"makao"`` for ``("makao",)``) would list a call a letter; the names
    themselves are checked as the plays are made (`_listed_play`)."""
    if isinstance(calls, (tuple, list)):
        return tuple(calls)
    raise SetupError(
        f"{type(rule).__name__}.call_options must give a tuple of names, like ('makao',), "
        f"not {shown(calls, 60)}"
    )


def _call_sets(options: list[str]) -> list[tuple[str, ...]]:
    """Every subset of ``options``, each in their order. A function of its own: its
    comprehension's cell (``call``) is made only for plays that may carry calls."""
    call_sets: list[tuple[str, ...]] = [()]
    for call in options:
        call_sets += [(*calls, call) for calls in call_sets]
    return call_sets


def _interned(
    rules: RuleSet, cards: tuple[Card, ...], choice: Choice, calls: tuple[str, ...]
) -> Play:
    """The one listed `Play` of ``cards`` with ``choice`` and ``calls`` in this rule set
    (`RuleSet.interned_plays`): made the first time it is listed, then shared by every
    move table that lists it. The choice's type is part of the key: ``Suit.SPADES`` and
    ``Rank.THREE`` are equal as ints. A play with neither choice nor calls is kept by its
    cards alone (a tuple of cards, which no other key equals): no key made, nor kept for
    the garbage collector to walk."""
    key = cards if choice is None and not calls else (cards, type(choice), choice, calls)
    play: Play | None = rules.interned_plays.get(key)
    if play is None:
        play = keep_bounded(rules.interned_plays, key, _listed_play(cards, choice, calls))
    return play


def _listed_play(cards: tuple[Card, ...], choice: Choice, calls: tuple[str, ...]) -> Play:
    """``Play(cards, choice, calls)`` for move generation, which lists the cards of the game
    in a tuple: the same object (and the same `InvalidMoveError` for a bad choice or call a
    rule gave), without attrs' converter calls, which cost more than the rest of filling a
    move table. Here, not beside `Play`: compiled, a call into an interpreted function
    costs several hundred instructions, and every new listed play made one."""
    if type(choice) not in _CHOICE_TYPES:  # `_check_choice`'s first test, inline
        _check_choice(choice)  # a subclass of a choice type, or an error
    play: Play = _new_object(_PLAY_CLASS)
    _set_cards(play, cards)
    _set_choice(play, choice)
    _set_calls(play, _calls(calls) if calls else calls)
    _set_cached_hash(play, None)  # attrs' hash cache (cache_hash=True)
    _set_played(play, _NOT_PLAYED)
    return play


def moves_of(game: Position, legal: tuple[Move, ...], seat: int) -> tuple[Move, ...]:
    """The moves of ``legal`` that ``seat`` makes (`actor`). A function of its own: a
    comprehension in `Core.legal_moves` would make its ``self`` a cell, allocated at every
    call (about 580 instructions per listing, interpreted)."""
    moves: list[Move] = []
    for move in legal:
        if actor(game, move) == seat:
            moves.append(move)
    return tuple(moves)


def actor(game: Position, move: Move) -> int:
    """The seat that makes ``move``: the seat to move, or the seat an action names."""
    if type(move) in TURN_MOVES:  # `move_seat`'s usual case, inline (see there)
        return game.to_move
    seat = move_seat(move)
    return game.to_move if seat is None else seat


def canonical(game: Position, move: Move, legal: tuple[Move, ...]) -> Move:
    """Return ``move`` if it is legal in another order of the same cards, or the move a
    rule admits in its place (`TurnRule.admit`); else raise
    [`IllegalMoveError`][makao.errors.IllegalMoveError] saying why and what is allowed."""
    if listed(game, move, legal) is not None:
        return move
    for rule in game.compiled.admit_rules:
        admitted = rule.admit(game, move, legal)  # type: ignore[arg-type]  # a Core
        if admitted is not None:
            if isinstance(admitted, Play):  # checked before anything changes
                seat = game.to_move
                card = unheld_card(game.hands[seat], admitted.cards)
                if card is not None:
                    raise SetupError(
                        f"seat {seat} does not hold {card}: {type(rule).__name__}.admit "
                        "gave a play of cards the seat does not hold"
                    )
            return admitted
    raise IllegalMoveError(explain(game, move, legal))


def unheld_card(hand: Sequence[Card], cards: Sequence[Card]) -> Card | None:
    """The first of ``cards`` that ``hand`` does not hold, counting copies (a play of 7s 7s
    needs two), or ``None``: how a play that a rule made, not one listed, is checked."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return card
        left.remove(card)
    return None


def listed(game: Position, move: Move, legal: tuple[Move, ...]) -> Move | None:
    """The move of ``legal`` that ``move`` is -- itself, or a multi-card play of the same
    cards in the listed order -- or ``None``."""
    if move in legal:
        return move
    if type(move) is Play and len(move.cards) > 2:
        found = Play(canonical_order(game, move.cards), move.choice, move.calls)
        if found in legal:
            return found
    return None


def _why_not_played(game: Position, move: Play, legal: tuple[Move, ...], state: str) -> str:
    """Why ``move``, a play of cards the seat holds, is not in ``legal``: the cards cannot
    be played at all, or not in that order (the first card and the last count, as
    `listed` reads a play: `canonical_order`), or they can, but not with its choice or its
    calls (``9h +makao`` with two cards left: the call is what is wrong, not the card)."""
    cards, text = Counter(move.cards), " ".join(map(str, move.cards))
    order = canonical_order(game, move.cards)
    same: list[Play] = []  # loops, not comprehensions: no cell (test_core_no_cells)
    in_order: list[Play] = []
    for listed_move in legal:
        if type(listed_move) is Play and Counter(listed_move.cards) == cards:
            same.append(listed_move)
            if listed_move.cards == order:
                in_order.append(listed_move)
    if not same:
        return f"{text} cannot be played on {state}"
    if not in_order:
        other = " ".join(map(str, same[0].cards))
        return f"{text} cannot be played in that order on {state} ({other} may)"
    for play in in_order:
        if Play(play.cards, move.choice, play.calls) == play:  # the same choice: the calls
            calls = " ".join(f"+{call}" for call in move.calls) or "no call"
            return f"{text} may be played, but not with {calls}"
    chosen = "no choice" if move.choice is None else f"the choice {move.choice}"
    return f"{text} may be played, but not with {chosen}"


def explain(game: Position, move: Move, legal: tuple[Move, ...]) -> str:
    """A message saying why ``move`` is illegal now and listing what is allowed."""
    seat = game.to_move
    reason = _reason(game, move, seat, legal)
    allowed = [str(m) for m in legal if actor(game, m) == actor(game, move)]
    listed = ", ".join(allowed[:20]) + (" …" if len(allowed) > 20 else "")
    who = actor(game, move)
    return f"illegal move {str(move)!r}: {reason}; legal for seat {who} now: {listed or 'nothing'}"


def _reason(game: Position, move: Move, seat: int, legal: tuple[Move, ...]) -> str:
    effect = game.effect
    state = f"top card {game.pile[-1]}" + (
        "" if effect is None else f", {effect.to_text()} in force"
    )
    if type(move) is Play:
        hand = list(game.hands[seat])
        for card in move.cards:
            if card not in hand:
                return f"seat {seat} does not hold {card}"
            hand.remove(card)
        if len({card.rank for card in move.cards}) > 1:
            return "all cards of one play must share a rank (PL-7)"
        if len(move.cards) > 1 and not game.compiled.multi_card:
            return "this variant allows one card per move"
        if (
            game.drawn is not None
            and move.cards != (game.drawn,)
            and not game.compiled.play_any_after_draw
        ):
            return f"after drawing, only the drawn card {game.drawn} may be played (PL-8)"
        return _why_not_played(game, move, legal, state)
    if type(move) is Draw:
        return f"drawing is not allowed now ({state})"
    if type(move) is Pass:
        return f"passing is not allowed now ({state})"
    return "that action is not open now"
