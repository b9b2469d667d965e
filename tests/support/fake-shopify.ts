/**
 * A fake Shopify store at its HTTP boundary, for tests and benchmarks: the
 * client-credentials token endpoint and the Admin GraphQL endpoint of one
 * `*.myshopify.com` shop, answering the operations Stockroom sends (chosen
 * by operation name) over an in-memory catalogue, order book and customer
 * list. Like the real API it pages with opaque cursors sorted by update
 * time, filters `updated_at:>='…'`, reports a cost budget in
 * `extensions.cost` and answers THROTTLED (HTTP 200) when a query does not
 * fit, and refuses expired tokens with 401.
 *
 * Runtime-free (Request → Response), so the same fake serves workerd tests
 * (through a fetch spy) and a Node HTTP server (e2e and benchmarks).
 */

export const API_PATH = "/admin/api/2026-10/graphql.json";
export const TOKEN_PATH = "/admin/oauth/access_token";

interface Money {
  amount: string;
  currencyCode: string;
}

export interface FakeVariant {
  id: string;
  sku: string;
  price: string;
  /** Available at the shop's first location (other locations' are in `levels`). */
  inventoryQuantity: number;
  barcode?: string;
  /** One value per option of the product; absent for a product sold as one ("Default Title"). */
  values?: string[];
  compareAtPrice?: string | null;
  /** Its inventory item's unit cost, and weight. */
  cost?: string | null;
  weight?: { value: number; unit: string } | null;
}

export interface FakeProduct {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED";
  updatedAt: number;
  /** Its first (for a product sold as one item, its only) variant. */
  variant: FakeVariant;
  /** A product sold in options: their names, and its variants after the first. */
  options?: string[];
  moreVariants?: FakeVariant[];
  /** The `originalSource` of each image sent with the product. */
  images: string[];
  vendor?: string;
  productType?: string;
  seo?: { title: string; description: string };
}

/** A product's variants, its first first. */
export const variantsOfProduct = (product: FakeProduct): FakeVariant[] => [
  product.variant,
  ...(product.moreVariants ?? []),
];

export interface FakeOrder {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  total: Money;
  customerId: string | null;
  lines: { title: string; quantity: number; sku: string; productId: string | null; price: string }[];
}

export interface FakeCustomer {
  id: string;
  displayName: string;
  email: string;
  numberOfOrders: number;
  amountSpent: Money;
  updatedAt: number;
}

export interface GraphqlCall {
  operation: string;
  variables: Record<string, unknown>;
  token: string | null;
  /** How many records the answer carried (pages), for assertions about what was read. */
  records: number;
  throttled: boolean;
}

export interface FakeShopifyOptions {
  shop?: string;
  shopName?: string;
  currency?: string;
  clientId?: string;
  clientSecret?: string;
  /** A legacy Admin API access token the shop accepts. */
  staticToken?: string;
  /** Seconds in each issued token's `expires_in`. */
  expiresIn?: number;
  /** The cost budget: bucket size and points restored per second. */
  maximumAvailable?: number;
  restoreRate?: number;
}

let shopCounter = 0;
const gid = (kind: string, n: number | string) => `gid://shopify/${kind}/${n}`;

export class FakeShopify {
  readonly shop: string;
  shopName: string;
  readonly currency: string;
  readonly clientId: string;
  /** Mutable: a test can rotate the secret in "Shopify". */
  clientSecret: string;
  readonly staticToken: string;
  expiresIn: number;
  readonly products = new Map<string, FakeProduct>();
  readonly orders = new Map<string, FakeOrder>();
  readonly customers = new Map<string, FakeCustomer>();
  /** The shop's active locations, in its order (a test may add or take some away). */
  readonly locations: { id: string; name: string }[] = [{ id: gid("Location", 1), name: "Shop floor" }];
  readonly tokenRequests: URLSearchParams[] = [];
  /** Webhook subscriptions made through the API: topic (GraphQL enum) → address. */
  readonly webhooks = new Map<string, string>();
  readonly calls: GraphqlCall[] = [];
  /** How many of the next GraphQL calls answer THROTTLED whatever the budget. */
  throttleNext = 0;
  /** How many of the next GraphQL calls answer an HTML page. */
  garbageNext = 0;
  /** Every GraphQL call answers an HTML page. */
  graphqlGarbage = false;
  /** Operations the app has no access scope for: answered as Shopify does, ACCESS_DENIED. */
  readonly denied = new Set<string>();
  /** The token endpoint answers an HTML page. */
  tokenGarbage = false;
  /** The token endpoint refuses with this status. */
  tokenStatus: number | null = null;
  /** When set, every GraphQL call of this operation answers this error (a store in trouble). */
  failOperation: { operation: string; message: string } | null = null;
  /** Tokens the shop accepts now (issued and not revoked, and the static one). */
  readonly valid = new Set<string>();
  private issued = 0;
  private ids = 1000;
  /**
   * A logical clock: every write gets a later time (ms) than the one before,
   * starting a day back, so what a test seeds is older than the few minutes
   * an incremental sync reads again.
   */
  private clock = Date.now() - 86_400_000;
  private readonly bucket: { max: number; available: number; restoreRate: number; at: number };

  constructor(options: FakeShopifyOptions = {}) {
    this.shop = options.shop ?? `fake-${Date.now().toString(36)}-${shopCounter++}.myshopify.com`;
    this.shopName = options.shopName ?? "Corner Shop";
    this.currency = options.currency ?? "EUR";
    this.clientId = options.clientId ?? "client-id-123";
    this.clientSecret = options.clientSecret ?? "shpss_client_secret_value";
    this.staticToken = options.staticToken ?? "shpat_static_admin_token";
    this.valid.add(this.staticToken);
    this.expiresIn = options.expiresIn ?? 86_399;
    const max = options.maximumAvailable ?? 2_000;
    this.bucket = { max, available: max, restoreRate: options.restoreRate ?? 1_000, at: Date.now() };
  }

  /** What `store.connect` takes for this shop. */
  get credentials() {
    return { domain: this.shop, clientId: this.clientId, clientSecret: this.clientSecret };
  }

  private tick(): number {
    this.clock += 1;
    return this.clock;
  }

  /** Every token issued so far stops working (as when the 24-hour token runs out early). */
  expireTokens(): void {
    this.valid.clear();
  }

  calledOperations(): string[] {
    return this.calls.map((call) => call.operation);
  }

  addProduct(fields: Partial<Omit<FakeProduct, "variant">> & { variant?: Partial<FakeProduct["variant"]> } = {}) {
    const n = this.ids++;
    const product: FakeProduct = {
      id: gid("Product", n),
      handle: `${(fields.title ?? "product").toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${n}`,
      title: `Product ${n}`,
      descriptionHtml: "",
      status: "ACTIVE",
      images: [],
      ...fields,
      updatedAt: this.tick(),
      variant: { id: gid("ProductVariant", n), sku: "", price: "10.00", inventoryQuantity: 1, ...fields.variant },
    };
    this.products.set(product.id, product);
    return product;
  }

  /** A product sold in options: a variant for each entry, with its option values (its first is `variant`). */
  addProductInVariants(
    fields: Partial<Omit<FakeProduct, "variant" | "options" | "moreVariants">>,
    options: string[],
    variants: (Partial<FakeVariant> & { values: string[] })[],
  ) {
    const [first, ...more] = variants.map((variant) => ({
      id: gid("ProductVariant", this.ids++),
      sku: "",
      price: "10.00",
      inventoryQuantity: 0,
      ...variant,
    }));
    return this.addProduct({ ...fields, options, moreVariants: more, ...(first ? { variant: first } : {}) });
  }

  /**
   * A sale in the store (online, or on Shopify POS at one of its locations):
   * its stock goes down, and the answer is what Shopify would send about it,
   * as webhook topic and REST payload (numeric ids), for a test to deliver.
   */
  sell(
    productId: string,
    quantity: number,
    options: { pos?: { locationId: string }; variantId?: string } = {},
  ): { topic: string; payload: Record<string, unknown> }[] {
    const product = this.products.get(productId);
    if (!product) throw new Error(`fake: no product ${productId}`);
    const variant = variantsOfProduct(product).find((each) => each.id === (options.variantId ?? product.variant.id));
    if (!variant) throw new Error(`fake: no variant ${options.variantId}`);
    const at = options.pos?.locationId ?? this.locations[0]?.id ?? gid("Location", 1);
    const inventoryItemId = inventoryItemOfVariant(variant);
    const available = this.levelOf(inventoryItemId, at) - quantity;
    this.setLevel(inventoryItemId, at, available);
    this.committed.set(`${inventoryItemId} ${at}`, (this.committed.get(`${inventoryItemId} ${at}`) ?? 0) + quantity);
    const n = this.ids++;
    // The store's own times: the wall clock, in whole seconds as its webhooks give them.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const numeric = (gidValue: string) => Number(gidValue.split("/").pop());
    const locationId = numeric(at);
    const order = {
      id: n,
      admin_graphql_api_id: gid("Order", n),
      name: `#${n}`,
      created_at: now,
      updated_at: now,
      currency: this.currency,
      total_price: (Number(variant.price) * quantity).toFixed(2),
      source_name: options.pos ? "pos" : "web",
      location_id: options.pos ? locationId : null,
      line_items: [
        {
          id: n * 10,
          variant_id: numeric(variant.id),
          product_id: numeric(product.id),
          sku: variant.sku,
          title: product.title,
          quantity,
          price: variant.price,
        },
      ],
    };
    const level = {
      inventory_item_id: numeric(inventoryItemId),
      location_id: locationId,
      available,
      updated_at: now,
    };
    return [
      { topic: "orders/create", payload: order },
      { topic: "inventory_levels/update", payload: level },
    ];
  }

  /** Units of each order's line put back so far (by order id), so a cancellation restocks only the rest. */
  private readonly restocked = new Map<number, number>();

  /** An inventory level as its webhook reports it (REST, numeric ids, the store's whole-second time). */
  private levelReport(inventoryItemId: string, locationId: string) {
    const numeric = (gidValue: string) => Number(gidValue.split("/").pop());
    return {
      topic: "inventory_levels/update",
      payload: {
        inventory_item_id: numeric(inventoryItemId),
        location_id: numeric(locationId),
        available: this.levelOf(inventoryItemId, locationId),
        updated_at: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
      },
    };
  }

  /** Puts units of a sold order's one line back on the shelf where it was sold; answers the refund's REST shape. */
  private putBack(order: Record<string, unknown>, quantity: number, restockType: "return" | "cancel") {
    const [line] = order.line_items as { id: number; variant_id: number }[];
    if (!line) throw new Error("fake: an order without lines");
    const variant = gid("ProductVariant", line.variant_id);
    const inventoryItemId = variant.replace("ProductVariant", "InventoryItem");
    const at = order.location_id ? gid("Location", order.location_id as number) : (this.locations[0]?.id ?? "");
    this.setLevel(inventoryItemId, at, this.levelOf(inventoryItemId, at) + quantity);
    this.restocked.set(order.id as number, (this.restocked.get(order.id as number) ?? 0) + quantity);
    const n = this.ids++;
    const refund = {
      id: n,
      order_id: order.id,
      created_at: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
      refund_line_items: [
        {
          id: n * 10,
          line_item_id: line.id,
          quantity,
          restock_type: restockType,
          location_id: Number(at.split("/").pop()),
          line_item: { ...line },
        },
      ],
    };
    return { refund, level: this.levelReport(inventoryItemId, at) };
  }

  /**
   * A customer's return of `quantity` of an order `sell` made (its
   * `orders/create` payload), restocked where it was sold: what Shopify
   * would send about it (`refunds/create`, then the level).
   */
  refund(order: Record<string, unknown>, quantity: number): { topic: string; payload: Record<string, unknown> }[] {
    const { refund, level } = this.putBack(order, quantity, "return");
    return [{ topic: "refunds/create", payload: refund }, level];
  }

  /** An order `sell` made, cancelled with what was not returned restocked: `orders/cancelled`, then the level. */
  cancel(order: Record<string, unknown>): { topic: string; payload: Record<string, unknown> }[] {
    const [line] = order.line_items as { quantity: number }[];
    const rest = (line?.quantity ?? 0) - (this.restocked.get(order.id as number) ?? 0);
    const { refund, level } = this.putBack(order, rest, "cancel");
    const cancelledAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    return [{ topic: "orders/cancelled", payload: { ...order, cancelled_at: cancelledAt, refunds: [refund] } }, level];
  }

  /** A count set in Shopify's admin (a shelf counted there): only its level report says so. */
  setAvailable(inventoryItemId: string, locationId: string, available: number) {
    this.setLevel(inventoryItemId, locationId, available);
    return [this.levelReport(inventoryItemId, locationId)];
  }

  updateProduct(
    id: string,
    change: Partial<Omit<FakeProduct, "variant">> & { variant?: Partial<FakeProduct["variant"]> },
  ) {
    const product = this.products.get(id);
    if (!product) throw new Error(`fake: no product ${id}`);
    Object.assign(product, { ...change, variant: { ...product.variant, ...change.variant }, updatedAt: this.tick() });
    return product;
  }

  addCustomer(fields: Partial<FakeCustomer> = {}) {
    const n = this.ids++;
    const customer: FakeCustomer = {
      id: gid("Customer", n),
      displayName: `Customer ${n}`,
      email: `customer${n}@example.com`,
      numberOfOrders: 0,
      amountSpent: { amount: "0.00", currencyCode: this.currency },
      ...fields,
      updatedAt: this.tick(),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  addOrder(fields: Partial<FakeOrder> = {}) {
    const n = this.ids++;
    const at = this.tick();
    const order: FakeOrder = {
      id: gid("Order", n),
      name: `#${n}`,
      // Placed now (after a connection made before it); seeded history passes its own times.
      createdAt: Date.now(),
      customerId: null,
      lines: [{ title: "Blue vase", quantity: 1, sku: "V-1", productId: null, price: "12.50" }],
      total: { amount: "12.50", currencyCode: this.currency },
      ...fields,
      updatedAt: at,
    };
    this.orders.set(order.id, order);
    return order;
  }

  /** `count` past orders (placed over the last 90 days, a customer each from a pool of `count / 4`), of 1–3 lines. */
  addOrders(count: number, linesPerOrder = 3): void {
    const pool = Array.from({ length: Math.max(1, Math.ceil(count / 4)) }, () => this.addCustomer());
    for (let i = 0; i < count; i++) {
      const lines = Array.from({ length: 1 + (i % linesPerOrder) }, (_, line) => ({
        title: `Item ${line}`,
        quantity: 1 + ((i + line) % 3),
        sku: `SKU-${line}`,
        productId: null,
        price: `${5 + line}.00`,
      }));
      const cents = lines.reduce((sum, line) => sum + line.quantity * Math.round(Number(line.price) * 100), 0);
      this.addOrder({
        createdAt: Date.now() - ((i * 7_919) % 90) * 86_400_000 - 60_000,
        customerId: pool[i % pool.length]?.id ?? null,
        lines,
        total: { amount: (cents / 100).toFixed(2), currencyCode: this.currency },
      });
    }
  }

  updateOrder(id: string, change: Partial<FakeOrder>) {
    const order = this.orders.get(id);
    if (!order) throw new Error(`fake: no order ${id}`);
    Object.assign(order, change, { updatedAt: this.tick() });
    return order;
  }

  /** Photos on Shopify's CDN (`https://cdn.shopify.com/…`) by path, as a store's product export names them. */
  readonly cdn = new Map<string, { bytes: Uint8Array; type: string }>();

  /** Answers a request to this shop (or to a photo of it on the CDN), or null for any other address. */
  async handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (url.hostname === "cdn.shopify.com") {
      const photo = this.cdn.get(url.pathname);
      return photo ? new Response(photo.bytes, { headers: { "Content-Type": photo.type } }) : null;
    }
    if (url.hostname !== this.shop) return null;
    if (request.method === "POST" && url.pathname === TOKEN_PATH) return this.token(request);
    if (request.method === "POST" && url.pathname === API_PATH) return this.graphql(request);
    return new Response("Not Found", { status: 404 });
  }

  private async token(request: Request): Promise<Response> {
    // Decoded by hand: workerd warns when .text() reads a form body.
    const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    this.tokenRequests.push(form);
    if (this.tokenGarbage) return new Response("<html>Oops</html>", { headers: { "Content-Type": "text/html" } });
    if (this.tokenStatus) return Response.json({ error: "invalid_client" }, { status: this.tokenStatus });
    const good =
      form.get("grant_type") === "client_credentials" &&
      form.get("client_id") === this.clientId &&
      form.get("client_secret") === this.clientSecret;
    if (!good) return Response.json({ error: "invalid_client" }, { status: 400 });
    const token = `shpat_issued_${++this.issued}_${crypto.randomUUID()}`;
    this.valid.add(token);
    return Response.json({ access_token: token, scope: "read_products,write_products", expires_in: this.expiresIn });
  }

  /** The bucket now, restored since its last use. */
  private available(now: number): number {
    const { max, available, restoreRate, at } = this.bucket;
    return Math.min(max, available + (restoreRate * (now - at)) / 1000);
  }

  private cost(operation: string, variables: Record<string, unknown>): number {
    const first = Number(variables.first ?? 1);
    if (operation === "StockroomOrders") return 2 + first * 32;
    // A product with its first 20 variants and their inventory items.
    if (operation === "StockroomProducts") return 2 + first * 42;
    if (operation === "StockroomProductVariants") return 202;
    if (operation === "StockroomCustomers") return 2 + first;
    if (operation.startsWith("StockroomProduct")) return 10;
    return 1;
  }

  private costExtensions(requested: number, actual: number | null, now: number) {
    return {
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: actual,
        throttleStatus: {
          maximumAvailable: this.bucket.max,
          currentlyAvailable: Math.floor(this.available(now)),
          restoreRate: this.bucket.restoreRate,
        },
      },
    };
  }

  private async graphql(request: Request): Promise<Response> {
    const token = request.headers.get("X-Shopify-Access-Token");
    const body = (await request.json()) as { query: string; variables?: Record<string, unknown> };
    const operation = /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous";
    const variables = body.variables ?? {};
    const call: GraphqlCall = { operation, variables, token, records: 0, throttled: false };
    this.calls.push(call);
    if (this.graphqlGarbage || this.garbageNext > 0) {
      if (this.garbageNext > 0) this.garbageNext--;
      return new Response("<html>Oops</html>", { headers: { "Content-Type": "text/html" } });
    }
    if (!token || !this.valid.has(token)) {
      return Response.json(
        { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" },
        { status: 401 },
      );
    }
    if (this.denied.has(operation)) {
      return Response.json({
        errors: [
          {
            message: "Access denied for shop field. Required access: `read_products` access scope.",
            extensions: { code: "ACCESS_DENIED" },
          },
        ],
      });
    }
    if (this.failOperation?.operation === operation) {
      return Response.json({ errors: [{ message: this.failOperation.message }] });
    }
    const now = Date.now();
    const cost = this.cost(operation, variables);
    if (this.throttleNext > 0 || this.available(now) < cost) {
      if (this.throttleNext > 0) this.throttleNext--;
      call.throttled = true;
      return Response.json({
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: this.costExtensions(cost, null, now),
      });
    }
    this.bucket.available = this.available(now) - cost;
    this.bucket.at = now;
    const { data, records } = this.execute(operation, variables);
    call.records = records;
    if (data === undefined)
      return Response.json({ errors: [{ message: `Field '${operation}' doesn't exist on type 'QueryRoot'` }] });
    return Response.json({ data, extensions: this.costExtensions(cost, cost, now) });
  }

  private execute(operation: string, variables: Record<string, unknown>): { data: unknown; records: number } {
    const query = typeof variables.query === "string" ? variables.query : null;
    switch (operation) {
      case "StockroomShopName":
        return { data: { shop: { name: this.shopName } }, records: 0 };
      case "StockroomShopCurrency":
        return { data: { shop: { currencyCode: this.currency } }, records: 0 };
      case "StockroomProductsCount":
        return {
          data: { productsCount: { count: filterSince([...this.products.values()], query).length } },
          records: 0,
        };
      case "StockroomOrdersCount":
        return { data: { ordersCount: { count: filterSince([...this.orders.values()], query).length } }, records: 0 };
      case "StockroomCustomersCount":
        return {
          data: { customersCount: { count: filterSince([...this.customers.values()], query).length } },
          records: 0,
        };
      case "StockroomProducts":
        return this.page([...this.products.values()], variables, productNode, "products");
      case "StockroomOrders":
        return this.page([...this.orders.values()], variables, (order) => this.orderNode(order), "orders");
      case "StockroomCustomers":
        return this.page([...this.customers.values()], variables, customerNode, "customers");
      case "StockroomWebhookSubscribe":
        return { data: { webhookSubscriptionCreate: this.subscribe(variables) }, records: 0 };
      case "StockroomLocation":
        return { data: { locations: { nodes: this.locations.slice(0, 1).map(({ id }) => ({ id })) } }, records: 0 };
      case "StockroomLocations":
        return { data: { locations: { nodes: this.locations.map((location) => ({ ...location })) } }, records: 0 };
      case "StockroomProductVariants":
        return this.productVariantsPage(variables);
      case "StockroomProductSet":
        return { data: { productSet: this.productSet(variables) }, records: 0 };
      case "StockroomProductUpdate":
        return { data: { productUpdate: this.productUpdate(variables) }, records: 0 };
      case "StockroomVariantsUpdate":
        return { data: { productVariantsBulkUpdate: this.variantsUpdate(variables) }, records: 0 };
      case "StockroomLevels":
        return { data: { nodes: this.inventoryLevels(variables) }, records: 0 };
      case "StockroomInventoryAdjust":
        return { data: { inventoryAdjustQuantities: this.inventoryAdjust(variables) }, records: 0 };
      case "StockroomProductArchive":
        return { data: { productUpdate: this.productUpdate(variables) }, records: 0 };
      default:
        return { data: undefined, records: 0 };
    }
  }

  private page<T extends { id: string; updatedAt: number }>(
    all: T[],
    variables: Record<string, unknown>,
    node: (record: T) => unknown,
    field: string,
  ) {
    const first = Math.min(250, Number(variables.first ?? 50));
    const query = typeof variables.query === "string" ? variables.query : null;
    const sorted = filterSince(all, query).sort((a, b) => a.updatedAt - b.updatedAt || a.id.localeCompare(b.id));
    const after = typeof variables.after === "string" ? decodeCursor(variables.after) : null;
    const start = after ? sorted.findIndex((record) => isAfter(record, after)) : 0;
    const slice = start < 0 ? [] : sorted.slice(start, start + first);
    const last = slice.at(-1);
    const hasNextPage = start >= 0 && start + first < sorted.length;
    return {
      data: {
        [field]: {
          nodes: slice.map(node),
          pageInfo: { hasNextPage, endCursor: last ? encodeCursor(last) : null },
        },
      },
      records: slice.length,
    };
  }

  /** The rest of one product's variants, 100 a page, after an index cursor. */
  private productVariantsPage(variables: Record<string, unknown>) {
    const product = this.products.get(String(variables.id));
    if (!product) return { data: { product: null }, records: 0 };
    const start = typeof variables.after === "string" ? Number(atob(variables.after)) : 0;
    const all = variantsOfProduct(product);
    const slice = all.slice(start, start + 100);
    const end = start + slice.length;
    return {
      data: {
        product: {
          variants: {
            nodes: slice.map((variant) => variantNode(product, variant)),
            pageInfo: { hasNextPage: end < all.length, endCursor: btoa(String(end)) },
          },
        },
      },
      records: slice.length,
    };
  }

  private orderNode(order: FakeOrder) {
    const customer = order.customerId ? this.customers.get(order.customerId) : undefined;
    return {
      id: order.id,
      name: order.name,
      createdAt: new Date(order.createdAt).toISOString(),
      updatedAt: new Date(order.updatedAt).toISOString(),
      currentTotalPriceSet: { shopMoney: order.total },
      customer: customer
        ? { id: customer.id, displayName: customer.displayName, defaultEmailAddress: { emailAddress: customer.email } }
        : null,
      lineItems: {
        nodes: order.lines.map((line) => ({
          title: line.title,
          quantity: line.quantity,
          sku: line.sku,
          product: line.productId ? { id: line.productId } : null,
          originalUnitPriceSet: { shopMoney: { amount: line.price, currencyCode: order.total.currencyCode } },
        })),
      },
    };
  }

  /**
   * `productSet`: the product made, or set whole, with the variants given
   * (the list is the whole set, as in Shopify). A variant named by its id
   * is updated, its stock left as counted; one without an id is the store's
   * variant with its option values if it has one, else new, with the stock
   * given at each location.
   */
  private productSet(variables: Record<string, unknown>) {
    const input = variables.input as {
      title?: string;
      descriptionHtml?: string;
      status?: FakeProduct["status"];
      productOptions?: { name: string }[];
      vendor?: string;
      productType?: string;
      seo?: { title: string; description: string };
      variants?: {
        id?: string;
        price?: string;
        compareAtPrice?: string | null;
        barcode?: string;
        optionValues?: { optionName: string; name: string }[];
        inventoryItem?: InventoryItemInput;
        inventoryQuantities?: { locationId: string; name: string; quantity: number }[];
      }[];
      files?: { originalSource: string }[];
    };
    const identifier = variables.identifier as { id?: string } | undefined;
    const existing = identifier?.id ? this.products.get(identifier.id) : undefined;
    if (identifier?.id && !existing)
      return {
        product: null,
        userErrors: [
          { field: ["identifier", "id"], message: "Product does not exist", code: "PRODUCT_DOES_NOT_EXIST" },
        ],
      };
    // A new product needs a title; an existing one keeps what the input leaves out.
    if (!input || (existing ? input.title === "" : !input.title))
      return {
        product: null,
        userErrors: [{ field: ["input", "title"], message: "Title can't be blank", code: "BLANK" }],
      };
    const given = input.variants ?? [];
    for (const [index, variant] of given.entries()) {
      const sku = variant.inventoryItem?.sku ?? "";
      const clash = [...this.products.values()].some(
        (product) =>
          sku !== "" && product.id !== identifier?.id && variantsOfProduct(product).some((each) => each.sku === sku),
      );
      if (clash)
        return {
          product: null,
          userErrors: [
            {
              field: ["input", "variants", String(index), "sku"],
              message: `SKU ${sku} is already used`,
              code: "INVALID",
            },
          ],
        };
    }
    const options = (input.productOptions ?? []).map((option) => option.name);
    const soldAsOne = options.length === 0 || (options.length === 1 && options[0] === "Title");
    const before = existing ? variantsOfProduct(existing) : [];
    const valuesOf = (variant: (typeof given)[number]) => (variant.optionValues ?? []).map((value) => value.name);
    const made: { variant: FakeVariant; stock: { locationId: string; quantity: number }[] }[] = given.map((variant) => {
      const values = soldAsOne ? undefined : valuesOf(variant);
      const same = variant.id
        ? before.find((each) => each.id === variant.id)
        : before.find((each) => JSON.stringify(each.values ?? ["Default Title"]) === JSON.stringify(valuesOf(variant)));
      const stock = (variant.inventoryQuantities ?? []).filter((quantity) => quantity.name === "available");
      return {
        variant: {
          id: same?.id ?? gid("ProductVariant", this.ids++),
          sku: variant.inventoryItem?.sku ?? "",
          price: variant.price ?? "0.00",
          inventoryQuantity: same?.inventoryQuantity ?? 0,
          ...(variant.barcode ? { barcode: variant.barcode } : {}),
          ...(values ? { values } : {}),
          ...variantDetails(variant, same),
        },
        stock,
      };
    });
    const [first, ...more] = made.map((each) => each.variant);
    const fields = {
      title: input.title ?? existing?.title ?? "",
      descriptionHtml: input.descriptionHtml ?? existing?.descriptionHtml ?? "",
      status: input.status ?? existing?.status ?? "ACTIVE",
      ...(input.vendor !== undefined ? { vendor: input.vendor } : {}),
      ...(input.productType !== undefined ? { productType: input.productType } : {}),
      ...(input.seo !== undefined ? { seo: input.seo } : {}),
      ...(soldAsOne ? { options: undefined, moreVariants: undefined } : { options, moreVariants: more }),
      ...(input.files ? { images: input.files.map((file) => file.originalSource) } : {}),
    };
    const product = existing
      ? this.updateProduct(existing.id, { ...fields, variant: first })
      : this.addProduct({ ...fields, variant: first });
    if (first) product.variant = first;
    for (const { variant, stock } of made) {
      for (const { locationId, quantity } of stock)
        this.setLevel(inventoryItemOfVariant(variant), locationId, quantity);
    }
    return {
      product: {
        id: product.id,
        handle: product.handle,
        variants: {
          nodes: variantsOfProduct(product).map((variant) => ({
            id: variant.id,
            inventoryItem: { id: inventoryItemOfVariant(variant) },
            selectedOptions: (variant.values ?? ["Default Title"]).map((value) => ({ value })),
          })),
        },
      },
      userErrors: [],
    };
  }

  private subscribe(variables: Record<string, unknown>) {
    const topic = String(variables.topic);
    const uri = String((variables.webhookSubscription as { uri?: unknown } | undefined)?.uri ?? "");
    if (!uri.startsWith("https://"))
      return {
        webhookSubscription: null,
        userErrors: [{ field: ["webhookSubscription", "uri"], message: "Address protocol http:// is not supported" }],
      };
    if (this.webhooks.get(topic) === uri)
      return {
        webhookSubscription: null,
        userErrors: [
          { field: ["webhookSubscription", "uri"], message: "Address for this topic has already been taken" },
        ],
      };
    this.webhooks.set(topic, uri);
    return { webhookSubscription: { id: `gid://shopify/WebhookSubscription/${this.webhooks.size}` }, userErrors: [] };
  }

  /** `productUpdate(product:, media:)`: only the fields given change; media are added to the images. */
  private productUpdate(variables: Record<string, unknown>) {
    const input = variables.product as {
      id?: string;
      status?: FakeProduct["status"];
      title?: string;
      descriptionHtml?: string;
      vendor?: string;
      productType?: string;
      seo?: { title: string; description: string };
    };
    const media = (variables.media as { originalSource: string }[] | undefined) ?? [];
    const existing = input?.id ? this.products.get(input.id) : undefined;
    if (!input?.id || !existing)
      return { product: null, userErrors: [{ field: ["product", "id"], message: "Product does not exist" }] };
    const { id: _, ...change } = input;
    if (change.title === "")
      return { product: null, userErrors: [{ field: ["product", "title"], message: "Title can't be blank" }] };
    const product = this.updateProduct(input.id, {
      ...change,
      images: [...existing.images, ...media.map((m) => m.originalSource)],
    });
    return { product: { id: product.id, handle: product.handle, status: product.status }, userErrors: [] };
  }

  /** `productVariantsBulkUpdate`: price and SKU of existing variants. */
  private variantsUpdate(variables: Record<string, unknown>) {
    const product = this.products.get(String(variables.productId));
    const [change] =
      (variables.variants as {
        id: string;
        price?: string;
        compareAtPrice?: string | null;
        inventoryItem?: InventoryItemInput;
      }[]) ?? [];
    if (!product || !change || change.id !== product.variant.id)
      return {
        productVariants: null,
        userErrors: [{ field: ["variants", "0", "id"], message: "Product variant does not exist" }],
      };
    const sku = change.inventoryItem?.sku;
    const clash = [...this.products.values()].find(
      (other) => sku && other.id !== product.id && other.variant.sku === sku,
    );
    if (clash)
      return {
        productVariants: null,
        userErrors: [{ field: ["variants", "0", "sku"], message: `SKU ${sku} is already used` }],
      };
    this.updateProduct(product.id, {
      variant: {
        ...(change.price ? { price: change.price } : {}),
        ...(sku !== undefined ? { sku } : {}),
        ...variantDetails(change, product.variant),
      },
    });
    return { productVariants: [{ id: change.id }], userErrors: [] };
  }

  /** Every adjustment applied, in order (for assertions). */
  readonly adjustments: {
    reason: string;
    referenceDocumentUri: string;
    changes: { inventoryItemId: string; locationId: string; delta: number }[];
  }[] = [];
  /** Inventory items the store will not adjust, as when one is not stocked at the location. */
  readonly notStocked = new Set<string>();
  /** Units ordered and not yet sent, by `inventoryItemId locationId` (a sale commits them). */
  readonly committed = new Map<string, number>();
  /** Stock at locations other than the first, by `inventoryItemId locationId` (the first's is the variant's). */
  readonly levels = new Map<string, number>();
  /**
   * The inventory webhooks the store would send about adjustments made
   * through its API (`inventory_levels/update`, REST payloads), oldest
   * first: a test delivers them as Shopify would.
   */
  readonly levelWebhooks: { topic: string; payload: Record<string, unknown> }[] = [];
  /** Answers by idempotency key: a request sent again with its key is applied once, like the real one. */
  private readonly idempotent = new Map<string, unknown>();

  /** How many calls of one GraphQL operation the store took. */
  operationsNamed(operation: string): number {
    return this.calls.filter((call) => call.operation === operation && !call.throttled).length;
  }

  /** The product and variant an inventory item belongs to. */
  variantOf(inventoryItemId: string): { product: FakeProduct; variant: FakeVariant } | undefined {
    for (const product of this.products.values()) {
      const variant = variantsOfProduct(product).find((each) => inventoryItemOfVariant(each) === inventoryItemId);
      if (variant) return { product, variant };
    }
    return undefined;
  }

  /** What the store has of an inventory item at a location. */
  levelOf(inventoryItemId: string, locationId: string): number {
    const found = this.variantOf(inventoryItemId);
    if (found && locationId === this.locations[0]?.id) return found.variant.inventoryQuantity;
    return this.levels.get(`${inventoryItemId} ${locationId}`) ?? 0;
  }

  /** Sets what the store has of an inventory item at a location (the product changes, as in Shopify). */
  private setLevel(inventoryItemId: string, locationId: string, available: number): void {
    const found = this.variantOf(inventoryItemId);
    if (found && locationId === this.locations[0]?.id) {
      found.variant.inventoryQuantity = available;
      found.product.updatedAt = this.tick();
    } else {
      this.levels.set(`${inventoryItemId} ${locationId}`, available);
    }
  }

  /** Inventory items' `available` at each of the shop's locations, as `nodes(ids:)` answers them. */
  private inventoryLevels(variables: Record<string, unknown>) {
    return ((variables.ids as string[]) ?? []).map((id) => {
      if (!this.variantOf(id)) return null;
      return {
        id,
        inventoryLevels: {
          nodes: this.locations.map((location) => ({
            location: { id: location.id },
            quantities: [
              { name: "available", quantity: this.levelOf(id, location.id) },
              { name: "committed", quantity: this.committed.get(`${id} ${location.id}`) ?? 0 },
              {
                name: "on_hand",
                quantity: this.levelOf(id, location.id) + (this.committed.get(`${id} ${location.id}`) ?? 0),
              },
            ],
          })),
        },
      };
    });
  }

  /** `inventoryAdjustQuantities` of `available`: all the changes or none, once per idempotency key. */
  private inventoryAdjust(variables: Record<string, unknown>) {
    const key = String(variables.key ?? "");
    if (key && this.idempotent.has(key)) return this.idempotent.get(key);
    const input = variables.input as {
      name: string;
      reason: string;
      referenceDocumentUri?: string;
      changes: { inventoryItemId: string; locationId: string; delta: number; changeFromQuantity?: number | null }[];
    };
    const refusal = (index: number, message: string, code: string) => ({
      inventoryAdjustmentGroup: null,
      userErrors: [{ field: ["input", "changes", String(index), "inventoryItemId"], message, code }],
    });
    for (const [index, change] of input.changes.entries()) {
      if (change.changeFromQuantity === undefined)
        return refusal(index, "changeFromQuantity must be given, null to skip the check", "INVALID");
      if (!this.variantOf(change.inventoryItemId))
        return refusal(index, "The specified inventory item could not be found.", "INVALID_INVENTORY_ITEM");
      if (this.notStocked.has(change.inventoryItemId))
        return refusal(
          index,
          "The specified inventory item is not stocked at the location.",
          "ITEM_NOT_STOCKED_AT_LOCATION",
        );
    }
    const numeric = (gidValue: string) => Number(gidValue.split("/").pop());
    for (const change of input.changes) {
      this.levelWebhooks.push({
        topic: "inventory_levels/update",
        payload: {
          inventory_item_id: numeric(change.inventoryItemId),
          location_id: numeric(change.locationId),
          available: this.levelOf(change.inventoryItemId, change.locationId) + change.delta,
          updated_at: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
        },
      });
      const { inventoryItemId, locationId, delta } = change;
      this.setLevel(inventoryItemId, locationId, this.levelOf(inventoryItemId, locationId) + delta);
    }
    this.adjustments.push({
      reason: input.reason,
      referenceDocumentUri: input.referenceDocumentUri ?? "",
      changes: input.changes.map(({ inventoryItemId, locationId, delta }) => ({ inventoryItemId, locationId, delta })),
    });
    const answer = { inventoryAdjustmentGroup: { id: gid("InventoryAdjustmentGroup", this.ids++) }, userErrors: [] };
    if (key) this.idempotent.set(key, answer);
    return answer;
  }
}

function productNode(product: FakeProduct) {
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    status: product.status,
    updatedAt: new Date(product.updatedAt).toISOString(),
    vendor: product.vendor ?? "",
    productType: product.productType ?? "",
    seo: product.seo ?? { title: null, description: null },
    options: (product.options ?? ["Title"]).map((name) => ({ name })),
    variants: {
      nodes: variantsOfProduct(product).map((variant) => variantNode(product, variant)),
      pageInfo: { hasNextPage: false, endCursor: null },
    },
  };
}

function variantNode(product: FakeProduct, variant: FakeVariant) {
  return {
    id: variant.id,
    sku: variant.sku,
    barcode: variant.barcode ?? null,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice ?? null,
    inventoryQuantity: variant.inventoryQuantity,
    selectedOptions: product.options
      ? (variant.values ?? []).map((value, index) => ({ name: product.options?.[index] ?? "", value }))
      : [{ name: "Title", value: "Default Title" }],
    inventoryItem: {
      id: inventoryItemOfVariant(variant),
      unitCost: variant.cost ? { amount: variant.cost, currencyCode: "EUR" } : null,
      measurement: { weight: variant.weight ?? null },
    },
  };
}

/** A variant's inventory item as `productSet` and `productVariantsBulkUpdate` take it. */
interface InventoryItemInput {
  sku?: string;
  cost?: string;
  measurement?: { weight?: { value: number; unit: string } };
}

/** The "was" price, cost and weight an input gives a variant (those it leaves out stay as they were). */
function variantDetails(
  input: { compareAtPrice?: string | null; inventoryItem?: InventoryItemInput },
  was?: FakeVariant,
): Pick<FakeVariant, "compareAtPrice" | "cost" | "weight"> {
  return {
    compareAtPrice: input.compareAtPrice !== undefined ? input.compareAtPrice : (was?.compareAtPrice ?? null),
    cost: input.inventoryItem?.cost ?? was?.cost ?? null,
    weight: input.inventoryItem?.measurement?.weight ?? was?.weight ?? null,
  };
}

/** The product as its `products/update` webhook sends it (REST JSON, numeric ids). */
export function productWebhookPayload(product: FakeProduct): Record<string, unknown> {
  const numeric = (gidValue: string) => Number(gidValue.split("/").pop());
  return {
    id: numeric(product.id),
    admin_graphql_api_id: product.id,
    handle: product.handle,
    title: product.title,
    body_html: product.descriptionHtml,
    status: product.status.toLowerCase(),
    updated_at: new Date(product.updatedAt).toISOString(),
    vendor: product.vendor ?? "",
    product_type: product.productType ?? "",
    options: (product.options ?? ["Title"]).map((name, index) => ({ name, position: index + 1 })),
    variants: variantsOfProduct(product).map((variant) => {
      const values = product.options ? (variant.values ?? []) : ["Default Title"];
      return {
        id: numeric(variant.id),
        admin_graphql_api_id: variant.id,
        sku: variant.sku,
        barcode: variant.barcode ?? null,
        price: variant.price,
        compare_at_price: variant.compareAtPrice ?? null,
        weight: variant.weight?.value ?? 0,
        weight_unit: ({ GRAMS: "g", KILOGRAMS: "kg", POUNDS: "lb", OUNCES: "oz" } as Record<string, string>)[
          variant.weight?.unit ?? "GRAMS"
        ],
        inventory_quantity: variant.inventoryQuantity,
        inventory_item_id: numeric(inventoryItemOfVariant(variant)),
        option1: values[0] ?? null,
        option2: values[1] ?? null,
        option3: values[2] ?? null,
      };
    }),
  };
}

const inventoryItemOfVariant = (variant: FakeVariant) => variant.id.replace("ProductVariant", "InventoryItem");

function customerNode(customer: FakeCustomer) {
  return {
    id: customer.id,
    displayName: customer.displayName,
    updatedAt: new Date(customer.updatedAt).toISOString(),
    numberOfOrders: String(customer.numberOfOrders),
    defaultEmailAddress: { emailAddress: customer.email },
    amountSpent: customer.amountSpent,
  };
}

/** Shopify's `updated_at:>='2026-01-01T00:00:00.000Z'` search filter (the only one Stockroom sends). */
function filterSince<T extends { updatedAt: number }>(records: T[], query: string | null): T[] {
  if (!query) return records;
  const match = /^updated_at:>='([^']+)'$/.exec(query);
  if (!match?.[1]) throw new Error(`fake: unsupported search ${query}`);
  const since = Date.parse(match[1]);
  return records.filter((record) => record.updatedAt >= since);
}

interface CursorKey {
  updatedAt: number;
  id: string;
}

const encodeCursor = (record: CursorKey) => btoa(JSON.stringify([record.updatedAt, record.id]));

function decodeCursor(cursor: string): CursorKey {
  const [updatedAt, id] = JSON.parse(atob(cursor)) as [number, string];
  return { updatedAt, id };
}

const isAfter = (record: CursorKey, key: CursorKey) =>
  record.updatedAt > key.updatedAt || (record.updatedAt === key.updatedAt && record.id.localeCompare(key.id) > 0);
