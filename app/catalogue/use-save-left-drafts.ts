/**
 * Saves what was typed into an item's field but never left — the page was
 * reloaded or closed first (field-drafts.ts) — as soon as the room opens
 * again: leaving the page counts as leaving the field. A draft the server
 * (or the field's own check) refuses is reported with the text, so it can
 * be typed again rather than vanish.
 */
import { useEffect } from "react";
import { METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live";
import { useToast } from "../ui/Toast";
import { takeDrafts } from "./field-drafts";
import { ITEM_FIELDS } from "./item-fields";

export function useSaveLeftDrafts(roomId: string, userId: string | null): void {
  const call = useCall();
  const toast = useToast();
  useEffect(() => {
    if (!userId) return;
    for (const draft of takeDrafts(userId, roomId)) {
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
      call(METHOD.ITEMS_UPDATE, draft.itemId, parsed.value).catch((error: unknown) => refused(errorMessage(error)));
    }
  }, [call, toast, roomId, userId]);
}
