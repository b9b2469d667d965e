import type { AccountsHost } from "../accounts/accounts-host";

/** What the RoomDO gives its features: accounts' needs plus the room id. */
export interface RoomHost extends AccountsHost {
  roomId: string;
}
