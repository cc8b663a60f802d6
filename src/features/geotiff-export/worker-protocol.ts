import type { AreaGeometry } from '../../area/area-geometry.ts';
import type { CredentialAnswer, CredentialQuestion, WorkerService } from '../../api/credential-channel.ts';
import type { ExportFiles } from './export-files.ts';
import type { ExportCompression, ExportPlan } from './export-plan.ts';
import type { ExportProgress } from './export-run.ts';

/** What the page asks the export worker to make. No credential travels in it (see credential-channel.ts). */
export interface ExportRequest extends WorkerService {
  area: AreaGeometry;
  plan: ExportPlan;
  compression: ExportCompression;
  /** Each planned survey's footprint: with JPEG, which has no alpha, what lies outside it is masked too. */
  footprints: Record<string, AreaGeometry>;
  /** The files' common name, without extension. */
  name: string;
  concurrency?: number;
}

export type ToWorker =
  /** `encoders`: ports to the page's encoder workers (transferred), where tiles are compressed. */
  { type: 'start'; request: ExportRequest; encoders: MessagePort[] } | { type: 'cancel' } | CredentialAnswer;

/** How the run goes. */
export type RunMessage =
  | { type: 'progress'; progress: ExportProgress }
  | { type: 'done'; files: ExportFiles }
  | { type: 'failed'; message: string }
  | { type: 'cancelled' };

/** Each run message says how many imagery requests were sent since the last (`requested`), for the usage meter. */
export type FromWorker = CredentialQuestion | (RunMessage & { requested: number });
