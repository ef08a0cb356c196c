"""Whatever a record holds, replay answers with JSON and an exit status, never a traceback."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.record import RecordError, replay_text, score

VALID = {
    "edition": "adventure",
    "rules": {"transfer": True},
    "players": ["a", "b", "c"],
    "dealer": 1,
    "setup": {
        "hands": [["b1", "r-steal", "poly"], ["b1", "g-omni"], ["b-shake", "r2"]],
        "discard": ["b5"],
        "deck": ["g1", "g2", "y0", "r7"],
        "villains": {"pirates": ["pirate-big"], "ghosts": ["ghost-b", "ghost-r"], "aliens": ["alien"]},
        "trophies": [["alien"], [], []],
        "turn": 0,
    },
    "actions": [
        {"by": 0, "play": "b1"},
        {"by": 1, "play": "b1"},
        {"by": 2, "play": "b-shake", "shake": ["ghosts", "pirates"]},
        {"by": 0, "play": "poly", "colour": "g"},
    ],
}

SCALARS = st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(
    ["b1", "poly", "alien", "x", "", "pirates"])
KEYS = st.sampled_from(["by", "play", "draw", "colour", "last", "take", "hands", "turn", "x"])
JSON = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=8,
)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


VALID_PUBLIC = {
    "edition": "svintus2",
    "players": ["a", "b"],
    "public": {"top": "b5", "hand_counts": [3, 4], "deck_count": 20, "turn": 1, "direction": -1},
    "actions": [{"by": 1, "play": "b-grab"}, {"by": 0, "accept": True}, {"by": 1, "draw": True}],
}
ALL_PATHS = [(VALID, path) for path in list(paths(VALID))[1:]]
ALL_PATHS += [(VALID_PUBLIC, path) for path in list(paths(VALID_PUBLIC))[1:]]


def replaced(original, path, new):
    record = json.loads(json.dumps(original))
    target = record
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = new
    return record


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(ALL_PATHS), new=JSON)
def test_any_mutated_record_gets_an_answer(where, new):
    output, status = replay_text(json.dumps(replaced(*where, new)))
    assert status in (0, 1, 2)
    json.dumps(output)
    if status == 2:
        assert output["error"]["code"] == "bad-record" and output["error"]["message"]
    else:
        assert set(output) >= {"finished", "turn", "hands", "error"}


@settings(max_examples=200, deadline=None)
@given(data=JSON)
def test_any_json_gets_an_answer(data):
    output, status = replay_text(json.dumps(data))
    assert status == 2 and output["error"]["code"] == "bad-record"
    try:
        score(data)
    except RecordError as exc:
        assert exc.code == "bad-record"


def test_the_valid_record_replays():  # R-ADV-4, R-SHAKE
    output, status = replay_text(json.dumps(VALID))
    assert status == 0, output["error"]
    assert output["trophies"] == [["alien", "ghost-b"], ["alien"], []]
    assert output["villains"] == {"pirates": ["ghost-r", "pirate-big"], "ghosts": [], "aliens": []}
    output, status = replay_text(json.dumps(VALID_PUBLIC))
    assert status == 0 and output["hands"] == [["back"] * 6, ["back"] * 4] and output["drawn"] == "back"
