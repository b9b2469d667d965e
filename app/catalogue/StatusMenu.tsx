/**
 * An item's status as a coloured badge; for people who may edit, the badge
 * opens a menu of statuses (arrow keys, Enter, Esc).
 */
import { ITEM_STATUSES, type ItemStatus } from "../../protocol/api";
import { Menu, MenuChoices } from "../ui/Menu";

const NAMES: Record<ItemStatus, string> = {
  draft: "Draft",
  ready: "Ready",
  listed: "Listed",
  sold: "Sold",
  archived: "Archived",
};

export function statusName(status: ItemStatus): string {
  return NAMES[status];
}

export function StatusBadge({ status }: { status: ItemStatus }) {
  return (
    <span className={`status-badge status-${status}`} data-testid="item-status" data-status={status}>
      {NAMES[status]}
    </span>
  );
}

export function StatusMenu({
  status,
  itemTitle,
  canEdit,
  onChange,
}: {
  status: ItemStatus;
  itemTitle: string;
  canEdit: boolean;
  onChange(status: ItemStatus): void;
}) {
  if (!canEdit) return <StatusBadge status={status} />;
  return (
    <Menu
      label={`Status of ${itemTitle}`}
      trigger={
        <button
          type="button"
          className={`status-badge status-${status} status-button`}
          aria-label={`Status of ${itemTitle}: ${NAMES[status]}`}
          data-testid="item-status"
          data-status={status}
        >
          {NAMES[status]}
          <span aria-hidden="true" className="status-caret">
            ▾
          </span>
        </button>
      }
    >
      <MenuChoices value={status} options={ITEM_STATUSES} onChoose={onChange} render={(value) => NAMES[value]} />
    </Menu>
  );
}
