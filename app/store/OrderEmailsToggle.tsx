import { METHOD } from "../../protocol/api";
import { MemberEmailToggle } from "../people/MemberEmailToggle";
import "./order-emails.css";

/** The caller's own choice of an e-mail for each new store order (docs/product.md §6). */
export function OrderEmailsToggle({ userId }: { userId: string | null }) {
  return (
    <MemberEmailToggle
      userId={userId}
      field="orderEmails"
      save={(call, on) => call(METHOD.MEMBERS_SET_ORDER_EMAILS, on)}
      label="E-mail me each new order"
      hint={(me) => `Sent to ${me.email || "your e-mail address"} for orders placed after the store was connected.`}
    />
  );
}
