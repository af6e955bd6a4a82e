"""The autosave's decisions (reversi/ui/store/autosave.py) and the notices (reversi/ui/notices.py), under CPython.

The page only reads and writes ``localStorage``: here a dict plays the storage,
and two guards play two tabs of one browser.
"""

from __future__ import annotations

import json

import pytest

from reversi import Game, Rules
from reversi.core.position import Position
from reversi.formats.notation import play_transcript
from reversi.ui.controller import Controller
from reversi.ui.forms import FORM_DEFAULTS
from reversi.ui.notices import Action, Notice, render_actions, render_notices, sentence, shorten
from reversi.ui.players import Players
from reversi.ui.store.autosave import (
    ACTION_COPY_BROKEN,
    ACTION_LOAD_OTHER,
    ACTION_OVERWRITE,
    ACTION_RELOAD,
    HOLD_NEWER,
    HOLD_OTHER_TAB,
    HOLD_STUCK,
    SaveGuard,
    copy_action,
    judge_stored,
    newer_version,
    plan_start,
)
from reversi.ui.store.saved_state import BROKEN_KEY, STATE_VERSION, STORAGE_KEY, SavedState, dump_state, state_to_dict


def saved(moves: str = "f5d6", **changes) -> str:
    """A saved state of ``moves``, with fields changed (``...`` removes one)."""
    c = Controller(players=Players())
    c.form_fields = {**FORM_DEFAULTS, "players": "two"}
    game = play_transcript(Position.start(Rules()), moves)
    data = state_to_dict(SavedState(game, c.settings()))
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def settings_with(**changes) -> dict:
    data = json.loads(saved())["settings"]
    data.update(changes)
    return data


#: Saved texts that cannot be read, and words of their message.
HOSTILE_STATES = [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not a list"),
    ('"text"', "not a string"),
    ("1e400", "not the number inf"),
    (saved(live=10**30), "is outside"),
    (saved(live=1.5), "live must be a whole number"),
    (saved(shown=[0, 7]), "shown: 7 is not a move"),
    (saved(rules={"variant": "hexagon"}), "unknown rule set"),
    (saved(version=0), "version 0 is not supported"),
    (saved(version="2"), "version '2' is not supported"),
]


# -- what is stored ------------------------------------------------------------------------


def test_a_readable_state_is_restored_with_its_settings() -> None:
    text = saved("f5d6c3")
    plan = plan_start(text, "")
    assert plan.game is not None and len(plan.game.line) == 3
    assert plan.settings == json.loads(text)["settings"]
    assert not plan.move_aside and plan.message() == "" and not plan.clean_address
    guard = plan.guard()
    assert guard.expected == text and guard.hold == "" and guard.notice() is None


def test_nothing_saved_is_a_new_game() -> None:
    plan = plan_start(None, "")
    assert plan.game is None and plan.settings is None and plan.message() == ""
    assert plan.guard().expected is None and not plan.guard().hold


@pytest.mark.parametrize("text, words", HOSTILE_STATES)
def test_an_unreadable_state_is_moved_aside_and_named(text: str, words: str) -> None:
    plan = plan_start(text, "")
    assert plan.move_aside and plan.game is None and plan.settings is None
    message = plan.message()
    assert message.startswith("The saved game could not be restored: ") and words in message, message
    assert "saved state:" not in message  # its source is said once
    assert "A new game was started." in message and "A copy of it is kept" in message
    assert plan.offers_copy() and plan.message_kind == "error"
    guard = plan.guard(moved_aside=True)  # copied to BROKEN_KEY and removed: nothing saved now
    assert guard.expected is None and guard.hold == ""
    assert guard.should_write(saved("f5"), None)


@pytest.mark.parametrize("text, words", [
    (saved(settings=settings_with(players=3)), "settings.players"),
    (saved(settings=settings_with(players=[1, 2])), "settings.players"),
    (saved(settings=settings_with(players={"kinds": ["human", "computer"], "levels": [5, 5]})).replace(
        "[5, 5]", "[1e400, 5]"), "two levels"),
    (saved(settings=settings_with(hints="yes")), "settings.hints must be true or false"),
    (saved(settings=settings_with(hint_mode=3)), "settings.hint_mode must be all, best or three"),
])
def test_a_state_with_a_damaged_choice_keeps_its_game_and_says_what_was_reset(text: str, words: str) -> None:
    plan = plan_start(text, "")
    assert plan.game is not None and not plan.move_aside and plan.settings is not None
    message = plan.message()
    assert message.startswith("The saved game is restored, but some of its choices could not be read and were "
                              "reset: ") and words in message and "saved state:" not in message, message
    assert plan.message_kind == "error" and not plan.offers_copy()
    assert plan.guard().expected == text  # the tab saves over it as usual: the game goes on


def test_an_unreadable_state_that_cannot_be_kept_aside_is_not_overwritten() -> None:
    plan = plan_start("{broken", "")
    message = plan.message(moved_aside=False)
    assert "no room to keep a copy" in message and not plan.offers_copy(moved_aside=False)
    guard = plan.guard(moved_aside=False)
    assert guard.hold == HOLD_STUCK
    assert not guard.should_write(saved("f5"), "{broken", force=True)
    notice = guard.notice()
    assert notice is not None and notice.kind == "error"
    assert [a.name for a in notice.actions] == ["copy-stored", ACTION_OVERWRITE]
    guard.overrule("{broken")  # the person chose to replace it
    assert guard.should_write(saved("f5"), "{broken")


def test_a_newer_versions_state_is_kept_and_not_overwritten() -> None:
    text = saved(version=STATE_VERSION + 1)
    stored = judge_stored(text)
    assert stored.newer == STATE_VERSION + 1 and not stored.broken and stored.state is None
    plan = plan_start(text, "")
    assert not plan.move_aside and plan.game is None and plan.message() == ""
    guard = plan.guard()
    assert guard.hold == HOLD_NEWER and guard.expected == text
    game = saved("f5")
    assert not guard.should_write(game, text) and not guard.should_write(game, text, force=True)  # closing the tab
    notice = guard.notice()
    assert notice is not None and notice.key == "newer"
    assert f"version {STATE_VERSION + 1}" in notice.text and "does not save over it" in notice.text
    assert [a.name for a in notice.actions] == [ACTION_RELOAD, ACTION_OVERWRITE]
    guard.overrule(text)  # "Replace it with this game": deliberate
    assert guard.should_write(game, text) and guard.notice() is None


@pytest.mark.parametrize("text", ['{"version": true}', '{"version": 1.5e9}', "[2]", '{"version": -3}', "{"])
def test_only_a_whole_newer_version_is_newer(text: str) -> None:
    assert newer_version(text) is None
    assert judge_stored(text).broken


def test_a_link_wins_over_the_saved_game_but_not_over_its_settings() -> None:
    text = saved("f5d6c3")
    plan = plan_start(text, "?m=f5&at=0")
    assert plan.game is not None and plan.game.line == play_transcript(Position.start(Rules()), "f5").line
    assert plan.game.ply == 0 and plan.settings == json.loads(text)["settings"]
    assert plan.guard().expected == text  # the link's game saves over the autosave (as before)


HOSTILE_LINKS = [
    ("?s=%C2%B2", "s='²'"),
    ("?m=%C4%B03", "cannot read"),
    ("?h=" + "9" * 5000, "h='999"),
    ("?at=999", "at='999'"),
    ("?v=99", "newer version"),
    ("?m=f5f5", "move 2"),
    ("?x=" + "a" * 30_000, "too long"),
    ("?m=f5&m=d6", "appears twice"),
]


@pytest.mark.parametrize("query, words", HOSTILE_LINKS)
def test_a_hostile_link_is_named_and_the_saved_game_shown(query: str, words: str) -> None:
    text = saved("f5d6c3")
    plan = plan_start(text, query)
    message = plan.message()
    assert message.startswith("The link could not be opened: ") and words in message, message
    assert "link: " not in message[:40]
    assert len(message) <= 402 and message.endswith((".", "…"))  # a 5,000-digit link is not quoted whole
    assert plan.clean_address and plan.message_kind == "error"
    assert plan.game is not None and len(plan.game.line) == 3  # the autosave instead


@pytest.mark.parametrize("code", ["cs", "da", "pl", "ja"])
def test_a_hostile_link_says_its_source_once_in_every_language(code: str) -> None:
    """"Odkaz nešlo otevřít: odkaz: zápis: ..." said "link" twice: the translated prefix goes too."""
    from reversi import i18n

    i18n.set_language(code)
    try:
        message = plan_start(saved("f5d6c3"), "?m=zzzz").message()
        link = i18n.catalog(code).gettext("link: {error}").format(error="")
        assert link.strip() and link not in message, message
        assert i18n.catalog(code).gettext("transcript: cannot read {token!r} at character {position}").format(
            token="zzzz", position=1) in message
    finally:
        i18n.set_language("en")


def test_a_hostile_link_and_a_hostile_state_are_both_named() -> None:
    plan = plan_start("[1]", "?v=99")
    message = plan.message()
    assert message.index("The link could not be opened") < message.index("The saved game could not be restored")
    assert plan.game is None and plan.move_aside


def test_load_it_reads_the_saved_game_but_no_link() -> None:
    text = saved("f5d6c3")
    plan = plan_start(text, "?m=f5", at_start=False)
    assert plan.game is not None and len(plan.game.line) == 3 and not plan.clean_address
    broken = plan_start("{x", at_start=False)  # the current game stays: no "new game" said
    assert broken.game is None and "A new game" not in broken.message() and broken.move_aside
    gone = plan_start(None, at_start=False)
    assert gone.game is None and "no saved game any more" in gone.message()
    assert gone.message_kind == "notice"  # news, not a failure: not shown as an error


# -- two tabs ------------------------------------------------------------------------------


class Tab:
    """A tab of the page, as far as saving goes: its game's text, its guard, one shared storage."""

    def __init__(self, storage: dict[str, str], tabs: list[Tab]) -> None:
        self.storage, self.tabs = storage, tabs
        self.guard = plan_start(storage.get(STORAGE_KEY)).guard()
        tabs.append(self)

    def save(self, text: str, force: bool = False) -> bool:
        if not self.guard.should_write(text, self.storage.get(STORAGE_KEY), force):
            return False
        self.storage[STORAGE_KEY] = text
        self.guard.wrote(text)
        for other in self.tabs:  # the storage event fires in the other tabs only
            if other is not self:
                other.guard.stored_changed(STORAGE_KEY, text)
        return True


def test_the_older_tab_never_overwrites_the_newer_moves() -> None:
    storage: dict[str, str] = {}
    tabs: list[Tab] = []
    a, b = Tab(storage, tabs), Tab(storage, tabs)
    assert a.save(saved("f5"))
    assert b.guard.hold == HOLD_OTHER_TAB  # B heard of it
    b.guard.overrule(storage[STORAGE_KEY])  # B: Keep this one
    assert b.save(saved("f5d6c3"))
    assert a.guard.hold == HOLD_OTHER_TAB
    assert not a.save(saved("f5d6"))  # A's next move
    assert not a.save(saved("f5d6"), force=True)  # A is closed
    assert json.loads(storage[STORAGE_KEY])["moves"] == "f5d6c3"  # B's game survives
    notice = a.guard.notice()
    assert notice is not None and notice.text.startswith("This game was changed in another tab.")
    assert [a.name for a in notice.actions] == [ACTION_LOAD_OTHER, ACTION_OVERWRITE]


def test_a_missed_event_is_caught_before_writing() -> None:
    """A frozen tab may miss the storage event: the stored text is compared before each write."""
    storage = {STORAGE_KEY: saved("f5")}
    guard = plan_start(storage[STORAGE_KEY]).guard()
    storage[STORAGE_KEY] = saved("f5d6c3")  # another tab, unheard
    assert not guard.should_write(saved("f5d6"), storage[STORAGE_KEY])
    assert guard.hold == HOLD_OTHER_TAB


def test_load_it_takes_the_other_tabs_game_and_saving_goes_on() -> None:
    other = saved("f5d6c3")
    guard = SaveGuard(saved("f5"), HOLD_OTHER_TAB)
    plan = plan_start(other, at_start=False)
    assert plan.game is not None and len(plan.game.line) == 3
    guard = plan.guard()
    assert guard.hold == "" and not guard.should_write(other, other)  # nothing changed: no write
    assert guard.should_write(saved("f5d6c3d3"), other)


def test_storage_events_that_lose_nothing_do_not_stop_saving() -> None:
    text = saved("f5")
    guard = SaveGuard(text)
    assert not guard.stored_changed(BROKEN_KEY, "{x")  # another key
    assert not guard.stored_changed(STORAGE_KEY, text)  # the same text
    assert not guard.stored_changed(STORAGE_KEY, None) and guard.expected is None  # removed
    assert guard.should_write(saved("f5d6"), None)
    held = SaveGuard(text, HOLD_NEWER, newer=2)
    assert held.stored_changed(None, None) and held.hold == ""  # cleared: nothing left to protect
    newer = SaveGuard(text, HOLD_NEWER, newer=2)
    assert newer.stored_changed(STORAGE_KEY, saved("f5d6")) and newer.hold == HOLD_OTHER_TAB
    again = SaveGuard(text, HOLD_OTHER_TAB)
    assert not again.stored_changed(STORAGE_KEY, saved("f5d6"))  # already held: no new notice


def test_an_unchanged_game_is_not_written_again_unless_forced() -> None:
    text = saved("f5")
    guard = SaveGuard(text)
    assert not guard.should_write(text, text)
    assert guard.should_write(text, text, force=True)


# -- notices -------------------------------------------------------------------------------


def test_notices_are_escaped_and_carry_their_buttons() -> None:
    notice = Notice("x<y", "Text <b>&</b>", (Action("go", "Go <now>", "Do it & more"),), kind="error")
    html = render_notices([notice])
    assert '<div class="notice-box" data-notice="x&lt;y" data-kind="error">' in html
    assert "Text &lt;b&gt;&amp;&lt;/b&gt;" in html
    assert ('<button class="btn" type="button" data-notice-action="go" title="Do it &amp; more">'
            "Go &lt;now&gt;</button>") in html
    assert render_notices([]) == "" and render_actions([]) == ""
    assert "notice-actions" not in render_notices([Notice("k", "no buttons")])
    assert copy_action().name == ACTION_COPY_BROKEN


def test_long_messages_are_cut_and_end_as_sentences() -> None:
    assert shorten("x" * 1000) == "x" * 399 + "…" and shorten("short") == "short"
    quoted = shorten("link: h='" + "9" * 5000 + "' should be a number of at most 3 digits")
    assert quoted == "link: h='" + "9" * 24 + "…' should be a number of at most 3 digits"
    assert shorten("at='999' and 'f5'") == "at='999' and 'f5'"
    assert sentence("done") == "done." and sentence("done.") == "done." and sentence("cut…") == "cut…"
    assert sentence("(char 1)") == "(char 1)."


def test_a_dumped_game_is_what_the_guard_compares() -> None:
    text = dump_state(SavedState(Game()))
    assert plan_start(text).guard().expected == text


def test_a_link_names_its_players_and_keeps_the_saved_game_one_click_away() -> None:
    from reversi.ui.store.autosave import PREVIOUS_KEPT

    text = saved("f5d6c3")  # a saved game in progress (two people)
    plan = plan_start(text, "?m=e6f4&pl=hc3")
    assert plan.game is not None and plan.players == Players.vs_computer(0, 3)
    assert plan.previous == text and plan.message().startswith(PREVIOUS_KEPT[:20])
    assert plan.message_kind == "notice"  # the game kept is news, not an error
    # a link that names nobody opens for study: two people
    study = plan_start(text, "?m=e6f4")
    assert study.players == Players() and study.previous == text
    # the same game as the saved one: nothing to keep aside
    assert plan_start(text, "?m=f5d6c3").previous is None
    # a link's players that cannot be used: said, and two people play
    bad = plan_start(None, "?m=e6&pl=c9h")
    assert bad.players == Players() and "players" in bad.message() and bad.message_kind == "error"


# -- a friend's reply: a link that carries the saved game on ------------------------------------


def correspondence(moves: str = "f5d6") -> str:
    """A game by correspondence as saved: two people, the players' names, a 5-minute clock with time
    used, a comment on the first move and a variation (e6 instead of d6)."""
    from reversi.core.clock import Clock, TimeControl
    from reversi.formats.notation import parse_movetext

    c = Controller(players=Players())
    c.form_fields = {**FORM_DEFAULTS, "players": "two"}
    game = parse_movetext(Position.start(Rules()), "f5 {my opening} d6 (f6)" + moves[4:])
    game.tags = {"Black": "Ann", "White": "Bo"}
    clock = Clock(TimeControl(300_000, 2_000), left_ms=(250_000.0, 280_000.0))
    return json.dumps(state_to_dict(SavedState(game, c.settings(), clock)))


def test_a_link_that_carries_the_saved_game_on_is_a_reply_taken_as_the_game() -> None:
    from reversi.formats.notation import write_movetext

    text = correspondence()
    plan = plan_start(text, "?m=f5d6c3&pl=hc3")  # the friend's page: their own players in the link
    assert plan.message() == "Your friend replied: c3" and plan.message_kind == "notice"
    assert plan.previous is None  # no other game: nothing kept aside, no "Back to my game"
    game = plan.game
    assert game is not None and [n.move for n in game.main_line()[1:]] == [
        n.move for n in play_transcript(Position.start(Rules()), "f5d6c3").main_line()[1:]]
    assert game.current is game.live and game.live.depth == 3  # the reply shown: the game's position
    # the saved game's own: its players (not the link's), names, clock, comment and variation
    assert plan.players is None and plan.settings == json.loads(text)["settings"]
    assert game.tags == {"Black": "Ann", "White": "Bo"}
    assert plan.clock is not None and plan.clock.to_dict(0)["left_ms"] == [250_000, 280_000]
    assert write_movetext(game, compact=True) == "f5{my opening}d6(f6)c3"
    assert plan.guard().expected == text  # saved over the saved game, as any game restored


def test_a_reply_brings_its_comment_and_a_long_one_is_cut_in_its_message() -> None:
    from reversi.formats.notation import write_movetext
    from reversi.ui.store.autosave import reply_message

    text = correspondence()
    plan = plan_start(text, "?m=f5d6c3{your+turn}&v=2")
    assert plan.message() == "Your friend replied: c3"
    assert plan.game is not None and write_movetext(plan.game, compact=True) == "f5{my opening}d6(f6)c3{your turn}"
    assert reply_message(("c3", "d3", "c4", "f4", "c5")) == "Your friend replied: c3 d3 c4 f4 …"


def test_a_reply_after_moves_taken_back_goes_on_from_the_games_position() -> None:
    """The saved game's moves are those to its position: moves taken back (kept to redo) are not the
    game's; a reply that goes another way makes them a variation."""
    from reversi.formats.notation import write_movetext

    text = saved("f5d6c3", live=2)  # c3 taken back
    plan = plan_start(text, "?m=f5d6c5")
    assert plan.message() == "Your friend replied: c5" and plan.game is not None
    assert write_movetext(plan.game, compact=True) == "f5d6c5(c3)"


@pytest.mark.parametrize(("query", "why"), [
    ("?m=f5d6c3&a=1", "other rules"),
    ("?m=f5d6c3&h=1", "another start"),
    ("?m=f5f6e6", "another line"),
    ("?m=f5", "shorter"),
    ("?m=f5d6c3&at=2", "stops at the saved game's position"),
    ("?m=f5d6c3&at=1", "stops short of it"),
    ("?m=f5d6c3d3", "both sides' moves: a game shared, not a reply"),
    ("?m=f5d6c3d3c4&at=3", "both sides' moves, shown at an earlier move"),
])
def test_a_link_that_does_not_carry_the_saved_game_on_is_another_game(query: str, why: str) -> None:
    from reversi.ui.store.autosave import PREVIOUS_KEPT

    text = saved("f5d6")
    plan = plan_start(text, query)
    assert plan.previous == text and plan.message() == PREVIOUS_KEPT, why
    assert plan.replied == () and plan.players == Players()  # the link's game, for study


def test_a_game_shared_from_the_start_or_against_the_computer_is_no_reply() -> None:
    """A saved game with no move yet (a new game) and a link's game: a game shared, not a reply; a
    saved game against the computer has no friend to reply."""
    empty = saved("")
    plan = plan_start(empty, "?m=f5")
    assert plan.replied == () and plan.previous == empty
    computer = {**json.loads(saved("f5d6")), "settings": settings_with(players={"kinds": ["human", "computer"],
                                                                                 "levels": [5, 3]})}
    plan = plan_start(json.dumps(computer), "?m=f5d6c3")
    assert plan.replied == () and plan.previous is not None


def test_a_saved_game_that_has_ended_is_not_carried_on() -> None:
    text = saved("f5d6", ending="rw")  # White resigned
    plan = plan_start(text, "?m=f5d6c3")
    assert plan.previous == text and plan.replied == ()


def test_the_same_game_as_the_saved_one_says_nothing() -> None:
    text = correspondence()
    plan = plan_start(text, "?m=f5%7Bmy+opening%7Dd6(f6)&v=2")
    assert plan.message() == "" and plan.previous is None and plan.replied == ()


def test_a_reply_is_said_in_the_pages_language_with_its_plural() -> None:
    from reversi import i18n
    from reversi.ui.store.autosave import reply_message

    previous = i18n.language()
    try:
        for code in ("cs", "da", "pl", "ja"):
            i18n.set_language(code)
            one, two = reply_message(("d3",)), reply_message(("d3", "c5"))
            assert "Your friend" not in one and one.endswith("d3") and two.endswith("d3 c5"), code
            if code not in ("da", "ja"):  # a move, moves: another word in Czech and Polish (Japanese has one form)
                assert one.replace("d3", "") != two.replace("d3 c5", ""), code
    finally:
        i18n.set_language(previous)


def test_the_saved_games_own_link_restores_the_saved_game_clock_names_and_all() -> None:
    """A reload: the address is the game's link (it follows the game), which holds neither the clock
    nor the players' names; the saved game is restored as it was, the position shown included."""
    from reversi.ui.sharing import link_query
    from reversi.ui.store.saved_state import load_state

    text = correspondence("f5d6c3")
    state = load_state(text)
    query = link_query(state.game, "", "hh")
    plan = plan_start(text, "?" + query)
    assert plan.message() == "" and plan.previous is None
    assert plan.game is not None and plan.game.tags == {"Black": "Ann", "White": "Bo"}
    assert plan.clock is not None and plan.clock.to_dict(0)["left_ms"] == [250_000, 280_000]
    browsing = json.loads(text)
    browsing["shown"] = [0]  # the first move shown, the game's position at its end
    plan = plan_start(json.dumps(browsing), "?" + query)
    assert plan.game is not None and plan.game.current.depth == 1 and plan.game.live.depth == 3
