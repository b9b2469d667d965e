/**
 * A room's way to call the Shopify Admin GraphQL API, over
 * `@shopify/admin-api-client`: `request(query, variables)` answers the
 * data or throws a LiveError a user can read. Around each call it
 * - waits when the cost budget says the query would not fit (cost-budget.ts);
 * - retries `THROTTLED` answers (HTTP 200) and HTTP 429, backing off, a
 *   bounded number of times;
 * - renews the token once when the store answers 401 (client credentials).
 * Publishing and sync build on this; it knows nothing about what they ask.
 */
import { createAdminApiClient } from "@shopify/admin-api-client";
import { LiveError } from "../../protocol/errors";
import { shopifyUrl } from "../stand-in-url";
import { budgetFor, MAX_WAIT_MS } from "./cost-budget";
import type { TokenSource } from "./shopify-auth";
import { badAnswer, missingScope, noStore, refused, storeBusy, unreachable } from "./store-errors";

export const SHOPIFY_API_VERSION = "2026-10";

/** Tries per call, throttled ones included. */
const MAX_ATTEMPTS = 5;
/** First back-off after a throttled answer; doubles each time. */
const BACKOFF_MS = 200;
const REQUEST_TIMEOUT_MS = 20_000;

type Outcome = { kind: "data"; data: unknown } | { kind: "unauthorized" } | { kind: "throttled"; retryAfterMs: number };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ShopifyClient {
  constructor(
    readonly shop: string,
    private readonly tokens: TokenSource,
    private readonly now: () => number = Date.now,
  ) {}

  async request<T = unknown>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const budget = budgetFor(this.shop);
    let renewed = false;
    let attempt = 1;
    for (;;) {
      const wait = budget.waitBefore(query, this.now());
      if (wait > 0) {
        // Looked at again after the wait: a call made meanwhile may have taken the points.
        await sleep(wait);
        continue;
      }
      budget.spend(query, this.now());
      const outcome = await this.send(await this.tokens.token(false), query, variables);
      if (outcome.kind === "data") return outcome.data as T;
      if (outcome.kind === "unauthorized") {
        // A cached token may have been revoked or expired early: one fresh token, then give up.
        if (!this.tokens.renewable || renewed) throw refused();
        renewed = true;
        await this.tokens.token(true);
        continue;
      }
      if (attempt >= MAX_ATTEMPTS) {
        console.error(`store: ${this.shop} still throttled after ${attempt} attempts`);
        throw storeBusy();
      }
      const backoff = BACKOFF_MS * 2 ** (attempt - 1);
      await sleep(Math.min(MAX_WAIT_MS, Math.max(backoff, outcome.retryAfterMs, budget.waitBefore(query, this.now()))));
      attempt++;
    }
  }

  /** One HTTP round trip, sorted into what the caller does next; anything else becomes a clear LiveError. */
  private async send(accessToken: string, query: string, variables?: Record<string, unknown>): Promise<Outcome> {
    let answer: Awaited<ReturnType<ReturnType<typeof createAdminApiClient>["request"]>>;
    // What the HTTP exchange came to, to tell "unreachable" and "no shop here" from "answered nonsense"
    // when the client library throws instead of returning errors.
    let fetchError: unknown = null;
    let httpStatus: number | null = null;
    try {
      const client = createAdminApiClient({
        storeDomain: this.shop,
        apiVersion: SHOPIFY_API_VERSION,
        accessToken,
        // Looked up at call time (not captured once), with a time limit so a silent store cannot hold a call.
        customFetchApi: (url, init) =>
          fetch(shopifyUrl(String(url)), { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
            (response) => {
              httpStatus = response.status;
              return response;
            },
            (error: unknown) => {
              fetchError = error;
              throw error;
            },
          ),
        logger: (log) => {
          if (log.type === "Unsupported_Api_Version")
            console.warn(`store: API version ${SHOPIFY_API_VERSION} unsupported`);
        },
      });
      answer = await client.request(query, variables ? { variables } : {});
    } catch (error) {
      console.error(`store: request to ${this.shop} failed`, error);
      if (fetchError) throw unreachable(fetchError);
      throw httpStatus === 404 ? noStore() : badAnswer();
    }
    budgetFor(this.shop).record(query, answer.extensions, this.now());
    const { data, errors } = answer;
    if (!errors) return { kind: "data", data };

    // The client library reports a request that got no answer as an error too.
    if (fetchError) throw unreachable(fetchError);
    const status = errors.networkStatusCode;
    const graphQLErrors = errors.graphQLErrors ?? [];
    if (status === 401) return { kind: "unauthorized" };
    if (status === 404) {
      console.error(`store: no shop answers at ${this.shop}`);
      throw noStore();
    }
    if (status === 429) {
      const seconds = Number(errors.response?.headers.get("Retry-After"));
      return { kind: "throttled", retryAfterMs: Number.isFinite(seconds) ? seconds * 1000 : 0 };
    }
    if (graphQLErrors.some((error) => error.extensions?.code === "THROTTLED")) {
      return { kind: "throttled", retryAfterMs: 0 };
    }
    if (status === 403 || graphQLErrors.some((error) => error.extensions?.code === "ACCESS_DENIED")) {
      console.error(`store: ${this.shop} denied a request`, errors.message, graphQLErrors);
      throw missingScope();
    }
    if (graphQLErrors.length > 0 && status === 200) {
      // The store's own words about the query (not ours): useful to whoever set the store up.
      const first = String(graphQLErrors[0]?.message ?? "").slice(0, 300);
      console.error(`store: ${this.shop} answered with errors`, graphQLErrors);
      throw new LiveError(502, `The store answered with an error: ${first}`);
    }
    console.error(`store: ${this.shop} answered badly (${status ?? "no answer"})`, errors.message);
    throw badAnswer();
  }
}
