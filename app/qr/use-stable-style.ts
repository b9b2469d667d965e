import { useMemo } from "react";
import type { QrStyle } from "./options";

/**
 * The same style object for as long as its content is the same, so a parent
 * passing `style={{ … }}` inline does not redraw every code on each render.
 */
export function useStableStyle(style: QrStyle | undefined): QrStyle {
  const key = JSON.stringify(style ?? {});
  return useMemo(() => JSON.parse(key) as QrStyle, [key]);
}
