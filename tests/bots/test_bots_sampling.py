"""Bots: determinization (`sample_hidden`, `Determinizer`, `unseen_cards`) keeps what the
view shows, deals exactly the cards the view does not show, and refuses views no deal fits."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from makao import Game, variants
from makao.bots import Determinizer, sample_hidden, unseen_cards
from makao.bots.sampling import was_stuck
from makao.errors import SetupError, StateError

POLISH = variants.polish()


def test_unseen_cards_refuses_a_view_with_more_copies_than_the_deck() -> None:
    """A one-deck view that shows the five of clubs twice (own hand and pile) fits no deal."""
    game = Game.from_position(POLISH, hands=["5c 6c", "Kd Kh"], pile="9h 5c", to_move=0)
    with pytest.raises(StateError, match="more copies"):
        unseen_cards(game.view(0))


def test_sample_hidden_refuses_a_view_needing_more_hidden_cards_than_are_unseen() -> None:
    """A view whose hands and stock need one card more than the deck leaves unseen is
    refused rather than dealt short."""
    game = Game.new(POLISH, 3, seed=2)
    view = game.view(0)
    assert len(unseen_cards(view)) == sum(view.hand_sizes[1:]) + view.stock_size
    Determinizer(view)  # exactly enough: fine
    short = view._replace(stock_size=view.stock_size + 1)
    with pytest.raises(StateError, match="hidden cards"):
        Determinizer(short)


def test_sample_hidden_keeps_direction_finished_players_and_public_state() -> None:
    """Four seats, play running backwards, seat 2 already out, and seat 3 owing a
    "makao" (public rule state): each sampled game shows seat 0 the very same view."""
    game = Game.from_position(
        POLISH,
        hands=["5c 6c 7d", "Kd Kh 9s", "", "8h 9h"],
        pile="9c 5h",
        stock="2c 3c 4c",
        to_move=3,
        finished=[2],
        direction=-1,
    )
    game.play("9h")  # seat 3 keeps one card and says nothing: seat 3 owes "makao"
    view = game.view(0)
    assert view.direction == -1 and view.finished == (2,) and view.public
    for seed in range(5):
        sampled = sample_hidden(view, random.Random(seed))
        assert sampled.view(0) == view


def test_sample_hidden_leaves_cards_out_of_play_out_of_the_stock() -> None:
    """A position with fewer cards than the deck (cards out of play): the sampled stock
    has the size the view shows, and the extra unseen cards go nowhere."""
    game = Game.from_position(POLISH, hands=["5c 6c", "Kd Kh"], pile="9h", stock="2s 3s", to_move=0)
    view = game.view(0)
    unseen = Counter(unseen_cards(view))
    for seed in range(5):
        sampled = sample_hidden(view, random.Random(seed))
        assert sampled.stock_size == 2 and len(sampled.hand(1)) == 2
        assert sampled.view(0) == view
        dealt = Counter(sampled.stock) + Counter(sampled.hand(1))
        assert not dealt - unseen  # only unseen cards, none twice


def test_sample_hidden_never_deals_the_real_hidden_cards_for_sure() -> None:
    """The other hand and the stock come from the unseen cards at random: over a few
    seeds the opponent's sampled hand is not always their real one, and the sample is a
    function of the view and the seed alone."""
    game = Game.new(POLISH, 2, seed=9)
    view = game.view(0)
    hands = [sample_hidden(view, random.Random(seed)).hand(1) for seed in range(5)]
    assert any(hand != game.hand(1) for hand in hands)
    again = [sample_hidden(view, random.Random(seed)).hand(1) for seed in range(5)]
    assert again == hands


def test_each_sampled_game_draws_its_own_chance_from_the_rng() -> None:
    """Two samples of one view dealt from the same cards but with different seeds go on
    differently: the sampled game's own chance (its `rng`, later reshuffles) comes from
    the sampling `rng`, not from the position the view was built from."""
    game = Game.from_position(
        POLISH, hands=["5c 6c", "Kd Kh"], pile="7h 8h 9h 10h Jh Qh 2s 3s 4d", to_move=0
    )
    view = game.view(0)
    states = {sample_hidden(view, random.Random(seed)).rng for seed in range(4)}
    assert len(states) == 4


def test_was_stuck_asks_whether_the_hand_without_the_drawn_card_could_play() -> None:
    """RU-9: a player who drew the nine of spades onto the nine of hearts was stuck if the
    rest of the hand has nothing to play, not if the rest could play too."""
    stuck = Game.from_position(POLISH, hands=["5c 9s", "6d 7d"], pile="9h")
    free = Game.from_position(POLISH, hands=["5h 9s", "6d 7d"], pile="9h")
    assert was_stuck(stuck, 0, stuck.hands[0][1])
    assert not was_stuck(free, 0, free.hands[0][1])


def test_each_sampled_game_gets_its_own_seed_from_the_rng() -> None:
    """A sampled deal is reseeded from the sampling `rng`: different seeds give sampled
    games of different `seed`, the same seed the same one."""
    game = Game.new(POLISH, 2, seed=9)
    view = game.view(0)
    seeds = [sample_hidden(view, random.Random(seed)).seed for seed in range(4)]
    assert len(set(seeds)) == 4
    assert sample_hidden(view, random.Random(0)).seed == seeds[0]


def _tables() -> list[tuple[str, int]]:
    """Every variant at every table size from 2 to 8 it allows."""
    tables = []
    for name in variants.names():
        start = variants.get(name).compiled.start
        high = min(start.max_players or 8, 8)
        tables += [(name, players) for players in range(max(start.min_players, 2), high + 1)]
    return tables


@pytest.mark.parametrize(("name", "players"), _tables())
def test_pl_1_the_unseen_cards_are_the_hidden_cards_of_every_variant_and_table(
    name: str, players: int
) -> None:
    """PL-1 (and each variant's deck: two decks for larger tables, prší's and Mau-Mau's
    32 cards): the cards a seat cannot see are exactly the other hands and the stock,
    and a sample deals exactly those, keeping the view."""
    game = Game.new(variants.get(name), players, seed=players)
    rng = random.Random(players)
    for step in range(12):
        if game.is_over:
            break
        if step % 4 == 0:
            seat = step % players
            view = game.view(seat)
            hidden = Counter(game.stock)
            for other in range(players):
                if other != seat:
                    hidden.update(game.hand(other))
            assert Counter(unseen_cards(view)) == hidden
            sampled = Determinizer(view).sample(rng)
            dealt = Counter(sampled.stock)
            for other in range(players):
                if other != seat:
                    dealt.update(sampled.hand(other))
            assert dealt == hidden
            assert sampled.view(seat) == view
        game.play(rng.choice(game.legal_moves()))


def test_a_determinizer_samples_alike_from_alike_seeds_however_often_it_sampled() -> None:
    """A `Determinizer` deals from its unseen cards afresh each time: a sample depends on
    the view and the sampling `rng` alone, not on the samples dealt before."""
    view = Game.new(POLISH, 3, seed=4).view(0)
    determinizer = Determinizer(view)
    unseen = list(determinizer.unseen)
    first = determinizer.sample(random.Random(1))
    determinizer.sample(random.Random(2))
    again = determinizer.sample(random.Random(1))
    assert again.hands == first.hands and again.stock == first.stock
    assert determinizer.unseen == unseen == unseen_cards(view)


def test_a_sampled_game_lists_the_moves_of_its_own_deal() -> None:
    """A sample where another seat is to move lists that seat's moves from its sampled
    hand, even when the determinizer's base position was listed before (the listing of
    a game built afresh from the same position)."""
    game = Game.new(POLISH, 3, seed=6)
    viewer = (game.to_move + 1) % 3
    determinizer = Determinizer(game.view(viewer))
    assert determinizer.base.legal_moves()  # the base position, its hidden hands empty
    for seed in range(3):
        sampled = determinizer.sample(random.Random(seed))
        fresh = pickle.loads(pickle.dumps(sampled))
        assert sampled.legal_moves() == fresh.legal_moves()


@pytest.mark.parametrize("view", [None, "view", Game.new(POLISH, 2, seed=1)])
def test_sampling_refuses_what_is_no_view(view: object) -> None:
    """`unseen_cards`, `Determinizer` and `sample_hidden` take a view (not a game)."""
    with pytest.raises(SetupError, match="View"):
        unseen_cards(view)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="View"):
        Determinizer(view)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="View"):
        sample_hidden(view, random.Random(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", [None, 3, "seed"])
def test_sampling_refuses_what_is_no_random_generator(rng: object) -> None:
    """The hidden cards are dealt with a `random.Random` only."""
    view = Game.new(POLISH, 2, seed=1).view(0)
    with pytest.raises(SetupError, match="rng"):
        sample_hidden(view, rng)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="rng"):
        Determinizer(view).sample(rng)  # type: ignore[arg-type]


def test_pl_36_a_sampled_game_keeps_the_stalled_passes_and_ends_blocked_as_the_real_one() -> None:
    """PL-36: with nothing to play or draw, seat 1 passed; seat 0, stuck too, passes and
    the game ends blocked. Every seat saw the first pass, so a game sampled from seat 0's
    view counts it too (`View.stuck`) and ends blocked at the same pass (a sample that
    counted none went on, seat 1 passing again)."""
    game = Game.from_position(POLISH, hands=["5h 6h", "5c 6c 9s"], pile="Kd", to_move=1)
    game.play("pass")
    view = game.view(0)
    assert view.stuck == game.stuck == 1
    for seed in range(3):
        sampled = sample_hidden(view, random.Random(seed))
        assert sampled.stuck == 1 and sampled.view(0) == view
        assert sampled.play("pass") == game.clone().play("pass")
        assert sampled.is_over and sampled.blocked


@pytest.mark.parametrize("name", variants.names())
def test_pl_36_every_public_count_of_stalled_passes_survives_sampling(name: str) -> None:
    """Every variant, from dealt games' hands and top card with no stock (the other
    cards out of play), so that seats get stuck (PL-36): at every step of random play each
    seat's view, and the game sampled from it, has the real game's count of stalled passes."""
    variant = variants.get(name)
    players = 4 if name == "mao" else 3
    counts = set()
    for seed in range(40):
        dealt = Game.new(variant, players, seed=seed)
        game = Game.from_position(
            variant, hands=dealt.hands, pile=[dealt.top], to_move=dealt.to_move
        )
        rng = random.Random(seed)
        for _ in range(60):
            if game.is_over:
                break
            for seat in range(players):
                view = game.view(seat)
                assert view.stuck == game.stuck
                assert sample_hidden(view, rng).stuck == game.stuck
            counts.add(game.stuck)
            game.play(rng.choice(game.legal_moves()))
    assert max(counts) > 0  # seats did get stuck
