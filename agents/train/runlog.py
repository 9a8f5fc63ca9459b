"""The per-update log of a training run: ``log.csv``, and TensorBoard event files under ``tb/`` when the
``tensorboard`` package is installed (written with ``torch.utils.tensorboard.SummaryWriter``).

Both get the same values once per update. TensorBoard's step is the run's decision count, which a resumed
run carries on from its checkpoint, so a resumed run appends to the same curves.
"""
from __future__ import annotations

import csv
import logging
import time
from pathlib import Path

logger = logging.getLogger("agents.train")

# (column of log.csv, its format, TensorBoard tag or None). "decisions" is TensorBoard's step.
COLUMNS = (
    ("update", "d", "progress/update"),
    ("decisions", "d", None),
    ("seconds", ".1f", "progress/seconds"),
    # CPU time of the process (every thread), resumed runs included; to the ms: a tiny run takes under 0.05 s
    ("cpu_seconds", ".3f", "progress/cpu_seconds"),
    ("decisions_per_s", ".0f", "speed/decisions_per_s"),
    ("env_share", ".3f", "speed/env_share"),
    ("games", "d", "progress/games"),
    ("win_rate_recent", ".4f", "win_rate/recent"),
    ("league", "d", "league/size"),
    ("policy_loss", ".5f", "loss/policy"),
    ("value_loss", ".5f", "loss/value"),
    ("entropy", ".5f", "loss/entropy"),
    ("eval_win_rate", ".4f", "win_rate/eval_heuristic"),  # None on updates without an evaluation
)
TB_DIR = "tb"
_EVENTS = "events.out.tfevents.*"


def summary_writer_class():
    """``torch.utils.tensorboard.SummaryWriter``, or None when tensorboard is not installed."""
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:
        return None
    return SummaryWriter


def _after_newest_event_file(tb_dir: Path) -> None:
    """Wait until the current second is later than the newest event file's. TensorBoard reads a folder's
    event files in name order, and a name is ``events.out.tfevents.<second>.<host>.<pid>.<counter>``: a
    resumed run's file made in the same second as the old one could sort before it (counter 10 < 9 as
    text), and its points would be read first."""
    seconds = [int(p.name.split(".")[3]) for p in tb_dir.glob(_EVENTS) if p.name.split(".")[3].isdigit()]
    while seconds and time.time() < max(seconds) + 1:
        time.sleep(0.05)


class RunLog:
    """``log.csv`` (appended to when resuming) and, if `tensorboard` and tensorboard is installed,
    ``tb/``. A fresh run replaces both; a resumed one starts TensorBoard's step at `steps`. Close it (or
    use it as a context manager) so the files are complete when training ends or is interrupted."""

    def __init__(self, out: Path, resume: bool, steps: int, tensorboard: bool = True, factions=()):
        # one evaluation column per faction: the curve of each faction's win rate against the heuristic
        self.columns = COLUMNS + tuple((f"eval_{f}", ".4f", f"win_rate/eval_{f}") for f in factions)
        path = out / "log.csv"
        fresh = not (resume and path.exists())
        self._file = open(path, "w" if fresh else "a", newline="")
        self._csv = csv.writer(self._file)
        if fresh:
            self._csv.writerow([name for name, _, _ in self.columns])
        self.tb_dir, self._tb = None, None
        writer = summary_writer_class() if tensorboard else None
        if tensorboard and writer is None:
            logger.info("TensorBoard logging is off: the tensorboard package is not installed")
        if writer is not None:
            self.tb_dir = out / TB_DIR
            if fresh:  # like log.csv, a fresh run does not continue an old run's curves
                for old in self.tb_dir.glob(_EVENTS):
                    old.unlink()
            else:
                _after_newest_event_file(self.tb_dir)
            # purge_step: readers drop what an interrupted run logged after its last checkpoint (step `steps`)
            self._tb = writer(str(self.tb_dir), purge_step=None if fresh else steps + 1)

    def write(self, row: dict) -> None:
        """One update's values, keyed by the names in self.columns (a missing one is left empty)."""
        self._csv.writerow(["" if row.get(name) is None else format(row[name], fmt) for name, fmt, _ in self.columns])
        self._file.flush()
        if self._tb is not None:
            for name, _, tag in self.columns:
                if tag is not None and row.get(name) is not None:
                    self._tb.add_scalar(tag, row[name], global_step=row["decisions"])
            self._tb.flush()

    def close(self) -> None:
        self._file.close()
        if self._tb is not None:
            self._tb.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
