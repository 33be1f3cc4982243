//! The repository's vector files (tests/vectors) through the safe API:
//! Keccak KATs, Hemera, circomlibjs and light-poseidon (its vectors and its
//! 17 error cases).
mod common;
use common::*;
use zkprim::hemera;
use zkprim::keccak::{self, Keccak256, Sha3_256};
use zkprim::poseidon::{self, Fr, Poseidon, PoseidonBytesHasher, PoseidonError, PoseidonHasher};

/// (message, digest) pairs of an XKCP KAT file, whole bytes only.
fn kat(rel: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
    let text = read_vector(rel);
    let mut out = Vec::new();
    let (mut len, mut msg) = (None, Vec::new());
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("Len = ") {
            len = Some(v.trim().parse::<usize>().unwrap());
        } else if let Some(v) = line.strip_prefix("Msg = ") {
            msg = hex(v);
        } else if let Some(v) = line.strip_prefix("MD = ") {
            let bits = len.take().expect("Len before MD");
            if bits % 8 == 0 {
                msg.truncate(bits / 8);
                out.push((std::mem::take(&mut msg), hex(v)));
            }
        }
    }
    out
}

#[test]
fn keccak_kats() {
    let files = [
        ("keccak/ShortMsgKAT_Keccak-256.txt", true, 256),
        ("keccak/LongMsgKAT_Keccak-256.txt", true, 22),
        ("keccak/Keccak-256_64B.txt", true, 32),
        ("keccak/ShortMsgKAT_SHA3-256.txt", false, 256),
        ("keccak/LongMsgKAT_SHA3-256.txt", false, 22),
    ];
    for (rel, is_keccak, want) in files {
        let v = kat(rel);
        assert_eq!(v.len(), want, "{rel}: entries with whole bytes");
        for (msg, md) in &v {
            let (one, stream) = if is_keccak {
                let mut h = Keccak256::new();
                msg.chunks(7).for_each(|c| {
                    h.update(c);
                });
                (Keccak256::digest(msg), h.finalize())
            } else {
                let mut h = Sha3_256::new();
                msg.chunks(13).for_each(|c| {
                    h.update(c);
                });
                (Sha3_256::digest(msg), h.finalize())
            };
            assert_eq!(&one[..], &md[..], "{rel}: {} bytes", msg.len());
            assert_eq!(stream, one, "{rel}: streaming, {} bytes", msg.len());
        }
    }
    // The 64-byte file is the Merkle parent.
    for (msg, md) in kat("keccak/Keccak-256_64B.txt") {
        let p =
            keccak::keccak256_pair(msg[..32].try_into().unwrap(), msg[32..].try_into().unwrap());
        assert_eq!(&p[..], &md[..]);
    }
}

/// pat(n): b[i] = i mod 251 (tests/vectors/hemera.json, notes).
fn pat(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 251) as u8).collect()
}

/// A message given as `<f>_utf8`, `<f>_hex` or `<f>` = "pat(n)" / a named one.
fn message(e: &common::Json, f: &str) -> Vec<u8> {
    if e.has(&format!("{f}_utf8")) {
        return e.get(&format!("{f}_utf8")).str().as_bytes().to_vec();
    }
    if e.has(&format!("{f}_hex")) {
        return hex(e.get(&format!("{f}_hex")).str());
    }
    let s = e.get(f).str();
    if let Some(n) = s.strip_prefix("pat(").and_then(|r| r.strip_suffix(')')) {
        return pat(n.parse().unwrap());
    }
    match s {
        "4096 zero bytes" => vec![0; 4096],
        "long_context" => "a]".repeat(100).into_bytes(),
        other => panic!("unknown message {other}"),
    }
}

#[test]
fn hemera_vectors() {
    let j = Json::parse(&read_vector("hemera.json"));
    let mut checked = 0;
    for e in j
        .get("hash")
        .arr()
        .iter()
        .chain(j.get("hash_generated").arr())
    {
        let m = message(e, "input");
        let want = e.get("digest").str();
        assert_eq!(hemera::hash(&m).to_hex(), want);
        assert_eq!(hemera::hash_secret(&m).to_hex(), want);
        let mut h = hemera::Hasher::new();
        m.chunks(5).for_each(|c| {
            h.update(c);
        });
        assert_eq!(h.finalize().to_hex(), want);
        checked += 1;
    }
    for e in j.get("keyed_hash").arr() {
        let key: [u8; 32] = hex(e.get("key_hex").str()).try_into().unwrap();
        let m = message(e, "message");
        assert_eq!(hemera::keyed_hash(&key, &m).to_hex(), e.get("digest").str());
        checked += 1;
    }
    for e in j
        .get("derive_key")
        .arr()
        .iter()
        .chain(j.get("derive_key_generated").arr())
    {
        let ctx = String::from_utf8(message(e, "context")).unwrap();
        let k = hemera::derive_key(&ctx, &message(e, "material"));
        assert_eq!(to_hex(&k), e.get("key").str(), "derive_key({ctx:?})");
        checked += 1;
    }
    for e in j.get("xof").arr() {
        let m = message(e, "message");
        let mut h = if e.get("mode").str_or("") == "keyed" {
            hemera::Hasher::new_keyed(&hex(e.get("key_hex").str()).try_into().unwrap())
        } else {
            hemera::Hasher::new()
        };
        h.update(&m);
        let mut out = vec![0u8; e.get("n").num() as usize];
        h.finalize_xof().fill(&mut out);
        assert_eq!(to_hex(&out), e.get("output").str());
        checked += 1;
    }
    for e in j.get("hash_leaf").arr() {
        let d = hemera::hash_leaf(
            &message(e, "chunk"),
            e.get("counter").num() as u64,
            e.get("is_root").bool(),
        );
        assert_eq!(d.to_hex(), e.get("digest").str());
        checked += 1;
    }
    for e in j.get("hash_node").arr() {
        if e.get("nmt").bool() {
            continue; // the namespaced parent has no safe wrapper
        }
        let l = hemera::Hash::from_bytes(hex(e.get("left").str()).try_into().unwrap());
        let r = hemera::Hash::from_bytes(hex(e.get("right").str()).try_into().unwrap());
        assert_eq!(
            hemera::hash_node(&l, &r, e.get("is_root").bool()).to_hex(),
            e.get("digest").str()
        );
        checked += 1;
    }
    type Root = fn(&[u8]) -> hemera::Hash;
    let roots: [(&str, Root); 3] = [
        ("tree_fixed_4k", hemera::root_hash),
        ("tree", hemera::root_hash),
        ("tree_cdc", hemera::root_hash_cdc),
    ];
    for (section, root) in roots {
        for e in j.get(section).arr() {
            let want = e.get("root").str();
            assert_eq!(root(&message(e, "input")).to_hex(), want, "{section}");
            checked += 1;
        }
    }
    for e in j.get("permutation").arr() {
        let limbs = |k: &str| -> [u64; 16] {
            let v: Vec<u64> = e
                .get(k)
                .arr()
                .iter()
                .map(|x| u64::from_str_radix(x.str(), 16).unwrap())
                .collect();
            v.try_into().unwrap()
        };
        let (mut a, mut b) = (limbs("input"), limbs("input"));
        hemera::permute(&mut a);
        hemera::permute_ct(&mut b);
        let mut batch = vec![limbs("input"); 5];
        hemera::permute_batch(&mut batch);
        assert_eq!(a, limbs("output"), "{}", e.get("name").str());
        assert_eq!(b, a);
        assert!(batch.iter().all(|s| *s == a));
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} Hemera vectors checked");
}

fn frs(list: &Json) -> Vec<Fr> {
    list.arr().iter().map(|x| fr(x.str())).collect()
}

fn fr(s: &str) -> Fr {
    Fr::from_be_bytes(&hex(s).try_into().unwrap()).unwrap()
}

#[test]
fn circomlibjs_vectors() {
    let j = Json::parse(&read_vector("poseidon-bn254/circomlibjs-vectors.json"));
    let mut checked = 0;
    for w in j.get("widths").arr() {
        let n = w.get("n_inputs").num() as usize;
        for v in w.get("vectors").arr() {
            let inputs: Vec<Fr> = frs(v.get("inputs"));
            let want = fr(v.get("output").str());
            assert_eq!(poseidon::hash(&inputs).unwrap(), want, "n = {n}");
            if n <= 12 {
                let mut p = Poseidon::<Fr>::new_circom(n).unwrap();
                assert_eq!(p.hash(&inputs).unwrap(), want);
                let be: Vec<[u8; 32]> = inputs.iter().map(|x| x.to_be_bytes()).collect();
                let refs: Vec<&[u8]> = be.iter().map(|b| &b[..]).collect();
                assert_eq!(p.hash_bytes_be(&refs).unwrap(), want.to_be_bytes());
            }
            checked += 1;
        }
        for v in w.get("permutation_vectors").arr() {
            let mut state: Vec<Fr> = frs(v.get("state_in"));
            let want: Vec<Fr> = frs(v.get("state_out"));
            let tagged = poseidon::hash_tagged(&state[0], &state[1..]).unwrap();
            poseidon::permute(&mut state).unwrap();
            assert_eq!(state, want);
            assert_eq!(tagged, want[0]);
            checked += 1;
        }
    }
    assert!(checked >= 32, "only {checked} circomlibjs vectors");
}

#[test]
fn light_poseidon_vectors() {
    let j = Json::parse(&read_vector("poseidon-bn254/light-poseidon-tests.json"));
    for v in j.get("hash_vectors").arr() {
        let n = v.get("n_inputs").num() as usize;
        let inputs: Vec<Fr> = frs(v.get("inputs_field"));
        let mut p = Poseidon::<Fr>::new_circom(n).unwrap();
        assert_eq!(
            p.hash(&inputs).unwrap(),
            fr(v.get("output_field").str()),
            "{}",
            v.get("test").str()
        );
    }
    for v in j.get("derived_vectors").arr() {
        let n = v.get("n_inputs").num() as usize;
        let want = fr(v.get("output_field").str());
        let mut p = if v.has("domain_tag") {
            Poseidon::<Fr>::with_domain_tag_circom(n, fr(v.get("domain_tag").str())).unwrap()
        } else {
            Poseidon::<Fr>::new_circom(n).unwrap()
        };
        let cases: &[(&str, &str, Bytes)] = if v.has("inputs_bytes_le") {
            &[
                ("inputs_bytes_le", "output_bytes_le", LE),
                ("inputs_bytes_be", "output_bytes_be", BE),
            ]
        } else if v.has("inputs_bytes") {
            &[("inputs_bytes", "output_bytes", BE)]
        } else {
            &[]
        };
        for (inputs, output, f) in cases {
            let b: Vec<Vec<u8>> = v.get(inputs).arr().iter().map(|x| hex(x.str())).collect();
            let refs: Vec<&[u8]> = b.iter().map(|x| &x[..]).collect();
            assert_eq!(
                to_hex(&f(&mut p, &refs).unwrap()),
                v.get(output).str(),
                "{inputs}"
            );
        }
        if v.has("inputs_field") {
            let inputs: Vec<Fr> = frs(v.get("inputs_field"));
            assert_eq!(p.hash(&inputs).unwrap(), want, "{}", v.get("test").str());
        }
    }
}

type Bytes = fn(&mut Poseidon<Fr>, &[&[u8]]) -> Result<[u8; 32], PoseidonError>;
const BE: Bytes = |p, x| p.hash_bytes_be(x);
const LE: Bytes = |p, x| p.hash_bytes_le(x);

fn both_orders() -> [(Bytes, &'static str); 2] {
    [(BE, "be"), (LE, "le")]
}

/// p + r as 32 big-endian bytes (r small).
fn p_plus(r: u64) -> [u8; 32] {
    let mut b: [u8; 32] = hex("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001")
        .try_into()
        .unwrap();
    let mut carry = r as u128;
    for x in b.iter_mut().rev() {
        let s = *x as u128 + (carry & 0xff);
        *x = s as u8;
        carry = (carry >> 8) + (s >> 8);
    }
    b
}

fn rev(mut b: [u8; 32]) -> [u8; 32] {
    b.reverse();
    b
}

/// The 17 error cases of light-poseidon's tests, as the vector file lists
/// them (each matched by its `test` name, so a new case fails here).
#[test]
fn light_poseidon_error_cases() {
    let j = Json::parse(&read_vector("poseidon-bn254/light-poseidon-tests.json"));
    let cases = j.get("error_cases").arr();
    assert_eq!(cases.len(), 17);
    let mut rng = Rng::new(17);
    for c in cases {
        let test = c.get("test").str();
        let bytes_case = |input: &[u8], be: bool| {
            for n in 1..=11 {
                let mut p = Poseidon::<Fr>::new_circom(n).unwrap();
                let inputs = vec![input; n];
                let r = if be {
                    p.hash_bytes_be(&inputs)
                } else {
                    p.hash_bytes_le(&inputs)
                };
                assert_eq!(
                    r,
                    Err(PoseidonError::InputLargerThanModulus),
                    "{test}, n = {n}"
                );
            }
        };
        match test {
            t if t.starts_with("test_input_gte_field_size")
                || t.starts_with("test_input_eq_field_size") =>
            {
                bytes_case(
                    &hex(c.get("input_bytes").str()),
                    c.get("api").str() == "hash_bytes_be",
                );
            }
            "test_fuzz_..._input_gt_field_size" => {
                for _ in 0..n(20) {
                    let b = p_plus(rng.next() % 1_000_000);
                    bytes_case(&b, true);
                    bytes_case(&rev(b), false);
                }
            }
            "test_empty_input" => {
                for n in 1..=11 {
                    let mut p = Poseidon::<Fr>::new_circom(n).unwrap();
                    for (f, o) in both_orders() {
                        assert_eq!(
                            f(&mut p, &vec![&[][..]; n]),
                            Err(PoseidonError::EmptyInput),
                            "{o}, n = {n}"
                        );
                        let mut v = vec![&[1u8; 32][..]; n];
                        v[n - 1] = &[];
                        assert_eq!(
                            f(&mut p, &v),
                            Err(PoseidonError::EmptyInput),
                            "{o}, last empty, n = {n}"
                        );
                    }
                }
            }
            "test_..._invalid_input_length" => {
                // The file's lengths reach 500 MiB; a few up to 1 MiB suffice
                // to show the length is checked and reported, never read past.
                let big = vec![1u8; 1 << 20];
                for _ in 0..n(10) {
                    let len = 33 + rng.below(big.len() - 33);
                    let n = 1 + rng.below(11);
                    let mut p = Poseidon::<Fr>::new_circom(n).unwrap();
                    for (f, _) in both_orders() {
                        let want = PoseidonError::InvalidInputLength {
                            len,
                            modulus_bytes_len: 32,
                        };
                        assert_eq!(f(&mut p, &vec![&big[..len]; n]), Err(want));
                    }
                }
            }
            t if t.starts_with("test_poseidon_bn254_padding_collision_")
                && !t.contains("brute") =>
            {
                let mut p = Poseidon::<Fr>::new_circom(2).unwrap();
                let f = if t.ends_with("be") { BE } else { LE };
                for s in c.get("input_bytes").arr() {
                    let b = hex(s.str());
                    let want = PoseidonError::InvalidInputLength {
                        len: b.len(),
                        modulus_bytes_len: 32,
                    };
                    assert_eq!(f(&mut p, &[&b, &b]), Err(want), "{t}");
                }
            }
            "test_poseidon_bn254_padding_collision_be/le (brute force)" => {
                let mut p = Poseidon::<Fr>::new_circom(2).unwrap();
                for len in 1..=30 {
                    let b = vec![1u8; len];
                    for (f, _) in both_orders() {
                        let want = PoseidonError::InvalidInputLength {
                            len,
                            modulus_bytes_len: 32,
                        };
                        assert_eq!(f(&mut p, &[&b]), Err(want));
                    }
                }
            }
            "test_poseidon_bn254_x5_fq_validate_bytes_length" => {
                let mut p = Poseidon::<Fr>::new_circom(1).unwrap();
                for len in (0..=30).chain(33..=63) {
                    let b = vec![0u8; len];
                    let want = if len == 0 {
                        PoseidonError::EmptyInput
                    } else {
                        PoseidonError::InvalidInputLength {
                            len,
                            modulus_bytes_len: 32,
                        }
                    };
                    assert_eq!(p.hash_bytes_be(&[&b]), Err(want));
                }
                assert!(p.hash_bytes_be(&[&[0u8; 32]]).is_ok());
            }
            "test_poseidon_bn254_x5_fq_too_many_inputs" => {
                for i in 1..=12 {
                    let mut p = Poseidon::<Fr>::new_circom(i).unwrap();
                    for k in (1..=12).filter(|&k| k != i) {
                        let want = PoseidonError::InvalidNumberOfInputs {
                            inputs: k,
                            max_limit: i,
                            width: i + 1,
                        };
                        assert_eq!(p.hash(&vec![Fr::ONE; k]), Err(want.clone()));
                        let b = [1u8; 32];
                        assert_eq!(p.hash_bytes_be(&vec![&b[..]; k]), Err(want.clone()));
                        assert_eq!(p.hash_bytes_le(&vec![&b[..]; k]), Err(want));
                    }
                }
            }
            "test_circom_solana_t_gt_12_fails" | "test_circom_t_0_fails" => {
                for n in [0, 13, 14, 15] {
                    let want = PoseidonError::InvalidWidthCircom {
                        width: n + 1,
                        max_limit: 13,
                    };
                    assert_eq!(Poseidon::<Fr>::new_circom(n).err(), Some(want.clone()));
                    assert_eq!(
                        Poseidon::<Fr>::with_domain_tag_circom(n, Fr::ONE).err(),
                        Some(want)
                    );
                }
            }
            "test_poseidon_bn254_x5_fq_to_prime_field_element_be/le" => {
                let p_minus_1 = p_plus(0).map(|x| x).to_vec();
                let mut pm1: [u8; 32] = p_minus_1.try_into().unwrap();
                pm1[31] -= 1;
                assert!(Fr::from_be_bytes(&pm1).is_ok() && Fr::from_le_bytes(&rev(pm1)).is_ok());
                for b in [p_plus(0), p_plus(1)] {
                    assert_eq!(Fr::from_be_bytes(&b), Err(zkprim::Error::Range));
                    assert_eq!(Fr::from_le_bytes(&rev(b)), Err(zkprim::Error::Range));
                }
            }
            other => panic!("error case {other:?} has no check here"),
        }
    }
}

/// A count whose width n + 1 does not fit a usize (issue 26, defect 11): the
/// error names no width below the limit (the C detail's n + 1 wraps to 0,
/// which read as a width too small); the width saturates at usize::MAX and
/// Display says it is out of range.
#[test]
fn circom_width_past_usize() {
    for n in [usize::MAX, usize::MAX - 1] {
        let want = PoseidonError::InvalidWidthCircom {
            width: n.saturating_add(1),
            max_limit: 13,
        };
        assert_eq!(Poseidon::<Fr>::new_circom(n).err(), Some(want.clone()));
        assert_eq!(
            Poseidon::<Fr>::with_domain_tag_circom(n, Fr::ONE).err(),
            Some(want)
        );
    }
    let e = Poseidon::<Fr>::new_circom(usize::MAX).err().unwrap();
    assert!(e.to_string().contains(&usize::MAX.to_string()), "{e}");
}
