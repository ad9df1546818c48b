"""Opening (possibly compressed) formula files as text, for einsat.pysat.

Compression is chosen by name, as PySAT's 'compressed_with' /
'compress_with' arguments do: None (plain text), 'gzip', 'bzip2', 'lzma'
(xz), 'zstd', or 'use_ext' (by the file name's extension: .gz, .bz2,
.xz / .lzma, .zst / .zstd).  gzip, bzip2 and xz use the standard library;
zstd uses Python's own module (3.14) or else the 'zstd' program.
"""

import bz2
import gzip
import io
import lzma
import shutil
import subprocess

__all__ = ["open_text", "compression_of"]

EXTENSIONS = {".gz": "gzip", ".bz2": "bzip2", ".xz": "lzma", ".lzma": "lzma",
              ".zst": "zstd", ".zstd": "zstd"}


def compression_of(name, compression):
    """The compression named by 'compression' for the file 'name'."""
    if compression == "use_ext":
        for extension, kind in EXTENSIONS.items():
            if str(name).endswith(extension):
                return kind
        return None
    if compression not in (None, "gzip", "bzip2", "lzma", "zstd"):
        raise ValueError("unknown compression %r (use None, 'gzip', 'bzip2', "
                         "'lzma', 'zstd' or 'use_ext')" % (compression,))
    return compression


class _ZstdProgram(io.TextIOWrapper):
    """Text through the 'zstd' program when Python has no zstd module."""

    def __init__(self, name, mode):
        if not shutil.which("zstd"):
            raise OSError("%s: zstd compression needs Python 3.14 or the "
                          "'zstd' program" % name)
        if "r" in mode:
            self._process = subprocess.Popen(["zstd", "-dcq", str(name)],
                                             stdout=subprocess.PIPE)
            super().__init__(self._process.stdout, encoding="utf-8")
        else:
            self._file = open(name, "wb")
            self._process = subprocess.Popen(["zstd", "-cq"], stdin=subprocess.PIPE,
                                             stdout=self._file)
            super().__init__(self._process.stdin, encoding="utf-8")

    def close(self):
        if self.closed:
            return
        super().close()
        status = self._process.wait()
        if hasattr(self, "_file"):
            self._file.close()
        if status:
            raise OSError("zstd exited with status %d" % status)


def open_text(name, mode, compression="use_ext"):
    """The file 'name' opened for reading ('r') or writing ('w') text."""
    kind = compression_of(name, compression)
    text_mode = mode[0] + "t"
    if kind is None:
        return open(name, mode[0], encoding="utf-8")
    if kind == "gzip":
        return gzip.open(name, text_mode, encoding="utf-8")
    if kind == "bzip2":
        return bz2.open(name, text_mode, encoding="utf-8")
    if kind == "lzma":
        return lzma.open(name, text_mode, encoding="utf-8")
    try:
        from compression import zstd  # Python 3.14
        return zstd.open(name, text_mode, encoding="utf-8")
    except ImportError:
        return _ZstdProgram(name, mode)
