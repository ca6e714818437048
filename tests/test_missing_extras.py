"""An integration whose extra is not installed says which extra to install (MissingExtraError, a ModuleNotFoundError
too, naming the package missing)."""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys

import pytest

import kozel
from kozel.integrations.plot import check_plot_path
from kozel.integrations.ray import ray_module


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("gymnasium", "gymnasium", "gymnasium"),
        ("pettingzoo", "pettingzoo", "pettingzoo"),
        ("openspiel", "pyspiel", "openspiel"),
    ],
)
def test_importing_an_integration_without_its_extra_says_which_extra_to_install(monkeypatch, module, blocked, extra):
    monkeypatch.setitem(sys.modules, blocked, None)  # as if it were not installed: importing it raises ImportError
    monkeypatch.delitem(sys.modules, f"kozel.integrations.{module}", raising=False)
    with pytest.raises(kozel.MissingExtraError) as refused:
        importlib.import_module(f"kozel.integrations.{module}")
    named = re.fullmatch(
        rf"kozel\.integrations\.{module} needs (\S+), of the {extra} extra: pip install 'kozel\[{extra}\]'",
        str(refused.value),
    )
    assert named is not None
    # the package blocked, or one the module imports before it that is not installed here either
    assert named[1] == blocked or importlib.util.find_spec(named[1]) is None
    assert isinstance(refused.value, ModuleNotFoundError)  # code that tries the import and goes on without it can
    assert refused.value.name == named[1]
    assert f"kozel.integrations.{module}" not in sys.modules


def test_ray_and_plots_without_their_extras_raise_the_same_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(kozel.MissingExtraError, match=r"the ray backend needs Ray, the ray extra: pip install") as ray:
        ray_module()
    assert ray.value.name == "ray"
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", None)
    with pytest.raises(kozel.MissingExtraError, match=r"pip install 'kozel\[plot\]'") as plot:
        check_plot_path("table.png")
    assert plot.value.name == "matplotlib"


def test_a_package_that_is_installed_but_broken_raises_its_own_error(monkeypatch, tmp_path):
    """Only a package that is not there at all is a missing extra: one that fails as it loads says why itself."""
    (tmp_path / "gymnasium.py").write_text('raise ImportError("libbroken.so: undefined symbol: step")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "gymnasium", raising=False)
    monkeypatch.delitem(sys.modules, "kozel.integrations.gymnasium", raising=False)
    with pytest.raises(ImportError, match=r"^libbroken\.so: undefined symbol: step$") as refused:
        importlib.import_module("kozel.integrations.gymnasium")
    assert not isinstance(refused.value, kozel.MissingExtraError)
