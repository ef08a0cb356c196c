"""Game records, `companion replay` and `companion score` (GAME-RECORD.md)."""

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.record import RecordError, load, replay, score, to_record
from companion.rules import Game

EXAMPLE = {
    "edition": "junior",
    "rules": {"intercept": True, "transfer": False, "dawdle": False},
    "players": ["Аня", "Боря", "Вика"],
    "dealer": 0,
    "setup": {
        "hands": [["r5", "g-grab"], ["b3", "poly"], ["y7", "r5"]],
        "discard": ["b5"],
        "deck": ["g1", "g2", "y0"],
        "turn": 1,
    },
    "seed": 7,
    "actions": [{"by": 1, "play": "b3"}, {"by": 2, "draw": True}, {"by": 2, "pass": True}],
}
EXAMPLE_STATE = {
    "finished": False, "winners": [], "turn": 0, "direction": 1, "top": "b3", "colour": "b", "pending": None,
    "drawn": None, "hands": [["g-grab", "r5"], ["poly"], ["g1", "r5", "y7"]], "deck": 2, "discard": 2,
    "villains": {"pirates": [], "ghosts": [], "aliens": []}, "trophies": [[], [], []], "hush": None,
    "decree": None, "score": None, "error": None,
}


def run_cli(capsys, tmp_path, args, record):
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    status = main([*args, str(path)])
    out, err = capsys.readouterr()
    return status, json.loads(out), err


def test_replay_example_of_game_record(capsys, tmp_path):
    status, out, err = run_cli(capsys, tmp_path, ["replay"], EXAMPLE)
    assert status == 0 and out == EXAMPLE_STATE and err == ""
    assert list(out) == list(EXAMPLE_STATE)  # the keys in the documented order


def test_replay_refused_action_exit_1_state_before(capsys, tmp_path):
    record = dict(EXAMPLE, actions=EXAMPLE["actions"] + [{"by": 1, "play": "poly"}, {"by": 0, "draw": True}])
    status, out, _ = run_cli(capsys, tmp_path, ["replay"], record)
    assert status == 1
    assert out["error"] == {"index": 3, "code": "intercept-not-allowed", "message": out["error"]["message"]}
    out.pop("error")
    assert out == {k: v for k, v in EXAMPLE_STATE.items() if k != "error"}


def test_replay_from_stdin():
    result = subprocess.run([sys.executable, "-m", "companion", "replay", "-"], input=json.dumps(EXAMPLE),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and json.loads(result.stdout) == EXAMPLE_STATE


def test_replay_imports_no_heavy_libraries(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(EXAMPLE))
    code = ("import sys, io, contextlib\nfrom companion.cli import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()): main(['replay', {str(path)!r}])\n"
            "print(sorted(m for m in ('numpy', 'cv2', 'flask', 'onnxruntime', 'torch') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def _with(**changes):
    record = json.loads(json.dumps(EXAMPLE))
    for key, value in changes.items():
        target = record
        *path, last = key.split("__")
        for part in path:
            target = target[int(part) if isinstance(target, list) else part]
        if isinstance(target, list):
            last = int(last)
        if value is KeyError:
            del target[last]
        else:
            target[last] = value
    return record


BAD_RECORDS = [
    ('{"edition": "junior", ', "not JSON"),
    ("[1, 2]", "object"),
    (_with(edition=KeyError), "edition"),
    (_with(edition="uno"), "edition"),
    (_with(players=["Аня"]), "players"),
    (_with(players=[f"p{i}" for i in range(11)]), "players"),
    (_with(players="Аня"), "players"),
    (_with(dealer=5), "dealer"),
    (_with(dealer="0"), "dealer"),
    (_with(rules={"intercept": "yes"}), "rules.intercept"),
    (_with(rules={"jump": True}), "rules.jump"),
    (_with(edition="svintus2", rules={"transfer": False}, setup__hands=[["r5"], ["b3"], ["o1"]],
           setup__deck=[]), "rules.transfer"),
    (_with(setup__hands=[["r5"], ["b3"]]), "setup.hands"),
    (_with(setup__hands__0=["r5", "r9"]), "setup.hands[0][1]"),
    (_with(setup__deck=["g1", 7]), "setup.deck[1]"),
    (_with(setup__discard=[]), "setup.discard"),
    (_with(setup__discard=KeyError), "setup.discard"),
    (_with(setup__turn=3), "setup.turn"),
    (_with(edition="svintus2", rules=KeyError), "y7"),  # yellow is not in 2.0
    (_with(setup=KeyError, seed=KeyError), "seed"),
    (_with(seed="7"), "seed"),
    (_with(actions={"by": 1}), "actions"),
    (_with(actions=[{"by": 1, "play": "b3"}, {"by": 7, "draw": True}]), "actions[1]"),
    (_with(actions=[{"by": 1, "fly": True}]), "actions[0]"),
    (_with(actions=[{"by": 1, "play": "r-steal"}]), "actions[0]"),  # not a junior card
    (_with(actions=[{"by": 1, "draw": "yes"}]), "draw"),
    (_with(actions=[{"by": True, "draw": True}]), "by"),
    (_with(actions=[{"by": 1, "play": "b3", "colour": 3}]), "colour"),
    (_with(actions=[{"by": 1, "play": "b3", "draw": True}]), "actions[0]"),
    (_with(actions=[{"penalty": 1}]), "cards"),
    (_with(actions=[{"by": 0, "catch": 9}]), "catch"),
    (_with(actions=["draw"]), "actions[0]"),
]


@pytest.mark.parametrize("record,named", BAD_RECORDS)
def test_bad_records_exit_2_with_message_naming_the_key(capsys, tmp_path, record, named):
    status, out, err = run_cli(capsys, tmp_path, ["replay"], record)
    assert status == 2 and err == ""
    assert set(out) == {"error"} and out["error"]["code"] == "bad-record"
    assert named in out["error"]["message"]
    if named.startswith("actions["):
        assert out["error"]["index"] == int(named[8])


def test_bad_adventure_records(capsys, tmp_path):
    record = _with(edition="adventure", setup__hands=[["r5"], ["b3"], ["y1"]])
    status, out, _ = run_cli(capsys, tmp_path, ["replay"], record)
    assert status == 2 and "setup.villains" in out["error"]["message"]
    record["setup"]["villains"] = {"pirates": ["alien", "b1"], "ghosts": [], "aliens": []}
    status, out, _ = run_cli(capsys, tmp_path, ["replay"], record)
    assert status == 2 and "setup.villains.pirates[1]" in out["error"]["message"]
    record["setup"]["villains"] = {"pirates": [], "ghosts": [], "aliens": []}
    record["actions"] = [{"by": 1, "play": "r-decree"}]
    status, out, _ = run_cli(capsys, tmp_path, ["replay"], record)
    assert status == 2 and out["error"]["index"] == 0


def test_unreadable_file_is_a_bad_record(capsys, tmp_path):
    status = main(["replay", str(tmp_path / "missing.json")])
    out = json.loads(capsys.readouterr().out)
    assert status == 2 and out["error"]["code"] == "bad-record" and "cannot read" in out["error"]["message"]


def test_load_raises_record_error():
    with pytest.raises(RecordError) as info:
        load(b"\xff\xfe")
    assert info.value.code == "bad-record"


def test_record_without_setup_is_dealt_by_seed():
    record = {"edition": "svintus2", "players": ["a", "b"], "seed": 9, "actions": []}
    game, error = replay(load(record))
    assert error is None and game.state() == Game.deal("svintus2", 2, seed=9).state()


def test_to_record_round_trip_every_edition():
    for edition in ("junior", "adventure", "svintus2"):
        game = Game.deal(edition, 3, seed=5, rules={"dawdle": True})
        for _ in range(40):
            if game.finished:
                break
            game.push(game.legal_moves(game.turn)[0])
        record = json.loads(json.dumps(to_record(game)))
        again, error = replay(load(record))
        assert error is None and again.state() == game.state() and again.rules == game.rules


def test_simulate_writes_records_that_replay_reproduces(capsys, tmp_path):
    status = main(["simulate", "--edition", "adventure", "--players", "3", "--games", "3", "--seed", "4",
                   "--records", str(tmp_path)])
    summary = json.loads(capsys.readouterr().out)
    assert status == 0 and summary["games"] == 3 and summary["errors"] == 0 and summary["finished"] == 3
    assert sum(summary["wins"]) >= 3 and summary["villains_per_game"] > 0
    for k in range(3):
        path = tmp_path / f"game-{4 + k}.json"
        record = json.loads(path.read_text(encoding="utf-8"))
        game, error = replay(load(record))
        assert error is None and game.finished
        assert main(["replay", str(path)]) == 0
        assert json.loads(capsys.readouterr().out) == game.state()


def test_simulate_refuses_bad_arguments(capsys):
    assert main(["simulate", "--edition", "junior", "--players", "11"]) == 2
    assert "--players" in capsys.readouterr().err


SCORE = {"edition": "svintus2", "players": ["Аня", "Боря", "Вика"], "target": None,
         "rounds": [{"winner": 0, "left": [0, 5, 9]}, {"winner": 2, "left": [4, 1, 0]}]}


def test_score_example(capsys, tmp_path):  # R-TOUR-1, R-TOUR-2
    status, out, _ = run_cli(capsys, tmp_path, ["score"], SCORE)
    assert status == 0 and out == {"totals": [14, 0, 5], "target": 40, "finished": False, "winner": None}


@pytest.mark.parametrize("edition,players,target", [
    ("svintus2", 2, 30), ("svintus2", 3, 40), ("svintus2", 4, 40), ("svintus2", 5, 50), ("svintus2", 7, 50),
    ("svintus2", 8, 60), ("junior", 3, 30), ("junior", 4, 30), ("junior", 5, 40), ("junior", 7, 40),
    ("junior", 8, 50), ("junior", 10, 50),
])
def test_R_TOUR_2_edition_targets(edition, players, target):  # R-TOUR-2
    record = {"edition": edition, "players": [str(i) for i in range(players)], "target": None, "rounds": []}
    assert score(record)["target"] == target


def test_R_TOUR_2_D_7_junior_two_players_thirty():  # D-7
    assert score({"edition": "junior", "players": ["a", "b"], "target": None, "rounds": []})["target"] == 30


def test_R_TOUR_2_match_ends_at_target_and_later_rounds_are_bad():  # R-TOUR-2
    rounds = [{"winner": 1, "left": [20, 0]}, {"winner": 1, "left": [10, 0]}]
    result = score({"edition": "svintus2", "players": ["a", "b"], "target": None, "rounds": rounds})
    assert result == {"totals": [0, 30], "target": 30, "finished": True, "winner": 1}
    with pytest.raises(RecordError) as info:
        score({"edition": "svintus2", "players": ["a", "b"], "target": None,
               "rounds": rounds + [{"winner": 0, "left": [0, 3]}]})
    assert info.value.index == 2 and "rounds[2]" in info.value.message


def test_R_TOUR_1_custom_target():  # R-TOUR-1
    result = score({"edition": "junior", "players": ["a", "b", "c"], "target": 5,
                    "rounds": [{"winner": 2, "left": [3, 3, 0]}]})
    assert result == {"totals": [0, 0, 6], "target": 5, "finished": True, "winner": 2}


@pytest.mark.parametrize("record,named", [
    ("nope", "not JSON"),
    (dict(SCORE, edition="adventure"), "edition"),
    (dict(SCORE, target=0), "target"),
    (dict(SCORE, rounds=[{"winner": 3, "left": [0, 1, 2]}]), "rounds[0].winner"),
    (dict(SCORE, rounds=[{"winner": 0, "left": [0, 1]}]), "rounds[0].left"),
    (dict(SCORE, rounds=[{"winner": 0, "left": [2, 1, 1]}]), "rounds[0].left"),
    (dict(SCORE, players=["a"]), "players"),
])
def test_bad_score_records(capsys, tmp_path, record, named):
    status, out, err = run_cli(capsys, tmp_path, ["score"], record)
    assert status == 2 and out["error"]["code"] == "bad-record" and named in out["error"]["message"]


def test_replay_survives_hostile_input(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000)
    result = subprocess.run([sys.executable, "-m", "companion", "replay", str(deep)], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 2 and json.loads(result.stdout)["error"]["code"] == "bad-record"
    assert "Traceback" not in result.stderr
    # A Russian message on a terminal that cannot encode it: still UTF-8 JSON, no traceback.
    record = dict(EXAMPLE, actions=[{"by": 0, "catch": 1}])
    env = {"PYTHONIOENCODING": "latin-1", "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-m", "companion", "replay", "-"],
                            input=json.dumps(record).encode(), capture_output=True, check=False, env=env)
    assert result.returncode == 1 and b"Traceback" not in result.stderr
    assert json.loads(result.stdout.decode("utf-8"))["error"]["code"] == "cannot-catch"


def test_null_optional_keys_mean_the_default():
    record = _with(setup__turn=None, setup__trophies=None, setup__villains=None, rules=None)
    game, error = replay(load(record))
    assert error is None and game.state()["turn"] == 0 and game.rules["intercept"] is False
