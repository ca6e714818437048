"""Tournaments and leagues on a Ray cluster: :class:`RayExecutor`, an executor whose workers are Ray tasks.

Needs the ``ray`` extra (``pip install 'kozel[ray]'``).  A tournament given a ``RayExecutor``
(``Tournament.run(executor=...)``, ``kozel simulate --backend ray``) sends its batches of matches
to the cluster as tasks; every match depends only on the run's seed and its number, so the
outcomes are those of a run on the local process pool.  The results come back to the driver (the
process that started the run), which alone writes the log.  Stopped early (Ctrl-C, an error),
the run cancels the tasks not yet finished on the cluster (:func:`ray.cancel`).

A tournament's or league's ``move_seconds`` holds on the cluster as on one machine: each task runs in the main
thread of its worker process, where the time limit's ``SIGALRM`` handler is set (and put back after every call of a
bot's code), so a bot over it fails with the same :class:`~kozel.bots.BotError`.

Each node runs the driver's Python code for the matches: kozel, and the module of any bot of one's
own, must be installed on every node (a class defined in the driver's own script is sent by value).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
import os
import pickle
import socket
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

from kozel.bots.pool import max_processes
from kozel.errors import KozelError, MissingExtraError, WrongTypeError
from kozel.plain_types import short_repr, whole_in

__all__ = ["RayExecutor", "ray_module"]

_T = TypeVar("_T")

#: How long the driver waits for the cluster's address to take a connection before it gives up, in seconds.
CONNECT_TIMEOUT = 5.0


def ray_module() -> ModuleType:
    """The ``ray`` package; :class:`~kozel.errors.KozelError` saying how to install it if it is missing."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise MissingExtraError(
            "the ray backend needs Ray, the ray extra: pip install 'kozel[ray]' (on every node of the cluster)",
            name="ray",
        ) from None


def _call(function: Callable[..., Any], *args: Any) -> tuple[bool, Any]:
    """On a node: ``function(*args)``, as ``(True, result)``, or ``(False, what went wrong)``.

    What went wrong is a :class:`~kozel.errors.KozelError` itself (an ``IllegalMoveError``, a
    ``BotError``...), raised again by the driver as it is, where it pickles; else it is told as text.
    """
    try:
        return True, function(*args)
    except KozelError as error:
        return False, _portable(error)
    except Exception as error:  # a bot's own bug: reported by the driver, without the node's traceback
        return False, f"{type(error).__name__}: {error}"


def _portable(error: KozelError) -> KozelError | str:
    """``error`` as it is, to be sent back to the driver, if it comes back from pickling whole; else its text.

    Its class and attributes travel (the ``move`` and ``rule`` of an ``IllegalMoveError``, the ``seat``
    and ``reason`` of a ``BotError``), not its traceback or cause.  One holding something that does
    not pickle (a bot's answer that is a lock) is told as text.
    """
    try:
        copy = pickle.loads(pickle.dumps(error))
    except Exception:  # pickle raises many kinds: PicklingError, AttributeError, TypeError
        return str(error)
    return error if type(copy) is type(error) and str(copy) == str(error) else str(error)


def _host_and_port(address: str) -> tuple[str, int] | None:
    """The host and port of a cluster's address (``HOST:PORT``, ``ray://HOST[:PORT]``); None for any other.

    ``auto``, ``local``, an address of another scheme (``anyscale://...``: Ray hands it to that
    scheme's client) and whatever is not written so are left to Ray to read (and refuse).
    """
    text = address.strip()
    client = text.startswith("ray://")
    if "://" in text and not client:
        return None
    if client:
        text = text[len("ray://") :].split("/", 1)[0]
    host, colon, port = text.rpartition(":")
    if not colon:  # no port: only Ray Client has a default one
        host, port = text, "10001" if client else ""
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 address: [::1]:6379
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


def _check_reachable(address: str) -> None:
    """Refuse, with :class:`~kozel.errors.KozelError`, a cluster address where no Ray cluster answers.

    Ray itself retries an address where nothing listens, or where something else does (a web
    server, a database), for minutes or for ever, warning as it goes; this asks once, within
    ``CONNECT_TIMEOUT`` (5) seconds: the host's name is looked up, the port must take a connection,
    and what answers there must speak HTTP/2, as Ray's servers (gRPC) do.
    """
    found = _host_and_port(address) if isinstance(address, str) else None  # anything else: Ray's to refuse
    if found is None:
        return
    host, port = found
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT) as connection:
            answer = _http2_answer(connection)
    except socket.gaierror as error:
        raise KozelError(
            f"cannot reach the Ray cluster at {address}: the host {host!r} is not known ({error.strerror})"
        ) from None
    except OSError as error:
        if isinstance(error, TimeoutError):
            why = f"no answer within {CONNECT_TIMEOUT:g} seconds"
        else:
            why = (error.strerror or type(error).__name__).lower()
        raise KozelError(
            f"cannot reach the Ray cluster at {address}: nothing takes a connection at {host} port {port}"
            f" ({why}); is the cluster started there (ray start --head)?"
        ) from None
    if answer is not None:
        raise KozelError(
            f"cannot reach the Ray cluster at {address}: what listens at {host} port {port} is not a Ray "
            f"cluster ({answer}); the address is the head node's (ray start --head prints it: port 6379 by "
            "default, and 10001 for ray://)"
        )


#: What a client sends first on an HTTP/2 connection: the preface, then its (empty) SETTINGS frame.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes((0, 0, 0, 4, 0, 0, 0, 0, 0))
#: The frame type of SETTINGS, the frame an HTTP/2 server sends first.
_SETTINGS = 4


def _http2_answer(connection: socket.socket) -> str | None:
    """None if the server on ``connection`` answers as HTTP/2 servers do (a SETTINGS frame first); else what it did.

    Ray's servers speak gRPC, over HTTP/2, and send their SETTINGS frame at once."""
    try:
        connection.sendall(_HTTP2_PREFACE)
        head = b""
        while len(head) < 9:  # a frame's header: length (3 bytes), type, flags, stream (4 bytes)
            chunk = connection.recv(9 - len(head))
            if not chunk:
                break
            head += chunk
    except TimeoutError:
        return f"it took the connection but said nothing within {CONNECT_TIMEOUT:g} seconds"
    except OSError as error:
        return f"it broke the connection: {(error.strerror or type(error).__name__).lower()}"
    if len(head) == 9 and head[3] == _SETTINGS:
        return None
    if not head:
        return "it closed the connection without a word"
    text = head.decode("ascii", "replace")
    shown = text.strip() if head.isascii() and text.strip().isprintable() else head.hex(" ")
    return f"it answered {shown!r}, not as HTTP/2"


class _RayFuture(concurrent.futures.Future[Any]):
    """The future of one Ray task: cancelling it cancels the task on the cluster."""

    def __init__(self, ref: Any, ray: ModuleType) -> None:
        super().__init__()
        #: The task's object reference.
        self.ref = ref
        self._ray = ray

    def cancel(self) -> bool:
        """Cancel the task (on the cluster too) unless it has finished; whether it was cancelled."""
        if self.done():
            return False
        with contextlib.suppress(Exception):  # the task ended meanwhile, or the cluster is gone: nothing to stop
            self._ray.cancel(self.ref)
        return super().cancel()


class RayExecutor(concurrent.futures.Executor):
    """An executor whose calls run as Ray tasks, one CPU each, on the cluster at ``address``.

    ``address`` is that of a running cluster (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``);
    ``None`` joins the cluster named by ``RAY_ADDRESS`` or starts a local Ray runtime on this
    machine (``num_cpus`` of its cores, all by default; at most
    :func:`~kozel.bots.pool.max_processes`, ``PROCESSES_PER_CORE`` (4) for each core, the bound of a
    run on the local process pool, since each task runs in a worker process of its own).  An address
    of a host and port (that of ``address`` or of ``RAY_ADDRESS``) where nothing takes a connection
    within five seconds, whose host is not known, or where what answers does not speak HTTP/2 as
    Ray's servers do, is refused at once with :class:`~kozel.errors.KozelError`, where Ray would
    retry it for minutes, or for ever.  If Ray is already initialized in this process it is used as
    it is.  :meth:`shutdown` disconnects (and stops the
    local runtime) only if this executor started it.  The arguments are checked before Ray is asked
    anything: an ``address`` that is not text, or a ``num_cpus`` that is not a whole number from 1 to
    :func:`~kozel.bots.pool.max_processes` (an int or a NumPy integer, not a bool), raises
    :class:`~kozel.errors.WrongTypeError` or :class:`~kozel.errors.KozelError`.

    A :class:`~kozel.errors.KozelError` raised in a task (a bot's illegal move, ``IllegalMoveError``;
    a bot's own error, :class:`~kozel.bots.BotError`) comes back to the driver as it was raised: the
    same class, message and attributes, as a run on the local process pool gives it.  A task that
    Ray itself lost (its worker or node died, the cluster went away) fails with a
    :class:`~kozel.errors.KozelError` saying so.
    """

    def __init__(self, address: str | None = None, *, num_cpus: int | None = None) -> None:
        # The arguments are checked before Ray is asked anything: a refused one starts or joins nothing.
        if address is not None and not isinstance(address, str):
            raise WrongTypeError(f"address is a Ray cluster's address (text) or None, not {short_repr(address)}")
        # As many CPUs as a run on the local pool may use processes: Ray starts a worker process for each task.
        num_cpus = whole_in("num_cpus", num_cpus, 1, max_processes(), none=True)
        ray = ray_module()
        self._ray = ray
        self._lock = threading.Lock()
        self._futures: set[_RayFuture] = set()
        self._started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"address": address, "logging_level": "ERROR", "log_to_driver": False}
            if address is None:
                options.update(num_cpus=num_cpus, include_dashboard=False)
            _check_reachable(address if address is not None else os.environ.get("RAY_ADDRESS", ""))
            try:
                ray.init(**options)
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise KozelError(f"cannot reach the Ray cluster at {address or 'this machine'}: {error}") from None
            self._started = True
        self._remote = ray.remote(num_cpus=1)(_call)

    @property
    def workers(self) -> int:
        """How many tasks the cluster runs at once: its CPUs (at least 1)."""
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[_T]:
        """Run ``fn(*args)`` as a task on the cluster; its future (cancelling it cancels the task).

        A task takes positional arguments only: ``kwargs`` (in the signature as ``Executor.submit`` has
        it) are refused with :class:`~kozel.errors.KozelError`.  The future's error is the
        :class:`~kozel.errors.KozelError` the task raised, as it was raised (where it pickles; else one
        with its text, saying it came from the cluster), or one saying that Ray lost the task.
        """
        if kwargs:
            raise KozelError("a task on the Ray cluster takes positional arguments only")
        ref = self._remote.remote(fn, *args)
        future = _RayFuture(ref, self._ray)
        with self._lock:
            self._futures.add(future)

        def finished(outer: concurrent.futures.Future[Any]) -> None:
            with self._lock:
                self._futures.discard(future)
            if future.cancelled():
                return
            try:
                ok, value = outer.result()
            except BaseException as error:  # the task was lost (a node died) or cancelled on the cluster
                future.set_exception(KozelError(f"a task on the Ray cluster failed: {type(error).__name__}"))
                return
            if ok:
                future.set_result(value)
            elif isinstance(value, KozelError):  # raised by the task itself: as a local run would raise it
                future.set_exception(value)
            else:
                future.set_exception(KozelError(f"on the Ray cluster: {value}"))

        # The future stays pending (not running) until the task ends, so that it can still be cancelled.
        ref.future().add_done_callback(finished)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Cancel the tasks not yet finished if ``cancel_futures``; stop Ray if this executor started it."""
        if cancel_futures:
            with self._lock:
                pending = list(self._futures)
            for future in pending:
                future.cancel()
        if self._started:
            self._ray.shutdown()
            self._started = False
