"""Every field of every rule component is checked: a bad value raises a RulesetError naming the component and field."""

import json
import re
from collections.abc import Callable

import attrs
import pytest

import kozel
from kozel import Ruleset, RulesetError
from kozel.forms import from_data, to_data
from kozel.rules import (
    AllTricks,
    Catch,
    Dealing,
    FollowSuit,
    Molodka,
    Praise,
    PraiseKind,
    Redeal,
    RedealReason,
    ScoreMode,
    Talon,
    TrumpLeads,
    Trumps,
    TrumpTransfer,
)
from kozel.rules.match import Title


def _with(name: str, component: str, **changes: object) -> Ruleset:
    """The built-in ``name`` with fields of one of its components changed."""
    rules = kozel.variants.get(name)
    return attrs.evolve(rules, **{component: attrs.evolve(getattr(rules, component), **changes)})


def _all_trumps(**leading: object) -> Ruleset:
    """seven_of_clubs with every card of its deck a permanent trump (and no catch), its lead rules changed."""
    rules = kozel.variants.get("seven_of_clubs")
    return attrs.evolve(
        rules,
        trumps=attrs.evolve(rules.trumps, fixed=tuple(rules.deck)),
        catch=None,
        leading=attrs.evolve(rules.leading, **leading),
    )


def _bidding(name: str = "threesome", **changes: object) -> Ruleset:
    """The built-in ``name`` with fields of its talon's bidding changed."""
    rules = kozel.variants.get(name)
    assert rules.talon is not None
    assert rules.talon.bidding is not None
    bidding = attrs.evolve(rules.talon.bidding, **changes)
    return attrs.evolve(rules, talon=attrs.evolve(rules.talon, bidding=bidding))


def _for_less(**changes: object) -> Ruleset:
    """Threesome with fields of its "for less" scoring table changed."""
    rules = kozel.variants.get("threesome")
    assert rules.talon is not None
    assert rules.talon.bidding is not None
    assert rules.talon.bidding.for_less is not None
    return _bidding(for_less=attrs.evolve(rules.talon.bidding.for_less, **changes))


def _all_tricks(name: str = "pairs", **changes: object) -> Ruleset:
    """The built-in ``name`` with fields of its all-tricks rule changed."""
    rules = kozel.variants.get(name)
    assert rules.scoring.all_tricks is not None
    return _with(name, "scoring", all_tricks=attrs.evolve(rules.scoring.all_tricks, **changes))


def _molodka(**changes: object) -> Ruleset:
    """Classic with fields of its molodka changed."""
    return _with("classic", "play", molodka=Molodka(**changes))


def _ruleset(variant: str = "classic", **changes: object) -> Ruleset:
    """The built-in ``variant`` with fields of the ruleset itself changed."""
    return attrs.evolve(kozel.variants.get(variant), **changes)


def _case(build: Callable[[], object], message: str, case_id: str) -> object:
    return pytest.param(build, message, id=case_id)


POINTS = "must be a whole number from 0 to 1000"
CARD_POINTS = "must be a whole number from 0 to 36000"
AT_LEAST_1 = "must be a whole number of at least 1"
CARD_COUNT = "must be a whole number from 1 to 36"
FLAG = "must be true or false"

#: (build, the start of the message) for every field validator: each build raises.
BAD_FIELDS = [
    # talon
    *(
        _case(lambda v=v: _with("threesome", "talon", size=v), f"talon: size {CARD_COUNT}", f"talon.size={v!r}")
        for v in (0, -1, True, "2", 1.5)
    ),
    _case(lambda: _with("threesome", "talon", bidding=3), "talon: bidding must be a Bidding, or None", "talon.bidding"),
    *(
        _case(
            lambda v=v: _with("threesome", "talon", lead_follows_shown=v),
            f"talon: lead_follows_shown {FLAG}",
            f"talon.lead_follows_shown={v!r}",
        )
        for v in (1, "yes", None)
    ),
    # bidding
    *(
        _case(lambda v=v: _bidding(lay_away=v), f"bidding: lay_away {CARD_COUNT}", f"bidding.lay_away={v!r}")
        for v in (0, -1, True, 2.0)
    ),
    *(
        _case(lambda v=v: _bidding(wins_above=v), f"bidding: wins_above {CARD_POINTS}", f"bidding.wins_above={v!r}")
        for v in (-1, False, "60")
    ),
    _case(lambda: _bidding(for_less=5), "bidding: for_less must be a Scoring, or None", "bidding.for_less"),
    # redeal
    *(
        _case(
            lambda v=v: _with("pairs", "redeal", reasons=v),
            "redeal: reasons must be a list of at least one RedealReason ('few_points',",
            f"redeal.reasons={v!r}",
        )
        for v in ((), ("few_points",), "few_points", 3)
    ),
    *(
        _case(
            lambda v=v: _with("pairs", "redeal", below_points=v),
            "redeal: below_points must be a whole number from 1 to 36000",
            f"redeal.below_points={v!r}",
        )
        for v in (0, -13, True, 13.0)
    ),
    *(
        _case(lambda v=v, f=f: _with("pairs", "redeal", **{f: v}), f"redeal: {f} {FLAG}", f"redeal.{f}={v!r}")
        for f in ("first_hand", "after_praise")
        for v in (0, None)
    ),
    *(
        _case(
            lambda v=v: _with("pairs", "redeal", limit=v),
            "redeal: limit must be a whole number from 1 to 100, or None",
            f"redeal.limit={v!r}",
        )
        for v in (0, -1, True, 1.0)
    ),
    *(
        _case(lambda v=v: _with("pairs", "redeal", penalty=v), f"redeal: penalty {POINTS}", f"redeal.penalty={v!r}")
        for v in (-1, False, None)
    ),
    # catch
    *(
        _case(
            lambda v=v: _with("seven_of_clubs", "catch", written=v), f"catch: written {POINTS}", f"catch.written={v!r}"
        )
        for v in (-1, True, "4", None)
    ),
    *(
        _case(lambda f=f: _with("seven_of_clubs", "catch", **{f: "Q♣"}), f"catch: {f} must be a card", f"catch.{f}")
        for f in ("victim", "catcher")
    ),
    # scoring
    _case(
        lambda: _with("classic", "scoring", mode="penalty"),
        "scoring: mode must be a ScoreMode ('penalty',",
        "scoring.mode",
    ),
    _case(lambda: _with("classic", "scoring", rows=5), "scoring: rows must be a non-empty list", "scoring.rows"),
    _case(
        lambda: _with("classic", "scoring", dealer_loses_written=1),
        "scoring: dealer_loses_written replaces what the winner is written, but under penalty scoring only the "
        "losers are written",
        "scoring.dealer_loses_written-under-penalty",
    ),
    *(
        _case(
            lambda v=v, f=f: _with("classic", "scoring", **{f: v}),
            f"scoring: {f} {POINTS}, or None",
            f"scoring.{f}={v!r}",
        )
        for f in ("no_trick", "dealer_loses_written")
        for v in (-1, True, "6")
    ),
    *(
        _case(lambda v=v, f=f: _with("classic", "scoring", **{f: v}), f"scoring: {f} {FLAG}", f"scoring.{f}={v!r}")
        for f in ("eggs", "eggs_replay")
        for v in (1, None)
    ),
    _case(
        lambda: _with("classic", "scoring", all_tricks=True),
        "scoring: all_tricks must be an AllTricks, or None",
        "scoring.all_tricks",
    ),
    # all tricks
    *(
        _case(lambda v=v, f=f: _all_tricks(**{f: v}), f"all tricks: {f} {POINTS}, or None", f"all_tricks.{f}={v!r}")
        for f in ("written", "first_hand_opponents")
        for v in (-1, True, "5")
    ),
    *(
        _case(lambda f=f: _all_tricks(**{f: 1}), f"all tricks: {f} {FLAG}", f"all_tricks.{f}")
        for f in ("clears_own", "wins_if_opponents_blank", "resets_opponents", "loses_match")
    ),
    # match
    *(
        _case(
            lambda v=v, f=f: _with("classic", "match", **{f: v}),
            f"match: {f} must be a whole number from 0 to 1000",
            f"match.{f}={v!r}",
        )
        for f in ("target", "start")
        for v in (-1, True, 12.0, 1001, 10**300)
    ),
    *(
        _case(
            lambda v=v, f=f: _with("classic", "match", **{f: v}),
            f"match: {f} must be a whole number from 1 to 1000",
            f"match.{f}={v!r}",
        )
        for f in ("tails_short", "tails_points")
        for v in (0, True, 1001, 10**9)
    ),
    *(
        _case(
            lambda v=v: _with("classic", "match", sets=v),
            "match: sets must be a whole number from 1 to 5",
            f"match.sets={v!r}",
        )
        for v in (0, -1, True, 6, 10**9)
    ),
    *(
        _case(
            lambda v=v: _with("classic", "match", titles=v),
            "match: titles must be a list of Title ('eggs',",
            f"match.titles={v!r}",
        )
        for v in (("eggs",), "eggs", 1)
    ),
    # dealing
    *(
        _case(
            lambda v=v, f=f: _with("classic", "dealing", **{f: v}), f"dealing: {f} {CARD_COUNT}", f"dealing.{f}={v!r}"
        )
        for f in ("hand_size", "packet")
        for v in (0, True, "4")
    ),
    _case(lambda: _with("classic", "dealing", refill=1), f"dealing: refill {FLAG}", "dealing.refill"),
    _case(
        lambda: _with("classic", "dealing", rotation="clockwise"),
        "dealing: rotation must be a DealerRotation ('clockwise',",
        "dealing.rotation",
    ),
    # seating, card points
    *(
        _case(
            lambda v=v, f=f: _with("classic", "seating", **{f: v}),
            f"seating: {f} must be a whole number from 2 to 12",
            f"seating.{f}={v!r}",
        )
        for f in ("players", "sides")
        for v in (1, True, "4", 13, 10**9)
    ),
    *(
        _case(lambda v=v: _with("classic", "points", ace=v), f"points: ace {POINTS}", f"points.ace={v!r}")
        for v in (-1, True, 11.0)
    ),
    # leading
    *(
        _case(
            lambda v=v, f=f: _with("classic", "leading", **{f: v}),
            f"leading: {f} must be a LeadSeat ('dealer',",
            f"leading.{f}={v!r}",
        )
        for f in ("first_hand", "later_hands")
        for v in ("dealer", None)
    ),
    _case(
        lambda: _with("classic", "leading", trump_leads="any"),
        "leading: trump_leads must be a TrumpLeads ('any',",
        "leading.trump_leads",
    ),
    _case(
        lambda: _with("pairs", "leading", holder_card="A♦"),
        "leading: holder_card must be a card, or None",
        "leading.holder_card",
    ),
    *(
        _case(lambda f=f: _with("classic", "leading", **{f: 1}), f"leading: {f} {FLAG}", f"leading.{f}")
        for f in ("lead_holder_card", "first_lead_plain", "swap_for_plain")
    ),
    # trump transfer
    *(
        _case(
            lambda v=v: _with("hammer_clubs", "transfer", counts=v),
            "transfer: counts must be a list of different whole",
            f"transfer.counts={v!r}",
        )
        for v in ((), (0,), (1, "2"), (True,), 5, "12", (1, 1), (2, 1, 2))
    ),
    *(
        _case(
            lambda base=base, changes=changes: _with(base, "transfer", **changes),
            "transfer: point_trump_of_two hands over one trump of two, so counts must hold 1 and not 2",
            f"transfer.point_trump_of_two-{base}-{changes}",
        )
        for base, changes in (("hammer_clubs", {"point_trump_of_two": True}), ("pairs", {"counts": (2,)}))
    ),
    *(
        _case(lambda f=f: _with("hammer_clubs", "transfer", **{f: 1}), f"transfer: {f} {FLAG}", f"transfer.{f}")
        for f in ("after_deal", "after_draw", "first_hand", "trump_back_if_no_plain", "point_trump_of_two")
    ),
    # trick play
    _case(lambda: _molodka(trumps_only=1), f"molodka: trumps_only {FLAG}", "molodka.trumps_only"),
    _case(
        lambda: _with("classic", "play", molodka=True),
        "beat or pass: molodka must be a Molodka, or None",
        "play.molodka",
    ),
    _case(
        lambda: _with("simple", "play", winner="highest_card"),
        "follow suit: winner must be a TrickWinner ('highest_card',",
        "play.winner",
    ),
    *(
        _case(
            lambda v=v: _with("simple", "play", first_trick_suit=v),
            "follow suit: first_trick_suit must be a suit",
            f"play.first_trick_suit={v!r}",
        )
        for v in (3, "♦")
    ),
    # trumps
    _case(
        lambda: _with("classic", "trumps", shown="none"), "trumps: shown must be a TrumpSource ('none',", "trumps.shown"
    ),
    _case(lambda: _with("classic", "trumps", fixed=5), "trumps: fixed must be a list of cards", "trumps.fixed"),
    _case(
        lambda: _with("classic", "trumps", over_trumps="XX"),
        "trumps: over_trumps: 'XX' is not a card",
        "trumps.over_trumps",
    ),
    _case(
        lambda: _with("classic", "trumps", over_trumps="J♣ J♣"),
        "trumps: J♣ is listed twice in the over-trumps",
        "trumps.over_trumps-twice",
    ),
    # praise
    *(
        _case(
            lambda v=v: _with("pairs", "praise", choices=v),
            "praise: choices must be a list of at least one PraiseKind",
            f"praise.choices={v!r}",
        )
        for v in ((), ("regular",), "regular")
    ),
    # the ruleset itself
    *(
        _case(lambda v=v: _ruleset(version=v), f"ruleset: version {AT_LEAST_1}", f"version={v!r}")
        for v in (0, -1, True, "1", 1.5, None)
    ),
    _case(lambda: _ruleset(name=5), "ruleset: name must be printable text of one line", "ruleset.name"),
    _case(lambda: _ruleset(doc=5), "ruleset: doc must be text", "ruleset.doc"),
    _case(lambda: _ruleset(seating=4), "ruleset: seating must be a Seating, not 4", "ruleset.seating"),
    _case(lambda: _ruleset(play=None), "ruleset: play must be a BeatOrPass or a FollowSuit, not None", "ruleset.play"),
    _case(lambda: _ruleset(transfer="x"), "ruleset: transfer must be a TrumpTransfer, or None", "ruleset.transfer"),
]


@pytest.mark.parametrize(("build", "message"), BAD_FIELDS)
def test_a_bad_field_raises_a_ruleset_error_naming_the_component_and_field(build, message):
    with pytest.raises(RulesetError, match="^" + re.escape(message)):
        build()


def _queenless(reason: str) -> Ruleset:
    """``simple`` without its queens (28 cards, jacks worth 5 for the 120 points), redealt for ``reason``."""
    deck = " ".join(str(card) for card in kozel.variants.get("simple").deck if card.rank is not kozel.Rank.QUEEN)
    return kozel.loads_ruleset(
        json.dumps(
            {
                "base": "simple",
                "deck": deck,
                "dealing": {"hand_size": 7},
                "points": {"jack": 5},
                "trumps": {"fixed": ["J♣", "J♠", "J♥", "J♦"]},
                "redeal": {"reasons": [reason]},
            }
        )
    )


def _three_nines() -> Ruleset:
    """``simple`` with 6♠ in place of 9♠, redealt for four nines."""
    deck = [str(card) for card in kozel.variants.get("simple").deck if str(card) != "9♠"] + ["6♠"]
    return kozel.loads_ruleset(
        json.dumps({"base": "simple", "deck": " ".join(deck), "redeal": {"reasons": ["four_nines"]}})
    )


#: (build, a piece of the message) for the checks a component makes of its own fields together.
BAD_COMPONENTS = [
    _case(
        _three_nines,
        "a redeal for a player holding all four nines (redeal.reasons: four_nines), but the deck holds 3",
        "four-nines-of-three",
    ),
    _case(
        lambda: _queenless("four_queens"),
        "all four queens (redeal.reasons: four_queens), but the deck holds 0",
        "four-queens-of-none",
    ),
    _case(
        lambda: _queenless("no_queen"), "but the deck holds no queen, so every hand could call one", "no-queen-of-none"
    ),
    _case(
        lambda: _queenless("no_queen_but_diamonds"),
        "but the deck holds no other queen, so every hand could call one",
        "no-queen-but-diamonds-of-none",
    ),
    _case(
        lambda: _with("classic", "leading", swap_for_plain=True),
        "the opening swap belongs to the follow-suit games",
        "swap-beat-or-pass",
    ),
    _case(
        lambda: _with("simple", "leading", swap_for_plain=True),
        "the opening swap is for an opener barred from leading trumps, but no rule bars one",
        "swap-never",
    ),
    _case(lambda: _all_tricks(loses_match=True), "cannot both lose the match", "all-tricks-lose-and-win"),
    _case(
        lambda: _all_tricks(first_hand_opponents=12),
        "first_hand_opponents writes points on the opponents as a penalty, but under credit scoring",
        "blind-under-credit",
    ),
    _case(
        lambda: _with("six_of_clubs", "scoring", mode=ScoreMode.COUNTDOWN),
        "first_hand_opponents writes points on the opponents as a penalty, but under countdown scoring",
        "blind-under-countdown",
    ),
    _case(
        lambda: _with("pairs", "scoring", eggs=False), "scoring: eggs_replay deals an eggs hand again", "eggs-replay"
    ),
    _case(lambda: _with("pairs", "transfer", after_deal=False), "transfer: the window never opens", "window"),
]


@pytest.mark.parametrize(("build", "message"), BAD_COMPONENTS)
def test_a_component_whose_fields_contradict_each_other_is_refused(build, message):
    with pytest.raises(RulesetError, match=re.escape(message)):
        build()


#: (build, a piece of the message) for the checks of a value against the rest of the ruleset.
BAD_RULESETS = [
    _case(lambda: _bidding(lay_away=1), "bidding.lay_away must equal talon.size", "lay-away-below-talon"),
    _case(lambda: _bidding(lay_away=3), "so he would play 9 cards against the others' 10", "lay-away-above-talon"),
    _case(lambda: _bidding(wins_above=120), "threesome: the declarer wins with more than 120", "wins-above-total"),
    _case(lambda: _bidding(wins_above=500), "so he could never win", "wins-above-far"),
    _case(
        lambda: _for_less(mode=ScoreMode.CREDIT, all_tricks=None),
        "scored as credit points (bidding.for_less.mode), but the match counts penalty points",
        "for-less-mode",
    ),
    _case(
        lambda: _with("pairs", "redeal", below_points=85),
        "a redeal for a hand under 85 card points (redeal.below_points), but a hand of 8 cards holds at most 84",
        "below-points-most",
    ),
    _case(
        lambda: kozel.loads_ruleset(
            '{"base": "seven_of_clubs", "dealing": {"hand_size": 3}, "redeal": {"reasons": ["four_nines"]}}'
        ),
        "a redeal for a player holding all four nines or queens, but a hand holds 3 cards, so none ever does",
        "four-nines-in-hands-of-three",
    ),
    _case(lambda: _with("classic", "match", target=0), "a match target of 0 is reached before", "penalty-target-0"),
    _case(lambda: _with("simple", "match", target=0), "a match target of 0 is reached before", "credit-target-0"),
    _case(lambda: _with("hammer_clubs", "transfer", counts=(1, 5)), "holding 5 trumps", "transfer-count-over-hand"),
    _case(
        lambda: _with("pairs", "match", tails_short=13),
        "pairs: the title 'tails_final_hand' (match.titles) is for winners who stood 13 short of the target "
        "(match.tails_short), at -1, before the final hand, but scores start at 0",
        "tails-short-below-the-start",
    ),
    _case(
        lambda: _with("fifteen", "match", titles=(Title.TAILS_FINAL_HAND,), tails_short=13),
        "who stood 13 short of the target (match.tails_short), at 13, before the final hand, but scores start at 12",
        "tails-short-above-a-countdown-start",
    ),
    _case(
        lambda: _with("pairs", "match", tails_points=121),
        "pairs: the title 'tails_final_hand' (match.titles) is for winners who took 121 card points or more in the "
        "final hand (match.tails_points), but the deck's cards add up to 120",
        "tails-points-over-the-deck",
    ),
    _case(
        lambda: _with("pairs", "match", titles=(Title.DRY,)),
        "pairs: the title 'dry' (match.titles) is given only under penalty scoring, and the match counts credit points",
        "dry-under-credit",
    ),
    _case(
        lambda: _with("fifteen", "match", titles=(Title.TAILS_OVER_TARGET,)),
        "the title 'tails_over_target' (match.titles) is given only under penalty scoring, and the match counts "
        "countdown points",
        "tails-over-target-counting-down",
    ),
    _case(
        lambda: _with("classic", "match", titles=(Title.BLIND,)),
        "classic: the title 'blind' (match.titles) is given for taking every trick of the first hand, but no rule "
        "for taking every trick is set (scoring.all_tricks)",
        "blind-without-all-tricks",
    ),
    _case(
        lambda: _with("classic", "scoring", all_tricks=AllTricks()),
        "classic: taking every trick does nothing here (scoring.all_tricks sets no effect, and match.titles has no "
        "'blind' for it to give): leave it out, or set what it does",
        "all-tricks-doing-nothing",
    ),
    _case(
        lambda: _with("classic", "leading", holder_card=kozel.Card.parse("A♦")),
        "classic: leading.holder_card names A♦, but no rule uses its holder (neither leading.first_hand nor "
        "leading.later_hands is holder, and leading.lead_holder_card is off)",
        "holder-card-unused",
    ),
    _case(
        _all_trumps,
        "seven_of_clubs: every card of the deck is a trump, so a plain first lead (leading.first_lead_plain) never "
        "happens",
        "all-trumps-plain-first-lead",
    ),
    _case(
        lambda: _for_less(all_tricks=AllTricks()),
        "threesome: taking every trick does nothing here (talon.bidding.for_less.all_tricks sets no effect, and "
        "match.titles has no 'blind' for it to give)",
        "for-less-all-tricks-doing-nothing",
    ),
    _case(
        lambda: _all_trumps(first_lead_plain=False, swap_for_plain=False),
        "every card of the deck is a trump, so a trump lead rule (leading.trump_leads is not_last_openers) never "
        "happens",
        "all-trumps-trump-lead-rule",
    ),
    _case(
        lambda: _all_trumps(first_lead_plain=False),
        "every card of the deck is a trump, so the opening swap of a trump for a plain card "
        "(leading.swap_for_plain) never happens",
        "all-trumps-opening-swap",
    ),
]


@pytest.mark.parametrize(("build", "message"), BAD_RULESETS)
def test_a_value_that_contradicts_the_rest_of_the_ruleset_is_refused(build, message):
    with pytest.raises(RulesetError, match=re.escape(message)):
        build()


#: Boundary values that must still build.
GOOD = [
    _case(lambda: Talon(size=1), "", "talon.size=1"),
    _case(lambda: _bidding(lay_away=2, wins_above=0), "", "bidding-0"),
    _case(lambda: _bidding(wins_above=119), "", "bidding-119"),
    _case(lambda: _with("pairs", "redeal", below_points=1, limit=1, penalty=0), "", "redeal-low"),
    _case(lambda: _with("pairs", "redeal", below_points=84, limit=None), "", "redeal-high"),
    _case(lambda: _with("simple", "redeal", reasons=[RedealReason.FEW_POINTS]), "", "redeal-reasons-list"),
    _case(lambda: _with("simple", "redeal", reasons=(RedealReason.NO_QUEEN,), below_points=500), "", "redeal-unused"),
    _case(lambda: _with("seven_of_clubs", "catch", written=0), "", "catch.written=0"),
    _case(lambda: _with("classic", "scoring", no_trick=0), "", "scoring-0"),
    _case(lambda: _with("fifteen", "scoring", no_trick=0, dealer_loses_written=0), "", "scoring-dealer-0"),
    _case(lambda: _with("classic", "scoring", no_trick=None, eggs=False), "", "scoring-None"),
    _case(lambda: _all_tricks("six_of_clubs", written=0, first_hand_opponents=0), "", "all-tricks-0"),
    _case(lambda: _all_tricks(wins_if_opponents_blank=False, loses_match=True), "", "all-tricks-loses"),
    _case(lambda: _with("classic", "match", target=1, titles=[]), "", "match.target=1"),
    _case(lambda: _with("fifteen", "match", target=0, start=1), "", "countdown-target-0"),
    _case(lambda: _with("simple", "match", sets=1), "", "match.sets=1"),
    _case(lambda: _with("classic", "dealing", hand_size=1, packet=1), "", "dealing-1"),
    _case(lambda: _with("classic", "seating", players=2, sides=2), "", "seating-2"),
    _case(lambda: _with("classic", "points", ace=0, nine=11), "", "points-0"),
    _case(lambda: _with("hammer_clubs", "transfer", counts=(4,), after_deal=True, after_draw=False), "", "transfer-4"),
    _case(lambda: _with("classic", "play", molodka=None), "", "molodka-None"),
    _case(lambda: _with("simple", "play", first_trick_suit=None), "", "first-trick-suit-None"),
    _case(lambda: _with("pairs", "praise", choices=[PraiseKind.REGULAR]), "", "praise-regular"),
    _case(lambda: _ruleset(version=1), "", "version=1"),
    _case(lambda: _ruleset(version=2, name="x", doc=""), "", "version=2"),
    _case(Dealing, "", "dealing-default"),
    _case(lambda: Redeal(reasons=(RedealReason.FEW_POINTS,)), "", "redeal-default"),
    _case(lambda: Catch(kozel.Card.parse("Q♣"), kozel.Card.parse("7♣")), "", "catch-default"),
    _case(AllTricks, "", "all-tricks-default"),
    _case(lambda: TrumpTransfer(counts=[2, 1]), "", "transfer-list"),
    _case(FollowSuit, "", "follow-suit-default"),
    _case(Praise, "", "praise-default"),
    _case(lambda: Trumps(fixed="Q♣ J♣", over_trumps=[]), "", "trumps-text"),
    _case(lambda: _with("pairs", "match", tails_short=12, tails_points=120), "", "tails-at-the-bounds"),
    _case(lambda: _with("threesome", "match", titles=(Title.BLIND,)), "", "blind-by-the-for-less-table"),
    _case(lambda: _with("fifteen", "match", titles=(Title.TAILS_FINAL_HAND,), tails_short=12), "", "tails-countdown"),
    _case(lambda: _with("classic", "match", tails_short=500, tails_points=500), "", "tails-numbers-unused"),
    _case(
        lambda: attrs.evolve(
            kozel.variants.get("classic"),
            scoring=attrs.evolve(kozel.variants.get("classic").scoring, all_tricks=AllTricks()),
            match=attrs.evolve(kozel.variants.get("classic").match, titles=(Title.BLIND,)),
        ),
        "",
        "all-tricks-for-blind-only",
    ),
    _case(
        lambda: _all_trumps(first_lead_plain=False, swap_for_plain=False, trump_leads=TrumpLeads.ANY),
        "",
        "all-trumps-no-plain-rule",
    ),
]


@pytest.mark.parametrize(("build", "message"), GOOD)
def test_boundary_values_build(build, message):
    assert build() is not None


def test_every_built_in_still_builds_as_it_was():
    for name in kozel.variants.names():
        rules = kozel.variants.get(name)
        assert attrs.evolve(rules) == rules
        assert from_data(to_data(rules)) == rules


def test_the_plain_order_message_shows_ranks_as_text():
    with pytest.raises(RulesetError) as error:
        _with("classic", "trumps", plain_order=kozel.rules.CLASSIC_RANK_ORDER[:-1])
    message = str(error.value)
    assert "6 7 8 9 J Q K 10 A" in message
    assert message.endswith("not 6 7 8 9 J Q K 10")
    assert "<Rank" not in message
    with pytest.raises(RulesetError, match="nine ranks"):
        _with("classic", "trumps", plain_order=(6, 7, 8, 9, 11, 12, 13, 10, 14))


FILE_ERRORS = [
    ({"talon": {"size": 0}}, "talon: size must be a whole number from 1 to 36, not 0"),
    ({"talon": {"bidding": {"lay_away": 0}}}, "talon.bidding: lay_away must be a whole number from 1 to 36"),
    ({"talon": {"bidding": {"wins_above": -1}}}, "talon.bidding: wins_above must be a whole number from 0 to 36000"),
    ({"talon": {"bidding": {"lay_away": 3}}}, "bidding.lay_away must equal talon.size"),
    ({"version": 0}, "ruleset: version must be a whole number of at least 1 and at most 100 digits, not 0"),
    ({"scoring": {"all_tricks": {"written": -2}}}, "scoring.all_tricks: written must be a whole number"),
]


@pytest.mark.parametrize(("changes", "message"), FILE_ERRORS, ids=[m[:40] for _, m in FILE_ERRORS])
def test_a_ruleset_file_with_a_bad_number_is_refused_naming_the_field(changes, message):
    text = json.dumps({"base": "threesome", **changes})
    with pytest.raises(RulesetError, match=re.escape(message)):
        kozel.loads_ruleset(text, format="json")


def test_false_in_a_toml_file_still_means_none_for_an_optional_number():
    house = kozel.loads_ruleset('base = "pairs"\n[redeal]\nlimit = false\n', format="toml")
    assert house.redeal is not None
    assert house.redeal.limit is None


@pytest.mark.parametrize("name", ["\x1b[2J\x1b[31mpwn", "a\nb", "tab\there", "\u200bzero\u2028line"])
def test_a_ruleset_name_is_printable_text_of_one_line(name):
    # A name is printed as it is (rule sheets, tables, a terminal's title lines): no control characters.
    with pytest.raises(kozel.RulesetError, match="name must be printable text of one line"):
        attrs.evolve(kozel.variants.get("classic"), name=name)
    assert attrs.evolve(kozel.variants.get("classic"), name="Дача, house rules").name == "Дача, house rules"


def test_the_rules_seat_side_and_card_questions_refuse_what_is_not_at_the_table():
    """``side_of(99)`` answered 1 and ``side_of(1.5)`` 1.5; ``card_points(None)`` raised AttributeError."""
    rules = kozel.variants.get("classic")
    seating = rules.seating
    assert (rules.side_of(3), seating.partner(1), seating.partners(0), seating.seats_of(1)) == (1, 3, (2,), (1, 3))
    assert rules.card_points(kozel.Card.parse("A♠")) == 11
    assert seating.partner_of_seat == (2, 3, 0, 1)
    assert kozel.rules.Seating(players=6, sides=3).partner_of_seat == (3, 4, 5, 0, 1, 2)
    for players, sides in ((6, 2), (3, 3)):  # sides of three, each for himself: no single partner
        assert kozel.rules.Seating(players=players, sides=sides).partner_of_seat == ()
    for ask in (rules.side_of, seating.side_of, seating.partner, seating.partners):
        for seat in (4, -1):
            with pytest.raises(kozel.SeatError, match=rf"^there is no seat {seat} at a table of 4: seats are 0 to 3$"):
                ask(seat)
        for seat in (1.5, None, True):
            with pytest.raises(kozel.WrongTypeError, match=r"^a seat is a whole number, not "):
                ask(seat)
    with pytest.raises(kozel.KozelError, match=r"^there is no side 2: this table has 2 sides, 0 to 1$"):
        seating.seats_of(2)
    for card in (None, "A♠", 11):
        with pytest.raises(kozel.WrongTypeError, match=r"^card points are of a Card, not "):
            rules.card_points(card)
