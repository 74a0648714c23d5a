"""engine.audit: the recording rng draws exactly what Rng draws; view diffs."""
from engine.audit.recording_rng import RecordingRng
from engine.audit.statediff import diff
from engine.core import Rng


def test_the_recording_rng_draws_what_rng_draws_and_records_only_the_deciders_calls():
    plain, recording = Rng.for_version(b"seed", 7), RecordingRng.for_version(b"seed", 7)
    assert [plain.below(5), plain.shuffled("abcdef"), plain.die(9)] == \
        [recording.below(5), recording.shuffled("abcdef"), recording.die(9)]
    assert [d["op"] for d in recording.draws] == ["below", "shuffle", "die"]
    assert recording.draws[1]["items"] == list("abcdef") and recording.draws[2]["sides"] == 9
    again = Rng.for_version(b"seed", 7)
    again.below(5)
    assert recording.draws[1]["result"] == again.shuffled("abcdef")


def test_diff_lists_changed_added_and_removed_paths():
    before = {"life": [30, 30], "hand": ["001", "002"], "gone": 1}
    after = {"life": [30, 25], "hand": ["001"], "new": True}
    assert diff(before, after) == [
        {"path": "life.1", "before": 30, "after": 25},
        {"path": "hand", "before": ["001", "002"], "after": ["001"]},
        {"path": "gone", "before": 1, "after": None, "removed": True},
        {"path": "new", "before": None, "after": True, "added": True}]
    assert diff(before, before) == []
