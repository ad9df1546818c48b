"""The wheel that 'pip install ./python --no-build-isolation' builds through
python/pep517_backend.py: its contents, RECORD hashes, and that the
unpacked wheel imports and solves in a fresh interpreter."""

import base64
import contextlib
import hashlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest
import zipfile

from helpers import CONFIG, ROOT


def load_backend():
    path = os.path.join(ROOT, "python", "pep517_backend.py")
    spec = importlib.util.spec_from_file_location("pep517_backend", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@unittest.skipUnless(CONFIG == "release", "the wheel links the release library")
class WheelTest(unittest.TestCase):
    def test_build_wheel(self):
        backend = load_backend()
        self.assertEqual(backend.get_requires_for_build_wheel(), [])
        with tempfile.TemporaryDirectory() as tmp:
            with tempfile.TemporaryFile("w+") as log, contextlib.redirect_stderr(log):
                name = backend.build_wheel(tmp)  # make's output goes to the log
            self.assertTrue(name.startswith("einsat-%s-" % backend.version()))
            self.assertTrue(name.endswith(backend.wheel_tag() + ".whl"))
            with zipfile.ZipFile(os.path.join(tmp, name)) as wheel:
                names = wheel.namelist()
                self.assertIn("einsat/__init__.py", names)
                self.assertIn("einsat/encode.py", names)
                self.assertIn("einsat/pysat/solvers.py", names)
                self.assertIn("einsat/pysat/formula.py", names)
                self.assertTrue(any(n.startswith("einsat/_einsat") for n in names))
                info = [n for n in names if n.endswith(".dist-info/RECORD")][0]
                for line in wheel.read(info).decode().split():
                    path, digest, size = line.split(",")
                    if path == info:
                        continue
                    data = wheel.read(path)
                    expected = base64.urlsafe_b64encode(
                        hashlib.sha256(data).digest()).rstrip(b"=").decode()
                    self.assertEqual((digest, int(size)), ("sha256=" + expected, len(data)))
                wheel.extractall(os.path.join(tmp, "site"))
            env = dict(os.environ, PYTHONPATH=os.path.join(tmp, "site"))
            out = subprocess.run(
                [sys.executable, "-c", "import einsat, einsat.pysat.solvers as s; "
                 "print(einsat.__file__, einsat.solve([[1, -2], [2]]), "
                 "s.Solver(bootstrap_with=[[3]]).solve())"],
                capture_output=True, text=True, env=env, timeout=60, cwd=tmp)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn("[1, 2] True", out.stdout)
            self.assertIn(os.path.join(tmp, "site"), out.stdout)


if __name__ == "__main__":
    unittest.main()
