import { useEffect } from "react";

/** Names the browser tab after the page (and the room): "Catalogue · Vintage ceramics · Stockroom". */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = [...parts.filter((part): part is string => Boolean(part)), "Stockroom"].join(" · ");
  useEffect(() => {
    document.title = title;
  }, [title]);
}
