#!/bin/bash
# export the continued run's last checkpoint and measure it on the benchmark seeds and on fresh seeds 380,000+i
set -e
cd /work/wt/eyrie2
export NUMBA_CACHE_DIR=/work/main/root_env/engine/__pycache__ PYTHONPATH=/work/wt/eyrie2
PY="nice -n 5 /work/main/.venv/bin/python"
R=/work/wt/runs/eyrie2
cp $R/ppo_resume/last.pt $R/ppo_resume/final.pt
mkdir -p $R/export_final
$PY -m agents.train.export $R/ppo_resume/final.pt --faction eyrie --folder $R/export_final --commit 218c21a
for s in 350000 380000; do
  $PY -m benchmarks.pretrained_strength --faction eyrie --policy $R/export_final/policy_eyrie.npz --games 384 --seed0 $s \
     --json $R/measure/final_file_$s.json --md $R/measure/final_file_$s.md 2>&1 | grep "^| eyrie\|CPU\|by seat"
done
date -u
