import { createContext } from "react-router";

/**
 * The signed-in user's unread notifications, read with their session by the session middleware (docs/decisions/0021);
 * null where nothing read them (the bell then counts them itself).
 */
export const unreadContext = createContext<number | null>(null);
