// ddp.js ships no types; this is the part of its API the interop test uses.
declare module "ddp.js" {
  interface DDPOptions {
    endpoint: string;
    SocketConstructor: unknown;
    autoReconnect?: boolean;
  }
  export default class DDP {
    constructor(options: DDPOptions);
    sub(name: string, params?: unknown[]): string;
    method(name: string, params?: unknown[]): string;
    on(event: string, handler: (message: Record<string, unknown>) => void): void;
    disconnect(): void;
  }
}
