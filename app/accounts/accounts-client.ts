/**
 * Accounts on one live connection (docs/protocol.md §2): password login and sign-up,
 * resume with the stored token at start and after every reconnect, logout,
 * "log out other devices", change password, and the `logging in` /
 * `logging out` states. Login-type calls are `wait` methods, so nothing else
 * runs between them and the calls that depend on who is logged in.
 */

import { ACCOUNT_METHOD, isLoginResult, type LoginMethod, type LoginResult } from "../../protocol/account-args";
import {
  COLLECTION,
  type LoginServiceDoc,
  type OAuthHandoff,
  type OAuthService,
  PUBLICATION,
} from "../../protocol/api";
import type { AccountLinkInfo } from "../../protocol/docs";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import type { LiveConnection, SubscriptionHandle } from "../live";
import { type Apply, applyOn, type Call, callOn, type MethodParams } from "../live-api";
import {
  type HandoffWait,
  newCredentialToken,
  oauthStartUrl,
  openPopup,
  takeRedirectHandoff,
  waitForHandoff,
} from "./oauth-handoff";
import { digestPassword } from "./password-digest";
import { clearStoredLogin, readStoredLogin, watchStoredToken, writeStoredLogin } from "./stored-login";

export interface LoginState {
  userId: string | null;
  loggingIn: boolean;
  loggingOut: boolean;
  /** Why a login that finished on its own (an OAuth redirect or late popup) failed. */
  loginError: string | null;
}

export interface OAuthLoginOptions {
  /** Defaults to the service's configured style (popup unless set otherwise). */
  style?: "popup" | "redirect";
  /** Redirect style: where to come back to (a path on this site). */
  returnTo?: string;
}

const SIGNED_OUT_KEY = "stockroom.signedOutReason";
/**
 * The device key the server issued when someone signed in on this browser
 * (worker/accounts/known-devices.ts). It stays through sign-outs: it is
 * what lets this browser in past a lock that others' wrong guesses put on
 * the account.
 */
const DEVICE_KEY = "stockroom.deviceKey";
/** The server's reason when a login token has run out (worker/accounts/login-tokens.ts). */
const SESSION_ENDED = "Your session has expired. Please log in again.";

export class AccountsClient {
  private state: LoginState;
  private token: string | null;
  private readonly listeners = new Set<(state: LoginState) => void>();
  private readonly signOutListeners = new Set<(userId: string) => void>();
  private readonly cleanups: (() => void)[] = [];
  private readonly servicesSub: SubscriptionHandle;
  private oauthWait: HandoffWait | null = null;

  /** The account methods, typed (app/live-api.ts). */
  private readonly call: Call;
  private readonly apply: Apply;

  constructor(
    private readonly connection: LiveConnection,
    private readonly storage: Storage = localStorage,
    private readonly sessionStore: Storage = sessionStorage,
  ) {
    this.call = callOn(connection);
    this.apply = applyOn(connection);
    const stored = readStoredLogin(storage);
    this.token = stored?.token ?? null;
    this.state = { userId: stored?.userId ?? null, loggingIn: stored !== null, loggingOut: false, loginError: null };
    const userSub = connection.subscribe(PUBLICATION.USER);
    const servicesSub = connection.subscribe(PUBLICATION.LOGIN_SERVICES);
    this.servicesSub = servicesSub;
    this.cleanups.push(
      () => userSub.stop(),
      () => servicesSub.stop(),
    );
    this.cleanups.push(() => this.oauthWait?.cancel());
    const redirected = takeRedirectHandoff(sessionStore);
    if (redirected) void this.finishOAuth(redirected);
    else if (stored) void this.resume(stored.token);
    // On a reconnect, the freshest token this browser holds: another tab may have moved it on meanwhile
    // ("Log out other devices" closes this connection), and resuming with the old one would be refused,
    // letting calls waiting behind the resume go before the one that follows it.
    this.cleanups.push(
      connection.onReconnect(() => this.token && void this.resume(readStoredLogin(this.storage)?.token ?? this.token)),
    );
    this.cleanups.push(
      watchStoredToken(
        () => this.token,
        (token) => void (token ? this.resume(token) : this.forgetLogin()),
        storage,
      ),
    );
  }

  loginState(): LoginState {
    return this.state;
  }

  onChange(listener: (state: LoginState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called with the person's id whenever this browser signs them out (here,
   * in another tab, or refused by the server): what the app kept for them
   * goes with them (forget-user.ts).
   */
  onSignOut(listener: (userId: string) => void): () => void {
    this.signOutListeners.add(listener);
    return () => this.signOutListeners.delete(listener);
  }

  async loginWithPassword(email: string, password: string): Promise<void> {
    const digest = await digestPassword(password);
    const deviceKey = this.storage.getItem(DEVICE_KEY);
    await this.logIn(ACCOUNT_METHOD.LOGIN, { user: { email }, password: digest, ...(deviceKey ? { deviceKey } : {}) });
  }

  /** "E-mail me a sign-in link". Answers the same whether or not the address has an account. */
  async sendLoginLink(email: string): Promise<void> {
    if (!email) throw new LiveError(400, "Must pass options.email");
    await this.call(ACCOUNT_METHOD.SEND_LOGIN_LINK, { email });
  }

  /** Follows an e-mailed sign-in link. */
  async loginWithLink(token: string): Promise<void> {
    await this.logIn(ACCOUNT_METHOD.LOGIN, { loginLink: token });
  }

  /** The configured OAuth services, or null until the server has said which. */
  loginServices(): LoginServiceDoc[] | null {
    if (!this.servicesSub.isReady) return null;
    return this.connection.store.find(COLLECTION.LOGIN_SERVICES) as unknown as LoginServiceDoc[];
  }

  /** Resolves once the server has said which OAuth services exist. */
  loginServicesReady(): Promise<void> {
    return this.servicesSub.ready();
  }

  /**
   * Signs in with Google or Facebook. Popup style resolves `true` once
   * logged in, or `false` if the popup was closed first (if it was only cut
   * off from us and the sign-in still finishes, the login happens then and
   * shows in the login state). Redirect style leaves the page.
   */
  async loginWithOAuth(service: OAuthService, options: OAuthLoginOptions = {}): Promise<boolean> {
    const services = this.loginServices();
    if (!services) throw new LiveError("service-configuration-not-loaded", ERROR_TEXT.LOGIN_SERVICES_NOT_LOADED);
    const config = services.find((doc) => doc.service === service);
    if (!config) throw new LiveError(403, ERROR_TEXT.SERVICE_NOT_CONFIGURED);
    const style = options.style ?? config.loginStyle;
    const credentialToken = newCredentialToken();
    const url = oauthStartUrl(service, credentialToken, style, options.returnTo ?? "/");
    this.oauthWait?.cancel();
    this.update({ loginError: null });
    if (style === "redirect") {
      window.location.assign(url);
      return new Promise<boolean>(() => {});
    }
    const popup = openPopup(url);
    if (!popup) throw new LiveError("popup-blocked", ERROR_TEXT.POPUP_BLOCKED);
    return new Promise<boolean>((resolve, reject) => {
      // Once the caller has heard "closed", a late result goes to the login state.
      let callerWaiting = true;
      const wait = waitForHandoff(
        credentialToken,
        popup,
        () => {
          callerWaiting = false;
          resolve(false);
        },
        this.storage,
      );
      this.oauthWait = wait;
      void wait.result.then(async (handoff) => {
        if (this.oauthWait === wait) this.oauthWait = null;
        if (!handoff) return resolve(false);
        try {
          await this.finishOAuth(handoff, callerWaiting);
          resolve(true);
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  /** Logs in with a hand-off; errors go to the caller, or to the login state when nobody waits. */
  private async finishOAuth(handoff: OAuthHandoff, callerWaiting = false): Promise<void> {
    try {
      if ("error" in handoff) throw new LiveError(403, handoff.error);
      await this.logIn(ACCOUNT_METHOD.LOGIN, { oauth: handoff });
    } catch (error) {
      if (callerWaiting) throw error;
      const reason = error instanceof LiveError ? (error.reason ?? String(error.error)) : "Sign-in failed.";
      this.update({ loginError: reason });
    }
  }

  async createUser(email: string, password: string): Promise<void> {
    const digest = await digestPassword(password);
    await this.logIn(ACCOUNT_METHOD.CREATE_USER, { email, password: digest });
  }

  /** Follows an e-mail verification link: confirms the address and signs in. */
  async verifyEmail(token: string): Promise<void> {
    await this.logIn(ACCOUNT_METHOD.VERIFY_EMAIL, token);
  }

  /** Sets a new password from a reset or enroll link, and signs in. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const digest = await digestPassword(newPassword);
    await this.logIn(ACCOUNT_METHOD.RESET_PASSWORD, token, digest);
  }

  /** What an e-mailed link is for (its room and who invited, for an invitation), before using it. */
  async linkInfo(token: string): Promise<AccountLinkInfo> {
    return this.call(ACCOUNT_METHOD.LINK_INFO, token);
  }

  /** Asks for a reset link. Answers the same whether or not the address has an account. */
  async forgotPassword(email: string): Promise<void> {
    if (!email) throw new LiveError(400, "Must pass options.email");
    await this.call(ACCOUNT_METHOD.FORGOT_PASSWORD, { email });
  }

  /** The name others in the person's rooms see ("" to show the e-mail address again). */
  async setName(name: string): Promise<void> {
    await this.call(ACCOUNT_METHOD.SET_NAME, name);
  }

  async sendVerificationEmail(): Promise<void> {
    await this.call(ACCOUNT_METHOD.SEND_VERIFICATION_EMAIL);
  }

  async logout(): Promise<void> {
    this.update({ loggingOut: true });
    // Other tabs follow at once (and quietly): were the stored token left until the server answered,
    // a tab whose connection the server closed first would resume with it, be refused, and say the
    // password was changed.
    clearStoredLogin(this.storage);
    try {
      await this.apply(ACCOUNT_METHOD.LOGOUT, [], { wait: true });
    } finally {
      this.forgetLogin();
    }
  }

  /** Keeps this device signed in and signs out every other one. */
  async logoutOtherClients(): Promise<void> {
    const result = await this.apply(ACCOUNT_METHOD.GET_NEW_TOKEN, [], { wait: true });
    if (isLoginResult(result)) this.remember(result);
    await this.apply(ACCOUNT_METHOD.REMOVE_OTHER_TOKENS, [], { wait: true });
    // Every device of the account was forgotten: this one is known again.
    await this.rememberDevice();
  }

  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    if (!this.state.userId) throw new LiveError(401, "Must be logged in to change password.");
    const [oldDigest, newDigest] = await Promise.all([digestPassword(oldPassword), digestPassword(newPassword)]);
    await this.apply(ACCOUNT_METHOD.CHANGE_PASSWORD, [oldDigest, newDigest], { wait: true });
    // Every device of the account was forgotten: this one is known again.
    await this.rememberDevice();
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.listeners.clear();
    this.signOutListeners.clear();
  }

  private async logIn<N extends LoginMethod>(method: N, ...params: MethodParams<N>): Promise<void> {
    this.update({ loggingIn: true });
    try {
      const result: unknown = await this.apply(method, params, { wait: true });
      if (!isLoginResult(result)) throw new LiveError(500, "Unexpected login result");
      // The token is kept at once (a reconnect meanwhile resumes with it; other tabs follow). The page moves
      // on as soon as the login state says so (and a new page holds a new connection, which would drop the
      // call), so the device is remembered before that.
      this.keepToken(result);
      await this.rememberDevice();
      this.update({ userId: result.id, loginError: null });
    } finally {
      this.update({ loggingIn: false });
    }
  }

  /** After a sign-in: this browser is now known for the account (best effort; the sign-in stands either way). */
  private async rememberDevice(): Promise<void> {
    try {
      const key = await this.call(ACCOUNT_METHOD.REMEMBER_DEVICE, this.storage.getItem(DEVICE_KEY));
      if (typeof key === "string") this.storage.setItem(DEVICE_KEY, key);
    } catch {
      // Offline or refused: the next sign-in asks again.
    }
  }

  private async resume(token: string): Promise<void> {
    this.token = token;
    this.update({ loggingIn: true });
    try {
      const result = await this.apply(ACCOUNT_METHOD.LOGIN, [{ resume: token }], { wait: true });
      if (isLoginResult(result)) this.remember(result);
    } catch (error) {
      // Anything but a refusal (a dropped connection) keeps the token for the next attempt.
      if (!(error instanceof LiveError && error.error === 403)) return;
      const stored = readStoredLogin(this.storage);
      if (stored && stored.token !== token) {
        // Another tab of this browser moved on to a new token ("Log out other devices", a new
        // sign-in): this tab follows it, rather than signing every tab out.
        await this.resume(stored.token);
        return;
      }
      this.forgetLogin();
      // Only when this very token was refused is there something to explain; if another tab
      // signed out, this one simply follows it.
      if (stored) this.noteSignedOut(error.reason);
    } finally {
      this.update({ loggingIn: false });
    }
  }

  private remember(result: LoginResult): void {
    this.keepToken(result);
    this.update({ userId: result.id, loginError: null });
  }

  private keepToken(result: LoginResult): void {
    this.sessionStore.removeItem(SIGNED_OUT_KEY);
    if (result.token !== this.token) void this.syncCookie(result.token);
    this.token = result.token;
    writeStoredLogin({ token: result.token, tokenExpires: result.tokenExpires, userId: result.id }, this.storage);
  }

  /**
   * Why this device was signed out without asking (kept for the tab, so the
   * page it lands on can say so): the password was changed or "log out
   * other devices" was used elsewhere, or the session ran out.
   */
  signedOutReason(): string | null {
    return this.sessionStore.getItem(SIGNED_OUT_KEY);
  }

  dismissSignedOutReason(): void {
    this.sessionStore.removeItem(SIGNED_OUT_KEY);
    this.update({});
  }

  private noteSignedOut(serverReason: string | undefined): void {
    const reason =
      serverReason === SESSION_ENDED
        ? "Your session on this device ended after 90 days. Sign in again to carry on."
        : "You were signed out on this device because the password was changed or “Log out other devices” was used. Sign in again to carry on.";
    this.sessionStore.setItem(SIGNED_OUT_KEY, reason);
    this.update({});
  }

  private forgetLogin(): void {
    const userId = this.state.userId;
    if (userId) for (const listener of [...this.signOutListeners]) listener(userId);
    if (this.token) void this.syncCookie(null);
    this.token = null;
    clearStoredLogin(this.storage);
    this.update({ userId: null, loggingOut: false, loggingIn: false });
  }

  /**
   * Keeps the login cookie (for plain GETs of private files) in step with
   * the token. Best effort: the live connection does not depend on it.
   */
  private async syncCookie(token: string | null): Promise<void> {
    try {
      await fetch("/api/auth/cookie", token ? { headers: { Authorization: `Bearer ${token}` } } : { method: "DELETE" });
    } catch {
      // Offline: the next login sets it again.
    }
  }

  private update(patch: Partial<LoginState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener(this.state);
  }
}
