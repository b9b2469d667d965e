import { useMemo, useState } from "react";
import { COLLECTION, ITEM_STATUSES, type ItemDoc, type ItemStatus, PUBLICATION } from "../../protocol/api";
import { type LiveDoc, useFind, useSubscribe } from "../live";
import { ItemRow } from "./ItemRow";

const isItem = (doc: LiveDoc): doc is LiveDoc & ItemDoc => typeof doc.title === "string";
const newestFirst = (a: ItemDoc, b: ItemDoc) => b.createdAt.getTime() - a.createdAt.getTime();

/** The room's live catalogue, filterable by status and searchable. */
export function ItemList({ canEdit }: { canEdit: boolean }) {
  const loading = useSubscribe(PUBLICATION.ITEMS);
  const items = useFind(COLLECTION.ITEMS, isItem, newestFirst);
  const [status, setStatus] = useState<ItemStatus | "all">("all");
  const [query, setQuery] = useState("");

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return items.filter(
      (item) =>
        (status === "all" || item.status === status) &&
        (needle === "" || `${item.title} ${item.sku} ${item.location}`.toLowerCase().includes(needle)),
    );
  }, [items, status, query]);

  return (
    <section className="card" aria-labelledby="items-heading">
      <div className="list-toolbar">
        <h2 id="items-heading">
          Items <span className="muted">({items.length})</span>
        </h2>
        <input
          type="search"
          aria-label="Search items"
          placeholder="Search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setStatus(e.target.value as ItemStatus | "all")}
        >
          <option value="all">All statuses</option>
          {ITEM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {loading && items.length === 0 ? (
        <p className="muted">Loading items…</p>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <h3>No items yet</h3>
          <p>
            {canEdit
              ? "Add your first item above. Everyone in this room sees it at once."
              : "Items added by the team appear here."}
          </p>
        </div>
      ) : shown.length === 0 ? (
        <p className="muted">No items match.</p>
      ) : (
        <table className="items" data-testid="item-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">SKU</th>
              <th scope="col">Price</th>
              <th scope="col">Qty</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => (
              <ItemRow key={item._id} item={item} canEdit={canEdit} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
