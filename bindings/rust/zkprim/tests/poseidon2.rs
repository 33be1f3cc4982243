//! zkprim::poseidon2 through the safe API: the references' vectors
//! (tests/vectors/poseidon2/vectors.txt), the sponge and compression against
//! their definitions over the permutation, tree roots against a naive
//! recursive tree over hash / compress (BN254: over Noir's hash), proofs
//! (round trip, a changed row, leaf or sibling fails), batched openings, and
//! errors (values >= p, shapes).
mod common;
use common::*;
use zkprim::Error;
use zkprim::poseidon::Fr;
use zkprim::poseidon2::{self as p2, Digest};

type Hash = fn(&[u32]) -> zkprim::Result<Digest>;
type Compress = fn(&Digest, &Digest) -> zkprim::Result<Digest>;
type Permute = fn(&mut [u32]) -> zkprim::Result<()>;
type VerifyBatch = fn(&Digest, &[u32], usize, &[u64], &[Digest], usize, u32) -> zkprim::Result<()>;

struct F31 {
    p: u32,
    permute: Permute,
    hash: Hash,
    compress: Compress,
    root: fn(&[u32], usize) -> zkprim::Result<Digest>,
    build: fn(&[u32], usize) -> zkprim::Result<Vec<Digest>>,
    proof: fn(&[Digest], u64) -> zkprim::Result<Vec<Digest>>,
    verify: fn(&Digest, &[u32], u64, &[Digest]) -> zkprim::Result<()>,
    verify_batch: VerifyBatch,
}

const FIELDS: [F31; 2] = [
    F31 {
        p: p2::BABYBEAR_P,
        permute: p2::babybear_permute,
        hash: p2::babybear_hash,
        compress: p2::babybear_compress,
        root: p2::babybear_tree_root,
        build: p2::babybear_tree_build,
        proof: p2::babybear_tree_proof,
        verify: p2::babybear_tree_verify,
        verify_batch: p2::babybear_tree_verify_batch,
    },
    F31 {
        p: p2::KOALABEAR_P,
        permute: p2::koalabear_permute,
        hash: p2::koalabear_hash,
        compress: p2::koalabear_compress,
        root: p2::koalabear_tree_root,
        build: p2::koalabear_tree_build,
        proof: p2::koalabear_tree_proof,
        verify: p2::koalabear_tree_verify,
        verify_batch: p2::koalabear_tree_verify_batch,
    },
];

#[test]
fn reference_vectors() {
    let mut seen = 0;
    for line in read_vector("poseidon2/vectors.txt").lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, want) = line.split_once("->").unwrap();
        let mut it = head.split_whitespace();
        let (name, op) = (it.next().unwrap(), it.next().unwrap());
        let args: Vec<&str> = it.collect();
        if name == "bn254" {
            let fr = |s: &str| {
                let mut b = [0u8; 32];
                let h = hex(&format!("{:0>64}", s.trim_start_matches("0x")));
                b.copy_from_slice(&h);
                Fr::from_be_bytes(&b).unwrap()
            };
            let ins: Vec<Fr> = args
                .iter()
                .map(|a| Fr::from_u64(a.parse().unwrap()))
                .collect();
            let w: Vec<Fr> = want.split_whitespace().map(fr).collect();
            if op == "permute" {
                let mut s = [ins[0], ins[1], ins[2], ins[3]];
                p2::bn254_permute(&mut s).unwrap();
                assert_eq!(s.to_vec(), w);
            } else {
                assert_eq!(vec![p2::bn254_hash(&ins).unwrap()], w);
            }
        } else {
            let f = if name.starts_with("babybear") {
                &FIELDS[0]
            } else {
                &FIELDS[1]
            };
            // Plonky3's test input reduces mod p (new_array); one value is above BabyBear's p
            let mut s: Vec<u32> = args
                .iter()
                .map(|a| (a.parse::<u64>().unwrap() % f.p as u64) as u32)
                .collect();
            let w: Vec<u32> = want
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            (f.permute)(&mut s).unwrap();
            assert_eq!(s, w, "{name} {op}");
        }
        seen += 1;
    }
    assert!(seen >= 6);
}

fn naive_root(f: &F31, rows: &[u32], w: usize) -> Digest {
    if rows.len() == w {
        return (f.hash)(rows).unwrap();
    }
    let h = rows.len() / 2;
    (f.compress)(&naive_root(f, &rows[..h], w), &naive_root(f, &rows[h..], w)).unwrap()
}

#[test]
fn fields31_modes_and_trees() {
    let mut r = Rng::new(29);
    for f in &FIELDS {
        let elem = |r: &mut Rng| (r.next() % f.p as u64) as u32;
        for n in [0usize, 1, 7, 8, 9, 17] {
            let xs: Vec<u32> = (0..n).map(|_| elem(&mut r)).collect();
            let mut s = [0u32; 16];
            for blk in xs.chunks(8) {
                s[..blk.len()].copy_from_slice(blk);
                (f.permute)(&mut s).unwrap();
            }
            assert_eq!((f.hash)(&xs).unwrap()[..], s[..8]);
        }
        for (n, w) in [(1usize, 3usize), (4, 8), (16, 9)] {
            let rows: Vec<u32> = (0..n * w).map(|_| elem(&mut r)).collect();
            let root = (f.root)(&rows, w).unwrap();
            assert_eq!(root, naive_root(f, &rows, w));
            let nodes = (f.build)(&rows, w).unwrap();
            assert_eq!(*nodes.last().unwrap(), root);
            let depth = n.trailing_zeros() as usize;
            let mut all = Vec::new();
            for i in 0..n {
                let mut pf = (f.proof)(&nodes, i as u64).unwrap();
                let row = &rows[i * w..(i + 1) * w];
                assert_eq!((f.verify)(&root, row, i as u64, &pf), Ok(()));
                let mut bad = row.to_vec();
                bad[0] = (bad[0] + 1) % f.p;
                assert_eq!((f.verify)(&root, &bad, i as u64, &pf), Err(Error::Verify));
                all.extend_from_slice(&pf);
                if depth > 0 {
                    pf[0][0] = (pf[0][0] + 1) % f.p;
                    assert_eq!((f.verify)(&root, row, i as u64, &pf), Err(Error::Verify));
                }
            }
            let idx: Vec<u64> = (0..n as u64).collect();
            assert_eq!(
                (f.verify_batch)(&root, &rows, w, &idx, &all, depth, 2),
                Ok(())
            );
            if depth > 0 {
                all[1][3] = (all[1][3] + 1) % f.p;
                assert_eq!(
                    (f.verify_batch)(&root, &rows, w, &idx, &all, depth, 1),
                    Err(Error::Verify)
                );
            }
        }
        assert_eq!((f.root)(&[0, 0, 0], 1), Err(Error::Count));
        assert_eq!((f.root)(&[f.p, 0], 1), Err(Error::Range));
        assert_eq!((f.root)(&[0, 0, 0], 2), Err(Error::Length));
        assert_eq!((f.hash)(&[f.p]), Err(Error::Range));
        assert_eq!((f.permute)(&mut [0u32; 15]), Err(Error::Count));
    }
}

#[test]
fn bn254_trees() {
    let mut r = Rng::new(254);
    for n in [1usize, 2, 8] {
        let leaves: Vec<Fr> = (0..n).map(|_| Fr::from_u64(r.next())).collect();
        let mut level = leaves.clone();
        while level.len() > 1 {
            level = level
                .chunks(2)
                .map(|c| p2::bn254_hash(c).unwrap())
                .collect();
        }
        let root = p2::bn254_tree_root(&leaves).unwrap();
        assert_eq!(root, level[0]);
        let nodes = p2::bn254_tree_build(&leaves).unwrap();
        let depth = n.trailing_zeros() as usize;
        let mut all = Vec::new();
        for (i, leaf) in leaves.iter().enumerate() {
            let pf = p2::bn254_tree_proof(&nodes, i as u64).unwrap();
            assert_eq!(p2::bn254_tree_verify(&root, leaf, i as u64, &pf), Ok(()));
            let other = Fr::from_u64(leaf.limbs()[0] ^ 1);
            assert_eq!(
                p2::bn254_tree_verify(&root, &other, i as u64, &pf),
                Err(Error::Verify)
            );
            all.extend_from_slice(&pf);
        }
        let idx: Vec<u64> = (0..n as u64).collect();
        assert_eq!(
            p2::bn254_tree_verify_batch(&root, &leaves, &idx, &all, depth, 1),
            Ok(())
        );
    }
    // the batch against single permutations, 1..=17 states (IFMA passes of
    // eight and the scalar tail); an element >= p leaves every state as it was
    for n in 1usize..=17 {
        let mut states: Vec<[Fr; 4]> = (0..n)
            .map(|_| [0; 4].map(|_| Fr::from_u64(r.next())))
            .collect();
        let mut want = states.clone();
        for s in want.iter_mut() {
            p2::bn254_permute(s).unwrap();
        }
        p2::bn254_permute_batch(&mut states).unwrap();
        assert_eq!(states, want);
    }
    let mut bad = [[Fr::ZERO; 4]; 3];
    // SAFETY: Fr is a transparent [u64; 4]; all-ones limbs are above p
    unsafe { *(bad[2][3..].as_mut_ptr() as *mut [u64; 4]) = [u64::MAX; 4] };
    let before: Vec<[u64; 4]> = bad.iter().map(|s| s[0].limbs()).collect();
    assert_eq!(p2::bn254_permute_batch(&mut bad), Err(Error::Range));
    assert_eq!(bad.iter().map(|s| s[0].limbs()).collect::<Vec<_>>(), before);
    assert_eq!(p2::bn254_permute_batch(&mut []), Ok(()));
    assert_eq!(p2::bn254_tree_root(&[Fr::ZERO; 3]), Err(Error::Count));
    assert!(matches!(
        p2::implementation(),
        "avx512" | "avx2" | "portable"
    ));
}

/// The multiproof by its definition, from a node array of n leaves: per
/// level from the leaves up, the siblings of the set's ancestors that are
/// not ancestors themselves, by index.
fn multi_oracle<T: Copy>(nodes: &[T], n: usize, indices: &[u64]) -> Vec<T> {
    let (mut known, mut out, mut start, mut width) = (indices.to_vec(), Vec::new(), 0usize, n);
    while width > 1 {
        for &a in &known {
            if !known.contains(&(a ^ 1)) {
                out.push(nodes[start + (a ^ 1) as usize]);
            }
        }
        known = known.iter().map(|a| a >> 1).collect();
        known.dedup();
        start += width;
        width /= 2;
    }
    out
}

/// Index sets of n leaves: every leaf, the last alone, first and last, a
/// random sorted set.
fn index_sets(rng: &mut Rng, n: usize) -> Vec<Vec<u64>> {
    let mut random: Vec<u64> = (0..1 + rng.below(n)).map(|_| rng.below(n) as u64).collect();
    random.sort_unstable();
    random.dedup();
    let mut ends = vec![0, n as u64 - 1];
    ends.dedup();
    vec![(0..n as u64).collect(), vec![n as u64 - 1], ends, random]
}

type MultiProof31 = fn(&[Digest], &[u64]) -> zkprim::Result<Vec<Digest>>;
type MultiVerify31 =
    fn(&Digest, &[u32], usize, &[u64], &[Digest], usize, u32) -> zkprim::Result<()>;

#[test]
fn fields31_multiproofs() {
    let multi: [(MultiProof31, MultiVerify31); 2] = [
        (
            p2::babybear_tree_multi_proof,
            p2::babybear_tree_multi_verify,
        ),
        (
            p2::koalabear_tree_multi_proof,
            p2::koalabear_tree_multi_verify,
        ),
    ];
    let mut rng = Rng::new(0x9d2);
    for (f, (mproof, mverify)) in FIELDS.iter().zip(multi) {
        for n in [1usize, 2, 8, 16] {
            let w = 1 + rng.below(9);
            let rows: Vec<u32> = (0..n * w).map(|_| rng.below(f.p as usize) as u32).collect();
            let nodes = (f.build)(&rows, w).unwrap();
            let (root, depth) = (nodes[2 * n - 2], n.trailing_zeros() as usize);
            for idx in index_sets(&mut rng, n) {
                let mp = mproof(&nodes, &idx).unwrap();
                assert_eq!(mp, multi_oracle(&nodes, n, &idx));
                assert_eq!(p2::tree_multi_proof_size(&idx, depth).unwrap(), mp.len());
                let mut opened: Vec<u32> = idx
                    .iter()
                    .flat_map(|&i| rows[i as usize * w..][..w].to_vec())
                    .collect();
                for threads in [1, 3] {
                    mverify(&root, &opened, w, &idx, &mp, depth, threads).unwrap();
                }
                opened[0] = (opened[0] + 1) % f.p;
                assert_eq!(
                    mverify(&root, &opened, w, &idx, &mp, depth, 1),
                    Err(Error::Verify)
                );
                opened[0] = (opened[0] + f.p - 1) % f.p;
                if let Some(first) = mp.first() {
                    let mut bad = mp.clone();
                    bad[0][0] = (first[0] + 1) % f.p;
                    assert_eq!(
                        mverify(&root, &opened, w, &idx, &bad, depth, 2),
                        Err(Error::Verify)
                    );
                    assert_eq!(
                        mverify(&root, &opened, w, &idx, &mp[1..], depth, 1),
                        Err(Error::ProofShape)
                    );
                    bad[0][0] = f.p;
                    assert_eq!(
                        mverify(&root, &opened, w, &idx, &bad, depth, 1),
                        Err(Error::Range)
                    );
                }
                if idx.len() >= 2 {
                    let mut dup = idx.clone();
                    dup[1] = dup[0];
                    assert_eq!(mproof(&nodes, &dup), Err(Error::ProofShape));
                    assert_eq!(
                        mverify(&root, &opened, w, &dup, &mp, depth, 1),
                        Err(Error::ProofShape)
                    );
                    dup.swap(0, 1);
                    dup[0] = idx[1];
                    assert_eq!(
                        mverify(&root, &opened, w, &dup, &mp, depth, 1),
                        Err(Error::ProofShape)
                    );
                }
            }
            assert_eq!(mproof(&nodes, &[n as u64]), Err(Error::Range));
            assert_eq!(mproof(&nodes[1..], &[0]), Err(Error::Count));
            assert_eq!(
                mverify(&root, &rows[..w], w, &[0, 1], &[], depth, 1),
                Err(Error::Length)
            );
        }
    }
}

#[test]
fn bn254_multiproofs() {
    let mut rng = Rng::new(0x9d3);
    for n in [1usize, 2, 8] {
        let leaves: Vec<Fr> = (0..n).map(|_| Fr::from_u64(rng.next())).collect();
        let nodes = p2::bn254_tree_build(&leaves).unwrap();
        let (root, depth) = (nodes[2 * n - 2], n.trailing_zeros() as usize);
        for idx in index_sets(&mut rng, n) {
            let mp = p2::bn254_tree_multi_proof(&nodes, &idx).unwrap();
            assert_eq!(mp, multi_oracle(&nodes, n, &idx));
            let mut opened: Vec<Fr> = idx.iter().map(|&i| leaves[i as usize]).collect();
            p2::bn254_tree_multi_verify(&root, &opened, &idx, &mp, depth, 2).unwrap();
            opened[0] = Fr::from_u64(rng.next());
            assert_eq!(
                p2::bn254_tree_multi_verify(&root, &opened, &idx, &mp, depth, 1),
                Err(Error::Verify)
            );
            opened[0] = leaves[idx[0] as usize];
            let longer: Vec<Fr> = mp.iter().copied().chain([Fr::ZERO]).collect();
            assert_eq!(
                p2::bn254_tree_multi_verify(&root, &opened, &idx, &longer, depth, 1),
                Err(Error::ProofShape)
            );
        }
        assert_eq!(
            p2::bn254_tree_multi_proof(&nodes, &[n as u64]),
            Err(Error::Range)
        );
    }
}
