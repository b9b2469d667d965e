/**
 * Saves what was typed into an item's field but never left — the page was
 * reloaded or closed first (field-drafts.ts) — once the room's items are
 * here again: leaving the page counts as leaving the field. It is not saved
 * over a change someone made meanwhile (the field's value is no longer the
 * one the typing started from), as leaving a field in conflict saves nothing
 * unasked; nor is another open tab's draft, still being typed, taken. A
 * draft not saved, or refused, is reported with its text, so it can be typed
 * again rather than vanish.
 */
import { useEffect } from "react";
import { COLLECTION, type ItemDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall, useConnection } from "../live";
import { useToast } from "../ui/Toast";
import { takeDrafts } from "./field-drafts";
import { ITEM_FIELDS } from "./item-fields";

export function useSaveLeftDrafts(roomId: string, userId: string | null, itemsReady: boolean): void {
  const call = useCall();
  const connection = useConnection();
  const toast = useToast();
  useEffect(() => {
    if (!userId || !itemsReady) return;
    for (const draft of takeDrafts(userId, roomId, performance.timeOrigin)) {
      const spec = ITEM_FIELDS[draft.field];
      if (!spec) continue;
      const refused = (reason: string) =>
        toast.show({
          text: `What you typed in ${spec.label} was not saved (${reason}): “${draft.text}”`,
          tone: "danger",
          duration: 20_000,
        });
      const parsed = spec.parse(draft.text);
      if (!parsed.ok) {
        refused(parsed.error);
        continue;
      }
      const item = connection.store.findOne(COLLECTION.ITEMS, draft.itemId) as ItemDoc | undefined;
      if (item && draft.base !== undefined && spec.read(item) !== draft.base) {
        refused(`it was changed meanwhile to ${spec.describe(spec.read(item), item)}`);
        continue;
      }
      call(METHOD.ITEMS_UPDATE, draft.itemId, parsed.value).catch((error: unknown) => refused(errorMessage(error)));
    }
  }, [call, connection, toast, roomId, userId, itemsReady]);
}
