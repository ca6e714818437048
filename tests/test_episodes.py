"""How long hands run: most_decisions is never exceeded by play, is reached where the rules allow, and the
guide's table of the figures is the one the functions give."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import kozel
from kozel.game.results import HandResult
from kozel.limits import MAX_SET_HANDS
from kozel.play import advance, decision, hand_reward, new_deal
from kozel.play.encoding import highest_score
from kozel.play.episodes import match_decision_cap, match_hands_cap, most_decisions
from kozel.rules.scoring import ScoreMode

NAMES = kozel.variants.names()
GUIDE = Path(__file__).resolve().parents[1] / "docs" / "training.md"
TABLE = re.compile(r"<!-- table: episode-lengths -->\n(.*?)<!-- /table -->", re.S)


def longest_deal(rules: kozel.Ruleset, seed: int, waits: float) -> int:
    """The most decisions a deal of one match took: random answers, ``wait`` taken with probability ``waits``."""
    rng = random.Random(seed)
    state, waited = kozel.new_game(rules, seed=seed), ()
    count = longest = 0
    while not state.is_over:
        asked = decision(state, waited)
        wait = [move for move in asked.moves if move.kind is kozel.MoveKind.WAIT]
        if wait and rng.random() < waits:
            answer = wait[0]
        else:  # one-card answers where there are some: the most plays
            fewest = min(len(move.cards) for move in asked.moves)
            answer = rng.choice([move for move in asked.moves if len(move.cards) == fewest])
        count += 1
        before = state
        state, waited = advance(state, answer, waited)
        if state is not before and (state.is_over or new_deal(before, state)):
            longest, count = max(longest, count), 0
    return longest


@pytest.mark.parametrize("name", NAMES)
def test_no_deal_of_random_play_takes_more_decisions_than_the_bound(name):
    rules = kozel.variants.get(name)
    bound = most_decisions(rules)
    seen = max(longest_deal(rules, seed, waits) for seed in range(6) for waits in (0.0, 0.5, 0.95))
    assert 0 < seen <= bound


def test_a_threesome_hand_written_out_reaches_the_bound():
    """Decline, decline, take the talon, lay away two cards, then 30 plays of one card: 34 decisions."""
    rules = kozel.variants.get("threesome")
    state = kozel.new_game(rules, seed=1)
    answers = []
    while not state.match.hand_results:  # a hand of threesome is dealt once
        asked = decision(state)
        assert asked is not None
        assert not asked.out_of_turn  # threesome has no move out of turn: no waits
        if state.phase is kozel.Phase.BIDDING:
            kind = kozel.MoveKind.TAKE_TALON if len(answers) == 2 else kozel.MoveKind.DECLINE
            answer = next(move for move in asked.moves if move.kind is kind)
        else:
            answer = asked.moves[0]
        answers.append(answer)
        state = kozel.apply(state, answer)
    kinds = [move.kind for move in answers]
    assert kinds[:4] == [kozel.MoveKind.DECLINE] * 2 + [kozel.MoveKind.TAKE_TALON, kozel.MoveKind.LAY_AWAY]
    assert kinds[4:] == [kozel.MoveKind.PLAY] * 30
    assert len(answers) == most_decisions(rules) == 34


def test_a_six_players_hand_plays_every_card_one_decision_each():
    rules = kozel.variants.get("six_players")
    assert longest_deal(rules, 0, 0.0) == most_decisions(rules) == len(rules.deck)


def test_the_match_cap_is_the_deals_cap_times_the_deal_bound():
    classic, simple, pairs = (kozel.variants.get(name) for name in ("classic", "simple", "pairs"))
    assert match_hands_cap(classic) == MAX_SET_HANDS * 2 * classic.match.sets
    # simple is won by 2 sets, so up to 3 are played (2-1): a hundred hands per side in each
    assert simple.match.sets == 2
    assert match_hands_cap(simple) == MAX_SET_HANDS * 2 * 3
    assert match_decision_cap(classic) == most_decisions(classic) * match_hands_cap(classic)
    assert match_decision_cap(simple) == most_decisions(simple) * 11 * match_hands_cap(simple)  # no redeal limit
    assert match_decision_cap(pairs) == most_decisions(pairs) * (1 + 3 * 2) * match_hands_cap(pairs)  # limit 2


def table() -> str:
    lines = [
        "| ruleset | `largest_hand` | `highest_score` | `most_decisions` (a deal) | `match_decision_cap` |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name in NAMES:
        rules = kozel.variants.get(name)
        lines.append(
            f"| {name} | {rules.largest_hand} | {highest_score(rules)} | {most_decisions(rules)} "
            f"| {match_decision_cap(rules):,} |"
        )
    return "\n".join(lines) + "\n"


def test_the_guide_shows_the_figures_of_every_built_in_ruleset():
    found = TABLE.search(GUIDE.read_text(encoding="utf-8"))
    assert found is not None, "docs/training.md has no episode-lengths table"
    assert found.group(1) == table(), "regenerate the table with tests/test_episodes.py's table()"


@pytest.mark.parametrize(
    ("name", "written", "rewards"),
    [
        ("classic", (0, 4), (4.0, -4.0, 4.0, -4.0)),  # penalty points: the side written 4 lost the hand
        ("seven_of_clubs", (2, 0), (-2.0, 2.0, -2.0, 2.0)),
        ("pairs", (0, 4), (-4.0, 4.0, -4.0, 4.0)),  # credit points: the side written 4 won it
        ("simple", (2, 0), (2.0, -2.0, 2.0, -2.0)),
        ("fifteen", (2, 0), (2.0, -2.0)),  # counted off toward 0: side 0 came 2 nearer to winning
        ("threesome", (0, 2, 4), (4.0, 2.0, -2.0)),  # three sides: against the most any other side was written
        ("classic", (0, 0), (0.0, 0.0, 0.0, 0.0)),
    ],
)
def test_a_hands_reward_is_signed_as_the_ruleset_counts_written_points(name, written, rewards):
    rules = kozel.variants.get(name)
    result = HandResult(points=(60,) * rules.sides, tricks=(4,) * rules.sides, written=written)
    assert tuple(hand_reward(rules, result, seat) for seat in range(rules.players)) == rewards


def test_only_penalty_points_count_against_the_side_written_them():
    assert [mode.sign for mode in ScoreMode] == [-1, 1, 1]
    assert [kozel.variants.get(name).scoring.mode.sign for name in NAMES] == [
        -1 if name in ("classic", "hammer", "hammer_clubs", "seven_of_clubs", "six_of_clubs", "threesome") else 1
        for name in NAMES
    ]


def test_a_hands_reward_refuses_what_is_no_seat_or_no_result_of_the_ruleset():
    rules = kozel.variants.get("classic")
    result = HandResult(points=(60, 60), tricks=(4, 4), written=(0, 4))
    for seat in (4, -1):
        with pytest.raises(
            kozel.SeatError, match=rf"^hand_reward: a seat of classic is a whole number from 0 to 3, not {seat}$"
        ):
            hand_reward(rules, result, seat)
    for seat in (True, 1.0, "1"):
        with pytest.raises(
            kozel.WrongTypeError, match=r"^hand_reward: a seat of classic is a whole number from 0 to 3"
        ):
            hand_reward(rules, result, seat)
    with pytest.raises(kozel.KozelError, match=r"^hand_reward: classic has 2 sides, and the result writes 3$"):
        hand_reward(rules, HandResult(points=(40, 40, 40), tricks=(3, 3, 2), written=(0, 2, 4)), 0)
    with pytest.raises(kozel.WrongTypeError, match=r"^hand_reward: a hand's result is a HandResult, not tuple$"):
        hand_reward(rules, (0, 4), 0)
    with pytest.raises(kozel.WrongTypeError, match=r"^hand_reward needs a Ruleset, not str"):
        hand_reward("classic", result, 0)
