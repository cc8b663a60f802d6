import { offThread } from '../workers/off-thread.ts';
import { AreaInputError } from './area-input-error.ts';
import type { ArchiveAnswer, ArchiveJob } from './archive-jobs.ts';

const run = offThread<ArchiveJob, ArchiveAnswer>(
  () => new Worker(new URL('./archive.worker.ts', import.meta.url), { type: 'module', name: 'archive' }),
  async (job) => (await import('./archive-jobs.ts')).readArchive(job),
);

/** A ZIP archive read in a worker: a shapefile's features or a KMZ's KML; a refusal rejects with its reason. */
export async function readArchiveOffThread(
  bytes: ArrayBuffer,
  accepted: string,
  shapefiles: boolean,
): Promise<Exclude<ArchiveAnswer, { kind: 'refused' }>> {
  const answer = await run({ bytes, accepted, shapefiles }, [bytes]);
  if (answer.kind === 'refused') throw new AreaInputError('unsupported-file', answer.message);
  return answer;
}
