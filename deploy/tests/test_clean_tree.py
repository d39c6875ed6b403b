"""`make run`'s build steps leave a fresh clone clean: a person who clones the repository and
runs it sees no modified tracked file and no stray untracked one. The frontend's install once
rewrote frontend/package-lock.json (`npm install` adding other platforms' optional packages);
the Makefile now installs with `npm ci`, which never writes the lock.

The clone is of the committed tree (HEAD), as a new user gets it; the Rust build is left out
(it writes only under CARGO_TARGET_DIR, outside the clone, and runs with the committed
Cargo.lock).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO


def run(args: list[str], cwd: Path) -> str:
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(args)}: {result.stdout[-4000:]}{result.stderr[-4000:]}"
    return result.stdout


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_make_frontend_leaves_a_fresh_clone_clean(tmp_path: Path):
    clone = tmp_path / "tradewind"
    run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(clone)], cwd=tmp_path)
    run(["make", "--no-print-directory", "frontend"], cwd=clone)
    assert (clone / "frontend" / "dist" / "index.html").is_file()
    status = run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=clone)
    assert status == "", f"make frontend changed the clone:\n{status}"
