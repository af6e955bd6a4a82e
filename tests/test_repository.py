"""The repository documents itself and runs its own checks as CI does."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from reversi.ui.store.session import game_from_link

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = sorted((ROOT / "reversi" / "docs").glob("*.md"))


def markdown_links(text: str) -> list[str]:
    return re.findall(r"\]\(([^)]+)\)", text)


@pytest.mark.parametrize("path", [ROOT / "README.md", *DOCS], ids=lambda p: p.name)
def test_documents_link_nothing_outside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for target in markdown_links(text):
        assert not re.match(r"[a-z]+:", target), f"{path.name} links outside the repository: {target}"
        resolved = (path.parent / target.split("#")[0]).resolve()
        assert resolved.is_relative_to(ROOT) and resolved.exists(), f"{path.name}: broken link {target}"
    assert "shared/" not in text


def test_the_readme_starts_with_the_two_commands() -> None:
    block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert commands == ["python serve.py", "python tests/run.py"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "tests/run.py" in ci  # CI runs the README's test command


def test_the_readme_example_links_open() -> None:
    examples = re.findall(r"`\?([a-z]+=[^`\s]+)`", README)
    assert len(examples) >= 2
    for query in examples:
        game_from_link(query)  # raises on an illegal example


def test_the_test_workflow_runs_ci_unchanged_and_pages_waits_for_it() -> None:
    workflows = ROOT / ".github" / "workflows"
    test = (workflows / "test.yml").read_text(encoding="utf-8")
    assert "run: bash .ci/run" in test and "bookworm" in test and "workflow_call" in test
    pages = (workflows / "pages.yml").read_text(encoding="utf-8")
    assert "uses: ./.github/workflows/test.yml" in pages and "needs: test" in pages


def test_the_rules_document_covers_every_rule_set_and_option() -> None:
    rules = (ROOT / "reversi" / "docs" / "RULES.md").read_text(encoding="utf-8")
    headings = " ".join(re.findall(r"^## (.+)$", rules, re.M)).lower()
    for name in ("othello", "anti", "classic", "octagon", "size", "free opening", "blocked", "handicap"):
        assert name in headings, name


def test_the_readmes_library_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    assert len(blocks) >= 2
    for code in blocks:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert proc.returncode == 0, proc.stderr
        for expected in re.findall(r"# (\d+ \[.*\])$", code, re.M):  # an output the example promises
            assert expected in proc.stdout, (expected, proc.stdout)


#: Imports of test files by other files under tests/ still to be moved out, with the reason:
#: tests/test_architecture.py was being edited elsewhere when its helpers would have moved.
TEST_IMPORTS_TO_MOVE = {("tests/bench/layers.py", "tests.test_architecture")}


def imported_modules(path: Path) -> set[str]:
    """The modules a file imports (every import statement, those inside functions too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            found.add(module)
            # ``from tests import test_x`` / ``from . import test_x`` import a module by name
            found.update(f"{module}.{alias.name}" if node.module else module + alias.name for alias in node.names)
    return found


def test_no_file_under_tests_imports_a_test_file() -> None:
    """Shared helpers live in tests/support.py (CPython) and tests/browser_support.py (Chromium)."""
    tests = ROOT / "tests"
    seen = set()
    for path in sorted(tests.rglob("*.py")):
        if any(part.startswith(".") for part in path.relative_to(tests).parts):
            continue
        for module in imported_modules(path):
            parts = module.lstrip(".").split(".")
            for k, part in enumerate(parts):
                if part.startswith("test_"):  # the test file itself, not the names taken from it
                    seen.add((path.relative_to(ROOT).as_posix(), ".".join(parts[: k + 1])))
                    break
    assert seen - TEST_IMPORTS_TO_MOVE == set(), "import from tests/support.py or tests/browser_support.py instead"
    assert TEST_IMPORTS_TO_MOVE <= seen, f"moved already: drop {TEST_IMPORTS_TO_MOVE - seen} from the list"
