/// <reference lib="webworker" />
import { answerJobs } from '../workers/off-thread.ts';
import { readArchive } from './archive-jobs.ts';

// Unpacking an archive (and parsing a shapefile) takes a while and memory: kept off the page, which stays responsive.
answerJobs(readArchive);
