"""The one bounded reader for every file the project reads from outside: game records and snapshots
(``Game.load``, ``python -m root_env.replay``), Rootlog text (``python -m root_env.rootlog``) and a balance
study's files (``study.json``, ``results.jsonl``, ``runs.jsonl``).

Only regular files are read. A path that is a folder, a pipe (FIFO), a socket or a device (``/dev/zero``) is
refused before it is opened, and again after: the file is opened without blocking (``O_NONBLOCK``, so a FIFO
put in its place in between cannot hang the open) and its open descriptor is checked, so what is read is
what was checked. At most ``limit`` + 1 bytes are ever read (a file that grows while it is read is refused,
not read on), and a gzipped file is decompressed to at most ``limit`` bytes (no zip bomb). Every problem
raises the caller's error class (a ``RootError``, so a ``ValueError``) naming the path.
"""
from __future__ import annotations

import os
import stat
import zlib
from pathlib import Path

from .errors import RootError

MAX_FILE_BYTES = 64 << 20  # a game record of 100,000 turns is far below this
_CHUNK = 1 << 20
_NOT_REGULAR = "not a regular file (a folder, a pipe or a device cannot be read as one)"


def _refuse(error, path, why: str):
    return error(f"{path}: {why}")


def read_bytes(path, limit: int = MAX_FILE_BYTES, error: type = RootError, what: str = "file") -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (`error` otherwise, naming the path)."""
    try:
        path = Path(path)
    except TypeError:
        raise error(f"a {what} path must be a string or a path, got {type(path).__name__}") from None
    return _read_regular(path, limit, lambda p, why: _refuse(error, p, why), what)


def _read_regular(path: Path, limit: int, refuse, what: str) -> bytes:
    """``read_bytes``'s reading; ``refuse(path, why)`` makes the error raised."""
    try:
        st = os.stat(path)
    except (OSError, ValueError) as e:
        raise refuse(path, f"cannot be read ({getattr(e, 'strerror', None) or e})") from None
    if not stat.S_ISREG(st.st_mode):
        raise refuse(path, _NOT_REGULAR)
    if st.st_size > limit:
        raise refuse(path, f"{st.st_size} bytes is too large for a {what} (limit {limit})")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as e:
        raise refuse(path, f"cannot be read ({getattr(e, 'strerror', None) or e})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between the stat and the open
            raise refuse(path, _NOT_REGULAR)
        parts, n = [], 0
        while n <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - n))
            if not chunk:
                break
            parts.append(chunk)
            n += len(chunk)
    except OSError as e:
        raise refuse(path, f"cannot be read ({e.strerror})") from None
    finally:
        os.close(fd)
    if n > limit:  # the file grew after the stat
        raise refuse(path, f"too large for a {what} (limit {limit} bytes)")
    return b"".join(parts)


def gunzip(raw: bytes, limit: int, error: type = RootError, what: str = "file") -> bytes:
    """The decompressed bytes of gzip data (every member), at most `limit` of them."""
    out = bytearray()
    data = raw
    try:
        while data:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            out += d.decompress(data, limit + 1 - len(out))
            if len(out) > limit or d.unconsumed_tail:
                raise error(f"{what}: more than {limit} bytes once decompressed")
            if not d.eof:
                raise error(f"{what}: truncated gzip data")
            data = d.unused_data
    except zlib.error as e:
        raise error(f"{what}: not valid gzip data ({e})") from None
    return bytes(out)


def read_text(path, limit: int = MAX_FILE_BYTES, error: type = RootError, what: str = "file") -> str:
    """The UTF-8 text of the regular file `path` (gunzipped when its name ends in ``.gz``), at most `limit`
    bytes."""
    raw = read_bytes(path, limit, error, what)
    if str(path).endswith(".gz"):
        raw = gunzip(raw, limit, error, f"{path}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _refuse(error, path, f"not UTF-8 text ({e})") from None


def read_plain_npz(path, limit: int, bad) -> dict:
    """The arrays of an untrusted ``.npz`` file (a learned model) as name -> array: ``plain_npz`` of ``npz_bytes``."""
    return plain_npz(npz_bytes(path, limit, bad), path, limit, bad)


def npz_bytes(path, limit: int, bad) -> bytes:
    """The bytes of the ``.npz`` file `path`, read once and bounded as ``read_bytes`` reads (a regular file, at most
    `limit` bytes), so that what is checked, hashed and unpacked is one and the same. ``bad(path, why)`` makes the
    caller's error."""
    return _read_regular(Path(path), limit, bad, "model file")


def plain_npz(data: bytes, path, limit: int, bad) -> dict:
    """The arrays of ``.npz`` bytes (read by ``npz_bytes`` from `path`, which errors name) as name -> array, read
    with ``allow_pickle=False`` (nothing in it runs), refused when what it unpacks to is over `limit` bytes (no zip
    bomb), damaged, or holds anything but plain arrays."""
    import io
    import zipfile
    import numpy as np
    err = type(bad(path, ""))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            unpacked = sum(i.file_size for i in z.infolist())
        if unpacked > limit:
            raise bad(path, f"unpacks to {unpacked} bytes, more than {limit}")
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            return {k: z[k] for k in z.files}
    except err:
        raise
    except Exception as e:  # a damaged zip, a member that is no .npy, an object array: all refused alike
        raise bad(path, f"not a readable .npz of plain arrays ({type(e).__name__}: {e})") from None


def float_array(raw: dict, name: str, shape: tuple, path, bad):
    """``raw[name]`` from a file read by ``read_plain_npz``, checked as a float32 or float64 array of `shape` with
    finite values, as float64; ``bad(path, why)`` makes the caller's error."""
    import numpy as np
    if name not in raw:
        raise bad(path, f"array {name!r} is missing (has {sorted(raw)})")
    a = raw[name]
    if not isinstance(a, np.ndarray) or a.dtype not in (np.float32, np.float64):
        raise bad(path, f"{name!r} must be float32 or float64, got {getattr(a, 'dtype', type(a))}")
    if a.shape != shape:
        raise bad(path, f"{name!r} has shape {a.shape}, expected {shape}")
    if not np.isfinite(a).all():
        raise bad(path, f"{name!r} holds values that are not finite")
    return a.astype(np.float64)
