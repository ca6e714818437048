"""Table talk: a line of plain words for each thing that happens in a match, for the terminal."""

from __future__ import annotations

from kozel.cards.cardset import cardset_from_mask
from kozel.cards.notation import format_cards
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.rules.ruleset import Ruleset

__all__ = ["describe_deal", "describe_move", "side_name"]


def side_name(rules: Ruleset, side: int) -> str:
    """A side in words: ``"team 1 (seats 1 and 3)"`` or ``"seat 2"`` when everyone plays alone."""
    seats = rules.seating.seats_of(side)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    listed = ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
    return f"team {side} (seats {listed})"


def describe_deal(state: GameState) -> list[str]:
    """The start of a hand: who dealt, the trump and every hand (the narrator sees all cards)."""
    trump = (
        f"trump {state.trump} (shown: {state.trump_card})"
        if state.trump is not None
        else "permanent trumps " + format_cards(list(state.ruleset.trumps.order(None, state.ruleset.deck)))
    )
    lines = [f"Hand {state.hand_number + 1}: seat {state.dealer} deals; {trump}; scores {state.scores}"]
    if state.phase is Phase.PRAISE:
        return [*lines, f"  the deck lies face down; seat {state.turn} announces the deal"]
    lines += [f"  seat {seat}: {hand}" for seat, hand in enumerate(state.hands)]
    if any(state.trick_counts):
        lines.append(f"  tricks dealt already: {state.trick_counts}, cards won: {tuple(map(str, state.won))}")
    return lines


def describe_move(before: GameState, move: Move, after: GameState) -> list[str]:
    """What ``move`` did, in words, then the trick's winner and the hand's result when they follow."""
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
    last_card = move.kind in (MoveKind.BEAT, MoveKind.PASS, MoveKind.PLAY)
    if trick is not None and last_card and len(trick.plays) == rules.players - 1 and not caught:
        taken = cardset_from_mask(move.mask | sum(play.mask for play in trick.plays))
        points = sum(rules.card_points(card) for card in taken)
        stock = f"; stock {len(after.stock)} left" if before.stock else ""
        winner = "" if ended else f"seat {after.turn} "
        lines.append(f"  -> {winner}takes the trick ({points} points){stock}")
    if caught:
        lines.append(f"  -> caught! {rules.catch.catcher} meets {rules.catch.victim}: the hand stops")  # type: ignore[union-attr]
    dealt = before.phase in (Phase.PRAISE, Phase.DRAWING) and after.phase is Phase.PLAY
    if (move.kind is MoveKind.REDEAL and not ended) or dealt:
        lines.extend(describe_deal(after))
    if ended:
        result = after.hand_results[-1]
        eggs = " (eggs)" if result.eggs else ""
        lines.append(
            f"Hand over{eggs}: card points {result.points}, tricks {result.tricks}, "
            f"written {result.written}; scores {after.scores}"
        )
    return lines
