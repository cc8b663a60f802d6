import * as sharedNoiseModule from '../../procedural/noise.ts';
import * as paintModule from './paint.ts';
import * as scratchModule from './scratch.ts';

// Module-level consts, not imported bindings: V8 folds them into hot code (see index.ts).
const { sub } = sharedNoiseModule;
const { detail, mulc, set } = paintModule;
const { ARG, P } = scratchModule;

const CAR_COLORS = [
  226, 228, 230, 36, 36, 40, 168, 170, 174, 112, 114, 118, 140, 34, 34, 44, 62, 112, 190, 192, 196, 60, 60, 64, 146,
  138, 120, 30, 66, 58,
];

/** Paint a car seen from above; P.fA/fB are car-local (across, along) and P.fH its hash. */
export function car(u: number, v: number): void {
  ARG[0] = u;
  ARG[1] = v;
  car_();
}

function car_(): void {
  const u = ARG[0];
  const v = ARG[1];
  const ci = Math.floor(sub(P.fH, 3) * 10) * 3;
  set(CAR_COLORS[ci], CAR_COLORS[ci + 1], CAR_COLORS[ci + 2]);
  const al = P.fB; // along, -2.25..2.25
  if (al > 0.2 && al < 1.1)
    mulc(0.45); // windshield
  else if (al < -1.3 && al > -1.9)
    mulc(0.55); // rear window
  else mulc(1 + 0.15 * (1 - Math.abs(P.fA) / 0.92));
  mulc(1 + detail(u, v, 58) * 0.05);
}
