/**
 * Purchase orders (worker/buying/, docs/buying.md): drafted by hand or from
 * low stock (one per supplier, up to a multiple of each reorder point, what
 * is on order counted), moved only as their transition table allows, sent
 * to the supplier as a PDF by e-mail, downloaded, and every change after
 * drafting kept as the order's history.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket, ownerToken, signUpUser } from "./ddp-socket";
import { roomRows } from "./room-rows";

async function memberOf(roomId: string, role: string) {
  const person = await signUpUser();
  const { socket } = await connectToRoom(roomId);
  expect((await socket.call("members.invite", [person.email, role])).error).toBeUndefined();
  socket.close();
  return { ...(await connectToRoom(roomId, { token: person.token })), token: person.token };
}

const result = async <T>(socket: DdpSocket, method: string, params: unknown[]): Promise<T> => {
  const answer = await socket.call(method, params);
  expect(answer.error, method).toBeUndefined();
  return answer.result as T;
};

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  id: number;
  attachments: { filename: string; type: string; size: number }[];
}

describe("purchase orders", () => {
  it("are drafted line by line at each variant's cost, moved only as their table allows, and keep their history", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const viewer = await memberOf(roomId, "viewer");
    const acme = await result<string>(socket, "suppliers.add", [{ name: "Acme", leadTimeDays: 5 }]);
    const mug = await result<string>(socket, "items.add", [{ title: "Mug", costCents: 250, supplierId: acme }]);
    const jug = await result<string>(socket, "items.add", [{ title: "Jug", costCents: 900 }]);

    expect((await socket.call("purchaseOrders.create", [{ supplierId: "nobody-here" }])).error).toMatchObject({
      error: 404,
      reason: "No such supplier in this room",
    });
    expect((await viewer.socket.call("purchaseOrders.create", [{ supplierId: acme }])).error).toMatchObject({
      error: 403,
    });
    const order = await result<string>(socket, "purchaseOrders.create", [{ supplierId: acme }]);
    expect((await viewer.socket.subscribe("purchaseOrders", [], "list")).msg).toBe("ready");
    expect((await viewer.socket.subscribe("purchaseOrder", [order], "one")).msg).toBe("ready");
    // Nothing to order yet.
    expect((await socket.call("purchaseOrders.move", [order, "ordered"])).error).toMatchObject({
      error: 409,
      reason: "Add what to order first: this order has no lines",
    });

    await result(socket, "purchaseOrders.setLine", [order, { itemId: mug, quantity: 12 }]);
    await result(socket, "purchaseOrders.setLine", [order, { itemId: jug, quantity: 2, unitCostCents: 850 }]);
    await result(socket, "purchaseOrders.setLine", [order, { itemId: mug, quantity: 24 }]);
    await expect
      .poll(() => viewer.socket.held("purchaseOrders").get(order))
      .toMatchObject({ number: 1, status: "draft", lines: 2, units: 26, totalCents: 24 * 250 + 2 * 850 });
    await expect
      .poll(() =>
        [...viewer.socket.held("purchaseOrderLines").values()].map((line) => [
          line.title,
          line.quantity,
          line.unitCostCents,
        ]),
      )
      .toEqual([
        ["Mug", 24, 250],
        ["Jug", 2, 850],
      ]);

    // Ordered: expected after the supplier's lead time; then it cannot be closed before anything comes.
    await result(socket, "purchaseOrders.move", [order, "ordered"]);
    const [row] = await roomRows<{ ordered_at: number; expected_at: number; status: string }>(
      roomId,
      "SELECT status, ordered_at, expected_at FROM purchase_orders WHERE id = ?",
      order,
    );
    expect(row?.status).toBe("ordered");
    expect((row?.expected_at ?? 0) - (row?.ordered_at ?? 0)).toBe(5 * 24 * 60 * 60 * 1000);
    expect((await socket.call("purchaseOrders.move", [order, "closed"])).error).toMatchObject({
      error: 409,
      reason: "PO-0001 is ordered: it cannot be made closed",
    });
    // A change after ordering is kept as its history.
    await result(socket, "purchaseOrders.setLine", [order, { itemId: jug, quantity: 0 }]);
    await result(socket, "purchaseOrders.move", [order, "cancelled"]);
    expect((await socket.call("purchaseOrders.move", [order, "draft"])).error).toMatchObject({ error: 409 });
    expect((await socket.call("purchaseOrders.setLine", [order, { itemId: jug, quantity: 1 }])).error).toMatchObject({
      error: 409,
      reason: "PO-0001 is cancelled: its lines can no longer change",
    });
    await expect
      .poll(() =>
        [...viewer.socket.held("purchaseOrderEvents").values()]
          .sort((a, b) => String(a._id).localeCompare(String(b._id)))
          .map((event) => event.text),
      )
      .toHaveLength(7);
    expect(
      (await roomRows<{ text: string }>(roomId, "SELECT text FROM purchase_order_events ORDER BY rowid")).map(
        (event) => event.text,
      ),
    ).toEqual([
      "Drafted",
      "Added 12 × Mug at 2.50 USD",
      "Added 2 × Jug at 8.50 USD",
      "Mug: 12 → 24",
      "Marked ordered",
      "Removed Jug",
      "Cancelled",
    ]);
    socket.close();
    viewer.socket.close();
  });

  it("is sent to its supplier as a PDF by e-mail and downloaded by anyone in the room, never by others", async () => {
    const roomId = await createRoom("Corner shop");
    const { socket } = await connectToRoom(roomId);
    const quiet = await result<string>(socket, "suppliers.add", [{ name: "No Address Ltd" }]);
    const pine = await result<string>(socket, "suppliers.add", [
      { name: "Pine Pottery", contact: "Pia", email: `orders.${roomId.toLowerCase()}@pine.example` },
    ]);
    const vase = await result<string>(socket, "items.add", [{ title: "Vase “Bleu”", sku: "V-1", costCents: 1200 }]);

    const unsendable = await result<string>(socket, "purchaseOrders.create", [{ supplierId: quiet }]);
    await result(socket, "purchaseOrders.setLine", [unsendable, { itemId: vase, quantity: 1 }]);
    expect((await socket.call("purchaseOrders.send", [unsendable, ""])).error).toMatchObject({
      error: 409,
      reason: "Add No Address Ltd's e-mail address in Settings → Suppliers first",
    });

    const order = await result<string>(socket, "purchaseOrders.create", [{ supplierId: pine, note: "Ring the bell" }]);
    await result(socket, "purchaseOrders.setLine", [order, { itemId: vase, quantity: 6 }]);
    await result(socket, "purchaseOrders.send", [order, "Before Friday, please."]);
    const to = `orders.${roomId.toLowerCase()}@pine.example`;
    const outbox = (await (await SELF.fetch("http://stockroom.test/api/dev/outbox")).json()) as OutboxMail[];
    const mail = outbox.find((each) => each.to === to);
    expect(mail).toMatchObject({
      subject: "Purchase order PO-0002 from Corner shop",
      attachments: [{ filename: "PO-0002.pdf", type: "application/pdf" }],
    });
    expect(mail?.text).toContain("Before Friday, please.");
    expect(mail?.text).toContain("1 line, 6 units, $72.00 in all.");
    const attached = await SELF.fetch(`http://stockroom.test/api/dev/outbox/${mail?.id}/attachments/0`);
    expect(new TextDecoder().decode((await attached.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(await roomRows(roomId, "SELECT status, sent_to FROM purchase_orders WHERE id = ?", order)).toEqual([
      { status: "ordered", sent_to: to },
    ]);
    expect(
      (
        await roomRows<{ text: string }>(
          roomId,
          "SELECT text FROM purchase_order_events WHERE order_id = ? ORDER BY rowid",
          order,
        )
      ).at(-1)?.text,
    ).toBe(`Sent to ${to}`);

    // Anyone in the room downloads it; a stranger is told there is no such room.
    const download = (token: string) =>
      SELF.fetch(`https://stockroom.test/api/rooms/${roomId}/purchase-orders/${order}/pdf`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    const viewer = await memberOf(roomId, "viewer");
    const got = await download(viewer.token);
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("application/pdf");
    expect(got.headers.get("Content-Disposition")).toBe('attachment; filename="PO-0002.pdf"');
    expect(new TextDecoder().decode((await got.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const stranger = await signUpUser();
    expect((await download(stranger.token)).status).toBe(404);
    expect((await download(ownerToken(roomId))).status).toBe(200);
    socket.close();
    viewer.socket.close();
  });

  it("reorders low stock as one draft per supplier, up to the chosen level, counting what is on order", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const acme = await result<string>(socket, "suppliers.add", [{ name: "Acme" }]);
    const birch = await result<string>(socket, "suppliers.add", [{ name: "Birch" }]);
    const add = (title: string, quantity: number, reorderPoint: number, supplierId?: string) =>
      result<string>(socket, "items.add", [
        { title, quantity, reorderPoint, costCents: 100, ...(supplierId ? { supplierId } : {}) },
      ]);
    await add("Cup", 2, 5, acme); // low: up to 10 → 8
    await add("Saucer", 0, 0, acme); // out, point 0: one
    await add("Plate", 9, 5, acme); // not low
    await add("Bowl", 1, 3, birch); // low: up to 6 → 5
    await add("Spoon", 0, 4); // low, no supplier

    const first = await result<{ orders: string[]; noSupplier: number; variants: number }>(
      socket,
      "purchaseOrders.reorderLowStock",
      [{ times: 2 }],
    );
    expect(first).toMatchObject({ noSupplier: 1, variants: 3 });
    expect(first.orders).toHaveLength(2);
    const lines = await roomRows<{ name: string; title: string; quantity: number; status: string }>(
      roomId,
      `SELECT suppliers.name, purchase_order_lines.title, purchase_order_lines.quantity, purchase_orders.status
       FROM purchase_order_lines JOIN purchase_orders ON purchase_orders.id = purchase_order_lines.order_id
       JOIN suppliers ON suppliers.id = purchase_orders.supplier_id ORDER BY suppliers.name, purchase_order_lines.position`,
    );
    expect(lines.map((line) => [line.name, line.title, line.quantity, line.status])).toEqual([
      ["Acme", "Cup", 8, "draft"],
      ["Acme", "Saucer", 1, "draft"],
      ["Birch", "Bowl", 5, "draft"],
    ]);
    // Again: what the drafts bring is counted, so nothing more is ordered.
    expect(await result(socket, "purchaseOrders.reorderLowStock", [{ times: 2 }])).toEqual({
      orders: [],
      noSupplier: 1,
      variants: 0,
    });
    // Up to three times the points: only what the drafts do not bring.
    await result(socket, "purchaseOrders.reorderLowStock", [{ times: 3 }]);
    expect(
      await roomRows(
        roomId,
        "SELECT title, quantity FROM purchase_order_lines WHERE order_id NOT IN (?, ?) ORDER BY title",
        ...first.orders,
      ),
    ).toEqual([
      { title: "Bowl", quantity: 3 },
      { title: "Cup", quantity: 5 },
    ]);
    expect((await socket.call("purchaseOrders.reorderLowStock", [{ times: 11 }])).error).toMatchObject({
      error: 400,
      reason: "At most 10 times the reorder point",
    });
    socket.close();
  });
});
