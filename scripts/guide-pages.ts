// A Vite plugin that publishes docs/ with the built app: every page as HTML under /docs/ (docs/guide/area-search.md →
// /docs/guide/area-search.html), with the pictures it shows, so the in-app help can link to the guide of what the user
// is doing, offline and on any deployment. Links to other pages follow them (.md → .html); links that leave docs/
// (the benchmarks, the seed) are kept as their text, since those files are not served.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import type { Plugin } from 'vite';

const DOCS = 'docs';
const STYLE = 'docs/guide.css';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Where a link from `page` (a path under docs/) leads once published, or null when it leaves docs/. */
export function publishedHref(page: string, href: string): string | null {
  if (/^[a-z]+:|^#/i.test(href)) return href;
  const [target, hash = ''] = href.split('#');
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
  if (resolved.startsWith('..')) return null;
  const html = resolved.replace(/(^|\/)README\.md$/, '$1index.html').replace(/\.md$/, '.html');
  const relative = path.posix.relative(path.posix.dirname(page), html) || path.posix.basename(html);
  return hash ? `${relative}#${hash}` : relative;
}

function renderPage(page: string, markdown: string, images: Set<string>): string {
  const marked = new Marked({
    renderer: {
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        const published = publishedHref(page, href);
        return published === null ? text : `<a href="${escapeHtml(published)}">${text}</a>`;
      },
      image({ href, text }) {
        images.add(path.posix.normalize(path.posix.join(path.posix.dirname(page), href)));
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`;
      },
      html({ text }) {
        // The guides hold <img> tags for side-by-side phone pictures: keep their sources with the page.
        for (const [, src] of text.matchAll(/src="([^"]+)"/g)) {
          images.add(path.posix.normalize(path.posix.join(path.posix.dirname(page), src)));
        }
        return text;
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? 'Survey Viewer';
  const style = path.posix.relative(path.posix.dirname(page), STYLE);
  const home = path.posix.relative(path.posix.dirname(page), 'docs/guide/index.html');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title.replace(/[*_`]/g, ''))} · Survey Viewer guide</title>
<link rel="stylesheet" href="${style}">
</head>
<body>
<nav><a href="${home}">User guide</a> · <a href="/">Back to the viewer</a></nav>
<main>
${body}
</main>
</body>
</html>
`;
}

export function guidePages(): Plugin {
  return {
    name: 'guide-pages',
    apply: 'build',
    generateBundle() {
      const images = new Set<string>();
      for (const file of markdownFiles(DOCS)) {
        const page = file.split(path.sep).join('/');
        const html = renderPage(page, readFileSync(file, 'utf8'), images);
        const fileName = page.replace(/(^|\/)README\.md$/, '$1index.md').replace(/\.md$/, '.html');
        this.emitFile({ type: 'asset', fileName, source: html });
      }
      for (const image of images) this.emitFile({ type: 'asset', fileName: image, source: readFileSync(image) });
      this.emitFile({ type: 'asset', fileName: STYLE, source: readFileSync('scripts/guide.css') });
    },
  };
}
