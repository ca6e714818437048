"""The Ray backend: the same outcomes as the local processes, a log resumed, Ctrl-C cancelling the cluster's tasks,
an address where no cluster listens refused at once.

Needs the ``ray`` extra (``pip install -e ".[ray]"``); without it these tests are skipped, saying
so.  One local Ray runtime of two CPUs serves the whole module (Ray takes seconds to start).
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys

import pytest

from kozel.cli import runs
from kozel.cli.main import main
from kozel.integrations.ray import RayExecutor, _host_and_port

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(
        importlib.util.find_spec("ray") is None, reason="the ray extra is not installed (pip install -e '.[ray]')"
    ),
]


@pytest.fixture(scope="module")
def ray():
    import ray  # noqa: PLC0415 - only where the extra is installed

    # address="local": a runtime of its own, not a cluster another program left running on this machine.
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield ray
    ray.shutdown()


def free_port() -> int:
    """A port of this machine where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


JOIN = """
from kozel.integrations.ray import RayExecutor
for address in {addresses!r}:
    try:
        RayExecutor(address)
    except Exception as error:
        print(type(error).__name__, error)
    else:
        print("joined", address)
"""


def run_apart(arguments: list[str], tmp_path, **environment: str) -> subprocess.CompletedProcess[str]:
    """``python ARGUMENTS`` in a process of its own, without ``RAY_ADDRESS`` unless given; 90 seconds at most."""
    env = {key: value for key, value in os.environ.items() if key != "RAY_ADDRESS"} | environment
    return subprocess.run(  # past the timeout, TimeoutExpired fails the test: Ray's own wait is minutes
        [sys.executable, *arguments], check=False, capture_output=True, text=True, timeout=90, cwd=tmp_path, env=env
    )


def test_an_address_where_no_cluster_listens_is_refused_at_once_not_retried_for_minutes(tmp_path):
    port = free_port()
    simulate = ["-m", "kozel", "simulate", "classic", "-n", "2", "--backend", "ray", "--address", f"127.0.0.1:{port}"]
    done = run_apart(simulate, tmp_path)
    assert done.returncode == 2
    assert f"cannot reach the Ray cluster at 127.0.0.1:{port}: nothing takes a connection" in done.stderr
    addresses = [f"ray://127.0.0.1:{port}", "nohost.invalid:1", "[::1]:1"]
    lines = run_apart(["-c", JOIN.format(addresses=addresses)], tmp_path).stdout.splitlines()
    assert lines[0].startswith(f"KozelError cannot reach the Ray cluster at ray://127.0.0.1:{port}: nothing takes")
    assert lines[1].startswith("KozelError cannot reach the Ray cluster at nohost.invalid:1: the host 'nohost.invalid'")
    assert lines[2].startswith("KozelError cannot reach the Ray cluster at [::1]:1: nothing takes a connection at ::1")
    # No address: the one RAY_ADDRESS names is checked the same way.
    done = run_apart(["-c", JOIN.format(addresses=[None])], tmp_path, RAY_ADDRESS=f"127.0.0.1:{port}")
    assert done.stdout.startswith(f"KozelError cannot reach the Ray cluster at 127.0.0.1:{port}: nothing takes")


def test_ray_and_the_local_processes_give_the_same_json(ray, tmp_path, capsys):
    runs = {}
    for backend in ("process", "ray"):
        path = tmp_path / f"{backend}.json"
        args = ["simulate", "--bots", "heuristic", "random", "-n", "8", "--seed", "3", "--json", str(path)]
        assert main([*args, "--backend", backend, "--processes", "2"]) == 0
        runs[backend] = json.loads(path.read_text(encoding="utf-8"))
        captured = capsys.readouterr()
        assert "8/8 matches played" in captured.err  # progress comes back from the cluster too
    assert runs["ray"] == runs["process"]
    assert "Ray, 2 at once" in captured.out
    leagues = {}
    for backend in ("process", "ray"):
        path = tmp_path / f"league-{backend}.json"
        args = ["league", "--bots", "random", "heuristic", "random", "-n", "2", "--json", str(path)]
        assert main([*args, "--backend", backend, "--processes", "2"]) == 0
        leagues[backend] = json.loads(path.read_text(encoding="utf-8"))
    assert leagues["ray"] == leagues["process"]


def test_ctrl_c_cancels_the_cluster_tasks_and_the_log_resumes_under_ray(ray, tmp_path, capsys, monkeypatch):
    from ray.exceptions import TaskCancelledError  # noqa: PLC0415 - only where the extra is installed

    log, resumed, whole = tmp_path / "run.log", tmp_path / "resumed.json", tmp_path / "whole.json"
    args = ["simulate", "--bots", "heuristic", "random", "-n", "12", "--seed", "4", "--processes", "2"]
    futures = []
    real_submit, real_update = RayExecutor.submit, runs.Lines.update

    def submit(self, fn, *call):
        futures.append(real_submit(self, fn, *call))
        return futures[-1]

    def update(self, done, total):  # Ctrl-C once three matches have ended
        real_update(self, done, total)
        if done >= 3:
            raise KeyboardInterrupt

    sent_to_cancel = []
    real_cancel = ray.cancel

    def cancel(ref, **options):
        sent_to_cancel.append(ref)
        return real_cancel(ref, **options)

    monkeypatch.setattr(ray, "cancel", cancel)
    monkeypatch.setattr(RayExecutor, "submit", submit)
    monkeypatch.setattr(runs.Lines, "update", update)
    assert main([*args, "--backend", "ray", "--log", str(log)]) == 130
    assert "kozel simulate: interrupted (Ctrl-C): every match that ended is in" in capsys.readouterr().err
    logged = log.read_text(encoding="utf-8").splitlines()
    assert 1 + 3 <= len(logged) < 1 + 12  # the driver wrote the matches that ended, and only those
    cancelled = [future for future in futures if future.cancelled()]
    assert cancelled, "the matches still queued or running on the cluster were cancelled"
    assert {id(ref) for ref in sent_to_cancel} >= {id(future.ref) for future in cancelled}  # on the cluster too
    outcomes = []
    for future in cancelled:  # a task that ended before the cancel reached it has its result; the rest were stopped
        try:
            ray.get(future.ref, timeout=30)
            outcomes.append("finished first")
        except TaskCancelledError:
            outcomes.append("cancelled")
    assert len(outcomes) == len(cancelled)
    assert len(futures) < 12  # matches not yet sent were never sent
    monkeypatch.setattr(runs.Lines, "update", real_update)
    assert main([*args, "--backend", "ray", "--log", str(log), "--json", str(resumed)]) == 0
    out = capsys.readouterr().out
    assert f"({len(logged) - 1} of them read from {log})" in out
    assert main([*args, "--json", str(whole)]) == 0  # the whole run, on the local processes
    assert json.loads(resumed.read_text(encoding="utf-8")) == json.loads(whole.read_text(encoding="utf-8"))


def test_only_a_ray_or_a_plain_address_is_checked_before_ray_is_asked():
    assert _host_and_port("127.0.0.1:6379") == ("127.0.0.1", 6379)
    assert _host_and_port("ray://head:10002/path") == ("head", 10002)
    assert _host_and_port("ray://head") == ("head", 10001)
    assert _host_and_port("[::1]:6379") == ("::1", 6379)
    for address in ("auto", "local", "anyscale://mycluster:1234", "head", "head:port"):
        assert _host_and_port(address) is None, address
