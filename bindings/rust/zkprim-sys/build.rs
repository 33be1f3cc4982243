//! Builds or finds the zkprim C library, with nothing but std (no build
//! dependencies, so `cargo build --offline` works on a fresh machine).
//!
//! In order:
//!  1. `ZKPRIM_LIB_DIR` set: link `libzkprim` from that directory (static
//!     when `libzkprim.a` is there, else shared).
//!  2. `ZKPRIM_USE_PKG_CONFIG=1`, or no bundled C sources (a packaged crate):
//!     ask `pkg-config --libs zkprim`.
//!  3. Otherwise build the bundled C sources (this repository, three levels
//!     up) with CMake: a Release static library in OUT_DIR, without the
//!     tests and tools.
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    for v in [
        "ZKPRIM_LIB_DIR",
        "ZKPRIM_USE_PKG_CONFIG",
        "PKG_CONFIG_PATH",
        "CMAKE",
        "CC",
    ] {
        println!("cargo:rerun-if-env-changed={v}");
    }
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest.join("../../..");
    let bundled =
        root.join("CMakeLists.txt").is_file() && root.join("include/zkprim/zkprim.h").is_file();

    if let Some(dir) = env::var_os("ZKPRIM_LIB_DIR").filter(|d| !d.is_empty()) {
        link_dir(Path::new(&dir));
    } else if env::var("ZKPRIM_USE_PKG_CONFIG").as_deref() == Ok("1") || !bundled {
        link_pkg_config();
    } else {
        build_bundled(&root);
    }
}

fn link_dir(dir: &Path) {
    println!("cargo:rustc-link-search=native={}", dir.display());
    let a = dir.join("libzkprim.a");
    if a.is_file() {
        println!("cargo:rustc-link-lib=static=zkprim");
        println!("cargo:rustc-link-lib=pthread");
        println!("cargo:rustc-env=ZKPRIM_SYS_LINKED_LIBRARY={}", a.display());
    } else {
        println!("cargo:rustc-link-lib=dylib=zkprim");
        println!(
            "cargo:rustc-env=ZKPRIM_SYS_LINKED_LIBRARY={}",
            dir.join("libzkprim.so").display()
        );
    }
}

fn link_pkg_config() {
    // libdir is where `make install` put the library (zkprim.pc names it).
    let out = Command::new("pkg-config")
        .args(["--variable=libdir", "zkprim"])
        .output();
    let dir = match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).trim().to_string(),
        _ => panic!(
            "zkprim-sys: no bundled C sources and `pkg-config zkprim` failed; \
             install zkprim or set ZKPRIM_LIB_DIR to the directory holding libzkprim"
        ),
    };
    link_dir(Path::new(&dir));
}

fn build_bundled(root: &Path) {
    for p in ["CMakeLists.txt", "cmake", "src", "include", "gen"] {
        println!("cargo:rerun-if-changed={}", root.join(p).display());
    }
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("cmake-build");
    let cmake = env::var("CMAKE").unwrap_or_else(|_| "cmake".into());
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());
    // The library alone; the optional checks of the tests and tools (and CI's
    // rule that none be left out) do not concern it.
    run(Command::new(&cmake)
        .arg("-S")
        .arg(root)
        .arg("-B")
        .arg(&out)
        .args([
            "-DCMAKE_BUILD_TYPE=Release",
            "-DZKP_BUILD_TESTS=OFF",
            "-DZKP_BUILD_TOOLS=OFF",
            "-DZKP_REQUIRE_ALL=OFF",
            "-DCMAKE_POSITION_INDEPENDENT_CODE=ON",
        ])
        .env_remove("ZKPRIM_REQUIRE_ALL_STAGES"));
    run(Command::new(&cmake).arg("--build").arg(&out).args([
        "--target",
        "zkprim_static",
        "-j",
        &jobs,
    ]));
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=zkprim");
    println!("cargo:rustc-link-lib=pthread");
    println!(
        "cargo:rustc-env=ZKPRIM_SYS_LINKED_LIBRARY={}",
        out.join("libzkprim.a").display()
    );
    println!("cargo:include={}", root.join("include").display());
    println!("cargo:root={}", root.display());
}

fn run(cmd: &mut Command) {
    let status = cmd
        .status()
        .unwrap_or_else(|e| panic!("zkprim-sys: cannot run {cmd:?}: {e} (CMake is needed to build the bundled C library; or set ZKPRIM_LIB_DIR)"));
    assert!(status.success(), "zkprim-sys: {cmd:?} failed ({status})");
}
