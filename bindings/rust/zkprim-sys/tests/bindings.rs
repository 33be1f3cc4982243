//! The declarations cannot drift from the library: every `zkp_*` symbol the
//! linked library defines is declared, the checked-in bindings are what
//! scripts/gen-rust-sys.py makes of the headers, and the struct sizes the C
//! headers fix by comment are the Rust ones.
//!
//! The checks that need a tool (nm, python3 and a C preprocessor) report and
//! pass where it is missing, except under ZKPRIM_REQUIRE_ALL_STAGES=1 (CI),
//! where a missing tool fails.
use std::path::PathBuf;
use std::process::Command;

const BINDINGS: &str = include_str!("../src/bindings.rs");

fn tool_missing(what: &str) {
    if std::env::var("ZKPRIM_REQUIRE_ALL_STAGES").as_deref() == Ok("1") {
        panic!("{what} is missing and ZKPRIM_REQUIRE_ALL_STAGES=1: nothing may be skipped");
    }
    eprintln!("SKIPPED: {what} is missing");
}

#[test]
fn every_library_symbol_is_declared() {
    let nm = std::env::var("NM").unwrap_or_else(|_| "nm".into());
    let out = match Command::new(&nm)
        .args(["-g", "--defined-only", zkprim_sys::LINKED_LIBRARY])
        .output()
    {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
        Ok(o) => panic!(
            "{nm} {}: {}",
            zkprim_sys::LINKED_LIBRARY,
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(_) => return tool_missing("nm (binutils)"),
    };
    let mut symbols: Vec<&str> = out
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace().rev();
            let name = w.next()?;
            let kind = w.next()?;
            (name.starts_with("zkp_") && "TDRB".contains(kind)).then_some(name)
        })
        .collect();
    symbols.sort_unstable();
    symbols.dedup();
    assert!(
        symbols.len() > 200,
        "only {} zkp_* symbols in {}",
        symbols.len(),
        zkprim_sys::LINKED_LIBRARY
    );
    let missing: Vec<&&str> = symbols
        .iter()
        .filter(|s| !BINDINGS.contains(&format!("pub fn {s}(")))
        .collect();
    assert!(missing.is_empty(), "exported but not declared: {missing:?}");
}

#[test]
fn bindings_are_the_generators_output() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let script = root.join("scripts/gen-rust-sys.py");
    if !script.is_file() {
        return tool_missing("the repository's scripts/ (a packaged crate)");
    }
    let st = match Command::new("python3").arg(&script).arg("--check").status() {
        Ok(s) => s,
        Err(_) => return tool_missing("python3"),
    };
    assert!(
        st.success(),
        "src/bindings.rs differs from scripts/gen-rust-sys.py's output"
    );
}

#[test]
fn struct_sizes_match_the_headers() {
    use core::mem::size_of;
    use zkprim_sys::*;
    assert_eq!(size_of::<zkp_keccak_state>(), 208); // keccak.h: "(208 bytes)"
    assert_eq!(size_of::<zkp_poseidon_fr>(), 32);
    assert_eq!(size_of::<zkp_gf2_b127>(), 16);
    assert_eq!(size_of::<zkp_gf2_b163>(), 24);
    assert_eq!(size_of::<zkp_gf2_b256>(), 32);
    assert_eq!(size_of::<zkp_hemera_hasher>(), 16 * 8 + 56 + 8 + 4 + 4);
    assert_eq!(size_of::<zkp_lean_imt_proof>(), 32 + 32 + 8 + 8 + 64 * 32);
}

#[test]
fn calls_reach_the_library() {
    let mut out = [0u8; 32];
    let st = unsafe { zkprim_sys::zkp_keccak256(core::ptr::null(), 0, out.as_mut_ptr()) };
    assert_eq!(st, zkprim_sys::ZKP_OK);
    assert_eq!(out[..4], [0xc5, 0xd2, 0x46, 0x01]);
}
