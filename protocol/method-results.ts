/**
 * What each method answers, declared once beside what it takes
 * (args.ts): the server's `run` must answer it (worker/contract.ts) and the
 * app's calls are typed by it (app/live-api.ts). The wire is unchanged:
 * this is types only.
 */
import type { ACCOUNT_METHOD, LoginResult } from "./account-args";
import type { METHOD } from "./api";
import type { QuantityMeanwhile } from "./args";
import type { BulkEditResult } from "./bulk-edit";
import type { AccountLinkInfo, ItemCopyPage, JoinLink, JoinLinkInfo, StoreConnected } from "./docs";
import type { FileLink, FinishedFile, UploadProgress } from "./files";
import type { RoomRole } from "./roles";
import type { ImportReport } from "./variant-args";

/** A stocktake scan counted (`stocktake.scan`). */
export interface ScanCounted {
  scanId: string;
  itemId: string;
  variantId: string;
  /** The product's title, and its variant's name if it has one. */
  title: string;
  /** Counted after the stocktake was applied: kept until an owner or admin applies it. */
  late: boolean;
}

/** Stock received by a scanned code (`stock.receive`). */
export interface ReceivedByCode {
  itemId: string;
  variantId: string;
  title: string;
  /** What the variant holds at that location now. */
  held: number;
}

/** A method that answers nothing (`null` on the wire); its run may return nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: a run that returns nothing answers this.
export type Nothing = void;

export interface MethodResults {
  [METHOD.ROOMS_CREATE]: string;
  [METHOD.ROOMS_RENAME]: Nothing;
  [METHOD.ROOMS_SET_CURRENCY]: Nothing;
  [METHOD.ROOMS_DELETE]: Nothing;
  [METHOD.MEMBERS_INVITE]: string;
  [METHOD.MEMBERS_SET_ROLE]: Nothing;
  [METHOD.MEMBERS_REMOVE]: Nothing;
  [METHOD.MEMBERS_LEAVE]: Nothing;
  [METHOD.MEMBERS_CREATE_JOIN_LINK]: JoinLink;
  [METHOD.MEMBERS_REVOKE_JOIN_LINKS]: number;
  [METHOD.MEMBERS_JOIN]: RoomRole;
  [METHOD.MEMBERS_JOIN_LINK_INFO]: JoinLinkInfo;
  [METHOD.MEMBERS_SET_ORDER_EMAILS]: null;
  [METHOD.MEMBERS_SET_LOW_STOCK_EMAILS]: null;
  [METHOD.ITEMS_ADD]: string;
  [METHOD.ITEMS_UPDATE]: QuantityMeanwhile | null;
  [METHOD.ITEMS_REMOVE]: Nothing;
  [METHOD.ITEMS_RESTORE]: Nothing;
  [METHOD.ITEMS_ADD_PHOTO]: Nothing;
  [METHOD.ITEMS_MOVE_PHOTO]: Nothing;
  [METHOD.ITEMS_SET_STATUS]: number;
  [METHOD.ITEMS_BULK_EDIT]: BulkEditResult;
  [METHOD.ITEMS_BULK_UNDO]: number;
  [METHOD.ITEMS_SET_VARIANTS]: string[];
  [METHOD.ITEMS_UPDATE_VARIANT]: QuantityMeanwhile | null;
  [METHOD.ITEMS_IMPORT]: ImportReport;
  [METHOD.ITEMS_PUBLIC_LINKS]: Record<string, string>;
  [METHOD.ITEMS_COPY]: ItemCopyPage;
  [METHOD.STOCKTAKE_START]: string;
  [METHOD.STOCKTAKE_SCAN]: ScanCounted;
  [METHOD.STOCKTAKE_APPLY]: { changed: number };
  [METHOD.STOCKTAKE_APPLY_LATE]: { changed: number };
  [METHOD.STOCKTAKE_DISCARD_LATE]: { discarded: number };
  [METHOD.STOCKTAKE_CANCEL]: Nothing;
  [METHOD.STOCKTAKE_UNSCAN]: Nothing;
  [METHOD.STOCK_ADJUST]: string;
  [METHOD.STOCK_RECEIVE]: ReceivedByCode;
  [METHOD.STOCK_TRANSFER]: string;
  [METHOD.STOCK_UNDO]: string[];
  [METHOD.LOCATIONS_ADD]: string;
  [METHOD.LOCATIONS_RENAME]: Nothing;
  [METHOD.LOCATIONS_ARCHIVE]: Nothing;
  [METHOD.STORE_CONNECT]: StoreConnected;
  [METHOD.STORE_TEST]: { shopName: string };
  [METHOD.STORE_DISCONNECT]: Nothing;
  [METHOD.STORE_PUBLISH]: { storeProductId: string };
  [METHOD.STORE_UNPUBLISH]: null;
  [METHOD.STORE_SYNC]: { started: boolean };
  [METHOD.FILES_START]: UploadProgress;
  [METHOD.FILES_WRITE]: { received: number };
  [METHOD.FILES_STATUS]: UploadProgress;
  [METHOD.FILES_FINISH]: FinishedFile;
  [METHOD.FILES_ABORT]: Nothing;
  [METHOD.FILES_REMOVE]: Nothing;
  [METHOD.FILES_LINK]: FileLink;
  [ACCOUNT_METHOD.CREATE_USER]: LoginResult;
  [ACCOUNT_METHOD.LOGIN]: LoginResult;
  [ACCOUNT_METHOD.LOGOUT]: Nothing;
  [ACCOUNT_METHOD.GET_NEW_TOKEN]: LoginResult;
  [ACCOUNT_METHOD.REMOVE_OTHER_TOKENS]: Nothing;
  [ACCOUNT_METHOD.CHANGE_PASSWORD]: { passwordChanged: boolean };
  [ACCOUNT_METHOD.FORGOT_PASSWORD]: Nothing;
  [ACCOUNT_METHOD.RESET_PASSWORD]: LoginResult;
  [ACCOUNT_METHOD.VERIFY_EMAIL]: LoginResult;
  [ACCOUNT_METHOD.LINK_INFO]: AccountLinkInfo;
  [ACCOUNT_METHOD.SEND_VERIFICATION_EMAIL]: Nothing;
  [ACCOUNT_METHOD.SEND_LOGIN_LINK]: Nothing;
  [ACCOUNT_METHOD.SET_NAME]: Nothing;
  [ACCOUNT_METHOD.REMEMBER_DEVICE]: string;
}
