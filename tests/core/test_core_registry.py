"""The registries of variants and bots: `makao.variants.register` and `makao.bots.register`,
found by name or alias, and their refusals of bad names, factories and taken names."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator

import pytest

from makao import Game, bots, serialize, variants
from makao.bots import RandomBot
from makao.errors import SetupError, StateError
from makao.rules import BattleCards, Wild
from makao.sim.spec import describe, parse_bot, parse_variant
from makao.variant import Variant


@pytest.fixture(autouse=True)
def _own_registries(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test registers into copies of the registries, dropped when it ends."""
    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    monkeypatch.setattr(bots, "_BOTS", copy.deepcopy(bots._BOTS))
    yield


def no_wilds(*, hand_size: int = 5) -> Variant:
    """Polish without wild cards (a test variant)."""
    return variants.polish().without(Wild, name="no-wilds")


def test_a_registered_variant_is_found_by_name_and_alias_in_any_spelling() -> None:
    variants.register("no-wilds", no_wilds, "plain_polish")
    for name in ("no-wilds", "No Wilds", "no_wilds", "plain polish", "PLAIN-POLISH"):
        assert variants.get(name) == no_wilds()
    assert variants.names()[-1] == "no-wilds"
    assert variants.aliases("no-wilds") == ("plain-polish",)
    assert parse_variant("No Wilds: hand_size=5") == no_wilds()
    assert describe(no_wilds()) == "no-wilds"


def test_a_game_of_a_registered_variant_loads_by_its_name() -> None:
    variants.register("no-wilds", no_wilds)
    game = Game.new(variants.get("no-wilds"), 2, seed=3)
    game.play(game.legal_moves()[0])
    assert Game.from_json(game.to_json()) == game


def test_the_built_in_aliases_are_listed() -> None:
    assert variants.aliases("polish") == ("pl", "makao")
    assert variants.aliases("crazy-eights") == ("crazy-8s",)
    assert variants.aliases("prsi") == ("prší",)


@pytest.mark.parametrize(
    ("name", "factory", "aliases", "message"),
    [
        ("", no_wilds, (), "a variant's name must not be empty"),
        ("  ", no_wilds, (), "a variant's name must not be empty"),
        (5, no_wilds, (), "a variant's name is a string, not int"),
        ("mine", 5, (), "a variant's factory must be callable, not 5"),
        ("mine", no_wilds, ("",), "a variant's name must not be empty"),
        ("polish", no_wilds, (), "'polish' is a built-in variant: register under another name"),
        ("Polish", no_wilds, (), "'polish' already names the variant 'polish'"),
        ("mine", no_wilds, ("pl",), "'pl' already names the variant 'polish'"),
        ("mine", no_wilds, ("Crazy 8s",), "'crazy-8s' already names the variant 'crazy-eights'"),
    ],
)
def test_register_refuses_bad_and_taken_names_and_factories(
    name: object, factory: object, aliases: tuple[object, ...], message: str
) -> None:
    before = (variants.names(), variants.aliases("polish"))
    with pytest.raises(SetupError, match=f"^{message}$"):
        variants.register(name, factory, *aliases)  # type: ignore[arg-type]
    assert (variants.names(), variants.aliases("polish")) == before
    assert variants.get("pl") == variants.polish()


def test_an_alias_of_one_registered_variant_is_refused_to_another() -> None:
    variants.register("no-wilds", no_wilds, "plain")
    with pytest.raises(SetupError, match="'plain' already names the variant 'no-wilds'"):
        variants.register("other", variants.polish, "plain")
    assert "other" not in variants.names()


def test_registering_a_name_again_replaces_its_factory() -> None:
    """A notebook cell run twice registers its variant again without an error."""
    variants.register("no-wilds", no_wilds)
    variants.register("no-wilds", variants.polish)
    assert variants.get("no-wilds") == variants.polish()
    assert variants.names().count("no-wilds") == 1


def test_a_variant_factorys_value_error_is_a_setup_error_naming_the_variant() -> None:
    def strict(*, size: int = 1) -> Variant:
        """Refuses every size but 1."""
        if size != 1:
            raise ValueError(f"size must be 1, not {size}")
        return variants.polish()

    variants.register("strict", strict)
    with pytest.raises(SetupError, match="bad options for variant 'strict': size must be 1"):
        variants.get("strict", size=2)


def test_pl_10_a_registered_names_custom_save_does_not_load_with_the_registered_variant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PL-10: a factory without options registered as "plain", and a variant composed
    from it that kept its name and (no) options but dropped the battle cards: its save
    (``builtin: false``) loaded with ``variants.get("plain")`` was replayed on those rules,
    and a save of "plain" loaded with the composed one; both are refused. Where the name is
    not registered when loading, the variant passed is taken as it is (nothing to compare)."""

    def plain() -> Variant:
        """Polish without wild cards, no options (a test variant)."""
        return Variant("plain", variants.polish().without(Wild).rules)

    unregistered = copy.deepcopy(variants._VARIANTS)
    variants.register("plain", plain)
    custom = variants.get("plain").without(BattleCards)
    assert (custom.name, custom.options) == ("plain", ()) and not variants.rebuilds(custom)
    custom_save = Game.new(custom, 2, seed=5)
    custom_save.play(custom_save.legal_moves()[0])
    plain_save = Game.new(plain(), 2, seed=5)
    plain_save.play(plain_save.legal_moves()[0])
    with pytest.raises(StateError, match="saved with a custom variant named 'plain'"):
        Game.from_json(custom_save.to_json(), variant=variants.get("plain"))
    with pytest.raises(StateError, match=r"'plain' as makao\.variants\.get builds it"):
        Game.from_json(plain_save.to_json(), variant=custom)
    assert Game.from_json(custom_save.to_json(), variant=custom) == custom_save
    assert Game.from_json(plain_save.to_json()) == plain_save
    monkeypatch.setattr(variants, "_VARIANTS", unregistered)
    assert Game.from_json(plain_save.to_json(), variant=plain()) == plain_save


def test_pl_10_a_save_made_before_its_name_was_registered_is_told_how_to_load() -> None:
    """PL-10: a game of a variant saved before its name was registered records it as custom
    (``builtin: false``); once registered, that very variant is what `get` builds, so the
    save cannot be told from one of another variant of that name and is refused with
    ``variant=`` too. The refusal names the way that rebuilds it from the save's data
    (`serialize.replay`), which gives the same game."""
    mine = variants.polish().without(Wild, name="mine-later")
    game = Game.new(mine, 2, seed=4)
    game.play(game.legal_moves()[0])
    text = game.to_json()
    variants.register("mine-later", lambda: variants.polish().without(Wild, name="mine-later"))
    with pytest.raises(StateError, match=r"makao\.serialize\.replay\(variant, data\['origin'\]"):
        Game.from_json(text, variant=variants.get("mine-later"))
    data = json.loads(text)
    assert serialize.replay(variants.get("mine-later"), data["origin"], data["moves"]) == game


def test_ru_16_a_match_saved_before_its_name_was_registered_is_not_sent_to_replay() -> None:
    """RU-16: a match of a variant saved before its name was registered is refused with
    ``variant=`` as a game is, but not told to rebuild it with `serialize.replay` from
    ``data['origin']``: a match's save has no origin (its deals are its own). Was: the
    game's advice, which fails on a match's save."""
    from makao.match import Match

    mine = variants.russian().without(Wild, name="ru-later")
    match = Match.new(mine, 2, seed=4)
    match.play(match.legal_moves()[0])
    text = match.to_json()
    assert "origin" not in json.loads(text)
    variants.register("ru-later", lambda: variants.russian().without(Wild, name="ru-later"))
    with pytest.raises(StateError, match="saved with a custom variant named 'ru-later'") as caught:
        Match.from_json(text, variant=variants.get("ru-later"))
    assert "serialize.replay" not in str(caught.value)
    assert str(caught.value).endswith("pass the variant it was saved with")


def seeded_random(*, talk: float = 0.0) -> RandomBot:
    """A random bot that never talks (a test bot)."""
    return RandomBot(talk=talk)


def test_a_registered_bot_is_found_by_name_in_any_spelling() -> None:
    bots.register("quiet_random", seeded_random)
    assert bots.names()[-1] == "quiet_random"
    for name in ("quiet_random", "Quiet Random", "quiet-random"):
        assert isinstance(bots.get(name), RandomBot)
    assert isinstance(parse_bot("quiet-random:talk=0.5"), RandomBot)


@pytest.mark.parametrize(
    ("name", "factory", "message"),
    [
        ("", seeded_random, "a bot's name must not be empty"),
        (None, seeded_random, "a bot's name is a string, not NoneType"),
        ("mine", "RandomBot", "a bot's factory must be callable, not 'RandomBot'"),
        ("mcts", seeded_random, "'mcts' is a built-in bot: register under another name"),
        ("MCTS", seeded_random, "'mcts' already names the bot 'mcts'"),
    ],
)
def test_bot_register_refuses_bad_and_taken_names_and_factories(
    name: object, factory: object, message: str
) -> None:
    before = bots.names()
    with pytest.raises(SetupError, match=f"^{message}$"):
        bots.register(name, factory)  # type: ignore[arg-type]
    assert bots.names() == before


@pytest.mark.parametrize("name", [5, None, ("mcts",)])
def test_a_name_that_is_no_string_is_a_setup_error(name: object) -> None:
    lookups: list[Callable[[str], object]] = [
        variants.factory,
        variants.get,
        bots.factory,
        bots.get,
    ]
    for lookup in lookups:
        with pytest.raises(SetupError, match="name is a string, not"):
            lookup(name)  # type: ignore[arg-type]


def test_a_bot_factorys_value_error_is_a_setup_error_naming_the_bot() -> None:
    def picky(*, talk: float = 0.0) -> RandomBot:
        """Refuses talk."""
        if talk:
            raise ValueError("this bot never talks")
        return RandomBot(talk=0.0)

    bots.register("picky", picky)
    with pytest.raises(SetupError, match="bad options for bot 'picky': this bot never talks"):
        bots.get("picky", talk=0.5)


def test_a_name_with_spaces_around_it_finds_its_variant() -> None:
    """One alias rule for every name: spaces around a name do not matter."""
    assert variants.get("  Polish  ") == variants.polish()
    assert variants.factory(" ultimate_mao ") is variants.factory("mao")


def test_a_factorys_own_setup_error_passes_unchanged() -> None:
    def picky(*, size: int = 1) -> Variant:
        """Refuses every size but 1 in its own words."""
        if size != 1:
            raise SetupError("picky wants size 1")
        return variants.polish()

    variants.register("picky", picky)
    with pytest.raises(SetupError, match=r"^picky wants size 1$"):
        variants.get("picky", size=2)


def test_registering_a_name_again_in_another_spelling_replaces_its_factory() -> None:
    """Case, hyphens, underscores and spaces do not matter in a name, so ``No Wilds`` is
    the name ``no-wilds`` again (docs/tutorials/variant.md): it replaces the factory."""
    variants.register("no-wilds", no_wilds, "plain")
    variants.register("No Wilds", variants.polish)
    variants.register("no_wilds", variants.polish, "plain")
    assert variants.get("no-wilds") == variants.get("plain") == variants.polish()
    assert variants.names().count("no-wilds") == 1 and "No Wilds" not in variants.names()
    bots.register("quiet_random", seeded_random)
    bots.register("Quiet Random", RandomBot)
    assert bots.names().count("quiet_random") == 1


@pytest.mark.parametrize(
    ("name", "aliases"),
    [
        ("mao", ("ultimate-mao", "um")),
        ("russian", ("ru", "russian-makao")),
        ("mau-mau", ("maumau",)),
        ("switch", ("last-card",)),
    ],
)
def test_sw_1_mm_1_um_1_ru_1_each_built_in_variant_is_found_by_its_aliases(
    name: str, aliases: tuple[str, ...]
) -> None:
    """SW-1 ("Last Card"), MM-1, UM-1, RU-1: every built-in variant is listed with its
    aliases and built by each of them."""
    assert variants.aliases(name) == aliases
    for alias in aliases:
        assert variants.get(alias) == variants.get(name)


@pytest.mark.parametrize(
    "result", [None, "polish", variants.polish], ids=["none", "text", "factory"]
)
def test_a_factory_that_returns_no_variant_is_refused_by_get(result: object) -> None:
    """A registered factory must return a `Variant`: anything else is a `SetupError` from
    `variants.get` (and so from a spec), not an `AttributeError` later."""
    variants.register("odd", lambda: result)  # type: ignore[arg-type,return-value]
    with pytest.raises(SetupError, match=r"the factory of variant 'odd' must return a Variant"):
        variants.get("odd")
    with pytest.raises(SetupError, match="must return a Variant"):
        parse_variant("odd")


def test_built_ins_names_the_variants_that_come_with_makao_whatever_is_registered() -> None:
    """`variants.built_ins` is every name `names` gives before a program registers one,
    and stays so after: the fixed action numbering is made from it."""
    shipped = variants.built_ins()
    assert shipped == variants.names()
    assert {"polish", "russian", "mao", "crazy-eights", "mau-mau", "prsi", "switch"} <= set(shipped)
    variants.register("mine", variants.polish)
    assert variants.built_ins() == shipped
    assert variants.names() == (*shipped, "mine")


def test_a_variant_given_where_its_name_is_wanted_is_told_how_to_name_it() -> None:
    """The adapters, specs and `variants.get` take a variant's name: a `Variant` itself is
    refused with how one of your own gets a name (register it; on the command line,
    ``--import`` the module that registers it)."""
    mine = variants.polish().without(Wild, name="no-wilds")
    calls = (
        lambda: variants.get(mine),  # type: ignore[arg-type]
        lambda: variants.factory(mine),  # type: ignore[arg-type]
        lambda: variants.aliases(mine),  # type: ignore[arg-type]
    )
    for call in calls:
        with pytest.raises(
            SetupError,
            match=r"^a variant's name is a string, not the Variant 'no-wilds' itself \(one of "
            r"your own is known once registered: makao\.variants\.register, or on the command "
            r"line makao --import MODULE\)$",
        ):
            call()


def test_a_registered_variant_given_where_its_name_is_wanted_is_told_its_name() -> None:
    """A variant its name rebuilds (a built-in's, or a registered factory's) is refused
    with the name to pass and the options that differ from the defaults, as keywords: the
    hint to register it was wrong advice for a variant already registered."""
    for given, hint in (
        (variants.polish(), "pass its name, 'polish'"),
        (
            variants.polish(decks=2, last_card_effect_applies=True),
            "pass its name, 'polish', with its options as keywords: decks=2, "
            "last_card_effect_applies=True",
        ),
        (
            variants.get("switch", hand_size=5),
            "pass its name, 'switch', with its options as keywords: hand_size=5",
        ),
    ):
        with pytest.raises(SetupError) as refused:
            variants.get(given)  # type: ignore[arg-type]
        assert str(refused.value) == (
            f"a variant's name is a string, not the Variant {given.name!r} itself ({hint})"
        )


def test_an_unknown_bot_name_says_how_a_bot_of_ones_own_is_registered() -> None:
    """An unknown bot's error names the bots' register (not the variants')."""
    with pytest.raises(
        SetupError,
        match=r"^unknown bot 'nosuch-bot'; known: .* \(one of your own is known once "
        r"registered: makao\.bots\.register, or on the command line makao --import MODULE\)$",
    ):
        bots.get("nosuch-bot")


def polish_without_wilds() -> Variant:
    """Polish without wild cards, composed and so still named "polish" (a test variant)."""
    return variants.polish().without(Wild)


def test_a_factorys_variant_named_otherwise_is_called_by_its_registered_name() -> None:
    """docs/tutorials/variant.md ("Give it a name"): `get` calls a registered factory's
    variant by its registered name where the name it carries does not build it again. Was:
    ``register("nowild", lambda: polish().without(Wild))`` built a variant called "polish",
    a custom one (``rebuilds`` false), which specs and results named "polish (custom rules)"."""
    variants.register("nowild", polish_without_wilds, "plain")
    built = variants.get("nowild")
    assert (built.name, built.rules, built.options) == ("nowild", polish_without_wilds().rules, ())
    assert built.description == variants.polish().description
    assert variants.get("NoWild") == variants.get("PLAIN") == parse_variant("nowild") == built
    assert variants.rebuilds(built) and describe(built) == "nowild"
    assert not variants.rebuilds(polish_without_wilds())  # composed by hand: still "polish"
    assert describe(polish_without_wilds()) == "polish (custom rules)"


def test_a_factorys_variant_that_its_own_name_builds_keeps_that_name() -> None:
    """A built-in factory registered under another name builds the built-in variant itself,
    whose saves load wherever makao does; so does a variant of a registered name (or
    alias, in any spelling) the factory is registered under."""
    variants.register("mine", variants.polish)
    variants.register("two-decks", lambda: variants.polish(decks=2))
    variants.register("no-wilds", no_wilds, "plain")
    variants.register("spelled", lambda: Variant("Spelled", polish_without_wilds().rules))
    variants.register("aliased", lambda: Variant("other", polish_without_wilds().rules), "other")
    assert variants.get("mine") == variants.polish()
    assert variants.get("two-decks") == variants.polish(decks=2)
    assert variants.get("plain") == no_wilds()
    assert variants.get("spelled").name == "Spelled" and variants.get("aliased").name == "other"
    saved = json.loads(Game.new(variants.get("two-decks"), 2, seed=3).to_json())["variant"]
    assert (saved["name"], saved["options"]["decks"], saved["builtin"]) == ("polish", 2, True)


def test_factories_naming_each_others_variants_are_called_each_by_its_own_name() -> None:
    """Each factory's variant is checked against the factory of the name it carries, not
    against `get` of it: two factories that name their variants after each other are built
    in bounded time, each called by its own name."""
    rules = polish_without_wilds().rules
    variants.register("first", lambda: Variant("second", rules, (), "first"))
    variants.register("second", lambda: Variant("first", rules, (), "second"))
    assert [(v.name, v.description) for v in map(variants.get, ("first", "second"))] == [
        ("first", "first"),
        ("second", "second"),
    ]


def test_a_factorys_variant_is_built_whatever_the_factory_of_the_name_it_carries_raises() -> None:
    """`get` of one name asks the factory of the name its variant carries whether it builds
    that variant again; that factory failing in its own way (not a `MakaoError`) means it
    does not, so the variant is called by its registered name. Was: ``get("mine")`` raised
    the other factory's error, though "mine"'s factory had built its variant."""

    def broken() -> Variant:
        raise RuntimeError("this factory is broken")

    variants.register("broken", broken)
    variants.register("mine", lambda: polish_without_wilds().without(BattleCards, name="broken"))
    built = variants.get("mine")
    assert (built.name, built.rules) == ("mine", polish_without_wilds().without(BattleCards).rules)
    with pytest.raises(RuntimeError, match="this factory is broken"):
        variants.get("broken")  # its own failure is still its caller's


def test_saves_of_a_factorys_variant_named_otherwise_load_by_its_registered_name() -> None:
    """A game, a hosted game and a match of a registered factory's variant named otherwise
    are saved under the registered name (``builtin: true``) and load by it, with and
    without ``variant=``; results and hosted views name it so. Was: saved as a custom
    "polish" ("russian"), refused without ``variant=``."""
    from makao.host import Host
    from makao.match import Match
    from makao.sim import simulate

    variants.register("nowild", polish_without_wilds)
    variants.register("rus-house", lambda: variants.russian().without(Wild))
    game = Game.new(variants.get("nowild"), 2, seed=3)
    game.play(game.legal_moves()[0])
    saved = json.loads(game.to_json())["variant"]
    assert saved == {"name": "nowild", "options": {}, "builtin": True}
    for given in (None, variants.get("nowild")):
        assert Game.from_json(game.to_json(), variant=given) == game
        assert Host.from_json(Host(game).to_json(), variant=given).game == game
    assert Host(game).update(0)["view"]["variant"] == "nowild"
    match = Match.new(variants.get("rus-house"), 2, seed=3)
    match.play(match.legal_moves()[0])
    for given in (None, variants.get("rus-house")):
        assert Match.from_json(match.to_json(), variant=given).to_json() == match.to_json()
    assert simulate("nowild", ["random", "random"], games=2).variant == "nowild"


def test_pl_10_a_built_in_save_of_a_name_no_longer_registered_loads_with_its_variant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PL-10: a save written while "plain" was registered (``builtin: true``), loaded where
    it is not (another program) with the variant passed by hand: nothing to compare the
    variant with, so it is taken as it is, not refused as another variant of the name."""

    def plain() -> Variant:
        """Polish without wild cards, no options (a test variant)."""
        return Variant("plain", variants.polish().without(Wild).rules)

    unregistered = copy.deepcopy(variants._VARIANTS)
    variants.register("plain", plain)
    game = Game.new(plain(), 2, seed=5)
    game.play(game.legal_moves()[0])
    text = game.to_json()
    assert '"builtin": true' in text
    monkeypatch.setattr(variants, "_VARIANTS", unregistered)
    assert variants.rebuilt(plain()) is None
    assert Game.from_json(text, variant=plain()) == game
    with pytest.raises(StateError, match="cannot rebuild variant 'plain'"):
        Game.from_json(text)
