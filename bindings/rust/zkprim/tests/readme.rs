//! The README's Rust snippet is the crate documentation's first example,
//! which runs as a doctest: so the README shows code that compiles and works.
#[test]
fn readme_snippet_is_the_tested_doc_example() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../..");
    let readme = match std::fs::read_to_string(format!("{root}/README.md")) {
        Ok(t) => t,
        Err(_) => return eprintln!("SKIPPED: no README.md (a packaged crate)"),
    };
    let block = readme
        .split("```rust\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("README.md has a ```rust block");
    let lines: Vec<&str> = block.lines().collect();
    assert_eq!(lines.len(), 5, "the README promises five lines");
    let doc = include_str!("../src/lib.rs");
    for line in lines {
        assert!(
            doc.contains(&format!("//! {line}\n")),
            "README line not in the doc example: {line}"
        );
    }
}
