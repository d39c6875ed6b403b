"""deploy/Dockerfile and .dockerignore: hadolint, and the facts the chart and compose file rely on.

The image itself cannot be built here (no Docker engine); these checks keep its shape honest.
"""

from __future__ import annotations

import re
import subprocess

from conftest import BINARIES, DEPLOY, REPO, SERVICES, tool

DOCKERFILE = DEPLOY / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, with continuation lines joined and comments dropped."""
    joined: list[str] = []
    current = ""
    for line in DOCKERFILE.read_text().splitlines():
        stripped = line.strip()
        if not current and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            current += stripped[:-1] + " "
            continue
        joined.append(current + stripped)
        current = ""
    return [(text.split(None, 1)[0].upper(), text.split(None, 1)[1]) for text in joined]


def stages() -> list[list[tuple[str, str]]]:
    result: list[list[tuple[str, str]]] = []
    for instruction in instructions():
        if instruction[0] == "FROM":
            result.append([])
        if result:
            result[-1].append(instruction)
    return result


def arg_defaults() -> dict[str, str]:
    defaults = {}
    for name, args in instructions():
        if name == "ARG" and "=" in args:
            key, value = args.split("=", 1)
            defaults[key] = value.strip('"')
    return defaults


def base_image(stage: list[tuple[str, str]]) -> str:
    image = stage[0][1].split()[0]
    return re.sub(r"\$\{(\w+)\}", lambda m: arg_defaults()[m.group(1)], image)


def test_hadolint_finds_nothing():
    result = subprocess.run(
        [tool("hadolint"), "--no-color", str(DOCKERFILE)], capture_output=True, text=True
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_stages_and_base_images():
    all_stages = stages()
    named = {stage[0][1].split()[-1]: stage for stage in all_stages if " AS " in stage[0][1].upper()}
    assert base_image(named["frontend"]) == "node:20-bookworm-slim"
    assert base_image(named["builder"]) == "rust:1.95-bookworm"
    assert base_image(all_stages[-1]) == "debian:bookworm-slim"


def test_frontend_stage_tolerates_a_missing_frontend():
    frontend = dict((n, a) for n, a in stages()[0] if n in ("COPY", "RUN"))
    # A wildcard copy: it copies nothing when frontend/ does not exist, where "frontend/" fails.
    assert frontend["COPY"].split()[0] == "frontend*"
    assert "npm ci" in frontend["RUN"] and "npm run build" in frontend["RUN"]
    assert "mkdir -p dist" in frontend["RUN"]


def test_builder_caches_dependencies_before_copying_sources():
    builder = next(s for s in stages() if s[0][1].split()[-1] == "builder")
    steps = [f"{name} {args}" for name, args in builder]
    skeleton = next(i for i, s in enumerate(steps) if s.startswith("COPY --from=planner"))
    sources = next(i for i, s in enumerate(steps) if s.startswith("COPY . ."))
    builds = [i for i, s in enumerate(steps) if "cargo build --release --locked" in s]
    assert len(builds) == 2 and skeleton < builds[0] < sources < builds[1], steps
    # The git facts come in after the dependency layer, so a new commit does not invalidate it.
    commit_env = next(i for i, s in enumerate(steps) if "TRADEWIND_BUILD_GIT_COMMIT=${GIT_COMMIT}" in s)
    assert sources < commit_env < builds[1]
    assert "TRADEWIND_BUILD_GIT_COMMIT_TIME=${GIT_COMMIT_TIME}" in steps[commit_env]
    for binary in BINARIES:
        assert re.search(rf"\b{re.escape(binary)}\b", steps[builds[1]]), binary


def test_runtime_stage():
    runtime = stages()[-1]
    text = "\n".join(f"{name} {args}" for name, args in runtime)
    assert "ca-certificates" in text and "libssl3" in text
    assert ("USER", "10001:10001") in runtime
    assert ("EXPOSE", "8080-8088") in runtime
    assert ("ENTRYPOINT", '["tradewind-entrypoint"]') in runtime
    assert "COPY --from=builder /out/bin/ /usr/local/bin/" in text
    assert "COPY --from=frontend /src/frontend/dist/ /srv/tradewind/frontend/" in text
    assert "TRADEWIND_GATEWAY__STATIC_DIR=/srv/tradewind/frontend" in text
    for _, env, _, _ in SERVICES.values():
        assert f"TRADEWIND_{env}__HTTP__HOST=0.0.0.0" in text


def test_copied_files_exist():
    for name, args in instructions():
        if name != "COPY" or "--from=" in args:
            continue
        sources = [word for word in args.split()[:-1] if not word.startswith("--")]
        for source in sources:
            if "*" in source or source == ".":
                continue
            assert (REPO / source).exists(), source


def test_dockerignore_keeps_the_context_small_but_complete():
    patterns = {
        line.strip().rstrip("/")
        for line in (REPO / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    for required in ("target", "**/node_modules", "data", ".git", "frontend/dist"):
        assert required in patterns, required
    # What the image is built from must stay in the context.
    for needed in ("deploy", "services", "Cargo.toml", "Cargo.lock", "frontend", "proto"):
        assert needed not in patterns, needed
