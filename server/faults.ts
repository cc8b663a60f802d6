import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { mulberry32 } from './procedural/noise.ts';

/** Faults injected into every /tile request, for resilience tests. Off unless configured. */
export interface FaultPlan {
  /** Each status answered with this probability (checked in order). */
  statuses: { status: 429 | 500 | 503; probability: number }[];
  /** Added to every request, in milliseconds. */
  latencyMs: number;
  /** Seeds the rolls, so a run with the same plan draws the same faults for the same sequence of requests. */
  seed: number;
}

/** The seed of a plan that names none: a run replays unless it asks for other rolls. */
export const DEFAULT_FAULT_SEED = 1;

const MESSAGES: Record<number, [string, string]> = {
  429: ['rate_limited', 'Too many requests (injected fault); retry later.'],
  500: ['internal_error', 'The service failed to answer this request (injected fault).'],
  503: ['service_unavailable', 'The service is temporarily unavailable (injected fault).'],
};

/** Parses "503:0.1,429:0.05,latency:500,seed:7". */
export function parseFaults(spec: string): FaultPlan {
  const plan: FaultPlan = { statuses: [], latencyMs: 0, seed: DEFAULT_FAULT_SEED };
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, raw] = part.split(':');
    const value = Number(raw);
    if (name === 'latency') {
      if (!Number.isFinite(value) || value < 0)
        throw new Error(`faults: latency must be milliseconds ≥ 0, got "${raw}"`);
      plan.latencyMs = value;
      continue;
    }
    if (name === 'seed') {
      if (!Number.isSafeInteger(value)) throw new Error(`faults: seed must be an integer, got "${raw}"`);
      plan.seed = value;
      continue;
    }
    const status = Number(name);
    if (!(status in MESSAGES)) throw new Error(`faults: "${name}" is not one of 429, 500, 503, latency or seed`);
    if (!(value >= 0 && value <= 1))
      throw new Error(`faults: probability for ${status} must be within 0–1, got "${raw}"`);
    plan.statuses.push({ status: status as 429 | 500 | 503, probability: value });
  }
  return plan;
}

export function faultInjector(plan: FaultPlan, random: () => number = mulberry32(plan.seed)) {
  return async (_request: FastifyRequest) => {
    if (plan.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.latencyMs));
    for (const { status, probability } of plan.statuses) {
      if (random() < probability) {
        const [code, message] = MESSAGES[status];
        throw new ApiError(status, code, message, status === 429 ? { 'retry-after': '1' } : {});
      }
    }
  };
}
