"""TensorBoard logging of the self-play trainer (agents.train.runlog): a tiny run writes event files under
OUT/tb that TensorBoard's own reader (EventAccumulator) reads back with the values of log.csv at the
decision counts as steps; a resumed run (also after an interrupt) appends; without the tensorboard
package, or with ``--no-tensorboard``, training runs as before and writes no tb folder."""
from __future__ import annotations

import csv
import logging
import math
import sys

import pytest

from tensorboard.backend.event_processing.event_accumulator import EventAccumulator  # make test installs it

import agents.train.ppo as ppo
from agents.train.ppo import Config, train
from agents.train.runlog import COLUMNS, RunLog
from agents.train.__main__ import main


def _tiny(out, **kw):
    return Config(**{**dict(factions=("marquise", "eyrie"), envs=4, steps=24, updates=2, epochs=1, minibatches=2,
                             hidden=32, eval_games=2, eval_every=1, max_turns=4, out=str(out)), **kw})


def _scalars(tb_dir) -> dict:
    """{tag: [(step, value), ...]} as TensorBoard reads the folder (all event files, purges applied)."""
    acc = EventAccumulator(str(tb_dir))
    acc.Reload()
    return {tag: [(e.step, e.value) for e in acc.Scalars(tag)] for tag in acc.Tags()["scalars"]}


def _csv(out):
    return list(csv.DictReader(open(out / "log.csv")))


def _assert_matches_csv(tb_dir, rows):
    """Every tagged column of every log.csv row is in TensorBoard at that row's decision count."""
    sc = _scalars(tb_dir)
    steps = [int(r["decisions"]) for r in rows]
    assert steps == sorted(set(steps))  # strictly increasing
    for name, fmt, tag in COLUMNS:
        if tag is None:
            continue
        logged = [(int(r["decisions"]), float(r[name])) for r in rows if r[name] != ""]
        assert [s for s, _ in sc[tag]] == [s for s, _ in logged], tag
        half_unit = 0.0 if fmt == "d" else 0.5 * 10.0 ** -int(fmt[1:-1])  # log.csv rounds to its format
        for (_, v), (_, want) in zip(sc[tag], logged):
            if math.isnan(want):  # no game finished yet (a win rate of nothing): NaN in both
                assert math.isnan(v), tag
                continue
            assert abs(v - want) <= half_unit + 1e-6 * abs(want), tag  # TensorBoard holds float32
    return sc


def test_event_files_hold_the_csv_scalars_and_resume_appends(tmp_path):
    out = tmp_path / "a"
    res = train(_tiny(out))
    assert res["tensorboard"] == str(out / "tb")
    first = _assert_matches_csv(out / "tb", _csv(out))
    for tag in ("loss/policy", "loss/value", "loss/entropy", "win_rate/eval_heuristic", "win_rate/recent",
                "speed/decisions_per_s", "speed/env_share", "league/size"):
        assert len(first[tag]) == 2
    res = train(_tiny(out), resume=str(out / "last.pt"))
    assert res["updates"] == 4
    rows = _csv(out)
    assert [int(r["update"]) for r in rows] == [1, 2, 3, 4]
    after = _assert_matches_csv(out / "tb", rows)
    assert after["loss/policy"][:2] == first["loss/policy"]  # the first run's points are kept
    assert [v for _, v in after["progress/update"]] == [1, 2, 3, 4]
    # A fresh run in the same folder replaces the old curves, as it replaces log.csv.
    train(_tiny(out, seed=1))
    assert [v for _, v in _scalars(out / "tb")["progress/update"]] == [1, 2]


def test_interrupted_run_closes_its_logs_and_resume_drops_what_came_after_the_checkpoint(tmp_path, monkeypatch):
    out = tmp_path / "a"
    saves, real_save = [], ppo._save

    def save_then_interrupt(*args):
        if saves:  # the second update is logged, then interrupted before its checkpoint
            raise KeyboardInterrupt
        saves.append(real_save(*args))

    closed, real_close = [], RunLog.close

    def close(self):
        closed.append(self.tb_dir)
        real_close(self)

    monkeypatch.setattr(ppo, "_save", save_then_interrupt)
    monkeypatch.setattr(RunLog, "close", close)
    with pytest.raises(KeyboardInterrupt):
        train(_tiny(out, updates=3))
    assert closed == [out / "tb"]
    monkeypatch.setattr(ppo, "_save", real_save)
    rows = _csv(out)
    assert len(rows) == 2
    assert [s for s, _ in _scalars(out / "tb")["progress/update"]] == [int(r["decisions"]) for r in rows]
    res = train(_tiny(out, updates=2), resume=str(out / "last.pt"))  # from the checkpoint of update 1
    assert res["updates"] == 3
    sc = _scalars(out / "tb")
    assert [v for _, v in sc["progress/update"]] == [1, 2, 3]  # the orphaned update 2 is purged
    steps = [s for s, _ in sc["progress/update"]]
    assert steps[0] == int(rows[0]["decisions"]) and steps == sorted(set(steps))


def test_without_tensorboard_training_runs_and_writes_no_tb_folder(tmp_path, monkeypatch, caplog):
    for name in ("tensorboard", "torch.utils.tensorboard"):
        monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError
    with caplog.at_level(logging.INFO, logger="agents.train"):
        res = train(_tiny(tmp_path / "a"))
    assert res["updates"] == 2 and res["tensorboard"] is None
    assert len(_csv(tmp_path / "a")) == 2
    assert not (tmp_path / "a" / "tb").exists()
    assert [r.getMessage() for r in caplog.records] == [
        "TensorBoard logging is off: the tensorboard package is not installed"]


def test_no_tensorboard_flag_turns_it_off(tmp_path, caplog):
    with caplog.at_level(logging.INFO, logger="agents.train"):
        assert main(["--factions", "marquise,eyrie", "--updates", "1", "--envs", "2", "--steps", "8",
                     "--eval-games", "0", "--no-progress", "--no-tensorboard", "--out", str(tmp_path / "a")]) == 0
    assert len(_csv(tmp_path / "a")) == 1
    assert not (tmp_path / "a" / "tb").exists()
    assert not caplog.records  # off by choice: nothing to say
    with pytest.raises(ValueError, match="tensorboard"):
        Config(tensorboard="no")



def test_a_resumed_run_sorts_after_the_first_even_within_the_same_second(tmp_path):
    """TensorBoard orders event files by name, ``...tfevents.<second>.<host>.<pid>.<counter>``: a resume made
    in the same second as the first run's file, with the process's writer counter going from 9 to 10, once
    sorted first (seen in CI). Here the first file is dated two seconds ahead: the resumed run waits until
    its own file's second is later, so its points come after the first run's."""
    import time
    out = tmp_path / "a"
    train(_tiny(out))
    (old,) = (out / "tb").glob("events.out.tfevents.*")
    parts = old.name.split(".")
    parts[3] = "%010d" % (int(time.time()) + 2)
    old.rename(old.with_name(".".join(parts)))
    train(_tiny(out), resume=str(out / "last.pt"))
    assert [v for _, v in _scalars(out / "tb")["progress/update"]] == [1, 2, 3, 4]
