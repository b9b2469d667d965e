// The npm package `ddp` (DDPClient) ships no types; this is the part of its API the interop test uses.
declare module "ddp" {
  import { EventEmitter } from "node:events";

  interface DDPClientOptions {
    url: string;
    autoReconnect?: boolean;
    autoReconnectTimer?: number;
    maintainCollections?: boolean;
    ddpVersion?: string;
  }
  type Callback = (error: unknown, result?: unknown) => void;
  export default class DDPClient extends EventEmitter {
    constructor(options: DDPClientOptions);
    collections: Record<string, Record<string, Record<string, unknown>>>;
    connect(connected?: (error: unknown, wasReconnect: boolean) => void): void;
    close(): void;
    call(name: string, params: unknown[], callback?: Callback, updatedCallback?: () => void): void;
    callWithRandomSeed(
      name: string,
      params: unknown[],
      randomSeed: string,
      callback?: Callback,
      updatedCallback?: () => void,
    ): void;
    subscribe(name: string, params: unknown[], callback?: (error?: unknown) => void): string;
  }
}
