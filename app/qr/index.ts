/**
 * The QR module's lazy entry. Import it only through `import()` /
 * `React.lazy`: it pulls in qrcode-generator, which the first page load
 * should not download. Each component is also its file's default export.
 *
 * @example
 * const LabelSheet = lazy(() => import("./LabelSheet"));
 * const InviteQr = lazy(() => import("./InviteQr"));
 */

export { type DrawEnv, drawQr } from "./draw";
export { encodeQr } from "./encode";
export { renderPng, renderSvg } from "./export";
export { layoutQr } from "./geometry";
export { default as InviteQr, type InviteQrProps } from "./InviteQr";
export { default as LabelSheet, type LabelSheetProps, type SheetLabel } from "./LabelSheet";
export {
  ALT_TEXT,
  type ErrorCorrectionLevel,
  type FinderStyle,
  type ModuleShape,
  QR_DEFAULTS,
  type QrLogo,
  type QrOptions,
  type QrStyle,
  TOO_LONG_DATA,
} from "./options";
export { PAPERS, type Paper } from "./paper";
export { default as QrCode, type QrCodeProps } from "./QrCode";
export { default as QrExportButtons, type QrExportButtonsProps } from "./QrExportButtons";
export type { QrGeometry, QrShape } from "./shapes";
