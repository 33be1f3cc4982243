// Shared helpers of the js/ tests: a seeded generator (xorshift128+), so a
// failure names its seed and reproduces.
export const SEED = BigInt(process.env.ZKPRIM_JS_SEED || '20261203');

export function rng(seed = SEED) {
  let a = seed ^ 0x9e3779b97f4a7c15n;
  let b = (seed * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn || 1n;
  const next = () => {
    let s1 = a;
    const s0 = b;
    a = s0;
    s1 ^= (s1 << 23n) & 0xffffffffffffffffn;
    b = s1 ^ s0 ^ (s1 >> 17n) ^ (s0 >> 26n);
    return (b + s0) & 0xffffffffffffffffn;
  };
  return {
    u64: next,
    int: (n) => Number(next() % BigInt(n)),
    bytes: (n) => {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i += 8) {
        let v = next();
        for (let j = i; j < Math.min(n, i + 8); j++, v >>= 8n) out[j] = Number(v & 0xffn);
      }
      return out;
    },
    big: (bits) => {
      let v = 0n;
      for (let i = 0; i < bits; i += 64) v = (v << 64n) | next();
      return v & ((1n << BigInt(bits)) - 1n);
    },
  };
}

export const hex = (b) => Buffer.from(b).toString('hex');
