/**
 * The catalogue's way in to _Import CSV_, for people who edit items
 * (CataloguePage.tsx shows it only to them; the server checks the role
 * again). The panel's code, with its CSV parser, is fetched when opened.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import "./import.css";

const ImportPanel = lazy(() => import("./ImportPanel"));

export function ImportCsv() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (open) {
    return (
      <Suspense fallback={<p className="muted catalogue-import">Opening the import…</p>}>
        <ImportPanel
          onClose={() => {
            setOpen(false);
            // Back to the button that opened it, once it is shown again.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      </Suspense>
    );
  }
  return (
    <section className="card catalogue-import import-entry" aria-label="Import products">
      <span className="muted">Have a spreadsheet of products, or a Shopify export?</span>
      <Button ref={opener} variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Import CSV
      </Button>
    </section>
  );
}
