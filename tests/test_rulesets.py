"""Rulesets as data: the catalog, the components and the checks made when a ruleset is built."""

import re

import attrs
import pytest

import kozel
from kozel import Card, Deck, Ruleset, RulesetError, parse_cards
from kozel.cards.masks import cards_of
from kozel.rules import (
    BeatOrPass,
    CardPoints,
    Catch,
    Dealing,
    Leading,
    LeadSeat,
    MatchRule,
    Molodka,
    ScoreMode,
    ScoreRow,
    Scoring,
    Seating,
    Trumps,
    TrumpSource,
    TrumpTransfer,
)

CLASSIC = kozel.variants.get("classic")


def test_the_catalog_lists_every_ruleset_of_rules_md():
    assert kozel.variants.names() == (
        "classic", "hammer", "hammer_clubs",
        "seven_of_clubs", "pairs", "six_players", "six_of_clubs", "simple", "threesome", "fifteen",
    )  # fmt: skip
    for name in kozel.variants.names():
        rules = kozel.variants.get(name)
        assert isinstance(rules, Ruleset)
        assert rules.name == name


def test_an_unknown_name_is_refused_with_the_catalog():
    with pytest.raises(
        RulesetError, match=r"no built-in ruleset is called 'goat'; the catalog has classic, hammer, hammer_clubs"
    ):
        kozel.variants.get("goat")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("clasic", "classic"), ("Classic", "classic"), ("sevens", "seven_of_clubs"), ("hamer", "hammer")],
)
def test_a_misspelt_name_is_answered_with_the_closest_built_in(typed, meant):
    with pytest.raises(RulesetError, match=re.escape(f"called {typed!r} (did you mean {meant}?); the catalog has")):
        kozel.variants.get(typed)


@pytest.mark.parametrize("name", kozel.variants.names())
def test_every_ruleset_tells_its_rules_and_names_its_source_in_words(name):
    rules = kozel.variants.get(name)
    assert rules.doc.startswith(f"{name}:")
    assert "Readings taken" in rules.doc
    sources = [" ".join(part.split()) for part in rules.doc.split("\n\n") if part.startswith("Source: ")]
    assert len(sources) == 1  # one paragraph names the source text, by its language and what it is ...
    assert re.match(r"Source: (a|the) Russian ", sources[0])
    assert " translation" in sources[0]  # ... and the translation it was read in


@pytest.mark.parametrize("name", kozel.variants.names())
def test_every_built_in_deck_totals_120_points(name):
    rules = kozel.variants.get(name)
    assert rules.total_points == 120
    assert sum(rules.card_points(card) for card in rules.deck) == 120


def test_card_points():
    points = {str(card): CLASSIC.card_points(card) for card in CLASSIC.deck if card.suit.name == "HEARTS"}
    assert points == {"6♥": 0, "7♥": 0, "8♥": 0, "9♥": 0, "10♥": 10, "J♥": 2, "Q♥": 3, "K♥": 4, "A♥": 11}


def test_sides_alternate_around_the_table():
    assert [CLASSIC.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert CLASSIC.seating.partners(0) == (2,)
    six = CLASSIC.for_players(6)
    assert (six.players, six.sides) == (6, 2)
    assert [six.side_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    assert six.seating.partners(1) == (3, 5)
    three = CLASSIC.for_players(3)
    assert (three.players, three.sides) == (3, 3)
    two = CLASSIC.for_players(2)
    assert (two.players, two.sides) == (2, 2)


@pytest.mark.parametrize("players", [5, 7, 8])
def test_player_counts_that_leave_unequal_hands_are_refused(players):
    with pytest.raises(RulesetError, match="unequal hands"):
        CLASSIC.for_players(players)


def test_a_deal_with_no_stock_cannot_show_a_trump_from_it():
    with pytest.raises(RulesetError, match="no stock"):
        CLASSIC.for_players(9)


def test_a_deck_too_small_for_the_deal_is_refused():
    with pytest.raises(RulesetError, match="cannot give 12 players 4 cards each"):
        CLASSIC.for_players(12)


def test_a_deal_without_refill_must_use_every_card():
    with pytest.raises(RulesetError, match="20 cards would stay undealt"):
        attrs.evolve(CLASSIC, dealing=Dealing(hand_size=4, refill=False), trumps=Trumps())


def test_a_hand_must_split_into_packets():
    with pytest.raises(RulesetError, match="packets of 3"):
        Dealing(hand_size=4, packet=3)


def test_seating_needs_equal_sides():
    with pytest.raises(RulesetError, match="cannot form 3 equal sides"):
        Seating(players=4, sides=3)
    with pytest.raises(RulesetError, match="from 2 to 12"):
        Seating(players=1, sides=1)


@pytest.mark.parametrize("name", kozel.variants.names())
def test_the_seating_keeps_the_side_of_each_seat_as_a_table(name):
    seating = kozel.variants.get(name).seating
    assert seating.side_of_seat == tuple(seating.side_of(seat) for seat in range(seating.players))
    assert seating.side_of_seat == tuple(seat % seating.sides for seat in range(seating.players))
    six = attrs.evolve(seating, players=6, sides=3 if seating.sides == 3 else 2)
    assert six.side_of_seat == tuple(seat % six.sides for seat in range(6))
    assert Seating(players=6, sides=6).side_of_seat == (0, 1, 2, 3, 4, 5)


def test_the_side_table_is_derived_not_compared_and_made_only_for_checked_counts():
    assert Seating(4, 2) == Seating(4, 2)
    assert hash(Seating(4, 2)) == hash(Seating(4, 2))
    with pytest.raises(TypeError):
        Seating(4, 2, side_of_seat=(1, 0, 1, 0))  # type: ignore[call-arg]
    with pytest.raises(RulesetError, match="seating"):
        Seating(players=4, sides=0)


def test_a_trump_order_naming_cards_not_in_the_deck_is_refused():
    short = attrs.evolve(CLASSIC, deck=Deck.pack32(), trumps=Trumps(fixed=parse_cards("7♣ Q♣")))
    assert short.deck == Deck.pack32()
    with pytest.raises(RulesetError, match=r"trump order \(trumps\.fixed\) names cards not in the deck: 6♣"):
        attrs.evolve(CLASSIC, deck=Deck.pack32(), trumps=Trumps(fixed=parse_cards("Q♣ 6♣")))


def test_a_trump_order_may_not_list_a_card_twice():
    with pytest.raises(RulesetError, match="listed twice"):
        Trumps(fixed=parse_cards("Q♣ Q♣"))


def test_the_rank_order_must_list_every_rank_once():
    with pytest.raises(RulesetError, match="nine ranks"):
        Trumps(plain_order=CLASSIC.trumps.plain_order[:-1])


def test_a_scoring_table_with_a_gap_is_refused():
    with pytest.raises(RulesetError, match=r"no row covers 31-40"):
        Scoring(ScoreMode.PENALTY, (ScoreRow(0, 30, 4), ScoreRow(41, 120, 0)))


def test_a_scoring_table_with_an_overlap_is_refused():
    with pytest.raises(RulesetError, match="overlap"):
        Scoring(ScoreMode.PENALTY, (ScoreRow(0, 30, 4), ScoreRow(30, 120, 0)))


def test_a_scoring_table_must_start_at_zero():
    with pytest.raises(RulesetError, match="start at 0"):
        Scoring(ScoreMode.PENALTY, (ScoreRow(1, 120, 0),))


def test_an_empty_row_is_refused():
    with pytest.raises(RulesetError, match="empty"):
        ScoreRow(40, 30, 2)


def test_points_that_do_not_add_up_to_the_table_are_refused():
    covers = r"covers 0-120 card points \(scoring\.rows\), but the deck's cards add up to 124"
    with pytest.raises(RulesetError, match=covers):
        attrs.evolve(CLASSIC, points=CardPoints(ace=12))
    richer = Scoring(ScoreMode.PENALTY, (ScoreRow(0, 61, 2), ScoreRow(62, 124, 0)))
    assert attrs.evolve(CLASSIC, points=CardPoints(ace=12), scoring=richer).total_points == 124


def test_negative_card_points_are_refused():
    with pytest.raises(RulesetError, match="ace must be a whole number"):
        CardPoints(ace=-1)


def test_the_trump_transfer_needs_partners():
    clubs = kozel.variants.get("hammer_clubs")
    with pytest.raises(RulesetError, match="exactly two players"):
        clubs.for_players(6)
    with pytest.raises(RulesetError, match="exactly two players"):
        clubs.for_players(2)
    assert attrs.evolve(clubs, transfer=None).for_players(6).players == 6


def test_the_first_hand_has_no_last_trick_to_name_its_leader():
    with pytest.raises(RulesetError, match="no previous trick"):
        Leading(first_hand=LeadSeat.LAST_TRICK_WINNER)


def test_a_match_target_must_be_positive():
    with pytest.raises(RulesetError, match="target"):
        MatchRule(target=-1)


def test_components_are_frozen_and_compared_by_value():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.seating = Seating(2, 2)  # type: ignore[misc]
    rebuilt = attrs.evolve(CLASSIC, doc="another text")
    assert rebuilt == CLASSIC  # the doc does not change the rules
    assert hash(rebuilt) == hash(CLASSIC)
    assert attrs.evolve(CLASSIC, match=MatchRule(target=16)) != CLASSIC


def test_the_beat_or_pass_components_of_the_three_games():
    assert CLASSIC.play == BeatOrPass(molodka=Molodka(trumps_only=False))
    assert kozel.variants.get("hammer").play == BeatOrPass(molodka=Molodka(trumps_only=True))
    assert kozel.variants.get("hammer_clubs").transfer == TrumpTransfer(
        counts=(1, 2), after_deal=False, after_draw=True
    )
    assert CLASSIC.trumps.shown is TrumpSource.MIDDLE_OF_STOCK
    assert kozel.variants.get("hammer_clubs").trumps.shown is TrumpSource.NONE


def test_trumps_answer_which_card_beats_which():
    trumps = CLASSIC.trumps
    hearts = Card.parse("6♥").suit
    card = Card.parse
    assert trumps.beats(card("10♠"), card("K♠"), hearts)  # the ten is above the king
    assert trumps.beats(card("A♠"), card("10♠"), hearts)
    assert trumps.beats(card("J♠"), card("9♠"), hearts)
    assert not trumps.beats(card("K♠"), card("10♠"), hearts)
    assert trumps.beats(card("6♥"), card("A♠"), hearts)  # any trump beats any plain card
    assert not trumps.beats(card("A♠"), card("6♥"), hearts)
    assert not trumps.beats(card("A♠"), card("10♦"), hearts)  # plain suits do not meet
    assert not trumps.beats(card("10♦"), card("A♠"), hearts)
    assert trumps.is_trump(card("6♥"), hearts)
    assert not trumps.is_trump(card("A♠"), hearts)
    order = [str(c) for c in trumps.order(hearts)]
    assert order == ["A♥", "10♥", "K♥", "Q♥", "J♥", "9♥", "8♥", "7♥", "6♥"]
    assert "6♥" not in [str(c) for c in trumps.order(hearts, Deck.pack32())]  # only the deck's own cards


def test_a_catch_keeps_its_two_cards_as_one_mask_derived_not_compared():
    caught = [kozel.variants.get(name).catch for name in kozel.variants.names()]
    catches = [catch for catch in caught if catch is not None]
    assert len(catches) >= 2  # seven_of_clubs, six_of_clubs and six_players have one
    for catch in catches:
        assert catch.mask == catch.victim.bit | catch.catcher.bit
        assert catch.mask.bit_count() == 2
        other = attrs.evolve(catch, catcher=Card.parse("8♣"))
        assert other.mask == catch.victim.bit | Card.parse("8♣").bit
        assert "mask" not in repr(catch)
        same = Catch(victim=catch.victim, catcher=catch.catcher, written=catch.written)
        assert same == catch
        assert hash(same) == hash(catch)
        object.__setattr__(same, "mask", 0)  # derived, so not part of the value
        assert same == catch
        assert hash(same) == hash(catch)
    with pytest.raises(TypeError):
        Catch(victim=Card.parse("Q♣"), catcher=Card.parse("7♣"), mask=0)  # derived: not given
    with pytest.raises(RulesetError, match="itself"):
        Catch(victim=Card.parse("Q♣"), catcher=Card.parse("Q♣"))


def test_the_cards_that_count_points_are_one_mask_derived_not_compared():
    points = CardPoints()
    assert cards_of(points.counted) == tuple(card for card in kozel.CARDS if points.table[card])
    assert points.counted == sum(card.bit for card in kozel.CARDS if card.rank >= 10)  # ten to ace
    assert CardPoints(jack=0).counted == points.counted & ~sum(card.bit for card in kozel.CARDS if card.rank == 11)
    assert "counted" not in repr(points)
    with pytest.raises(TypeError):
        CardPoints(counted=0)  # derived: not given
