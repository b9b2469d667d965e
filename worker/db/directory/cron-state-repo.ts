/** Bookmarks of cron jobs that walk something large a piece per run (see cronState). */
import { eq } from "drizzle-orm";
import type { Database } from "./database";
import { cronState } from "./schema";

export async function cronPosition(db: Database, job: string): Promise<string> {
  const row = await db.select().from(cronState).where(eq(cronState.job, job)).get();
  return row?.position ?? "";
}

export async function saveCronPosition(db: Database, job: string, position: string, now: number): Promise<void> {
  await db
    .insert(cronState)
    .values({ job, position, updatedAt: now })
    .onConflictDoUpdate({ target: cronState.job, set: { position, updatedAt: now } });
}
