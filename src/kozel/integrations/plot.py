"""Pictures of results: win rates with their 95% intervals, and a league's ratings with theirs (PNG and more).

Needs the ``plot`` extra (``pip install 'kozel[plot]'``, matplotlib).  The figures are drawn with
matplotlib's Agg renderer, without a window or a display, so they work on a server; the file's
suffix (``.png``, ``.svg``, ``.pdf``) picks its format.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from kozel.bots.league import LeagueResult
from kozel.bots.tournament import BotResult
from kozel.errors import KozelError, MissingExtraError, WrongTypeError
from kozel.plain_types import error_text

__all__ = ["check_plot_path", "plot_league", "plot_tournament"]


def _shown(value: object) -> str:
    """``value`` as a Python caller wrote it (``None``, ``True``), shortened when long."""
    return repr(value) if value is None or isinstance(value, bool) else error_text(value)


def _check_file(what: str, path: object, title: object) -> None:
    """Refuse a ``path`` that is no file name and a ``title`` that is no text (a WrongTypeError)."""
    if not isinstance(path, (str, os.PathLike)) or not isinstance(os.fspath(path), str):
        raise WrongTypeError(f"{what}'s path is the file to draw to, a str or a Path, not {_shown(path)}")
    if not isinstance(title, str):
        raise WrongTypeError(f"{what}'s title is text (a str), not {_shown(title)}")
    check_plot_path(path)


#: What drawing a plot without matplotlib says: which extra to install.
NO_MATPLOTLIB: Final = "drawing a plot needs matplotlib, the plot extra: pip install 'kozel[plot]'"


def check_plot_path(path: str | os.PathLike[str]) -> None:
    """Refuse (:class:`~kozel.KozelError`) a file name whose suffix names no format matplotlib draws, or that has none.

    The suffix picks the format (``.png``, ``.svg``, ``.pdf``...), in any case; a name without one is
    refused rather than drawn as a PNG under another name than the one given.  Needs the ``plot``
    extra, as drawing does.
    """
    if not isinstance(path, (str, os.PathLike)) or not isinstance(os.fspath(path), str):
        raise WrongTypeError(f"a plot's path is the file to draw to, a str or a Path, not {_shown(path)}")
    try:
        backends = importlib.import_module("matplotlib.backend_bases")
    except ImportError:
        raise MissingExtraError(NO_MATPLOTLIB, name="matplotlib") from None
    formats = sorted(backends.FigureCanvasBase.get_supported_filetypes())
    name = os.fspath(path)
    suffix = os.path.splitext(name)[1]  # as matplotlib reads it: a name that starts with its only dot has none
    if suffix[1:].lower() in formats:
        return
    why = f"its suffix {suffix!r} is no format matplotlib draws" if suffix else "its name has no suffix"
    raise KozelError(
        f"cannot draw the plot to {error_text(name)}: {why}; end the name with one that picks the format, such as "
        f".png, .svg or .pdf (matplotlib draws {', '.join('.' + one for one in formats)})"
    )


def _figure(rows: int, height: float) -> Any:
    try:
        figure_module = importlib.import_module("matplotlib.figure")
    except ImportError:
        raise MissingExtraError(NO_MATPLOTLIB, name="matplotlib") from None
    return figure_module.Figure(figsize=(7.5, height), layout="constrained")


def _save(figure: Any, path: str | Path) -> None:
    try:
        figure.savefig(str(path), dpi=100)
    except (OSError, ValueError) as error:  # a folder that is not there, a suffix matplotlib does not write
        raise KozelError(f"cannot draw the plot to {path}: {error}") from None


def _rates(axes: Any, labels: Sequence[str], rates: Sequence[float], intervals: Sequence[tuple[float, float]]) -> None:
    """Horizontal points with 95% interval bars, the first label on top, and the even line at 0.5."""
    places = list(range(len(labels)))[::-1]
    low = [rate - interval[0] for rate, interval in zip(rates, intervals, strict=True)]
    high = [interval[1] - rate for rate, interval in zip(rates, intervals, strict=True)]
    axes.errorbar(rates, places, xerr=[low, high], fmt="o", capsize=4, color="tab:blue")
    axes.axvline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set_yticks(places, labels)
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of matches won, with its 95% interval")


def plot_tournament(records: Sequence[BotResult], path: str | Path, title: str = "") -> None:
    """Draw each bot's win rate with its 95% Wilson interval to ``path``.

    ``records`` is a list (or tuple) of :class:`~kozel.bots.tournament.BotResult`, the first of the
    two things :meth:`Tournament.run <kozel.bots.Tournament.run>` gives; anything else, a
    ``path`` that is no file name or a ``title`` that is no text is refused with
    :class:`~kozel.errors.WrongTypeError`."""
    need = "plot_tournament's records are a list of BotResult (the first of what Tournament.run gives)"
    if not isinstance(records, (list, tuple)):
        raise WrongTypeError(f"{need}, not {_shown(records)}")
    for number, record in enumerate(records):
        if not isinstance(record, BotResult):
            raise WrongTypeError(f"{need}; records[{number}] is {_shown(record)}")
    _check_file("plot_tournament", path, title)
    figure = _figure(1, 1.2 + 0.5 * len(records))
    axes = figure.add_subplot()
    _rates(
        axes,
        [f"{record.name} ({record.wins}/{record.matches})" for record in records],
        [record.win_rate for record in records],
        [record.win_interval for record in records],
    )
    axes.set_title(title or "win rates")
    _save(figure, path)


def plot_league(result: LeagueResult, path: str | Path, title: str = "") -> None:
    """Draw a league's ratings with their 95% intervals, and each pairing's win rate with its interval, to ``path``.

    ``result`` is the :class:`~kozel.bots.LeagueResult` that :meth:`League.run
    <kozel.bots.League.run>` gives; anything else, a ``path`` that is no file name or a
    ``title`` that is no text is refused with :class:`~kozel.errors.WrongTypeError`."""
    if not isinstance(result, LeagueResult):
        raise WrongTypeError(f"plot_league's result is a LeagueResult (what League.run gives), not {_shown(result)}")
    _check_file("plot_league", path, title)
    table = result.table()
    pairs = result.head_to_head()
    figure = _figure(2, 2.2 + 0.35 * (len(table) + len(pairs)))
    ratings, rates = figure.subplots(2, 1, height_ratios=[len(table) + 1, len(pairs) + 1])
    places = list(range(len(table)))[::-1]
    values = [row[2] for row in table]
    ratings.errorbar(
        values,
        places,
        xerr=[[row[2] - row[3][0] for row in table], [row[3][1] - row[2] for row in table]],
        fmt="o",
        capsize=4,
        color="tab:red",
    )
    ratings.set_yticks(places, [row[0] for row in table])
    ratings.set_xlabel("Bradley–Terry rating (Elo scale, mean 0), with its 95% interval")
    ratings.set_title(title or "league ratings")
    _rates(
        rates,
        [f"{pair.a} vs {pair.b}" for pair in pairs],
        [pair.a_rate for pair in pairs],
        [pair.a_interval for pair in pairs],
    )
    rates.set_title("head to head: the first bot's share")
    _save(figure, path)
