/** Where a purchase order stands, as a coloured badge, and its page's address (docs/buying.md). */
import { PURCHASE_ORDER_STATUS_NAMES, type PurchaseOrderStatus } from "../../protocol/api";
import { Badge, type BadgeTone } from "../ui/Badge";

export const STATUS_TONES: Record<PurchaseOrderStatus, BadgeTone> = {
  draft: "neutral",
  ordered: "info",
  partly_received: "warn",
  received: "ok",
  closed: "neutral",
  cancelled: "danger",
};

export function OrderStatus({ status }: { status: PurchaseOrderStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{PURCHASE_ORDER_STATUS_NAMES[status]}</Badge>;
}

export const orderPath = (roomId: string, orderId: string) => `/rooms/${roomId}/orders/${orderId}`;
