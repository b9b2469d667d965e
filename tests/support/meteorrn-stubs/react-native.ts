/**
 * The part of React Native that @meteorrn/core touches, for running it in
 * Node: its bindings take `unstable_batchedUpdates` (from the renderer shim,
 * which this module also stands in for) and
 * `InteractionManager.runAfterInteractions`. There is no UI here, so updates
 * run at once and "after interactions" means on the next turn.
 */
export function unstable_batchedUpdates<T>(update: () => T): T {
  return update();
}

export const InteractionManager = {
  runAfterInteractions(task: () => void) {
    const timer = setTimeout(task, 0);
    return { cancel: () => clearTimeout(timer) };
  },
};

export const Platform = { OS: "ios", select: <T>(choices: { ios?: T; default?: T }) => choices.ios ?? choices.default };

export const AppState = {
  currentState: "active",
  addEventListener: () => ({ remove() {} }),
};
