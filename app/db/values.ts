/** Booleans are stored as 0/1 so the same schema runs on SQLite and PostgreSQL. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | null | undefined): boolean => value === 1;

export const nowIso = (): string => new Date().toISOString();
