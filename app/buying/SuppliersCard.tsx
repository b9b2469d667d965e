/**
 * Suppliers (docs/buying.md), in Settings: who the room buys from — a name,
 * who to speak to, where orders go, how many days a delivery takes, notes.
 * Members who edit items add, change and archive them; everyone sees the
 * list, live. A name the room has already (in any case) is refused in words.
 */
import { type FormEvent, useState } from "react";
import { METHOD, type SupplierDoc } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { SUPPLIER_LIMITS } from "../../protocol/supplier-args";
import { useCall } from "../live-api";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useRun } from "../ui/use-run";
import { useSuppliers } from "./use-suppliers";
import "./buying.css";

/** What the form holds: the fields as typed (the lead time as text until it is sent). */
interface Draft {
  name: string;
  contact: string;
  email: string;
  leadTime: string;
  notes: string;
}

const EMPTY: Draft = { name: "", contact: "", email: "", leadTime: "", notes: "" };

const draftOf = (supplier: SupplierDoc): Draft => ({
  name: supplier.name,
  contact: supplier.contact,
  email: supplier.email,
  leadTime: supplier.leadTimeDays === null ? "" : String(supplier.leadTimeDays),
  notes: supplier.notes,
});

export const LEAD_TIME_NOT_DAYS = "A lead time must be whole days";

/** The draft as the server takes it; throws, in words, for a lead time that is not whole days. */
function fieldsOf(draft: Draft) {
  const days = draft.leadTime.trim();
  if (days !== "" && !/^\d+$/.test(days)) throw new LiveError(400, LEAD_TIME_NOT_DAYS);
  return {
    name: draft.name,
    contact: draft.contact,
    email: draft.email.trim(),
    leadTimeDays: days === "" ? null : Number(days),
    notes: draft.notes,
  };
}

export function SuppliersCard({ canManage }: { canManage: boolean }) {
  const { suppliers, loading } = useSuppliers();
  const call = useCall();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);

  const { error, run } = useRun();
  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    if (await run(() => call(METHOD.SUPPLIERS_ADD, fieldsOf(draft)))) setDraft(EMPTY);
    setBusy(false);
  }

  return (
    <section className="card" aria-labelledby="suppliers-heading">
      <h2 id="suppliers-heading">Suppliers</h2>
      <p className="muted">Who you buy stock from, where their orders go and how long a delivery takes.</p>
      {loading && suppliers.length === 0 ? (
        <p className="muted">Loading suppliers…</p>
      ) : suppliers.length === 0 ? (
        <p className="muted" data-testid="no-suppliers">
          No suppliers yet.{canManage ? " Add the first below." : ""}
        </p>
      ) : (
        <ul className="suppliers-list" data-testid="suppliers">
          {suppliers.map((supplier) => (
            <SupplierRow key={supplier._id} supplier={supplier} canManage={canManage} run={run} />
          ))}
        </ul>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {canManage && (
        <form className="settings-form supplier-form" onSubmit={add} aria-label="Add a supplier">
          <SupplierFields draft={draft} onChange={setDraft} />
          <div className="settings-actions">
            <Button type="submit" disabled={busy || draft.name.trim() === ""}>
              Add supplier
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function SupplierFields({
  draft,
  onChange,
  focusName = false,
}: {
  draft: Draft;
  onChange(draft: Draft): void;
  /** The person just asked to edit this one: the name takes the focus. */
  focusName?: boolean;
}) {
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    onChange({ ...draft, [field]: event.target.value });
  return (
    <>
      <Field label="Supplier name">
        {(props) => (
          <input
            {...props}
            value={draft.name}
            maxLength={SUPPLIER_LIMITS.NAME}
            required
            // biome-ignore lint/a11y/noAutofocus: only when the person just asked to edit this supplier.
            autoFocus={focusName}
            onChange={set("name")}
          />
        )}
      </Field>
      <Field label="Contact">
        {(props) => (
          <input {...props} value={draft.contact} maxLength={SUPPLIER_LIMITS.CONTACT} onChange={set("contact")} />
        )}
      </Field>
      <Field label="Orders e-mail">
        {(props) => <input {...props} type="email" value={draft.email} onChange={set("email")} />}
      </Field>
      <Field label="Lead time (days)" hint="From ordering to delivery">
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            value={draft.leadTime}
            onChange={set("leadTime")}
            className="supplier-lead-time"
          />
        )}
      </Field>
      <Field label="Notes">
        {(props) => (
          <textarea {...props} value={draft.notes} maxLength={SUPPLIER_LIMITS.NOTES} rows={2} onChange={set("notes")} />
        )}
      </Field>
    </>
  );
}

function SupplierRow({
  supplier,
  canManage,
  run,
}: {
  supplier: SupplierDoc;
  canManage: boolean;
  run(action: () => Promise<unknown>): Promise<boolean>;
}) {
  const call = useCall();
  const [draft, setDraft] = useState<Draft | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft && (await run(() => call(METHOD.SUPPLIERS_UPDATE, supplier._id, fieldsOf(draft))))) setDraft(null);
  }

  if (draft) {
    return (
      <li>
        <form
          className="settings-form supplier-form"
          onSubmit={save}
          aria-label={`Edit ${supplier.name}`}
          onKeyDown={(event) => event.key === "Escape" && setDraft(null)}
        >
          <SupplierFields draft={draft} onChange={setDraft} focusName />
          <div className="settings-actions">
            <Button type="submit" size="sm" disabled={draft.name.trim() === ""}>
              Save
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className={supplier.archived ? "archived" : undefined}>
      <div className="supplier-summary">
        <strong>{supplier.name}</strong>
        {supplier.archived && <span className="muted small"> (archived)</span>}
        <span className="muted small">
          {[
            supplier.contact,
            supplier.leadTimeDays === null
              ? ""
              : `${supplier.leadTimeDays} day${supplier.leadTimeDays === 1 ? "" : "s"} to deliver`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
        {supplier.email && (
          <a className="small" href={`mailto:${supplier.email}`}>
            {supplier.email}
          </a>
        )}
        {supplier.notes && <span className="muted small supplier-notes">{supplier.notes}</span>}
      </div>
      {canManage && (
        <span className="row-actions">
          <Button variant="ghost" size="sm" onClick={() => setDraft(draftOf(supplier))}>
            Edit {supplier.name}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void run(() => call(METHOD.SUPPLIERS_ARCHIVE, supplier._id, !supplier.archived))}
          >
            {supplier.archived ? `Bring back ${supplier.name}` : `Archive ${supplier.name}`}
          </Button>
        </span>
      )}
    </li>
  );
}
