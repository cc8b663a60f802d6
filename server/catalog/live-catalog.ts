import type { Catalog } from './catalog.ts';

/**
 * The catalog the routes answer from, swapped whole when the operator's file changes. A request reads
 * `current` once and works with that catalog throughout, so it never sees half of two catalogs.
 */
export class LiveCatalog {
  private catalog: Catalog;

  constructor(catalog: Catalog) {
    this.catalog = catalog;
  }

  get current(): Catalog {
    return this.catalog;
  }

  replace(next: Catalog): void {
    this.catalog = next;
  }
}
