//! Keeps the references in code and docs inside the repository.
//!
//! 1. No source, test or documentation file cites a section of a document that is not in the
//!    repository (a section sign, the deviation labels of the old specification, or a
//!    tracker number such as "issue" followed by a digit). Comments point into
//!    `docs/contracts/` instead.
//! 2. Every `<file>.md#<anchor>` reference, and every relative link in the Markdown files under
//!    `docs/`, resolves: the file exists and, where an anchor is given, the file has a heading
//!    whose GitHub slug is that anchor.
//!
//! Pure std, no jni: it runs with and without the default features.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Trees scanned for citations (relative to the crate root). Build outputs are skipped.
const SCANNED: &[&str] = &[
    "src",
    "java/src",
    "tests",
    "benches",
    "fuzz/fuzz_targets",
    "fuzz/README.md",
    "scripts",
    "examples",
    "android",
    "docs",
    "README.md",
    "ARCHITECTURE.md",
    "CHANGELOG.md",
];

/// Raw benchmark output kept as the tools wrote it (not prose of ours).
const GENERATED: &[&str] = &["docs/bench/"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rel(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn walk(path: &Path, out: &mut Vec<PathBuf>) {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name == "target" || name.starts_with('.') {
        return;
    }
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = fs::read_dir(path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            walk(&entry, out);
        }
    } else if path.is_file() {
        out.push(path.to_path_buf());
    }
}

/// Every scanned text file with its contents (files that are not UTF-8 are binary: skipped).
fn scanned_files() -> Vec<(String, String)> {
    let mut paths = Vec::new();
    for tree in SCANNED {
        let path = root().join(tree);
        if path.exists() {
            walk(&path, &mut paths);
        }
    }
    paths
        .into_iter()
        .filter_map(|p| {
            let text = String::from_utf8(fs::read(&p).ok()?).ok()?;
            Some((rel(&p), text))
        })
        .collect()
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The citations on one line: a section sign, `DL-`/`BU-`/`D-` labels followed by a digit at a
/// word start, "issue" followed by a space and a digit, or a path into the old specification tree.
fn citations(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    if line.contains('\u{a7}') {
        found.push("section sign".to_string());
    }
    let bytes = line.as_bytes();
    for label in ["DL-", "BU-", "D-"] {
        let mut from = 0;
        while let Some(pos) = line[from..].find(label) {
            let at = from + pos;
            let starts_word = at == 0 || !is_word_byte(bytes[at - 1]);
            let digit = bytes.get(at + label.len()).is_some_and(u8::is_ascii_digit);
            if starts_word && digit {
                found.push(format!("label {label}<n>"));
            }
            from = at + label.len();
        }
    }
    let lower = line.to_ascii_lowercase();
    let lower_bytes = lower.as_bytes();
    let mut from = 0;
    while let Some(pos) = lower[from..].find("issue ") {
        let at = from + pos;
        let starts_word = at == 0 || !is_word_byte(lower_bytes[at - 1]);
        if starts_word && lower_bytes.get(at + 6).is_some_and(u8::is_ascii_digit) {
            found.push("tracker number".to_string());
        }
        from = at + 6;
    }
    // Paths into the old specification tree, spelled in pieces so this file does not match itself.
    let shared = format!("shared/{}", "spec");
    for outside in [
        "/java_api",
        "/tensor",
        "/shape",
        "/strided_slice",
        "java_api.md",
        "shared",
    ] {
        let outside = match outside {
            "shared" => shared.clone(),
            o if o.starts_with('/') => format!("spec{o}"),
            o => o.to_string(),
        };
        if line.contains(&outside) {
            found.push(format!("outside document {outside}"));
        }
    }
    found
}

#[test]
fn no_citation_of_documents_outside_the_repository() {
    let mut offences = Vec::new();
    for (path, text) in scanned_files() {
        if GENERATED.iter().any(|g| path.starts_with(g)) || path == "tests/contract_references.rs" {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let found = citations(line);
            if !found.is_empty() {
                offences.push(format!(
                    "{path}:{}: {} in: {}",
                    n + 1,
                    found.join(", "),
                    line.trim()
                ));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "cite docs/contracts/*.md#heading instead of outside documents or the tracker:\n{}",
        offences.join("\n")
    );
}

/// GitHub's heading anchor: lower case; letters, digits, `_`, `-` and spaces kept; spaces become
/// `-`. Repeated headings get `-1`, `-2`, … appended.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_' || *c == '-' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = BTreeSet::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let hashes = line.bytes().take_while(|b| *b == b'#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = slug(line[hashes..].trim().trim_end_matches('#'));
            let n = seen.iter().filter(|s| **s == base).count();
            out.insert(if n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            });
            seen.push(base);
        }
    }
    out
}

fn is_path_byte(b: u8) -> bool {
    is_word_byte(b) || b == b'/' || b == b'.' || b == b'-'
}

/// `(target file, anchor)` for every `<path>.md#<anchor>` on a line.
fn md_anchor_refs(line: &str) -> Vec<(String, String)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(pos) = line[from..].find(".md#") {
        let at = from + pos;
        let mut start = at;
        while start > 0 && is_path_byte(bytes[start - 1]) {
            start -= 1;
        }
        let anchor_start = at + 4;
        let mut end = anchor_start;
        while end < bytes.len() && (is_word_byte(bytes[end]) || bytes[end] == b'-') {
            end += 1;
        }
        out.push((
            line[start..at + 3].to_string(),
            line[anchor_start..end].to_string(),
        ));
        from = anchor_start;
    }
    out
}

/// Relative Markdown link targets `](target)` on a line (no scheme, no mail address).
fn md_links(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(pos) = line[from..].find("](") {
        let start = from + pos + 2;
        let Some(len) = line[start..].find(')') else {
            break;
        };
        let target = &line[start..start + len];
        if !target.contains("://") && !target.starts_with("mailto:") && !target.is_empty() {
            out.push(target.to_string());
        }
        from = start + len;
    }
    out
}

/// Resolves a reference from `from_file`: relative to that file's directory for Markdown, and
/// also relative to the crate root (how code comments write `docs/contracts/x.md`).
fn resolve(from_file: &str, target: &str) -> Option<PathBuf> {
    let dir = Path::new(from_file).parent().unwrap_or(Path::new(""));
    [root().join(dir).join(target), root().join(target)]
        .into_iter()
        .find(|p| p.is_file())
}

#[test]
fn every_contract_reference_resolves_to_a_heading() {
    let mut problems = Vec::new();
    let mut checked = 0usize;
    for (path, text) in scanned_files() {
        if GENERATED.iter().any(|g| path.starts_with(g)) || path == "tests/contract_references.rs" {
            continue;
        }
        let is_doc = path.starts_with("docs/") && path.ends_with(".md");
        for (n, line) in text.lines().enumerate() {
            let mut refs: Vec<(String, String)> = md_anchor_refs(line);
            if is_doc {
                for link in md_links(line) {
                    match link.split_once('#') {
                        Some(("", anchor)) => refs.push((path.clone(), anchor.to_string())),
                        Some((file, anchor)) if !refs.iter().any(|(f, _)| f.ends_with(file)) => {
                            refs.push((file.to_string(), anchor.to_string()))
                        }
                        Some(_) => {}
                        None => refs.push((link, String::new())),
                    }
                }
            }
            for (file, anchor) in refs {
                checked += 1;
                let target = if file == path {
                    Some(root().join(&path))
                } else {
                    resolve(&path, &file)
                };
                let Some(target) = target else {
                    problems.push(format!("{path}:{}: no such file {file}", n + 1));
                    continue;
                };
                if anchor.is_empty() || !file.ends_with(".md") {
                    continue;
                }
                let headings = anchors(&fs::read_to_string(&target).expect("readable Markdown"));
                if !headings.contains(&anchor) {
                    problems.push(format!("{path}:{}: {file} has no heading #{anchor}", n + 1));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "broken references:\n{}",
        problems.join("\n")
    );
    assert!(
        checked > 0,
        "no reference was checked: the scan found nothing"
    );
}

#[test]
fn slugs_follow_github() {
    assert_eq!(slug("C++ tensor methods"), "c-tensor-methods");
    assert_eq!(
        slug("equals, hashCode and toString"),
        "equals-hashcode-and-tostring"
    );
    assert_eq!(
        slug("End-mask fix for at(-1, true)"),
        "end-mask-fix-for-at-1-true"
    );
    assert_eq!(slug("Deviations from TF 1.15"), "deviations-from-tf-115");
    assert_eq!(
        slug("The factory copies the caller's array"),
        "the-factory-copies-the-callers-array"
    );
    let doc = "# A\n## Same\n```\n# not a heading\n```\n### Same\n";
    let got: Vec<String> = anchors(doc).into_iter().collect();
    assert_eq!(got, ["a", "same", "same-1"]);
}

#[test]
fn citation_patterns() {
    let section = format!("see tensor.md {}8.2", '\u{a7}');
    assert_eq!(citations(&section).len(), 1);
    assert_eq!(citations(&format!("({}L-8)", 'D')).len(), 1);
    assert_eq!(citations(&format!("{}U-1 item 3", 'B')).len(), 1);
    assert_eq!(citations(&format!("deviation {}-1", 'D')).len(), 1);
    assert_eq!(citations(&format!("measured in Issue {}", 5)).len(), 1);
    assert!(citations("ND-1 and 2D-3 and MODEL-4 are words").is_empty());
    assert!(citations(&format!("re{0} 5 ti{0}s 7; an {0}: none", "issue")).is_empty());
    assert_eq!(citations(&format!("see shared/{}/x", "spec")).len(), 1);
    assert_eq!(citations(&format!("from {}/shape.md", "spec")).len(), 1);
    assert!(citations("see docs/contracts/tensor.md#life-cycle").is_empty());
    assert_eq!(
        md_anchor_refs("a docs/contracts/tensor.md#life-cycle)."),
        [(
            "docs/contracts/tensor.md".to_string(),
            "life-cycle".to_string()
        )]
    );
}
