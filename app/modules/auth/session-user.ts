import type { Calendar, Role } from "~/platform/db/schema";

/** What every screen knows about the signed-in user. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  firstName: { english: string; arabic: string };
  middleName: { english: string; arabic: string } | null;
  lastName: { english: string; arabic: string };
  /** The calendar they read dates in; null follows their language (docs/architecture.md §9). */
  calendar?: Calendar | null;
  /** For clerks and client admins: their client (filled by the access module). */
  client: { id: number; nameEn: string; nameAr: string; canDoSincera: boolean; canDoAttestation: boolean } | null;
  /** Their role requires two-factor sign-in and they have not enrolled: every page sends them to enrol. */
  mustEnrolTwoFactor?: boolean;
}

export const fullName = (user: Pick<SessionUser, "firstName" | "lastName">, lng: "english" | "arabic") =>
  `${user.firstName[lng]} ${user.lastName[lng]}`;

export const initials = (user: Pick<SessionUser, "firstName" | "lastName">) =>
  `${user.firstName.english.charAt(0)}${user.lastName.english.charAt(0)}`.toUpperCase();
