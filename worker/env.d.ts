/**
 * Settings that are not in wrangler.toml: secrets (`wrangler secret put`) and
 * local-only flags passed on the command line by our scripts.
 */
declare global {
  interface Env {
    /** MailChannels Email API key; without it e-mail goes to the dev outbox (locally) or fails. */
    MAILCHANNELS_API_KEY?: string;
    /** Sender address for e-mail, e.g. `no-reply@shop.example`. */
    MAIL_FROM?: string;
    /** Public address of the app for links in e-mails, e.g. `https://stockroom.example`. */
    APP_URL?: string;
    /** "1" only when running locally: enables the development outbox. */
    STOCKROOM_DEV_OUTBOX?: string;
    /** Google sign-in (OAuth client of type "Web application"). */
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    /** Facebook Login (app id and app secret). */
    FACEBOOK_APP_ID?: string;
    FACEBOOK_APP_SECRET?: string;
    /** "redirect" to sign in with Google/Facebook in the same tab instead of a popup. */
    OAUTH_LOGIN_STYLE?: string;
    /** Key for signed, expiring file links (any long random string). */
    FILE_LINK_SECRET?: string;
    /**
     * Key for encrypting store credentials at rest (any long random string; AES-GCM key derived by HKDF).
     * Changing it makes saved store connections unreadable: owners then connect again.
     */
    STORE_SECRET_KEY?: string;
    /**
     * Local development and tests only (honoured only with STOCKROOM_DEV_OUTBOX=1): a stand-in
     * Shopify store's address; calls to `https://{shop}/…` go to `{origin}/{shop}/…` instead.
     */
    SHOPIFY_API_ORIGIN?: string;
    /** Comma-separated e-mail addresses of the site's admins (they must be verified) for /admin pages. */
    ADMIN_EMAILS?: string;
  }
}

export {};
