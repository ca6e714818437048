"""The golden corpus (``golden.py``): the same seeded matches give the same records, states and views, byte for byte."""

from __future__ import annotations

import hashlib
import json

import pytest
from golden import KEPT, MATCHES, corpus, path

import kozel


@pytest.mark.parametrize("name", kozel.variants.names())
def test_seeded_matches_replay_byte_for_byte_as_recorded(name):
    kept = json.loads(path(name).read_text(encoding="utf-8"))
    now = corpus(kozel.variants.get(name))
    assert len(now["digests"]) == MATCHES
    for seed in range(KEPT):
        assert now["records"][seed] == kept["records"][seed], f"{name}, match {seed}: the record changed"
    for seed, (digest, recorded) in enumerate(zip(now["digests"], kept["digests"], strict=True)):
        assert digest == recorded, f"{name}, match {seed}: the record changed"
    for snapshot, recorded in zip(now["snapshots"], kept["snapshots"], strict=True):
        assert snapshot == recorded, f"{name}, after {recorded['moves']} moves: the state or the view changed"


def test_the_kept_records_are_those_the_digests_name():
    # The corpus checks itself: a record kept in full is the one its digest names.
    for name in kozel.variants.names():
        kept = json.loads(path(name).read_text(encoding="utf-8"))
        for record, digest in zip(kept["records"], kept["digests"], strict=False):
            assert hashlib.sha256(record.encode()).hexdigest() == digest
            assert kozel.record.dumps(kozel.record.loads(record)) == record
