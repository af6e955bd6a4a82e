"""The parts of live boards in a teacher's page that the site generator makes (CPython).

``assets/embed.js`` builds each board in a shadow root from the template cut out of
``index.html`` (:func:`reversi.tools.build.board_template`), styles it with
``assets/boards.css`` (:func:`reversi.tools.build.shadow_css`) and, before Python is there,
says what it must in the page's language (written into the script by the generator). The boards
themselves are tested in the browser (tests/test_boards_browser.py).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from reversi.i18n import LANGUAGES
from reversi.tools import build
from reversi.tools.site import Site

ROOT = Path(__file__).resolve().parents[1]
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")


def test_the_board_template_holds_the_iframe_embeds_parts_and_nothing_of_the_app() -> None:
    template = build.board_template(INDEX)
    for part, _tag in build.BOARD_PARTS:
        assert template.count(f'id="{part}"') == 1
    assert template.index('id="embed-caption"') < template.index('id="board"')  # the caption over the board
    bar = build.element_html(INDEX, "embed-bar")
    actions = set(re.findall(r'data-action="(\w+)"', bar))
    assert actions >= {"first", "prev", "play", "next", "last", "flip", "retry", "solution"}
    assert set(re.findall(r'data-action="(\w+)"', template)) == actions
    assert "aria-describedby" not in template  # the app's status line is not in a board
    assert 'id="new-game' not in template and "<dialog" not in template
    assert template.count("<div") == template.count("</div>")


def test_an_element_is_cut_out_whole_or_the_generator_says_what_is_wrong() -> None:
    text = '<p><div id="a" class="x"><div>in</div><div><div></div></div></div><div id="b"></div></p>'
    assert build.element_html(text, "a") == '<div id="a" class="x"><div>in</div><div><div></div></div></div>'
    assert build.element_html(text, "b") == '<div id="b"></div>'
    with pytest.raises(ValueError, match="no <div id='c'>"):
        build.element_html(text, "c")
    with pytest.raises(ValueError, match="not closed"):
        build.element_html('<div id="a"><div></div>', "a")


def test_the_boards_style_sheet_speaks_of_the_board_not_of_the_page() -> None:
    css = build.shadow_css((ROOT / "assets" / "app.css").read_text(encoding="utf-8"))
    selectors = re.findall(r"([^{}]+)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    rules = [s.strip() for s in selectors if not s.strip().startswith("@")]
    assert rules and all(not re.search(r"(?<![\w.#-])(html|body)\b|:root\b", s) for s in rules)
    assert any(".reversi-root.view-embed .layout" in s for s in rules)
    assert any(s.startswith(".reversi-root[data-theme=\"light\"]") for s in rules)
    assert ":host" in css and "container-type: inline-size" in css
    assert "100vw" not in css and "@container (min-width: 620px)" in css
    assert css.count("{") == css.count("}")


def test_the_page_archive_carries_the_board_template_made_from_this_index() -> None:
    with zipfile.ZipFile(io.BytesIO(build.page_archive(ROOT))) as archive:
        assert archive.read(build.BOARD_TEMPLATE).decode() == build.board_template(INDEX)
        assert "reversi/ui/dom/boards.pyc" in archive.namelist()  # as bytecode (reversi/tools/bytecode.py)


def test_what_the_boards_script_says_is_translated_into_every_language() -> None:
    from reversi.ui.embed.snippets import LOADER_MESSAGES

    written = build.EMBED_STRINGS_MARK.search(build.embed_script(ROOT))
    assert written is not None
    table = json.loads(written.group(0).removeprefix("/*STRINGS*/").removesuffix("/*STRINGS*/"))
    assert table == build.embed_strings()  # in the script itself: nothing more to fetch to say why
    assert set(table) == set(LANGUAGES) - {"en"}
    for code, strings in table.items():
        assert set(strings) == set(LOADER_MESSAGES)
        assert all(strings[text] != text for text in LOADER_MESSAGES), code
    script = (ROOT / "assets" / "embed.js").read_text(encoding="utf-8")
    assert all(f'"{text}"' in script for text in LOADER_MESSAGES)  # what it says is what is translated


def test_the_site_serves_and_publishes_the_boards_files() -> None:
    site = Site(ROOT)
    for name in (build.BOARDS_CSS, build.EMBED_SCRIPT):
        assert name in site.files()
    assert site.generated(build.BOARDS_CSS) is not None and site.generated(build.EMBED_SCRIPT) is not None


def test_the_runtime_files_the_boards_script_watches_are_the_pinned_runtimes() -> None:
    script = (ROOT / "assets" / "embed.js").read_text(encoding="utf-8")
    watched = re.search(r"RUNTIME_FILES = /(.+)/;", script)
    assert watched is not None
    names = [n.replace("\\.", ".") for n in re.search(r"\(([^)]+)\)", watched.group(1)).group(1).split("|")]
    pins = json.loads((ROOT / "assets" / "runtime-pins.json").read_text(encoding="utf-8"))["files"]
    assert names and all(f"pyodide/{name}" in pins for name in names)
    assert "runtime/pyodide/pyodide.mjs" in script and "pyodide/pyodide.mjs" in pins
    # the standard library is the site's own (cut and compiled), watched too, and given to Pyodide
    assert f'assets + "{build.STDLIB_ARCHIVE.removeprefix("assets/")}"' in script and "stdLibURL: STDLIB" in script


def test_the_page_preloads_the_files_of_the_start_from_the_pinned_runtime() -> None:
    page = build.index_page(ROOT)
    assert build.PRELOAD_MARK not in page
    pins = json.loads((ROOT / "assets" / "runtime-pins.json").read_text(encoding="utf-8"))["files"]
    modules = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', page)
    fetched = re.findall(r'<link rel="preload" href="\./([^"]+)" as="fetch" crossorigin>', page)
    assert set(build.PRELOAD_MODULES) <= set(modules) and set(fetched) == set(build.PRELOAD_FETCHED)
    assert any(re.fullmatch(r"assets/runtime/pyscript/core-[\w-]+\.js", m) for m in modules)
    for name in modules + fetched:
        own = (build.PAGE_ARCHIVE, build.STDLIB_ARCHIVE, "assets/interpreter.js")
        assert name in own or name.removeprefix("assets/runtime/") in pins, name
    assert page.index("modulepreload") < page.index('<script type="module" src="./assets/runtime/pyscript/core.js">')


def test_an_index_without_its_preload_comment_is_refused(tmp_path: Path) -> None:
    import shutil

    for name in ("index.html", "assets/runtime-pins.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    text = (tmp_path / "index.html").read_text(encoding="utf-8")
    (tmp_path / "index.html").write_text(text.replace(build.PRELOAD_MARK, ""), encoding="utf-8")
    with pytest.raises(ValueError, match="preload"):
        build.index_page(tmp_path)
