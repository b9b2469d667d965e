/** Types for scripts/meteor-users.mjs (used by the tests). */
export function parseExport(text: string): unknown[];
export function toImportSql(users: unknown[], now?: number): { sql: string; imported: number; skipped: string[] };
