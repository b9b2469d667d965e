/**
 * Our seeded ids against Meteor's own code (`meteor-standalone-random`, its
 * Random package on npm, as an oracle): for many seeds, the same fractions,
 * the same ids, the same sequences per collection name — so a stub, the
 * server and a Meteor client all make the same `_id` from one `randomSeed`.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { createWithSeeds, RandomStream, randomId, seededId, UNMISTAKABLE_CHARS } from "../../protocol/random-stream";

interface MeteorGenerator {
  fraction(): number;
  id(length?: number): string;
}
const MeteorRandom = createRequire(import.meta.url)("meteor-standalone-random") as {
  createWithSeeds(...seeds: string[]): MeteorGenerator;
};

/** A small seeded PRNG for generating test seeds (mulberry32), so every run checks the same ones. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generatedSeeds(count: number): string[] {
  const next = mulberry32(7);
  const alphabets = [UNMISTAKABLE_CHARS, "abcdef0123456789", 'äöü€😀 \t\n"\\', "xyz"];
  const seeds = ["", "a", "0", "seed", "x".repeat(1000)];
  while (seeds.length < count) {
    const alphabet = alphabets[Math.floor(next() * alphabets.length)] as string;
    const length = seeds.length % 3 === 0 ? 20 : Math.floor(next() * 64);
    let seed = "";
    for (let i = 0; i < length; i++) seed += Array.from(alphabet)[Math.floor(next() * Array.from(alphabet).length)];
    seeds.push(seed);
  }
  return seeds;
}

const SEEDS = generatedSeeds(600);
const NAMES = ["/collection/items", "/collection/rooms", "/collection/itemHistory", "/collection/x"];

describe("seeded ids, against Meteor's Random", () => {
  it("gives the same first id for every seed and collection", () => {
    for (const seed of SEEDS) {
      for (const name of NAMES) {
        expect(createWithSeeds(seed, name).id()).toBe(MeteorRandom.createWithSeeds(seed, name).id());
      }
    }
  });

  it("gives the same sequences: fractions, consecutive ids, ids of other lengths", () => {
    for (const seed of SEEDS.slice(0, 100)) {
      const ours = createWithSeeds(seed, "/collection/items");
      const meteor = MeteorRandom.createWithSeeds(seed, "/collection/items");
      for (let i = 0; i < 5; i++) expect(ours.fraction()).toBe(meteor.fraction());
      for (let i = 0; i < 5; i++) expect(ours.id()).toBe(meteor.id());
      expect(ours.id(5)).toBe(meteor.id(5));
      expect(ours.id(40)).toBe(meteor.id(40));
    }
  });

  it("keeps one sequence per collection for a call, as Meteor's RandomStream", () => {
    const seed = "Kx4FzjQ8w2mPqR7tYb3N";
    const stream = new RandomStream(seed);
    const items = MeteorRandom.createWithSeeds(seed, "/collection/items");
    const history = MeteorRandom.createWithSeeds(seed, "/collection/itemHistory");
    expect(stream.id("items")).toBe(items.id());
    expect(stream.id("itemHistory")).toBe(history.id());
    expect(stream.id("items")).toBe(items.id());
    expect(seededId(seed, "items")).toBe(MeteorRandom.createWithSeeds(seed, "/collection/items").id());
  });

  it("makes fresh, unpredictable ids when a call has no seed", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => new RandomStream(undefined).id("items")));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz]{17}$/);
    expect(randomId(30)).toHaveLength(30);
  });
});
