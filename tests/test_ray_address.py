"""The Ray backend's check of a cluster's address, before Ray is asked: what answers there must speak as Ray does.

Ray retries an address where something other than a Ray cluster listens (a web server, a
database) for ever, warning as it goes; the check refuses it within seconds.  It needs no Ray:
these tests run servers of their own on this machine and call the check directly.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from kozel.errors import KozelError
from kozel.integrations import ray as ray_backend

#: What an HTTP/2 server (a gRPC one, as Ray's are) sends first: an empty SETTINGS frame.
SETTINGS = bytes((0, 0, 0, 4, 0, 0, 0, 0, 0))


@contextmanager
def server(answer: Callable[[socket.socket], None]) -> Iterator[int]:
    """A server on this machine that answers each connection with ``answer``; its port."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            with connection:
                answer(connection)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield int(listener.getsockname()[1])
    finally:
        stop.set()
        listener.close()


def _http1(connection: socket.socket) -> None:
    connection.recv(1024)
    connection.sendall(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n")


def _http2(connection: socket.socket) -> None:
    connection.recv(1024)
    connection.sendall(SETTINGS)


def _junk(connection: socket.socket) -> None:
    connection.recv(1024)
    connection.sendall(bytes((0xFF, 0x00, 0x13, 0x37)))


def _closes(connection: socket.socket) -> None:
    connection.recv(1024)


def _silent(connection: socket.socket) -> None:
    connection.recv(1024)
    threading.Event().wait(2)


def test_a_server_that_speaks_http2_as_ray_does_passes():
    with server(_http2) as port:
        ray_backend._check_reachable(f"127.0.0.1:{port}")
        ray_backend._check_reachable(f"ray://127.0.0.1:{port}")


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (_http1, "(it answered 'HTTP/1.1', not as HTTP/2)"),
        (_junk, "(it answered 'ff 00 13 37', not as HTTP/2)"),
        (_closes, "(it closed the connection without a word)"),
        (_silent, "(it took the connection but said nothing within 0.5 seconds)"),
    ],
    ids=["http1", "junk", "closes", "silent"],
)
def test_a_port_where_something_else_listens_is_refused_saying_what_answered(monkeypatch, answer, said):
    monkeypatch.setattr(ray_backend, "CONNECT_TIMEOUT", 0.5)
    with server(answer) as port:
        for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
            with pytest.raises(KozelError) as refused:
                ray_backend._check_reachable(address)
            message = str(refused.value)
            start = f"cannot reach the Ray cluster at {address}: what listens at 127.0.0.1 port {port} is not a Ray "
            assert message.startswith(start)
            assert said in message
            assert "port 6379 by default, and 10001 for ray://" in message
