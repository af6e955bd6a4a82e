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
* **compile**: write the ``.mo`` beside each ``.po`` (what the page, the command line
  and the site generator read, with the standard library: the first paint's strings
  and the manifests are made from them by :mod:`reversi.tools.build`).

Until a message is translated the page shows it in English: ``--check`` lists what
the translators have to do, and ``tests/run.py`` says how many; only a missing or
stale ``.mo`` fails the tests.

Runs under CPython with Babel installed (``pip install babel``); the page never
loads it.
"""

from __future__ import annotations

import argparse
import datetime
import gettext
import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from reversi import __version__
from reversi.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR
from reversi.tools.build import html_messages

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "reversi"
INDEX = ROOT / "index.html"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: The catalogs' dates: fixed, so that regenerating them changes only what changed.
STAMP = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def po_path(code: str) -> Path:
    return Path(LOCALE_DIR) / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def translated_languages() -> list[str]:
    return [code for code in LANGUAGES if code != DEFAULT]


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
    print(f"{len(template)} messages in {len(translated_languages())} catalogs")


def mo_messages(code: str) -> dict[object, object]:
    """What the standard library reads from the committed ``.mo``: message id -> translation."""
    with mo_path(code).open("rb") as f:
        return dict(gettext.GNUTranslations(f)._catalog)  # type: ignore[attr-defined]


def problems() -> list[str]:
    """What is wrong with the catalogs, one line each: a catalog missing, or a ``.mo`` that does not
    say what its ``.po`` says (an old translation in the page). Tests fail on these."""
    out: list[str] = []
    for code in translated_languages():
        if not po_path(code).exists() or not mo_path(code).exists():
            out.append(f"{code}: no catalog (run python -m reversi.tools.translations)")
            continue
        expected = gettext.GNUTranslations(io.BytesIO(compiled(read_catalog(code))))._catalog  # type: ignore[attr-defined]
        if mo_messages(code) != expected:
            out.append(f"{code}: {mo_path(code).name} is stale: compile it (python -m reversi.tools.translations)")
    return out


def to_translate() -> list[str]:
    """What the translators have to do, one line each: messages of the code that a catalog lacks or
    has fuzzy or untranslated, and translations of messages no longer used. Not an error: until
    a message is translated, the page shows it in English (gettext's fallback), so an edit to an
    English text needs no step before the tests pass; ``tests/run.py`` prints the count."""
    out: list[str] = []
    template = extract()
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    for code in translated_languages():
        if not po_path(code).exists():
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
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reversi.tools.translations", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only report what is missing or stale")
    args = parser.parse_args(argv)
    if args.check:
        found, todo = problems(), to_translate()
        for line in [*found, *todo]:
            print(line)
        print(f"{len(found)} problems, {len(todo)} messages to translate")
        return 1 if found or todo else 0
    update_and_compile()
    return 0


if __name__ == "__main__":
    sys.exit(main())
