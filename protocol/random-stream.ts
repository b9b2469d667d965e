/**
 * Document ids from a method's `randomSeed`, as Meteor makes them (docs/protocol.md §8,
 * §9), so a client's stub and the server create the same ids — and a re-sent
 * call creates the same ones again, which is what makes creates idempotent.
 *
 * Meteor's algorithm (packages/random and ddp-common's RandomStream): an
 * Alea generator (Johannes Baagøe's, seeded through his "Mash" hash) seeded
 * with `[randomSeed, "/collection/<name>"]`, one generator per name for the
 * whole call; an id is 17 `choice`s from the "unmistakable" alphabet, each
 * `floor(fraction() * 55)`. Checked against Meteor's own code
 * (`meteor-standalone-random`) in tests/unit/random-stream.test.ts.
 *
 * Runtime-free: `crypto.getRandomValues` is a global in Workers and browsers.
 */

export const UNMISTAKABLE_CHARS = "23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz";
/** 2^-32 */
const UINT32_TO_FRACTION = 2.3283064365386963e-10;

/** Baagøe's Mash: folds text into the generator's state, 32 bits at a time. */
function mash(): (data: string) => number {
  let n = 0xefc8249d;
  return (data) => {
    for (let i = 0; i < data.length; i++) {
      n += data.charCodeAt(i);
      let h = 0.02519603282416938 * n;
      n = h >>> 0;
      h -= n;
      h *= n;
      n = h >>> 0;
      h -= n;
      n += h * 0x100000000;
    }
    return (n >>> 0) * UINT32_TO_FRACTION;
  };
}

/** Alea 0.9: a fraction in [0, 1) per call, fully determined by the seeds. */
function alea(seeds: readonly string[]): () => number {
  const hash = mash();
  let s0 = hash(" ");
  let s1 = hash(" ");
  let s2 = hash(" ");
  let c = 1;
  for (const seed of seeds) {
    s0 -= hash(seed);
    if (s0 < 0) s0 += 1;
    s1 -= hash(seed);
    if (s1 < 0) s1 += 1;
    s2 -= hash(seed);
    if (s2 < 0) s2 += 1;
  }
  return () => {
    const t = 2091639 * s0 + c * UINT32_TO_FRACTION;
    s0 = s1;
    s1 = s2;
    c = t | 0;
    s2 = t - c;
    return s2;
  };
}

export interface SeededGenerator {
  /** The next number in [0, 1). */
  fraction(): number;
  /** One character (or element) of `choices`. */
  choice(choices: string): string;
  /** An id of `length` characters from the unmistakable alphabet (Meteor's `Random.id`). */
  id(length?: number): string;
}

/** Meteor's `Random.createWithSeeds(...seeds)`. Seeds are used as text. */
export function createWithSeeds(...seeds: string[]): SeededGenerator {
  if (seeds.length === 0) throw new Error("No seeds were provided");
  const fraction = alea(seeds);
  const choice = (choices: string) => choices.charAt(Math.floor(fraction() * choices.length));
  return {
    fraction,
    choice,
    id: (length = 17) => {
      let id = "";
      for (let i = 0; i < length; i++) id += choice(UNMISTAKABLE_CHARS);
      return id;
    },
  };
}

/**
 * The ids one method call creates (Meteor's RandomStream): with a seed, one
 * generator per collection, so the n-th id of a collection in a call is
 * always the same; without one (a client that sends no `randomSeed`), fresh
 * random ids.
 */
export class RandomStream {
  private readonly sequences = new Map<string, SeededGenerator>();

  constructor(private readonly seed: string | undefined) {}

  /** The next id for documents of `collection` (stream `/collection/<collection>`). */
  id(collection: string): string {
    if (this.seed === undefined) return randomId();
    const name = `/collection/${collection}`;
    let sequence = this.sequences.get(name);
    if (!sequence) {
      sequence = createWithSeeds(this.seed, name);
      this.sequences.set(name, sequence);
    }
    return sequence.id();
  }
}

/** The first id of `collection` a call with this seed creates. */
export function seededId(seed: string, collection: string): string {
  return createWithSeeds(seed, `/collection/${collection}`).id();
}

/** Bytes at or above this would favour the first letters; they are skipped. */
const UNBIASED_LIMIT = 256 - (256 % UNMISTAKABLE_CHARS.length);

/** A random id from the platform's CSPRNG, unbiased, in the same alphabet. */
export function randomId(length = 17): string {
  let id = "";
  while (id.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && id.length < length) id += UNMISTAKABLE_CHARS[byte % UNMISTAKABLE_CHARS.length];
    }
  }
  return id;
}
