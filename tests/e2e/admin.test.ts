/**
 * The data-migration admin page in Chromium: an admin (verified address in
 * ADMIN_EMAILS) sees the version and runs the pending migrations; anyone
 * else is told the page is for admins.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { linkFromOutbox, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser({ vars: { ADMIN_EMAILS: "ops@shop.example" } });

describe("the data-migration admin page", () => {
  it("shows an admin the version and history and runs pending migrations; refuses others", async () => {
    const admin = await (await e2e.browser.newContext()).newPage();
    await signUp(admin, e2e.server.url, "ops@shop.example");
    await admin.goto(`${e2e.server.url}/admin/migrations`);
    // Not verified yet: the address alone proves nothing.
    await admin.getByRole("alert").filter({ hasText: "Only the site's admins" }).waitFor();
    await admin.goto(await linkFromOutbox(admin, e2e.server.url, "ops@shop.example", "Confirm your e-mail address"));
    await admin.getByText("your e-mail address is confirmed").waitFor();

    await admin.goto(`${e2e.server.url}/admin/migrations`);
    await admin.getByRole("heading", { name: /^Version 0 of \d+/ }).waitFor();
    const table = admin.getByTestId("migration-table");
    expect(await table.textContent()).toContain("pending");
    await admin.getByRole("button", { name: "Run pending now" }).click();
    await admin.getByRole("status").filter({ hasText: "Done: 1" }).waitFor();
    const versions = async () => {
      const heading = await admin.getByRole("heading", { name: /^Version/ }).textContent();
      const [, current, latest] = /Version (\d+) of (\d+)/.exec(heading ?? "") ?? [];
      return current === latest;
    };
    await expect.poll(versions).toBe(true);
    expect(await table.textContent()).toContain("applied");
    expect(await admin.getByRole("region", { name: "History" }).textContent()).toContain("1 up: applied");

    const someone = await (await e2e.browser.newContext()).newPage();
    await signUp(someone, e2e.server.url, "someone@shop.example");
    await someone.goto(`${e2e.server.url}/admin/migrations`);
    await someone.getByRole("alert").filter({ hasText: "Only the site's admins" }).waitFor();
  });
});
