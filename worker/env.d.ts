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
  }
}

export {};
