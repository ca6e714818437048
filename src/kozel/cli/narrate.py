"""Table talk: a line of plain words for each thing that happens in a match, for the terminal."""

from __future__ import annotations

from collections.abc import Sequence

from kozel.cards.cardset import cardset_from_mask
from kozel.cards.notation import format_cards
from kozel.cli.table import sheet_notes, written_words
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.rules.ruleset import Ruleset
from kozel.view.events import Event, TrickTaken, move_events

__all__ = ["describe_deal", "describe_move", "per_side", "side_name"]


def side_name(rules: Ruleset, side: int) -> str:
    """A side in words: ``"team 1 (seats 1 and 3)"`` or ``"seat 2"`` when everyone plays alone."""
    seats = rules.seating.seats_of(side)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    listed = ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
    return f"team {side} (seats {listed})"


def per_side(rules: Ruleset, values: Sequence[object]) -> str:
    """One value per side in words: ``"team 0 60, team 1 60"``, or ``"seat 0 3, seat 1 1, seat 2 0"``."""
    return ", ".join(f"{_short_side(rules, side)} {value}" for side, value in enumerate(values))


def _short_side(rules: Ruleset, side: int) -> str:
    seats = rules.seating.seats_of(side)
    return f"seat {seats[0]}" if len(seats) == 1 else f"team {side}"


def describe_deal(state: GameState, *, header: bool = True) -> list[str]:
    """The start of a hand: who dealt, the trump and every hand (the narrator sees all cards).

    ``header=False`` leaves out the first line (who dealt, the trump, the scores), for a hand whose
    cards come out after the header was told: a deal announced by the praise, or drawn by the players.
    """
    rules = state.ruleset
    trump = (
        f"trump {state.trump} ({state.trump_card} shown)"
        if state.trump is not None
        else "permanent trumps " + format_cards(list(rules.trumps.order(None, rules.deck)))
    )
    lines = [
        f"Hand {state.hand_number + 1}: seat {state.dealer} deals; {trump}; scores {per_side(rules, state.scores)}"
    ]
    if state.phase is Phase.PRAISE:
        return [*lines, f"  the deck lies face down; seat {state.turn} announces the deal"]
    if not header:
        lines = [f"  the cards are dealt; trump {state.trump}"] if state.trump is not None else []
    lines += [f"  seat {seat}: {hand}" for seat, hand in enumerate(state.hands)]
    if any(state.trick_counts):
        taken = [
            f"{_short_side(rules, side)} {count} trick{'s' * (count != 1)} ({format_cards(list(won)) or 'no cards'})"
            for side, (count, won) in enumerate(zip(state.trick_counts, state.won, strict=True))
        ]
        lines.append(f"  tricks dealt before play: {'; '.join(taken)}")
    return lines


def describe_move(before: GameState, move: Move, after: GameState, events: Sequence[Event] | None = None) -> list[str]:
    """What ``move`` did, in words, then the trick's winner and the hand's result when they follow.

    ``events`` are the step's events as :func:`kozel.step` gave them (else they are worked out again).
    """
    cards = format_cards(list(move.cards))
    words = {
        MoveKind.LEAD: f"seat {move.seat} leads {cards}",
        MoveKind.BEAT: f"seat {move.seat} beats with {cards}",
        MoveKind.PASS: f"seat {move.seat} passes {len(move.cards)} face down ({cards})",
        MoveKind.MOLODKA: f"seat {move.seat} plays a molodka out of turn: {cards}",
        MoveKind.PLAY: f"seat {move.seat} plays {cards}",
        MoveKind.TRANSFER: f"seat {move.seat} hands {cards} to the partner face down",
        MoveKind.TRANSFER_BACK: f"seat {move.seat} gives back {cards} face down",
        MoveKind.REDEAL: f"seat {move.seat} calls for a redeal",
        MoveKind.TAKE_TALON: f"seat {move.seat} takes the talon ({format_cards(list(before.talon))})",
        MoveKind.DECLINE: f"seat {move.seat} lets the talon go",
        MoveKind.LAY_AWAY: f"seat {move.seat} lays away {cards} face down",
        MoveKind.PRAISE: f"seat {move.seat} announces the deal: {(move.choice or '').replace('_', ' ')}",
        MoveKind.LAY_DARK: f"seat {move.seat} lays {cards} face down",
        MoveKind.LAY_OPEN: f"seat {move.seat} lays {cards} face up",
    }
    lines = ["  " + words[move.kind]]
    trick = before.trick
    rules = before.ruleset
    ended = after.hand_number != before.hand_number
    caught = ended and after.hand_results[-1].caught
    for event in move_events(before, move, after) if events is None else events:
        if isinstance(event, TrickTaken) and trick is not None and not caught:
            taken = cardset_from_mask(move.mask | sum(play.mask for play in trick.plays))
            points = sum(rules.card_points(card) for card in taken)
            stock = f"; stock {len(after.stock)} left" if before.stock else ""
            lines.append(f"  -> seat {event.winner} takes the trick ({points} points){stock}")
    if caught:
        lines.append(f"  -> caught! {rules.catch.catcher} meets {rules.catch.victim}: the hand stops")  # type: ignore[union-attr]
    dealt = before.phase in (Phase.PRAISE, Phase.DRAWING) and after.phase is Phase.PLAY
    if move.kind is MoveKind.REDEAL and not ended:
        lines.extend(describe_deal(after))
    elif dealt:
        lines.extend(describe_deal(after, header=False))
    if ended:
        result = after.hand_results[-1]
        eggs = " (eggs)" if result.eggs else ""
        notes = sheet_notes(
            rules,
            result,
            (before.scores, before.sets),
            (after.scores, after.sets),
            lambda side: _short_side(rules, side),
            over=after.is_over,
        )
        lines.append(
            f"Hand over{eggs}: card points {per_side(rules, result.points)}; tricks {per_side(rules, result.tricks)}; "
            f"written {written_words(rules, result.written, lambda side: _short_side(rules, side))}; "
            f"scores {per_side(rules, after.scores)}{''.join(f' ({note})' for note in notes)}"
        )
    return lines
