//! Random inputs through the safe API against the C API called directly
//! (zkprim-sys), every module; Clone mid-stream; XOF readers read in random
//! chunk sizes. Seeded (ZKPRIM_TEST_SEED); ZKPRIM_TEST_N scales the counts.
mod common;
use common::*;
use std::io::{Read, Write};
use zkprim::gf2::{self, BinaryField};
use zkprim::keccak::{self, Algorithm};
use zkprim::{hemera, poseidon};
use zkprim_sys as sys;

fn c_keccak(alg: Algorithm, data: &[u8], outlen: usize) -> Vec<u8> {
    let mut out = vec![0u8; outlen];
    let st = unsafe {
        sys::zkp_keccak_hash(
            alg.id(),
            data.as_ptr(),
            data.len(),
            out.as_mut_ptr(),
            outlen,
        )
    };
    assert_eq!(st, sys::ZKP_OK);
    out
}

/// Feeds `data` in random pieces through `update` and `io::Write`.
fn feed(rng: &mut Rng, data: &[u8], mut update: impl FnMut(&[u8], bool)) {
    let mut rest = data;
    while !rest.is_empty() {
        let k = 1 + rng.below(rest.len().min(300));
        update(&rest[..k], rng.below(2) == 0);
        rest = &rest[k..];
    }
}

macro_rules! fixed_case {
    ($rng:expr, $ty:ty, $alg:expr, $data:expr) => {{
        let data: &[u8] = $data;
        let want = c_keccak($alg, data, <$ty>::OUTPUT_LEN);
        assert_eq!(&<$ty>::digest(data)[..], &want[..]);
        // Streaming, with a clone taken at a random point that then sees
        // the same remainder.
        let cut = $rng.below(data.len() + 1);
        let mut h = <$ty>::default();
        feed($rng, &data[..cut], |c, w| {
            if w {
                h.write_all(c).unwrap();
            } else {
                h.update(c);
            }
        });
        let mut fork = h.clone();
        h.update(&data[cut..]);
        fork.update(&data[cut..]);
        let mid = c_keccak($alg, &data[..cut], <$ty>::OUTPUT_LEN);
        let mut early = <$ty>::new();
        early.update(&data[..cut]);
        assert_eq!(&early.finalize()[..], &mid[..]);
        assert_eq!(&h.finalize()[..], &want[..]);
        assert_eq!(&fork.finalize()[..], &want[..]);
    }};
}

macro_rules! xof_case {
    ($rng:expr, $ty:ty, $alg:expr, $data:expr) => {{
        let data: &[u8] = $data;
        let total = 1 + $rng.below(700);
        let want = c_keccak($alg, data, total);
        let mut h = <$ty>::new();
        feed($rng, data, |c, _| {
            h.update(c);
        });
        let fork = h.clone();
        let mut r = h.finalize_xof();
        let mut got = vec![0u8; total];
        let mut at = 0;
        while at < total {
            let k = $rng.below(total - at + 1).min(200);
            if $rng.below(2) == 0 {
                r.fill(&mut got[at..at + k]);
            } else {
                r.read_exact(&mut got[at..at + k]).unwrap();
            }
            at += k;
        }
        assert_eq!(got, want);
        let first: [u8; 32] = fork.finalize();
        assert_eq!(&first[..], &c_keccak($alg, data, 32)[..]);
    }};
}

#[test]
fn keccak_family_against_c() {
    let mut rng = Rng::new(1);
    for _ in 0..n(60) {
        let len = rng.length(1200);
        let data = rng.bytes(len);
        fixed_case!(&mut rng, keccak::Keccak256, Algorithm::Keccak256, &data);
        fixed_case!(&mut rng, keccak::Sha3_224, Algorithm::Sha3_224, &data);
        fixed_case!(&mut rng, keccak::Sha3_256, Algorithm::Sha3_256, &data);
        fixed_case!(&mut rng, keccak::Sha3_384, Algorithm::Sha3_384, &data);
        fixed_case!(&mut rng, keccak::Sha3_512, Algorithm::Sha3_512, &data);
        xof_case!(&mut rng, keccak::Shake128, Algorithm::Shake128, &data);
        xof_case!(&mut rng, keccak::Shake256, Algorithm::Shake256, &data);
    }
}

#[test]
fn keccak_batches_and_trees_against_c() {
    let mut rng = Rng::new(2);
    for _ in 0..n(20) {
        // Now and then past 64 inputs, where the pointer arrays leave the stack.
        let count = if rng.below(4) == 0 {
            60 + rng.below(10)
        } else {
            rng.below(20)
        };
        let inputs: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                let l = rng.length(300);
                rng.bytes(l)
            })
            .collect();
        let refs: Vec<&[u8]> = inputs.iter().map(|v| &v[..]).collect();
        let mut out = vec![[0u8; 32]; count];
        keccak::hash_batch_ptrs(Algorithm::Keccak256, &refs, &mut out).unwrap();
        for (i, o) in out.iter().enumerate() {
            assert_eq!(&o[..], &c_keccak(Algorithm::Keccak256, &inputs[i], 32)[..]);
        }
        let mut xo = vec![[0u8; 40]; count];
        keccak::hash_batch_ptrs(Algorithm::Shake256, &refs, &mut xo).unwrap();
        for (i, o) in xo.iter().enumerate() {
            assert_eq!(&o[..], &c_keccak(Algorithm::Shake256, &inputs[i], 40)[..]);
        }
        let chunk = rng.below(200);
        let data = rng.bytes(chunk * count);
        let mut co = vec![[0u8; 64]; count];
        keccak::hash_batch(Algorithm::Sha3_512, &data, chunk, &mut co).unwrap();
        for (i, o) in co.iter().enumerate() {
            assert_eq!(
                &o[..],
                &c_keccak(Algorithm::Sha3_512, &data[i * chunk..(i + 1) * chunk], 64)[..]
            );
        }

        let n_leaves = 1usize << rng.below(7);
        let leaves: Vec<[u8; 32]> = (0..n_leaves)
            .map(|_| rng.bytes(32).try_into().unwrap())
            .collect();
        for alg in [Algorithm::Keccak256, Algorithm::Sha3_256] {
            let mut c_root = [0u8; 32];
            let st = unsafe {
                sys::zkp_keccak_tree_root(
                    alg.id(),
                    leaves.as_ptr().cast(),
                    n_leaves,
                    1,
                    c_root.as_mut_ptr(),
                )
            };
            assert_eq!(st, sys::ZKP_OK);
            assert_eq!(
                keccak::tree_root(alg, &leaves, 1 + rng.below(3) as u32).unwrap(),
                c_root
            );
            let nodes = keccak::tree_build(alg, &leaves, 1).unwrap();
            assert_eq!(nodes[nodes.len() - 1], c_root);
            let idx = rng.below(n_leaves) as u64;
            let proof = keccak::tree_proof(&nodes, idx).unwrap();
            assert_eq!(
                keccak::tree_verify(alg, &c_root, &leaves[idx as usize], idx, &proof),
                Ok(())
            );
            let st = unsafe {
                sys::zkp_keccak_tree_verify(
                    alg.id(),
                    c_root.as_ptr(),
                    leaves[idx as usize].as_ptr(),
                    idx,
                    proof.as_ptr().cast(),
                    proof.len(),
                )
            };
            assert_eq!(st, sys::ZKP_OK);
            if n_leaves > 1 {
                let mut bad = leaves[idx as usize];
                bad[rng.below(32)] ^= 1 << rng.below(8);
                assert_eq!(
                    keccak::tree_verify(alg, &c_root, &bad, idx, &proof),
                    Err(zkprim::Error::Verify)
                );
            }
        }
    }
    // Wrong shapes are errors before the C call.
    let leaves = [[0u8; 32]; 3];
    assert_eq!(
        keccak::tree_build(Algorithm::Keccak256, &leaves, 1),
        Err(zkprim::Error::Count)
    );
    assert_eq!(
        keccak::tree_root(Algorithm::Keccak256, &leaves, 1),
        Err(zkprim::Error::Count)
    );
    assert_eq!(
        keccak::tree_root(Algorithm::Sha3_512, &leaves[..2], 1),
        Err(zkprim::Error::Param)
    );
    let mut out = [[0u8; 31]; 1];
    assert_eq!(
        keccak::hash_batch_ptrs(Algorithm::Keccak256, &[b"x"], &mut out),
        Err(zkprim::Error::Length)
    );
    let mut out = [[0u8; 32]; 2];
    assert_eq!(
        keccak::hash_batch_ptrs(Algorithm::Keccak256, &[b"x"], &mut out),
        Err(zkprim::Error::Length)
    );
}

#[test]
fn hemera_against_c() {
    let mut rng = Rng::new(3);
    for _ in 0..n(40) {
        let len = rng.length(3000);
        let data = rng.bytes(len);
        let mut c = [0u8; 32];
        assert_eq!(
            unsafe { sys::zkp_hemera_hash(data.as_ptr(), data.len(), c.as_mut_ptr()) },
            sys::ZKP_OK
        );
        assert_eq!(*hemera::hash(&data).as_bytes(), c);
        assert_eq!(*hemera::hash_secret(&data).as_bytes(), c);

        // Streaming with a clone mid-stream, and the XOF in random chunks.
        let cut = rng.below(len + 1);
        let mut h = hemera::Hasher::new();
        feed(&mut rng, &data[..cut], |p, w| {
            if w {
                h.write_all(p).unwrap();
            } else {
                h.update(p);
            }
        });
        let mut fork = h.clone();
        h.update(&data[cut..]);
        fork.update(&data[cut..]);
        assert_eq!(*h.finalize().as_bytes(), c);
        assert_eq!(*fork.finalize().as_bytes(), c);
        let total = 1 + rng.below(500);
        let mut want = vec![0u8; total];
        unsafe {
            let mut ch = core::mem::MaybeUninit::<sys::zkp_hemera_hasher>::uninit();
            sys::zkp_hemera_hasher_init(ch.as_mut_ptr());
            let mut ch = ch.assume_init();
            assert_eq!(
                sys::zkp_hemera_hasher_update(&mut ch, data.as_ptr(), data.len()),
                sys::ZKP_OK
            );
            let mut x = core::mem::MaybeUninit::<sys::zkp_hemera_xof>::uninit();
            assert_eq!(
                sys::zkp_hemera_hasher_finalize_xof(&ch, x.as_mut_ptr()),
                sys::ZKP_OK
            );
            let mut x = x.assume_init();
            assert_eq!(
                sys::zkp_hemera_xof_fill(&mut x, want.as_mut_ptr(), total),
                sys::ZKP_OK
            );
        }
        let mut r = h.finalize_xof();
        let mut got = vec![0u8; total];
        let mut at = 0;
        while at < total {
            let k = rng.below(total - at + 1).min(70);
            if rng.below(2) == 0 {
                r.fill(&mut got[at..at + k]);
            } else {
                r.read_exact(&mut got[at..at + k]).unwrap();
            }
            at += k;
        }
        assert_eq!(got, want);

        let key: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let mut ck = [0u8; 32];
        assert_eq!(
            unsafe {
                sys::zkp_hemera_keyed_hash(key.as_ptr(), data.as_ptr(), data.len(), ck.as_mut_ptr())
            },
            sys::ZKP_OK
        );
        assert_eq!(*hemera::keyed_hash(&key, &data).as_bytes(), ck);
        let mut kh = hemera::Hasher::new_keyed(&key);
        kh.update(&data);
        assert_eq!(*kh.finalize().as_bytes(), ck);

        // Permutations, single and batched.
        let mut states: Vec<[u64; 16]> = (0..rng.below(12))
            .map(|_| core::array::from_fn(|_| rng.next()))
            .collect();
        let mut cst = states.clone();
        for s in cst.iter_mut() {
            unsafe { sys::zkp_hemera_permute(s.as_mut_ptr()) };
        }
        hemera::permute_batch(&mut states);
        assert_eq!(states, cst);

        // Leaf and node batches against the single C calls.
        let k = if rng.below(4) == 0 {
            60 + rng.below(10)
        } else {
            rng.below(9)
        };
        let chunks: Vec<Vec<u8>> = (0..k)
            .map(|_| {
                let l = rng.length(5000);
                rng.bytes(l)
            })
            .collect();
        let refs: Vec<&[u8]> = chunks.iter().map(|c| &c[..]).collect();
        let counters: Vec<u64> = (0..k).map(|_| rng.next() >> 40).collect();
        let is_root = rng.below(2) == 1;
        let mut leaves = vec![hemera::Hash::default(); k];
        hemera::hash_leaf_batch(&refs, &counters, is_root, &mut leaves).unwrap();
        let pairs: Vec<[u8; 64]> = (0..k).map(|_| rng.bytes(64).try_into().unwrap()).collect();
        let mut nodes = vec![hemera::Hash::default(); k];
        hemera::hash_node_batch(&pairs, is_root, &mut nodes).unwrap();
        for i in 0..k {
            let mut c = [0u8; 32];
            let st = unsafe {
                sys::zkp_hemera_hash_leaf(
                    refs[i].as_ptr(),
                    refs[i].len(),
                    counters[i],
                    is_root as i32,
                    c.as_mut_ptr(),
                )
            };
            assert_eq!(st, sys::ZKP_OK);
            assert_eq!(*leaves[i].as_bytes(), c);
            unsafe {
                sys::zkp_hemera_hash_node(
                    pairs[i].as_ptr(),
                    pairs[i][32..].as_ptr(),
                    is_root as i32,
                    c.as_mut_ptr(),
                )
            };
            assert_eq!(*nodes[i].as_bytes(), c);
        }

        // Trees and proofs.
        let mut root = [0u8; 32];
        assert_eq!(
            unsafe {
                sys::zkp_hemera_tree_root_fixed(data.as_ptr(), data.len(), 1, root.as_mut_ptr())
            },
            sys::ZKP_OK
        );
        assert_eq!(*hemera::root_hash(&data).as_bytes(), root);
        let chunks = data.len().div_ceil(4096).max(1);
        let idx = rng.below(chunks);
        let proof = hemera::tree_proof(&data, idx as u64).unwrap();
        let chunk = &data[(idx * 4096).min(len)..((idx + 1) * 4096).min(len)];
        let root = hemera::Hash::from_bytes(root);
        assert_eq!(
            hemera::tree_verify(&root, chunk, idx as u64, len as u64, &proof),
            Ok(())
        );
        assert_eq!(
            hemera::tree_proof(&data, chunks as u64),
            Err(zkprim::Error::Range)
        );
    }
}

fn random_fr(rng: &mut Rng) -> poseidon::Fr {
    loop {
        let mut b = rng.bytes(32);
        if rng.below(4) == 0 {
            b[..20].fill(0); // small values too
        }
        b[0] &= 0x3f;
        if let Ok(x) = poseidon::Fr::from_be_bytes(&b.try_into().unwrap()) {
            return x;
        }
    }
}

#[test]
fn poseidon_against_c() {
    use poseidon::{Fr, Poseidon, PoseidonBytesHasher, PoseidonHasher};
    let mut rng = Rng::new(4);
    for _ in 0..n(40) {
        let k = 1 + rng.below(16);
        let inputs: Vec<Fr> = (0..k).map(|_| random_fr(&mut rng)).collect();
        let mut c = sys::zkp_poseidon_fr { limb: [0; 4] };
        let st = unsafe { sys::zkp_poseidon_hash(inputs.as_ptr().cast(), k, &mut c) };
        assert_eq!(st, sys::ZKP_OK);
        let got = poseidon::hash(&inputs).unwrap();
        assert_eq!(got.limbs(), c.limb);
        if k <= 12 {
            let mut p = Poseidon::<Fr>::new_circom(k).unwrap();
            assert_eq!(p.hash(&inputs).unwrap(), got);
            let le: Vec<[u8; 32]> = inputs.iter().map(|x| x.to_le_bytes()).collect();
            let refs: Vec<&[u8]> = le.iter().map(|b| &b[..]).collect();
            assert_eq!(p.hash_bytes_le(&refs).unwrap(), got.to_le_bytes());
            let mut cb = [0u8; 32];
            let lens = vec![32usize; k];
            let ptrs: Vec<*const u8> = le.iter().map(|b| b.as_ptr()).collect();
            let st = unsafe {
                sys::zkp_poseidon_hash_bytes_le(
                    ptrs.as_ptr(),
                    lens.as_ptr(),
                    k,
                    cb.as_mut_ptr(),
                    core::ptr::null_mut(),
                )
            };
            assert_eq!(st, sys::ZKP_OK);
            assert_eq!(cb, got.to_le_bytes());
        }
        // Batches and trees.
        let count = rng.below(10);
        let flat: Vec<Fr> = (0..count * k).map(|_| random_fr(&mut rng)).collect();
        let mut outs = vec![Fr::ZERO; count];
        poseidon::hash_batch(&flat, k, &mut outs).unwrap();
        for (i, o) in outs.iter().enumerate() {
            assert_eq!(*o, poseidon::hash(&flat[i * k..(i + 1) * k]).unwrap());
        }
        let leaves: Vec<Fr> = (0..1usize << rng.below(6))
            .map(|_| random_fr(&mut rng))
            .collect();
        let mut croot = sys::zkp_poseidon_fr { limb: [0; 4] };
        assert_eq!(
            unsafe {
                sys::zkp_poseidon_tree_root(leaves.as_ptr().cast(), leaves.len(), &mut croot)
            },
            sys::ZKP_OK
        );
        let root = poseidon::tree_root(&leaves).unwrap();
        assert_eq!(root.limbs(), croot.limb);
        let nodes = poseidon::tree_build(&leaves).unwrap();
        let idx = rng.below(leaves.len()) as u64;
        let proof = poseidon::tree_proof(&nodes, idx).unwrap();
        assert_eq!(
            poseidon::tree_verify(&root, &leaves[idx as usize], idx, &proof),
            Ok(())
        );
        assert_eq!(
            poseidon::tree_proof_from_leaves(&leaves, idx),
            Ok((proof, root))
        );
    }
    // the counts tree_root refuses, tree_proof_from_leaves refuses alike
    // (issue 26, defect 2: Python's proof took 3 leaves as a node list)
    for k in [0usize, 3, 5, 6, 7] {
        let leaves: Vec<poseidon::Fr> = (1..=k as u64).map(poseidon::Fr::from_u64).collect();
        assert_eq!(poseidon::tree_root(&leaves), Err(zkprim::Error::Count));
        assert_eq!(
            poseidon::tree_proof_from_leaves(&leaves, 0),
            Err(zkprim::Error::Count)
        );
    }
    let two = [poseidon::Fr::ONE, poseidon::Fr::ZERO];
    assert_eq!(
        poseidon::tree_proof_from_leaves(&two, 2),
        Err(zkprim::Error::Range)
    );
}

/// keccak::TreeHasher::with_threads: the root of one thread on random data
/// past a few 256 KiB blocks, across leaf sizes (one past the data
/// included) and update cuts.
#[test]
fn keccak_tree_hasher_threads_give_one_root() {
    let mut rng = Rng::new(7);
    let len = 4 * 256 * 1024 + rng.below(4096);
    let data = rng.bytes(len);
    for leaf in [7, 31, 136, 4096, 5000, 300_000, len + 1, usize::MAX] {
        let alg = if rng.below(2) == 0 {
            Algorithm::Keccak256
        } else {
            Algorithm::Sha3_256
        };
        let mut one = keccak::TreeHasher::new(alg, leaf).unwrap();
        one.update(&data).unwrap();
        let want = one.finalize();
        for threads in [0u32, 3, 1000] {
            let mut t = keccak::TreeHasher::with_threads(alg, leaf, threads).unwrap();
            let cut = rng.below(len + 1);
            t.update(&data[..cut])
                .unwrap()
                .update(&data[cut..])
                .unwrap();
            assert_eq!(t.finalize(), want, "leaf {leaf}, threads {threads}");
        }
    }
    assert_eq!(
        keccak::TreeHasher::with_threads(Algorithm::Keccak256, 0, 2).err(),
        Some(zkprim::Error::Length)
    );
}

macro_rules! gf2_case {
    ($rng:expr, $ty:ty, $c:ident, $mul:ident, $inv:ident, $mb:ident) => {{
        let rand = |rng: &mut Rng| -> $ty {
            loop {
                let limbs: Vec<u64> = (0..<$ty>::LIMBS).map(|_| rng.next()).collect();
                let mut l = limbs.clone();
                let top = <$ty>::DEGREE as usize % 64;
                if top != 0 {
                    let last = l.len() - 1;
                    l[last] &= (1u64 << top) - 1;
                }
                if let Ok(x) = <$ty>::from_limb_slice(&l) {
                    return x;
                }
            }
        };
        let (a, b) = (rand($rng), rand($rng));
        let mut c = sys::$c {
            limb: [0; <$ty>::LIMBS],
        };
        let ca = sys::$c { limb: a.limbs() };
        let cb = sys::$c { limb: b.limbs() };
        unsafe { sys::$mul(&mut c, &ca, &cb) };
        assert_eq!((a * b).limbs(), c.limb);
        assert_eq!(a.square(), a * a);
        assert_eq!((a + b) + b, a);
        let st = unsafe { sys::$inv(&mut c, &ca) };
        match a.inv() {
            Ok(i) => {
                assert_eq!(st, sys::ZKP_OK);
                assert_eq!(i.limbs(), c.limb);
                assert_eq!(i * a, <$ty>::ONE);
            }
            Err(e) => assert_eq!(e.status(), st),
        }
        let e = $rng.next();
        assert_eq!(a.pow(&[e, 0]), a.pow(&[e]));
        let n = $rng.below(40);
        let xs: Vec<$ty> = (0..n).map(|_| rand($rng)).collect();
        let ys: Vec<$ty> = (0..n).map(|_| rand($rng)).collect();
        let mut out = vec![<$ty>::ZERO; n];
        <$ty>::mul_batch(&mut out, &xs, &ys).unwrap();
        let mut cout: Vec<sys::$c> = vec![
            sys::$c {
                limb: [0; <$ty>::LIMBS]
            };
            n
        ];
        let cx: Vec<sys::$c> = xs.iter().map(|x| sys::$c { limb: x.limbs() }).collect();
        let cy: Vec<sys::$c> = ys.iter().map(|x| sys::$c { limb: x.limbs() }).collect();
        assert_eq!(
            unsafe { sys::$mb(cout.as_mut_ptr(), cx.as_ptr(), cy.as_ptr(), n) },
            sys::ZKP_OK
        );
        assert!(out.iter().zip(&cout).all(|(o, c)| o.limbs() == c.limb));
        assert_eq!(<$ty>::from_bytes(&a.to_bytes()), Ok(a));
        if n > 0 {
            let t = gf2::FixedBase::new(a, 1 + $rng.below(8) as u32).unwrap();
            let ex: Vec<u128> = (0..n)
                .map(|_| ($rng.next() as u128) << 64 | $rng.next() as u128)
                .collect();
            let mut pw = vec![<$ty>::ZERO; n];
            t.pow_batch_vartime(&ex, &mut pw).unwrap();
            for (p, e) in pw.iter().zip(&ex) {
                assert_eq!(*p, a.pow(&[*e as u64, (*e >> 64) as u64]));
                assert_eq!(t.pow_vartime(*e), *p);
            }
        }
    }};
}

#[test]
fn gf2_against_c() {
    let mut rng = Rng::new(5);
    for _ in 0..n(30) {
        gf2_case!(
            &mut rng,
            gf2::B127,
            zkp_gf2_b127,
            zkp_gf2_b127_mul,
            zkp_gf2_b127_inv,
            zkp_gf2_b127_mul_batch
        );
        gf2_case!(
            &mut rng,
            gf2::Ghash128,
            zkp_gf2_ghash128,
            zkp_gf2_ghash128_mul,
            zkp_gf2_ghash128_inv,
            zkp_gf2_ghash128_mul_batch
        );
        gf2_case!(
            &mut rng,
            gf2::B163,
            zkp_gf2_b163,
            zkp_gf2_b163_mul,
            zkp_gf2_b163_inv,
            zkp_gf2_b163_mul_batch
        );
        gf2_case!(
            &mut rng,
            gf2::B191,
            zkp_gf2_b191,
            zkp_gf2_b191_mul,
            zkp_gf2_b191_inv,
            zkp_gf2_b191_mul_batch
        );
        gf2_case!(
            &mut rng,
            gf2::Sect193,
            zkp_gf2_sect193,
            zkp_gf2_sect193_mul,
            zkp_gf2_sect193_inv,
            zkp_gf2_sect193_mul_batch
        );
        gf2_case!(
            &mut rng,
            gf2::Ghash2,
            zkp_gf2_ghash2,
            zkp_gf2_ghash2_mul,
            zkp_gf2_ghash2_inv,
            zkp_gf2_ghash2_mul_batch
        );
        gf2_case!(
            &mut rng,
            gf2::B256,
            zkp_gf2_b256,
            zkp_gf2_b256_mul,
            zkp_gf2_b256_inv,
            zkp_gf2_b256_mul_batch
        );
        // The isomorphism: both directions, both timing forms, batches.
        let x = gf2::B256::from_limbs(core::array::from_fn(|_| rng.next())).unwrap();
        let mut c = sys::zkp_gf2_ghash2 { limb: [0; 4] };
        unsafe { sys::zkp_gf2_b256_to_ghash2(&mut c, &sys::zkp_gf2_b256 { limb: x.limbs() }) };
        assert_eq!(x.to_ghash2().limbs(), c.limb);
        assert_eq!(x.to_ghash2_vartime(), x.to_ghash2());
        assert_eq!(x.to_ghash2().to_b256(), x);
        assert_eq!(x.to_ghash2().to_b256_vartime(), x);
        let xs = vec![x; 1 + rng.below(9)];
        let mut ys = vec![gf2::Ghash2::ZERO; xs.len()];
        gf2::b256_to_ghash2_batch_vartime(&xs, &mut ys).unwrap();
        let mut back = vec![gf2::B256::ZERO; xs.len()];
        gf2::ghash2_to_b256_batch_vartime(&ys, &mut back).unwrap();
        assert_eq!(back, xs);
    }
    // Unreduced encodings are refused.
    assert_eq!(
        gf2::B127::from_limbs([0, 1 << 63]),
        Err(zkprim::Error::Range)
    );
    assert_eq!(
        gf2::Sect193::from_limbs([0, 0, 0, 2]),
        Err(zkprim::Error::Range)
    );
    assert_eq!(
        gf2::B163::from_limb_slice(&[1, 2]),
        Err(zkprim::Error::Length)
    );
}

#[test]
fn every_status_maps_to_its_error() {
    for code in 0..=12 {
        match zkprim::Error::check(code) {
            Ok(()) => assert_eq!(code, sys::ZKP_OK),
            Err(e) => {
                assert_eq!(e.status(), code);
                assert!(
                    !matches!(e, zkprim::Error::Unknown(_)),
                    "status {code} unmapped"
                );
                let name = unsafe { core::ffi::CStr::from_ptr(sys::zkp_status_name(code)) };
                assert_eq!(e.name(), name.to_str().unwrap());
                assert!(e.to_string().contains(e.name()));
            }
        }
    }
    assert_eq!(zkprim::Error::check(99), Err(zkprim::Error::Unknown(99)));
}

/// The streaming tree hashers: random data in random pieces (through
/// `update` and `io::Write`), a clone taken mid-stream, against the C
/// calls (one update of the whole for Keccak's tree, the one-shot roots
/// for Hemera's).
#[test]
fn tree_hashers_against_c() {
    let mut rng = Rng::new(6);
    for _ in 0..n(12) {
        let len = rng.below(40_000);
        let data = rng.bytes(len);
        let cut = rng.below(len + 1);

        let alg = if rng.below(2) == 0 {
            Algorithm::Keccak256
        } else {
            Algorithm::Sha3_256
        };
        let leaf = 1 + rng.below(300);
        let mut t = keccak::TreeHasher::new(alg, leaf).unwrap();
        feed(&mut rng, &data[..cut], |p, w| {
            if w {
                t.write_all(p).unwrap();
            } else {
                t.update(p).unwrap();
            }
        });
        let mut fork = t.clone();
        t.update(&data[cut..]).unwrap();
        fork.update(&data[cut..]).unwrap();
        let mut want = [0u8; 32];
        unsafe {
            let mut c: Box<sys::zkp_keccak_tree_hasher> = Box::new(core::mem::zeroed());
            assert_eq!(
                sys::zkp_keccak_tree_hasher_init(&mut *c, alg.id(), leaf),
                sys::ZKP_OK
            );
            assert_eq!(
                sys::zkp_keccak_tree_hasher_update(&mut *c, data.as_ptr(), len),
                sys::ZKP_OK
            );
            assert_eq!(
                sys::zkp_keccak_tree_hasher_finalize(&*c, want.as_mut_ptr()),
                sys::ZKP_OK
            );
        }
        assert_eq!(t.finalize(), want);
        assert_eq!(fork.finalize(), want);

        let mut fixed = [0u8; 32];
        let mut cdc = [0u8; 32];
        unsafe {
            assert_eq!(
                sys::zkp_hemera_tree_root_fixed(data.as_ptr(), len, 1, fixed.as_mut_ptr()),
                sys::ZKP_OK
            );
            assert_eq!(
                sys::zkp_hemera_tree_root_cdc(data.as_ptr(), len, cdc.as_mut_ptr()),
                sys::ZKP_OK
            );
        }
        let mut h = hemera::TreeHasher::new(1 + rng.below(3) as u32);
        let mut c = hemera::CdcHasher::new();
        feed(&mut rng, &data[..cut], |p, _| {
            h.update(p).unwrap();
            c.update(p).unwrap();
        });
        let (mut hf, mut cf) = (h.clone(), c.clone());
        for s in [&mut h, &mut hf] {
            s.update(&data[cut..]).unwrap();
            assert_eq!(*s.finalize().as_bytes(), fixed);
        }
        for s in [&mut c, &mut cf] {
            s.update(&data[cut..]).unwrap();
            assert_eq!(*s.finalize().as_bytes(), cdc);
        }
    }
    assert_eq!(
        keccak::TreeHasher::new(Algorithm::Keccak256, 0).err(),
        Some(zkprim::Error::Length)
    );
    assert_eq!(
        keccak::TreeHasher::new(Algorithm::Sha3_512, 32).err(),
        Some(zkprim::Error::Param)
    );
}
