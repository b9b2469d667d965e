import { describe, expect, it } from "vitest";
import { ScanGate } from "../../app/camera/scan-gate";
import { bounceGuard } from "../../app/stocktake/scanner-bounce";

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

describe("a product barcode from a reader that does not confirm its reads", () => {
  it("counts only once two frames in a row read it the same; a label counts at once", () => {
    const gate = new ScanGate(1000, (code) => (code.startsWith("https://") ? 1 : 2));
    // One frame misreads the EAN as another valid code, then frames read it right.
    expect(gate.seen("2961934123464", 0)).toBe(false);
    expect(gate.seen("5901234123464", 120)).toBe(false);
    expect(gate.seen("5901234123464", 240)).toBe(true);
    expect(gate.seen("5901234123464", 360)).toBe(false);
    // A read, a frame with nothing, a read: not two in a row.
    expect(gate.seen("4006381333931", 480)).toBe(false);
    gate.missed();
    expect(gate.seen("4006381333931", 600)).toBe(false);
    expect(gate.seen("4006381333931", 720)).toBe(true);
    expect(gate.seen("https://x.example/s/AAAAAAAAAA", 840)).toBe(true);
  });
});

describe("a handheld scanner's bounce", () => {
  it("is the same code again within 150 ms: five in 483 ms count once, a code 200 ms later counts", () => {
    const isBounce = bounceGuard();
    const times = [0, 120, 240, 360, 483];
    expect(times.map((t) => isBounce("TEE-M", t))).toEqual([false, true, true, true, true]);
    expect(isBounce("TEE-M", 700)).toBe(false);
    expect(isBounce("TEE-S", 760)).toBe(false);
  });
});
