"""The values of ``IllegalMoveError.rule``: one table in code (``kozel.errors.RULES``), the same on the UI page,
and the rule a refused move names is always one of them, the right one for a move of a kind the hand
does not take now (``phase``).

``tests/test_house_walkthrough.py`` reads the values the library's source can give and holds them equal
to this table; here the engine is asked.
"""

import random
import re
from pathlib import Path

import pytest

import kozel
from kozel import IllegalMoveError, Move, MoveKind, Phase
from kozel.errors import RULES

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = kozel.variants.get("classic")
PAIRS = kozel.variants.get("pairs")
THREESOME = kozel.variants.get("threesome")
SEVEN = kozel.variants.get("seven_of_clubs")

#: The kinds each phase takes (in trick play, the moves of both forms of trick, refused by its own rule).
_TAKEN = {
    Phase.PLAY: {
        MoveKind.LEAD,
        MoveKind.BEAT,
        MoveKind.PASS,
        MoveKind.MOLODKA,
        MoveKind.PLAY,
        MoveKind.TRANSFER,
        MoveKind.REDEAL,
    },
    Phase.TRANSFER_BACK: {MoveKind.TRANSFER_BACK},
    Phase.BIDDING: {MoveKind.TAKE_TALON, MoveKind.DECLINE},
    Phase.LAY_AWAY: {MoveKind.LAY_AWAY},
    Phase.PRAISE: {MoveKind.PRAISE},
    Phase.DRAWING: {MoveKind.LAY_DARK, MoveKind.LAY_OPEN},
}


def _refusal(state: kozel.GameState, move: Move | str) -> IllegalMoveError:
    move = kozel.parse_move(move) if isinstance(move, str) else move
    with pytest.raises(IllegalMoveError) as refused:
        kozel.apply(state, move)
    return refused.value


def test_the_code_table_gives_each_rule_one_line_and_cannot_be_changed():
    assert RULES
    for rule, meaning in RULES.items():
        assert rule
        assert rule.strip() == rule
        assert meaning
        assert "\n" not in meaning
    with pytest.raises(TypeError):
        RULES["turn"] = "changed"  # type: ignore[index]


def test_the_ui_page_shows_the_code_table_row_by_row():
    text = (ROOT / "docs/ui.md").read_text(encoding="utf-8")
    table = re.search(r"<!-- rules: IllegalMoveError.rule -->\n((?:\|.*\n)+)", text)
    assert table
    rows = table.group(1).splitlines()[2:]
    assert [re.fullmatch(r"\| `([^`]+)` \| (.+) \|", row).groups() for row in rows] == list(RULES.items())


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_kind_the_phase_never_takes_is_refused_as_phase_and_every_rule_given_is_in_the_table(name):
    rules = kozel.variants.get(name)
    given = set()
    phases = set()
    wrong = []
    for seed in (0, 1):
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        for _ in range(40):
            if state.is_over:
                break
            phases.add(state.phase)
            for seat in range(rules.players):
                hand = list(state.hands[seat])
                for kind in MoveKind:
                    for cards in ((), tuple(hand[:1])):
                        move = Move(seat, kind, cards)
                        try:
                            kozel.apply(state, move)
                        except IllegalMoveError as error:
                            given.add(error.rule)
                            # a game without the trump transfer refuses a transfer_back as it does a transfer
                            no_transfer = kind is MoveKind.TRANSFER_BACK and rules.transfer is None
                            expected = "transfer" if no_transfer else "phase"
                            if kind not in _TAKEN[state.phase] and error.rule != expected:
                                wrong.append(f"{error.rule}: {error}")
            moves = kozel.legal_moves(state)
            drawn = [move for move in moves if move.choice == ("trousers", "pants_double")[seed]]
            state = kozel.apply(state, drawn[0] if drawn else rng.choice(moves))
    assert not wrong, f"{name}: {wrong[:5]}"
    assert given <= set(RULES)
    assert {"phase", "turn"} <= given
    assert Phase.PLAY in phases
    if rules.praise is not None:
        assert Phase.DRAWING in phases


@pytest.mark.parametrize(
    ("rules", "before", "text", "rule", "why"),
    [
        (CLASSIC, (), "1 wait", "phase", "a wait is only an answer to kozel.decision, never a move"),
        (CLASSIC, (), "2 wait", "phase", "a wait is only an answer to kozel.decision, never a move"),
        (CLASSIC, (), "1 praise trousers", "phase", "a praise move has no place in this game: it has no praise deals"),
        (
            CLASSIC,
            (),
            "1 decline",
            "phase",
            "a decline move has no place in this game: it has no bidding for the talon",
        ),
        (
            CLASSIC,
            (),
            "1 lay_dark 7♥",
            "phase",
            "a lay_dark move has no place in this game: cards are laid only in a drawing praise deal "
            "(trousers, pants double), which it does not have",
        ),
        (
            CLASSIC,
            (),
            "1 transfer_back 7♥",
            "transfer",  # as "1 transfer 7♥" is refused in a game without the trump transfer
            "this game has no trump transfer",
        ),
        (CLASSIC, (), "1 play 7♥", "beat or pass", "a play move has no place in a beat-or-pass trick"),
        (PAIRS, ("1 praise regular",), "1 praise trousers", "phase", "no praise now: the hand is in trick play"),
        (
            PAIRS,
            ("1 praise regular",),
            "2 take_talon",
            "phase",
            "a take_talon move has no place in this game: it has no bidding for the talon",
        ),
        (
            PAIRS,
            (),
            "1 lead 7♥",
            "phase",
            "no lead now: seat 1 announces the deal: praise one of regular, one_by_one, merry, mirror, mirror_all, "
            "trump_yourself, fishing, fishing_all, trousers, pants_double",
        ),
        (
            PAIRS,
            ("1 praise trousers",),
            "3 wait",
            "phase",
            "a wait is only an answer to kozel.decision, never a move",
        ),
        (SEVEN, (), "1 praise regular", "phase", "a praise move has no place in this game: it has no praise deals"),
        (SEVEN, (), "1 lead 7♥", "follow suit", "a lead move has no place in a follow-suit trick"),
    ],
)
def test_the_rule_of_a_move_of_the_wrong_kind(rules, before, text, rule, why):
    state = kozel.new_game(rules, seed=2 if rules is PAIRS else 7)
    for move in before:
        state = kozel.apply(state, kozel.parse_move(move))
    error = _refusal(state, text)
    assert (error.rule, str(error)) == (rule, f"{text} is not allowed: {why}")
    assert error.rule in RULES


def _threesome_in(phase: Phase) -> kozel.GameState:
    """The first position of ``phase`` in a threesome match played at random."""
    for seed in range(50):
        rng = random.Random(seed)
        state = kozel.new_game(THREESOME, seed=seed)
        while not state.is_over:
            if state.phase is phase:
                return state
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    raise AssertionError(f"no {phase} position")


def test_bidding_moves_in_trick_play_and_trick_moves_in_the_bidding_are_refused_as_phase():
    bidding = _threesome_in(Phase.BIDDING)
    seat = bidding.turn
    error = _refusal(bidding, Move(seat, MoveKind.LEAD, tuple(bidding.hands[seat])[:1]))
    assert error.rule == "phase"
    assert str(error).endswith(
        f"no lead now: the talon is bid for: seat {seat} says whether he takes it (take_talon or decline)"
    )
    play = _threesome_in(Phase.PLAY)
    for kind in (MoveKind.TAKE_TALON, MoveKind.DECLINE, MoveKind.LAY_AWAY):
        error = _refusal(play, Move(play.turn, kind))
        assert (error.rule, str(error)) == (
            "phase",
            f"{play.turn} {kind.word} is not allowed: no {kind.word} now: the hand is in trick play",
        )
    lay_away = _threesome_in(Phase.LAY_AWAY)
    error = _refusal(lay_away, Move(lay_away.turn, MoveKind.DECLINE))
    assert error.rule == "phase"
    assert f"no decline now: seat {lay_away.turn} lays away 2 cards of his own hand (lay_away)" in str(error)
