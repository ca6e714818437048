"""What differs between two rulesets, one line per difference in table words: :func:`kozel.forms.diff`.

>>> import attrs, kozel
>>> classic = kozel.variants.get("classic")
>>> diff(classic, attrs.evolve(classic, name="house", match=attrs.evolve(classic.match, target=14)))
('name: classic → house', 'match: target 12 → 14')
>>> for line in diff(classic, kozel.variants.get("hammer")):
...     print(line)
name: classic → hammer
molodka: any suit → trumps only
lead: first hand led by left of dealer → dealer
lead: later hands led by last trick winner → dealer
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from kozel.cards.deck import Deck
from kozel.cards.notation import format_cards
from kozel.forms.words import PHRASES, WHOLE, words
from kozel.rules.ruleset import Ruleset, checked_rules
from kozel.rules.trick_play import BeatOrPass

__all__ = ["diff"]


#: Fields named on their own line rather than under their component.
_OWN_LINE: Final = {(BeatOrPass, "molodka"): "molodka"}


def diff(before: Ruleset, after: Ruleset) -> tuple[str, ...]:
    """What changes from ``before`` to ``after``, one line each, such as ``"match: target 12 → 14"``.

    Equal rulesets give ``()``; the ``doc`` text is not compared.
    """
    lines: list[str] = []
    _walk(checked_rules(before, "diff"), checked_rules(after, "diff"), (), lines)
    return tuple(lines)


def _walk(before: Any, after: Any, where: tuple[str, ...], lines: list[str]) -> None:
    kind = type(before)
    for field in attrs.fields(kind):
        if not (field.init and field.eq):
            continue
        old, new = getattr(before, field.name), getattr(after, field.name)
        if old == new:
            continue
        own = _OWN_LINE.get((kind, field.name))
        label = own or PHRASES.get((kind, field.name), field.name.replace("_", " "))
        inside = () if own else where
        if type(old) is type(new) and attrs.has(type(old)) and type(old) not in WHOLE:
            _walk(old, new, (*inside, label), lines)
            continue
        was, now = words(old), words(new)
        if was == now and isinstance(old, Deck) and isinstance(new, Deck):  # the same cards in another order
            was, now = format_cards(old.cards), format_cards(new.cards)
        lines.append(f"{': '.join((*inside, label))}{'' if inside else ':'} {was} → {now}")
