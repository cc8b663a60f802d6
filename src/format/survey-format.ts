import { formatLocalDate, formatLocalTime, formatUtcDateTime } from './date-format.ts';
import { recentMemo } from './recent-memo.ts';

const valid = (...dates: Date[]) => dates.every((d) => !Number.isNaN(d.getTime()));
/** What a window reads as when its dates are not known (e.g. a survey opened by id from a link). */
export const UNKNOWN_WINDOW = 'Capture window not loaded';

/** Surveys on screen at once, and some: a list scrolled back and forth writes them again. */
const REMEMBERED_WINDOWS = 500;

/** "12 Mar 2025, 09:10 – 11:45", or across days "12 Mar 2025, 09:10 – 14 Mar 2025, 16:00"; local time. */
export const formatCaptureWindow = recentMemo((startIso: string, endIso: string): string => {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (!valid(start, end)) return UNKNOWN_WINDOW;
  const [startDay, endDay] = [formatLocalDate(start), formatLocalDate(end)];
  const to = startDay === endDay ? formatLocalTime(end) : `${endDay}, ${formatLocalTime(end)}`;
  return `${startDay}, ${formatLocalTime(start)} – ${to}`;
}, REMEMBERED_WINDOWS);

/** The same window in UTC, for the tooltip. */
export const formatCaptureWindowUtc = recentMemo((startIso: string, endIso: string): string => {
  const [start, end] = [new Date(startIso), new Date(endIso)];
  return valid(start, end) ? `${formatUtcDateTime(start)} – ${formatUtcDateTime(end)} UTC` : UNKNOWN_WINDOW;
}, REMEMBERED_WINDOWS);

/** "45 min", "3 h 20 min", "2 d 4 h". */
export function formatDuration(startIso: string, endIso: string): string {
  const span = Date.parse(endIso) - Date.parse(startIso);
  if (Number.isNaN(span)) return '—';
  const minutes = Math.max(0, Math.round(span / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export function formatCloudCover(percent: number | null): string {
  return percent === null ? 'Cloud —' : `Cloud ${Math.round(percent)}%`;
}

/** A spectral range as a short label and what it means, e.g. "visible" → "RGB", natural colour. */
export function describeSpectralRange(range: string): { short: string; long: string } {
  const key = range.trim().toLowerCase();
  if (key === 'visible' || key === 'rgb')
    return { short: 'RGB', long: 'Spectral range: visible light (red, green, blue), natural colour' };
  if (key === 'nir' || key === 'near-infrared' || key === 'near infrared')
    return { short: 'NIR', long: 'Spectral range: near infrared' };
  if (key === 'rgbn' || key === 'rgbi' || key === '4-band' || key === 'multispectral')
    return { short: 'RGB+NIR', long: 'Spectral range: visible light and near infrared' };
  return { short: range, long: `Spectral range: ${range}` };
}
