// meteor-standalone-ejson ships no types; this is the part of Meteor's EJSON the differential test uses.
declare module "meteor-standalone-ejson" {
  const EJSON: {
    stringify(value: unknown): string;
    parse(text: string): unknown;
    equals(a: unknown, b: unknown, options?: { keyOrderSensitive?: boolean }): boolean;
    clone<T>(value: T): T;
    newBinary(length: number): Uint8Array;
  };
  export default EJSON;
}
