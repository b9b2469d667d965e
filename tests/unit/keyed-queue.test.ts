import { describe, expect, it } from "vitest";
import { KeyedQueue } from "../../worker/keyed-queue";

describe("work queued per key", () => {
  it("runs one piece at a time per key, goes on after a failure, and forgets an idle key", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = queue.run("a", async () => {
      log.push("a1 start");
      await gate;
      log.push("a1 end");
      throw new Error("a1 failed");
    });
    const second = queue.run("a", async () => {
      log.push("a2");
      return 2;
    });
    const other = queue.run("b", async () => {
      log.push("b1");
      return "b";
    });
    expect(await other).toBe("b");
    expect(log).toEqual(["a1 start", "b1"]);
    expect(queue.tail("a")).toBeDefined();
    release();
    await expect(first).rejects.toThrow("a1 failed");
    expect(await second).toBe(2);
    expect(log).toEqual(["a1 start", "b1", "a1 end", "a2"]);
    await queue.tail("a");
    expect(queue.tail("a")).toBeUndefined();
  });
});
