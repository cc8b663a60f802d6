/**
 * Every date and time the viewer writes, under one locale rule: what people read is in their own locale (the
 * browser's: `undefined` below) and, unless it says UTC, their own time zone. Times given in UTC are written in fixed
 * numeric forms that no locale changes, and so are the values of date inputs and file names.
 */
const USER_LOCALE = undefined;

/** A formatter made when first used: the first Intl formatter of a page costs tens of milliseconds (locale data). */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(USER_LOCALE, options));
}

const localDate = formatter({ year: 'numeric', month: 'short', day: 'numeric' });
const localTime = formatter({ hour: '2-digit', minute: '2-digit' });
const localDateTime = formatter({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const mediumDateTime = formatter({ dateStyle: 'medium', timeStyle: 'short' });
const monthUtc = formatter({ month: 'short', timeZone: 'UTC' });

const pad = (n: number) => String(n).padStart(2, '0');

/** "12 Mar 2025" (in the user's locale and time zone). */
export const formatLocalDate = (date: Date): string => localDate().format(date);
/** "09:10" (in the user's locale and time zone). */
export const formatLocalTime = (date: Date): string => localTime().format(date);
/** "12 Mar 2025, 09:10", or "—" for none. */
export const formatDateTime = (iso: string | null): string => (iso ? localDateTime().format(new Date(iso)) : '—');
/** "12 Mar 2025, 9:10" (date medium, time short), e.g. when a key expires. */
export const formatMediumDateTime = (iso: string): string => mediumDateTime().format(new Date(iso));
/** The date and time with seconds, as the browser writes them by default (e.g. "3/12/2025, 9:10:00 AM"). */
export const formatFullDateTime = (iso: string): string => new Date(iso).toLocaleString(USER_LOCALE);
/** A month's short name, of its UTC date (an axis label: "Mar"). */
export const formatMonthUtc = (time: number): string => monthUtc().format(time);

/** "12/03/2024, 09:10:00": day, month, year and the 24-hour time, in UTC. */
export function formatUtcDateTime(date: Date): string {
  const [day, month, year] = [date.getUTCDate(), date.getUTCMonth() + 1, date.getUTCFullYear()];
  const time = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map(pad).join(':');
  return `${pad(day)}/${pad(month)}/${year}, ${time}`;
}

/** An ISO instant's date and minute as written, "2024-03-14 17:15" (UTC for a UTC instant). */
export const isoMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** "20250312-091000": a UTC stamp for file names. */
export const fileStamp = (date: Date): string => date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** An instant's local day as YYYY-MM-DD (what a date input holds). */
export function localDay(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
