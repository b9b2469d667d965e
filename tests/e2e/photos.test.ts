/**
 * Photos in Chromium: choosing a tagged photo creates a draft item filled
 * in from its tags, with a thumbnail served through the login cookie; an
 * upload cut off by a page reload continues from the chunks and whole parts
 * the server has (parts after the first go whole over HTTP);
 * a paused upload shows the server's confirmed share and a cancel is no error;
 * an uploaded SVG opened directly cannot run its script in our origin.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import piexif from "piexifjs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { decodeBinaryFrame } from "../../protocol/binary-frame";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

/** The tagged fixture padded to 8 MiB, written to a real file (its name, size and time stay put when chosen again). */
function bigPhoto(name: string, fill: number): { path: string; bytes: Buffer } {
  const fixture = readFileSync(resolve("tests/fixtures/photos/lamp-exif.jpg"));
  const bytes = Buffer.alloc(8 * 1024 * 1024, fill);
  fixture.copy(bytes);
  const path = join(mkdtempSync(join(tmpdir(), "stockroom-photos-")), name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

/** The SHA-256 of the original stored for an item row's photo, fetched as the signed-in page would. */
async function storedOriginalHash(page: Page, row: Locator): Promise<string> {
  const thumbnail = await row.getByRole("img", { name: "Brass desk lamp" }).getAttribute("src");
  const fileId = /\/itemPhotos\/([^/]+)\//.exec(thumbnail ?? "")?.[1];
  return page.evaluate(async (id) => {
    const response = await fetch(`/cdn/storage/itemPhotos/${id}/original/${id}.jpg`);
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }, fileId);
}

/** A JPEG with `caption` as its EXIF ImageDescription. */
function withCaption(jpeg: Buffer, caption: string): Buffer {
  const exif = piexif.dump({ "0th": { [piexif.ImageIFD.ImageDescription]: caption } });
  return Buffer.from(piexif.insert(exif, jpeg.toString("binary")), "binary");
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("photos in a room", () => {
  it("turns a tagged photo into a draft item showing its tags and thumbnail", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "photos@shop.example");
    await createRoom(page, "Lamps");
    await page.getByTestId("photo-input").setInputFiles({
      name: "lamp-exif.jpg",
      mimeType: "image/jpeg",
      buffer: readFileSync(resolve("tests/fixtures/photos/lamp-exif.jpg")),
    });
    const row = page.getByTestId("item-row").filter({ hasText: "Brass desk lamp" });
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.getByTestId("item-status").getAttribute("data-status")).toBe("draft");
    await page.getByTestId("upload").filter({ hasText: "Item added" }).waitFor();

    // The thumbnail is a private file: it loads because the login cookie is set.
    const thumbnail = row.getByRole("img", { name: "Brass desk lamp" });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Pre-filled as docs/product.md §2 says: the caption is the title, one of it, a draft; where and when
    // the photo was taken stay in the photo's details, never in the item's location or description.
    await row.getByRole("link", { name: "Open Brass desk lamp" }).last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Brass desk lamp" }).waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Brass desk lamp");
    expect(await page.getByLabel("Quantity", { exact: true }).inputValue()).toBe("1");
    expect(await page.getByLabel("Shelf", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe("");
    await page.getByText("Photo details").click();
    const details = page.getByTestId("photo-tags");
    // The make is not said twice when the model repeats it ("Canon" + "Canon EOS R6").
    await expect.poll(() => details.textContent()).toContain("Canon EOS R6");
    expect(await details.textContent()).not.toContain("Canon Canon");
    expect(await details.textContent()).toContain("RF24-105mm F4 L IS USM");
    expect(await details.textContent()).toContain("2026-03-14 09:26:53");
    const map = details.getByRole("link", { name: /52.37403, -4.88969/ });
    expect(await map.getAttribute("href")).toContain("mlat=52.37403&mlon=-4.88969");
    await context.close();
  });

  it("keeps the new item when the tab is closed right after its photo uploaded", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // The tag-free copies never leave this tab (their uploads are held back), as when the tab
    // is closed the moment the photo is up: the item must not depend on anything after that.
    await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        if (typeof frame === "string" && frame.includes('"files.start"') && frame.includes('"version"')) return;
        server.send(frame);
      });
    });
    await signUp(page, e2e.server.url, "closed-tab@shop.example");
    await createRoom(page, "Closed tab");
    const roomUrl = page.url();
    await page.getByTestId("photo-input").setInputFiles({
      name: "lamp-exif.jpg",
      mimeType: "image/jpeg",
      buffer: readFileSync(resolve("tests/fixtures/photos/lamp-exif.jpg")),
    });
    await page.getByTestId("upload").filter({ hasText: "Item added" }).waitFor({ timeout: 20_000 });
    await page.close();

    const again = await context.newPage();
    await again.goto(roomUrl);
    const row = again.getByTestId("item-row").filter({ hasText: "Brass desk lamp" });
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.getByTestId("item-status").getAttribute("data-status")).toBe("draft");
    await context.close();
  });

  it("continues an upload cut off by a page reload from what the server already has: chunks and a whole part", async () => {
    // A real file on disk (so its name, size and modification time stay the
    // same when chosen again): the tagged fixture padded to 8 MiB, 16 chunks
    // in two parts — part 1 (chunks 1–10) over the room's socket, part 2 whole over HTTP.
    const { path, bytes } = bigPhoto("lamp-big.jpg", 0x5a);

    const context = await e2e.browser.newContext();
    const page = await context.newPage();

    // The room's socket passes through this route (set before it opens);
    // before the reload only the first five chunk writes reach the server,
    // the rest are held back as on a stalled network.
    const writes: { phase: string; uploadId: string; chunkId: number }[] = [];
    const parts: { phase: string; partNo: string }[] = [];
    let phase = "before reload";
    await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        if (typeof frame !== "string") {
          const { method, params } = decodeBinaryFrame(frame) as { method: string; params: [string, number] };
          if (method === "files.write") {
            writes.push({ phase, uploadId: params[0], chunkId: params[1] });
            if (phase === "before reload" && writes.length > 5) return;
          }
        }
        server.send(frame);
      });
    });
    page.on("request", (request) => {
      const headers = request.headers();
      if (headers["x-upload-op"] === "part") parts.push({ phase, partNo: headers["x-part-no"] ?? "" });
    });
    await signUp(page, e2e.server.url, "reload@shop.example");
    await createRoom(page, "Big lamps");
    await page.getByTestId("photo-input").setInputFiles(path);
    // Chunks pass through Playwright's socket route: slow on a loaded machine, so wait generously.
    await expect.poll(() => writes.length, { timeout: 20_000 }).toBeGreaterThan(5);
    const upload = page.getByTestId("upload");
    // Five chunks and the whole of part 2 (six chunks' worth) confirmed: 11 of 16.
    await expect.poll(() => upload.getByRole("progressbar").getAttribute("value"), { timeout: 20_000 }).toBe("68.8");
    expect(parts).toEqual([{ phase: "before reload", partNo: "2" }]);

    phase = "after reload";
    await page.reload();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Unfinished uploads" }).textContent())
      .toContain("lamp-big.jpg");
    await page.getByTestId("photo-input").setInputFiles(path);
    const row = page.getByTestId("item-row").filter({ hasText: "Brass desk lamp" });
    await row.waitFor({ timeout: 30_000 });

    // The same upload continued: only the chunks the server never got were sent again, and not part 2.
    const original = writes[0]?.uploadId;
    const resent = writes.filter((w) => w.phase === "after reload" && w.uploadId === original).map((w) => w.chunkId);
    // The five that reached the server are the first five sent — on a loaded machine not always 1–5.
    const reached = new Set(
      writes
        .filter((w) => w.phase === "before reload")
        .slice(0, 5)
        .map((w) => w.chunkId),
    );
    const neverGot = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((chunk) => !reached.has(chunk));
    expect(neverGot).toHaveLength(5);
    // (A chunk may go twice if the line drops again on a loaded machine: the server keeps each chunk once.)
    expect([...new Set(resent)].sort((a, b) => a - b)).toEqual(neverGot);
    expect(parts.filter((p) => p.phase === "after reload")).toEqual([]);

    // And the stored original is byte for byte the file on disk.
    expect(await storedOriginalHash(page, row)).toBe(sha256(bytes));
    await context.close();
  });

  it("lets the person forget an upload a reload cut off, for good", async () => {
    const { path } = bigPhoto("lamp-forgotten.jpg", 0x3c);
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // Before the reload no chunk reaches the server, as on a stalled network.
    let hold = true;
    let chunkHeld = () => {};
    const firstChunkHeld = new Promise<void>((resolve) => {
      chunkHeld = resolve;
    });
    await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        if (hold && typeof frame !== "string") return chunkHeld();
        server.send(frame);
      });
    });
    await signUp(page, e2e.server.url, "forget@shop.example");
    await createRoom(page, "Forgotten lamps");
    await page.getByTestId("photo-input").setInputFiles(path);
    await page.getByTestId("upload").filter({ hasText: "lamp-forgotten.jpg" }).waitFor();
    // Its first chunk is on the way: the server has started the upload, so there is one to resume.
    await firstChunkHeld;
    hold = false;
    await page.reload();
    const hint = page.getByRole("status").filter({ hasText: "Unfinished uploads: lamp-forgotten.jpg" });
    await hint.waitFor();
    await hint.getByRole("button", { name: "Forget them" }).click();
    await hint.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("button", { name: "New items from photos" }).waitFor();
    expect(await page.getByText(/Unfinished uploads/).count()).toBe(0);
    await context.close();
  });

  it("sends a whole part again when the line drops under it, and the stored file is the one chosen", async () => {
    const { path, bytes } = bigPhoto("lamp-dropped.jpg", 0x33);
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // The first whole part is cut off as by a dropped line; later requests go through.
    const partRequests: string[] = [];
    await page.route("**/cdn/storage/*/__upload", async (route) => {
      const headers = route.request().headers();
      if (headers["x-upload-op"] !== "part") return route.continue();
      partRequests.push(headers["x-part-no"] ?? "");
      if (partRequests.length === 1) return route.abort("connectionreset");
      return route.continue();
    });
    await signUp(page, e2e.server.url, "dropped-part@shop.example");
    await createRoom(page, "Dropped parts");
    await page.getByTestId("photo-input").setInputFiles(path);
    const row = page.getByTestId("item-row").filter({ hasText: "Brass desk lamp" });
    await row.waitFor({ timeout: 30_000 });
    expect(partRequests).toEqual(["2", "2"]);
    expect(await storedOriginalHash(page, row)).toBe(sha256(bytes));
    await context.close();
  });

  it("pauses at the share the server confirmed, continues to the item, and cancels without an error", async () => {
    const { path } = bigPhoto("lamp-slow.jpg", 0x5a);

    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // A slow line: every chunk write reaches the server 400 ms late.
    await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        if (typeof frame !== "string") setTimeout(() => server.send(frame), 400);
        else server.send(frame);
      });
    });
    await signUp(page, e2e.server.url, "pause@shop.example");
    await createRoom(page, "Slow line");
    await page.getByTestId("photo-input").setInputFiles(path);
    const upload = page.getByTestId("upload").filter({ hasText: "lamp-slow.jpg" });
    const bar = upload.getByRole("progressbar");
    await expect.poll(async () => Number(await bar.getAttribute("value")), { timeout: 30_000 }).toBeGreaterThan(10);

    await upload.getByRole("button", { name: "Pause" }).click();
    // Chunks already on their way still land ("Pausing…"); then the figure is the server's and stays.
    const paused = upload.getByText(/^Paused at \d+(\.\d+)?%$/);
    await paused.waitFor({ timeout: 30_000 });
    const shown = await paused.textContent();
    const value = await bar.getAttribute("value");
    await page.waitForTimeout(1500);
    expect(await paused.textContent()).toBe(shown);
    expect(await bar.getAttribute("value")).toBe(value);
    expect(shown).toBe(`Paused at ${value}%`);

    await upload.getByRole("button", { name: "Continue" }).click();
    await upload.getByText("Item added").waitFor({ timeout: 60_000 });
    await page.getByTestId("item-row").filter({ hasText: "Brass desk lamp" }).waitFor();

    // Cancelling is the person's choice, not a failure: it says so quietly, with no error.
    await page.getByTestId("photo-input").setInputFiles(path);
    const second = page.getByTestId("upload").filter({ hasText: "lamp-slow.jpg" }).last();
    await second.getByRole("button", { name: "Cancel" }).click();
    await second.getByText("Cancelled").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await context.close();
  }, 120_000);

  it("says what was wrong with a file that is not a photo, and what to choose, until dismissed", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "notes@shop.example");
    await createRoom(page, "Notes");
    const alerts = page.locator(".photo-intake").getByRole("alert");
    await page.getByTestId("photo-input").setInputFiles({
      name: "fake.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is not a photo"),
    });
    await alerts
      .filter({
        hasText: "Could not load image: “fake.jpg” is not an image this browser can open (it may be damaged).",
      })
      .waitFor();
    await page.getByTestId("photo-input").setInputFiles({
      name: "price list.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4 not a photo"),
    });
    const pdf = alerts.filter({ hasText: "Could not load image: “price list.pdf” is a PDF document, not a photo." });
    await pdf.waitFor();
    expect(await pdf.textContent()).toContain("Choose photos (JPEG, PNG, WebP or HEIC).");
    await pdf.getByRole("button", { name: "Dismiss" }).click();
    await pdf.waitFor({ state: "detached" });
    expect(await alerts.count()).toBe(1);
    await context.close();
  });

  it("says when a caption is too long for a title, and keeps all of it in the description", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "captions@shop.example");
    await createRoom(page, "Long captions");
    // The same photo, its caption 726 characters long (EXIF ImageDescription written with piexifjs).
    const caption =
      `Victorian mahogany chest of drawers ${"with brass handles and a serpentine front, ".repeat(16)}`.trim();
    await page.getByTestId("photo-input").setInputFiles({
      name: "chest.jpg",
      mimeType: "image/jpeg",
      buffer: withCaption(readFileSync(resolve("tests/fixtures/photos/plain.jpg")), caption),
    });
    const note = page.locator(".photo-intake").getByRole("status").filter({ hasText: "“chest.jpg”: its caption has" });
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain(`${caption.length} characters`);
    const row = page.getByTestId("item-row").filter({ hasText: "Victorian mahogany chest" });
    const title = (await row.getByTestId("item-title").textContent()) ?? "";
    expect(title.endsWith("…")).toBe(true);
    expect(Array.from(title).length).toBeLessThanOrEqual(200);
    await row
      .getByRole("link", { name: /^Open Victorian/ })
      .last()
      .click();
    await expect.poll(() => page.getByLabel("Description").inputValue()).toBe(caption);
    await context.close();
  });

  it("serves an uploaded SVG so that its script does not run", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "logo@shop.example");
    await createRoom(page, "Logos");
    const roomId = page.url().split("/").pop() ?? "";
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.documentElement.setAttribute("data-ran","yes");localStorage.setItem("pwned","1")</script></svg>';
    const path = await page.evaluate(
      async ({ roomId, svg }) => {
        const token = localStorage.getItem("stockroom.loginToken") ?? "";
        const post = (op: string, headers: Record<string, string>, body?: BodyInit) =>
          fetch("/cdn/storage/roomLogos/__upload", {
            method: "POST",
            headers: { Authorization: `Bearer ${token}`, "X-Room-Id": roomId, "X-Upload-Op": op, ...headers },
            body,
          }).then((response) => response.json());
        const bytes = new TextEncoder().encode(svg);
        const { uploadId } = await post(
          "start",
          {},
          JSON.stringify({ name: "logo.svg", type: "image/svg+xml", size: bytes.length }),
        );
        await post("chunk", { "X-Upload-Id": uploadId, "X-Chunk-Id": "1" }, bytes);
        const doc = await post("finish", { "X-Upload-Id": uploadId });
        return doc.path as string;
      },
      { roomId, svg },
    );
    await page.goto(`${e2e.server.url}${path}`);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-ran"))).toBeNull();
    await page.goto(e2e.server.url);
    expect(await page.evaluate(() => localStorage.getItem("pwned"))).toBeNull();
    await context.close();
  });
});
