/**
 * The share page's data (`GET /api/share/s/<code>`) is public:
 * title, price, description, photo links and whether it is sold, and not
 * one field more.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SharedItem } from "../../protocol/docs";
import type { FileDoc } from "../../protocol/files";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";
import { jpegLike, startLive, writeLive } from "./files-helpers";

/** A photo as the app uploads it: the original, then its tag-free web copy (what may be shared). */
async function uploadPhoto(socket: DdpSocket): Promise<string> {
  const upload = async (options: Record<string, unknown>) => {
    const bytes = jpegLike(1000);
    const { started } = await startLive(socket, { name: "teapot.jpg", size: bytes.byteLength, ...options });
    await writeLive(socket, started.uploadId, 1, bytes);
    return (await socket.call("files.finish", [started.uploadId])).result as FileDoc;
  };
  const original = await upload({});
  await upload({ fileId: original._id, version: "web" });
  return original._id;
}

describe("share data", () => {
  it("holds exactly title, description, price, photo links and whether it is sold", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const photo = await uploadPhoto(socket);
    const added = await socket.call("items.add", [
      {
        title: "Teapot",
        description: "Blue glaze",
        sku: "TP-7",
        priceCents: 2500,
        location: "Shelf B3",
        quantity: 4,
        photos: [photo],
      },
    ]);
    expect(added.error).toBeUndefined();
    const itemId = added.result as string;
    expect((await socket.call("items.update", [itemId, { status: "sold" }])).error).toBeUndefined();
    const links = (await socket.call("items.publicLinks", [[itemId]])).result as Record<string, string>;
    socket.close();

    const path = new URL(links[itemId] as string).pathname;
    const response = await SELF.fetch(`https://stockroom.test/api/share${path}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      "currency",
      "description",
      "options",
      "photos",
      "priceCents",
      "shop",
      "sold",
      "title",
      "variants",
    ]);
    // Not sold in variants: no options, no variants.
    expect(body).toMatchObject({ options: [], variants: [] });
    // Marked sold: the page says so (and nothing of its status or stock besides).
    expect(body.sold).toBe(true);
    for (const hidden of ["sku", "status", "quantity", "location"]) expect(body).not.toHaveProperty(hidden);
    expect(body).toMatchObject({ title: "Teapot", description: "Blue glaze", priceCents: 2500 });
    expect(typeof body.currency).toBe("string");
    // A signed link to the web copy, and nothing else about the photo.
    const photos = body.photos as Record<string, unknown>[];
    expect(photos).toHaveLength(1);
    expect(Object.keys(photos[0] ?? {}).sort()).toEqual(["thumbnailUrl", "url"]);
    expect(photos[0]?.url).toMatch(new RegExp(`/${photo}/web/.*\\?token=`));
    // No value of the hidden fields travels under another name either (the
    // photo links are left out: their random tokens could hold any text).
    const { photos: _photos, sold: _sold, ...rest } = body;
    const text = JSON.stringify(rest);
    for (const secret of ["TP-7", "Shelf B3", "sold", '"4"']) expect(text).not.toContain(secret);
  });

  it("names the shop and shows its logo through a link that works without an account", async () => {
    const roomId = await createRoom("Oat & Clay");
    const { socket } = await connectToRoom(roomId);
    const bytes = jpegLike(800);
    const { started } = await startLive(socket, {
      collection: "roomLogos",
      name: "logo.jpg",
      size: bytes.byteLength,
    });
    await writeLive(socket, started.uploadId, 1, bytes);
    expect((await socket.call("files.finish", [started.uploadId])).error).toBeUndefined();
    const itemId = (await socket.call("items.add", [{ title: "Jug" }])).result as string;
    const links = (await socket.call("items.publicLinks", [[itemId]])).result as Record<string, string>;
    socket.close();

    const path = new URL(links[itemId] as string).pathname;
    const body = (await (await SELF.fetch(`https://stockroom.test/api/share${path}`)).json()) as SharedItem;
    expect(body.shop.name).toBe("Oat & Clay");
    expect(body.shop.logoUrl).toMatch(/\?token=/);
    const logo = await SELF.fetch(`https://stockroom.test${body.shop.logoUrl}`);
    expect(logo.status).toBe(200);
    expect(new Uint8Array(await logo.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe("share data of a product sold in variants", () => {
  it("lists its options and each variant's price and whether any is left, never counts or codes", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Tee", priceCents: 1500, quantity: 2, status: "ready" }]))
      .result as string;
    await socket.call("items.setVariants", [
      itemId,
      {
        options: ["Size"],
        variants: [
          { values: ["S"], sku: "TEE-S" },
          { values: ["M"], sku: "TEE-M", priceCents: 1700 },
        ],
      },
    ]);
    const links = (await socket.call("items.publicLinks", [[itemId]])).result as Record<string, string>;
    socket.close();
    const response = await SELF.fetch(`https://stockroom.test/api/share${new URL(links[itemId] as string).pathname}`);
    const body = (await response.json()) as SharedItem;
    expect(body.options).toEqual(["Size"]);
    expect(body.variants).toEqual([
      { values: ["S"], priceCents: 1500, soldOut: false },
      { values: ["M"], priceCents: 1700, soldOut: true },
    ]);
    expect(JSON.stringify(body)).not.toContain("TEE-");
  });

  it("is made only by those who may publish an item: a viewer prints the links already made, and makes none", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const viewer = await signUpUser();
    expect((await owner.call("members.invite", [viewer.email, "viewer"])).error).toBeUndefined();
    const { socket: asViewer } = await connectToRoom(roomId, { token: viewer.token });
    const itemId = (await owner.call("items.add", [{ title: "Teapot", priceCents: 2500 }])).result as string;

    // Never shared: the viewer gets no link, and the item gets no public page.
    expect((await asViewer.call("items.publicLinks", [[itemId]])).result).toEqual({ [itemId]: "" });
    const codes = () =>
      env.DB.prepare("SELECT count(*) AS n FROM share_codes WHERE item_id = ?").bind(itemId).first<{ n: number }>();
    expect(await codes()).toEqual({ n: 0 });

    // A member who edits the catalogue makes it; the viewer then prints the same link.
    const made = (await owner.call("items.publicLinks", [[itemId]])).result as Record<string, string>;
    expect(made[itemId]).toMatch(/^https?:\/\//);
    expect((await asViewer.call("items.publicLinks", [[itemId]])).result).toEqual(made);
    expect(await codes()).toEqual({ n: 1 });
    owner.close();
    asViewer.close();
  });
});
