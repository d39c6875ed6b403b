//! Compiles the event contracts in Rust (protox), then generates the types (prost-build).

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Read when the script runs, not baked in when it is compiled: checkouts at other paths
    // share one target directory (and this script's binary), and must read their own files.
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?).join("..");
    let files: Vec<PathBuf> = std::fs::read_dir(root.join("tradewind/events/v1"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "proto"))
        .collect();
    // The directory too: a new .proto file must rebuild the contracts.
    println!(
        "cargo:rerun-if-changed={}",
        root.join("tradewind/events/v1").display()
    );
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let descriptors = protox::compile(&files, [&root])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}
