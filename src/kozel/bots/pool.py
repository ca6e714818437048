"""The local process pool of a tournament: how many processes a run may use, and workers that end with their parent.

A run over several processes is bounded: at most :data:`PROCESSES_PER_CORE` processes a core (see
:func:`check_processes`).  Its worker processes end by themselves when the process that started
them is gone (killed, say), within about :data:`WATCH_SECONDS`; they never outlive it playing on.  A worker plays its
matches in its main thread, so a run's time limit on a bot's calls (``move_seconds``, kept with ``SIGALRM``) holds
there.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from typing import Any, Final

from kozel.engine.explain import plural
from kozel.plain_types import whole_in

__all__ = [
    "PROCESSES_PER_CORE",
    "WATCH_SECONDS",
    "check_processes",
    "end_with_parent",
    "end_workers",
    "hold_calls",
    "is_broken",
    "max_processes",
    "release_calls",
    "shut_down",
    "start_worker",
]

#: The most processes a run may use for each core of the machine (``os.cpu_count()``).
PROCESSES_PER_CORE: Final = 4
#: How often, in seconds, a worker process looks whether the process that started it is still there.
WATCH_SECONDS: Final = 0.25


def max_processes() -> int:
    """The most processes a run may use on this machine: :data:`PROCESSES_PER_CORE` for each core."""
    return PROCESSES_PER_CORE * (os.cpu_count() or 1)


def check_processes(processes: object) -> int:
    """``processes`` as a plain int where it is a whole number (an int, an IntEnum or a NumPy integer, not a bool)
    from 1 to :func:`max_processes`; else :class:`~kozel.errors.WrongTypeError` (another kind) or
    :class:`~kozel.errors.KozelError` (out of range), read by ``kozel.plain_types.whole_in``: ``"processes (4 a
    core, 2 cores here) is a whole number from 1 to 8, not 9"``.

    More processes than cores only share the cores (each match is played by one process), and many
    more would fill the machine's memory and process table: a run may use up to
    :data:`PROCESSES_PER_CORE` a core.
    """
    cores = plural(os.cpu_count() or 1, "core")
    return whole_in(f"processes ({PROCESSES_PER_CORE} a core, {cores} here)", processes, 1, max_processes())


def end_with_parent() -> None:
    """In a worker process: a thread that ends the process once the process that started it is gone.

    The worker's parent is gone when the worker has been handed to another parent (``os.getppid()``
    changes, as on POSIX systems) or when multiprocessing's sentinel of the parent says so (as on
    Windows).  The worker then exits at once: its matches were the parent's to collect.
    """
    parent = multiprocessing.parent_process()
    first = os.getppid()

    def watch() -> None:
        while True:
            if parent is None:
                time.sleep(WATCH_SECONDS)
            elif multiprocessing.connection.wait([parent.sentinel], timeout=WATCH_SECONDS):
                os._exit(1)
            if os.getppid() != first:
                os._exit(1)

    threading.Thread(target=watch, name="kozel: end with the parent", daemon=True).start()


def start_worker() -> None:
    """The start of a worker process: it leaves Ctrl-C to the process that started it, and ends with it.

    Ctrl-C at a terminal reaches the whole foreground group, workers included.  A worker ignores it:
    the parent stops the run, so that it, not each worker, decides what happens: the matches not
    begun are not played, and the workers still playing are ended (their matches are lost; only
    matches that ended and reached the parent are in its log), so no pool is left hanging.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent()


def end_workers(pool: concurrent.futures.Executor) -> None:
    """End a local pool's worker processes at once (they ignore Ctrl-C; the matches they were playing are lost)."""
    workers: dict[int, Any] = getattr(pool, "_processes", None) or {}  # the pool's own record of its processes
    for process in list(workers.values()):
        with contextlib.suppress(OSError, ValueError, AttributeError):  # already gone
            process.terminate()


def is_broken(pool: concurrent.futures.Executor) -> bool:
    """Whether a local pool has failed: one of its worker processes ended by itself (a crash, the memory killer)."""
    return bool(getattr(pool, "_broken", False))


def hold_calls(pool: concurrent.futures.Executor) -> int | None:
    """A copy of the end of the pipe from which a local pool's workers read their calls, taken while the pool runs.

    Hand it to :func:`release_calls` when the run is over.  The copy is taken once the pool has started (after its
    first call), while nothing closes the pool's own end; None on a system other than POSIX (a pipe there is not a
    file descriptor) or for a pool that keeps no such pipe.
    """
    calls = getattr(pool, "_call_queue", None)  # the pool's queue of calls for its workers
    reader = getattr(calls, "_reader", None)
    if os.name != "posix" or reader is None:
        return None
    try:
        return os.dup(reader.fileno())
    except (OSError, ValueError, AttributeError):  # closed already
        return None


def release_calls(copy: int | None, *, read_away: bool) -> None:
    """Let go of a copy :func:`hold_calls` took: closed, or first read away where the pool's workers are gone.

    Where the workers were ended (a run stopped early) or died (a broken pool), no process reads the calls the pool
    still writes for them.  Python 3.10's pool then waits forever for the full pipe (from 3.11 it closes its end
    and gives up), and its shutdown, and the interpreter's exit, with it.  A thread of its own reads them away
    until the pool has written its last call and closed its end, then closes the copy.  Where the workers are
    alive (a run that ended as planned) the copy is only closed: what the pool writes now is theirs to read.
    """
    if copy is None:
        return
    if not read_away:
        os.close(copy)
        return

    def read() -> None:
        try:
            while os.read(copy, 1 << 16):
                pass
        except OSError:
            pass
        finally:
            os.close(copy)

    threading.Thread(target=read, name="kozel: calls of ended workers", daemon=True).start()


def shut_down(pool: concurrent.futures.Executor, held: int | None, *, stopped_early: bool) -> None:
    """Shut a run's local pool down: its workers ended first where the run ``stopped_early`` (Ctrl-C, a failing
    match), and ``held`` (:func:`hold_calls`) read away where no worker is left to read the calls (see
    :func:`release_calls`)."""
    if stopped_early:
        end_workers(pool)
    release_calls(held, read_away=stopped_early or is_broken(pool))
    pool.shutdown(cancel_futures=True)
