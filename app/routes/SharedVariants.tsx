/**
 * A product's variants on its public share page (protocol/variants.ts): its
 * options ("Size: S, M, L") and each variant's price and whether any is
 * left — never how many, nor its codes (the share data sends no more:
 * worker/share/shared-item.ts). A product sold as one item shows what it
 * always did.
 */
import type { SharedItem } from "../../protocol/api";
import { formatPrice } from "../money";
import "./shared-variants.css";

type SharedVariant = SharedItem["variants"][number];

/** The price line: "from $12.00" when the variants' prices differ. */
export function sharedPriceText(priceCents: number, currency: string, variants: readonly SharedVariant[] = []): string {
  const lowest = variants.reduce((low, variant) => Math.min(low, variant.priceCents), priceCents);
  const differ = variants.some((variant) => variant.priceCents !== variants[0]?.priceCents);
  return differ ? `from ${formatPrice(lowest, currency)}` : formatPrice(priceCents, currency);
}

export function SharedVariants({
  options,
  variants,
  currency,
}: {
  /** Absent from an answer of a server from before variants. */
  options?: readonly string[] | undefined;
  variants?: readonly SharedVariant[] | undefined;
  currency: string;
}) {
  if (!options?.length || !variants?.length) return null;
  return (
    <section className="share-variants" aria-label="Options">
      <dl className="share-options">
        {options.map((name, index) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{[...new Set(variants.map((variant) => variant.values[index]).filter(Boolean))].join(", ")}</dd>
          </div>
        ))}
      </dl>
      <ul className="share-variant-list" data-testid="share-variants">
        {variants.map((variant) => {
          const name = variant.values.join(" / ");
          return (
            <li key={name} className={variant.soldOut ? "sold-out" : undefined}>
              <span>{name}</span>
              <span>{formatPrice(variant.priceCents, currency)}</span>
              <span className={variant.soldOut ? "share-sold-out" : "share-in-stock"}>
                {variant.soldOut ? "Sold out" : "In stock"}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
