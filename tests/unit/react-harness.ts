/**
 * React on a scripted live connection, for component tests: fake timers,
 * a fresh fake server connection and a mounted root per test, all undone
 * after it. Use the returned object's fields inside tests (they change per test).
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, vi } from "vitest";
import { connect, type Harness } from "./live-fake-socket";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export interface ReactHarness {
  live: Harness;
  root: Root;
  /** Where the component renders (in the document, so focus and layout queries work). */
  container: HTMLDivElement;
}

export function reactHarness(): ReactHarness {
  const ui = {} as ReactHarness;
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers();
    ui.live = connect();
    ui.container = document.createElement("div");
    document.body.append(ui.container);
    ui.root = createRoot(ui.container);
  });
  afterEach(() => {
    act(() => ui.root.unmount());
    ui.container.remove();
    ui.live.connection.close();
    vi.useRealTimers();
  });
  return ui;
}
