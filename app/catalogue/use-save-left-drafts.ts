/**
 * Saves what was typed into an item's field but never left — the page was
 * reloaded or closed first (field-drafts.ts) — once the room's items are
 * here again: leaving the page counts as leaving the field. It is not saved
 * over a change someone made meanwhile (the field's value is no longer the
 * one the typing started from), as leaving a field in conflict saves nothing
 * unasked; nor is a draft whose page is still open (another tab, still
 * typing there) taken. A draft not saved, or refused, is reported with its
 * text, so it can be typed again rather than vanish.
 */
import { useEffect } from "react";
import { COLLECTION, type ItemDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useConnection } from "../live";
import { useCall } from "../live-api";
import { useToast } from "../ui/Toast";
import { type FieldDraft, takeLeftDrafts } from "./field-drafts";
import { itemField } from "./item-fields";

export function useSaveLeftDrafts(roomId: string, userId: string | null, itemsReady: boolean): void {
  const call = useCall();
  const connection = useConnection();
  const toast = useToast();
  useEffect(() => {
    if (!userId || !itemsReady) return;
    function saveLeft(draft: FieldDraft) {
      const spec = itemField(draft.field);
      if (!spec) return;
      const refused = (reason: string) =>
        toast.show({
          text: `What you typed in ${spec.label} was not saved (${reason}): “${draft.text}”`,
          tone: "danger",
          duration: 20_000,
        });
      const parsed = spec.parse(draft.text);
      if (!parsed.ok) return refused(parsed.error);
      const item = connection.store.findOne(COLLECTION.ITEMS, draft.itemId) as ItemDoc | undefined;
      if (item && draft.base !== undefined && spec.read(item) !== draft.base) {
        return refused(`it was changed meanwhile to ${spec.describe(spec.read(item), item)}`);
      }
      call(METHOD.ITEMS_UPDATE, draft.itemId, parsed.value).catch((error: unknown) => refused(errorMessage(error)));
    }
    // Once taken out of storage they are saved (or reported) whatever happens to this page meanwhile.
    void takeLeftDrafts(userId, roomId).then((drafts) => drafts.forEach(saveLeft));
  }, [call, connection, toast, roomId, userId, itemsReady]);
}
