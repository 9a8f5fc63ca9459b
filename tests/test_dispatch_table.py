"""core.MODULES: one row per engine module says which step ids it runs and which decisions it answers."""
import pytest

from root_env import Game
from root_env import codes as K
from root_env.engine import core, machine
from root_env.layout import PC

STEP_IDS = {name: v for name, v in vars(machine).items() if name.startswith("PC_")}


def test_every_step_id_has_one_module_and_blocks_follow_the_rows():
    assert len(set(STEP_IDS.values())) == len(STEP_IDS), "two step names share an id"
    assert machine.N_PC == max(STEP_IDS.values()) + 1
    assert (core.PC_MODULE >= 0).all()
    firsts = [first for _, first, _ in core.MODULES]
    assert firsts == sorted(firsts)
    for i, (m, first, _) in enumerate(core.MODULES):
        end = firsts[i + 1] if i + 1 < len(firsts) else machine.N_PC
        block = set(core.PC_MODULE[first:end].tolist())
        # The Eyrie's block holds one turn step (PC_SETUP_NEXT_FACTION) that kept its id.
        assert block == ({m, core.M_TURN} if m == core.M_EYRIE else {m}), (m, block)
    assert core.PC_MODULE[machine.PC_SETUP_NEXT_FACTION] == core.M_TURN


def test_every_decision_kind_has_one_owner_from_the_rows():
    owners = {}
    for m, _, decisions in core.MODULES:
        for d in decisions:
            assert d not in owners, K.DECISION_NAMES[d]
            owners[d] = m
    assert sorted(owners) == list(range(1, K.N_DECISIONS))
    assert all(core.DECISION_MODULE[d] == m for d, m in owners.items())


def test_a_step_id_outside_the_table_raises():
    g = Game.new(("marquise", "eyrie"), seed=3)
    for bad in (-1, machine.N_PC):
        s = g.state.copy()
        s[PC] = bad
        with pytest.raises(RuntimeError, match="step id out of range"):
            core.run_step(s, bad)

