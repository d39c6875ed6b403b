#!/usr/bin/env bash
# Writes a skeleton of the Cargo workspace in SRC into DEST: the workspace files (Cargo.toml,
# Cargo.lock, toolchain and cargo config), every crate's Cargo.toml, and a stub for every target
# file cargo would look for (src/lib.rs empty, everything else `fn main() {}`).
#
# deploy/Dockerfile builds the skeleton first, so the layer holding the compiled dependencies is
# keyed on the manifests and the lock file only and survives any change to the sources (the idea of
# cargo-chef, done by hand). Deriving the skeleton from the tree, rather than listing each crate in
# the Dockerfile, keeps the image building when a crate, a build.rs, a test or a bench is added.
#
# Usage: cargo-skeleton.sh SRC DEST
set -euo pipefail

src=${1:?usage: cargo-skeleton.sh SRC DEST}
dest=${2:?usage: cargo-skeleton.sh SRC DEST}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
cd "$src"

# The target files of the crate in directory $1 that must exist for cargo to load its manifest.
targets() {
    local crate=$1 dir
    [ -f "$crate/build.rs" ] && echo "$crate/build.rs"
    [ -f "$crate/src/lib.rs" ] && echo "$crate/src/lib.rs"
    [ -f "$crate/src/main.rs" ] && echo "$crate/src/main.rs"
    for dir in src/bin tests benches examples; do
        [ -d "$crate/$dir" ] || continue
        find "$crate/$dir" -maxdepth 1 -type f -name '*.rs'
        find "$crate/$dir" -mindepth 2 -maxdepth 2 -type f -name main.rs
    done
    # Targets with an explicit `path = "....rs"` ([lib], [[bin]], [[bench]], build = ...).
    sed -n 's/^[[:space:]]*\(path\|build\)[[:space:]]*=[[:space:]]*"\([^"]*\.rs\)".*/\2/p' \
        "$crate/Cargo.toml" | sed "s|^|$crate/|"
    return 0
}

for file in Cargo.toml Cargo.lock rust-toolchain rust-toolchain.toml .cargo/config.toml .cargo/config; do
    if [ -f "$file" ]; then
        mkdir -p "$dest/$(dirname "$file")"
        cp "$file" "$dest/$file"
    fi
done

find . \( -name target -o -name node_modules -o -name .git -o -path ./frontend \) -prune \
    -o -name Cargo.toml ! -path ./Cargo.toml -print |
    while read -r manifest; do
        crate=$(dirname "$manifest")
        mkdir -p "$dest/$crate"
        cp "$manifest" "$dest/$manifest"
        targets "$crate" | while read -r target; do
            [ -e "$dest/$target" ] && continue
            mkdir -p "$dest/$(dirname "$target")"
            case $target in
                */src/lib.rs) : >"$dest/$target" ;;
                *) echo 'fn main() {}' >"$dest/$target" ;;
            esac
        done
    done
