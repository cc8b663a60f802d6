import fontkit from '@pdf-lib/fontkit';
import { PageSizes, PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import type { ReportFonts } from '../../api/report-fonts.ts';
import type { ShownCapture } from './shown-captures.ts';
import { TextFonts } from './pdf-text.ts';
import { isoMinute, utcWindow } from '../../format/date-format.ts';
import { scaleBarMetres, scaleBarText } from '../../units/length-format.ts';

export type Paper = 'A4' | 'Letter';
export type Orientation = 'portrait' | 'landscape';

export interface ReportMap {
  image: { bytes: Uint8Array; type: 'jpeg' | 'png'; width: number; height: number };
  /** Over the map, e.g. which side of a comparison it is; null for a single map. */
  label: string | null;
  /** Ground metres one pixel of the image spans at the map's centre. */
  metresPerPixel: number;
}

export interface ReportSpec {
  title: string;
  notes: string;
  paper: Paper;
  orientation: Orientation;
  generatedAt: Date;
  shareLink: string;
  /** Label and value rows under the map: centre, zoom, area, measurements. */
  facts: [string, string][];
  maps: ReportMap[];
  captures: ShownCapture[];
  /** The annotations in view, as rows: title, what it is and measures, note, the imagery it was made over. */
  annotations: [string, string, string, string][];
  /** Sentences about imagery the map lacks (tiles that failed) or whose capture is not known. */
  imageryNotes: string[];
  attributions: string[];
}

const MARGIN = 36;
const GAP = 10;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const WARN = rgb(0.62, 0.18, 0.05);
const RULE = rgb(0.75, 0.77, 0.8);

/** Page size in points, [width, height]. */
function pageSize(paper: Paper, orientation: Orientation): [number, number] {
  const [w, h] = paper === 'A4' ? PageSizes.A4 : PageSizes.Letter;
  return orientation === 'portrait' ? [w, h] : [h, w];
}

/** Width in points each of `count` maps is printed at, when the map is at most as tall as its share of the page. */
export function mapWidthPt(paper: Paper, orientation: Orientation, count: number, aspect = 0): number {
  const [width, height] = pageSize(paper, orientation);
  const share = (width - 2 * MARGIN - (count - 1) * GAP) / count;
  return aspect > 0 ? Math.min(share, maxMapHeight(orientation, height) * aspect) : share;
}

/** Largest height the map box may take: half the page (portrait), a little more on a landscape page. */
const maxMapHeight = (orientation: Orientation, pageHeight: number) =>
  pageHeight * (orientation === 'portrait' ? 0.5 : 0.55);

const captureWindow = ({ start, end }: ShownCapture): string => (start ? utcWindow(start, end) : 'not published');

/** Writes pages top to bottom, starting a new page when the next block does not fit. */
class PageWriter {
  page: PDFPage;
  y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly size: [number, number],
    readonly font: TextFonts,
    readonly bold: TextFonts,
  ) {
    this.page = doc.addPage(size);
    this.y = size[1] - MARGIN;
  }

  get width(): number {
    return this.size[0] - 2 * MARGIN;
  }

  room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - MARGIN;
  }

  /** Lines of at most `width` points; a word longer than that (a link) is cut where it must be. */
  wrap(text: string, size: number, font: TextFonts, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\t/g, '  ').split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.width(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        let rest = word;
        while (font.width(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.width(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, { size = 9.5, font = this.font, color = INK, x = MARGIN, width = this.width } = {}): void {
    for (const line of this.wrap(text, size, font, width)) {
      this.room(size * 1.35);
      this.y -= size * 1.35;
      font.draw(this.page, line, { x, y: this.y + size * 0.3, size, color });
    }
  }

  heading(text: string): void {
    // With room for what follows it: a heading never ends a page.
    this.room(80);
    this.y -= 8;
    this.text(text, { size: 11.5, font: this.bold });
    this.y -= 2;
  }

  /** Rows of cells at fixed column offsets (points from the left margin); with `header`, the first row in bold. */
  table(rows: string[][], columns: number[], { size = 8.5, header = true } = {}): void {
    // A header is never left alone at the foot of a page.
    if (header) this.room(size * 1.3 * 4 + 6);
    rows.forEach((row, r) => {
      const font = header && r === 0 ? this.bold : this.font;
      const widths = columns.map((x, i) => (columns[i + 1] ?? this.width) - x - 6);
      const cells = row.map((cell, i) => this.wrap(cell, size, font, widths[i]));
      const height = Math.max(...cells.map((c) => c.length)) * size * 1.3 + 3;
      this.room(height);
      for (const [i, lines] of cells.entries())
        for (const [l, line] of lines.entries())
          font.draw(this.page, line, {
            x: MARGIN + columns[i],
            y: this.y - (l + 1) * size * 1.3 + size * 0.3,
            size,
            color: INK,
          });
      this.y -= height;
      if (header && r === 0)
        this.page.drawLine({
          start: { x: MARGIN, y: this.y + 1.5 },
          end: { x: MARGIN + this.width, y: this.y + 1.5 },
          thickness: 0.5,
          color: RULE,
        });
    });
  }
}

function drawNorthArrow(page: PDFPage, font: PDFFont, right: number, top: number): void {
  const x = right - 16;
  const y = top - 30;
  page.drawRectangle({ x: x - 9, y: y - 4, width: 18, height: 28, color: rgb(1, 1, 1), opacity: 0.85 });
  page.drawSvgPath('M 0 -14 L 5 0 L 0 -3 L -5 0 Z', { x, y: y + 10, color: INK, scale: 1 });
  page.drawText('N', { x: x - 3, y: y + 14, size: 7, font, color: INK });
}

function drawScaleBar(page: PDFPage, font: PDFFont, map: ReportMap, box: Box): void {
  const metresPerPoint = (map.metresPerPixel * map.image.width) / box.width;
  const metres = scaleBarMetres((box.width / 4) * metresPerPoint);
  const length = metres / metresPerPoint;
  const x = box.x + 8;
  const y = box.y + 8;
  page.drawRectangle({ x: x - 4, y: y - 4, width: length + 8, height: 20, color: rgb(1, 1, 1), opacity: 0.85 });
  page.drawRectangle({ x, y, width: length, height: 3, color: INK });
  page.drawRectangle({ x: x + length / 2, y: y + 0.6, width: length / 2, height: 1.8, color: rgb(1, 1, 1) });
  page.drawText(scaleBarText(metres), { x, y: y + 6, size: 7, font, color: INK });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The maps side by side, each scaled to fit its share of the box, with a frame, scale bar and north arrow. */
function drawMaps(out: PageWriter, maps: ReportMap[], images: PDFImage[], maxHeight: number): number[] {
  const width = (out.width - (maps.length - 1) * GAP) / maps.length;
  const labelled = maps.some((m) => m.label);
  const height = Math.min(maxHeight, ...maps.map((m) => (width * m.image.height) / m.image.width));
  out.room(height + (labelled ? 14 : 0));
  if (labelled) out.y -= 12;
  const top = out.y;
  const dpis = maps.map((map, i) => {
    const scale = Math.min(width / map.image.width, height / map.image.height);
    const box = {
      x: MARGIN + i * (width + GAP) + (width - map.image.width * scale) / 2,
      y: top - height,
      width: map.image.width * scale,
      height: map.image.height * scale,
    };
    if (map.label) out.bold.draw(out.page, map.label, { x: box.x, y: top + 3, size: 8.5, color: INK });
    out.page.drawImage(images[i], box);
    out.page.drawRectangle({ ...box, borderColor: INK, borderWidth: 0.6 });
    drawScaleBar(out.page, out.font.primary, map, box);
    drawNorthArrow(out.page, out.bold.primary, box.x + box.width, box.y + box.height);
    return (map.image.width / box.width) * 72;
  });
  out.y = top - height - 4;
  return dpis;
}

/** The report as a PDF: title, the map(s) at print resolution, the facts, the imagery's captures, notes, sources. */
export async function reportPdf(spec: ReportSpec, fonts: ReportFonts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(spec.title || 'Survey Viewer report');
  doc.setCreator('Survey Viewer');
  doc.setProducer('Survey Viewer (pdf-lib)');
  doc.setCreationDate(spec.generatedAt);
  // Subset: the file holds the glyphs it uses. Characters DejaVu has not (CJK) come from the fallbacks, bold or not.
  const embed = (bytes: Uint8Array) => doc.embedFont(bytes, { subset: true });
  const [font, bold] = await Promise.all([embed(fonts.regular), embed(fonts.bold)]);
  const fallbacks = await Promise.all(
    (fonts.fallbacks ?? []).map(async (f) => Promise.all([embed(f.regular), embed(f.bold)])),
  );
  const size = pageSize(spec.paper, spec.orientation);
  const out = new PageWriter(
    doc,
    size,
    new TextFonts([font, ...fallbacks.map(([regular]) => regular)]),
    new TextFonts([bold, font, ...fallbacks.map(([, heavy]) => heavy)]),
  );
  const generated = `${isoMinute(spec.generatedAt.toISOString())} UTC`;

  out.text(spec.title || 'Survey Viewer report', { size: 17, font: out.bold });
  out.text(`Survey Viewer report · generated ${generated}`, { size: 8.5, color: MUTED });
  out.y -= 6;

  const images = await Promise.all(
    spec.maps.map((m) => (m.image.type === 'jpeg' ? doc.embedJpg(m.image.bytes) : doc.embedPng(m.image.bytes))),
  );
  const dpis = drawMaps(out, spec.maps, images, maxMapHeight(spec.orientation, size[1]));
  out.text(
    `Map printed at ${dpis.map((d) => Math.round(d)).join(' and ')} dpi; north is up; scale bar at the map's ` +
      'centre latitude (Web Mercator).',
    { size: 7.5, color: MUTED },
  );

  out.heading('The view');
  out.table(
    spec.facts.map(([label, value]) => [label, value]),
    [0, 110],
    { size: 9, header: false },
  );

  out.heading('Imagery shown, with its capture dates');
  if (spec.captures.length > 0)
    out.table(
      [
        ['Survey', 'Capture (mosaic_stac_id)', 'Captured', 'Tiles'],
        ...spec.captures.map((c) => [c.surveyId, c.captureId ?? '—', captureWindow(c), String(c.tiles)]),
      ],
      [0, 110, out.width - 170, out.width - 34],
    );
  else out.text('No survey imagery is drawn in this view (zoom 14 or closer shows it).', { color: MUTED });
  for (const note of spec.imageryNotes) out.text(note, { color: WARN });

  if (spec.annotations.length > 0) {
    out.heading('Annotations in view');
    out.table(
      [['Title', 'What', 'Note', 'Made over'], ...spec.annotations],
      [0, out.width * 0.22, out.width * 0.46, out.width * 0.72],
    );
  }

  if (spec.notes.trim()) {
    out.heading('Notes');
    out.text(spec.notes.trim());
  }

  out.heading('Sources');
  out.text(`Attribution: ${spec.attributions.join(' · ') || 'the imagery service'}`, { size: 8.5 });
  out.text(`Link to this view: ${spec.shareLink}`, { size: 8.5 });
  out.text(`Generated ${generated}.`, { size: 8.5, color: MUTED });
  const pages = doc.getPages();
  for (const [i, page] of pages.entries()) {
    const footer = `Page ${i + 1} of ${pages.length}`;
    page.drawText(footer, {
      x: size[0] - MARGIN - font.widthOfTextAtSize(footer, 7.5),
      y: MARGIN / 2,
      size: 7.5,
      font,
      color: MUTED,
    });
  }
  return doc.save();
}
