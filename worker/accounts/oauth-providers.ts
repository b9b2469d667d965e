/**
 * Google (with PKCE) and Facebook through `arctic`: which are configured,
 * where to send the browser, and who signed in once it comes back with a
 * code. Client ids and secrets are Worker secrets (`wrangler secret put`).
 */
import { decodeIdToken, Facebook, Google } from "arctic";
import { type LoginServiceDoc, OAUTH_SERVICES, type OAuthService } from "../../protocol/api";
import { hmacSha256 } from "../hmac";

/** Who a provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  /** Whether the provider vouches that the person owns the address. */
  emailVerified: boolean;
  name: string | null;
}

export interface OAuthProvider {
  service: OAuthService;
  clientId: string;
  /** Whether the flow needs a PKCE code verifier kept with the state. */
  usesPkce: boolean;
  authorizationUrl(state: string, codeVerifier: string): URL;
  identify(code: string, codeVerifier: string): Promise<ProviderIdentity>;
}

const FACEBOOK_GRAPH = "https://graph.facebook.com/v16.0";

function googleProvider(clientId: string, secret: string, redirectUri: string): OAuthProvider {
  const google = new Google(clientId, secret, redirectUri);
  return {
    service: "google",
    clientId,
    usesPkce: true,
    authorizationUrl: (state, codeVerifier) =>
      google.createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]),
    async identify(code, codeVerifier) {
      const tokens = await google.validateAuthorizationCode(code, codeVerifier);
      // The ID token came straight from Google's token endpoint over TLS, so
      // its claims can be read without checking the signature (OIDC §3.1.3.7).
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      if (typeof claims.sub !== "string" || !claims.sub) throw new Error("Google ID token has no subject");
      return {
        subject: claims.sub,
        email: typeof claims.email === "string" ? claims.email : null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === "string" ? claims.name : null,
      };
    },
  };
}

async function appSecretProof(accessToken: string, secret: string): Promise<string> {
  const mac = await hmacSha256(secret, accessToken);
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function facebookProvider(appId: string, secret: string, redirectUri: string): OAuthProvider {
  const facebook = new Facebook(appId, secret, redirectUri);
  return {
    service: "facebook",
    clientId: appId,
    usesPkce: false,
    authorizationUrl: (state) => facebook.createAuthorizationURL(state, ["email", "public_profile"]),
    async identify(code) {
      const tokens = await facebook.validateAuthorizationCode(code);
      const accessToken = tokens.accessToken();
      const url = new URL(`${FACEBOOK_GRAPH}/me`);
      url.searchParams.set("fields", "id,name,email");
      url.searchParams.set("access_token", accessToken);
      url.searchParams.set("appsecret_proof", await appSecretProof(accessToken, secret));
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Facebook profile request failed: ${response.status}`);
      const profile = (await response.json()) as Record<string, unknown>;
      if (typeof profile.id !== "string" || !profile.id) throw new Error("Facebook profile has no id");
      return {
        subject: profile.id,
        email: typeof profile.email === "string" ? profile.email : null,
        // The Graph API returns an address only once the person has
        // confirmed it with Facebook.
        emailVerified: typeof profile.email === "string",
        name: typeof profile.name === "string" ? profile.name : null,
      };
    },
  };
}

/** A service's client id and secret, when both are set. */
function credentialsOf(env: Env, service: OAuthService): { id: string; secret: string } | null {
  const [id, secret] =
    service === "google"
      ? [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET]
      : [env.FACEBOOK_APP_ID, env.FACEBOOK_APP_SECRET];
  return id && secret ? { id, secret } : null;
}

function isService(service: string): service is OAuthService {
  return (OAUTH_SERVICES as readonly string[]).includes(service);
}

/** The provider for a service, or null when it is unknown or its id and secret are not both set. */
export function oauthProvider(env: Env, service: string, redirectUri: string): OAuthProvider | null {
  const credentials = isService(service) ? credentialsOf(env, service) : null;
  if (!credentials) return null;
  const create = service === "google" ? googleProvider : facebookProvider;
  return create(credentials.id, credentials.secret, redirectUri);
}

/** What the login-services publication shows: service, client id and style, never a secret. */
export function configuredServices(env: Env): LoginServiceDoc[] {
  const loginStyle = env.OAUTH_LOGIN_STYLE === "redirect" ? "redirect" : "popup";
  return OAUTH_SERVICES.flatMap((service) => {
    const credentials = credentialsOf(env, service);
    return credentials ? [{ _id: service, service, clientId: credentials.id, loginStyle }] : [];
  });
}
