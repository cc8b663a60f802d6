import type { ImportProblem } from './import-problems.ts';
import type { PortfolioLocation } from './location.ts';

/** What a coverage run was doing when last saved: a reload resumes a run that was 'running'. */
export type RunStatus = 'idle' | 'running' | 'paused' | 'cancelled' | 'failed' | 'done';

/** An imported list of locations and how it is checked. */
export interface Portfolio {
  fileName: string;
  /** A table (CSV: its own columns place each row) or features (GeoJSON, KML, shapefile: the geometry does). */
  source: 'table' | 'features';
  /** The imported file's column (or property) names; each location's `values` follow them. */
  columns: string[];
  locations: PortfolioLocation[];
  problems: ImportProblem[];
  /** Radius of the circle checked around each point, in metres. */
  radiusM: number;
  /** YYYY-MM-DD, or null: for each location, the latest capture before it and the first after it. */
  eventDate: string | null;
  /** Percent, or null for any: cloudier surveys are never a location's latest, before or after. */
  maxCloudCover: number | null;
}

/** A location the service refused to be asked about even alone (its area too large, say), with the service's answer. */
export interface LocationRefusal {
  id: number;
  /** HTTP status, or 0 when no answer arrived. */
  status: number;
  message: string;
  correlationId: string | null;
}

/** The coverage run's state, saved apart from the (large) portfolio as it changes. */
export interface RunState {
  status: RunStatus;
  /** Requests sent over all runs of this portfolio. */
  queriesSent: number;
  /** Locations refused in the last run (asked again by the next one); absent in state kept before there were any. */
  refused?: LocationRefusal[];
}
