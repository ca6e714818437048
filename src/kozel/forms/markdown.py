"""Markdown for rule sheets: wrapped paragraphs, bullet lists and lined-up tables, as a terminal shows them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

__all__ = ["WIDTH", "bullets", "either", "para", "table", "wrap"]

#: The longest line of a sheet.
WIDTH: Final = 100
#: A word that would start a list, a heading, a quote or a table if it began a wrapped line.
_BLOCK_START: Final = re.compile(r"^(\d+[.)]|[-*+#>|=]+)$")


def either(items: Iterable[str]) -> str:
    """The items joined as words: "a, b or c"."""
    said = list(items)
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"


def wrap(text: str, first: str = "", rest: str = "") -> str:
    """``text`` in lines of at most :data:`WIDTH`; no line starts with a word Markdown would read as a new block."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if not line:
            line = first + word
        elif len(line) + 1 + len(word) <= WIDTH or _BLOCK_START.match(word):
            line = f"{line} {word}"
        else:
            lines.append(line)
            line = rest + word
    lines.append(line)
    return "\n".join(lines)


def para(text: str) -> str:
    """A paragraph, wrapped."""
    return wrap(text)


def bullets(items: Iterable[str]) -> str:
    """A bullet list, each item wrapped under its dash."""
    return "\n".join(wrap(item, "- ", "  ") for item in items)


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table with its columns lined up, the last one right-aligned when it holds numbers."""
    widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    numbers = all(row[-1].isdigit() for row in rows)

    def line(cells: Sequence[str]) -> str:
        padded = [cell.ljust(width) for cell, width in zip(cells, widths, strict=True)]
        if numbers:
            padded[-1] = cells[-1].rjust(widths[-1])
        return "| " + " | ".join(padded) + " |"

    rule = ["-" * width for width in widths]
    if numbers:
        rule[-1] = rule[-1][:-1] + ":"
    return "\n".join([line(header), "| " + " | ".join(rule) + " |", *(line(row) for row in rows)])
