/**
 * What connecting a Shopify store gives, and how to do it step by step:
 * which app to make, the exact access scopes, where the client ID and secret
 * are. Shown to owners and admins of a room with no store yet.
 */
import { STORE_ACCESS_SCOPES } from "../../protocol/api";
import { CopyButton } from "../ui/CopyButton";

const DEV_DASHBOARD = "https://dev.shopify.com/dashboard";
const SCOPES_HELP = "https://shopify.dev/docs/api/usage/access-scopes";
const DOMAINS_HELP = "https://help.shopify.com/manual/domains";

export function StoreSetupGuide() {
  return (
    <div className="store-guide">
      <p>Connecting your Shopify store lets this room:</p>
      <ul className="store-gains">
        <li>publish items as products, with their price, photos and stock, and keep them up to date;</li>
        <li>bring in your products, orders and customers, so the dashboard shows real sales;</li>
        <li>e-mail you each new order, if you want;</li>
        <li>print labels of published items that open their page in your store.</li>
      </ul>
      <details className="store-steps" open>
        <summary>How to connect (about 5 minutes)</summary>
        <ol>
          <li>
            Open Shopify's{" "}
            <a href={DEV_DASHBOARD} target="_blank" rel="noreferrer">
              Dev Dashboard
            </a>{" "}
            with the account that owns the store, and create an app (for example “Stockroom”).
          </li>
          <li>
            In the app's version settings, give it these Admin API{" "}
            <a href={SCOPES_HELP} target="_blank" rel="noreferrer">
              access scopes
            </a>
            , then release the version:
            <div className="store-scopes">
              <code data-testid="store-scopes">{STORE_ACCESS_SCOPES.join(",")}</code>
              <CopyButton text={STORE_ACCESS_SCOPES.join(",")} label="Copy scopes" />
            </div>
          </li>
          <li>Install the app on your store (the app's Home page, “Install app”).</li>
          <li>
            In the app's Settings, copy its <strong>Client ID</strong> and <strong>Client secret</strong> into the form
            below, with your store's domain: the one ending in <code>.myshopify.com</code> (your admin shows it under{" "}
            <a href={DOMAINS_HELP} target="_blank" rel="noreferrer">
              Settings › Domains
            </a>
            ).
          </li>
        </ol>
        <p className="muted small">
          Have an older custom app made in the store's admin? Choose “Admin API access token” and paste its token
          (starts with shpat_) instead.
        </p>
      </details>
    </div>
  );
}
