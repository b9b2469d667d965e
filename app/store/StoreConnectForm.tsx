import { type FormEvent, useId, useState } from "react";
import { METHOD } from "../../protocol/api";
import type { StoreConnectArgs } from "../../protocol/args";
import { ErrorText } from "../components/ErrorText";
import { useCall } from "../live-api";

type AuthChoice = "client_credentials" | "access_token";

/**
 * Connects the room to its Shopify store: the store's domain, then either
 * the client ID and secret of the merchant's own app or an Admin API access
 * token from an older custom app. The server tries them before saving, so a
 * mistake is reported here and nothing is kept. Secrets are cleared from the
 * form once sent successfully.
 */
export function StoreConnectForm({
  initialDomain,
  onConnected,
  onCancel,
}: {
  initialDomain: string;
  /** `webhookNote` says why the store's webhooks are not (all) set up; "" when they are. */
  onConnected: (shopName: string, webhookNote: string) => void;
  onCancel?: (() => void) | undefined;
}) {
  const call = useCall();
  const id = useId();
  const [domain, setDomain] = useState(initialDomain);
  const [auth, setAuth] = useState<AuthChoice>("client_credentials");
  const [clientId, setClientId] = useState("");
  const [clientSecret, setClientSecret] = useState("");
  const [accessToken, setAccessToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const args: StoreConnectArgs =
      auth === "client_credentials" ? { domain, clientId, clientSecret } : { domain, accessToken };
    setBusy(true);
    setError(null);
    try {
      const { shopName, webhooks } = await call(METHOD.STORE_CONNECT, args);
      setClientSecret("");
      setAccessToken("");
      onConnected(shopName, webhooks.note);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="store-form" onSubmit={submit} aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${id}-domain`}>Store domain</label>
        <input
          id={`${id}-domain`}
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          placeholder="your-shop.myshopify.com"
          autoComplete="off"
          spellCheck={false}
          required
        />
      </div>
      <fieldset className="store-auth">
        <legend>Sign in with</legend>
        <label>
          <input
            type="radio"
            name={`${id}-auth`}
            value="client_credentials"
            checked={auth === "client_credentials"}
            onChange={() => setAuth("client_credentials")}
          />
          Client ID + client secret
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-auth`}
            value="access_token"
            checked={auth === "access_token"}
            onChange={() => setAuth("access_token")}
          />
          Admin API access token
        </label>
      </fieldset>
      {auth === "client_credentials" ? (
        <>
          <p className="muted small">
            From the app you made for your own store in Shopify's Dev Dashboard (Settings), installed on this store.
          </p>
          <div className="field">
            <label htmlFor={`${id}-client-id`}>Client ID</label>
            <input
              id={`${id}-client-id`}
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-client-secret`}>Client secret</label>
            <input
              id={`${id}-client-secret`}
              type="password"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.target.value)}
              autoComplete="off"
              required
            />
          </div>
        </>
      ) : (
        <>
          <p className="muted small">From a custom app made in your store's admin before 2026 (starts with shpat_).</p>
          <div className="field">
            <label htmlFor={`${id}-token`}>Admin API access token</label>
            <input
              id={`${id}-token`}
              type="password"
              value={accessToken}
              onChange={(e) => setAccessToken(e.target.value)}
              autoComplete="off"
              required
            />
          </div>
        </>
      )}
      <p className="muted small">Secrets are stored encrypted and are never shown again.</p>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {busy ? "Connecting…" : "Connect"}
        </button>
        {onCancel && (
          <button type="button" className="link-button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
      <ErrorText error={error} />
    </form>
  );
}
