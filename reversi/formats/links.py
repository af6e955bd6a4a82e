"""Share links: the one table of the address's query parameters, and the game in it.

Every parameter the page reads from or writes to its address is a row of
:data:`PARAMETERS`: its name, what it means, the values it takes and the feature
that owns it. A feature rewrites only its own parameters and keeps the others
(:func:`rewrite_query`), so a game link written after a move keeps, say, a
language or a view that another feature put there. A new parameter is a new row.

``v`` is the link format's version. Version 1 is written with no ``v`` at all
(every link made so far); a link whose ``v`` is newer than :data:`LINK_VERSION`
is refused with a message rather than misread. Version 2 adds variations,
comments and marks to ``m`` (move text: :mod:`reversi.formats.notation`) and is
written only for a game that has them, so a plain game's link still opens in
a page of version 1.

:func:`record_to_query` writes a game record as the game's parameters (defaults
left out, so a plain Othello game is just ``m=f5d6c3``); :func:`record_from_query`
reads them back, and names the parameter that is wrong when one is.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, urlencode

from reversi.core.position import Position
from reversi.core.rules import BLACK, WHITE, Rules
from reversi.errors import NotationError, ReversiError, RulesError
from reversi.formats.balanced_spec import TAG as BALANCED_TAG
from reversi.formats.balanced_spec import BalancedSpec
from reversi.formats.notation import parse_movetext, parse_position, position_to_string, write_transcript
from reversi.formats.record import Record, ending_code, parse_ending_code, parse_players_code
from reversi.i18n import _, format_number, ngettext
from reversi.inputs import clean_text

#: The link format this version writes and reads (links of version 1 carry no ``v``).
LINK_VERSION = 2
#: The longest query string a link may have (characters).
MAX_QUERY_CHARS = 20_000


@dataclass(frozen=True)
class LinkParameter:
    """One query parameter of the page's address."""

    name: str
    meaning: str
    values: str
    #: The feature that writes it: ``"game"`` (the record), ``"browse"``, ``"link"``, ...
    owner: str


#: Every query parameter of the page's address, one row each.
PARAMETERS: tuple[LinkParameter, ...] = (
    LinkParameter("v", "link format version", f"1 to {LINK_VERSION}; left out for 1", "link"),
    LinkParameter("r", "rule set", "othello (default), classic, octagon", "game"),
    LinkParameter("s", "board size", "even, 4 to 16 (default 8)", "game"),
    LinkParameter("a", "Anti: fewer discs wins", "0 (default) or 1", "game"),
    LinkParameter("f", "free opening", "0 (default) or 1", "game"),
    LinkParameter("b", "blocked squares", "square names joined by '.', e.g. a1.c3", "game"),
    LinkParameter("h", "corner handicap", "0 (default) to 4 discs", "game"),
    LinkParameter("hc", "who receives the handicap", "b (default) or w", "game"),
    LinkParameter("p", "set-up start position", "a position string, spaces written as '_'", "game"),
    LinkParameter(
        "m", "the moves", "a transcript, e.g. f5d6c3; from version 2 with (variations) and {comments}", "game"
    ),
    LinkParameter(
        "pl", "who plays", "h (a person) or c and a level, Black first, then t and Expert's seconds: hc5, "
        "c3c7t10; left out: nobody (the link opens for study)", "game"
    ),
    LinkParameter(
        "bo", "the game began with a balanced random opening: its moves (the first of m), drawn again when m "
        "is left out", "moves.discs.seed, e.g. 8.2.1234 (reversi/formats/balanced_spec.py)", "game",
    ),
    LinkParameter(
        "e", "how the game ended before its moves did", "rb or rw (Black or White resigned), tb or tw (lost on "
        "time); left out: the game goes on, or its moves ended it", "game",
    ),
    LinkParameter(
        "at", "the game's position, when moves after it were taken back (redo replays them)",
        "0 to the number of moves", "browse",
    ),
    LinkParameter("lang", "the page's language", "en, cs, da, pl, ja (default: the browser's)", "lang"),
    LinkParameter("view", "an embed instead of the app", "embed (a game viewer) or puzzle", "embed"),
    LinkParameter("caption", "an embed's caption", "text, at most 200 characters", "embed"),
    LinkParameter("flip", "an embed's board turned around", "0 (default) or 1", "embed"),
    LinkParameter("theme", "the page's colours", "light or dark (default: dark)", "embed"),
    LinkParameter("controls", "an embed's replay buttons and move list", "1 (default) or 0: a still board",
                  "embed"),
    LinkParameter("numbers", "an embed's board as a numbered game diagram (each move's number on its square)",
                  "0 (default) or 1", "embed"),
    LinkParameter("coach", "a puzzle's wrong tries say why they are worse than the best move",
                  "0 (default) or 1", "embed"),
    LinkParameter("pz", "a puzzle's answers: each legal move's loss against the best, in discs",
                  "move:discs joined by '.', e.g. c4:0.d3:0.e6:6", "puzzle"),
    LinkParameter("sol", "a puzzle's solution: the best line from its position", "a transcript", "puzzle"),
    LinkParameter("px", "a puzzle's answers are exact (the solver's)", "0 (default) or 1", "puzzle"),
    LinkParameter("ps", "a puzzle set: each puzzle's position, answers and solution",
                  "puzzles joined by '~' (reversi/ui/embed/puzzle_set.py)", "puzzle"),
)
BY_NAME: dict[str, LinkParameter] = {p.name: p for p in PARAMETERS}


def owned_by(*owners: str) -> frozenset[str]:
    """The names of the parameters the given features own."""
    return frozenset(p.name for p in PARAMETERS if p.owner in owners)


#: Parameters that make an address a game link.
GAME_KEYS = owned_by("game", "browse")


def parse_query(query: str) -> dict[str, str]:
    """The parameters of a query string (with or without ``?``), each at most once.

    Raises :class:`~reversi.errors.NotationError` for an address that is too long,
    a parameter given twice, or a link of a newer format. Unknown parameters are
    kept: they belong to nobody yet, and the caller ignores them.
    """
    query = clean_text(query.lstrip("?"))
    if len(query) > MAX_QUERY_CHARS:
        raise NotationError(
            ngettext(
                "link: the address is too long ({n} character, at most {most})",
                "link: the address is too long ({n} characters, at most {most})",
                len(query),
            ).format(n=format_number(len(query)), most=format_number(MAX_QUERY_CHARS))
        )
    params: dict[str, str] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key in params:
            raise NotationError(_("link: parameter {name!r} appears twice").format(name=key))
        params[key] = value
    version = params.get("v", "1")
    if not (version.isascii() and version.isdigit() and len(version) <= 3):
        raise NotationError(_("link: v={version!r} should be a version number").format(version=version))
    if int(version) > LINK_VERSION:
        raise NotationError(
            _("link: made by a newer version of the app (link format {version}); update the page").format(
                version=version
            )
        )
    return params


def rewrite_query(query: str, owner: str, values: dict[str, str]) -> str:
    """``query`` with the parameters ``owner`` owns replaced by ``values`` (the others kept).

    Parameters of other features (and unknown ones) keep their place and value;
    ``owner``'s parameters are dropped and ``values`` appended in table order.
    """
    mine = owned_by(owner)
    unknown = sorted(set(values) - mine)
    if unknown:
        raise ValueError(f"{owner} does not own the link parameters {unknown}")  # a programming error
    kept = [(k, v) for k, v in parse_qsl(clean_text(query.lstrip("?")), keep_blank_values=True) if k not in mine]
    # a value with a lone surrogate cannot be written as UTF-8: the address would never be written again
    ordered = [(p.name, clean_text(values[p.name])) for p in PARAMETERS if p.name in values]
    return urlencode(kept + ordered, quote_via=quote, safe="/._():")


def record_params(record: Record) -> dict[str, str]:
    """The game's parameters of ``record``: defaults left out, in table order."""
    r = record.rules
    out: dict[str, str] = {}
    if r.variant != "othello":
        out["r"] = r.variant
    if r.size != 8:
        out["s"] = str(r.size)
    if r.anti:
        out["a"] = "1"
    if r.free_opening:
        out["f"] = "1"
    if r.blocked:
        out["b"] = ".".join(r.blocked)
    if r.handicap:
        out["h"] = str(r.handicap)
        if r.handicap_color == WHITE:
            out["hc"] = "w"
    if record.start is not None:
        out["p"] = position_to_string(record.start).replace(" ", "_")
    moves = record.movetext or write_transcript(record.moves, r.geometry)
    if moves:
        out["m"] = moves
    if record.players:
        out["pl"] = record.players
    if record.tags.get(BALANCED_TAG):
        out["bo"] = record.tags[BALANCED_TAG]
    if record.ending is not None:
        out["e"] = ending_code(record.ending)
    return out


def link_version(record: Record) -> dict[str, str]:
    """The ``v`` parameter ``record`` needs: ``{"v": "2"}`` for a tree (variations, comments), else none."""
    return {"v": "2"} if record.movetext else {}


def record_to_query(record: Record) -> str:
    """The query string (without ``?``) that restores ``record``; defaults left out."""
    return rewrite_query(rewrite_query("", "game", record_params(record)), "link", link_version(record))


def record_from_query(query: str) -> Record:
    """Parse a share link's query string (with or without ``?``).

    Raises :class:`~reversi.errors.ReversiError` subclasses naming the parameter
    that is wrong. Parameters of other features are ignored.
    """
    params = parse_query(query)

    def flag(key: str) -> bool:
        v = params.get(key, "0")
        if v not in ("0", "1"):
            raise NotationError(_("link: {name}={value!r} should be 0 or 1").format(name=key, value=v))
        return v == "1"

    def number(key: str, default: int) -> int:
        v = params.get(key)
        if v is None:
            return default
        if not (v.isascii() and v.isdigit() and len(v) <= 3):
            raise NotationError(
                _("link: {name}={value!r} should be a number of at most 3 digits").format(name=key, value=v)
            )
        return int(v)

    hc = params.get("hc", "b")
    if hc not in ("b", "w"):
        raise NotationError(_("link: hc={value!r} should be b or w").format(value=hc))
    try:
        rules = Rules(
            params.get("r", "othello"),
            size=number("s", 8),
            anti=flag("a"),
            free_opening=flag("f"),
            blocked=tuple(s for s in params.get("b", "").split(".") if s),
            handicap=number("h", 0),
            handicap_color=WHITE if hc == "w" else BLACK,
        )
    except RulesError as e:
        # Translators: {error} says what is wrong in a share link (the page's address)
        raise RulesError(_("link: {error}").format(error=e)) from None
    start = None
    if "p" in params:
        try:
            start = parse_position(params["p"].replace("_", " "), rules)
        except ReversiError as e:
            raise NotationError(_("link: {error}").format(error=e)) from None
    try:
        game = parse_movetext(start or Position.start(rules), params.get("m", ""))
    except ReversiError as e:
        raise type(e)(_("link: {error}").format(error=e)) from None
    players = params.get("pl", "")
    if players:
        try:
            parse_players_code(players)
        except ReversiError as e:
            raise NotationError(_("link: {error}").format(error=e)) from None
    if "e" in params:
        try:
            ending = parse_ending_code(params["e"])
        except ReversiError as e:
            raise NotationError(_("link: {error}").format(error=e)) from None
        if not game.end(ending):
            # Translators: a share link says how its game ended (e=...) but its moves have ended it already
            raise NotationError(_("link: e={value!r}, but the moves end the game").format(value=params["e"]))
    tags = {}
    if "bo" in params:
        try:
            tags[BALANCED_TAG] = BalancedSpec.parse(params["bo"]).text
        except ReversiError as e:
            raise NotationError(_("link: {error}").format(error=e)) from None
        if start is not None and start != Position.start(rules):
            # Translators: a share link asks for a balanced opening (bo=) of a game set up in the editor (p=)
            raise NotationError(_("link: bo={value!r} draws an opening from the rule set's start, "
                                  "but p= sets up another position").format(value=params["bo"][:20]))
    return Record.from_game(game, tags=tags, players=players)
