//! Records the build facts served by `/actuator/info`: git commit id and time, build time.
//!
//! Outside a git checkout (a source tarball, a Docker build without `.git`) the values come from
//! `TRADEWIND_BUILD_GIT_COMMIT` / `TRADEWIND_BUILD_GIT_COMMIT_TIME` when set, otherwise "unknown"
//! and 0, so the build never fails for want of git.

use std::path::PathBuf;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (!text.is_empty()).then_some(text)
}

fn main() {
    println!("cargo:rerun-if-env-changed=TRADEWIND_BUILD_GIT_COMMIT");
    println!("cargo:rerun-if-env-changed=TRADEWIND_BUILD_GIT_COMMIT_TIME");

    // Rebuild only when HEAD moves, not on every source change: a build script that always reruns
    // would recompile every service on each build.
    if let Some(git_dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        let git_dir = PathBuf::from(git_dir);
        println!("cargo:rerun-if-changed={}", git_dir.join("HEAD").display());
        if let Some(head_ref) = git(&["symbolic-ref", "-q", "HEAD"]) {
            let ref_path = git_dir.join(&head_ref);
            if ref_path.exists() {
                println!("cargo:rerun-if-changed={}", ref_path.display());
            }
            // Only a file that exists: cargo reruns a build script watching a missing file on
            // every build, and the new build time then recompiles every service.
            let packed = git_dir.join("packed-refs");
            if packed.exists() {
                println!("cargo:rerun-if-changed={}", packed.display());
            }
        }
    }

    let commit = std::env::var("TRADEWIND_BUILD_GIT_COMMIT")
        .ok()
        .filter(|v| !v.is_empty())
        .or_else(|| git(&["rev-parse", "HEAD"]))
        .unwrap_or_else(|| "unknown".to_owned());
    let commit_time_ms: i64 = std::env::var("TRADEWIND_BUILD_GIT_COMMIT_TIME")
        .ok()
        .and_then(|v| v.parse().ok())
        .or_else(|| {
            git(&["log", "-1", "--format=%ct"])
                .and_then(|s| s.parse::<i64>().ok())
                .map(|secs| secs * 1000)
        })
        .unwrap_or(0);
    let build_time_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);

    println!("cargo:rustc-env=TRADEWIND_GIT_COMMIT={commit}");
    println!("cargo:rustc-env=TRADEWIND_GIT_COMMIT_TIME={commit_time_ms}");
    println!("cargo:rustc-env=TRADEWIND_BUILD_TIME={build_time_ms}");
}
