//! zkprim::poseidon2's HorizenLabs reference instances through the safe API:
//! the reference's own known answers (tests/vectors/poseidon2-horizen/
//! vectors.txt) and the errors (widths the reference does not define,
//! values >= p).
use zkprim::Error;
use zkprim::poseidon::Fr;
use zkprim::poseidon2 as p2;

fn limbs(hex: &str) -> [u64; 4] {
    let h = format!("{:0>64}", hex.trim_start_matches("0x"));
    let mut l = [0u64; 4];
    for (i, limb) in l.iter_mut().enumerate() {
        *limb = u64::from_str_radix(&h[64 - 16 * (i + 1)..64 - 16 * i], 16).unwrap();
    }
    l
}

#[test]
fn reference_vectors() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../tests/vectors/poseidon2-horizen/vectors.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap();
        if line.trim().is_empty() {
            continue;
        }
        let (head, want) = line.split_once("->").unwrap();
        let head: Vec<&str> = head.split_whitespace().collect();
        let want: Vec<[u64; 4]> = want.split_whitespace().map(limbs).collect();
        let ins: Vec<u64> = head[3..].iter().map(|x| x.parse().unwrap()).collect();
        let got: Vec<[u64; 4]> = match head[0] {
            "babybear" => {
                let mut s: Vec<u32> = ins.iter().map(|&x| x as u32).collect();
                p2::horizen_babybear_permute(&mut s).unwrap();
                s.iter().map(|&x| [x as u64, 0, 0, 0]).collect()
            }
            "goldilocks" => {
                let mut s = ins.clone();
                p2::horizen_goldilocks_permute(&mut s).unwrap();
                s.iter().map(|&x| [x, 0, 0, 0]).collect()
            }
            "bn254" => {
                let mut s: Vec<Fr> = ins.iter().map(|&x| Fr::from_u64(x)).collect();
                p2::horizen_bn254_permute(&mut s).unwrap();
                s.iter().map(|x| x.limbs()).collect()
            }
            f => {
                let mut s: Vec<[u64; 4]> = ins.iter().map(|&x| [x, 0, 0, 0]).collect();
                match f {
                    "bls12_381" => p2::horizen_bls12_381_permute(&mut s),
                    "pallas" => p2::horizen_pallas_permute(&mut s),
                    "vesta" => p2::horizen_vesta_permute(&mut s),
                    _ => panic!("unknown field {f}"),
                }
                .unwrap();
                s
            }
        };
        assert_eq!(got, want, "{} t={}", head[0], head[1]);
        seen += 1;
    }
    assert_eq!(seen, 8);
}

#[test]
fn errors() {
    assert_eq!(
        p2::horizen_babybear_permute(&mut [0u32; 8]),
        Err(Error::Count)
    );
    let mut s = [0u32; 16];
    s[15] = p2::BABYBEAR_P;
    assert_eq!(p2::horizen_babybear_permute(&mut s), Err(Error::Range));
    assert_eq!(s[15], p2::BABYBEAR_P);
    assert_eq!(
        p2::horizen_goldilocks_permute(&mut [0u64; 24]),
        Err(Error::Count)
    );
    assert_eq!(
        p2::horizen_goldilocks_permute(&mut [p2::GOLDILOCKS_P; 8]),
        Err(Error::Range)
    );
    assert_eq!(
        p2::horizen_bn254_permute(&mut [Fr::ZERO; 4]),
        Err(Error::Count)
    );
    assert_eq!(
        p2::horizen_bls12_381_permute(&mut [[u64::MAX; 4]; 2]),
        Err(Error::Range)
    );
    assert_eq!(
        p2::horizen_pallas_permute(&mut [[0; 4]; 2]),
        Err(Error::Count)
    );
    assert_eq!(
        p2::horizen_vesta_permute(&mut [[0; 4]; 4]),
        Err(Error::Count)
    );
    assert!(p2::horizen_vesta_permute(&mut [[0; 4]; 3]).is_ok());
}

#[test]
fn babybear_batch_is_single_permutations() {
    for t in [16usize, 24] {
        let mut states: Vec<u32> = (0..9 * t as u32)
            .map(|i| i.wrapping_mul(2654435761) % p2::BABYBEAR_P)
            .collect();
        states[..t].fill(p2::BABYBEAR_P - 1);
        let mut want = states.clone();
        for s in want.chunks_mut(t) {
            p2::horizen_babybear_permute(s).unwrap();
        }
        p2::horizen_babybear_permute_batch(&mut states, t).unwrap();
        assert_eq!(states, want);
    }
    let mut s = [0u32; 32];
    s[31] = p2::BABYBEAR_P;
    assert_eq!(
        p2::horizen_babybear_permute_batch(&mut s, 16),
        Err(Error::Range)
    );
    assert_eq!(s[31], p2::BABYBEAR_P);
    assert_eq!(
        p2::horizen_babybear_permute_batch(&mut s, 8),
        Err(Error::Count)
    );
}
