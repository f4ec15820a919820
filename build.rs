//! Records the commit the binary is built from as `FERRITE_COMMIT`, which self-play game
//! files keep as the engine that made them: git's short hash, with `-dirty` when tracked
//! files outside `data/` have uncommitted changes, or `unknown` outside a git checkout.

use std::process::Command;

/// What `git args` prints, trimmed, if it runs and succeeds.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout).trim().to_string();
    output.status.success().then_some(text)
}

fn main() {
    let commit = git(&["rev-parse", "--short=7", "HEAD"]);
    // The data folder changes while self-play runs: that is no change to the engine.
    let dirty = git(&[
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
        ".",
        ":!data",
    ])
    .is_some_and(|changes| !changes.is_empty());
    let value = match commit {
        Some(hash) if dirty => format!("{hash}-dirty"),
        Some(hash) => hash,
        None => "unknown".to_string(),
    };
    println!("cargo:rustc-env=FERRITE_COMMIT={value}");
    // Run again when the sources change (they may make the tree dirty), or the checked-out
    // commit or the staged files do.
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    for file in ["HEAD", "index"] {
        if let Some(path) = git(&["rev-parse", "--git-path", file]) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    if let Some(reference) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(path) = git(&["rev-parse", "--git-path", &reference]) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
