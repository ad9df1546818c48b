"""A minimal PEP 517 build backend for the einsat package, standard
library only: no setuptools or wheel is needed (pyenv and venv
interpreters often lack 'wheel', which setuptools needs to build wheels).

'build_wheel' runs the project's makefile, 'make python' with
PYTHON=<this interpreter> and PYTHON_DEST=<a temporary folder>, so the
extension is compiled exactly as 'make python' does (linking
build/release/lib/libeinsat.a), and zips the package with its metadata.
It needs the source tree around this folder and 'make' and a C compiler.
Set EINSAT_MAKE_ARGS (e.g. 'CC=clang') to pass more arguments to make.
"""

import base64
import hashlib
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NAME = "einsat"
SUMMARY = ("Python bindings for the einsat SAT solver (pycosat-compatible "
           "solve/itersolve and an incremental Solver)")


def version():
    try:
        with open(os.path.join(ROOT, "Makefile")) as f:
            return re.search(r"^VERSION := (\S+)", f.read(), re.M).group(1)
    except (OSError, AttributeError):
        raise RuntimeError("einsat: build from the source tree (python/ "
                           "next to the project's Makefile)")


def wheel_tag():
    """'cp311-cp311-linux_x86_64' for the running interpreter."""
    soabi = sysconfig.get_config_var("SOABI") or ""
    nodot = "%d%d" % sys.version_info[:2]
    if sys.implementation.name == "cpython":
        parts = soabi.split("-")
        abi = "cp" + (parts[1] if len(parts) > 1 else nodot)
        interpreter = "cp" + nodot
    else:
        abi = "_".join(soabi.split("-")[:2]) or "none"
        interpreter = {"pypy": "pp"}.get(sys.implementation.name, "py") + nodot
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return "%s-%s-%s" % (interpreter, abi, platform)


def metadata():
    with open(os.path.join(HERE, "README.md")) as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Requires-Python: >=3.8\n"
            "Description-Content-Type: text/markdown\n\n%s"
            % (NAME, version(), SUMMARY, readme))


def dist_info():
    return "%s-%s.dist-info" % (NAME, version())


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = os.path.join(metadata_directory, dist_info())
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "METADATA"), "w") as f:
        f.write(metadata())
    return dist_info()


def build_package(destination):
    command = ["make", "-C", ROOT, "--no-print-directory", "CONFIG=release",
               "PYTHON=" + sys.executable, "PYTHON_DEST=" + destination, "python"]
    command += shlex.split(os.environ.get("EINSAT_MAKE_ARGS", ""))
    # pip shows this output only with -v; errors appear in any case.
    subprocess.run(command, check=True, stdout=sys.stderr)
    return os.path.join(destination, NAME)


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d" % (path, digest.decode(), len(data))


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    tag = wheel_tag()
    filename = "%s-%s-%s.whl" % (NAME, version(), tag)
    with tempfile.TemporaryDirectory() as tmp:
        package = build_package(tmp)
        files = []
        for folder, _, names in sorted(os.walk(package)):
            relative = os.path.relpath(folder, package).replace(os.sep, "/")
            prefix = NAME if relative == "." else "%s/%s" % (NAME, relative)
            files += [("%s/%s" % (prefix, name), os.path.join(folder, name))
                      for name in sorted(names)
                      if name.endswith(".py") or name.startswith("_einsat")]
        contents = []
        for arcname, path in files:
            with open(path, "rb") as f:
                contents.append((arcname, f.read()))
        info = dist_info()
        wheel = ("Wheel-Version: 1.0\nGenerator: einsat pep517_backend\n"
                 "Root-Is-Purelib: false\nTag: %s\n" % tag)
        contents.append((info + "/METADATA", metadata().encode()))
        contents.append((info + "/WHEEL", wheel.encode()))
        record = [record_line(name, data) for name, data in contents]
        record.append(info + "/RECORD,,")
        contents.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
        with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                             zipfile.ZIP_DEFLATED) as archive:
            for arcname, data in contents:
                archive.writestr(arcname, data)
    return filename


def build_sdist(sdist_directory, config_settings=None):
    raise RuntimeError("einsat: no source distribution of the Python package "
                       "alone (it needs the library sources); build the "
                       "wheel from the source tree instead")
