/**
 * An import never invents or moves stock (docs/stock.md): a count with no
 * location is the count at the location the import names (or none: stock
 * is left as it is); counts by location are set in place, and what stays at
 * locations the file does not name is said (or set to 0 when asked); a
 * re-import changes only what differs and says what that is.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRows } from "./room-rows";

/** Shopify's product export as the app sends it: a count per variant, no location. */
const productExport = (prices: [number, number]) => [
  {
    row: 2,
    handle: "hot-sauce",
    title: "Jalapeño hot sauce",
    options: [],
    variants: [{ row: 2, values: [], sku: "SAUCE", priceCents: prices[0], quantity: 40 }],
  },
  {
    row: 3,
    handle: "aero-mug",
    title: "Ærø mug",
    options: [],
    variants: [{ row: 3, values: [], sku: "MUG", priceCents: prices[1], quantity: 1 }],
  },
];

/** Shopify's inventory export as the app turns it into rows: counts by location. */
const inventoryExport = [
  {
    row: 2,
    handle: "hot-sauce",
    title: "Jalapeño hot sauce",
    options: [],
    variants: [{ row: 2, values: [], sku: "SAUCE", stock: { "High Street shop": 12, Warehouse: 8 } }],
  },
];

async function send(socket: DdpSocket, products: unknown[], options: Record<string, unknown>, dryRun = false) {
  const answer = await socket.call("items.import", [
    { importId: `import-${Math.random().toString(36).slice(2)}`, part: 0, dryRun, products, ...options },
  ]);
  expect(answer.error).toBeUndefined();
  return answer.result as Record<string, unknown>;
}

const stockByTitle = async (roomId: string) =>
  Object.fromEntries(
    (await roomRows<{ title: string; stock: string }>(roomId, "SELECT title, stock FROM items")).map((row) => [
      row.title,
      JSON.parse(row.stock) as Record<string, number>,
    ]),
  );

describe("an import never invents or moves stock", () => {
  it("takes an oversold count (below 0, as Shopify exports it) as what there is, in the ledger", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const oversold = [
      {
        row: 2,
        handle: "zine",
        title: "Zine",
        options: [],
        variants: [{ row: 2, values: [], sku: "ZINE", priceCents: 500, quantity: -3 }],
      },
    ];
    const done = await send(socket, oversold, { quantityAt: "main" });
    expect(done).toMatchObject({ created: 1, stock: [{ location: "Main", units: -3, variants: 1 }] });
    expect((await stockByTitle(roomId)).Zine).toEqual({ main: -3 });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("brings a product export with stock left aside, then the inventory export's counts in place", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const first = await send(socket, productExport([900, 1500]), { quantityAt: null });
    expect(first).toMatchObject({ created: 2, stock: [] });
    const second = await send(socket, inventoryExport, {});
    expect(second).toMatchObject({
      updated: 1,
      locationsAdded: ["High Street shop", "Warehouse"],
      stock: [
        { location: "High Street shop", units: 12, variants: 1 },
        { location: "Warehouse", units: 8, variants: 1 },
      ],
      elsewhere: [],
    });
    const stock = await stockByTitle(roomId);
    expect(Object.values(stock["Jalapeño hot sauce"] ?? {}).reduce((a, b) => a + b, 0)).toBe(20);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("says what stays at a location the inventory export does not name, and sets it to 0 when asked", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    // The product export counted at Main (40), then the inventory export names two other places.
    await send(socket, productExport([900, 1500]), { quantityAt: "main" });
    const check = await send(socket, inventoryExport, {}, true);
    expect(check.elsewhere).toEqual([{ location: "Main", units: 40, variants: 1 }]);
    const done = await send(socket, inventoryExport, { unnamedToZero: true });
    expect(done.stock).toEqual([
      { location: "High Street shop", units: 12, variants: 1 },
      { location: "Warehouse", units: 8, variants: 1 },
      { location: "Main", units: -40, variants: 1 },
    ]);
    const stock = await stockByTitle(roomId);
    expect(Object.values(stock["Jalapeño hot sauce"] ?? {}).reduce((a, b) => a + b, 0)).toBe(20);
    expect(stock["Jalapeño hot sauce"]?.main).toBeUndefined();
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("re-imports to change prices: says what changes, leaves stock where it is, moves nothing", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const shop = (await socket.call("locations.add", ["Shop"])).result as string;
    await send(socket, productExport([900, 1500]), { quantityAt: shop });
    const movementsBefore = await roomRows(roomId, "SELECT id FROM movements");
    // The same file, two prices changed, stock left as it is.
    const check = await send(socket, productExport([950, 1600]), { quantityAt: null }, true);
    expect(check).toMatchObject({ updated: 2, unchanged: 0, changes: { prices: 2 }, stock: [] });
    await send(socket, productExport([950, 1600]), { quantityAt: null });
    expect(await roomRows(roomId, "SELECT id FROM movements")).toEqual(movementsBefore);
    expect(await stockByTitle(roomId)).toEqual({
      "Jalapeño hot sauce": { [shop]: 40 },
      "Ærø mug": { [shop]: 1 },
    });
    // Counted at the shop again, as it is: nothing changes; at Main, only Main's count is set.
    expect(await send(socket, productExport([950, 1600]), { quantityAt: shop }, true)).toMatchObject({
      unchanged: 2,
      stock: [],
    });
    await send(socket, productExport([950, 1600]), { quantityAt: "main" });
    expect((await stockByTitle(roomId))["Ærø mug"]).toEqual({ [shop]: 1, main: 1 });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("adds the locations a file names even when no product in it changes", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await send(socket, productExport([900, 1500]), { quantityAt: null });
    // The inventory export of a new shop: nothing there yet, so no product changes.
    const empty = [{ ...inventoryExport[0], variants: [{ row: 2, values: [], sku: "SAUCE", stock: { "Pop-up": 0 } }] }];
    expect(await send(socket, empty, {})).toMatchObject({ updated: 0, unchanged: 1, locationsAdded: ["Pop-up"] });
    const names = await roomRows<{ name: string }>(roomId, "SELECT name FROM locations ORDER BY name");
    expect(names.map((row) => row.name)).toContain("Pop-up");
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("refuses a location that is not the room's for the file's quantities", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const answer = await socket.call("items.import", [
      { importId: "bad-place", part: 0, dryRun: true, products: productExport([1, 1]), quantityAt: "nowhere" },
    ]);
    expect(answer.error).toMatchObject({ error: 400 });
    socket.close();
  });

  it("takes one product of the room once when two of the file's products find it (one by handle, one by a code)", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await send(socket, productExport([500, 1200]), { quantityAt: "main" });
    // "sauce-again" finds the hot sauce by its SKU; "hot-sauce" finds it by its handle.
    const report = await send(
      socket,
      [
        {
          row: 2,
          handle: "sauce-again",
          title: "Hot sauce, renamed",
          options: [],
          variants: [{ row: 2, values: [], sku: "SAUCE", priceCents: 650 }],
        },
        {
          row: 3,
          handle: "hot-sauce",
          title: "Hot sauce, renamed twice",
          options: [],
          variants: [{ row: 3, values: [], priceCents: 700 }],
        },
      ],
      { quantityAt: null },
    );
    expect(report).toMatchObject({
      updated: 1,
      problems: [
        {
          row: 3,
          column: "Handle",
          message: "hot-sauce matches “Jalapeño hot sauce”, which an earlier product of the file updates",
        },
      ],
    });
    expect(await roomRows(roomId, "SELECT title, handle, price_cents FROM items WHERE sku = 'SAUCE'")).toEqual([
      { title: "Hot sauce, renamed", handle: "sauce-again", price_cents: 650 },
    ]);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
