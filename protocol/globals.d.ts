/**
 * The few globals protocol/ may use: present in browsers, workerd and Node
 * alike. Declared here because protocol/ compiles with neither the DOM nor
 * the Worker type library, which keeps it runtime-free.
 */
declare global {
  function btoa(data: string): string;
  function atob(data: string): string;
}

export {};
