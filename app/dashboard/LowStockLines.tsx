/**
 * One low item of the dashboard's card (LowStockCard.tsx). The dashboard's
 * figures name the product; a product with options is low when any variant
 * is (protocol/stock.ts `isLowStock`), so its item document — which the
 * room holds, or, in a big room, comes on its own — names the low variants,
 * each on its line: "Tee — S, reorder at 3, 1 left".
 */
import { useCallback } from "react";
import { Link } from "wouter";
import {
  COLLECTION,
  type DashboardDoc,
  hasVariants,
  type ItemDoc,
  isLowVariant,
  PUBLICATION,
  variantName,
} from "../../protocol/api";
import { useRoomSize } from "../catalogue/room-size";
import { type LiveDoc, useFind } from "../live";
import { useSubscribeIf } from "../live-api";

type LowLine = NonNullable<DashboardDoc["lowStock"]>["items"][number];

function Line({
  href,
  title,
  reorderPoint,
  quantity,
}: {
  href: string;
  title: string;
  reorderPoint: number;
  quantity: number;
}) {
  return (
    <li>
      <Link href={href}>{title}</Link>
      <span className="muted">reorder at {reorderPoint.toLocaleString()}</span>
      <strong>{quantity.toLocaleString()} left</strong>
    </li>
  );
}

export function LowStockLines({ line, room }: { line: LowLine; room: string }) {
  const isThisItem = useCallback(
    (doc: LiveDoc): doc is LiveDoc & ItemDoc => doc._id === line.itemId && typeof doc.title === "string",
    [line.itemId],
  );
  // A big room's store holds only windows: the item comes on its own.
  useSubscribeIf(useRoomSize() === "big", PUBLICATION.ITEM, line.itemId);
  const [item] = useFind(COLLECTION.ITEMS, isThisItem);
  const href = `${room}/items/${line.itemId}`;
  if (!item || !hasVariants(item)) return <Line href={href} {...line} />;
  const low = (item.variants ?? []).filter(isLowVariant);
  // The figures and the document may be a moment apart: the product's line until they agree.
  if (low.length === 0) return <Line href={href} {...line} />;
  return (
    <>
      {low.map((variant) => (
        <Line
          key={variant._id}
          href={href}
          title={`${item.title} — ${variantName(variant)}`}
          reorderPoint={variant.reorderPoint ?? 0}
          quantity={variant.quantity}
        />
      ))}
    </>
  );
}
