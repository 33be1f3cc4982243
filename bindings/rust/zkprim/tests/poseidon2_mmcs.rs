//! zkprim::poseidon2 mmcs_*: Plonky3's MerkleTreeMmcs over several matrices
//! against an oracle of Plonky3's MerkleTree::new over the public hash /
//! compress (the tallest matrices' rows hashed together, odd levels padded
//! with the zero digest, shorter matrices' rows compressed in at the level of
//! their length), one matrix against tree_build, openings round trip, a
//! changed sibling or row fails, and the shape errors.
use zkprim::Error;
use zkprim::poseidon2::{self as p2, Digest, MmcsMatrix};

/// Heights on the ladder of 7 (7, 4, 2, 1) plus a second matrix of height 7.
fn sample(p: u32) -> Vec<(Vec<u32>, usize, usize)> {
    let mut x = 12345u64;
    let mut mat = |w: usize, h: usize| {
        let v = (0..w * h)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((x >> 33) % p as u64) as u32
            })
            .collect::<Vec<u32>>();
        (v, w, h)
    };
    vec![mat(3, 4), mat(9, 7), mat(1, 1), mat(5, 7), mat(16, 2)]
}

/// MerkleTree::new's layers, written out for this sample (equal heights keep their order).
fn oracle(mats: &[MmcsMatrix<'_>]) -> Vec<Digest> {
    let rows_hash = |h: usize, i: usize| {
        let mut input = Vec::new();
        for &(v, w, hh) in mats {
            if hh == h {
                input.extend_from_slice(&v[i * w..(i + 1) * w]);
            }
        }
        p2::babybear_hash(&input).unwrap()
    };
    let big = mats.iter().map(|m| m.2).max().unwrap();
    let mut layer: Vec<Digest> = (0..big).map(|i| rows_hash(big, i)).collect();
    if layer.len() > 1 && layer.len() % 2 == 1 {
        layer.push([0; 8]);
    }
    let mut all = layer.clone();
    let mut k = 0;
    while layer.len() > 1 {
        k += 1;
        let raw = layer.len() / 2;
        let h = (big - 1) / (1 << k) + 1;
        let enters = mats.iter().any(|m| m.2 == h);
        let mut up: Vec<Digest> = (0..raw)
            .map(|i| {
                let d = p2::babybear_compress(&layer[2 * i], &layer[2 * i + 1]).unwrap();
                if enters {
                    p2::babybear_compress(&d, &rows_hash(h, i)).unwrap()
                } else {
                    d
                }
            })
            .collect();
        if raw > 1 && raw % 2 == 1 {
            up.push([0; 8]);
        }
        all.extend_from_slice(&up);
        layer = up;
    }
    all
}

#[test]
fn commit_open_verify() {
    let owned = sample(p2::BABYBEAR_P);
    let mats: Vec<MmcsMatrix<'_>> = owned
        .iter()
        .map(|(v, w, h)| (v.as_slice(), *w, *h))
        .collect();
    let nodes = p2::babybear_mmcs_commit(&mats).unwrap();
    assert_eq!(nodes, oracle(&mats));
    let shapes: Vec<(usize, usize)> = mats.iter().map(|m| (m.1, m.2)).collect();
    assert_eq!(
        p2::mmcs_size(&shapes).unwrap(),
        (nodes.len(), 3, 3 + 9 + 1 + 5 + 16)
    );
    let root = *nodes.last().unwrap();
    for index in 0..7u64 {
        let (rows, mut proof) = p2::babybear_mmcs_open(&mats, &nodes, index).unwrap();
        let mut want = Vec::new();
        for &(v, w, h) in &mats {
            let r = (index >> (3 - (h - 1).checked_ilog2().map_or(0, |l| l + 1))) as usize;
            want.extend_from_slice(&v[r * w..(r + 1) * w]);
        }
        assert_eq!(rows, want);
        p2::babybear_mmcs_verify(&root, &shapes, index, &rows, &proof).unwrap();
        proof[1][0] = (proof[1][0] + 1) % p2::BABYBEAR_P;
        assert_eq!(
            p2::babybear_mmcs_verify(&root, &shapes, index, &rows, &proof),
            Err(Error::Verify)
        );
    }
    // KoalaBear: another root, the same shapes
    let owned = sample(p2::KOALABEAR_P);
    let mats: Vec<MmcsMatrix<'_>> = owned
        .iter()
        .map(|(v, w, h)| (v.as_slice(), *w, *h))
        .collect();
    let nodes = p2::koalabear_mmcs_commit(&mats).unwrap();
    let (rows, proof) = p2::koalabear_mmcs_open(&mats, &nodes, 5).unwrap();
    p2::koalabear_mmcs_verify(nodes.last().unwrap(), &shapes, 5, &rows, &proof).unwrap();
}

#[test]
fn one_matrix_is_tree_build() {
    let v: Vec<u32> = (0..16 * 5).collect();
    let nodes = p2::babybear_mmcs_commit(&[(v.as_slice(), 5, 16)]).unwrap();
    assert_eq!(nodes, p2::babybear_tree_build(&v, 5).unwrap());
}

#[test]
fn errors() {
    let v = [0u32; 14];
    assert_eq!(p2::mmcs_size(&[(2, 7), (1, 3)]), Err(Error::Count)); // 3 is off the ladder of 7
    assert_eq!(p2::mmcs_size(&[]), Err(Error::Count));
    assert_eq!(
        p2::babybear_mmcs_commit(&[(&v[..], 2, 6)]),
        Err(Error::Length)
    );
    let bad = [p2::BABYBEAR_P, 0];
    assert_eq!(
        p2::babybear_mmcs_commit(&[(&bad[..], 1, 2)]),
        Err(Error::Range)
    );
    let nodes = p2::babybear_mmcs_commit(&[(&v[..], 2, 7)]).unwrap();
    assert_eq!(
        p2::babybear_mmcs_open(&[(&v[..], 2, 7)], &nodes, 7),
        Err(Error::Range)
    );
    let (rows, proof) = p2::babybear_mmcs_open(&[(&v[..], 2, 7)], &nodes, 6).unwrap();
    let root = nodes.last().unwrap();
    assert_eq!(
        p2::babybear_mmcs_verify(root, &[(2, 7)], 6, &rows, &proof[..2]),
        Err(Error::ProofShape)
    );
}
