/**
 * Accounts on one live connection (SPEC B2): password login and sign-up,
 * resume with the stored token at start and after every reconnect, logout,
 * "log out other devices", change password, and the `logging in` /
 * `logging out` states. Login-type calls are `wait` methods, so nothing else
 * runs between them and the calls that depend on who is logged in.
 */
import { PUBLICATION } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import type { LiveConnection } from "../live";
import { digestPassword } from "./password-digest";
import { clearStoredLogin, readStoredLogin, watchStoredToken, writeStoredLogin } from "./stored-login";

export interface LoginState {
  userId: string | null;
  loggingIn: boolean;
  loggingOut: boolean;
}

interface LoginResult {
  id: string;
  token: string;
  tokenExpires: Date;
}

function isLoginResult(value: unknown): value is LoginResult {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && typeof v.token === "string" && v.tokenExpires instanceof Date;
}

export class AccountsClient {
  private state: LoginState;
  private token: string | null;
  private readonly listeners = new Set<(state: LoginState) => void>();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly connection: LiveConnection,
    private readonly storage: Storage = localStorage,
  ) {
    const stored = readStoredLogin(storage);
    this.token = stored?.token ?? null;
    this.state = { userId: stored?.userId ?? null, loggingIn: stored !== null, loggingOut: false };
    const userSub = connection.subscribe(PUBLICATION.USER);
    this.cleanups.push(() => userSub.stop());
    if (stored) void this.resume(stored.token);
    this.cleanups.push(connection.onReconnect(() => this.token && void this.resume(this.token)));
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

  async loginWithPassword(email: string, password: string): Promise<void> {
    const digest = await digestPassword(password);
    await this.logIn("login", { user: { email }, password: digest });
  }

  async createUser(email: string, password: string): Promise<void> {
    const digest = await digestPassword(password);
    await this.logIn("createUser", { email, password: digest });
  }

  /** Follows an e-mail verification link: confirms the address and signs in. */
  async verifyEmail(token: string): Promise<void> {
    await this.logIn("verifyEmail", token);
  }

  /** Sets a new password from a reset or enroll link, and signs in. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const digest = await digestPassword(newPassword);
    await this.logIn("resetPassword", token, digest);
  }

  /** Asks for a reset link. Answers the same whether or not the address has an account. */
  async forgotPassword(email: string): Promise<void> {
    if (!email) throw new LiveError(400, "Must pass options.email");
    await this.connection.call("forgotPassword", { email });
  }

  async sendVerificationEmail(): Promise<void> {
    await this.connection.call("accounts.sendVerificationEmail");
  }

  async logout(): Promise<void> {
    this.update({ loggingOut: true });
    try {
      await this.connection.apply("logout", [], { wait: true });
    } finally {
      this.forgetLogin();
    }
  }

  /** Keeps this device signed in and signs out every other one. */
  async logoutOtherClients(): Promise<void> {
    const result = await this.connection.apply("getNewToken", [], { wait: true });
    if (isLoginResult(result)) this.remember(result);
    await this.connection.apply("removeOtherTokens", [], { wait: true });
  }

  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    if (!this.state.userId) throw new LiveError(401, "Must be logged in to change password.");
    const [oldDigest, newDigest] = await Promise.all([digestPassword(oldPassword), digestPassword(newPassword)]);
    await this.connection.apply("changePassword", [oldDigest, newDigest], { wait: true });
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.listeners.clear();
  }

  private async logIn(method: string, ...params: unknown[]): Promise<void> {
    this.update({ loggingIn: true });
    try {
      const result = await this.connection.apply(method, params, { wait: true });
      if (!isLoginResult(result)) throw new LiveError(500, "Unexpected login result");
      this.remember(result);
    } finally {
      this.update({ loggingIn: false });
    }
  }

  private async resume(token: string): Promise<void> {
    this.token = token;
    this.update({ loggingIn: true });
    try {
      const result = await this.connection.apply("login", [{ resume: token }], { wait: true });
      if (isLoginResult(result)) this.remember(result);
    } catch (error) {
      // The server no longer accepts the token: sign out here too. Anything
      // else (a dropped connection) keeps it for the next attempt.
      if (error instanceof LiveError && error.error === 403) this.forgetLogin();
    } finally {
      this.update({ loggingIn: false });
    }
  }

  private remember(result: LoginResult): void {
    if (result.token !== this.token) void this.syncCookie(result.token);
    this.token = result.token;
    writeStoredLogin({ token: result.token, tokenExpires: result.tokenExpires, userId: result.id }, this.storage);
    this.update({ userId: result.id });
  }

  private forgetLogin(): void {
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
