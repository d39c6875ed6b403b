//! No service's crate depends on another's: services learn about each other through events and
//! HTTP, and tests or benchmarks that run several services together live in the fleet's crate,
//! the one crate allowed to depend on them all.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

/// The crates of the registry's services (`services/registry.json`), by directory.
fn services(root: &Path) -> Vec<String> {
    let registry = std::fs::read_to_string(root.join("registry.json")).unwrap();
    let registry: serde_json::Value = serde_json::from_str(&registry).unwrap();
    registry["services"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The crates a manifest names in any of its dependency tables (normal, dev, build, per
/// target), written as `name = ...`, `name.workspace = true` or `[dependencies.name]`.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_table = false;
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']').trim_matches('[').trim();
            let (table, named) = match header.split_once("dependencies.") {
                Some((before, name)) => (format!("{before}dependencies"), Some(name)),
                None => (header.to_owned(), None),
            };
            let is_deps = table.ends_with("dependencies");
            in_table = is_deps && named.is_none();
            if let (true, Some(name)) = (is_deps, named) {
                found.push(name.trim_matches('"').to_owned());
            }
            continue;
        }
        if in_table
            && !line.starts_with('#')
            && let Some(key) = line.split(['=', '.']).next().map(str::trim)
            && !key.is_empty()
        {
            found.push(key.trim_matches('"').to_owned());
        }
    }
    found
}

#[test]
fn no_service_crate_depends_on_another_service() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let services = services(&root);
    assert!(
        services.len() > 5,
        "the registry lists the services: {services:?}"
    );
    let mut wrong = Vec::new();
    for service in &services {
        let manifest = std::fs::read_to_string(root.join(service).join("Cargo.toml")).unwrap();
        for dep in dependencies(&manifest) {
            if dep != *service && services.contains(&dep) {
                wrong.push(format!("{service} -> {dep}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "service crates depending on other services (move what needs several services to \
         services/fleet, its tests/ or benches/): {wrong:?}"
    );
}

#[test]
fn the_manifest_reader_sees_every_kind_of_dependency() {
    let manifest = r#"
[package]
name = "x"

[dependencies]
platform.workspace = true
hotel-app = { workspace = true }

[dev-dependencies]
# saas-main.workspace = true
auth-center.workspace = true

[target.'cfg(unix)'.dependencies]
ticket-app = "1"

[dev-dependencies.mall-app]
workspace = true

[lints]
workspace = true
"#;
    assert_eq!(
        dependencies(manifest),
        [
            "platform",
            "hotel-app",
            "auth-center",
            "ticket-app",
            "mall-app"
        ]
    );
}
