/** The order e-mail checkbox against a scripted server: it shows the member doc and calls the method. */
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { LiveProvider } from "../../app/live/react";
import { OrderEmailsToggle } from "../../app/store/OrderEmailsToggle";
import { LiveError, toWireError } from "../../protocol/errors";
import { reactHarness } from "./react-harness";

const ui = reactHarness();

const box = () => ui.container.querySelector<HTMLInputElement>('input[type="checkbox"]');

describe("OrderEmailsToggle", () => {
  it("reflects the caller's member doc, saves a change and shows a refusal", async () => {
    const socket = ui.live.handshake();
    act(() =>
      ui.root.render(
        <LiveProvider connection={ui.live.connection}>
          <OrderEmailsToggle userId="me" />
        </LiveProvider>,
      ),
    );
    expect(socket.sentOf("sub")).toMatchObject([{ name: "members" }]);
    expect(box()).toBeNull();
    act(() => {
      socket.receive({
        msg: "added",
        collection: "members",
        id: "other",
        fields: { role: "owner", orderEmails: true },
      });
      socket.receive({
        msg: "added",
        collection: "members",
        id: "me",
        fields: { role: "viewer", email: "me@example.com", joined: true, orderEmails: false },
      });
      vi.advanceTimersByTime(5);
    });
    expect(box()?.checked).toBe(false);
    expect(ui.container.querySelector("label")?.textContent).toBe("E-mail me each new order");
    expect(ui.container.textContent).toContain("Sent to me@example.com");

    act(() => box()?.click());
    const [first] = socket.sentOf("method");
    expect(first).toMatchObject({ method: "members.setOrderEmails", params: [true] });
    expect(box()?.checked).toBe(true);
    expect(box()?.getAttribute("aria-disabled")).toBe("true");
    // A second click while saving sends nothing.
    act(() => box()?.click());
    expect(socket.sentOf("method")).toHaveLength(1);

    await act(async () => {
      socket.receive({ msg: "result", id: first?.id ?? "", error: toWireError(new LiveError(403, "Access denied")) });
      socket.receive({ msg: "updated", methods: [first?.id ?? ""] });
    });
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toBe("Access denied");
    expect(box()?.checked).toBe(false);
    expect(box()?.getAttribute("aria-disabled")).toBe("false");

    act(() => box()?.click());
    const second = socket.sentOf("method")[1];
    await act(async () => {
      socket.receive({ msg: "changed", collection: "members", id: "me", fields: { orderEmails: true } });
      socket.receive({ msg: "result", id: second?.id ?? "", result: null });
      socket.receive({ msg: "updated", methods: [second?.id ?? ""] });
      vi.advanceTimersByTime(5);
    });
    expect(box()?.checked).toBe(true);
    expect(ui.container.querySelector('[role="alert"]')).toBeNull();
  });
});
