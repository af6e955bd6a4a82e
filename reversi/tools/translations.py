"""Keep the message catalogs in step with the code, with Babel (a development tool).

    python -m reversi.tools.translations            # extract, update every .po, compile every .mo
    python -m reversi.tools.translations --check    # say what is missing, untranslated or stale; exit 1 if any

* **extract**: every string marked in the package's Python (``_``, ``N_``,
  ``ngettext``, ``pgettext``) and every text of ``index.html`` marked for
  translation: the text of an element with a ``data-i18n`` attribute (an
  element with text only), and the attributes it names in ``data-i18n-attrs``
  (``title aria-label placeholder content``).
* **update**: merge them into ``reversi/i18n/locale/<code>/LC_MESSAGES/reversi.po``
  for every language but English (new strings arrive untranslated, translations
  of strings that are gone are dropped); the plural rules come from Babel's
  locale data.
* **compile**: write the ``.mo`` beside each ``.po`` (what the page and the
  command line read, with the standard library), and ``assets/first-paint-strings.js``:
  for every language, the translations of index.html's marked texts and of the
  static board's labels, which ``assets/first-paint.js`` applies before Python
  has loaded (so the page is drawn in its language at once; ``--check`` and a
  test say when it is out of date).

Runs under CPython with Babel installed (``pip install babel``); the page never
loads it.
"""

from __future__ import annotations

import argparse
import datetime
import gettext
import html.parser
import io
import json
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

import reversi.i18n as i18n
from reversi import __version__
from reversi.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "reversi"
INDEX = ROOT / "index.html"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: The catalogs' dates: fixed, so that regenerating them changes only what changed.
STAMP = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
#: Attributes of index.html that may carry a message (named by ``data-i18n-attrs``).
HTML_ATTRIBUTES = ("title", "aria-label", "placeholder", "content", "alt")


def po_path(code: str) -> Path:
    return Path(LOCALE_DIR) / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def translated_languages() -> list[str]:
    return [code for code in LANGUAGES if code != DEFAULT]


class _MarkedText(html.parser.HTMLParser):
    """The texts of ``index.html`` marked with ``data-i18n`` / ``data-i18n-attrs``, with line numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, int]] = []
        self._open: list[tuple[str, int, list[str]]] = []  # (tag, line, text parts) of marked elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attrs") or "").split():
            value = values.get(name)
            if name not in HTML_ATTRIBUTES:
                raise ValueError(f"index.html line {line}: data-i18n-attrs names {name!r}, not a text attribute")
            if value:
                self.found.append((" ".join(value.split()), line))
        if "data-i18n" in values:
            self._open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if text:
                self.found.append((text, line))


def html_messages(text: str) -> list[tuple[str, int]]:
    parser = _MarkedText()
    parser.feed(text)
    parser.close()
    return parser.found


def python_messages() -> Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    """``(file, line, message, comments, context)`` for every marked string of the package."""
    method_map = [("tools/**.py", "ignore"), ("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=method_map, keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True,
    ):
        yield f"reversi/{filename}", lineno, message, comments, context


def extract() -> Catalog:
    """The template: every message of the package and of index.html."""
    template = Catalog(
        project="reversi", version=__version__, domain=DOMAIN, charset="utf-8", creation_date=STAMP,
        revision_date=STAMP, copyright_holder="the reversi authors", msgid_bugs_address="",
    )
    for filename, lineno, message, comments, context in python_messages():
        template.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
    for message, lineno in html_messages(INDEX.read_text(encoding="utf-8")):
        template.add(message, locations=[("index.html", lineno)])
    return template


def read_catalog(code: str) -> Catalog:
    path = po_path(code)
    if not path.exists():
        return Catalog(
            locale=code, domain=DOMAIN, project="reversi", charset="utf-8", creation_date=STAMP,
            revision_date=STAMP, copyright_holder="the reversi authors", msgid_bugs_address="",
            last_translator="the reversi authors", language_team=f"{LANGUAGES[code]} ({code})", fuzzy=False,
        )
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def write_catalog(catalog: Catalog, code: str) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    path = po_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != buffer.getvalue():
        path.write_bytes(buffer.getvalue())
        print(f"updated {path.relative_to(ROOT)}")


FIRST_PAINT = ROOT / "assets" / "first-paint-strings.js"
_ARIA_LABEL = re.compile(r'aria-label="([^"]*)"')


def _static_board_labels() -> list[str]:
    """The board's name and its squares' aria-labels in index.html (a new game's board), in the current language."""
    from html import unescape

    from reversi.ui.render import render_board
    from reversi.ui.state import Controller

    view = Controller().board_view()
    return [view.label] + [unescape(label) for label in _ARIA_LABEL.findall(render_board(view))]


def first_paint_strings(translations: Mapping[str, gettext.NullTranslations]) -> dict[str, dict[str, str]]:
    """For each language but English: English text -> its translation, for index.html's marked
    texts and the static board's labels (what ``assets/first-paint.js`` replaces)."""
    messages = sorted({text for text, _ in html_messages(INDEX.read_text(encoding="utf-8"))})
    saved_catalogs, saved_language = dict(i18n._catalogs), i18n.language()
    try:
        i18n.set_language(DEFAULT)
        english = _static_board_labels()
        out: dict[str, dict[str, str]] = {}
        for code, tr in translations.items():
            i18n._catalogs[code] = tr
            i18n.set_language(code)
            table = {text: tr.gettext(text) for text in messages}
            table.update(zip(english, _static_board_labels(), strict=True))
            out[code] = {k: v for k, v in sorted(table.items()) if v != k}
        return out
    finally:
        i18n._catalogs.clear()
        i18n._catalogs.update(saved_catalogs)
        i18n.set_language(saved_language)


def first_paint_script(strings: dict[str, dict[str, str]]) -> str:
    """The text of ``assets/first-paint-strings.js``."""
    body = json.dumps(strings, ensure_ascii=False, indent=0, sort_keys=True)
    return (
        "// Generated by `python -m reversi.tools.translations` from the catalogs: do not edit.\n"
        "// index.html's marked texts and the static board's labels, by language (read by first-paint.js).\n"
        f"window.REVERSI_FIRST_PAINT = {body};\n"
    )


def expected_first_paint() -> str:
    """What ``assets/first-paint-strings.js`` should hold for the catalogs as they are (the .po files)."""
    translations = {
        code: gettext.GNUTranslations(io.BytesIO(compiled(read_catalog(code)))) for code in translated_languages()
    }
    return first_paint_script(first_paint_strings(translations))


def write_first_paint() -> None:
    text = expected_first_paint()
    if not FIRST_PAINT.exists() or FIRST_PAINT.read_text(encoding="utf-8") != text:
        FIRST_PAINT.write_text(text, encoding="utf-8")
        print(f"updated {FIRST_PAINT.relative_to(ROOT)}")


# -- the web app manifests (installing the app), one per language ---------------------------------

_META_DESCRIPTION = re.compile(r'<meta name="description"[^>]*content="([^"]*)"')


def manifest_path(code: str) -> Path:
    return ROOT / "assets" / ("manifest.webmanifest" if code == DEFAULT else f"manifest.{code}.webmanifest")


def manifest_text(code: str, tr: gettext.NullTranslations) -> str:
    """The web app manifest in language ``code`` (``index.html`` links the page's language's)."""
    from html import unescape

    found = _META_DESCRIPTION.search(INDEX.read_text(encoding="utf-8"))
    description = unescape(found.group(1)) if found else ""
    data = {
        "name": "Reversi · Othello",
        "short_name": "Reversi",
        "description": tr.gettext(description) if description else "",
        "lang": code,
        "dir": "ltr",
        "id": "./",
        "start_url": "../index.html",
        "scope": "../",
        "display": "standalone",
        "background_color": "#161512",
        "theme_color": "#161512",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def expected_manifests() -> dict[Path, str]:
    out = {manifest_path(DEFAULT): manifest_text(DEFAULT, gettext.NullTranslations())}
    for code in translated_languages():
        catalog = gettext.GNUTranslations(io.BytesIO(compiled(read_catalog(code))))
        out[manifest_path(code)] = manifest_text(code, catalog)
    return out


def write_manifests() -> None:
    for path, text in expected_manifests().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)}")


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update_and_compile() -> None:
    template = extract()
    for code in translated_languages():
        catalog = read_catalog(code)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False  # the header: the catalog is in use
        catalog.creation_date = catalog.revision_date = STAMP  # no date churn in the diffs
        write_catalog(catalog, code)
        data = compiled(catalog)
        if not mo_path(code).exists() or mo_path(code).read_bytes() != data:
            mo_path(code).write_bytes(data)
            print(f"compiled {mo_path(code).relative_to(ROOT)}")
    write_first_paint()
    write_manifests()
    print(f"{len(template)} messages in {len(translated_languages())} catalogs")


def mo_messages(code: str) -> dict[object, object]:
    """What the standard library reads from the committed ``.mo``: message id -> translation."""
    with mo_path(code).open("rb") as f:
        return dict(gettext.GNUTranslations(f)._catalog)  # type: ignore[attr-defined]


def problems() -> list[str]:
    """Everything that keeps the catalogs from being complete and in step, one line each."""
    out: list[str] = []
    template = extract()
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    for code in translated_languages():
        if not po_path(code).exists() or not mo_path(code).exists():
            out.append(f"{code}: no catalog (run python -m reversi.tools.translations)")
            continue
        catalog = read_catalog(code)
        have = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
        for key, context in sorted(wanted, key=lambda k: k[0]):
            message = catalog.get(key, context=context)
            if message is None:
                out.append(f"{code}: missing {key!r}")
            elif message.fuzzy:
                out.append(f"{code}: fuzzy {key!r}")
            elif isinstance(message.string, tuple):
                if not all(message.string):
                    out.append(f"{code}: untranslated plural {key!r}")
            elif not message.string:
                out.append(f"{code}: untranslated {key!r}")
        extra = sorted(k for k in have if (k, have[k].context) not in wanted)
        out += [f"{code}: no longer used {k!r}" for k in extra]
        # the .mo must say what the .po says (a stale .mo is an old translation in the page)
        expected = gettext.GNUTranslations(io.BytesIO(compiled(catalog)))._catalog  # type: ignore[attr-defined]
        if mo_messages(code) != expected:
            out.append(f"{code}: {mo_path(code).name} is stale: compile it (python -m reversi.tools.translations)")
    if not FIRST_PAINT.exists() or FIRST_PAINT.read_text(encoding="utf-8") != expected_first_paint():
        out.append(f"{FIRST_PAINT.relative_to(ROOT)} is stale: run python -m reversi.tools.translations")
    for path, text in expected_manifests().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            out.append(f"{path.relative_to(ROOT)} is stale: run python -m reversi.tools.translations")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reversi.tools.translations", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only report what is missing or stale")
    args = parser.parse_args(argv)
    if args.check:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problems")
        return 1 if found else 0
    update_and_compile()
    return 0


if __name__ == "__main__":
    sys.exit(main())
