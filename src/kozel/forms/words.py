"""A ruleset's values in table words: a deck, a seating, a component and its fields, as sheets and diffs say them."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from kozel.cards.card import Card, Rank, Suit
from kozel.cards.deck import Deck
from kozel.cards.notation import format_cards
from kozel.rules.catch import Catch
from kozel.rules.dealing import Dealing
from kozel.rules.leading import Leading
from kozel.rules.match import MatchRule
from kozel.rules.praise import Praise
from kozel.rules.redeal import Redeal
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import AllTricks, ScoreRow, Scoring
from kozel.rules.seating import Seating
from kozel.rules.talon import Bidding, Talon
from kozel.rules.transfer import TrumpTransfer
from kozel.rules.trick_play import BeatOrPass, FollowSuit, Molodka
from kozel.rules.trump import Trumps

__all__ = ["PHRASES", "WHOLE", "deck_words", "fields_words", "seating_words", "words"]

#: How each field is called at the table; a field not listed is called by its name, underscores as spaces.
PHRASES: Final[Mapping[tuple[type, str], str]] = {
    (Ruleset, "points"): "card points",
    (Ruleset, "dealing"): "deal",
    (Ruleset, "play"): "trick play",
    (Ruleset, "transfer"): "trump transfer",
    (Ruleset, "leading"): "lead",
    (Trumps, "shown"): "trump suit shown from",
    (Trumps, "fixed"): "permanent trumps",
    (Trumps, "over_trumps"): "over-trumps",
    (Trumps, "plain_order"): "rank order, low to high,",
    (Dealing, "hand_size"): "cards each",
    (Dealing, "packet"): "cards dealt at a time",
    (Dealing, "refill"): "draw from the stock",
    (Dealing, "rotation"): "next dealer",
    (FollowSuit, "winner"): "trick taken by",
    (FollowSuit, "first_trick_suit"): "suit of the first trick",
    (TrumpTransfer, "counts"): "for this many trumps",
    (TrumpTransfer, "after_deal"): "after the deal",
    (TrumpTransfer, "after_draw"): "after each draw",
    (TrumpTransfer, "first_hand"): "in the first hand",
    (TrumpTransfer, "trump_back_if_no_plain"): "trumps given back without a plain card",
    (TrumpTransfer, "point_trump_of_two"): "the point trump of two",
    (Scoring, "rows"): "table",
    (Scoring, "no_trick"): "no trick written",
    (Scoring, "eggs"): "half each is eggs",
    (Scoring, "eggs_replay"): "eggs dealt again",
    (Scoring, "dealer_loses_written"): "written when the dealer's side loses",
    (AllTricks, "clears_own"): "clears own score",
    (AllTricks, "wins_if_opponents_blank"): "wins against a blank sheet",
    (AllTricks, "resets_opponents"): "wipes out the opponents' score",
    (AllTricks, "first_hand_opponents"): "written on the opponents in the first hand",
    (AllTricks, "loses_match"): "loses the match",
    (MatchRule, "sets"): "sets to win",
    (Leading, "first_hand"): "first hand led by",
    (Leading, "later_hands"): "later hands led by",
    (Leading, "holder_card"): "the holder of",
    (Leading, "lead_holder_card"): "holder leads that card",
    (Leading, "first_lead_plain"): "first lead of the match plain",
    (Leading, "trump_leads"): "trumps led by",
    (Leading, "swap_for_plain"): "swap a trump with the partner for a plain card",
    (Talon, "size"): "cards",
    (Talon, "lead_follows_shown"): "first lead follows the shown card",
    (Bidding, "lay_away"): "cards laid away",
    (Bidding, "wins_above"): "declarer wins above",
    (Bidding, "for_less"): "for less",
    (Catch, "victim"): "caught card",
    (Catch, "catcher"): "catching card",
    (Redeal, "below_points"): "for a hand under",
    (Redeal, "first_hand"): "in the first hand",
    (Redeal, "after_praise"): "after a praise deal",
    (Redeal, "limit"): "in a row at most",
}


def words(value: Any) -> str:
    """A field's value as the table says it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Card | Rank | Suit):
        return str(value)
    if isinstance(value, enum.Enum):
        return str(value.value).replace("_", " ")
    say = _WORDS.get(type(value))
    if say is not None:
        return say(value)
    if isinstance(value, tuple):
        if not value:
            return "none"
        spaced = all(isinstance(each, Card | Rank) for each in value)
        return (" " if spaced else ", ").join(map(words, value))
    if attrs.has(type(value)):
        return fields_words(value)
    return str(value)


def fields_words(value: Any) -> str:
    """A component's fields, those that differ from their defaults (all of them when none does)."""
    fields = [field for field in attrs.fields(type(value)) if field.init and field.eq]
    changed = [field for field in fields if not _is_default(field, getattr(value, field.name))]
    parts = []
    for field in changed or fields:
        inner = getattr(value, field.name)
        text = words(inner)
        if attrs.has(type(inner)) and type(inner) not in _WORDS:
            text = f"({text})"
        parts.append(f"{PHRASES.get((type(value), field.name), field.name.replace('_', ' '))} {text}")
    return ", ".join(parts)


def _is_default(field: attrs.Attribute[Any], value: Any) -> bool:
    return field.default is not attrs.NOTHING and bool(value == field.default)


def deck_words(deck: Deck) -> str:
    """A deck in words: how many cards, from which rank to which."""
    ranks = {suit: sorted(card.rank for card in deck if card.suit is suit) for suit in Suit}
    same = ranks[Suit.CLUBS]
    if not same or any(ranks[suit] != same for suit in Suit):
        return f"{len(deck)} cards: {format_cards(deck.cards)}"
    if same == list(Rank)[len(Rank) - len(same) :]:
        return f"{len(deck)} cards ({same[0]}-{Rank.ACE})"
    return f"{len(deck)} cards ({' '.join(str(rank) for rank in reversed(same))} of each suit)"


def seating_words(seating: Seating) -> str:
    """Who plays, in words: "4 players in 2 teams of 2" or "3 players, each for himself"."""
    if seating.sides == seating.players:
        return f"{seating.players} players, each for himself"
    return f"{seating.players} players in {seating.sides} teams of {seating.team_size}"


#: Components said as a whole (a change to any of their fields is one line); the others are walked field by field.
#: Values said whole, never field by field.
WHOLE: Final = (Deck, Seating, Molodka, Praise, ScoreRow)


#: How a value of each type is said.
_WORDS: Final[Mapping[type, Callable[[Any], str]]] = {
    Deck: deck_words,
    Seating: seating_words,
    Molodka: lambda molodka: "trumps only" if molodka.trumps_only else "any suit",
    Praise: lambda praise: words(praise.choices),
    ScoreRow: lambda row: f"{row.low}-{row.high}: {row.written}",
    Catch: lambda catch: f"{catch.catcher} catches {catch.victim}, written {catch.written}",
    BeatOrPass: lambda play: f"beat or pass, molodka {words(play.molodka)}",
    FollowSuit: lambda play: f"follow suit, {fields_words(play)}",
}
