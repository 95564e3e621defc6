"""The kept listings of plays (`makao._movegen._cached_group`, PL-7, and the one-card
rows) tell apart everything the listed plays depend on: the rule that answers the effect
in force (which a user's effect may make give every answer a choice, or keep every card's
own rule from acting), and for groups the other cards held and the hand size
(`RuleSet.group_slots`)."""

from __future__ import annotations

import attrs

from makao import Card, Game, Rank, Suit, variants
from makao.moves import Play
from makao.rules import CardRule, Effect, LastCardCall, Table


@attrs.frozen
class _AceAnswers(Effect):
    """A user's effect that any card answers, with the Polish ace's rule (PL-26) as its
    answer rule, which takes every play or only those of cards with no rule of their own
    (``overrides``)."""

    rule: CardRule
    overrides: bool

    def allows(self, game: Table, card: Card) -> bool:
        return True

    @property
    def answer_rule(self) -> CardRule | None:
        return self.rule

    @property
    def answer_overrides(self) -> bool:
        return self.overrides

    def to_text(self) -> str:
        return "ace answers"


def _pairs(game: Game) -> list[Play]:
    return [move for move in game.legal_moves() if isinstance(move, Play) and len(move.cards) > 1]


def _plays_of(game: Game, rank: Rank) -> list[Play]:
    return [
        move for move in game.legal_moves() if isinstance(move, Play) and move.cards[0].rank is rank
    ]


def test_pl_7_pl_26_group_plays_are_kept_apart_per_answer_rule() -> None:
    """The same pair of sevens, the same hand size, one deck: listed first with no effect
    (no choice), then under the effect, where each play names a suit -- not the plays kept
    from the first listing."""
    variant = variants.polish()
    position = {"hands": ["7h 7s 9c", "5d 6d"], "pile": "7d", "stock": "2c 3c 4c", "to_move": 0}
    plain = _pairs(Game.from_position(variant, **position))  # type: ignore[arg-type]
    assert plain and all(move.choice is None for move in plain)

    game = Game.from_position(variant, **position)  # type: ignore[arg-type]
    ace = game.rule_for(Card.parse("Ah"))
    assert ace is not None
    game.set_effect(_AceAnswers(ace, overrides=True))
    answered = _pairs(game)
    assert {move.cards for move in answered} == {move.cards for move in plain}
    assert {move.choice for move in answered} == set(Suit)


@attrs.frozen
class _NoCardRuleActs(Effect):
    """A user's effect that any card answers and whose answer rule -- none -- takes every
    play made on it (`answer_overrides`): no card's own rule acts on it."""

    def allows(self, game: Table, card: Card) -> bool:
        return True

    @property
    def answer_overrides(self) -> bool:
        return True

    def to_text(self) -> str:
        return "no card rule acts"


def test_pl_21_an_effect_whose_missing_answer_rule_takes_every_play_keeps_its_own_listing() -> None:
    """Listed first under a named suit (no answer rule: a jack's own rule acts, its plays
    demand a rank, PL-21), then under an effect with no answer rule that takes every play:
    there the jack demands nothing -- not the plays kept from the first listing."""
    variant = variants.polish()
    position = {"hands": ["Js 5c", "6d 7d"], "pile": "As", "stock": "2c 3c 4c", "to_move": 0}
    named = Game.from_position(variant, effect="suit s", **position)  # type: ignore[arg-type]
    jacks = _plays_of(named, Rank.JACK)
    assert len(jacks) > 1 and any(move.choice is not None for move in jacks)

    game = Game.from_position(variant, **position)  # type: ignore[arg-type]
    game.set_effect(_NoCardRuleActs())
    jacks = _plays_of(game, Rank.JACK)
    assert jacks and {move.choice for move in jacks} == {None}


def _kept_entries(game: Game) -> int:
    """How many listings the game's rule set keeps (groups', one-card plays', others')."""
    rules = game.compiled
    singles = 0
    for rows in rules.single_plays.values():
        singles += sum(entry is not None for line in rows for entry in line)
    return singles + sum(map(len, rules.group_plays)) + len(rules.play_cache)


def test_pl_26_an_effect_with_no_answer_rule_shares_the_plays_listed_with_no_effect() -> None:
    """Under a named suit (PL-26: an effect with no answer rule, which takes no play) a
    card acts by its own rule, as with no effect: the plays of a group of sevens and of a
    lone nine listed there are those kept from a listing with no effect in force (no new
    entry), and the same as listed afresh."""
    variant = variants.polish()
    hands = ["7s 7h 9s", "5d 6d"]
    plain = Game.from_position(variant, hands=hands, pile="5s", stock="2c 3c 4c", to_move=0)
    plays = [move for move in plain.legal_moves() if isinstance(move, Play)]
    entries = _kept_entries(plain)
    named = Game.from_position(
        variant, hands=hands, pile="As", stock="2c 3c 4c", to_move=0, effect="suit s"
    )
    assert named.effect is not None and named.effect.answer_rule is None
    assert [move for move in named.legal_moves() if isinstance(move, Play)] == plays
    assert _kept_entries(named) == entries
    fresh = Game.from_position(
        variants.polish(), hands=hands, pile="As", stock="2c 3c 4c", to_move=0, effect="suit s"
    )
    assert list(map(str, fresh.legal_moves())) == list(map(str, named.legal_moves()))


def test_pl_7_group_slots_tell_apart_mates_and_hand_sizes_up_to_the_left_cap() -> None:
    """`RuleSet.group_slots`: one key part below 4,096 per other cards held (four bits,
    and four more for second copies) and hand size, the same for every size from
    ``others + 1 + left_cap`` on (the plays then leave `left_cap` or more cards),
    distinct otherwise."""
    rules = variants.polish().compiled
    seen: set[int] = set()
    for others in range(256):
        row = rules.group_slots[others]
        most = bin(others).count("1") + 1 + rules.left_cap
        assert len(row) == 16 and all(0 <= slot < 4096 for slot in row)
        assert set(row[most:]) == {row[most]}
        assert len(set(row[: most + 1])) == most + 1
        assert seen.isdisjoint(row)
        seen.update(row)


def _groups_of(game: Game, first: str) -> set[tuple[str, ...]]:
    """The cards of every listed play starting with ``first``, as texts."""
    return {
        tuple(map(str, move.cards))
        for move in game.legal_moves()
        if isinstance(move, Play) and str(move.cards[0]) == first
    }


def test_pl_7_a_mate_held_twice_joins_a_group_once_or_twice() -> None:
    """With a card twice in the game (`Beginning.repeats`, two decks), a group may take
    one or both copies of a mate, and the plays kept for it (by the group pattern's
    second-copy bits) are not those of a hand that holds the mate once, nor the other
    way round, whichever is listed first: the kept plays are shared by every game of
    the rule set."""
    variant = variants.polish()
    twice = {"hands": ["5h 5s 5s 9c", "6d 7d"], "pile": "9h", "stock": "2c 3c 4c"}
    once = {"hands": ["5h 5s Kc 9c", "6d 7d"], "pile": "9h", "stock": "2c 3c 4c"}
    both = {("5h",), ("5h", "5s"), ("5h", "5s", "5s")}
    single = {("5h",), ("5h", "5s")}
    for first, second in ((twice, once), (once, twice)):
        for position in (first, second):
            game = Game.from_position(variant, **position)  # type: ignore[arg-type]
            assert game.beginning.repeats == (1 if position is twice else 0)
            assert _groups_of(game, "5h") == (both if position is twice else single)


def test_pl_7_a_copy_of_the_first_card_joins_its_group() -> None:
    """The first card's own copy follows it (the same card twice, two decks), alone or
    with a mate held twice, in every order of the middle cards the rules tell apart."""
    variant = variants.polish()
    game = Game.from_position(variant, hands=["5h 5s 5h 5s", "6d 7d"], pile="9h", stock="2c 3c")
    assert len(set(game.legal_moves())) == len(game.legal_moves())  # each listed once
    assert ("5h", "5h") in _groups_of(game, "5h")
    assert ("5h", "5s", "5s", "5h") in _groups_of(game, "5h")
    assert all(
        cards.count("5h") <= 2 and cards.count("5s") <= 2 for cards in _groups_of(game, "5h")
    )


def test_pl_7_three_copies_of_a_card_are_found_by_a_walk_of_the_hand() -> None:
    """A position may hold a card three times (`Beginning.repeats` 2): more than the
    group pattern's two bits per card can say, so the group is found by a walk of the
    hand, and every count of the copies is listed -- not the plays kept for a hand of
    the same size holding the card twice."""
    variant = variants.polish()
    twice = Game.from_position(variant, hands=["5h 5s 5s Kd 9c", "6d 7d"], pile="9h", stock="2c")
    assert ("5h", "5s", "5s") in _groups_of(twice, "5h")
    game = Game.from_position(variant, hands=["5h 5s 5s 5s 9c", "6d 7d"], pile="9h", stock="2c")
    assert game.beginning.repeats == 2
    assert _groups_of(game, "5h") == {("5h",) + ("5s",) * count for count in range(4)}


def test_pl_1_beginning_repeats_follows_the_decks_and_the_position() -> None:
    """`Beginning.repeats`: 0 for one deck (PL-1: up to 4 players), 1 for two decks (5 or
    more), and for a set-up position the most copies of a card in it or in the decks,
    less one."""
    variant = variants.polish()
    assert Game.new(variant, 2, seed=1).beginning.repeats == 0
    assert Game.new(variant, 2, seed=1).beginning.distinct
    assert Game.new(variant, 8, seed=1).beginning.repeats == 1
    assert not Game.new(variant, 8, seed=1).beginning.distinct
    loose = Game.from_position(variant, hands=["5h 5h 5h", "6d"], pile="9h")
    assert loose.beginning.repeats == 2


def test_pl_7_three_copies_of_the_first_card_alone_make_a_group() -> None:
    """A card held three times (`Beginning.repeats` 2) with no other card of its rank:
    its copies still follow it, one or two of them (PL-7), each play listed once."""
    game = Game.from_position(variants.polish(), hands=["5h 5h 5h 9c", "6d 7d"], pile="9h")
    assert game.beginning.repeats == 2
    assert _groups_of(game, "5h") == {("5h",), ("5h", "5h"), ("5h", "5h", "5h")}
    assert len(set(game.legal_moves())) == len(game.legal_moves())


def test_pl_7_three_copies_held_apart_list_each_play_once() -> None:
    """Copies of a mate held apart in the hand (``5s 5h 5d 5s 5s``, three copies): the
    group's plays are found as if the copies were side by side, each listed once, and the
    same as for the hand in another order."""
    variant = variants.polish()
    apart = Game.from_position(variant, hands=["5s 5h 5d 5s 5s", "6d 7d"], pile="9h")
    together = Game.from_position(variant, hands=["5h 5d 5s 5s 5s", "6d 7d"], pile="9h")
    assert apart.beginning.repeats == 2
    assert len(set(apart.legal_moves())) == len(apart.legal_moves())
    assert apart.legal_moves() == together.legal_moves()
    assert ("5h", "5s", "5s", "5s", "5d") in _groups_of(apart, "5h")


def _calls_of(game: Game, cards: str) -> set[tuple[str, ...]]:
    """The calls of every listed play of ``cards`` (a text), as given."""
    return {
        move.calls
        for move in game.legal_moves()
        if isinstance(move, Play) and " ".join(map(str, move.cards)) == cards
    }


def test_pl_29_pl_31_groups_of_three_copies_are_kept_per_cards_left() -> None:
    """A group of three copies (`Beginning.repeats` 2) played from four cards leaves one,
    with "makao" optional (PL-29); from five it leaves two, with no call: the plays kept
    for one hand size are not those of the other, whichever is listed first."""
    variant = variants.polish()
    four = {"hands": ["5h 5h 5h 9c", "6d 7d"], "pile": "9h", "stock": "2c 3c"}
    five = {"hands": ["5h 5h 5h 9c 9d", "6d 7d"], "pile": "9h", "stock": "2c 3c"}
    for first, second in ((four, five), (five, four)):
        for position in (first, second):
            game = Game.from_position(variant, **position)  # type: ignore[arg-type]
            expected = {(), ("makao",)} if position is four else {()}
            assert _calls_of(game, "5h 5h 5h") == expected


@attrs.frozen
class _NoCardFollows(Effect):
    """A user's effect that any card answers, but that no card may follow
    (`allows_extra`): every play on it is of one card."""

    def allows(self, game: Table, card: Card) -> bool:
        return True

    def allows_extra(self, game: Table, card: Card) -> bool:
        return False

    def to_text(self) -> str:
        return "no card follows"


def test_pl_7_an_effect_that_lets_no_card_follow_refuses_a_copy_of_the_first() -> None:
    """Two decks: under an effect whose `allows_extra` refuses every card, neither a mate
    nor the first card's own copy joins it (PL-7 groups only where the effect allows)."""
    game = Game.from_position(
        variants.polish(), hands=["7h 7h 7s 5c", "6d 7d"], pile="7d", stock="2c 3c"
    )
    assert game.beginning.repeats == 1
    game.set_effect(_NoCardFollows())
    assert game.legal_moves_text() == ["7h", "7s", "5c"]


def test_pl_16_a_defence_takes_no_ordinary_king_held_twice() -> None:
    """Two decks, K♥ defending an attack (PL-12) with K♣ held twice: K♣ is no battle
    card, so neither copy joins the defence (PL-16)."""
    game = Game.from_position(
        variants.polish(), hands=["Kh Kc Kc 5d", "6d"], pile="2h", effect="attack 2 by 1"
    )
    assert game.beginning.repeats == 1
    assert game.legal_moves_text() == ["Kh", "draw"]


def test_pl_21_pl_26_one_answer_rule_taking_every_play_or_not_is_kept_apart() -> None:
    """The same answer rule (the ace's), taking every play or not: a jack answering it
    names a suit in the first case (PL-26), demands a rank by its own rule in the second
    (PL-21), whichever is listed first."""
    for order in ((True, False), (False, True)):
        variant = variants.polish().without(LastCardCall)  # a rule set no other test lists
        for overrides in order:
            game = Game.from_position(variant, hands=["Js 5c", "6d 7d"], pile="5s", stock="2c")
            ace = game.rule_for(Card.parse("Ah"))
            assert ace is not None
            game.set_effect(_AceAnswers(ace, overrides))
            kinds = {type(move.choice) for move in _plays_of(game, Rank.JACK)}
            assert kinds == ({Suit} if overrides else {type(None), Rank})


def test_pl_7_the_kept_listings_of_a_rule_set_stay_bounded() -> None:
    """PL-7: a rule set keeps the plays it lists (`RuleSet.play_cache`, `sequence_cache`,
    `interned_plays`) for every later game, but each table keeps at most
    `MOST_KEPT_PLAYS` entries: a full table is emptied before it takes another (positions
    with many copies of a rank, as a server loading saves may be sent, kept every play
    they listed for ever). The plays listed are those listed afresh."""
    from makao.tables import MOST_KEPT_PLAYS

    variant = variants.polish(po_makale_penalty=41)  # a rule set few other tests share
    hands = ["5h 5h 5h 5d 9c", "6c 7c"]
    fresh = Game.from_position(variant, hands, "5c").legal_moves()
    rules = variant.compiled
    tables = (rules.play_cache, rules.sequence_cache, rules.interned_plays)
    try:
        for table in tables:
            table.clear()
            for number in range(MOST_KEPT_PLAYS):
                table[("filler", number)] = ()
        game = Game.from_position(variant, hands, "5c")
        assert game.legal_moves() == fresh
        assert [len(table) <= MOST_KEPT_PLAYS for table in tables] == [True] * 3
    finally:
        for table in tables:
            table.clear()


def test_pl_7_the_plays_of_a_group_larger_than_two_decks_are_not_kept() -> None:
    """PL-7: the sequences and plays of a group of more than `KEPT_GROUP` cards (three
    copies of a card or more, from a set-up position) are worked out at each listing, not
    kept: their number grows exponentially with the group, and positions of different such
    hands kept them all. The plays listed are the same each time."""
    from makao import _movegen
    from makao.tables import KEPT_GROUP

    variant = variants.polish(po_makale_penalty=42)
    hands = ["5h 5h 5h 5d 5d 5d 5c 5c 5c 9c", "6c 7c"]
    first = Game.from_position(variant, hands, "5s").legal_moves()
    assert Game.from_position(variant, hands, "5s").legal_moves() == first
    assert len(first) > 100
    groups = [len(others) + 1 for _, others in variant.compiled.sequence_cache]
    groups += [len(key[1]) + 1 for key in variant.compiled.play_cache if len(key) == 4]
    shapes = [sum(shape) + 1 for shape in _movegen._UNIFORM_ORDERS]
    assert max(groups, default=0) <= KEPT_GROUP
    assert max(shapes, default=0) <= KEPT_GROUP


def test_pl_7_the_plays_of_a_group_of_eight_cards_are_kept_and_of_nine_are_not() -> None:
    """PL-7: docs/limits.md keeps the plays of every group of two decks, 8 cards
    (`KEPT_GROUP`), and works out those of a larger one at each listing: a group of eight
    fives with three copies of one is kept, one of nine is not."""
    variant = variants.polish(po_makale_penalty=43)
    rules = variant.compiled

    def largest_kept(fives: str) -> int:
        """The most cards of a group kept after listing a hand of ``fives`` and 9♣."""
        rules.play_cache.clear()
        rules.sequence_cache.clear()
        Game.from_position(variant, [f"{fives} 9c", "6c 7c"], "5s").legal_moves()
        kept = {len(others) + 1 for _, others in rules.sequence_cache}
        kept |= {len(key[1]) + 1 for key in rules.play_cache if len(key) == 4}
        return max(kept, default=0)

    assert largest_kept("5h 5h 5h 5d 5d 5c 5c 5s") == 8
    assert largest_kept("5h 5h 5h 5d 5d 5c 5c 5s 5s") < 9


def test_pl_7_a_full_table_of_plays_is_emptied_first_and_keeps_the_new_plays() -> None:
    """PL-7: a table of plays (`RuleSet.play_cache`, `RuleSet.interned_plays`) that holds
    `MOST_KEPT_PLAYS` entries is emptied before it takes another: it never holds more,
    and it then keeps every entry the listing made (none is lost to a later emptying)."""
    from makao.tables import MOST_KEPT_PLAYS

    variant = variants.polish(po_makale_penalty=44)
    rules = variant.compiled
    hands = ["5h 5d Kd", "6c 7c"]

    tables = (rules.play_cache, rules.interned_plays)

    def listing(table: object) -> list[str]:
        for group in rules.plain_group_plays:  # listed afresh, not read from the slots
            group[:] = [None] * len(group)
        for other in tables:  # nor from the other table
            if other is not table:
                other.clear()
        return Game.from_position(variant, hands, "5c").legal_moves_text()

    for table in tables:
        try:
            table.clear()
            fresh = listing(table)
            made = set(table)
            assert made
            table.clear()
            for number in range(MOST_KEPT_PLAYS):
                table[("filler", number)] = ()
            assert listing(table) == fresh
            assert len(table) <= MOST_KEPT_PLAYS and made <= set(table)
        finally:
            table.clear()


def test_pl_7_a_groups_plays_are_kept_in_a_full_table_emptied_first() -> None:
    """PL-7: the plays of a group with three copies of a card are kept in
    `RuleSet.play_cache`; when it is full the table is emptied first and then takes them
    (it never holds more than `MOST_KEPT_PLAYS`, and the group's plays stay kept)."""
    from makao.tables import MOST_KEPT_PLAYS

    variant = variants.polish(po_makale_penalty=45)
    cache = variant.compiled.play_cache
    hands = ["5h 5h 5h 5d 9c", "6c 7c"]
    try:
        cache.clear()
        fresh = Game.from_position(variant, hands, "5c").legal_moves()
        groups = [key for key in cache if len(key) == 4]  # (first, group, size, answer)
        assert groups
        for key in groups:
            del cache[key]
        for number in range(MOST_KEPT_PLAYS - len(cache)):
            cache[("filler", number)] = ()
        assert Game.from_position(variant, hands, "5c").legal_moves() == fresh
        assert len(cache) <= MOST_KEPT_PLAYS and all(key in cache for key in groups)
    finally:
        cache.clear()
