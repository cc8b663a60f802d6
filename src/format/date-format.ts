/**
 * Every date and time the viewer writes, one form for each kind of date.
 *
 * On screen, in the user's own locale (the browser's: `undefined` below) and time zone:
 * - a capture's day or days: `formatCaptureDays` — "Sep 14, 2025";
 * - a capture's window, to the minute: `formatCaptureWindow` (survey-format.ts, from `formatLocalDate` and
 *   `formatLocalTime`) — "Sep 14, 2025, 09:10 – 11:45";
 * - a moment (a visit, an expiry, a publication): `formatDateTime` — "Sep 14, 2025, 09:10";
 * - a calendar day someone chose (a date input's value): `formatDay` — "Jun 1, 2024";
 * - how long ago: `formatAge` — "1 year 7 months".
 * In what the viewer writes for others (PDF reports, video frames, exported files) and in tooltips that say UTC, fixed
 * numeric UTC forms no locale changes: `isoDay`, `isoMinute`, `utcCaptureDays`, `utcWindow`, `formatUtcDateTime`, and
 * `fileStamp` for file names; `localDay` is what a date input holds.
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
const monthUtc = formatter({ month: 'short', timeZone: 'UTC' });

const pad = (n: number) => String(n).padStart(2, '0');

/** "12 Mar 2025" (in the user's locale and time zone). */
export const formatLocalDate = (date: Date): string => localDate().format(date);
/** "09:10" (in the user's locale and time zone). */
export const formatLocalTime = (date: Date): string => localTime().format(date);
/** "12 Mar 2025, 09:10", or "—" for none. */
export const formatDateTime = (iso: string | null): string => (iso ? localDateTime().format(new Date(iso)) : '—');
/** A capture's day, or its first and last day: "Sep 14, 2025", "Jan 8, 2025 – Jan 10, 2025" (local days). */
export function formatCaptureDays(startIso: string, endIso?: string | null): string {
  const start = formatLocalDate(new Date(startIso));
  const end = endIso ? formatLocalDate(new Date(endIso)) : start;
  return end === start ? start : `${start} – ${end}`;
}
/** A calendar day as a date input holds it (YYYY-MM-DD), written as the user reads days: "Jun 1, 2024". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatLocalDate(new Date(year, month - 1, date));
}

const DAY_MS = 86_400_000;
/** How long before `now` an instant was, in whole years and months (days under a month): "1 year 7 months". */
export function formatAge(iso: string, now: Date): string {
  const then = new Date(iso);
  let months = (now.getUTCFullYear() - then.getUTCFullYear()) * 12 + now.getUTCMonth() - then.getUTCMonth();
  if (now.getUTCDate() < then.getUTCDate()) months -= 1;
  if (months < 1) {
    const days = Math.max(0, Math.floor((now.getTime() - then.getTime()) / DAY_MS));
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  const [years, rest] = [Math.floor(months / 12), months % 12];
  const parts = [
    years && `${years} ${years === 1 ? 'year' : 'years'}`,
    rest && `${rest} ${rest === 1 ? 'month' : 'months'}`,
  ];
  return parts.filter(Boolean).join(' ');
}
/** A month's short name, of its UTC date (an axis label: "Mar"). */
export const formatMonthUtc = (time: number): string => monthUtc().format(time);

/** "12/03/2024, 09:10:00": day, month, year and the 24-hour time, in UTC. */
export function formatUtcDateTime(date: Date): string {
  const [day, month, year] = [date.getUTCDate(), date.getUTCMonth() + 1, date.getUTCFullYear()];
  const time = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map(pad).join(':');
  return `${pad(day)}/${pad(month)}/${year}, ${time}`;
}

/** An ISO instant's date as written, "2024-03-14" (the UTC day of a UTC instant); "" for none. */
export const isoDay = (iso: string | null | undefined): string => iso?.slice(0, 10) ?? '';
/** An ISO instant's date and minute as written, "2024-03-14 17:15" (UTC for a UTC instant). */
export const isoMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
/** A capture's UTC day, or first and last day: "2025-09-14", "2025-01-08 – 2025-01-10". */
export function utcCaptureDays(startIso: string, endIso?: string | null): string {
  const [start, end] = [isoDay(startIso), isoDay(endIso)];
  return end && end !== start ? `${start} – ${end}` : start || end;
}
/** A capture window in UTC to the minute: "2024-03-14 17:15 – 18:40 UTC", across days with both dates. */
export function utcWindow(startIso: string, endIso?: string | null): string {
  if (!endIso || endIso === startIso) return `${isoMinute(startIso)} UTC`;
  return isoDay(endIso) === isoDay(startIso)
    ? `${isoMinute(startIso)} – ${endIso.slice(11, 16)} UTC`
    : `${isoMinute(startIso)} – ${isoMinute(endIso)} UTC`;
}

/** "20250312-091000": a UTC stamp for file names. */
export const fileStamp = (date: Date): string => date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** An instant's local day as YYYY-MM-DD (what a date input holds). */
export function localDay(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
