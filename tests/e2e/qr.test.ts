import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QrStyle } from "../../app/qr/options";
import { PAPERS, type Paper } from "../../app/qr/paper";
import { launchBrowser } from "../support/browser";
import { bundleQrEntry, JSQR_PATH } from "../support/qr-bundle";
import { type LabelBox, zbarReadAll, zbarReadLabel } from "../support/zbar";

const DATA = {
  asciiUrl: "https://stockroom.example/s/9f3k2LmQ7xZ",
  utf8: "Café — 東京 🐈 «ünïcødé» ✓",
  longLink:
    "https://shop.example.com/products/hand-thrown-stoneware-mug-speckled-oat-glaze-350ml?variant=4471829301&utm_source=stockroom&utm_medium=qr-label&ref=room-7d1c9e0b",
};

let browser: Browser;
let page: Page;

/** A blank page with jsQR, the bundled renderer and its CSS, and a fake app header around a mount point. */
async function openQrPage(): Promise<Page> {
  const bundle = await bundleQrEntry();
  const next = await browser.newPage();
  await next.setContent(
    `<!doctype html><html><head><meta charset="utf-8"></head><body><header id="outside"><h1>Stockroom</h1></header><main id="app"></main></body></html>`,
  );
  await next.addScriptTag({ path: JSQR_PATH });
  await next.addScriptTag({ content: bundle.js });
  await next.addStyleTag({ content: bundle.css });
  return next;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openQrPage();
});
afterAll(async () => {
  await browser?.close();
});

describe("every QR style decodes back to its input", () => {
  it("as PNG and as SVG, each with the Stockroom mark below the code", async () => {
    const results = await page.evaluate(async (data) => {
      const { renderPng, renderSvg, decodeBlob, decodeSvg, testImages } = window.qrTest;
      const logo = { src: testImages.logo() };
      const pieces = [testImages.navyTile(), testImages.greenDot()];
      const styles: { name: string; style: QrStyle }[] = [];
      for (const moduleShape of ["square", "dots", "rounded"] as const)
        for (const finderStyle of ["square", "rounded", "dots"] as const)
          for (const withLogo of [false, true]) {
            // Every other code in house colours rather than black on white.
            const colours = styles.length % 2 ? { dark: "#1f3b36", light: "#fbf7ee", finderColor: "#7a2e1c" } : {};
            styles.push({
              name: `${moduleShape} modules, ${finderStyle} finders${withLogo ? ", logo" : ""}`,
              style: { moduleShape, finderStyle, ...colours, ...(withLogo ? { logo } : {}) },
            });
          }
      styles.push({ name: "image pieces", style: { pieces } });
      styles.push({ name: "image pieces, logo", style: { pieces, logo } });
      styles.push({
        name: "one image piece, dots finders, level L",
        style: { pieces: [pieces[0]!], finderStyle: "dots", level: "L" },
      });

      /** Dark pixels in the PNG's footer strip (below the 2× frame): the mark is there. */
      async function footerInk(blob: Blob) {
        const image = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(image.width, image.height - 512);
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(image, 0, -512);
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let ink = 0;
        for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! + pixels[i + 1]! + pixels[i + 2]! < 300) ink++;
        return ink;
      }

      // Image pieces wait 500 ms each: the cases run side by side.
      const cases = styles.flatMap(({ name, style }) =>
        Object.entries(data).map(([kind, text]) => ({ name: `${name} / ${kind}`, style, text })),
      );
      return Promise.all(
        cases.map(async ({ name, style, text }) => {
          const png = await renderPng(text, style);
          const svg = await renderSvg(text, style);
          const [fromPng, fromSvg] = [await decodeBlob(png), await decodeSvg(svg)];
          const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
          const hrefs = [...doc.querySelectorAll("[href]")].map((el) => el.getAttribute("href")!);
          return {
            name,
            expected: text,
            png: fromPng.text,
            pngBytes: fromPng.bytesAsUtf8,
            svg: fromSvg.text,
            svgBytes: fromSvg.bytesAsUtf8,
            pngSize: [fromPng.width, fromPng.height],
            pngMarkInk: await footerInk(png),
            svgWellFormed: doc.querySelector("parsererror") === null && doc.documentElement.localName === "svg",
            svgMark: doc.querySelector("text")?.textContent ?? null,
            svgExternalRefs: hrefs.filter((href) => !href.startsWith("data:") && !href.startsWith("#")),
          };
        }),
      );
    }, DATA);

    expect(results).toHaveLength(21 * 3);
    const wrong = results.filter(
      (r) =>
        r.png !== r.expected ||
        r.pngBytes !== r.expected ||
        r.svg !== r.expected ||
        r.svgBytes !== r.expected ||
        !r.svgWellFormed ||
        r.svgMark !== "Stockroom" ||
        r.svgExternalRefs.length > 0 ||
        r.pngMarkInk < 50,
    );
    expect(wrong).toEqual([]);
    for (const r of results) {
      // 2 × 256 wide; taller than 512 by the mark's footer strip.
      expect(r.pngSize[0]).toBe(512);
      expect(r.pngSize[1]).toBeGreaterThan(512);
    }
  });
});

describe("the on-page code", () => {
  it("is an <img alt='Scan me!'> drawn from a canvas twice its display size", async () => {
    const found = await page.evaluate(async (text) => {
      const { render, h, components, decodeUrl } = window.qrTest;
      const host = document.createElement("div");
      document.getElementById("app")!.append(host);
      render(host, h(components.QrCode, { data: text, width: 200, height: 200 }));
      const img = await waitFor(() => host.querySelector("img"));
      await img.decode();
      const canvas = host.querySelector("canvas")!;
      const decoded = await decodeUrl(img.src);
      const shown = img.getBoundingClientRect();
      host.remove();
      return {
        alt: img.alt,
        shown: [shown.width, shown.height],
        canvas: [canvas.width, canvas.height],
        canvasCss: [canvas.style.width, canvas.style.height],
        decoded: decoded.text,
      };

      function waitFor<T>(get: () => T | null): Promise<T> {
        return new Promise((resolve) => {
          const poll = () => {
            const value = get();
            if (value) resolve(value);
            else setTimeout(poll, 10);
          };
          poll();
        });
      }
    }, DATA.utf8);
    expect(found).toEqual({
      alt: "Scan me!",
      shown: [200, 200],
      canvas: [400, 400],
      canvasCss: ["200px", "200px"],
      decoded: DATA.utf8,
    });
  });

  it("defaults to 256 × 256 on a 512 × 512 canvas, level M, type 4", async () => {
    const found = await page.evaluate(async () => {
      const { drawQr } = window.qrTest;
      const canvas = document.createElement("canvas");
      const geometry = await drawQr(canvas, "https://stockroom.example/s/abc");
      return {
        size: [canvas.width, canvas.height],
        css: canvas.style.width,
        level: geometry?.level,
        type: geometry?.typeNumber,
      };
    });
    expect(found).toEqual({ size: [512, 512], css: "256px", level: "M", type: 4 });
  });

  it("shows `Too long data` instead of a code when the data is over capacity", async () => {
    await page.evaluate(() => {
      const { render, h, components } = window.qrTest;
      const host = document.createElement("div");
      host.id = "too-long";
      document.getElementById("app")!.append(host);
      render(host, h(components.QrCode, { data: "x".repeat(2332) }));
    });
    const host = page.locator("#too-long");
    // However long a loaded machine takes to say so.
    await host.getByRole("alert").waitFor();
    expect({ alert: await host.getByRole("alert").textContent(), img: await host.locator("img").count() }).toEqual({
      alert: "Too long data",
      img: 0,
    });
    await host.evaluate((element) => element.remove());
  });
});

describe("image pieces", () => {
  it("draw nothing until every piece has loaded, then wait 500 ms, then draw", async () => {
    const piecePage = await openQrPage();
    const pieceBytes = Buffer.from(
      (await piecePage.evaluate(() => window.qrTest.testImages.navyTile())).split(",")[1]!,
      "base64",
    );
    // The piece comes from a URL whose answer the test holds back.
    const held: { fulfil: () => Promise<void> }[] = [];
    await piecePage.route("http://pieces.test/**", (route) => {
      held.push({
        fulfil: () =>
          route.fulfill({
            status: 200,
            contentType: "image/png",
            headers: { "access-control-allow-origin": "*" },
            body: pieceBytes,
          }),
      });
    });
    await piecePage.evaluate(() => {
      const { drawQr } = window.qrTest;
      const state = window as unknown as Record<string, unknown>;
      const canvas = document.createElement("canvas");
      const waits: number[] = [];
      let release = () => {};
      state.pieceCanvas = canvas;
      state.waits = waits;
      state.releaseWait = () => release();
      state.drawn = drawQr(
        canvas,
        "https://stockroom.example/s/pieces",
        { pieces: ["http://pieces.test/navy.png"] },
        // The 500 ms pause, held by the test instead of a timer: no timing in the assertions.
        {
          wait: (ms) =>
            new Promise((resolve) => {
              waits.push(ms);
              release = resolve;
            }),
        },
      );
    });
    const look = () =>
      piecePage.evaluate(() => {
        const state = window as unknown as { pieceCanvas: HTMLCanvasElement; waits: number[] };
        return { blank: window.qrTest.isBlank(state.pieceCanvas), waits: [...state.waits] };
      });

    await expect.poll(() => held.length).toBe(1);
    expect(await look()).toEqual({ blank: true, waits: [] });

    await held[0]!.fulfil();
    // Loaded: now (and only now) the 500 ms pause is asked for, and the canvas is still blank.
    await expect.poll(async () => (await look()).waits).toEqual([500]);
    expect(await look()).toEqual({ blank: true, waits: [500] });

    const decoded = await piecePage.evaluate(async () => {
      const state = window as unknown as {
        pieceCanvas: HTMLCanvasElement;
        releaseWait: () => void;
        drawn: Promise<unknown>;
      };
      state.releaseWait();
      await state.drawn;
      const canvas = state.pieceCanvas;
      return window.qrTest.decodeDrawable(canvas, canvas.width, canvas.height).text;
    });
    expect(decoded).toBe("https://stockroom.example/s/pieces");
    await piecePage.close();
  });

  it("a code without pieces is drawn without the pause", async () => {
    const waits = await page.evaluate(async () => {
      const asked: number[] = [];
      await window.qrTest.drawQr(
        document.createElement("canvas"),
        "plain",
        {},
        {
          wait: async (ms) => {
            asked.push(ms);
          },
        },
      );
      return asked;
    });
    expect(waits).toEqual([]);
  });
});

const LABELS = Array.from({ length: 23 }, (_, i) => ({
  id: `item-${i}`,
  title: i === 3 ? "Café crème mug — 東京 edition" : `Stoneware mug no. ${i + 1}`,
  priceText: `€${(12 + i).toFixed(2)}`,
  sku: `MUG-${String(1000 + i)}`,
  link: `https://stockroom.example/s/item${i}-${(i * 7919).toString(36)}`,
}));

/** Renders a LabelSheet into the page's #app and waits until every label's code is drawn. */
async function renderSheet(
  labels: (typeof LABELS)[number][] | ((typeof LABELS)[number] & { barcode: string })[],
  withLogo = false,
  code: "qr" | "both" = "qr",
  paper: Paper = "a4",
): Promise<void> {
  await page.evaluate(
    ({ items, withLogo, code, paper }) => {
      const { render, h, components, testImages } = window.qrTest;
      const style = withLogo ? { logo: { src: testImages.logo() } } : undefined;
      // Keyed by the code and paper: the sheet's selector starts from them, so a new one is a new sheet.
      render(
        document.getElementById("app")!,
        h(components.LabelSheet, { key: `${code}-${paper}`, labels: items, paper, style, code }),
      );
    },
    { items: labels, withLogo, code, paper },
  );
  // Generous: drawing 23 codes can take seconds on a loaded machine.
  await expect.poll(() => page.locator("#app [data-qr-status=ready]").count(), { timeout: 60_000 }).toBe(labels.length);
}

/** The sheet printed to PDF (print media emulated meanwhile), with where `measure` finds things on it. */
async function printed(measure: () => LabelBox[]): Promise<{ pdf: Buffer; boxes: LabelBox[] }> {
  await page.emulateMedia({ media: "print" });
  try {
    const pdf = await page.pdf({ preferCSSPageSize: true });
    return { pdf, boxes: await page.evaluate(measure) };
  } finally {
    await page.emulateMedia({ media: null });
  }
}

/** The sheet printed to PDF, and where each barcode on its first page is (from the page's corner). */
function printedBarcodes(): Promise<{ pdf: Buffer; boxes: LabelBox[] }> {
  return printed(() => {
    const sheetPage = document.querySelector(".label-page")!;
    const origin = sheetPage.getBoundingClientRect();
    return [...sheetPage.querySelectorAll("[data-testid=label-barcode]")].map((code) => {
      const box = code.getBoundingClientRect();
      return { page: 1, x: box.x - origin.x, y: box.y - origin.y, width: box.width, height: box.height };
    });
  });
}

describe("the label sheet", () => {
  it("lays out every label with its title, price, SKU and a QR of its link, 21 to an A4 page", async () => {
    await renderSheet(LABELS);
    const sheet = await page.evaluate(async () => {
      const host = document.getElementById("app")!;
      const pages = [...host.querySelectorAll(".label-page")].map(
        (el) => el.querySelectorAll("[data-testid=qr-label]").length,
      );
      const found = await Promise.all(
        [...host.querySelectorAll<HTMLElement>("[data-testid=qr-label]")].map(async (label) => ({
          title: label.querySelector(".qr-label-title")?.textContent,
          priceText: label.querySelector(".qr-label-price")?.textContent,
          sku: label.querySelector(".qr-label-sku")?.textContent,
          link: (await window.qrTest.decodeSvgElement(label.querySelector("svg")!)).text,
          alt: label.querySelector("svg")!.getAttribute("aria-label"),
        })),
      );
      const first = host.querySelector<HTMLElement>(".label-page")!.getBoundingClientRect();
      return { pages, found, pageSize: [Math.round(first.width), Math.round(first.height)] };
    });
    expect(sheet.pages).toEqual([21, 2]);
    expect(sheet.found).toEqual(
      LABELS.map(({ title, priceText, sku, link }) => ({ title, priceText, sku, link, alt: "Scan me!" })),
    );
    // 190 × 276 mm (A4 less 10 mm margins, less 1 mm of slack) at 96 CSS px per inch.
    expect(sheet.pageSize).toEqual([Math.round((190 / 25.4) * 96), Math.round((276 / 25.4) * 96)]);
  });

  it("shows a title of a few words whole, on up to three lines, and ends a longer one at the third", async () => {
    const titled = (title: string, i: number) => ({ ...LABELS[0]!, id: `long-${i}`, title });
    await renderSheet([
      titled("Pair of Denby stoneware mugs in Greenwheat", 0),
      titled(`Victorian mahogany chest of drawers ${"with brass handles ".repeat(8)}`.trim(), 1),
    ]);
    const titles = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".qr-label-title")].map((title) => {
        const lineHeight = Number.parseFloat(getComputedStyle(title).lineHeight);
        return {
          lines: Math.round(title.clientHeight / lineHeight),
          whole: title.scrollHeight <= title.clientHeight + 1,
        };
      }),
    );
    expect(titles[0]).toEqual({ lines: expect.any(Number), whole: true });
    expect(titles[0]!.lines).toBeLessThanOrEqual(3);
    expect(titles[1]).toEqual({ lines: 3, whole: false });
  });

  it("prints the sheet alone, one A4 page per 21 labels, and switches to Letter", async () => {
    await renderSheet(LABELS);
    // page.pdf() prints with the emulated media: keep it "print" until the PDFs are made.
    await page.emulateMedia({ media: "print" });
    try {
      const printed = await page.evaluate(() => ({
        outside: getComputedStyle(document.getElementById("outside")!).display,
        controls: getComputedStyle(document.querySelector(".label-sheet-controls")!).display,
        labelsShown: [...document.querySelectorAll("[data-testid=qr-label]")].filter(
          (el) => el.getBoundingClientRect().width > 0,
        ).length,
        pageRule: document.querySelector(".label-sheet style")?.textContent,
      }));
      expect(printed).toEqual({
        outside: "none",
        controls: "none",
        labelsShown: 23,
        pageRule: "@page { size: A4; margin: 10mm; }",
      });
      expect(pdfPageSizes(await page.pdf({ preferCSSPageSize: true }))).toEqual([A4_POINTS, A4_POINTS]);

      await page.emulateMedia({ media: "screen" });
      await page.getByRole("combobox", { name: "Paper" }).selectOption("letter");
      const letter = await page.evaluate(() => ({
        pageRule: document.querySelector(".label-sheet style")?.textContent,
        pages: document.querySelectorAll(".label-page").length,
        width: Math.round(document.querySelector(".label-page")!.getBoundingClientRect().width),
      }));
      expect(letter).toEqual({
        pageRule: "@page { size: letter; margin: 0.4in; }",
        pages: 2,
        width: Math.round(7.7 * 96),
      });
      await page.emulateMedia({ media: "print" });
      expect(pdfPageSizes(await page.pdf({ preferCSSPageSize: true }))).toEqual([LETTER_POINTS, LETTER_POINTS]);

      // Without a sheet on the page, printing leaves the page alone.
      await page.evaluate(() =>
        window.qrTest.render(document.getElementById("app")!, window.qrTest.h("p", null, "no sheet")),
      );
      expect(await page.evaluate(() => getComputedStyle(document.getElementById("outside")!).display)).toBe("block");
    } finally {
      await page.emulateMedia({ media: null });
    }
  });

  it("prints codes that ZBar reads from a 150 and 300 dpi rendering of the PDF, with and without a room logo", async () => {
    // Real share links are this long (origin, /s/, a 10-character code).
    const labels = LABELS.map((label, i) => ({
      ...label,
      link: `https://stockroom.example.com/s/${(i * 48271).toString(36).padStart(10, "k")}`,
    }));
    for (const withLogo of [false, true]) {
      await renderSheet(labels, withLogo);
      // Where each label lands on its printed page (CSS px from the page's content box).
      const { pdf, boxes } = await printed(() =>
        [...document.querySelectorAll(".label-page")].flatMap((sheetPage, pageIndex) => {
          const origin = sheetPage.getBoundingClientRect();
          return [...sheetPage.querySelectorAll("[data-testid=qr-label]")].map((label) => {
            const box = label.getBoundingClientRect();
            return {
              page: pageIndex + 1,
              x: box.x - origin.x,
              y: box.y - origin.y,
              width: box.width,
              height: box.height,
            };
          });
        }),
      );
      expect(boxes).toHaveLength(labels.length);
      for (const dpi of [150, 300]) {
        // One label at a time, as a phone sees it.
        const read = boxes.map((box) => zbarReadLabel(pdf, dpi, box, A4_MARGIN_MM));
        expect({ withLogo, dpi, read }).toEqual({ withLogo, dpi, read: labels.map((label) => label.link) });
      }
    }
  });

  it("prints product barcodes beside the QR codes that ZBar reads from a 300 dpi rendering of the PDF", async () => {
    // An EAN-13, a UPC-A, an EAN-8, and an item with only a SKU (printed as Code 128).
    const barcodes = ["4006381333931", "051000012517", "96385074", ""];
    const labels = LABELS.slice(0, 4).map((label, i) => ({ ...label, barcode: barcodes[i] as string }));
    await renderSheet(labels, false, "both");
    const { pdf, boxes } = await printedBarcodes();
    const read = boxes.map((box) => zbarReadLabel(pdf, 300, box, A4_MARGIN_MM, ["ean13", "upca", "ean8", "code128"]));
    expect(read).toEqual(["4006381333931", "051000012517", "96385074", "MUG-1003"]);
  });

  it("keeps neighbouring labels' barcodes apart on Letter: a reader over two of them reads only theirs", async () => {
    // A row of EAN-13s side by side, QR and barcode on each, as the Letter sheet had them.
    const barcodes = [
      "5901234123457",
      "4006381333931",
      "9780201379624",
      "5012345678900",
      "4003994155486",
      "8712345678906",
    ];
    const labels = LABELS.slice(0, 6).map((label, i) => ({ ...label, barcode: barcodes[i] as string }));
    await renderSheet(labels, false, "both", "letter");
    const { pdf, boxes } = await printedBarcodes();
    const LETTER_MARGIN_MM = 0.4 * 25.4;
    // Each code on its own reads as itself.
    const alone = boxes.map((box) => zbarReadLabel(pdf, 300, box, LETTER_MARGIN_MM, ["ean13"]));
    expect(alone).toEqual(barcodes);
    // Two neighbours in one frame (the row's first two, next two…): never a code that is neither of them.
    for (const [left, right] of [
      [0, 1],
      [1, 2],
      [3, 4],
      [4, 5],
    ] as const) {
      const a = boxes[left] as LabelBox;
      const b = boxes[right] as LabelBox;
      const both = { page: 1, x: a.x, y: Math.min(a.y, b.y), width: b.x + b.width - a.x, height: a.height };
      const read = zbarReadAll(pdf, 300, both, LETTER_MARGIN_MM, ["ean13"]);
      for (const code of read) expect([barcodes[left], barcodes[right]]).toContain(code);
    }
  });

  it("prints each label printer's labels one to a page at the label's size, every code read back at 203 and 300 dpi", async () => {
    const barcodes = ["4006381333931", "5901234123457", "9780201379624"];
    const labels = LABELS.slice(0, 3).map((label, i) => ({ ...label, barcode: barcodes[i] as string }));
    for (const paper of ["ql-62", "dymo-30334", "dymo-30252", "zebra-2x1", "zebra-4x6"] as const) {
      await renderSheet(labels, false, "both", paper);
      // Each label is a page of its own: its whole page is where its codes are.
      const { pdf, boxes } = await printed(() =>
        [...document.querySelectorAll(".label-page")].map((sheetPage, pageIndex) => {
          const box = sheetPage.getBoundingClientRect();
          return { page: pageIndex + 1, x: 0, y: 0, width: box.width, height: box.height };
        }),
      );
      // One label a page, each page the label's own size (in points: 72 an inch).
      const file = await PDFDocument.load(pdf);
      const layout = PAPERS[paper];
      const points = (length: number) => (layout.unit === "in" ? length * 72 : (length / 25.4) * 72);
      expect(file.getPageCount(), paper).toBe(labels.length);
      for (const sheet of file.getPages()) {
        expect(Math.abs(sheet.getWidth() - points(layout.width)), paper).toBeLessThan(1);
        expect(Math.abs(sheet.getHeight() - points(layout.height)), paper).toBeLessThan(1);
      }
      // A thermal printer's 203 dpi and a better one's 300: each label's page gives its own QR code and barcode.
      for (const dpi of [203, 300]) {
        const qr = boxes.map((box) => zbarReadLabel(pdf, dpi, box, 0));
        expect({ paper, dpi, qr }).toEqual({ paper, dpi, qr: labels.map((label) => label.link) });
        const bars = boxes.map((box) => zbarReadAll(pdf, dpi, box, 0, ["ean13"]));
        expect({ paper, dpi, bars }).toEqual({ paper, dpi, bars: barcodes.map((code) => [code]) });
      }
    }
  });

  it("prints from its Print button", async () => {
    await renderSheet(LABELS.slice(0, 2));
    await page.evaluate(() => {
      const state = window as unknown as { printed: number };
      state.printed = 0;
      window.print = () => {
        state.printed++;
      };
    });
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });
});

describe("the invite code", () => {
  it("shows the join link's code and downloads it as PNG and SVG", async () => {
    const link = "https://stockroom.example/join/r7d1c9e0b#token=Zk3q9LmN0pQr";
    await page.evaluate((joinLink) => {
      const { render, h, components } = window.qrTest;
      render(document.getElementById("app")!, h(components.InviteQr, { link: joinLink, roomName: "Lamps & Co" }));
    }, link);
    const img = page.getByRole("img", { name: "Scan me!" });
    await img.waitFor();
    expect(
      await page.evaluate(
        async () =>
          (await window.qrTest.decodeUrl(document.querySelector<HTMLImageElement>(".invite-qr img")!.src)).text,
      ),
    ).toBe(link);
    expect(await page.locator(".invite-qr figcaption").textContent()).toContain("Scan to join Lamps & Co");

    for (const kind of ["PNG", "SVG"] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: `Download ${kind}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invite-lamps-co.${kind.toLowerCase()}`);
      const bytes = readFileSync(await download.path());
      const decoded = await page.evaluate(
        async ({ base64, type }) => {
          const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
          return type === "image/png"
            ? (await window.qrTest.decodeBlob(blob)).text
            : (await window.qrTest.decodeSvg(await blob.text())).text;
        },
        { base64: bytes.toString("base64"), type: kind === "PNG" ? "image/png" : "image/svg+xml" },
      );
      expect(decoded).toBe(link);
    }
  });
});

const A4_MARGIN_MM = 10;

/** PDF points (1/72 in) of A4 and Letter pages. */
const A4_POINTS = [595, 842];
const LETTER_POINTS = [612, 792];

/** Each page's MediaBox in a PDF Chromium wrote, rounded to whole points. */
function pdfPageSizes(pdf: Buffer): number[][] {
  const text = pdf.toString("latin1");
  return [...text.matchAll(/\/Type\s*\/Page\b[^s][\s\S]*?\/MediaBox\s*\[\s*([\d.\s-]+)\]/g)].map((m) => {
    const [x0, y0, x1, y1] = m[1]!.trim().split(/\s+/).map(Number);
    return [Math.round(x1! - x0!), Math.round(y1! - y0!)];
  });
}
