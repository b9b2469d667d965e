/**
 * Photos a CSV import names by address (worker/inventory/import-photos.ts),
 * from a stand-in image host at the Worker's HTTP boundary: brought into the
 * room's own storage in the file's order, those that cannot be named by row
 * in words, and the same file imported again fetching nothing twice.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { jpegLike } from "./files-helpers";
import { roomRow, roomRows } from "./room-rows";

afterEach(() => {
  vi.restoreAllMocks();
});

const HOST = "https://cdn.shop.example";

/** A stand-in image host: two photos, a page that is not one, and an address that is gone. */
function imageHost() {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(HOST)) return realFetch(input, init);
    asked.push(request.url);
    const path = new URL(request.url).pathname;
    if (path === "/tee-front.jpg" || path === "/tee-back.jpg") {
      return new Response(jpegLike(path === "/tee-front.jpg" ? 3_000 : 4_000), {
        headers: { "Content-Type": "image/jpeg" },
      });
    }
    if (path === "/page.jpg")
      return new Response("<html>Not a photo</html>", { headers: { "Content-Type": "text/html" } });
    return new Response("Not Found", { status: 404 });
  });
  return asked;
}

const tee = {
  row: 2,
  handle: "tee",
  title: "Tee",
  options: [],
  variants: [{ row: 2, values: [], sku: "TEE-1", priceCents: 1900 }],
  images: [
    { url: `${HOST}/tee-front.jpg`, alt: "Front", row: 2 },
    { url: `${HOST}/tee-back.jpg`, alt: "Back", row: 3 },
    { url: `${HOST}/gone.jpg`, alt: "", row: 4 },
    { url: `${HOST}/page.jpg`, alt: "", row: 5 },
  ],
};

async function importTee(socket: DdpSocket, importId: string) {
  const answer = await socket.call("items.import", [{ importId, part: 0, dryRun: false, products: [tee] }]);
  expect(answer.error).toBeUndefined();
}

const photoStates = (roomId: string) =>
  roomRows<{ url: string; state: string; error: string; row: number }>(
    roomId,
    "SELECT url, state, error, row FROM import_photos ORDER BY position",
  );

describe("photos an import names by address", () => {
  it("come into the room's storage in the file's order; those that cannot are said by row; a second import fetches none", async () => {
    const asked = imageHost();
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("importPhotos");
    await importTee(socket, "photos-1");
    await expect
      .poll(async () => (await photoStates(roomId)).map((photo) => photo.state), { timeout: 10_000 })
      .toEqual(["done", "done", "failed", "failed"]);
    expect((await photoStates(roomId)).slice(2)).toEqual([
      { url: `${HOST}/gone.jpg`, state: "failed", error: "The address answered 404", row: 4 },
      {
        url: `${HOST}/page.jpg`,
        state: "failed",
        error: "The address is not a photo (JPEG, PNG, WebP or GIF)",
        row: 5,
      },
    ]);

    // The item has the two photos, front first; each is the room's own file, stored in R2.
    const item = await roomRow<{ id: string; photos: string }>(roomId, "SELECT id, photos FROM items");
    const photos = JSON.parse(item?.photos ?? "[]") as string[];
    expect(photos).toHaveLength(2);
    const files = await roomRows<{ id: string; name: string; meta: string; storage_path: string }>(
      roomId,
      "SELECT id, name, meta, storage_path FROM files",
    );
    const front = files.find((file) => file.id === photos[0]);
    expect(front?.name).toBe("tee-front.jpg");
    expect(JSON.parse(front?.meta ?? "{}")).toEqual({ source: `${HOST}/tee-front.jpg`, alt: "Front" });
    const stored = await env.FILES.get(`${front?.storage_path}/web`);
    expect((await stored?.arrayBuffer())?.byteLength).toBe(3_000);

    // The panel's document says the same, live.
    const doc: Record<string, unknown> = {};
    for (const message of socket.received) {
      if (message.collection === "importPhotos" && message.id === "photos") Object.assign(doc, message.fields);
    }
    expect(doc).toMatchObject({ waiting: 0, done: 2, failed: 2 });
    expect((doc.failures as { row: number }[]).map((failure) => failure.row)).toEqual([4, 5]);

    // The same file again: the product is unchanged, and no address is fetched twice.
    const before = asked.length;
    await importTee(socket, "photos-2");
    expect(await photoStates(roomId)).toHaveLength(4);
    expect(asked.length).toBe(before);
    socket.close();
  });
});
