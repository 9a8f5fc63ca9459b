"""Build the precompiled cache shipped with the package (``root_env/compiled/``), or check that it is current.

    python -m root_env.build_cache            # compile every stage for a CPU level (x86-64-v3), pack each layer
    python -m root_env.build_cache --check    # exit 1 when the shipped cache was built from other sources

Building runs ``python -m root_env.warmup`` (every stage) in a fresh process with an empty cache folder
(but for the layers still current, bottom up, unpacked from the shipped cache first: a change to the agents
compiles the agents and the trainer, not the engine),
numba's ``NUMBA_CPU_NAME`` set to a CPU level (``--cpu``: by default x86-64-v3, the level with AVX2, which
every x86-64 server CPU of the last ten years has; the observation's int32 to float32 conversions run eight at a
time with it, four with ``generic``; a CPU without it compiles on first use) and the shipped cache turned off, then
packs each cache layer (``engine.cache_layers``) into ``compiled/<layer>.tar.xz`` and writes
``compiled/manifest.json``: the layer hashes, the toolchain (numba, llvmlite, Python, platform) and each
archive's SHA-256. Run it after any change to a compiled source (the engine, the game data, the agents, the
trainer); ``tests/test_shipped_cache.py`` fails until then.
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import io
import json
import lzma
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from root_env.engine import cache_layers
from root_env.engine.cache_layers import HASHES, LAYERS

DEFAULT_CPU = "x86-64-v3"  # AVX2: every x86-64 server CPU since 2013-2015; others compile (module doc)


def stale_layers() -> list[str]:
    """The layers the shipped manifest does not match (sources or toolchain); [] when it is current."""
    m = _read_manifest()
    if not m or any(m.get(k) != v for k, v in cache_layers.toolchain().items()):
        return list(LAYERS)
    return [layer for layer in LAYERS if (m.get("layers") or {}).get(layer, {}).get("hash") != HASHES[layer]]


def _read_manifest() -> dict:
    try:
        m = json.loads(cache_layers.MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return m if isinstance(m, dict) else {}


def _keep_current_layers(tmp: Path, cpu: str) -> list[str]:
    """Unpack into `tmp` the shipped layers that are still current from the bottom up (same toolchain, CPU
    level and sources), so that only the layers above a change compile: the build then loads them as a
    fresh install would. Returns the layers kept."""
    old = _read_manifest()
    if old.get("cpu") != cpu or any(old.get(k) != v for k, v in cache_layers.toolchain().items()):
        return []
    kept = []
    for layer in LAYERS:
        entry = (old.get("layers") or {}).get(layer) or {}
        archive = cache_layers.SHIPPED / str(entry.get("file", ""))
        if entry.get("hash") != HASHES[layer] or not archive.is_file():
            break
        if cache_layers._unpack(archive, tmp / f"nb-{layer}-{HASHES[layer]}") is not None:
            break
        kept.append(layer)
    return kept


def _stage_times(new: dict, kept: list[str]) -> dict:
    """Cumulative wall and CPU seconds per stage, as root_env.warmup --json gives them: this build's, but for
    the stages of kept layers (loaded now, not compiled), whose compile times are the previous build's."""
    from root_env.engine.firstrun import LAYER

    def deltas(cumulative):
        prev, out = {"wall_s": 0.0, "cpu_s": 0.0}, {}
        for stage, t in cumulative.items():
            out[stage] = {k: t[k] - prev[k] for k in prev}
            prev = t
        return out
    now, before = deltas(new), deltas(_read_manifest().get("stages") or {})
    total, out = {"wall_s": 0.0, "cpu_s": 0.0}, {}
    for stage, d in now.items():
        d = before[stage] if LAYER[stage] in kept and stage in before else d
        total = {k: total[k] + d[k] for k in total}
        out[stage] = {k: round(v, 1) for k, v in total.items()}
    return out


def _pack(folder: Path) -> bytes:
    """A reproducible tar.xz of `folder`: sorted entries, no owners, times or modes of the build machine."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for p in sorted(folder.rglob("*")):
            info = tarfile.TarInfo(p.relative_to(folder).as_posix())
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            if p.is_dir():
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(info)
            elif p.is_file():
                data = p.read_bytes()
                info.size, info.mode = len(data), 0o644
                tar.addfile(info, io.BytesIO(data))
    # A dictionary as large as the archive: every entry point holds a copy of the engine's bitcode.
    filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 64 << 20}]
    return lzma.compress(raw.getvalue(), format=lzma.FORMAT_XZ, filters=filters)


def build(cpu: str = DEFAULT_CPU) -> dict:
    """Compile every stage for the CPU level `cpu` into an empty folder and ship each layer (module doc)."""
    with tempfile.TemporaryDirectory(prefix="root-env-build-cache-") as tmp:
        kept = _keep_current_layers(Path(tmp), cpu)
        env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
        # The level's own features only (numba would add this machine's to any name but "generic").
        env.update(NUMBA_CACHE_DIR=tmp, NUMBA_CPU_NAME=cpu, NUMBA_CPU_FEATURES="", ROOT_ENV_SHIPPED_CACHE="0",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(cache_layers.SITE), env.get("PYTHONPATH")])))
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "root_env.warmup", "--json"], env=env, cwd=cache_layers.SITE,
                             capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f"the warm-up failed:\n{out.stderr}")
        compile_s = time.perf_counter() - t0
        cache_layers.SHIPPED.mkdir(exist_ok=True)
        layers = {}
        for layer in LAYERS:
            folder = Path(tmp) / f"nb-{layer}-{HASHES[layer]}"
            if not folder.is_dir():
                raise SystemExit(f"the warm-up left no {layer} layer in {tmp}")
            data = _pack(folder)
            name = f"{layer}.tar.xz"
            (cache_layers.SHIPPED / name).write_bytes(data)
            layers[layer] = {"hash": HASHES[layer], "file": name, "sha256": hashlib.sha256(data).hexdigest(),
                             "bytes": len(data), "files": sum(1 for p in folder.rglob("*") if p.is_file())}
    stages = _stage_times(json.loads(out.stdout.strip().splitlines()[-1]), kept)
    manifest = {"format": 1, **cache_layers.toolchain(), "cpu": cpu, "cpu_features": list(cache_layers.CPU_LEVELS[cpu]),
                "built": datetime.date.today().isoformat(), "compile_wall_s": round(compile_s, 1),
                "stages": stages, "kept_layers": kept, "layers": layers}
    cache_layers.MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--check", action="store_true", help="exit 1 when the shipped cache is not current")
    p.add_argument("--cpu", default=DEFAULT_CPU, choices=sorted(cache_layers.CPU_LEVELS),
                   help=f"the x86-64 level to compile for (default {DEFAULT_CPU})")
    args = p.parse_args(argv)
    if args.check:
        stale = stale_layers()
        if stale:
            print(f"the shipped cache is stale for {', '.join(stale)}: run python -m root_env.build_cache")
            return 1
        print("the shipped cache is current")
        return 0
    m = build(args.cpu)
    for layer, e in m["layers"].items():
        print(f"{layer:8s} {e['bytes'] / 2**20:6.1f} MiB  {e['files']:4d} files  {e['hash']}")
    if m["kept_layers"]:
        print(f"kept (current): {', '.join(m['kept_layers'])}")
    print(f"compiled in {m['compile_wall_s']:.0f} s for {m['cpu']} (numba {m['numba']}, Python {m['python']}, "
          f"{m['platform']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
