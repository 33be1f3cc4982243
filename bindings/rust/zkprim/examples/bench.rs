//! The binding's overhead: each case times the safe call and the same C
//! call made directly through zkprim-sys, interleaved in one run, and
//! prints the medians. `cargo run --release --example bench` (docs/rust.md
//! has a table; the machine it ran on was shared and noisy).
use std::hint::black_box;
use std::time::Instant;
use zkprim::gf2::{B256, BinaryField};
use zkprim::keccak::{self, Algorithm, Keccak256};
use zkprim::poseidon::{Fr, Poseidon, PoseidonHasher};
use zkprim_sys as sys;

/// Median ns per call of each closure over `rounds` timings of `iters`
/// calls, the two alternating in ABBA order (Rust first in even rounds, C
/// first in odd ones) so that drift and the order itself hit both alike;
/// and the median of the paired per-round differences (Rust - C), which a
/// load change between rounds disturbs less than the two medians.
fn compare(
    rounds: usize,
    iters: usize,
    mut rust: impl FnMut(),
    mut c: impl FnMut(),
) -> (f64, f64, f64) {
    let time = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        t.elapsed().as_nanos() as f64 / iters as f64
    };
    let (mut tr, mut tc) = (Vec::new(), Vec::new());
    time(&mut rust);
    time(&mut c);
    for round in 0..rounds {
        if round % 2 == 0 {
            tr.push(time(&mut rust));
            tc.push(time(&mut c));
        } else {
            tc.push(time(&mut c));
            tr.push(time(&mut rust));
        }
    }
    let med = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        v[v.len() / 2]
    };
    let mut diff: Vec<f64> = tr.iter().zip(&tc).map(|(r, c)| r - c).collect();
    (med(&mut tr), med(&mut tc), med(&mut diff))
}

fn row(name: &str, (r, c, d): (f64, f64, f64)) {
    println!(
        "| {name} | {r:.1} | {c:.1} | {d:+.1} | {:+.2} % |",
        100.0 * d / c
    );
}

/// What this run does: the timing table, or (ZKPRIM_BENCH_COUNT=CASE:SIDE:K,
/// SIDE rust or c) only K calls of one side of case number CASE (1-based),
/// for an instruction counter such as valgrind's (docs/rust.md).
struct Mode {
    rounds: usize,
    count: Option<(usize, bool, usize)>,
    case: std::cell::Cell<usize>,
}

fn case(mode: &Mode, name: &str, iters: usize, mut rust: impl FnMut(), mut c: impl FnMut()) {
    let n = mode.case.get() + 1;
    mode.case.set(n);
    match mode.count {
        None => row(name, compare(mode.rounds, iters, rust, c)),
        Some((which, is_rust, k)) if which == n => {
            for _ in 0..k {
                if is_rust { rust() } else { c() }
            }
            println!(
                "case {n} ({name}): {k} calls of the {} side",
                if is_rust { "Rust" } else { "C" }
            );
        }
        Some(_) => {}
    }
}

fn print_header(mode: &Mode) {
    println!(
        "zkprim {} Rust binding vs C, medians of {} interleaved rounds ({})",
        zkprim::version(),
        mode.rounds,
        zkprim::implementations()
    );
    println!(
        "| case | Rust ns/call (median) | C ns/call (median) | paired median Rust - C, ns | of C |"
    );
    println!("|---|---|---|---|---|");
}

fn main() {
    let rounds: usize = std::env::var("ZKPRIM_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(101);
    let count = std::env::var("ZKPRIM_BENCH_COUNT").ok().map(|v| {
        let f: Vec<&str> = v.split(':').collect();
        assert!(f.len() == 3, "ZKPRIM_BENCH_COUNT=CASE:rust|c:CALLS");
        (f[0].parse().unwrap(), f[1] == "rust", f[2].parse().unwrap())
    });
    let mode = Mode {
        rounds,
        count,
        case: std::cell::Cell::new(0),
    };
    if mode.count.is_none() {
        print_header(&mode);
    }

    let msg = [0x5au8; 64];
    let mut out = [0u8; 32];
    case(
        &mode,
        "Keccak-256, 64 B (`Keccak256::digest` / `zkp_keccak256`)",
        20_000,
        || {
            black_box(Keccak256::digest(black_box(&msg)));
        },
        || unsafe {
            black_box(sys::zkp_keccak256(
                black_box(msg.as_ptr()),
                64,
                out.as_mut_ptr(),
            ));
        },
    );

    const N: usize = 64;
    let inputs: Vec<[u8; 64]> = (0..N).map(|i| [i as u8; 64]).collect();
    let refs: Vec<&[u8]> = inputs.iter().map(|v| &v[..]).collect();
    let ptrs: Vec<*const u8> = refs.iter().map(|r| r.as_ptr()).collect();
    let lens = vec![64usize; N];
    let mut outs = vec![[0u8; 32]; N];
    let mut couts = vec![[0u8; 32]; N];
    case(
        &mode,
        "hash_batch_ptrs, 64 x 64 B (`keccak::hash_batch_ptrs` / `zkp_keccak_hash_batch_ptrs`)",
        500,
        || {
            keccak::hash_batch_ptrs(Algorithm::Keccak256, black_box(&refs), &mut outs).unwrap();
        },
        || unsafe {
            black_box(sys::zkp_keccak_hash_batch_ptrs(
                sys::ZKP_KECCAK_256,
                ptrs.as_ptr(),
                lens.as_ptr(),
                N,
                couts.as_mut_ptr().cast(),
                32,
            ));
        },
    );
    let flat: Vec<u8> = inputs.concat();
    case(
        &mode,
        "hash_batch, 64 x 64 B (`keccak::hash_batch` / `zkp_keccak_hash_batch`)",
        500,
        || {
            keccak::hash_batch(Algorithm::Keccak256, black_box(&flat), 64, &mut outs).unwrap();
        },
        || unsafe {
            black_box(sys::zkp_keccak_hash_batch(
                sys::ZKP_KECCAK_256,
                flat.as_ptr(),
                64,
                64,
                N,
                couts.as_mut_ptr().cast(),
                32,
            ));
        },
    );

    let mut states = vec![[7u64; 16]; 64];
    let mut cstates = states.clone();
    case(
        &mode,
        "Hemera permute_batch, 64 states (`hemera::permute_batch` / `zkp_hemera_permute_batch`)",
        200,
        || {
            zkprim::hemera::permute_batch(black_box(&mut states));
        },
        || unsafe {
            black_box(sys::zkp_hemera_permute_batch(cstates.as_mut_ptr(), 64));
        },
    );

    let mut p = Poseidon::<Fr>::new_circom(2).unwrap();
    let x = [Fr::from_u64(1), Fr::from_u64(2)];
    let mut c = core::mem::MaybeUninit::<sys::zkp_poseidon_circom>::zeroed();
    assert_eq!(
        unsafe { sys::zkp_poseidon_new_circom(c.as_mut_ptr(), 2, core::ptr::null_mut()) },
        sys::ZKP_OK
    );
    let c = unsafe { c.assume_init() };
    let mut cout = sys::zkp_poseidon_fr { limb: [0; 4] };
    case(
        &mode,
        "Poseidon t3 (`Poseidon::hash` / `zkp_poseidon_circom_hash`)",
        5_000,
        || {
            black_box(p.hash(black_box(&x)).unwrap());
        },
        || unsafe {
            black_box(sys::zkp_poseidon_circom_hash(
                &c,
                black_box(x.as_ptr()).cast(),
                2,
                &mut cout,
                core::ptr::null_mut(),
            ));
        },
    );
    case(
        &mode,
        "Poseidon t3 (`poseidon::hash` / `zkp_poseidon_hash`)",
        5_000,
        || {
            black_box(zkprim::poseidon::hash(black_box(&x)).unwrap());
        },
        || unsafe {
            black_box(sys::zkp_poseidon_hash(
                black_box(x.as_ptr()).cast(),
                2,
                &mut cout,
            ));
        },
    );

    const M: usize = 1024;
    let a: Vec<B256> = (0..M as u64)
        .map(|i| B256::from_limbs([i, i * 3, i ^ 77, i << 7]).unwrap())
        .collect();
    let b: Vec<B256> = a.iter().map(|v| v.square()).collect();
    let mut r = vec![B256::ZERO; M];
    let mut cr = vec![sys::zkp_gf2_b256 { limb: [0; 4] }; M];
    case(
        &mode,
        "b256 mul batch, 1024 (`B256::mul_batch` / `zkp_gf2_b256_mul_batch`)",
        200,
        || {
            B256::mul_batch(&mut r, black_box(&a), &b).unwrap();
        },
        || unsafe {
            black_box(sys::zkp_gf2_b256_mul_batch(
                cr.as_mut_ptr(),
                a.as_ptr().cast(),
                b.as_ptr().cast(),
                M,
            ));
        },
    );
}
