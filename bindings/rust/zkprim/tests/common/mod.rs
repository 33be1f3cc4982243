//! What the integration tests share: the repository's vector files, a
//! small JSON reader (no crates.io), hex, and a seeded random generator.
#![allow(dead_code)]
use std::collections::BTreeMap;
use std::path::PathBuf;

/// tests/vectors of the repository (ZKPRIM_VECTORS overrides).
pub fn vectors_dir() -> PathBuf {
    match std::env::var_os("ZKPRIM_VECTORS") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/vectors"),
    }
}

pub fn read_vector(rel: &str) -> String {
    let p = vectors_dir().join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

pub fn hex(s: &str) -> Vec<u8> {
    let s = s.trim().trim_start_matches("0x");
    assert!(s.len() % 2 == 0, "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

pub fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// xorshift64*: reproducible inputs (ZKPRIM_TEST_SEED picks the seed).
pub struct Rng(u64);

impl Rng {
    pub fn new(stream: u64) -> Rng {
        let seed = std::env::var("ZKPRIM_TEST_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x5eed_2026u64);
        Rng((seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
    pub fn fill(&mut self, b: &mut [u8]) {
        b.iter_mut().for_each(|x| *x = self.next() as u8);
    }
    /// Lengths around the sponge rates and block edges, and random ones.
    pub fn length(&mut self, max: usize) -> usize {
        const EDGES: [usize; 12] = [0, 1, 31, 32, 55, 56, 57, 64, 135, 136, 137, 168];
        if self.below(3) == 0 {
            EDGES[self.below(EDGES.len())].min(max)
        } else {
            self.below(max + 1)
        }
    }
}

/// The count of a randomised loop: ZKPRIM_TEST_N when set (as for the C
/// tests: e.g. 1000000 for a deep run), else `default`.
pub fn n(default: usize) -> usize {
    std::env::var("ZKPRIM_TEST_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
}

impl Json {
    pub fn parse(s: &str) -> Json {
        let mut p = Parser {
            b: s.as_bytes(),
            i: 0,
        };
        let v = p.value();
        p.ws();
        assert_eq!(p.i, p.b.len(), "trailing data in JSON");
        v
    }
    pub fn get(&self, k: &str) -> &Json {
        match self {
            Json::Obj(m) => m.get(k).unwrap_or(&Json::Null),
            _ => &Json::Null,
        }
    }
    pub fn has(&self, k: &str) -> bool {
        matches!(self, Json::Obj(m) if m.contains_key(k))
    }
    pub fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(v) => v,
            other => panic!("not an array: {other:?}"),
        }
    }
    pub fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            other => panic!("not a string: {other:?}"),
        }
    }
    pub fn str_or<'a>(&'a self, d: &'a str) -> &'a str {
        match self {
            Json::Str(s) => s,
            _ => d,
        }
    }
    pub fn num(&self) -> f64 {
        match self {
            Json::Num(n) => *n,
            Json::Str(s) => s.parse().unwrap_or_else(|_| panic!("not a number: {s}")),
            other => panic!("not a number: {other:?}"),
        }
    }
    pub fn bool(&self) -> bool {
        matches!(self, Json::Bool(true))
    }
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.b[self.i], c,
            "JSON: expected {} at {}",
            c as char, self.i
        );
        self.i += 1;
    }
    fn value(&mut self) -> Json {
        self.ws();
        match self.b[self.i] {
            b'{' => {
                self.i += 1;
                let mut m = BTreeMap::new();
                self.ws();
                if self.b[self.i] == b'}' {
                    self.i += 1;
                    return Json::Obj(m);
                }
                loop {
                    self.ws();
                    let k = self.string();
                    self.eat(b':');
                    let v = self.value();
                    m.insert(k, v);
                    self.ws();
                    self.i += 1;
                    if self.b[self.i - 1] == b'}' {
                        return Json::Obj(m);
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.b[self.i] == b']' {
                    self.i += 1;
                    return Json::Arr(v);
                }
                loop {
                    v.push(self.value());
                    self.ws();
                    self.i += 1;
                    if self.b[self.i - 1] == b']' {
                        return Json::Arr(v);
                    }
                }
            }
            b'"' => Json::Str(self.string()),
            b't' => {
                self.i += 4;
                Json::Bool(true)
            }
            b'f' => {
                self.i += 5;
                Json::Bool(false)
            }
            b'n' => {
                self.i += 4;
                Json::Null
            }
            _ => {
                let s = self.i;
                while self.i < self.b.len() && b"+-0123456789.eE".contains(&self.b[self.i]) {
                    self.i += 1;
                }
                Json::Num(
                    std::str::from_utf8(&self.b[s..self.i])
                        .unwrap()
                        .parse()
                        .expect("JSON number"),
                )
            }
        }
    }
    fn string(&mut self) -> String {
        self.eat(b'"');
        let mut out = String::new();
        loop {
            let c = self.b[self.i];
            self.i += 1;
            match c {
                b'"' => return out,
                b'\\' => {
                    let e = self.b[self.i];
                    self.i += 1;
                    match e {
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'r' => out.push('\r'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'u' => {
                            let h = std::str::from_utf8(&self.b[self.i..self.i + 4]).unwrap();
                            self.i += 4;
                            out.push(
                                char::from_u32(u32::from_str_radix(h, 16).unwrap())
                                    .unwrap_or('\u{fffd}'),
                            );
                        }
                        other => out.push(other as char),
                    }
                }
                _ => {
                    // Copy one UTF-8 sequence as it is.
                    let start = self.i - 1;
                    let mut end = self.i;
                    while end < self.b.len() && (self.b[end] & 0xc0) == 0x80 {
                        end += 1;
                    }
                    out.push_str(std::str::from_utf8(&self.b[start..end]).unwrap());
                    self.i = end;
                }
            }
        }
    }
}
