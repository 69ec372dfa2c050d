import { createContext, useContext } from "react";
import { calendarFor, type Calendar } from "./format";

/** The reader's calendar, set by the root layout from their profile (docs/architecture.md §9). */
export const CalendarContext = createContext<Calendar | null>(null);

/** The calendar the dates of this page are read in: the reader's, or their language's default. */
export function useCalendar(lng: string): Calendar {
  return useContext(CalendarContext) ?? calendarFor(null, lng);
}
