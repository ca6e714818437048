"""Ruleset: one complete set of table rules, built from frozen components and checked as a whole."""

from __future__ import annotations

import attrs

from kozel.cards.card import Card, Rank, Suit
from kozel.cards.deck import Deck
from kozel.errors import RulesetError, WrongTypeError
from kozel.limits import MAX_SET_HANDS, NUMBER_DIGITS
from kozel.plain_types import short_repr
from kozel.rules import checks
from kozel.rules.catch import Catch
from kozel.rules.dealing import Dealing
from kozel.rules.leading import Leading, LeadSeat, TrumpLeads
from kozel.rules.match import MatchRule, Title
from kozel.rules.points import CardPoints
from kozel.rules.praise import Praise, PraiseKind
from kozel.rules.redeal import Redeal, RedealReason
from kozel.rules.scoring import AllTricks, ScoreMode, Scoring
from kozel.rules.seating import Seating
from kozel.rules.talon import Talon
from kozel.rules.transfer import TrumpTransfer
from kozel.rules.trick_play import BeatOrPass, FollowSuit
from kozel.rules.trump import Trumps, TrumpSource

__all__ = ["Ruleset", "checked_rules"]


def _of(kind: type | tuple[type, ...]) -> checks.Check:
    return checks.instance("ruleset", kind)


@attrs.frozen(cache_hash=True)
class Ruleset:
    """The complete rules of one Kozel game: a frozen value made of rule components.

    Building a ruleset checks that its parts fit together; a contradiction raises
    :class:`~kozel.RulesetError` saying what is wrong.  Make a house variant with
    :func:`attrs.evolve` or :meth:`for_players`.
    """

    #: Short name of the ruleset, as in the catalog (``kozel.variants.names()``).
    name: str = attrs.field(validator=checks.title("ruleset"))
    #: The cards played with.
    deck: Deck = attrs.field(validator=_of(Deck))
    #: Players and sides.
    seating: Seating = attrs.field(validator=_of(Seating))
    #: What each card counts when the tricks are added up.
    points: CardPoints = attrs.field(validator=_of(CardPoints))
    #: Which cards are trumps and how cards rank.
    trumps: Trumps = attrs.field(validator=_of(Trumps))
    #: The deal and the draw from the stock.
    dealing: Dealing = attrs.field(validator=_of(Dealing))
    #: How tricks are played: beat or pass, or follow suit.
    play: BeatOrPass | FollowSuit = attrs.field(validator=_of((BeatOrPass, FollowSuit)))
    #: The trump transfer to the partner, or None.
    transfer: TrumpTransfer | None = attrs.field(validator=checks.optional(_of(TrumpTransfer)))
    #: How a hand's card points become written points.
    scoring: Scoring = attrs.field(validator=_of(Scoring))
    #: When the match ends and what the losers are called.
    match: MatchRule = attrs.field(validator=_of(MatchRule))
    #: Who leads each hand, and what a leader may open with.
    leading: Leading = attrs.field(validator=_of(Leading))
    #: The talon dealt aside, or None.
    talon: Talon | None = attrs.field(default=None, validator=checks.optional(_of(Talon)))
    #: A low card that catches a high one, or None.
    catch: Catch | None = attrs.field(default=None, validator=checks.optional(_of(Catch)))
    #: The redeal a poor hand may call, or None.
    redeal: Redeal | None = attrs.field(default=None, validator=checks.optional(_of(Redeal)))
    #: The deal procedures the boasting player may announce ("praise"), or None.
    praise: Praise | None = attrs.field(default=None, validator=checks.optional(_of(Praise)))
    #: The rules in table words, with the readings taken where the source text is unclear.
    doc: str = attrs.field(default="", eq=False, validator=checks.document("ruleset"))
    #: Version of this ruleset's rules; it changes whenever the rules it plays change.  At most
    #: ``NUMBER_DIGITS`` (100) digits, as a record's ``RulesetVersion`` header holds.
    version: int = attrs.field(
        default=1,
        validator=checks.Check(
            "ruleset",
            f"a whole number of at least 1 and at most {NUMBER_DIGITS} digits",
            lambda value: checks.is_whole(value) and 1 <= value < 10**NUMBER_DIGITS,
        ),
    )

    def __attrs_post_init__(self) -> None:
        self._check_deal()
        self._check_trumps()
        self._check_scoring()
        self._check_one_written()
        self._check_specials()
        self._check_numbers()
        self._check_titles()

    @property
    def talon_size(self) -> int:
        """How many cards are dealt to the talon (0 without one)."""
        return self.talon.size if self.talon is not None else 0

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds after the deal."""
        return len(self.deck) - self.seating.players * self.dealing.hand_size - self.talon_size

    def _check_deal(self) -> None:
        players, size, cards = self.seating.players, self.dealing.hand_size, len(self.deck)
        dealt = players * size + self.talon_size
        talon = f" and {self.talon_size} to the talon" if self.talon_size else ""
        if dealt > cards:
            raise RulesetError(
                f"{self.name}: a deck of {cards} cards cannot give {players} players {size} cards each{talon}"
            )
        stock = cards - dealt
        if self.dealing.refill and stock % players:
            raise RulesetError(
                f"{self.name}: {players} players would end the hand with unequal hands: the stock of "
                f"{stock} cards does not divide among them"
            )
        if not self.dealing.refill and stock:
            raise RulesetError(
                f"{self.name}: {stock} cards would stay undealt with no stock to draw from "
                f"({players} players x {size} cards{talon} = {dealt}, the deck has {cards})"
            )

    def _check_trumps(self) -> None:
        named = {
            "the trump order (trumps.fixed)": self.trumps.fixed,
            "the over-trumps (trumps.over_trumps)": self.trumps.over_trumps,
            "the lead rule (leading.holder_card)": (self.leading.holder_card,)
            if self.leading.holder_card is not None
            else (),
            "the catch (catch.victim, catch.catcher)": (self.catch.victim, self.catch.catcher)
            if self.catch is not None
            else (),
        }
        for what, cards in named.items():
            missing = [str(card) for card in cards if card not in self.deck]
            if missing:
                raise RulesetError(f"{self.name}: {what} names cards not in the deck: {' '.join(missing)}")
        shown = self.trumps.shown
        if shown is TrumpSource.MIDDLE_OF_STOCK and not (self.dealing.refill and self.stock_size):
            raise RulesetError(
                f"{self.name}: the trump card is shown from the stock (trumps.shown), but the deal leaves no stock"
            )
        if shown is TrumpSource.TALON_TOP and not self.talon_size:
            raise RulesetError(
                f"{self.name}: the trump card is shown from the talon (trumps.shown), but there is no talon (talon)"
            )

    def _check_scoring(self) -> None:
        total = self.total_points
        for table, where in self._scoring_tables():
            if table.top != total:
                raise RulesetError(
                    f"{self.name}: the scoring table covers {checks.points_range(0, table.top)} card points "
                    f"({where}.rows), "
                    f"but the deck's cards add up to {total}"
                )
        countdown = self.scoring.mode is ScoreMode.COUNTDOWN
        if countdown and self.match.start <= self.match.target:
            raise RulesetError(
                f"{self.name}: counting down, the match must start above its target (match.start "
                f"{self.match.start}, match.target {self.match.target})"
            )
        if not countdown and self.match.start:
            raise RulesetError(f"{self.name}: only a countdown match starts above 0")
        if not countdown and self.match.target < 1:
            raise RulesetError(
                f"{self.name}: a match target of {self.match.target} is reached before the first hand, "
                "since every side starts at 0"
            )
        least = self.scoring.least_reached(self.reachable_points, total, self.sides)
        if least is None:
            raise RulesetError(
                f"{self.name}: the scoring table writes no points in any hand, so no match would end (scoring.rows: "
                "no row that writes points covers card points a side can take, leaving aside eggs)"
            )
        distance = self.match.start - self.match.target if countdown else self.match.target
        if distance > MAX_SET_HANDS * least:
            raise RulesetError(
                f"{self.name}: a side written the least the table writes ({least}) would need "
                f"{-(-distance // least)} hands to go the {distance} points to the target; a match allows at most "
                f"{MAX_SET_HANDS} such hands (match.target at most {MAX_SET_HANDS * least} here)"
            )

    def _scoring_tables(self) -> list[tuple[Scoring, str]]:
        """Each scoring table a hand may be counted by, with its path: the ruleset's, and the bidding's "for less"."""
        tables = [(self.scoring, "scoring")]
        bidding = self.talon.bidding if self.talon is not None else None
        if bidding is not None and bidding.for_less is not None:
            tables.append((bidding.for_less, "talon.bidding.for_less"))
        return tables

    def _check_one_written(self) -> None:
        """Under credit or countdown scoring the first side to the target wins the set or match, so a hand writes
        points for one side at most: two sides reaching the target in one hand would leave the match without a
        winner, and these rules do not say who wins then.  Refused, with the hand that would do it."""
        mode = self.scoring.mode
        if mode is ScoreMode.PENALTY:
            return
        words = (
            f"under {mode.value} scoring the first side to reach the target wins, so a hand may write points for one "
            "side at most"
        )
        for table, where in self._scoring_tables():
            both = table.two_written(self.reachable_points, self.total_points, self.sides)
            if both is not None:
                (first, first_written), (second, second_written) = both
                raise RulesetError(
                    f"{self.name}: {words}, but sides with {first} and {second} card points are written "
                    f"{first_written} and {second_written} in the same hand ({where})"
                )
        if self.sides < 3:
            return
        bidding = self.talon.bidding if self.talon is not None else None
        credited = {
            "a catch credits every side but the one caught (catch.written)": self.catch.written
            if self.catch is not None
            else 0,
            "a redeal called beyond its limit credits every side but the caller's (redeal.penalty)": (
                self.redeal.penalty if self.redeal is not None and self.redeal.limit is not None else 0
            ),
            "a lost bid credits every opponent of the declarer (talon.bidding)": 1 if bidding is not None else 0,
        }
        for what, written in credited.items():
            if written:
                raise RulesetError(f"{self.name}: {words}, but with {self.sides} sides {what}")

    def _check_specials(self) -> None:
        pairs_needed = {
            "the trump transfer goes to the partner": self.transfer is not None,
            "the opener swaps a trump with the partner": self.leading.swap_for_plain,
        }
        for what, needed in pairs_needed.items():
            if needed and self.seating.team_size != 2:
                raise RulesetError(
                    f"{self.name}: {what}, so every side needs exactly two players, not {self.seating.team_size}"
                )
        follow_only = {
            "a talon": self.talon is not None,
            "a catch": self.catch is not None,
            "a redeal": self.redeal is not None,
            "a trump lead rule": self.leading.trump_leads is not TrumpLeads.ANY,
            "a lead of the holder's card": self.leading.lead_holder_card,
            "a plain first lead": self.leading.first_lead_plain,
            "the opening swap": self.leading.swap_for_plain,
        }
        for what, present in follow_only.items():
            if isinstance(self.play, BeatOrPass) and present:
                raise RulesetError(f"{self.name}: {what} belongs to the follow-suit games, not beat or pass")
        self._check_no_trumps()
        leading = self.leading
        if leading.holder_card is not None and not (
            leading.lead_holder_card or LeadSeat.HOLDER in (leading.first_hand, leading.later_hands)
        ):
            raise RulesetError(
                f"{self.name}: leading.holder_card names {leading.holder_card}, but no rule uses its holder (neither "
                "leading.first_hand nor leading.later_hands is holder, and leading.lead_holder_card is off): set it "
                "to none (holder_card = false in a house file whose base names one), or name a rule that uses it"
            )
        if leading.swap_for_plain and leading.trump_leads is TrumpLeads.ANY and not leading.first_lead_plain:
            raise RulesetError(
                f"{self.name}: the opening swap is for an opener barred from leading trumps, but no rule bars one "
                "(leading.trump_leads is any and leading.first_lead_plain is off), so it never happens"
            )
        if self.match.sets > 1 and self.scoring.mode is ScoreMode.PENALTY:
            raise RulesetError(
                f"{self.name}: a match of sets is won by reaching the target, so it needs credit scoring"
            )
        if self.talon is not None and self.talon.bidding is not None and self.seating.team_size != 1:
            raise RulesetError(f"{self.name}: bidding for the talon is for players who each play for himself")
        if self.praise is not None:
            self._check_praise_table()
        self._check_drawing_deals()
        self._check_all_trumps()  # after the drawing deals, whose want of cards to lay says more
        if self.transfer is not None and self.transfer.after_draw and not self.dealing.refill:
            raise RulesetError(f"{self.name}: the trump transfer follows each draw, but this game has no draw")

    @property
    def has_trumps(self) -> bool:
        """Whether the game has trumps at all: a trump suit shown each hand, or permanent trumps."""
        return self.trumps.shown is not TrumpSource.NONE or bool(self.trumps.fixed)

    def _check_no_trumps(self) -> None:
        """A game with no trumps at all (no trump suit shown, no permanent trumps) is played, but a rule that only
        trumps bring about never happens in it, so it is refused as a mistake."""
        if self.has_trumps:
            return
        molodka = self.play.molodka if isinstance(self.play, BeatOrPass) else None
        about_trumps = {
            "a molodka of trumps only (play.molodka.trumps_only)": molodka is not None and molodka.trumps_only,
            "a trump transfer (transfer)": self.transfer is not None,
            f"a trump lead rule (leading.trump_leads is {self.leading.trump_leads.value})": (
                self.leading.trump_leads is not TrumpLeads.ANY
            ),
            "the opening swap of a trump (leading.swap_for_plain)": self.leading.swap_for_plain,
        }
        for what, present in about_trumps.items():
            if present:
                raise RulesetError(
                    f"{self.name}: the game has no trumps (trumps.shown is none and trumps.fixed is empty), so "
                    f"{what} never happens"
                )

    def _check_all_trumps(self) -> None:
        """A game whose every card is a trump in every hand is played, but a rule about plain cards or about leading
        trumps never happens in it (no opener ever holds a plain card), so it is refused as a mistake."""
        deck = self.deck.mask
        suits = [None] if self.trumps.shown is TrumpSource.NONE else sorted({card.suit for card in self.deck})
        if not all(self.trumps.table(suit).trump_mask & deck == deck for suit in suits):
            return
        about_plain = {
            "a plain first lead (leading.first_lead_plain)": self.leading.first_lead_plain,
            "the opening swap of a trump for a plain card (leading.swap_for_plain)": self.leading.swap_for_plain,
            f"a trump lead rule (leading.trump_leads is {self.leading.trump_leads.value})": (
                self.leading.trump_leads is not TrumpLeads.ANY
            ),
        }
        for what, present in about_plain.items():
            if present:
                raise RulesetError(
                    f"{self.name}: every card of the deck is a trump, so {what} never happens: turn it off, or leave "
                    "some cards plain"
                )

    def _check_titles(self) -> None:
        """Each title the match may give can be given under these rules: the words of penalty scoring only under it,
        "blind" only with a rule for taking every trick, "tails" of the final hand only where the winners can stand
        that far short of the target and take that many card points."""
        match, mode = self.match, self.scoring.mode
        titles = set(match.titles)
        if mode is not ScoreMode.PENALTY:
            for title in (Title.DRY, Title.TAILS_OVER_TARGET):
                if title in titles:
                    raise RulesetError(
                        f"{self.name}: the title {title.value!r} (match.titles) is given only under penalty scoring, "
                        f"and the match counts {mode.value} points: leave it out of match.titles"
                    )
        tables = self._scoring_tables()
        if Title.BLIND in titles and all(table.all_tricks is None for table, _ in tables):
            raise RulesetError(
                f"{self.name}: the title 'blind' (match.titles) is given for taking every trick of the first hand, "
                "but no rule for taking every trick is set (scoring.all_tricks): leave it out of match.titles, or set "
                "one"
            )
        for table, where in tables:
            if table.all_tricks == AllTricks() and Title.BLIND not in titles:
                raise RulesetError(
                    f"{self.name}: taking every trick does nothing here ({where}.all_tricks sets no effect, and "
                    "match.titles "
                    "has no 'blind' for it to give): leave it out, or set what it does"
                )
        if Title.TAILS_FINAL_HAND in titles:
            short = match.tails_score(mode)
            stood = short <= match.start if mode is ScoreMode.COUNTDOWN else short >= match.start
            if not stood:
                raise RulesetError(
                    f"{self.name}: the title 'tails_final_hand' (match.titles) is for winners who stood "
                    f"{match.tails_short} short of the target (match.tails_short), at {short}, before the final hand, "
                    f"but scores start at {match.start}: lower match.tails_short, or leave the title out of "
                    "match.titles"
                )
            if match.tails_points > self.total_points:
                raise RulesetError(
                    f"{self.name}: the title 'tails_final_hand' (match.titles) is for winners who took "
                    f"{match.tails_points} card points or more in the final hand (match.tails_points), but the "
                    f"deck's cards add up to {self.total_points}: lower match.tails_points, or leave the title out "
                    "of match.titles"
                )

    def _check_praise_table(self) -> None:
        """The praise deals are for four players in two pairs, all cards dealt, permanent trumps."""
        failed = {
            f"seating.players is {self.players}": self.players != 4,
            f"seating.sides is {self.sides}": self.sides != 2,
            "dealing.refill is true": self.dealing.refill,
            "there is a talon (talon)": self.talon is not None,
            f"trumps.shown is {self.trumps.shown.value}": self.trumps.shown is not TrumpSource.NONE,
        }
        wrong = [what for what, fails in failed.items() if fails]
        if wrong:
            raise RulesetError(
                f"{self.name}: the praise deals are for four players in pairs, all cards dealt, permanent trumps, "
                f"but {' and '.join(wrong)}"
            )

    def _check_drawing_deals(self) -> None:
        """Each praise deal can be dealt from this deck: the tricks it deals before play leave every hand a card to
        play, and the drawing deals find cards to lay.

        The regular deal gives half a hand at a time, so a hand holds at least two cards.  In trousers each of
        the first three players takes at most two cards he may lay before he has laid his one: the deck holds
        enough cards that are neither trumps nor aces for the fourth still to find his.  In pants double the
        deck holds at least the eight such cards laid.
        """
        praise = self.praise
        if praise is None:
            return
        size = self.dealing.hand_size
        if size < 2:
            raise RulesetError(
                f"{self.name}: the regular praise deal gives half a hand at a time, so dealing.hand_size must be "
                f"at least 2, not {size}"
            )
        for kind in praise.choices:
            if size <= kind.laid:
                raise RulesetError(
                    f"{self.name}: in {kind.value!r} (praise.choices) each player puts {kind.laid} card(s) into the "
                    f"tricks dealt before play, so dealing.hand_size must be at least {kind.laid + 1} to leave him a "
                    f"card to play, not {size}"
                )
        trumps = self.trumps.table(None).trump_mask
        layable = sum(1 for card in self.deck if not trumps & card.bit and card.rank is not Rank.ACE)
        if PraiseKind.TROUSERS in praise.choices:
            taken = min(size, 2)  # one draw of a top and a bottom card, both his to lay
            needed = (self.players - 1) * taken + PraiseKind.TROUSERS.laid
            if layable < needed:
                raise RulesetError(
                    f"{self.name}: in 'trousers' (praise.choices) each of the first {self.players - 1} players may "
                    f"take up to {taken} cards that are neither trumps nor aces before he has laid his one, and the "
                    f"last needs one more: the deck must hold {needed} such cards, not {layable}"
                )
        laid = self.players * PraiseKind.PANTS_DOUBLE.laid
        if PraiseKind.PANTS_DOUBLE in praise.choices and layable < laid:
            raise RulesetError(
                f"{self.name}: in 'pants_double' (praise.choices) each of the {self.players} players lays 2 cards that "
                f"are neither trumps nor aces, but the deck holds {layable} such cards, not the {laid} needed"
            )

    def _check_numbers(self) -> None:
        total, size = self.total_points, self.dealing.hand_size
        talon = self.talon
        bidding = talon.bidding if talon is not None else None
        if talon is not None and bidding is not None:
            if bidding.lay_away != talon.size:
                raise RulesetError(
                    f"{self.name}: the declarer takes a talon of {talon.size} cards but lays away {bidding.lay_away}, "
                    f"so he would play {size + talon.size - bidding.lay_away} cards against the others' {size} "
                    "(bidding.lay_away must equal talon.size)"
                )
            if bidding.wins_above >= total:
                raise RulesetError(
                    f"{self.name}: the declarer wins with more than {bidding.wins_above} card points "
                    f"(bidding.wins_above), but the deck's cards add up to {total}, so he could never win"
                )
            if bidding.for_less is not None and bidding.for_less.mode is not self.scoring.mode:
                raise RulesetError(
                    f"{self.name}: a hand nobody bids for is scored as {bidding.for_less.mode.value} points "
                    f"(bidding.for_less.mode), but the match counts {self.scoring.mode.value} points"
                )
        self._check_redeal(total)
        if self.transfer is not None:
            over = [count for count in self.transfer.counts if count > size]
            if over:
                raise RulesetError(
                    f"{self.name}: the trump transfer is for a player holding {' or '.join(map(str, over))} trumps "
                    f"(transfer.counts), but a hand holds {size} cards"
                )

    def _check_redeal(self, total: int) -> None:
        """A redeal's reasons are ones a deal of this deck can give, and not to every hand."""
        redeal = self.redeal
        if redeal is None:
            return
        reasons = redeal.reasons
        size = self.dealing.hand_size
        most = sum(sorted((self.card_points(card) for card in self.deck), reverse=True)[:size])
        if RedealReason.FEW_POINTS in reasons and redeal.below_points > most:
            raise RulesetError(
                f"{self.name}: a redeal for a hand under {redeal.below_points} card points (redeal.below_points), "
                f"but a hand of {size} cards holds at most {most}, so every hand could call one"
            )
        if size < 4 and (RedealReason.FOUR_NINES in reasons or RedealReason.FOUR_QUEENS in reasons):
            raise RulesetError(
                f"{self.name}: a redeal for a player holding all four nines or queens, but a hand holds {size} cards, "
                "so none ever does"
            )
        for rank, reason, word in (
            (Rank.NINE, RedealReason.FOUR_NINES, "nines"),
            (Rank.QUEEN, RedealReason.FOUR_QUEENS, "queens"),
        ):
            held = sum(card.rank is rank for card in self.deck)
            if reason in reasons and held != 4:
                raise RulesetError(
                    f"{self.name}: a redeal for a player holding all four {word} (redeal.reasons: {reason.value}), "
                    f"but the deck holds {held}"
                )
        queens = [card for card in self.deck if card.rank is Rank.QUEEN]
        if RedealReason.NO_QUEEN in reasons and not queens:
            raise RulesetError(
                f"{self.name}: a redeal for a side with no queen (redeal.reasons: no_queen), but the deck holds "
                "no queen, so every hand could call one"
            )
        if RedealReason.NO_QUEEN_BUT_DIAMONDS in reasons and all(card.suit is Suit.DIAMONDS for card in queens):
            raise RulesetError(
                f"{self.name}: a redeal for a side with no queen but Q♦ (redeal.reasons: no_queen_but_diamonds), "
                "but the deck holds no other queen, so every hand could call one"
            )

    @property
    def players(self) -> int:
        """How many people play."""
        return self.seating.players

    @property
    def sides(self) -> int:
        """How many sides (teams, or single players) compete."""
        return self.seating.sides

    @property
    def largest_hand(self) -> int:
        """The most cards a seat holds at once: the hand dealt, the talon taken, the trumps handed over to it.

        A partner holds the trumps a transfer (or the opener's swap of a trump for a plain card) hands
        him until he gives back as many.
        """
        extra = self.talon.size if self.talon is not None else 0
        if self.transfer is not None:
            extra += max(self.transfer.counts)
        elif self.leading.swap_for_plain:
            extra += 1
        return min(len(self.deck), self.dealing.hand_size + extra)

    @property
    def total_points(self) -> int:
        """The card points of the whole deck (120 in every built-in ruleset)."""
        return self.points.of_mask(self.deck.mask)

    @property
    def most_written(self) -> int:
        """The most a hand can write for a side, 1 at least: by the scoring table, a talon game's "for less" one, a
        catch, or a redeal called beyond the limit."""
        most = [1, self.scoring.most_written]
        talon = self.talon
        if talon is not None and talon.bidding is not None and talon.bidding.for_less is not None:
            most.append(talon.bidding.for_less.most_written)
        if self.catch is not None:
            most.append(self.catch.written)
        if self.redeal is not None and self.redeal.limit is not None:
            most.append(self.redeal.penalty)
        return max(most)

    @property
    def reachable_points(self) -> int:
        """The card points a side could take in a hand, as bits (bit ``n`` for ``n`` points): the sums of the points
        of the deck's cards, any of them."""
        sums = 1
        for card in self.deck:
            sums |= sums << self.card_points(card)
        return sums

    def card_points(self, card: Card) -> int:
        """The points ``card`` counts when the tricks are added up."""
        return self.points.of(card)

    def side_of(self, seat: int) -> int:
        """The side (team or single player) that ``seat`` plays for."""
        return self.seating.side_of(seat)

    def for_players(self, players: int, sides: int | None = None) -> Ruleset:
        """This ruleset for another number of players: teams of equal size alternately seated.

        Without ``sides``, an even number of four or more forms two teams; otherwise everyone plays
        for himself.  A count the deal cannot serve raises :class:`~kozel.RulesetError`.

        >>> import kozel
        >>> kozel.variants.get("classic").for_players(6).seating
        Seating(players=6, sides=2)
        """
        for name, value in (("players", players), ("sides", sides)):
            if (value is not None or name == "players") and (type(value) is not int):
                raise WrongTypeError(f"for_players: {name} is a whole number, not {short_repr(value)}")
        if sides is None:
            sides = 2 if players % 2 == 0 and players >= 4 else players
        return attrs.evolve(self, seating=Seating(players, sides))


def checked_rules(rules: object, what: str) -> Ruleset:
    """``rules`` where it is a :class:`~kozel.Ruleset`, else a :class:`~kozel.WrongTypeError` naming ``what``."""
    if isinstance(rules, Ruleset):
        return rules
    hint = f" (kozel.variants.get({short_repr(rules)}) is the ruleset of that name)" if isinstance(rules, str) else ""
    raise WrongTypeError(f"{what} needs a Ruleset, not {type(rules).__name__}{hint}")
