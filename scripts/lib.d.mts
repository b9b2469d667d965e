/** Types for the parts of scripts/lib.mjs the tests use. */
export function sourceFingerprint(root?: string): string | null;
export function portIsFree(port: number): Promise<boolean>;
