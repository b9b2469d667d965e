// simpleddp and its login plugin ship no types; this is the part of their API the interop test uses.
declare module "simpleddp" {
  interface SimpleDDPOptions {
    endpoint: string;
    SocketConstructor: unknown;
    reconnectInterval?: number;
  }
  interface Subscription {
    ready(): Promise<void>;
  }
  interface Collection {
    fetch(): Record<string, unknown>[];
  }
  export default class SimpleDDP {
    constructor(options: SimpleDDPOptions, plugins?: unknown[]);
    connected: boolean;
    userId?: string;
    connect(): Promise<void>;
    disconnect(): Promise<void>;
    call(method: string, ...params: unknown[]): Promise<unknown>;
    subscribe(name: string, ...params: unknown[]): Subscription;
    collection(name: string): Collection;
    login(credentials: unknown): Promise<{ id: string; token: string }>;
    logout(): Promise<void>;
    on(event: string, listener: (message: Record<string, unknown>) => void): { stop(): void };
  }
}
declare module "simpleddp-plugin-login" {
  export const simpleDDPLogin: unknown;
}
