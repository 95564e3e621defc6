"""`Effect.answers`: the answer sets that move generation looks cards up in agree with
`Effect.allows`, card by card, for every built-in effect met in random games of every
variant, and for every top card of the Polish and Russian attacks (PL-12, RU-11), waits
(PL-17) and demands (PL-23)."""

from __future__ import annotations

import pytest

from _positions import random_positions
from makao import ALL_CARDS, Card, Game, Variant, _movegen, variants
from makao.rules import BattleCards, RankDemandCards, WaitCards
from makao.rules.base import Effect, Table


def disagreements(game: Game, effect: Effect) -> list[str]:
    """The cards on which ``effect.answers(top)`` and ``effect.allows`` disagree."""
    answers = effect.answers(game.top)
    if answers is None:
        return []
    return [
        f"{card} on {game.top} under {effect.to_text()}"
        for card in ALL_CARDS
        if (card in answers) != effect.allows(game, card)
    ]


@pytest.mark.parametrize("name", variants.names())
@pytest.mark.parametrize("players", [3, 4])
def test_answer_sets_agree_with_allows_in_random_games(name: str, players: int) -> None:
    checked = 0
    for game in random_positions(name, players, seeds=6, steps=600):
        if game.effect is not None and game.effect.answers(game.top) is not None:
            assert disagreements(game, game.effect) == []
            checked += 1
    if name in ("polish", "russian", "mao", "switch", "prsi", "mau-mau"):
        assert checked > 0, "no effect with an answer set was met"  # crazy eights: suits only


@pytest.mark.parametrize("variant", [variants.polish(), variants.russian()])
def test_pl_12_ru_11_attack_answers_agree_on_every_top_card(variant: Variant) -> None:
    rule = next(r for r in variant.rules if isinstance(r, BattleCards))
    for top, _ in rule.penalties:
        game = Game.from_position(variant, [str(top)] * 2, pile=str(top), effect="attack 2 by 0")
        effect = game.effect
        assert effect is not None and effect.answers(top) is not None
        assert disagreements(game, effect) == []
        assert effect.answers(top) == frozenset(c for c in ALL_CARDS if rule.answers(top, c))


def test_pl_17_wait_and_pl_23_demand_answers_agree_on_every_top_card() -> None:
    variant = variants.polish()
    wait = next(r for r in variant.rules if isinstance(r, WaitCards))
    demand = next(r for r in variant.rules if isinstance(r, RankDemandCards))
    for top in ALL_CARDS:
        for text in ("wait 1 by 0", *(f"demand {rank.text} by 0" for rank in demand.ranks)):
            game = Game.from_position(variant, ["5h", "5c"], pile=str(top), effect=text)
            assert game.effect is not None
            assert disagreements(game, game.effect) == []
    assert wait.cards == frozenset(c for c in ALL_CARDS if c.rank == 4)


def test_an_effect_without_an_answer_set_is_asked_card_by_card() -> None:
    class Anything(Effect):
        def allows(self, game: Table, card: Card) -> bool:
            return True

    assert Anything().answers(ALL_CARDS[0]) is None


def test_pl_12_answer_sets_read_as_flags_flag_exactly_their_cards() -> None:
    """Move generation reads an effect's answers as flags by card index (PL-12, PL-17,
    PL-23): the flags of a set are set for its cards and no other, the same object every
    time the set is met, and the table that keeps them starts again past its limit."""
    sets = [frozenset(ALL_CARDS[index] for index in range(start, 52, 7)) for start in range(7)]
    for cards in sets:
        flags = _movegen._flags_of(cards)
        assert flags == tuple(card in cards for card in ALL_CARDS)
        assert _movegen._ANSWER_FLAGS.get(cards) is flags
        hand = tuple(ALL_CARDS[::3])
        assert _movegen.flagged_in(hand, flags) == [card for card in hand if card in cards]
    for index in range(_movegen._KEPT_FLAGS + 5):  # distinct sets: the table stays bounded
        _movegen._flags_of(frozenset(ALL_CARDS[bit] for bit in range(13) if index >> bit & 1))
    assert 0 < len(_movegen._ANSWER_FLAGS) <= _movegen._KEPT_FLAGS
