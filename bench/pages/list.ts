/**
 * The baseline of the long-list benchmark: the same catalog paged in from the same service as you
 * scroll, drawn as a plain DOM virtual list (fixed 78 px rows, 6 rows of overscan) with no framework.
 */
const ROW = 78;
const OVERSCAN = 6;
const PREFETCH_ROWS = 8;
const DEMO = {
  client_id: 'demo',
  client_secret: 'demo-secret',
  audience: 'https://api.survey-viewer.example/tile',
  grant_type: 'client_credentials',
};

interface Row {
  id: string;
  capture_date_start: string;
  capture_date_end: string;
  cloud_cover?: number;
  spectral_range?: string;
}

const list = document.getElementById('list')!;
const canvas = document.getElementById('canvas')!;
const rows: Row[] = [];
let total = -1;
let nextPage = 1;
let loading = false;
let token = '';
const shown = new Map<number, HTMLElement>();
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

async function loadMore() {
  if (loading || (total >= 0 && rows.length >= total)) return;
  loading = true;
  token ||= (
    (await (
      await fetch('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const page = (await (
    await fetch(`/tile/v2/surveys?page=${nextPage}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { results: Row[]; total_results: number };
  rows.push(...page.results);
  total = page.total_results;
  nextPage++;
  loading = false;
  canvas.style.height = `${rows.length * ROW}px`;
  render();
}

function rowElement(i: number): HTMLElement {
  const r = rows[i];
  const el = document.createElement('div');
  el.className = 'row';
  el.setAttribute('role', 'option');
  el.setAttribute('aria-posinset', String(i + 1));
  el.setAttribute('aria-setsize', String(total));
  el.dataset.surveyId = r.id;
  el.style.transform = `translateY(${i * ROW}px)`;
  el.style.height = `${ROW}px`;
  const hours = (Date.parse(r.capture_date_end) - Date.parse(r.capture_date_start)) / 3_600_000;
  el.innerHTML =
    `<div class="top"><span></span><span></span></div><div class="window"></div><div ` +
    `class="meta"><span></span> <span></span></div>`;
  const [id, cloud] = el.querySelectorAll('.top span');
  id.textContent = r.id;
  cloud.textContent = r.cloud_cover === undefined ? '—' : `Cloud ${r.cloud_cover}%`;
  el.querySelector('.window')!.textContent =
    `${dateTime.format(new Date(r.capture_date_start))} – ${dateTime.format(new Date(r.capture_date_end))}`;
  const [duration, range] = el.querySelectorAll('.meta span');
  duration.textContent = hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`;
  range.textContent = r.spectral_range ?? '';
  return el;
}

function render() {
  const first = Math.max(0, Math.floor(list.scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length - 1, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + OVERSCAN);
  for (const [i, el] of shown) {
    if (i < first || i > last) {
      el.remove();
      shown.delete(i);
    }
  }
  for (let i = first; i <= last; i++) {
    if (!shown.has(i)) {
      const el = rowElement(i);
      shown.set(i, el);
      canvas.appendChild(el);
    }
  }
  if (last >= rows.length - PREFETCH_ROWS) void loadMore();
}

list.addEventListener('scroll', render, { passive: true });
void loadMore();
