"""The repository runs its own checks as CI does (the documents' own tests: tests/test_docs.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_starts_with_the_two_commands() -> None:
    block = re.search(r"```(\w*)\n(.*?)```", README, re.S)  # the README's first code block
    assert block is not None and block.group(1) == "sh"
    commands = [line.split("#")[0].strip() for line in block.group(2).splitlines() if line.strip()]
    assert commands == ["python serve.py", "python tests/run.py"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "tests/run.py" in ci  # CI runs the README's test command


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
