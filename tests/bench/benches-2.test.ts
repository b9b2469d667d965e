/** The smoke runs of every other benchmark, starting with the second (tests/bench/bench-smoke.ts). */
import { smokeRunsOf } from "./bench-smoke";

smokeRunsOf(1, 2);
