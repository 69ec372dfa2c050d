export function startPostgres(): Promise<{
  adminUrl: string;
  /** Stops the server and deletes its cluster. */
  stop: () => Promise<void>;
  /** Stops the server, keeping its data and port (an outage). */
  halt: () => Promise<void>;
  /** Starts it again after `halt`. */
  launch: () => Promise<void>;
}>;
export function freshDatabase(adminUrl: string, name: string, template?: string | null): Promise<string>;
export function databaseUrl(adminUrl: string, name: string): string;
