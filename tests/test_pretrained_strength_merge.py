"""benchmarks.pretrained_strength --merge: one run's consecutive game ranges, measured in separate processes, combine
into the result of the whole (wins and seats added, the intervals and the goal of the whole); parts that are not
consecutive or not of one policy are refused."""
import json

import pytest

from benchmarks import pretrained_strength as ps
from root_env.balance.stats import wilson


def _part(seed0, games, pol_seats, heu_seats, sha="abc"):
    def arm(by_seat):
        wins = sum(w for w, _ in by_seat)
        return {"wins": wins, "games": games, "win_rate": wins / games, "wilson95": list(wilson(wins, games)),
                "by_seat": by_seat, "seconds": 2.0, "cpu_seconds": 1.0}
    return {"faction": "riverfolk", "table": ["marquise", "eyrie", "alliance", "riverfolk"], "games": games,
            "seed0": seed0, "policy": arm(pol_seats), "heuristic": arm(heu_seats), "policy_sha256": sha,
            "play": "likeliest legal action", "command": f"part {seed0}"}


def test_merged_parts_are_the_whole_run(tmp_path):
    a = _part(350_000, 8, [[2, 2], [1, 2], [0, 2], [1, 2]], [[1, 2], [0, 2], [0, 2], [1, 2]])
    b = _part(350_008, 4, [[1, 1], [1, 1], [0, 1], [1, 1]], [[0, 1], [0, 1], [0, 1], [0, 1]])
    files = []
    for i, r in enumerate((b, a)):  # in any order
        files.append(tmp_path / f"p{i}.json")
        files[-1].write_text(json.dumps(r))
    assert ps.main(["--faction", "riverfolk", "--merge", *map(str, files), "--json", str(tmp_path / "m.json"),
                    "--md", str(tmp_path / "m.md")]) == 0
    m = json.loads((tmp_path / "m.json").read_text())
    assert (m["games"], m["seed0"], m["policy"]["wins"], m["heuristic"]["wins"]) == (12, 350_000, 7, 2)
    assert m["policy"]["by_seat"] == [[3, 3], [2, 3], [0, 3], [2, 3]]
    assert m["policy"]["wilson95"] == pytest.approx(list(wilson(7, 12)))
    assert m["margin_points"] == pytest.approx(100 * (7 - 2) / 12)
    assert m["intervals_apart"] == (wilson(7, 12)[0] > wilson(2, 12)[1])
    assert m["policy_sha256"] == "abc" and m["parts"] == ["part 350000", "part 350008"]
    assert "| riverfolk | 12 |" in (tmp_path / "m.md").read_text()


def test_parts_that_do_not_make_one_run_are_refused():
    a = _part(350_000, 8, [[1, 2]] * 4, [[1, 2]] * 4)
    with pytest.raises(ValueError, match="not consecutive"):
        ps.merge([a, _part(350_012, 4, [[0, 1]] * 4, [[0, 1]] * 4)])
    with pytest.raises(ValueError, match="not consecutive"):  # a part of 6 games would shift the next one's seats
        ps.merge([_part(350_000, 6, [[1, 2]] * 4, [[1, 2]] * 4), _part(350_006, 4, [[0, 1]] * 4, [[0, 1]] * 4)])
    with pytest.raises(ValueError, match="policy_sha256"):
        ps.merge([a, _part(350_008, 4, [[0, 1]] * 4, [[0, 1]] * 4, sha="other")])
