/**
 * Pages as lazy chunks: a page's code is fetched the first time it is shown,
 * or earlier with `prefetch()` when the browser is idle, so the first page
 * a visitor opens carries only its own code (the initial JS budget,
 * bench/bundle.bench.mjs) and the next one still opens at once.
 */
import { type ComponentType, lazy } from "react";

export interface LazyPage<P> {
  Page: ComponentType<P>;
  /** Fetches the chunk now (idempotent); a failed fetch is retried when the page is shown. */
  prefetch(): void;
}

export function lazyPage<P, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyPage<P> {
  let loading: Promise<M> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    // biome-ignore lint/suspicious/noExplicitAny: React.lazy needs the component's own props type, which P is.
    Page: lazy(async () => ({ default: pick(await get()) as ComponentType<any> })) as ComponentType<P>,
    prefetch: () => void get().catch(() => {}),
  };
}

/** Runs `work` once the page has settled: after `load`, when the browser is next idle. */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  // Safari has no requestIdleCallback: a short timer stands in.
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 200);
  const start = () => {
    // A short pause after load, so what the page needed to show is never raced by prefetches.
    window.setTimeout(() => idle(() => !cancelled && work()), 1000);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  return () => {
    cancelled = true;
  };
}
