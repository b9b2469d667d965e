// Types for drizzle-kit's generated migrations.js (the journal and each migration's SQL, imported as text).
declare const migrations: {
  journal: { entries: { idx: number; when: number; tag: string; breakpoints: boolean }[] };
  migrations: Record<string, string>;
};
export default migrations;
