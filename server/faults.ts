import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/** Faults injected into every /tile request, for resilience tests. Off unless configured. */
export interface FaultPlan {
  /** Each status answered with this probability (checked in order). */
  statuses: { status: 429 | 500 | 503; probability: number }[];
  /** Added to every request, in milliseconds. */
  latencyMs: number;
}

const MESSAGES: Record<number, [string, string]> = {
  429: ['rate_limited', 'Too many requests (injected fault); retry later.'],
  500: ['internal_error', 'The service failed to answer this request (injected fault).'],
  503: ['service_unavailable', 'The service is temporarily unavailable (injected fault).'],
};

/** Parses "503:0.1,429:0.05,latency:500". */
export function parseFaults(spec: string): FaultPlan {
  const plan: FaultPlan = { statuses: [], latencyMs: 0 };
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
    const status = Number(name);
    if (!(status in MESSAGES)) throw new Error(`faults: "${name}" is not one of 429, 500, 503 or latency`);
    if (!(value >= 0 && value <= 1))
      throw new Error(`faults: probability for ${status} must be within 0–1, got "${raw}"`);
    plan.statuses.push({ status: status as 429 | 500 | 503, probability: value });
  }
  return plan;
}

export function faultInjector(plan: FaultPlan, random: () => number = Math.random) {
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
