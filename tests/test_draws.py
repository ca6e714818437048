"""The draws worlds are made with give exactly what ``random.Random``'s own methods give, and leave it as they do."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kozel.view import draws

SEEDS = st.integers(min_value=0, max_value=2**64)


def _pair(seed):
    return random.Random(seed), random.Random(seed)


@given(SEEDS, st.lists(st.integers(min_value=1, max_value=2**70), min_size=1, max_size=20))
def test_below_draws_what_randrange_draws(seed, bounds):
    ours, theirs = _pair(seed)
    assert [draws.below(ours, n) for n in bounds] == [theirs.randrange(n) for n in bounds]
    assert ours.getstate() == theirs.getstate()


@given(SEEDS, st.integers(min_value=-50, max_value=50), st.integers(min_value=0, max_value=100))
def test_randint_draws_what_randint_draws(seed, low, width):
    ours, theirs = _pair(seed)
    assert [draws.randint(ours, low, low + width) for _ in range(5)] == [
        theirs.randint(low, low + width) for _ in range(5)
    ]
    assert ours.getstate() == theirs.getstate()


@given(SEEDS, st.lists(st.integers(), min_size=1, max_size=40))
def test_choice_and_shuffle_draw_what_random_draws(seed, items):
    ours, theirs = _pair(seed)
    assert draws.choice(ours, items) == theirs.choice(items)
    mine, yours = list(items), list(items)
    draws.shuffle(ours, mine)
    theirs.shuffle(yours)
    assert mine == yours
    assert ours.getstate() == theirs.getstate()


@given(SEEDS, st.integers(min_value=0, max_value=300), st.data())
def test_sample_draws_what_sample_draws_both_ways(seed, size, data):
    # Small populations are sampled from a shrinking copy, large ones (against the count) by redrawing repeats.
    count = data.draw(st.integers(min_value=0, max_value=size))
    items = list(range(1000, 1000 + size))
    ours, theirs = _pair(seed)
    assert draws.sample(ours, items, count) == theirs.sample(items, count)
    assert ours.getstate() == theirs.getstate()


def test_sample_is_drawn_by_redrawing_repeats_where_cpython_does():
    ours, theirs = _pair(5)
    items = tuple(range(200))
    assert draws.sample(ours, items, 3) == theirs.sample(items, 3)
    assert draws.sample(ours, items, 40) == theirs.sample(items, 40)
    assert ours.getstate() == theirs.getstate()


def test_bad_requests_are_refused_as_random_refuses_them():
    rng = random.Random(1)
    with pytest.raises(IndexError):
        draws.choice(rng, [])
    with pytest.raises(ValueError, match="Sample larger than population"):
        draws.sample(rng, [1, 2], 3)
    for bound in (0, -3):  # never a draw that cannot end
        with pytest.raises(ValueError, match="empty range"):
            draws.below(rng, bound)
        with pytest.raises(ValueError, match="empty range"):
            rng.randrange(bound)
    with pytest.raises(ValueError, match="empty range"):
        draws.randint(rng, 5, 4)
    assert rng.getstate() == random.Random(1).getstate()  # nothing drawn


class _Counting(random.Random):
    """A generator of a subclass: its own methods draw (here counted)."""

    def __init__(self, seed):
        super().__init__(seed)
        self.asked = []

    def randrange(self, *args, **kwargs):
        self.asked.append("randrange")
        return super().randrange(*args, **kwargs)

    def choice(self, seq):
        self.asked.append("choice")
        return super().choice(seq)

    def shuffle(self, x):
        self.asked.append("shuffle")
        super().shuffle(x)

    def sample(self, population, k, **kwargs):
        self.asked.append("sample")
        return super().sample(population, k, **kwargs)

    def randint(self, a, b):
        self.asked.append("randint")
        return super().randint(a, b)


def test_a_generator_of_a_subclass_draws_with_its_own_methods():
    rng = _Counting(3)
    plain = random.Random(3)
    assert draws.below(rng, 10) == plain.randrange(10)
    assert draws.choice(rng, "abc") == plain.choice("abc")
    items, others = list(range(9)), list(range(9))
    draws.shuffle(rng, items)
    plain.shuffle(others)
    assert items == others
    assert draws.sample(rng, range(50), 4) == plain.sample(range(50), 4)
    assert draws.randint(rng, 1, 6) == plain.randint(1, 6)
    # (random's own randint asks randrange in turn)
    assert rng.asked == ["randrange", "choice", "shuffle", "sample", "randint", "randrange"]
