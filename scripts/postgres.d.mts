export function startPostgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }>;
export function freshDatabase(adminUrl: string, name: string): Promise<string>;
export function databaseUrl(adminUrl: string, name: string): string;
