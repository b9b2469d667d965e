/**
 * What the room's stock is worth (docs/buying.md): at cost — each unit at
 * its average cost, else its cost — and at sale price, the margin between
 * them on the units whose cost is known, and both by location and by
 * supplier, with a bar each so the biggest share reads at a glance. Live
 * with every movement, receipt and cost change (the RoomDO counts it).
 */

import { Link, useLocation } from "wouter";
import { COLLECTION, type LocationDoc, type StockWorth, type SupplierDoc, type WorthFigures } from "../../protocol/api";
import { useSuppliers } from "../buying/use-suppliers";
import { type LiveDoc, useFind } from "../live";
import { formatPrice } from "../money";
import { Table } from "../ui/Table";
import { type Bar, BarChart } from "./BarChart";

const isLocation = (doc: LiveDoc): doc is LiveDoc & LocationDoc => typeof doc.position === "number";

/** The margin on what has a cost, as people say it: "38%" ("—" when nothing has one). */
export function marginText(figures: Pick<WorthFigures, "costCents" | "costedRetailCents">): string {
  if (figures.costedRetailCents <= 0) return "—";
  return `${Math.round(((figures.costedRetailCents - figures.costCents) / figures.costedRetailCents) * 100)}%`;
}

export function StockWorthCard({ worth }: { worth: readonly StockWorth[] | undefined }) {
  const locations = useFind(COLLECTION.LOCATIONS, isLocation);
  const { suppliers } = useSuppliers();
  // The dashboard's own address, so the report opens in this room.
  const [path] = useLocation();
  if (!worth || worth.length === 0) {
    return (
      <div className="card" data-testid="stock-worth">
        <h2>What stock is worth</h2>
        <p className="muted empty-state">No stock held yet: what it is worth at cost and at sale price shows here.</p>
      </div>
    );
  }
  return (
    <div className="card" data-testid="stock-worth">
      <h2>What stock is worth</h2>
      {worth.map((money) => (
        <Worth key={money.currency} money={money} locations={locations} suppliers={suppliers} />
      ))}
      <p>
        <Link href={`${path.replace(/\/dashboard$/, "")}/report`}>
          Stock report: movements by reason and slow movers →
        </Link>
      </p>
    </div>
  );
}

function Worth({
  money,
  locations,
  suppliers,
}: {
  money: StockWorth;
  locations: readonly LocationDoc[];
  suppliers: readonly SupplierDoc[];
}) {
  const price = (cents: number) => formatPrice(cents, money.currency);
  const locationName = (id: string) => locations.find((location) => location._id === id)?.name ?? "A location";
  const supplierName = (id: string) =>
    id === "" ? "No supplier" : (suppliers.find((supplier) => supplier._id === id)?.name ?? "A supplier");
  const bars = (rows: readonly (WorthFigures & { name: string; key: string })[]): Bar[] =>
    rows.map((row) => ({
      key: row.key,
      axisLabel: row.name,
      value: row.costCents / 100,
      description: `${row.name}: ${price(row.costCents)} at cost, ${price(row.retailCents)} at sale price, ${row.units.toLocaleString()} units`,
    }));
  const byLocation = money.byLocation.map((row) => ({
    ...row,
    key: row.locationId,
    name: locationName(row.locationId),
  }));
  const bySupplier = money.bySupplier.map((row) => ({
    ...row,
    key: row.supplierId || "none",
    name: supplierName(row.supplierId),
  }));
  return (
    <div className="stock-worth">
      <dl className="worth-figures">
        <div>
          <dt>At cost</dt>
          <dd data-testid="worth-cost">{price(money.costCents)}</dd>
        </div>
        <div>
          <dt>At sale price</dt>
          <dd data-testid="worth-retail">{price(money.retailCents)}</dd>
        </div>
        <div>
          <dt>Margin</dt>
          <dd data-testid="worth-margin">{marginText(money)}</dd>
        </div>
        <div>
          <dt>Units</dt>
          <dd>{money.units.toLocaleString()}</dd>
        </div>
      </dl>
      {money.uncostedUnits > 0 && (
        <p className="muted small" data-testid="worth-uncosted">
          {money.uncostedUnits.toLocaleString()} unit{money.uncostedUnits === 1 ? " has" : "s have"} no cost yet and
          {money.uncostedUnits === 1 ? " is" : " are"} not counted at cost: set a cost on the item, or receive it at
          one.
        </p>
      )}
      <div className="worth-groups">
        <WorthTable title="By location" rows={byLocation} price={price} />
        {byLocation.length > 1 && (
          <BarChart label="Stock at cost by location" bars={bars(byLocation)} formatValue={(v) => price(v * 100)} />
        )}
        <WorthTable title="By supplier" rows={bySupplier} price={price} />
        {bySupplier.length > 1 && (
          <BarChart label="Stock at cost by supplier" bars={bars(bySupplier)} formatValue={(v) => price(v * 100)} />
        )}
      </div>
    </div>
  );
}

function WorthTable({
  title,
  rows,
  price,
}: {
  title: string;
  rows: readonly (WorthFigures & { name: string; key: string })[];
  price(cents: number): string;
}) {
  return (
    <Table
      label={`Stock worth ${title.toLowerCase()}`}
      testId={`worth-${title.split(" ")[1]}`}
      columns={[
        { key: "name", header: title.replace("By ", "").replace(/^./, (c) => c.toUpperCase()) },
        { key: "units", header: "Units", numeric: true },
        { key: "cost", header: "At cost", numeric: true },
        { key: "retail", header: "At sale price", numeric: true },
        { key: "margin", header: "Margin", numeric: true },
      ]}
      rows={rows.map((row) => ({
        key: row.key,
        cells: {
          name: row.name,
          units: row.units.toLocaleString(),
          cost: price(row.costCents),
          retail: price(row.retailCents),
          margin: marginText(row),
        },
      }))}
    />
  );
}
