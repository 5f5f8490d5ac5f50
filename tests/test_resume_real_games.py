"""Saves of the real games (issue #17: only the toy game was covered): a header that is valid
JSON but holds options the game refuses, and a damaged action file, for Memory, Match &
Collect and Match 2-52 (core.session.Session.open_saved, core.storage)."""

import os

import pytest

from core import storage
from core.rng import Rng
from core.session import Session
from games.match252 import ai as m252_ai
from games.match252 import rules as m252
from games.match_collect import ai as mc_ai
from games.match_collect import rules as mc
from games.memory import ai as mem_ai
from games.memory import rules as mem
from tests.statecmp import snapshot

# game id, rules, ai, good options, seats, options the rules refuse (valid JSON all)
GAMES = {
    "memory": (mem, mem_ai, {"players": 2, "size": 16, "preview": False}, ["hard", "hard"],
               [{"players": 2, "size": 17}, {"players": 5}]),
    "match_collect": (mc, mc_ai, {"players": 3}, ["hard", "easy", "normal"],
                      [{"players": 9}, {"players": 2, "length": "forever"}]),
    "match252": (m252, m252_ai, {"players": 2}, ["hard", "normal"],
                 [{"players": 3}, {"players": 1}]),
}


def files(folder):
    """The saves' files (playing.txt, the game last started, is the power-on's business)."""
    return sorted(n for n in os.listdir(folder) if n != "playing.txt")


def played(game_id, data_dir, moves, seed=5):
    """A session of the game with `moves` AI moves, saved in data_dir."""
    rules, ai, options, seats, _ = GAMES[game_id]
    s = Session(game_id, rules, options, seats, seed, str(data_dir))
    s.save()
    for _ in range(moves):
        s.apply(s.ai_choose(ai))
    assert not s.state.is_over()
    return s


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_header_with_valid_json_but_bad_options_is_set_aside(game_id, tmp_path):
    rules, _, _, seats, bad_options = GAMES[game_id]
    for options in bad_options:
        with pytest.raises(ValueError):
            rules.new_game(options, 1)           # the rules refuse them (the premise)
        s = played(game_id, tmp_path, 4)
        header = s.header()
        header["options"] = options
        assert storage.start_resume(str(tmp_path), game_id, header, s.actions)
        assert storage.read_resume(str(tmp_path), game_id)[1] == "ok"   # it is valid JSON
        got, message = Session.open_saved(game_id, rules, str(tmp_path))
        assert got is None
        assert message == "Your saved game could not be read. A copy was kept."
        # both files kept aside, nothing offered any more
        assert files(tmp_path) == sorted(["resume_%s.json.bad" % game_id,
                                          "resume_%s.act.bad" % game_id])
        assert Session.open_saved(game_id, rules, str(tmp_path)) == (None, None)
        for name in files(tmp_path):
            os.remove(tmp_path / name)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_damaged_action_file_of_a_real_game_keeps_the_moves_before_it(game_id, tmp_path):
    rules = GAMES[game_id][0]
    s = played(game_id, tmp_path, 12)
    act = tmp_path / ("resume_%s.act" % game_id)
    assert len(act.read_bytes()) == 24
    # Damage after move 9: an action the game never has (0xFFFF), then moves 10..12 again.
    raw = act.read_bytes()
    act.write_bytes(raw[:18] + b"\xff\xff" + raw[18:])
    got, message = Session.open_saved(game_id, rules, str(tmp_path))
    assert got is not None and got.damaged == (9, 13)
    assert message is not None and "9" in message and "13" in message
    assert got.actions == s.actions[:9]
    # the state is exactly the one after the first 9 moves, replayed apart
    ref = rules.new_game(GAMES[game_id][2], 5)
    for a in s.actions[:9]:
        ref.apply(a)
    assert snapshot(got.state) == snapshot(ref)
    # the damaged file is kept; the save now holds what was replayed, and resumes as such
    assert (tmp_path / ("resume_%s.act.bad" % game_id)).read_bytes() == raw[:18] + \
        b"\xff\xff" + raw[18:]
    assert len(act.read_bytes()) == 18
    again, message = Session.open_saved(game_id, rules, str(tmp_path))
    assert message is None and again.actions == s.actions[:9] and again.damaged is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_action_illegal_at_its_place_counts_as_damage(game_id, tmp_path):
    # A legal-looking action (in range) that is illegal where it stands: move 5 replaced by
    # an action that is not legal then. The replay stops before it.
    rules = GAMES[game_id][0]
    s = played(game_id, tmp_path, 8)
    state = rules.new_game(GAMES[game_id][2], 5)
    for a in s.actions[:4]:
        state.apply(a)
    legal = set(state.legal_actions())
    rng = Rng(1)
    bad = next(a for a in (rng.randbelow(256) for _ in range(1000)) if a not in legal)
    act = tmp_path / ("resume_%s.act" % game_id)
    raw = bytearray(act.read_bytes())
    raw[8:10] = bytes((bad & 0xFF, bad >> 8))
    act.write_bytes(bytes(raw))
    got, message = Session.open_saved(game_id, rules, str(tmp_path))
    assert got.damaged == (4, 8) and got.actions == s.actions[:4] and message
