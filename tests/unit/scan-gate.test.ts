import { describe, expect, it } from "vitest";
import { ScanGate } from "../../app/camera/scan-gate";

describe("a camera's scans", () => {
  it("count a label held in view once, however many frames show it", () => {
    const gate = new ScanGate(1000);
    // Three seconds of frames, one every 150 ms, each showing the label.
    const frames = Array.from({ length: 21 }, (_, i) => i * 150);
    const counted = frames.filter((t) => gate.seen("https://x.example/s/AAAAAAAAAA", t));
    expect(counted).toEqual([0]);
  });

  it("count the same label again once it was out of view, and another label at once", () => {
    const gate = new ScanGate(1000);
    expect(gate.seen("A", 0)).toBe(true);
    expect(gate.seen("B", 100)).toBe(true);
    expect(gate.seen("A", 200)).toBe(true);
    expect(gate.seen("A", 400)).toBe(false);
    // Not seen between 400 and 1500 ms: moved away and back (the twin of that jug).
    expect(gate.seen("A", 1500)).toBe(true);
  });
});
