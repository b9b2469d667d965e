/**
 * The room's store connection (docs/product.md §5), with Shopify faked at
 * its HTTP boundary: the client-credentials token endpoint and the Admin
 * GraphQL endpoint of `*.myshopify.com`. Our code — the live methods, the
 * Admin API client, encryption, D1 — runs for real.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CostBudget } from "../../worker/store/cost-budget";
import { openSecret, STORE_KEY_MISSING, sealSecret } from "../../worker/store/secret-box";
import { normaliseShopDomain } from "../../worker/store/shop-domain";
import { STORE_ERROR } from "../../worker/store/store-errors";
import { WEBHOOKS_NEED_SECRET } from "../../worker/store/webhook-subscriptions";
import { FakeShopify, type FakeShopifyOptions } from "../support/fake-shopify";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";
import { installFakeStore } from "./fake-store";
import { roomRow, roomRows } from "./room-rows";

let shops = 0;
/** A fresh shop per test: the client keeps each shop's cost budget in memory. */
const newShop = () => `stockroom-test-${Date.now().toString(36)}-${shops++}.myshopify.com`;

type Trouble = Partial<Pick<FakeShopify, "graphqlGarbage" | "tokenGarbage" | "tokenStatus" | "throttleNext">>;

/** A fake shop at the HTTP boundary, optionally in trouble from the start. */
function fakeShopify(options: FakeShopifyOptions & Trouble = {}): FakeShopify {
  const { graphqlGarbage, tokenGarbage, tokenStatus, throttleNext, ...settings } = options;
  const fake = installFakeStore(new FakeShopify({ shop: newShop(), ...settings }));
  fake.graphqlGarbage = graphqlGarbage ?? false;
  fake.tokenGarbage = tokenGarbage ?? false;
  fake.tokenStatus = tokenStatus ?? null;
  fake.throttleNext = throttleNext ?? 0;
  return fake;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const withCredentials = (fake: FakeShopify) => ({
  domain: fake.shop,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
});

interface StoredRow {
  shop_domain: string;
  auth_kind: string;
  client_id: string;
  secret: string;
  access_token: string | null;
  access_token_expires_at: number | null;
  shop_name: string;
}

async function storedRow(roomId: string): Promise<StoredRow | null> {
  return roomRow<StoredRow>(roomId, "SELECT * FROM store_connections WHERE room_id = ?", roomId);
}

async function storeDoc(socket: DdpSocket) {
  const sub = await socket.subscribe("store");
  expect(sub.msg).toBe("ready");
  const added = await socket.next((m) => m.msg === "added" && m.collection === "store");
  expect(added.id).toBe("connection");
  return added.fields as Record<string, unknown>;
}

describe("store connection", () => {
  it("says Service not configured while a room has no connection", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect(await storeDoc(socket)).toEqual({
      connected: false,
      domain: "",
      authKind: null,
      shopName: "",
      connectedAt: null,
    });
    expect((await socket.call("store.test")).error).toMatchObject({ error: 404, reason: "Service not configured" });
    socket.close();
  });

  it("connects with a client ID and secret, keeps only sealed secrets, and publishes no secret", async () => {
    const fake = fakeShopify();
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await storeDoc(socket);

    const connected = await socket.call("store.connect", [withCredentials(fake)]);
    expect(connected.error).toBeUndefined();
    expect(connected.result).toMatchObject({ shopName: "Corner Shop" });
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.tokenRequests[0]?.get("grant_type")).toBe("client_credentials");
    expect(fake.tokenRequests[0]?.get("client_id")).toBe(fake.clientId);
    expect(fake.tokenRequests[0]?.get("client_secret")).toBe(fake.clientSecret);
    const issuedToken = fake.calls[0]?.token ?? "";
    expect(issuedToken).toMatch(/^shpat_issued_1_/);

    // The publication changed live, and carries nothing secret.
    const changed = await socket.next((m) => m.msg === "changed" && m.collection === "store");
    expect(changed.fields).toMatchObject({
      connected: true,
      domain: fake.shop,
      authKind: "client_credentials",
      shopName: "Corner Shop",
    });
    expect((changed.fields as { connectedAt: unknown }).connectedAt).toBeInstanceOf(Date);
    const everything = JSON.stringify(socket.received);
    for (const secret of [fake.clientSecret, issuedToken, fake.clientId]) expect(everything).not.toContain(secret);

    // D1 holds the secret and the cached token only sealed (AES-GCM, versioned).
    const row = await storedRow(roomId);
    expect(row).toMatchObject({ shop_domain: fake.shop, auth_kind: "client_credentials", shop_name: "Corner Shop" });
    expect(row?.secret).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(row?.access_token).toMatch(/^v1\./);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(fake.clientSecret);
    expect(stored).not.toContain(issuedToken);
    const expiresAt = row?.access_token_expires_at ?? 0;
    expect(expiresAt).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // A test uses the cached token: no new token request.
    expect((await socket.call("store.test")).result).toEqual({ shopName: "Corner Shop" });
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.calls.at(-1)?.token).toBe(issuedToken);
    socket.close();
  });

  it("connects with an Admin API access token and accepts a pasted store URL", async () => {
    const fake = fakeShopify({ shopName: "Old Custom App Shop" });
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const pasted = `https://${fake.shop.toUpperCase()}/admin/products?x=1`;
    const connected = await socket.call("store.connect", [{ domain: pasted, accessToken: fake.staticToken }]);
    // Deliveries are signed with a client secret, which a legacy token connection does not have.
    expect(connected.result).toEqual({
      shopName: "Old Custom App Shop",
      webhooks: {
        registered: 0,
        note: WEBHOOKS_NEED_SECRET,
      },
    });
    expect(fake.tokenRequests).toHaveLength(0);
    expect(fake.calls[0]?.token).toBe(fake.staticToken);
    const row = await storedRow(roomId);
    expect(row).toMatchObject({ shop_domain: fake.shop, auth_kind: "access_token", client_id: "", access_token: null });
    expect(JSON.stringify(row)).not.toContain(fake.staticToken);
    expect(await storeDoc(socket)).toMatchObject({ connected: true, domain: fake.shop, authKind: "access_token" });
    expect((await socket.call("store.test")).result).toEqual({ shopName: "Old Custom App Shop" });

    // Disconnecting removes the row and says so live.
    expect((await socket.call("store.disconnect")).error).toBeUndefined();
    const changed = await socket.next((m) => m.msg === "changed" && m.collection === "store");
    expect(changed.fields).toMatchObject({ connected: false, domain: "", shopName: "" });
    expect(await storedRow(roomId)).toBeNull();
    expect((await socket.call("store.test")).error).toMatchObject({ error: 404, reason: "Service not configured" });
    socket.close();
  });

  it("refuses a domain that is not a myshopify.com store, without calling anyone", async () => {
    const fake = fakeShopify();
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    for (const domain of ["example.com", `${fake.shop}.evil.example`, "https://evil.example/x.myshopify.com", "a b"]) {
      const answer = await socket.call("store.connect", [{ ...withCredentials(fake), domain }]);
      expect(answer.error).toMatchObject({
        error: 400,
        reason: "Store domain must look like your-shop.myshopify.com",
      });
    }
    expect((await socket.call("store.connect", [{ domain: fake.shop }])).error).toMatchObject({ error: 400 });
    expect(fake.tokenRequests).toHaveLength(0);
    expect(fake.calls).toHaveLength(0);
    expect(await storedRow(roomId)).toBeNull();
    socket.close();
  });

  it("says clearly when the store refuses the credentials or answers garbage, and saves nothing", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const refused = { error: 401, reason: STORE_ERROR.REFUSED };
    const garbage = { error: 502, reason: STORE_ERROR.BAD_ANSWER };

    const wrongSecret = fakeShopify();
    const answer = await socket.call("store.connect", [{ ...withCredentials(wrongSecret), clientSecret: "nope" }]);
    expect(answer.error).toMatchObject(refused);
    expect(wrongSecret.tokenRequests).toHaveLength(1);
    vi.restoreAllMocks();

    const unauthorized = fakeShopify({ tokenStatus: 401 });
    expect((await socket.call("store.connect", [withCredentials(unauthorized)])).error).toMatchObject(refused);
    vi.restoreAllMocks();

    const badToken = fakeShopify();
    const withToken = { domain: badToken.shop, accessToken: "shpat_revoked" };
    expect((await socket.call("store.connect", [withToken])).error).toMatchObject(refused);
    // A static token cannot be renewed: one try only.
    expect(badToken.calls).toHaveLength(1);
    vi.restoreAllMocks();

    const tokenGarbage = fakeShopify({ tokenGarbage: true });
    expect((await socket.call("store.connect", [withCredentials(tokenGarbage)])).error).toMatchObject(garbage);
    vi.restoreAllMocks();

    const apiGarbage = fakeShopify({ graphqlGarbage: true });
    expect((await socket.call("store.connect", [withCredentials(apiGarbage)])).error).toMatchObject(garbage);
    vi.restoreAllMocks();

    // A domain with no shop behind it (Shopify answers 404), by token and by client credentials.
    fakeShopify();
    const nowhere = { domain: "no-such-shop.myshopify.com", accessToken: "shpat_x" };
    const noStore = { error: 404, reason: STORE_ERROR.NO_STORE };
    expect((await socket.call("store.connect", [nowhere])).error).toMatchObject(noStore);
    const nowhereApp = { domain: "no-such-shop.myshopify.com", clientId: "id", clientSecret: "secret" };
    expect((await socket.call("store.connect", [nowhereApp])).error).toMatchObject(noStore);
    vi.restoreAllMocks();

    // No answer at all (DNS, network): says to check the domain and the connection.
    const offline = fakeShopify();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    const unreachable = { error: 502, reason: STORE_ERROR.UNREACHABLE };
    expect((await socket.call("store.connect", [withCredentials(offline)])).error).toMatchObject(unreachable);
    expect(
      (await socket.call("store.connect", [{ domain: offline.shop, accessToken: "shpat_x" }])).error,
    ).toMatchObject(unreachable);
    vi.restoreAllMocks();

    // An app without the access scopes it needs: the error names them.
    const narrow = fakeShopify();
    narrow.denied.add("StockroomShopName");
    const denied = (await socket.call("store.connect", [withCredentials(narrow)])).error;
    expect(denied).toMatchObject({ error: 403, reason: STORE_ERROR.MISSING_SCOPE });
    expect((denied as { reason?: string } | undefined)?.reason).toContain("read_products, write_products");

    expect(await storedRow(roomId)).toBeNull();
    socket.close();
  });

  it("renews an expired cached token before calling the store", async () => {
    const fake = fakeShopify({ shopName: "Renewal Shop" });
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("store.connect", [withCredentials(fake)])).error).toBeUndefined();
    const before = await storedRow(roomId);

    await roomRows(
      roomId,
      "UPDATE store_connections SET access_token_expires_at = ? WHERE room_id = ?",
      Date.now() - 1000,
      roomId,
    );
    expect((await socket.call("store.test")).result).toEqual({ shopName: "Renewal Shop" });
    expect(fake.tokenRequests).toHaveLength(2);
    // The call went out with the new token, which is now cached (sealed) with a new expiry.
    expect(fake.calls.at(-1)?.token).toMatch(/^shpat_issued_2_/);
    const after = await storedRow(roomId);
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(after?.access_token_expires_at ?? 0).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // A token with under five minutes left is renewed too.
    await roomRows(
      roomId,
      "UPDATE store_connections SET access_token_expires_at = ? WHERE room_id = ?",
      Date.now() + 60_000,
      roomId,
    );
    expect((await socket.call("store.test")).error).toBeUndefined();
    expect(fake.tokenRequests).toHaveLength(3);
    socket.close();
  });

  it("renews the token once when the store answers 401, then retries", async () => {
    const fake = fakeShopify();
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("store.connect", [withCredentials(fake)])).error).toBeUndefined();
    const first = fake.calls[0]?.token ?? "";
    // The store revokes the cached token before it expires.
    fake.valid.delete(first);

    expect((await socket.call("store.test")).result).toEqual({ shopName: "Corner Shop" });
    expect(fake.tokenRequests).toHaveLength(2);
    // Connecting asked for the shop's name and its locations; the test's first try is refused,
    // and the retry (and its read of the locations) goes with the new token.
    expect(fake.calls.map((call) => call.token === first)).toEqual([true, true, true, false, false]);

    // When the app's credentials stop working altogether, it is refused after one renewal.
    fake.clientSecret = "rotated-in-shopify";
    fake.valid.clear();
    expect((await socket.call("store.test")).error).toMatchObject({
      error: 401,
      reason: STORE_ERROR.REFUSED,
    });
    expect(fake.tokenRequests).toHaveLength(3);
    socket.close();
  });

  it("retries THROTTLED answers and succeeds", async () => {
    const fake = fakeShopify({ throttleNext: 2, shopName: "Busy Shop" });
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("store.connect", [withCredentials(fake)])).result).toMatchObject({
      shopName: "Busy Shop",
    });
    // Two throttled tries of the shop's name, the one that succeeds, then the store's locations.
    expect(fake.calls.map((call) => call.operation)).toEqual([
      "StockroomShopName",
      "StockroomShopName",
      "StockroomShopName",
      "StockroomLocations",
    ]);
    expect(fake.tokenRequests).toHaveLength(1);
    expect((await storedRow(roomId))?.shop_name).toBe("Busy Shop");
    socket.close();
  });

  it("lets only owners and admins manage the connection, and every member see it", async () => {
    const fake = fakeShopify();
    const roomId = await createRoom();
    const member = await signUpUser();
    const admin = await signUpUser();
    const { socket: owner } = await connectToRoom(roomId);
    expect((await owner.call("members.invite", [member.email, "member"])).error).toBeUndefined();
    expect((await owner.call("members.invite", [admin.email, "admin"])).error).toBeUndefined();

    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });
    expect(await storeDoc(asMember)).toMatchObject({ connected: false });
    for (const [method, params] of [
      ["store.connect", [withCredentials(fake)]],
      ["store.test", []],
      ["store.disconnect", []],
    ] as const) {
      expect((await asMember.call(method, [...params])).error).toMatchObject({ error: 403, reason: "Access denied" });
    }
    expect(fake.tokenRequests).toHaveLength(0);

    const { socket: asAdmin } = await connectToRoom(roomId, { token: admin.token });
    expect((await asAdmin.call("store.connect", [withCredentials(fake)])).result).toMatchObject({
      shopName: "Corner Shop",
    });
    const changed = await asMember.next((m) => m.msg === "changed" && m.collection === "store");
    expect(changed.fields).toMatchObject({ connected: true, shopName: "Corner Shop" });
    expect(JSON.stringify(asMember.received)).not.toContain(fake.clientSecret);
    expect((await asMember.call("store.disconnect")).error).toMatchObject({ error: 403 });
    expect(await storedRow(roomId)).not.toBeNull();

    // A stranger sees nothing.
    const stranger = await signUpUser();
    const { socket: outsider } = await connectToRoom(roomId, { token: stranger.token });
    expect(await outsider.subscribe("store")).toMatchObject({ msg: "nosub", error: { error: 403 } });
    for (const socket of [owner, asMember, asAdmin, outsider]) socket.close();
  });

  it("shows the shop's new name after it was renamed in Shopify", async () => {
    const fake = fakeShopify({ shopName: "Before" });
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("store.connect", [withCredentials(fake)])).error).toBeUndefined();
    await storeDoc(socket);
    fake.shopName = "After";
    expect((await socket.call("store.test")).result).toEqual({ shopName: "After" });
    const changed = await socket.next((m) => m.msg === "changed" && m.collection === "store");
    expect(changed.fields).toEqual({ shopName: "After" });
    socket.close();
  });
});

describe("store connection parts", () => {
  it("seals secrets with a random IV, bound to their context, and needs STORE_SECRET_KEY", async () => {
    const a = await sealSecret(env, "shpss_secret", "store_connections/room1/secret");
    const b = await sealSecret(env, "shpss_secret", "store_connections/room1/secret");
    expect(a).not.toBe(b);
    expect(a).not.toContain("shpss_secret");
    expect(await openSecret(env, a, "store_connections/room1/secret")).toBe("shpss_secret");
    await expect(openSecret(env, a, "store_connections/room2/secret")).rejects.toThrow(/does not open/);
    const other = { ...env, STORE_SECRET_KEY: "another-key-entirely-0123456789" } as Env;
    await expect(openSecret(other, a, "store_connections/room1/secret")).rejects.toThrow(/does not open/);
    const tampered = `${a.slice(0, -4)}AAA=`;
    await expect(openSecret(env, tampered, "store_connections/room1/secret")).rejects.toThrow();
    const unset = { ...env, STORE_SECRET_KEY: undefined } as Env;
    await expect(sealSecret(unset, "x", "c")).rejects.toMatchObject({ error: 503, reason: STORE_KEY_MISSING });
  });

  it("accepts myshopify.com domains and store URLs only, including the admin address Shopify shows", () => {
    expect(normaliseShopDomain(" My-Shop.myshopify.com ")).toBe("my-shop.myshopify.com");
    expect(normaliseShopDomain("http://shop1.myshopify.com/admin")).toBe("shop1.myshopify.com");
    expect(normaliseShopDomain("https://admin.shopify.com/store/old-and-vintage")).toBe(
      "old-and-vintage.myshopify.com",
    );
    expect(normaliseShopDomain("admin.shopify.com/store/Old-And-Vintage/products?selectedView=all")).toBe(
      "old-and-vintage.myshopify.com",
    );
    for (const bad of [
      "",
      "myshopify.com",
      "https://admin.shopify.com/",
      "https://admin.shopify.com/settings/store/x",
      "shop.myshopify.com:8443",
      "user:pw@shop.myshopify.com",
      "ftp://a.myshopify.com",
    ]) {
      expect(() => normaliseShopDomain(bad)).toThrow("Store domain must look like your-shop.myshopify.com");
    }
  });

  it("waits before a query that the reported budget cannot pay for", () => {
    const budget = new CostBudget();
    const query = "query { shop { name } }";
    expect(budget.waitBefore(query, 0)).toBe(0);
    const status = { maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 50 };
    budget.record(query, { cost: { requestedQueryCost: 10, throttleStatus: status } }, 0);
    // 10 points at 50 a second: 200 ms, less whatever has been restored since.
    expect(budget.waitBefore(query, 0)).toBe(200);
    expect(budget.waitBefore(query, 100)).toBe(100);
    expect(budget.waitBefore(query, 200)).toBe(0);
    // Sent at 200 ms: its 10 points are taken at once, so a call beside it waits for them.
    budget.spend(query, 200);
    expect(budget.waitBefore(query, 200)).toBe(200);
    // A query never sent before is taken to cost the most one may (capped at the bucket): wait for a full bucket.
    expect(budget.waitBefore("query { products(first: 250) { nodes { id } } }", 200)).toBe(20_000);
  });
});
