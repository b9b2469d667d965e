import { Badge } from "../ui/Badge";

/**
 * "Low": a count at or below its reorder point (docs/architecture.md §9), beside the count, in the
 * catalogue's rows and on an item's page alike.
 */
export function LowBadge({ title, testId }: { title?: string; testId?: string }) {
  return (
    <span className="low-badge" data-testid={testId} title={title}>
      <Badge tone="warn">Low</Badge>
    </span>
  );
}
