"""Game records and share links: round trips and every kind of malformed input."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi import Game, NotationError, Position, ReversiError, Rules, RulesError, play_transcript
from reversi.core.rules import random_blocked
from reversi.formats.links import record_from_query, record_to_query
from reversi.formats.record import (
    Record,
    read_record,
    rules_from_dict,
    rules_to_dict,
    write_record,
)

RULE_SETS = [
    Rules(),
    Rules(anti=True),
    Rules("classic"),
    Rules("octagon", free_opening=True),
    Rules(size=12, handicap=3, handicap_color=1),
    random_blocked(Rules(size=10), 5, seed=9),
    Rules(size=4),
]


def random_game(rules, seed, plies=None):
    rng = random.Random(seed)
    game = Game(rules)
    while not game.is_over and (plies is None or game.ply < plies):
        game.play(rng.choice(game.position.legal_moves()))
    return game


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 10**6), plies=st.one_of(st.none(), st.integers(0, 30)))
def test_record_file_and_link_round_trip(rules, seed, plies):
    game = random_game(rules, seed, plies)
    record = Record.from_game(game, {"Black": "Ann", "White": 'Bo "the" Bot'})
    text = write_record(record)
    back = read_record(text)
    assert back.rules == rules and back.moves == game.line and back.tags == record.tags
    assert back.to_game().position == game.position
    query = record_to_query(record)
    linked = record_from_query("?" + query)
    assert linked.rules == rules and linked.to_game().position == game.position
    assert rules_from_dict(rules_to_dict(rules)) == rules


def test_set_up_start_round_trips():
    start = play_transcript(Position.start(), "f5d6c3").position
    game = Game(start=start)
    game.play(game.position.legal_moves()[0])
    record = Record.from_game(game)
    assert record.start == start
    assert read_record(write_record(record)).to_game().position == game.position
    assert record_from_query(record_to_query(record)).to_game().position == game.position


def test_standard_link_is_short():
    game = play_transcript(Position.start(), "f5d6c3")
    assert record_to_query(Record.from_game(game)) == "m=f5d6c3"
    assert record_from_query("").rules == Rules()


def test_record_with_only_moves_is_othello():
    record = read_record("f5 d6 c3\n")
    assert record.rules == Rules() and len(record.moves) == 3


@pytest.mark.parametrize(
    "text,message",
    [
        ('[Rules "chess"]\nf5', "unknown rule set 'chess'"),
        ('[Size "nine"]\n', "Size is 'nine'"),
        ('[Size "9"]\n', "board size 9"),
        ('[Anti "maybe"]\n', "Anti is 'maybe'"),
        ('[Rules "othello"\n', "line 1 is not a tag"),
        ('[Blocked "d4"]\n', "starting square"),
        ("f5 d6 zz", "cannot read 'zz'"),
        ("f5 f5", "move 2 'f5'"),
        ('[Result "64:0"]\nf5', None),
        ('[Result "10:0"]\n' + "d3c3b3d2e1d6d7e3f4", "Result tag says '10:0' but the moves end 64:0"),
        ('[HandicapColor "green"]\n', "HandicapColor"),
        ('[Position "-- X"]\n', "position"),
    ],
)
def test_bad_records(text, message):
    if message is None:  # a Result tag on an unfinished game is informative only
        assert read_record(text).moves
        return
    with pytest.raises(ReversiError, match=message):
        read_record(text)


@pytest.mark.parametrize(
    "query,message",
    [
        ("r=chess", "link: unknown rule set"),
        ("s=9", "link: board size 9"),
        ("s=ten", "s='ten' should be a number"),
        ("a=yes", "a='yes' should be 0 or 1"),
        ("m=f5d6zz", "cannot read 'zz'"),
        ("m=f5f5", "link: transcript: move 2 'f5'"),
        ("b=d4", "starting square"),
        ("hc=x&h=1", "hc='x'"),
        ("m=f5&m=d6", "appears twice"),
        ("p=----_X", "link: position"),
        ("r=octagon&h=2", "no corners"),
    ],
)
def test_bad_links(query, message):
    with pytest.raises(ReversiError, match=message):
        record_from_query(query)


def test_unknown_link_parameters_are_ignored():
    assert record_from_query("?m=f5&lang=fr").moves


@pytest.mark.parametrize(
    "data,message",
    [
        ({"variant": "go"}, "unknown rule set"),
        ({"size": "8"}, "whole number"),
        ({"anti": "yes"}, "true or false"),
        ({"colour": 1}, "unknown rule option"),
        ({"blocked": [1, 2]}, "list of square names"),
        ({"handicap_color": "red"}, "handicap colour"),
        ([], "must be an object"),
    ],
)
def test_bad_rules_dicts(data, message):
    with pytest.raises(RulesError, match=message):
        rules_from_dict(data)


def test_huge_inputs_are_refused():
    with pytest.raises(NotationError, match="too long"):
        read_record("f5 " * 100_000)
    with pytest.raises(NotationError, match="too long"):
        record_from_query("m=" + "f5" * 20_000)


def test_a_record_saved_with_a_byte_order_mark_is_read() -> None:
    from reversi.ui.records import load_text

    text = "\ufeff" + write_record(read_record('[Rules "othello"]\n\nf5 d6\n'))
    assert read_record(text).moves == read_record(text[1:]).moves
    game, kind, _players = load_text(text, Rules())
    assert kind == "record" and len(game.line) == 2


# -- the game's details and who played travel in the record -------------------------------------


def test_a_downloaded_record_carries_the_details_the_players_the_ending_and_the_date() -> None:
    from reversi.core.game import Ending, Termination
    from reversi.formats.notation import play_transcript
    from reversi.ui.players import Players
    from reversi.ui.records import record_text

    game = play_transcript(Position.start(Rules()), "f5d6c3d3")
    game.tags = {"Event": "Club night", "Black": "Alice", "Annotator": "Bob"}
    assert game.end(Ending(1, Termination.RESIGNATION))
    text = record_text(game, Players.vs_computer(0, level=4), "2026-12-03")
    assert '[Date "2026.12.03"]' in text and '[Termination "resignation"]' in text and '[Loser "white"]' in text
    back = read_record(text)
    assert back.players == "hc4" and back.ending == game.ending
    again = back.to_game()
    assert again.tags == {"Event": "Club night", "Date": "2026.12.03", "Black": "Alice", "Annotator": "Bob"}
    # a date the game's details give is kept; two people are named as such (not "nobody named")
    game.tags["Date"] = "1999.01.02"
    text = record_text(game, Players(), "2026-12-03")
    assert '[Date "1999.01.02"]' in text and read_record(text).players == "hh"
    assert read_record(record_text(game)).players == ""  # no players given: the record names nobody


@pytest.mark.parametrize(
    "tags, words",
    [({"Bad Name": "x"}, "not a tag name"), ({"Event": "x" * 201}, "more than 200"),
     ({f"T{i}": "x" for i in range(41)}, "more than the 40")],
)
def test_bad_tags_are_refused_with_a_message(tags: dict[str, str], words: str) -> None:
    from reversi.formats.record import check_tags

    with pytest.raises(NotationError, match=words):
        check_tags(tags)
    lines = "".join(f'[{k} "{v}"]\n' for k, v in tags.items() if " " not in k)
    if lines:
        with pytest.raises(NotationError, match=words):
            read_record(lines + "\nf5\n")


def test_tag_values_are_cleaned() -> None:
    from reversi.formats.record import check_tags

    assert check_tags({"Event": " Club\x00\tnight\n", "Site": "   "}) == {"Event": "Club night"}
