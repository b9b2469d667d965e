/** The smoke runs of every other benchmark, starting with the first (tests/bench/bench-smoke.ts). */
import { smokeRunsOf } from "./bench-smoke";

smokeRunsOf(0, 2);
