/** JsBarcode's encoders (its package types cover only the DOM renderer): each turns a value into bits. */
declare module "jsbarcode/bin/barcodes" {
  interface Encoder {
    valid(): boolean;
    encode(): { data: string; text: string };
  }
  const barcodes: Record<string, new (data: string, options: object) => Encoder>;
  export default barcodes;
}
