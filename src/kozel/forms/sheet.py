"""Rule sheets: a ruleset's rules in table words, as Markdown generated from the ruleset itself.

:func:`sheet` says every rule a :class:`~kozel.Ruleset` plays, from its fields alone, so it serves
any house ruleset as well as the catalog; :func:`kozel.forms.pages.catalog` lists the built-in rulesets.  The text
reads as it is in a terminal (``kozel rules classic``) and renders as a page of the docs, which
``python -m kozel.forms.pages --write docs/rules`` writes for every built-in ruleset.

A sheet ends with the ruleset's own text (its ``doc``), under "In words".  A paragraph of that
text starting ``Source:`` says in words which rule text the ruleset was written from; it closes
the sheet under "Sources", and for a built-in ruleset's text a link to the Sources page of the
docs (:data:`SOURCES`) follows it, which describes each source text and what it covers.

>>> import kozel
>>> print(sheet(kozel.variants.get("classic")).splitlines()[0])
# classic
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import attrs

from kozel.cards.card import Card, Rank, Suit
from kozel.cards.notation import format_cards
from kozel.errors import RulesetError
from kozel.forms.changes import diff
from kozel.forms.markdown import bullets, either, para, table
from kozel.forms.words import deck_words, seating_words, words
from kozel.rules.catch import Catch
from kozel.rules.dealing import DealerRotation
from kozel.rules.leading import LeadSeat, TrumpLeads
from kozel.rules.match import MatchRule, Title
from kozel.rules.praise import Praise, PraiseKind
from kozel.rules.redeal import Redeal, RedealReason
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import ScoreMode, Scoring
from kozel.rules.talon import Talon
from kozel.rules.transfer import TrumpTransfer
from kozel.rules.trick_play import BeatOrPass, TrickWinner
from kozel.rules.trump import TrumpSource
from kozel.variants import CATALOG

__all__ = ["SOURCES", "seating_short", "sheet", "summary"]


#: The Sources page of the docs, which says what each source text of the built-in rulesets is: a sheet links to it.
SOURCES: Final = "https://kozel-dev.github.io/kozel/sources.html"

_ALL_TRUMPS: Final = "every card is a trump"
#: The first word of the paragraph of a ruleset's text that names its source.
_SOURCE: Final = re.compile(r"^Sources?:\s")
_BASE: Final = re.compile(r"^(\w+): (.*)$")

_LEADERS: Final[Mapping[LeadSeat, str]] = {
    LeadSeat.DEALER: "the dealer",
    LeadSeat.LEFT_OF_DEALER: "the player left of the dealer",
    LeadSeat.LAST_TRICK_WINNER: "the player who took the last trick of the previous hand",
}

_SHOWN: Final[Mapping[TrumpSource, str]] = {
    TrumpSource.NONE: "none is shown; the permanent trumps are the only trumps",
    TrumpSource.MIDDLE_OF_STOCK: (
        "after the deal the middle card of the stock is shown and its suit is trump for the hand; the card "
        "stays where it is in the stock and is drawn like any other"
    ),
    TrumpSource.LAST_DEALT: (
        "the last card dealt (the dealer's last card) is shown and its suit is trump for the hand; it stays "
        "in the dealer's hand"
    ),
    TrumpSource.TALON_TOP: "the top card of the talon is shown and its suit is trump for the hand",
}

_REDEAL_REASONS: Final[Mapping[RedealReason, Callable[[Redeal], str]]] = {
    RedealReason.FEW_POINTS: lambda rule: f"a player whose hand counts fewer than {rule.below_points} card points",
    RedealReason.NO_QUEEN: lambda rule: "either player of a side that holds no queen",
    RedealReason.NO_QUEEN_BUT_DIAMONDS: lambda rule: "either player of a side that holds no queen but Q♦ (or none)",
    RedealReason.FOUR_NINES: lambda rule: "a player holding all four nines",
    RedealReason.FOUR_QUEENS: lambda rule: "a player holding all four queens",
}

_PRAISES: Final[Mapping[PraiseKind, str]] = {
    PraiseKind.REGULAR: "regular: the usual deal, no praise",
    PraiseKind.ONE_BY_ONE: "one by one: one card at a time, from the boasting player",
    PraiseKind.MERRY: (
        '"on a merry": two rounds of a face-down and a face-up card to each player, the face-up cards '
        "deciding who takes both tricks of the round; then the rest is dealt"
    ),
    PraiseKind.MIRROR: (
        "mirror: the boasting player cuts and takes the trumps at the bottom of the upper part; then the deal"
    ),
    PraiseKind.MIRROR_ALL: (
        "mirror for everyone: each player in turn cuts and takes the trumps at the bottom of the upper part; "
        "then the deal"
    ),
    PraiseKind.TRUMP_YOURSELF: (
        '"trump yourself, not a trump for a bribe": each draws, keeping trumps, until a plain card, which '
        "goes into a trick; then the deal"
    ),
    PraiseKind.FISHING: "fishing: the boasting player draws his own hand, the others are dealt theirs",
    PraiseKind.FISHING_ALL: "fishing for everyone: each player in turn draws his own hand",
    PraiseKind.TROUSERS: (
        "trousers: each receives the top and bottom cards two at a time, keeps aces and trumps, and lays "
        "the first other card into a trick (the first two face down); then the deal"
    ),
    PraiseKind.PANTS_DOUBLE: (
        "pants double: as trousers with four cards at a time, two cards laid, one face down and one face "
        "up, into two tricks"
    ),
}


def _title_meaning(title: Title, match: MatchRule, mode: ScoreMode) -> str:
    target = match.target
    return {
        Title.EGGS: "the match had an eggs hand",
        Title.TAILS_OVER_TARGET: f"the goat ended over {target}",
        Title.TAILS_FINAL_HAND: (
            f"the winners stood at {match.tails_score(mode)} before the final hand and took "
            f"{match.tails_points} card points or more in it"
        ),
        Title.DRY: "the winners have nothing written",
        Title.BLIND: "the match ended by taking every trick of its first hand",
    }[title]


def sheet(rules: Ruleset, *, sources: str = SOURCES) -> str:
    """The rules of ``rules`` in table words, as Markdown: every rule it plays, then its own text and sources.

    ``sources`` is where the sheet links the Sources page of the docs: the page on the web by default;
    the docs pages link it by its path among them.
    """
    base, headline = summary(rules)
    body, source = _text(rules.doc)
    parts = [f"# {rules.name}"]
    if _changes_the_game(rules, base):
        # The base's headline may say what this ruleset changes ("four-card hands", "molodka"): not repeated.
        parts.append(para(f'A house variant of `{base}`; its changes from it are listed under "In words".'))
    elif headline:
        based = f"A ruleset based on `{base}`: {headline[:1].lower()}{headline[1:]}"
        parts.append(para(headline if base == rules.name else based))
    parts.append(f"Rules version {rules.version}.")
    sections: list[tuple[str, list[str]]] = [
        ("Players", _players(rules)),
        ("Deck and card points", _deck(rules)),
        ("Trumps", _trumps(rules)),
        ("Rank inside a suit", _plain_ranks(rules)),
        ("The deal", _deal(rules)),
        ("Trick play", _play(rules)),
        ("Who leads", _leading(rules)),
    ]
    specials: list[tuple[str, str, object, Callable[[Ruleset], list[str]]]] = [
        ("Trump transfer", "trump transfer", rules.transfer, _transfer),
        ("Catch", "catch", rules.catch, _catch),
        ("Redeal", "redeal", rules.redeal, _redeal),
        ("Praise deals", "praise deals", rules.praise, _praise),
        (_talon_heading(rules.talon), "talon", rules.talon, _talon),
    ]
    absent = [name for _, name, component, _ in specials if component is None]
    sections += [(heading, words(rules)) for heading, _, component, words in specials if component is not None]
    if absent:
        sections.append(("Not played", [para(f"No {', no '.join(absent)}.")]))
    sections += [("Scoring", _scoring(rules)), ("Match", _match(rules)), ("In words", _prose(rules, base, body))]
    if source:
        sections.append(("Sources", _sources(rules, source, sources)))
    for heading, blocks in sections:
        parts.append(f"## {heading}")
        parts.extend(blocks)
    return "\n\n".join(parts) + "\n"


# -- the sections ---------------------------------------------------------------------------------------


def _players(rules: Ruleset) -> list[str]:
    seating = rules.seating
    words = seating_words(seating)
    if seating.team_size == 2:
        words += ", partners opposite"
    elif seating.team_size > 2:
        words += ", seated alternately"
    if seating.team_size > 1:
        sides = " against ".join("+".join(map(str, seating.seats_of(side))) for side in range(seating.sides))
        words += f": seats {sides}"
    return [
        bullets(
            [
                f"{words}.",
                f"Seats are numbered 0 {'and' if seating.players == 2 else 'to'} {seating.players - 1} clockwise; "
                "the player left of the dealer is the "
                "next seat clockwise.",
            ]
        )
    ]


def _deck(rules: Ruleset) -> list[str]:
    ranks = sorted(
        {card.rank for card in rules.deck}, key=lambda rank: (-rules.points.of(Card(rank, Suit.CLUBS)), -rank)
    )
    by_points: dict[int, list[Rank]] = {}
    for rank in ranks:
        by_points.setdefault(rules.points.of(Card(rank, Suit.CLUBS)), []).append(rank)
    rows = [(" ".join(map(str, group)), str(points)) for points, group in by_points.items()]
    return [
        para(f"{deck_words(rules.deck)}; together they count {rules.total_points} card points."),
        table(("card", "points"), rows),
    ]


def _trumps(rules: Ruleset) -> list[str]:
    trumps = rules.trumps
    if not rules.has_trumps:
        lines = ["No trumps: no trump suit is shown and no card is a permanent trump."]
    else:
        lines = [f"Trump suit: {_SHOWN[trumps.shown]}."]
    if trumps.fixed:
        above = ", above every card of the trump suit" if trumps.shown is not TrumpSource.NONE else ""
        lines.append(f"Permanent trumps, high to low{above}: {format_cards(trumps.fixed)}.")
    if trumps.shown is not TrumpSource.NONE:
        rest = {suit: trumps.order(suit, rules.deck)[len(trumps.fixed) :] for suit in Suit}
        cards = "Then the other cards of the trump suit" if trumps.fixed else "The cards of the trump suit"
        lines.append(f"{cards}, high to low: {'; '.join(_suit_ranks(rest))}.")
    if trumps.over_trumps:
        lines.append(
            f"Over-trumps, high to low: {format_cards(trumps.over_trumps)}.  Each keeps its own suit and heads it, "
            "and beats every trump except the permanent trumps and the over-trumps before it."
        )
    if rules.has_trumps:
        lines.append("Any trump beats any plain card; plain cards of different suits do not beat each other.")
    else:
        lines.append("Cards of different suits do not beat each other.")
    return [bullets(lines)]


def _plain_ranks(rules: Ruleset) -> list[str]:
    trumps = rules.trumps
    orders = {}
    for suit in Suit:
        shown = (
            next((other for other in Suit if other is not suit), None) if trumps.shown is not TrumpSource.NONE else None
        )
        plain = [card for card in rules.deck if card.suit is suit and not trumps.is_trump(card, shown)]
        orders[suit] = tuple(sorted(plain, key=lambda card: -sum(trumps.beats(card, other, shown) for other in plain)))
    said = _suit_ranks(orders)
    if len(said) == 1:
        return [bullets([f"High to low, in every suit: {said[0]}."])]
    return [bullets([f"{line}." if line.endswith(_ALL_TRUMPS) else f"High to low, {line}." for line in said])]


def _deal(rules: Ruleset) -> list[str]:
    dealing = rules.dealing
    at_a_time = "one card" if dealing.packet == 1 else f"{dealing.packet} cards"
    lines = [
        f"{dealing.hand_size} cards each, dealt {at_a_time} at a time clockwise from the dealer's left, the "
        "dealer last."
    ]
    if rules.talon is not None:
        lines.append(f"Then {rules.talon.size} cards to the talon, face down (see {_talon_heading(rules.talon)}).")
    if rules.stock_size:
        lines.append(f"The other {rules.stock_size} cards are the stock, face down.")
        if dealing.refill:
            lines.append(
                "After each trick everyone draws one card at a time from the top of the stock, the trick winner "
                f"first and then clockwise, until all hold {dealing.hand_size} again or the stock is empty."
            )
        lines.append("The hand ends when the stock and every hand are empty.")
    else:
        dealt = "The hands and the talon take every card" if rules.talon is not None else "Every card is dealt"
        lines.append(f"{dealt}: there is no stock.  The hand ends when every hand is empty.")
    lines.append(
        "The next hand is dealt by the player left of the last dealer."
        if dealing.rotation is DealerRotation.CLOCKWISE
        else "The next hand is dealt by the player who opened the last hand (so the deal follows the first lead)."
    )
    return [bullets(lines)]


def _play(rules: Ruleset) -> list[str]:
    play = rules.play
    trumps = rules.has_trumps
    if isinstance(play, BeatOrPass):
        lead = " (all trumps count as one suit)" if trumps else ""
        beat = (
            "a higher card of its suit, or a trump; suit and trump cards may be mixed"
            if trumps
            else "a higher card of its suit"
        )
        lines = [
            f"Beat or pass.  The leader plays one or more cards of one suit face up{lead}.  Each next player "
            "clockwise either beats them all, playing as many cards face up, each beating a different card on "
            f"top ({beat}), or passes as many cards face down, any cards.",
            "No partial beat, and beating is never compulsory.  The next player answers the last cards that "
            "beat, or the lead.",
            "The last player who beat, or the leader when nobody beat, takes every card of the trick, the "
            "face-down ones too, and leads the next trick.",
        ]
        molodka = play.molodka
        if molodka is None:
            lines.append("No molodka: nobody plays out of turn.")
        else:
            size = rules.dealing.hand_size
            what, plain = (
                (f'{size} trumps (a "trump hammer")', f"  {size} cards of a plain suit are an ordinary lead.")
                if molodka.trumps_only
                else (f"{size} cards of one suit{' (the trumps count as one suit)' if trumps else ''}", "")
            )
            lines.append(
                f"Molodka ({words(molodka)}): a player whose whole hand is {what} may play it out of turn at "
                "any moment of a trick.  The cards on the table go back to their owners and the trick starts "
                "again with the molodka as its lead, its player now the leader.  One molodka per trick; when "
                "several could play one, only the nearest clockwise to the leader may.  A leader who leads such "
                f"cards in turn makes an ordinary lead.{plain}  A hand shrunk at the end of the stock is no molodka."
            )
        return [bullets(lines)]
    answer = "a trump lead must be answered with a trump if you have one; " if trumps else ""
    lines = [
        f"Follow suit.  One card each, clockwise from the leader.  Follow the led suit if you can; {answer}"
        "otherwise play any card."
    ]
    if play.first_trick_suit is not None:
        suit = play.first_trick_suit
        fixed = [card for card in rules.trumps.fixed if card.suit is suit]
        note = f" ({format_cards(fixed)}, permanent trumps, count as trumps, not as {suit})" if fixed else ""
        otherwise = "without one a trump; without both any card" if trumps else "without one any card"
        lines.append(f"First trick of a hand: everyone, the leader too, must play a {suit}{note}; {otherwise}.")
    if rules.trumps.over_trumps:
        lines.append(
            "The led card wins the trick at first; each card that beats the card winning it so far takes it "
            "over, and the card winning it at the end takes the trick.  (With over-trumps one card may beat a "
            "second that beats a third, so this need not be the highest card.)"
        )
    if play.winner is TrickWinner.HIGHEST_CARD and not rules.trumps.over_trumps:
        lines.append(
            "The highest trump takes the trick; without a trump, the highest card of the led suit."
            if trumps
            else "The highest card of the led suit takes the trick."
        )
    elif play.winner is TrickWinner.MOST_POINTS:
        lines.append(
            "The side whose cards in the trick count the most card points takes it; on a tie, the highest card "
            "does.  The trick goes to that side's player with the highest card."
        )
    lines.append("The player who takes the trick leads the next one.")
    return [bullets(lines)]


def _leading(rules: Ruleset) -> list[str]:
    leading = rules.leading

    def seat(which: LeadSeat) -> str:
        if which is LeadSeat.HOLDER:
            card = leading.holder_card
            return f"the player holding {card} leads" + (f" {card}" if leading.lead_holder_card else "")
        return f"{_LEADERS[which]} leads"

    lines = [f"First hand of the match: {seat(leading.first_hand)}.", f"Every later hand: {seat(leading.later_hands)}."]
    if leading.first_lead_plain:
        lines.append("The first lead of the match must be a plain card.")
    if not rules.has_trumps:
        return [bullets(lines)]  # the trump lead rules are refused in a game without trumps: nothing to say
    lines.append(
        {
            TrumpLeads.ANY: "Anyone may lead a trump.",
            TrumpLeads.BOASTING_SIDE: (
                'Only the side of the "boasting" player (the player left of the dealer) may lead a trump; the '
                "other side may lead one only when holding nothing but trumps."
            ),
            TrumpLeads.NOT_LAST_OPENERS: (
                "The side whose player opened the previous hand may not open this hand with a trump."
            ),
        }[leading.trump_leads]
    )
    if leading.swap_for_plain:
        lines.append(
            "An opener barred from leading a trump who holds only trumps first swaps one trump with the partner "
            "for a plain card, then leads."
        )
    return [bullets(lines)]


def _transfer(rules: Ruleset) -> list[str]:
    transfer = rules.transfer
    assert isinstance(transfer, TrumpTransfer)
    counts = " or ".join(map(str, transfer.counts))
    back = " (trumps, when he holds no plain card)" if transfer.trump_back_if_no_plain else ""
    windows = [
        when
        for when, open_ in (
            ("after the deal", transfer.after_deal),
            ("after each draw from the stock", transfer.after_draw),
        )
        if open_
    ]
    lines = [
        f"A player holding exactly {counts} {'trump' if transfer.counts == (1,) else 'trumps'} may hand "
        f"{'it' if transfer.counts == (1,) else 'all of them'} to the partner face down; the partner gives back "
        f"{'a plain card' if transfer.counts == (1,) else 'as many plain cards'} of his choice, face down{back}.",
        f"It may be done {' and '.join(windows)}, before the next lead, once per side each time; declining is "
        "allowed, and the partner must hold enough cards to give back.",
    ]
    if transfer.point_trump_of_two:
        lines.append(
            'A player with two trumps, only one of which counts card points ("spectacled"), may hand over that one.'
        )
    if not transfer.first_hand:
        lines.append("Not in the first hand of a match.")
    return [bullets(lines)]


def _catch(rules: Ruleset) -> list[str]:
    catch = rules.catch
    assert isinstance(catch, Catch)
    mode = rules.scoring.mode
    if mode is ScoreMode.PENALTY:
        result = f"the side that played {catch.victim} {_write(mode, catch.written)}"
    elif rules.sides == 2:
        result = f"the side that played {catch.catcher} {_write(mode, catch.written)}"
    else:
        result = f"every side but the one that played {catch.victim} {_write(mode, catch.written)}"
    return [
        bullets(
            [
                f"{catch.catcher} catches {catch.victim}: when both lie in one trick, played by opposing sides, "
                "the hand stops the moment the second of them is played.  No card points are counted; "
                f"{result}.",
            ]
        )
    ]


def _redeal(rules: Ruleset) -> list[str]:
    redeal = rules.redeal
    assert isinstance(redeal, Redeal)
    lines = [
        "After the deal and before the first lead, a redeal may be called by "
        + either(_REDEAL_REASONS[reason](redeal) for reason in redeal.reasons)
        + ".  The same dealer deals again."
    ]
    if not redeal.first_hand:
        lines.append("Not in the first hand of a match.")
    if not redeal.after_praise:
        lines.append("Not after a praise deal.")
    if redeal.limit is not None:
        mode = rules.scoring.mode
        loss = f"it {_write(mode, redeal.penalty)}" if mode is ScoreMode.PENALTY else _others(rules, redeal.penalty)
        lines.append(
            f"A side may call {redeal.limit} redeals in a row; calling once more is refused and loses the hand: {loss}."
        )
    return [bullets(lines)]


def _praise(rules: Ruleset) -> list[str]:
    praise = rules.praise
    assert isinstance(praise, Praise)
    return [
        para(
            'Before each hand the "boasting" player (left of the dealer) announces how the cards are dealt, '
            "instead of cutting; the engine deals it, and every choice it leaves a player is his move.  After "
            "a redeal no praise is allowed.  The choices:"
        ),
        bullets([_PRAISES[kind] for kind in praise.choices]),
    ]


def _talon(rules: Ruleset) -> list[str]:
    talon = rules.talon
    assert isinstance(talon, Talon)
    lines = [f'{talon.size} cards are dealt aside after the hands, face down: the talon ("buy-in").']
    bidding = talon.bidding
    if bidding is not None:
        lines.append(
            "Bidding: from the dealer's left, clockwise, each player may take the talon.  The first who takes it "
            f"adds it to his hand and lays {bidding.lay_away} cards away face down (they count for him); he "
            "plays alone against the others, who share their tricks."
        )
        lines.append(
            f"The declarer wins with more than {bidding.wins_above} card points: then each opponent is scored by "
            "the table (see Scoring) on the opponents' card points together.  Otherwise the declarer is scored "
            "by it on his own."
        )
        lines.append('Nobody takes the talon: the hand is played "for less", each for himself.')
    if talon.lead_follows_shown:
        lines.append(
            "The talon's top card is shown; the first lead of a hand nobody took the talon for must be of its "
            "suit (a trump, for a trump) when the leader has one."
        )
    taken = "When nobody takes it, the talon" if bidding is not None else "The talon"
    lines.append(f"{taken} goes to whoever takes the last trick.")
    blocks = [bullets(lines)]
    if bidding is not None and bidding.for_less is not None:
        blocks.append(para('A hand played "for less" is scored by its own table:'))
        blocks.extend(_table_blocks(bidding.for_less, rules))
    return blocks


def _scoring(rules: Ruleset) -> list[str]:
    scoring = rules.scoring
    intro = {
        ScoreMode.PENALTY: "Penalty points, written on the losers: each side is written by its own card points.",
        ScoreMode.CREDIT: "Credit points, written for the winners: each side gets points by its own card points.",
        ScoreMode.COUNTDOWN: "Countdown: each side counts points off its own number, by its own card points.",
    }[scoring.mode]
    if rules.talon is not None and rules.talon.bidding is not None:
        intro += "  With a declarer, this table scores the hand as Talon and bidding says."
    return [para(intro), *_table_blocks(scoring, rules)]


def _table_blocks(scoring: Scoring, rules: Ruleset) -> list[str]:
    """A scoring table and the rules that go with it: eggs, all tricks, the dealer's loss."""
    mode = scoring.mode
    rows = [(f"{row.low}-{row.high}", str(row.written)) for row in scoring.rows]
    if scoring.no_trick is not None:
        rows.append(("no trick", str(scoring.no_trick)))
    every = scoring.all_tricks
    if every is not None and every.written is not None:
        rows.append(("all tricks", str(every.written)))
    column = "counted off" if mode is ScoreMode.COUNTDOWN else "written"
    lines = []
    if scoring.no_trick is not None:
        lines.append(f"A side that took no trick {_write(mode, scoring.no_trick)} instead of its row.")
    if every is not None:
        lines += _all_tricks(scoring, rules)
    half = rules.total_points // 2
    if scoring.eggs:
        again = ", and the hand is dealt again by the same dealer" if scoring.eggs_replay else ""
        nothing = {
            ScoreMode.PENALTY: "is written anything",
            ScoreMode.CREDIT: "gets anything",
            ScoreMode.COUNTDOWN: "counts anything off",
        }[mode]
        lines.append(
            f"Eggs: two sides with {half} card points each ({half}-{half}) are eggs; neither {nothing}{again}."
        )
    else:
        lines.append(f"No eggs: sides tied at {half} are scored by the table like any other.")
    if scoring.dealer_loses_written is not None:
        lines.append(
            f"When the losing side is the dealer's, the winner {_write(mode, scoring.dealer_loses_written)} "
            "instead of its row."
        )
    return [table(("card points", column), rows), bullets(lines)]


def _all_tricks(scoring: Scoring, rules: Ruleset) -> list[str]:
    mode = scoring.mode
    every = scoring.all_tricks
    assert every is not None
    lines = []
    if every.written is not None:
        lines.append(f"A side that takes every trick {_write(mode, every.written)} instead of its row.")
    if every.clears_own:
        lines.append("A side that takes every trick has its own written points wiped out.")
    if every.wins_if_opponents_blank:
        otherwise = "; otherwise the opponents' written points go back to 0" if every.resets_opponents else ""
        lines.append(
            f"A side that takes every trick wins the match at once when the opponents have nothing written{otherwise}."
        )
    elif every.resets_opponents:
        lines.append("A side that takes every trick sends the opponents' written points back to 0.")
    if every.first_hand_opponents is not None:
        lines.append(
            f'Taking every trick in the first hand of a match: {_others(rules, every.first_hand_opponents)} ("blind").'
        )
    if every.loses_match:
        lines.append("A side that takes every trick is the goat at once.")
    return lines


def _match(rules: Ruleset) -> list[str]:
    match, mode = rules.match, rules.scoring.mode
    goal = f"down to {match.target}" if mode is ScoreMode.COUNTDOWN else f"to reach {match.target} written points"
    start = f"Every side starts at {match.start} and counts its points off.  " if mode is ScoreMode.COUNTDOWN else ""
    if match.sets > 1:
        end = (
            f"{start}The first side {goal} wins a set, and the score sheet starts again.  The first side to win "
            f"{match.sets} sets wins the match; the other sides are the goats."
        )
    elif mode is ScoreMode.PENALTY:
        end = f"A side that reaches {match.target} written points is the goat, and the match ends."
    else:
        end = f"{start}The first side {goal} wins the match; the other sides are the goats."
    lines = [end]
    if match.titles:
        lines += [f'"{match.title([title])}": {_title_meaning(title, match, mode)}.' for title in match.titles]
        if len(match.titles) > 1:
            lines.append(f'The words add up, as in "{match.title(match.titles)}".')
    else:
        lines.append('No titles besides "goat".')
    return [bullets(lines)]


def _text(doc: str) -> tuple[str, str]:
    """A ruleset's text after its first line, less its source paragraph, and that paragraph (or "")."""
    body = textwrap.dedent("\n".join(doc.splitlines()[1:])).strip()
    paragraphs = re.split(r"\n[ \t]*\n", body)
    source = next((paragraph for paragraph in paragraphs if _SOURCE.match(paragraph)), "")
    if not source:
        return body, ""
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph is not source).strip(), source


def _sources(rules: Ruleset, source: str, page: str) -> list[str]:
    blocks = [para(source)]
    if any(rules.doc == built_in.doc for built_in in CATALOG.values()):
        blocks.append(
            para(
                "The source texts are not part of kozel: the [Sources](" + page + ") page of the docs says "
                "what each one is, what it covers and which rulesets were written from it."
            )
        )
    return blocks


def _changes_the_game(rules: Ruleset, base: str) -> bool:
    """Whether ``rules`` changes more of the built-in ruleset ``base`` its text is about than its name, version,
    match (the target, the sets and the titles, of which no built-in's headline speaks) and seating (the built-in
    seated for another number of players, as :meth:`~kozel.Ruleset.for_players` seats it, is still its game)."""
    built_in = CATALOG.get(base)
    if built_in is None:
        return False
    try:
        seated = built_in.for_players(rules.players, rules.sides)
        return attrs.evolve(rules, name=seated.name, version=seated.version, match=seated.match) != seated
    except RulesetError:  # the built-in cannot be seated so, or its match does not fit: they changed more
        return True


def _prose(rules: Ruleset, base: str, body: str) -> list[str]:
    blocks = []
    built_in = CATALOG.get(base)
    if built_in is not None and built_in != rules:
        blocks.append(para(f"The text below is that of the built-in `{base}`; this ruleset changes it:"))
        blocks.append(bullets(diff(built_in, rules)))
    blocks.append(body or "This ruleset has no text of its own.")
    return blocks


# -- words and layout ------------------------------------------------------------------------------------


def summary(rules: Ruleset) -> tuple[str, str]:
    """The ruleset its text is about (its first line's ``name:``) and that first line, capitalized."""
    first = rules.doc.strip().split("\n", 1)[0].strip()
    found = _BASE.match(first)
    base, line = (found.group(1), found.group(2)) if found else (rules.name, first)
    return base, line[:1].upper() + line[1:]


def seating_short(rules: Ruleset) -> str:
    """Who plays, in a few words: "4, 2 teams of 2" or "3, each for himself"."""
    if rules.sides == rules.players:
        return f"{rules.players}, each for himself"
    return f"{rules.players}, {rules.sides} teams of {rules.seating.team_size}"


def _suit_ranks(orders: Mapping[Suit, Sequence[Card]]) -> list[str]:
    """Each suit's cards as ranks, high to low, suits with the same ranks together: ``["♠ ♥ ♦: A 10 K 6", ...]``.

    One line without suits when every suit ranks alike; a suit with no cards is said to be all trumps.
    """
    groups: dict[tuple[Rank, ...], list[Suit]] = {}
    for suit, cards in orders.items():
        groups.setdefault(tuple(card.rank for card in cards), []).append(suit)
    if len(groups) == 1:
        return [" ".join(map(str, next(iter(groups))))]
    said = [f"{' '.join(map(str, suits))}: {' '.join(map(str, ranks))}" for ranks, suits in groups.items() if ranks]
    said += [f"{' '.join(map(str, suits))}: {_ALL_TRUMPS}" for ranks, suits in groups.items() if not ranks]
    return said


def _write(mode: ScoreMode, points: int) -> str:
    """A side's score changing by ``points``, said for the scoring mode: "is written 4"."""
    return {
        ScoreMode.PENALTY: f"is written {points}",
        ScoreMode.CREDIT: f"gets {points}",
        ScoreMode.COUNTDOWN: f"counts {points} off",
    }[mode]


def _others(rules: Ruleset, points: int) -> str:
    """Every side but a losing one gaining ``points``: "the other side gets 2"."""
    return f"{'the other side' if rules.sides == 2 else 'every other side'} {_write(rules.scoring.mode, points)}"


def _talon_heading(talon: Talon | None) -> str:
    return "Talon and bidding" if talon is not None and talon.bidding is not None else "Talon"
