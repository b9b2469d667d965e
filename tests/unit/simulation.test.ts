/**
 * Latency compensation layers (app/live/simulation.ts): a stub's writes show
 * at once over the server's documents, in call order, field by field, with
 * the ids the server will use; dropping a layer is the rollback.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { type MethodStub, SimulationLayers } from "../../app/live/simulation";
import type { LiveDoc } from "../../app/live/store";

/** Meteor's own Random, the oracle for seeded ids. */
const Random = createRequire(import.meta.url)("meteor-standalone-random") as {
  createWithSeeds(...seeds: string[]): { id(): string };
};

function serverWith(docs: Record<string, LiveDoc[]>) {
  const server = new Map(Object.entries(docs).map(([name, list]) => [name, new Map(list.map((d) => [d._id, d]))]));
  const layers = new SimulationLayers((collection, id) => server.get(collection)?.get(id));
  const shown = (collection: string) => layers.view(collection, [...(server.get(collection)?.values() ?? [])]);
  return { server, layers, shown };
}

const lamp: LiveDoc = Object.freeze({ _id: "lamp", title: "Lamp", price: 10, location: "A1" });

describe("simulation layers", () => {
  it("shows a stub's update at once and drops it when the call is settled", () => {
    const { layers, shown } = serverWith({ items: [lamp] });
    const setTitle: MethodStub = (ctx, id, title) => ctx.update("items", id as string, { title });
    expect([...layers.run("1", "seed", setTitle, ["lamp", "Desk lamp"])]).toEqual(["items"]);
    expect(shown("items")).toEqual([{ _id: "lamp", title: "Desk lamp", price: 10, location: "A1" }]);
    expect([...layers.drop("1")]).toEqual(["items"]);
    expect(shown("items")).toEqual([lamp]);
    expect(layers.empty).toBe(true);
  });

  it("lets the server's change of another field show through while the call waits", () => {
    const { server, layers, shown } = serverWith({ items: [lamp] });
    layers.run("1", "seed", (ctx) => ctx.update("items", "lamp", { title: "Desk lamp" }), []);
    // Someone else moves the lamp meanwhile: both changes show.
    server.get("items")?.set("lamp", Object.freeze({ ...lamp, location: "B7" }));
    expect(shown("items")).toEqual([{ _id: "lamp", title: "Desk lamp", price: 10, location: "B7" }]);
  });

  it("applies layers in call order, each stub seeing the ones before it", () => {
    const { layers, shown } = serverWith({ items: [lamp] });
    const addToPrice: MethodStub = (ctx, amount) => {
      const doc = ctx.findOne("items", "lamp");
      ctx.update("items", "lamp", { price: (doc?.price as number) + (amount as number) });
    };
    layers.run("1", "a", addToPrice, [5]);
    layers.run("2", "b", addToPrice, [1]);
    expect(shown("items")[0]?.price).toBe(16);
    // The first call is answered first: the second's layer alone is left, over the server's 15.
    layers.drop("1");
    expect(shown("items")[0]?.price).toBe(16);
  });

  it("inserts with the id the server will give, and removes", () => {
    const { layers, shown } = serverWith({ items: [lamp] });
    const add: MethodStub = (ctx, title) => {
      const _id = ctx.newId("items");
      ctx.insert("items", { _id, title });
    };
    layers.run("1", "seed-for-add", add, ["Vase"]);
    layers.run("2", "seed-for-remove", (ctx) => ctx.remove("items", "lamp"), []);
    const expectedId = Random.createWithSeeds("seed-for-add", "/collection/items").id();
    expect(shown("items")).toEqual([{ _id: expectedId, title: "Vase" }]);
    layers.drop("2");
    expect(shown("items").map((doc) => doc._id)).toEqual(["lamp", expectedId]);
  });

  it("updates nothing that is not shown, and keeps nothing of a stub that throws", () => {
    const { layers, shown } = serverWith({ items: [lamp] });
    expect(layers.run("1", "s", (ctx) => ctx.update("items", "gone", { title: "x" }), []).size).toBe(0);
    expect(() =>
      layers.run(
        "2",
        "s",
        (ctx) => {
          ctx.update("items", "lamp", { title: "half" });
          throw new Error("refused");
        },
        [],
      ),
    ).toThrow("refused");
    expect(shown("items")).toEqual([lamp]);
    expect(layers.empty).toBe(true);
  });

  it("keeps the same array when no layer writes a collection", () => {
    const { layers } = serverWith({ items: [lamp] });
    const docs = [lamp];
    layers.run("1", "s", (ctx) => ctx.update("items", "lamp", { title: "x" }), []);
    expect(layers.view("rooms", docs)).toBe(docs);
  });
});
