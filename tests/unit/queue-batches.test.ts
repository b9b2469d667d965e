import { describe, expect, it } from "vitest";
import { QUEUE_BATCH, queueBatches } from "../../worker/store/queue-batches";

describe("queue batches", () => {
  it("keeps each sendBatch under the queue's 256 KB: a big delivery for three rooms goes in two calls", () => {
    const batches = queueBatches(["a", "b", "c"], () => 110_000);
    expect(batches).toEqual([["a", "b"], ["c"]]);
    for (const batch of batches) expect(batch.length * 110_000).toBeLessThanOrEqual(QUEUE_BATCH.BYTES);
  });

  it("keeps each under 100 messages, in order, and a small delivery for a few rooms in one call", () => {
    const many = Array.from({ length: 250 }, (_, i) => i);
    const batches = queueBatches(many, () => 500);
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(many);
    expect(queueBatches(["a", "b"], () => 2_000)).toEqual([["a", "b"]]);
    expect(queueBatches([], () => 1)).toEqual([]);
  });
});
