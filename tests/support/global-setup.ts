import { buildApp } from "./server";

/** Builds the app once per test run for the interop and browser projects. */
export default function setup(): void {
  buildApp();
  process.env.STOCKROOM_APP_BUILT = "1";
}
