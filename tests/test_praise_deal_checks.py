"""The praise deals each ruleset offers can be dealt from its deck: one that could not is refused when it is built.

Each procedure is tried on a small deck: a ruleset just past what it needs is refused, naming the field,
and one at the edge is accepted and its matches, the procedure announced whenever it may be, end.
"""

import random

import attrs
import pytest

import kozel
from kozel import RulesetError, parse_cards
from kozel.cards.deck import Deck
from kozel.game.move import MoveKind
from kozel.rules import Dealing, Praise, ScoreRow
from kozel.rules.praise import PraiseKind

PAIRS = kozel.variants.get("pairs")


def small(cards: str, trumps: str, size: int, choice: str) -> kozel.Ruleset:
    """``pairs`` on ``cards`` with the trumps ``trumps``, ``size`` cards a hand, the regular deal and ``choice``."""
    deck = Deck(parse_cards(cards))
    fixed = parse_cards(trumps)
    total = PAIRS.points.of_mask(deck.mask)
    rows = (ScoreRow(0, total // 2, 0), ScoreRow(total // 2 + 1, total, 2))
    choices = (PraiseKind.REGULAR,) if choice == "regular" else (PraiseKind.REGULAR, PraiseKind(choice))
    return attrs.evolve(
        PAIRS,
        name="small",
        deck=deck,
        trumps=attrs.evolve(PAIRS.trumps, fixed=fixed),
        dealing=Dealing(hand_size=size, packet=1, refill=False),
        scoring=attrs.evolve(PAIRS.scoring, rows=rows),
        match=attrs.evolve(PAIRS.match, tails_points=min(PAIRS.match.tails_points, total)),  # as the deck allows
        leading=attrs.evolve(PAIRS.leading, holder_card=fixed[0]),
        redeal=None,
        praise=Praise(choices=choices),
    )


def play_matches(rules: kozel.Ruleset, choice: str, matches: int = 4, cap: int = 20_000) -> int:
    """Play ``matches`` random matches, announcing ``choice`` at every praise; how many praise deals were dealt."""
    dealt = 0
    for seed in range(matches):
        state = kozel.new_game(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(cap):
            if state.is_over:
                break
            moves = kozel.legal_moves(state)
            assert moves, f"seed {seed}: no legal move in {state.phase}"
            chosen = [move for move in moves if move.kind is MoveKind.PRAISE and move.choice == choice]
            dealt += bool(chosen)
            state = kozel.apply(state, chosen[0] if chosen else rng.choice(moves))
        assert state.is_over, f"seed {seed}: the match did not end in {cap} moves"
    return dealt


FOUR = "7♣ 8♣ 9♣ 10♣ 7♠ 8♠ 9♠ 10♠ 7♥ 8♥ 9♥ 10♥ 7♦ 8♦ 9♦ 10♦"
EIGHT = "10♣ J♣ 10♠ J♠ 10♥ J♥ 10♦ J♦"
TWELVE = "9♣ 10♣ J♣ 9♠ 10♠ J♠ 9♥ 10♥ J♥ 9♦ 10♦ J♦"
FIVE = "7♣ 8♣ 9♣ 10♣ J♣ 7♠ 8♠ 9♠ 10♠ J♠ 7♥ 8♥ 9♥ 10♥ J♥ 7♦ 8♦ 9♦ 10♦ J♦"


def test_merry_needs_a_hand_of_five():
    # Each player puts two cards face down and two face up into the tricks before play.
    message = (
        r"^small: in 'merry' \(praise\.choices\) each player puts 4 card\(s\) into the tricks dealt before play, "
        r"so dealing\.hand_size must be at least 5 to leave him a card to play, not 4$"
    )
    with pytest.raises(RulesetError, match=message):
        small(FOUR, "10♦ 9♦", 4, "merry")
    assert play_matches(small(FIVE, "J♦ 10♦", 5, "merry"), "merry") > 0


def test_the_regular_deal_and_trump_yourself_need_a_hand_of_two():
    message = (
        r"^small: the regular praise deal gives half a hand at a time, so dealing\.hand_size must be at least 2, "
        r"not 1$"
    )
    with pytest.raises(RulesetError, match=message):
        small("10♣ 10♠ 10♥ 10♦", "10♦", 1, "trump_yourself")
    edge = small(EIGHT, "J♦ 10♦", 2, "trump_yourself")
    assert play_matches(edge, "trump_yourself") > 0
    assert play_matches(small(EIGHT, "J♦", 2, "regular"), "regular") > 0


def test_pants_double_needs_a_hand_of_three():
    message = (
        r"^small: in 'pants_double' \(praise\.choices\) each player puts 2 card\(s\) into the tricks dealt before "
        r"play, so dealing\.hand_size must be at least 3 to leave him a card to play, not 2$"
    )
    with pytest.raises(RulesetError, match=message):
        small(EIGHT, "J♦", 2, "pants_double")
    edge = small(TWELVE, "J♦", 3, "pants_double")
    assert play_matches(edge, "pants_double") > 0


def test_pants_double_needs_eight_cards_to_lay():
    message = (
        r"^small: in 'pants_double' \(praise\.choices\) each of the 4 players lays 2 cards that are neither trumps "
        r"nor aces, but the deck holds 7 such cards, not the 8 needed$"
    )
    with pytest.raises(RulesetError, match=message):
        small(TWELVE, "J♦ 10♦ 9♦ J♥ 10♥", 3, "pants_double")


def test_pants_double_with_just_eight_cards_to_lay_ends_every_deal():
    # Four trumps, eight cards to lay: the first players often take every card the last one could lay, and
    # then he lays from what he draws, trumps included (the drawing deal's reading), instead of failing.
    edge = small(TWELVE, "J♦ 10♦ 9♦ J♥", 3, "pants_double")
    assert play_matches(edge, "pants_double", matches=40) > 200


def test_trousers_needs_seven_cards_to_lay_from_a_deck_of_eight():
    # The first three players may each draw two cards they could lay (a top and a bottom card) before laying one.
    message = (
        r"^small: in 'trousers' \(praise\.choices\) each of the first 3 players may take up to 2 cards that are "
        r"neither trumps nor aces before he has laid his one, and the last needs one more: the deck must hold 7 "
        r"such cards, not 6$"
    )
    with pytest.raises(RulesetError, match=message):
        small(EIGHT, "J♦ 10♦", 2, "trousers")
    with pytest.raises(RulesetError, match=r"the deck must hold 7 such cards, not 6$"):
        small("A♣ J♣ 10♠ J♠ 10♥ J♥ 10♦ J♦", "J♦", 2, "trousers")  # an ace is kept by the boasting player
    assert play_matches(small(EIGHT, "J♦", 2, "trousers"), "trousers") > 0


def test_the_praise_deals_say_which_table_rule_they_miss():
    message = (
        r"^pairs: the praise deals are for four players in pairs, all cards dealt, permanent trumps, "
        r"but dealing\.refill is true$"
    )
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(PAIRS, deck=Deck.pack36(), dealing=attrs.evolve(PAIRS.dealing, refill=True))


def test_every_built_in_ruleset_with_praise_deals_is_accepted():
    offered = [name for name in kozel.variants.names() if kozel.variants.get(name).praise is not None]
    assert "pairs" in offered
    for name in offered:
        rules = kozel.variants.get(name)
        assert attrs.evolve(rules) == rules
