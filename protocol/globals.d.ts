/**
 * The few globals protocol/ may use: present in browsers, workerd and Node
 * alike. Declared here because protocol/ compiles with neither the DOM nor
 * the Worker type library, which keeps it runtime-free.
 */
declare global {
  function btoa(data: string): string;
  function atob(data: string): string;
  var TextEncoder: new () => { encode(input?: string): Uint8Array<ArrayBuffer> };
  var TextDecoder: new (
    label?: string,
    options?: { fatal?: boolean; ignoreBOM?: boolean },
  ) => { decode(input?: ArrayBufferView): string };
  var crypto: { getRandomValues(array: Uint8Array): Uint8Array };
}

export {};
