"""Release readiness, checked offline: one version, the changelog, the sdist, metadata, CI and the release workflow."""

import datetime
import re
import sys
from pathlib import Path

import pytest

import kozel

if sys.version_info >= (3, 11):
    import tomllib
else:
    tomllib = pytest.importorskip("tomli", reason="reading TOML on Python 3.10 needs tomli, the toml extra")

ROOT = Path(__file__).parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
WORKFLOWS = ROOT / ".github" / "workflows"

# A release version, with the PEP 440 pre-release, post-release and development suffixes allowed.
VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?$")
RELEASE_HEADER = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$")


def _release(version: str) -> tuple[int, ...]:
    match = VERSION.match(version)
    assert match, f"{version!r} is not a release version"
    return tuple(int(part) for part in match.group(1, 2, 3))


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower() for requirement in requirements}


# One version, read by hatch from kozel.__version__.


def test_the_version_is_dynamic_and_read_from_kozel_dunder_version():
    assert "version" not in PROJECT
    assert PROJECT["dynamic"] == ["version"]
    source = PYPROJECT["tool"]["hatch"]["version"]["path"]
    assert source == "src/kozel/__init__.py"
    assigned = re.findall(r'^__version__ = "([^"]+)"$', (ROOT / source).read_text(encoding="utf-8"), re.MULTILINE)
    assert assigned == [kozel.__version__]
    _release(kozel.__version__)


def test_nothing_else_hard_codes_the_version():
    version = kozel.__version__
    paths = [ROOT / "README.md", ROOT / "mkdocs.yml", ROOT / ".ci" / "run"]
    for folder, patterns in [
        ("src", ["*.py"]),
        ("docs", ["*.md"]),
        ("examples", ["*.py"]),
        ("apidocs", ["*.py", "*.rst", "*.md", "*.txt"]),
        (".github", ["*.yml", "*.yaml"]),
    ]:
        for pattern in patterns:
            paths.extend((ROOT / folder).rglob(pattern))
    paths = [path for path in paths if path.is_file() and path != ROOT / "src" / "kozel" / "__init__.py"]
    offenders = [str(path.relative_to(ROOT)) for path in paths if version in path.read_text(encoding="utf-8")]
    assert offenders == [], f"use kozel.__version__ instead of writing {version} in {offenders}"


# The changelog, in the Keep a Changelog format.


def _changelog_headers() -> list[str]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return [line.rstrip() for line in text.splitlines() if line.startswith("## ")]


def test_the_changelog_opens_with_unreleased_and_dates_each_release():
    headers = _changelog_headers()
    assert headers, "CHANGELOG.md has no sections"
    assert headers[0] == "## [Unreleased]"
    releases = []
    for header in headers[1:]:
        match = RELEASE_HEADER.match(header)
        assert match, f"{header!r} is not '## [x.y.z] - YYYY-MM-DD'"
        releases.append((_release(match[1]), datetime.date.fromisoformat(match[2])))
    versions = [version for version, _ in releases]
    assert versions == sorted(versions, reverse=True), "releases are listed newest first"
    assert len(set(versions)) == len(versions), "a release is listed twice"
    dates = [date for _, date in releases]
    assert dates == sorted(dates, reverse=True)


def test_the_version_is_the_top_release_or_the_next_one():
    # At a release commit kozel.__version__ is the top dated section; between releases it may already
    # name the next one (the [Unreleased] section to be).  Before the first release, any version goes.
    released = [RELEASE_HEADER.match(header) for header in _changelog_headers()[1:]]
    if not released or released[0] is None:
        return
    top = released[0][1]
    assert _release(kozel.__version__) >= _release(top), f"kozel.__version__ is older than the top release {top}"


# What goes into the sdist and the wheel.


def test_the_sdist_carries_tests_docs_examples_and_the_project_files():
    include = {path.strip("/") for path in PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]}
    wanted = {"src", "tests", "docs", "apidocs", "examples", "bench", "mkdocs.yml", "README.md", "CHANGELOG.md"}
    # The whole test suite runs from the sdist: the root conftest.py (which keeps the optional integrations'
    # doctests out when their extras are missing), and the CI script and workflows the packaging tests read.
    wanted |= {"conftest.py", ".ci", ".github"}
    assert wanted | {"LICENSE"} <= include
    assert PROJECT["readme"] == "README.md"
    assert PROJECT["license-files"] == ["LICENSE"]


def test_ci_checks_that_the_built_sdist_carries_what_its_tests_need():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    listed = re.search(r"^wanted=\((.*?)\)", run, re.MULTILINE | re.DOTALL)
    assert listed, ".ci/run lists what the sdist must hold in wanted=(...)"
    assert {"conftest.py", "tests/", "docs/", ".ci/run", ".github/workflows/"} <= set(listed[1].split())


def test_the_wheel_is_the_typed_package_and_the_console_script_s_entry():
    wheel = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["only-include"] == ["src/kozel", "src/_kozel_entry.py", "src/_kozel_stop.py"]
    assert wheel["sources"] == ["src"]
    assert (ROOT / "src" / "kozel" / "py.typed").is_file()


def test_the_console_script():
    assert PROJECT["scripts"] == {"kozel": "_kozel_entry:main"}


# Metadata: license, classifiers, URLs, extras.


def test_the_license_is_an_spdx_expression_without_a_license_classifier():
    assert PROJECT["license"] == "MIT"
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_the_classifiers():
    classifiers = PROJECT["classifiers"]
    assert len([c for c in classifiers if c.startswith("Development Status :: ")]) == 1
    assert PROJECT["requires-python"] == ">=3.10"
    pythons = [
        c.rsplit(" :: ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert pythons == ["3.10", "3.11", "3.12", "3.13"]
    assert "Typing :: Typed" in classifiers
    assert any(c.startswith("Topic :: Games/Entertainment") for c in classifiers)
    # Each classifier is checked against the official list by hatchling when .ci/run builds the sdist.


def test_the_project_urls():
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Source", "Issues", "Changelog"}
    assert all(url.startswith("https://") for url in urls.values())
    source = urls["Source"]
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", source)
    assert urls["Homepage"] == source
    assert urls["Issues"] == f"{source}/issues"
    assert urls["Changelog"].startswith(f"{source}/")
    assert urls["Changelog"].endswith("/CHANGELOG.md")


def test_the_readme_links_are_absolute_and_lead_to_pages_that_exist():
    # The README is also the PyPI page, where a relative link leads nowhere.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+)\)", readme)
    assert links
    docs, source = PROJECT["urls"]["Documentation"], PROJECT["urls"]["Source"]
    for link in links:
        assert link.startswith("https://"), link
        if link.startswith(docs):
            page = link.removeprefix(docs)
            assert page.endswith(".html"), link  # the site is built without directory URLs
            assert (ROOT / "docs" / page.replace(".html", ".md")).exists(), link
        elif link.startswith(f"{source}/blob/main/"):
            assert (ROOT / link.removeprefix(f"{source}/blob/main/")).exists(), link


def test_the_extras():
    extras = PROJECT["optional-dependencies"]
    assert {"pytest", "pytest-xdist", "hypothesis"} <= _names(extras["test"])
    assert {"ruff", "mypy"} <= _names(extras["lint"])
    assert {"mkdocs-material", "sphinx"} <= _names(extras["docs"])
    assert _names(extras["ray"]) == {"ray"}
    assert _names(extras["plot"]) == {"matplotlib"}
    assert extras["dev"] == ["kozel[test,lint,docs,ray,plot,pettingzoo,gymnasium,openspiel]"]
    assert {"open_spiel", "numpy"} <= _names(extras["openspiel"])
    assert {"pettingzoo", "gymnasium", "numpy"} <= _names(extras["pettingzoo"])
    assert {"gymnasium", "numpy"} <= _names(extras["gymnasium"])


# CI and the release workflow (they cannot run here; their text must hold the pieces that matter).


def test_ci_runs_docs_and_release_checks():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for piece in [
        'pip" install -q .',
        'install -q -e ".[test]"',
        'install -q -e ".[dev]"',
        "-m extra -rs",
        "-m hypothesis --hypothesis-profile=thorough",
        "-n auto",
        'ruff" check .',
        'ruff" format --check .',
        'mypy" --strict src',
        "-m pytest",
        '".[docs]"',
        'mkdocs" build --strict',
        'sphinx-build" -q -W -b html apidocs',
        "apidocs/ missing: API reference not built",
        "-m build",
        'twine" check --strict',
        'kozel" --help',
    ]:
        assert piece in run, piece


def test_ci_runs_the_readme_s_test_command_as_written():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"Run the whole test suite[^`]*```sh\n(.*?)\n```", readme, re.S).group(1)
    install, test = re.fullmatch(
        r"python3 -m venv \.venv && \.venv/bin/pip (install .*) && \.venv/bin/(python -m pytest -n auto)", command
    ).groups()
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f'"$work/dev/bin/pip" {install.replace("install", "install -q", 1)}' in run
    program, arguments = test.split(" ", 1)
    assert f'"$work/dev/bin/{program}" {arguments} -q' in run
    assert arguments == "-m pytest -n auto"  # every core: the suite is quick only so


def _workflow(name: str) -> str:
    path = WORKFLOWS / name
    assert path.is_file(), f".github/workflows/{name} is missing"
    return path.read_text(encoding="utf-8")


def _job(text: str, name: str) -> str:
    """The text of one job of a workflow: from its `  name:` line to the next job or the end."""
    match = re.search(rf"^  {name}:\n(.*?)(?=^  \w[\w-]*:\n|\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"no job {name!r}"
    return match[1]


def test_the_ci_workflow_runs_the_ci_script_on_pushes_and_pull_requests():
    text = _workflow("ci.yml")
    assert re.search(r"^on:\n  push:\n  pull_request:\n", text, re.MULTILINE)
    assert "run: bash .ci/run" in text
    matrix = re.search(r"python-version: \[(.*?)\]", text)
    assert matrix, "ci.yml runs on a matrix of Python versions"
    versions = {
        c.rsplit(" :: ", 1)[1]
        for c in PROJECT["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert set(re.findall(r'"(3\.\d+)"', matrix[1])) == versions, "CI runs every Python the classifiers name"


def test_the_release_workflow_publishes_tags_with_trusted_publishing():
    text = _workflow("release.yml")
    assert re.search(r'^on:\n  push:\n    tags: \["v\*"\]\n', text, re.MULTILINE)
    assert not re.search(r"password:|PYPI_API_TOKEN|secrets\.", text), "trusted publishing needs no token"
    build = _job(text, "build")
    for piece in ["python -m build", "twine check --strict", "GITHUB_REF_NAME", "kozel.__version__", "CHANGELOG.md"]:
        assert piece in build, piece
    publish = _job(text, "publish")
    assert "needs: [build, wheels, test]" in publish, (
        "publishing waits for the checked build, the compiled wheels and the test suite on the tagged commit"
    )
    assert re.search(r"environment:\n\s+name: pypi\n", publish)
    assert re.search(r"permissions:\n\s+id-token: write", publish)
    assert "uses: pypa/gh-action-pypi-publish@release/v1" in publish
    assert "pypa/gh-action-pypi-publish" not in build


def test_the_release_workflow_runs_the_ci_script_on_the_tagged_commit():
    test = _job(_workflow("release.yml"), "test")
    assert "runs-on: ubuntu-latest" in test
    assert "uses: actions/checkout@" in test
    assert re.search(r'uses: actions/setup-python@v\d+\n\s+with:\n\s+python-version: "3\.12"', test)
    assert "run: bash .ci/run" in test


def test_the_release_workflow_smoke_tests_the_sdist_as_it_does_the_wheel():
    build = _job(_workflow("release.yml"), "build")
    for venv, artifact in (("smoke", "dist/*.whl"), ("smoke-sdist", "dist/*.tar.gz")):
        bin = f'"$RUNNER_TEMP/{venv}/bin'
        assert f'python -m venv "$RUNNER_TEMP/{venv}"\n' in build, f"{artifact} goes into a fresh venv"
        for command in (
            f'pip" install {artifact}\n',
            'kozel" --help\n',
            'kozel" match classic --seed 7 --quiet\n',
            'python" -c "import kozel; print(kozel.__version__)"',
        ):
            assert f"{bin}/{command}" in build, (venv, command)


def test_the_release_workflow_builds_compiled_wheels_for_each_os_and_python():
    wheels = _job(_workflow("release.yml"), "wheels")
    assert "uses: pypa/cibuildwheel@" in wheels
    assert re.search(r"os: \[ubuntu-latest, macos-latest, windows-latest\]", wheels)
    assert 'CIBW_BUILD: "cp310-* cp311-* cp312-* cp313-*"' in wheels
    assert 'CIBW_ENVIRONMENT: "KOZEL_COMPILE=1"' in wheels, "the wheels are the compiled build"
    assert 'CIBW_TEST_ENVIRONMENT: "KOZEL_EXPECT_COMPILED=1"' in wheels, "a wheel that came out pure fails its test"
    assert "tests/test_compiled.py" in wheels
    assert "--import-mode=importlib" in wheels, "the tests import the installed wheel, not the sources"
    assert "path: wheelhouse/*.whl" in wheels
    build = _job(_workflow("release.yml"), "build")
    assert "KOZEL_COMPILE" not in build, "the build job's wheel is the pure-Python one"


def test_the_compiled_build_is_a_hook_enabled_by_kozel_compile():
    hook = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    assert hook["path"] == "hatch_build.py"
    assert (ROOT / "hatch_build.py").is_file()
    assert "/hatch_build.py" in PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    compiled = {"src/kozel/engine", "src/kozel/game", "src/kozel/cards", "src/kozel/view", "src/kozel/bots/thumb.py"}
    assert set(hook["include"]) == compiled
    kept = {"src/kozel/cards/card.py", "src/kozel/cards/cardset.py", "src/kozel/game/move.py", "src/kozel/view/view.py"}
    assert kept <= set(hook["exclude"])
    text = (ROOT / "hatch_build.py").read_text(encoding="utf-8")
    assert 'os.environ.get("KOZEL_COMPILE", "") == "1"' in text
    # The pure build needs nothing beyond hatchling: the hook's requirements come only with KOZEL_COMPILE=1.
    assert PYPROJECT["build-system"]["requires"] == ["hatchling>=1.26"]
