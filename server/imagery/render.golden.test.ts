/**
 * Golden hashes of the procedural imagery and the demo catalogs, recorded from the renderer before
 * it was split into modules. Any change to a pixel, a footprint or a catalog field fails here: a
 * deliberate change of the imagery must re-record the hashes (and bump RENDERER_VERSION in
 * source.ts so cached tiles are not served stale).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../catalog/demo.ts';
import type { Survey } from '../catalog/survey.ts';
import { syntheticCatalog } from '../catalog/synthetic.ts';
import { encodePng } from './encode.ts';
import { groundClassAt, renderTile, tileCoverageFraction, tileIntersectsFootprint } from './render.ts';

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

const catalog = demoCatalog();
const synthetic = syntheticCatalog(500);
const survey = (id: string): Survey => {
  const s = catalog.find((c) => c.id === id) ?? synthetic.find((c) => c.id === id);
  if (!s) throw new Error(`no survey ${id}`);
  return s;
};

type Golden = [id: string, z: number, x: number, y: number, sha256: string | null];

// Snowy winter: 2022Q4-MN-MSP (with a hole), 2025-P01-CO-DEN (also 35.8 % cloud). Cloudy summer:
// 2024Q3-CO-DEN (38.7 %). Multipolygons: 2024-P1-SC-IVA, 2022Q3-NV-LAS (arid), 2026Q4-FL-PTCH,
// 2023-P01-MN-MSP. The tail picks tiles that hold the rarer ground classes.
const TILES: Golden[] = [
  ['2022Q4-MN-MSP', 14, 3947, 5894, '2786ed966cd3de52da6a41b28f315722a61b99df3997bc0071d0f1887603fe96'], // interior
  ['2022Q4-MN-MSP', 17, 31598, 47175, '718c1c0801ea2fa3a4b2fb82f0ca4f2bf37ecdcb48ecba8060632d9cde4d5b45'], // interior
  ['2022Q4-MN-MSP', 19, 126173, 188581, '71f491a3b3081811fc645c3ebbd9c47863e7c8534be206b1552508514517de90'], // interior
  ['2022Q4-MN-MSP', 14, 3944, 5890, 'e8b9b5127353809bead74148bd05bbfe333e15a2e482ddb63e125b1c922ab1a6'], // edge
  ['2025-P01-CO-DEN', 15, 6827, 12434, 'fab3a52c57b4af54592df118f2c103cc1d656391054efaafc93d0fec16853edf'], // interior
  ['2025-P01-CO-DEN', 18, 54604, 99458, '03ef0ab309ea828a334ab9bbf929765311988a09e6b7b99bb0f5170ffa54e0ac'], // interior
  // interior
  ['2025-P01-CO-DEN', 20, 218284, 398002, 'a1e55a0774b7545ff5758c026ddb37da4e5f4cedf8310338833d72e4079f6202'],
  ['2025-P01-CO-DEN', 14, 3417, 6215, '7291b1c3f7db2fb41994ae9ca0a07bc4bd097c828905689916522294bcb5d501'], // edge
  ['2024Q3-CO-DEN', 14, 3413, 6219, 'd2f9ab91c25bcf85f390411ad13b61d6b12aeeec5da29fb3d74c216ab508d63a'], // interior
  ['2024Q3-CO-DEN', 16, 13651, 24876, '9c18d24a65a5039f0113520bc9a37596dfaede6b1c15c0026087cde7eb870f76'], // interior
  ['2024Q3-CO-DEN', 18, 54668, 99463, '276721dfbb458616dcd156ebee7312e67fc263933207428d500645d1362c5951'], // interior
  ['2024Q3-CO-DEN', 21, 436738, 795591, '14466fbd8c0d9c0ba3b5a95278b0a459d875b7a231ecf2ff5479b50f29898bd2'], // interior
  ['2024Q3-CO-DEN', 14, 3413, 6213, 'ff4bcfb3698d644befa9c08ef09202aa4e18e273713f2c925f89107261ae15d1'], // edge
  ['2024-P1-SC-IVA', 15, 8857, 13054, '6c3cca9b59a4ad707398da4e52fd9b62984e88f6ebe53b0fa4f03dc57783fb36'], // interior
  ['2024-P1-SC-IVA', 17, 35433, 52220, '887879f40b94b6c014382f1351d528af8c1d7cf840060fe5b4240f87fa40763b'], // interior
  // interior
  ['2024-P1-SC-IVA', 19, 141173, 207984, '8c2c2de7578cf2fd0452e3a02be3b75fd91e25d138a9a201877e5ab531b10043'],
  ['2024-P1-SC-IVA', 14, 4411, 6499, '62d7c5ba41ae67a4939cc22fad76c21de4d0f5395aa9a7b9383c56187045c58e'], // edge
  ['2022Q3-NV-LAS', 14, 2954, 6424, 'b93a9c37e18b97a57173bb9ae1e5daf82442c66ab772ca2deb27226f6669f395'], // interior
  ['2022Q3-NV-LAS', 18, 47227, 102738, '019f7cc5a42c85ab0c2430aad132fbf494ddc9ce60754f774b3703fba438936c'], // interior
  ['2022Q3-NV-LAS', 20, 188881, 410857, '31cf1d8ba8643ee2298afe723bc2ff3c5403235fe786f7a454f5f3603a02fea7'], // interior
  ['2022Q3-NV-LAS', 14, 2951, 6418, '7cf72cf880319bcca3f6b4d1301212aff453c368c90f4b1ca2c4eb67c7c2c68e'], // edge
  // interior
  ['2026Q4-FL-PTCH', 19, 142571, 221354, '5acabb958f551e28d1ec3834005785155543a0c04213697516418d269701e55f'],
  ['2026Q4-FL-PTCH', 14, 4454, 6917, '5e113dbc58ecc0b0b92031774673f0dcaa2ae9375a6b9d578425c61e071960ec'], // edge
  ['2025-P1-AZ-PHX', 17, 24718, 52608, '85c942b27dcc6ed03412ec9ab9850f2e722c837b95bab9b5afe4c462d2b717d8'], // interior
  ['2025-P1-AZ-PHX', 19, 98899, 210434, 'cb0b76827348f1a1b67c8139c038443342829e6d4cc02211d3e69ad7ac5dbc16'], // interior
  // interior
  ['2025-P1-AZ-PHX', 21, 395668, 842071, 'f8eb73ed65b76fea6443392d908530c21ed90cc7f7829a1e3fced90523694c57'],
  ['2025-P1-AZ-PHX', 14, 3088, 6570, '2708f2ae1e561f58fd24b6b89cd2866ac19dbeb2cd38294f10a6f009208125b4'], // edge
  ['2023Q3-TX-DAL', 15, 7573, 13225, '86c33082b1d84c27ee0535240b703a9c7d7a8529d9a0dafb5da134a8eef91be7'], // interior
  ['2023Q3-TX-DAL', 18, 60638, 105814, '9b2b2d0ce40786c90e957891b9bcad53e43c1bd3f6515abcc84b1ed5f96bc534'], // interior
  ['2023Q3-TX-DAL', 14, 3783, 6609, '29084a5bda41ff9d869c7e21c5ee9db300f3a64cd8a145acec759e3b126df04c'], // edge
  ['2023-P01-MN-MSP', 16, 15797, 23572, '2b437519b8512b8b02d430bbe9ff067afecdd36e96fc8f2099a89ea4a5dcf7fb'], // interior
  // interior
  ['2023-P01-MN-MSP', 20, 253165, 377018, '25897fdeed224aa455467158d14e5620c0b06eeaa93a2f8a8138070ddeb8adfd'],
  ['2023-P01-MN-MSP', 14, 3955, 5888, 'ed51f955675ffa5226dbd6e95afeafc3017e52c3c3eec015e2b411a5ce3d1ba7'], // edge
  ['2026-P01-MN-MSP', 17, 31578, 47160, '0e4f6982d880f97b1d09226d3ccdb541f675115e137cc7b8731826305f2950ac'], // interior
  // interior
  ['2026-P01-MN-MSP', 19, 126229, 188710, '3fa24bd18e60aa8e2a6e7f4258fa78e229b1774e09afbf18c13617f7ba403cbb'],
  ['2026-P01-MN-MSP', 14, 3943, 5893, '8dea8b83b617c4d1764672c376938f5a3058d692d24f454982fdb8184813791d'], // edge
  // boundary-inside
  ['2024Q3-CO-DEN', 17, 27304, 49714, 'f5e1b9eee18026da2b0bc6423c63561f34db349108594796640857cf3d2fdb4e'],
  ['2024Q3-CO-DEN', 17, 27303, 49714, null], // outside
  // boundary-inside
  ['2022Q3-NV-LAS', 16, 11800, 25674, 'd4156c620acf342b2f91c76e74b53ef9ee28fa0f5df4113da9cbb114c966302a'],
  ['2022Q3-NV-LAS', 16, 11799, 25674, null], // outside
  // boundary-inside
  ['2026Q4-FL-PTCH', 18, 71272, 110628, 'e7680f537b8f448d153ca62f295f1533ea9a9b50fe467333729353565206ac3c'],
  ['2026Q4-FL-PTCH', 18, 71271, 110628, null], // outside
  // boundary-inside
  ['2022Q4-MN-MSP', 16, 15776, 23563, 'e03fbb073948bcacc99fad63cbfb93922a84a117e0b4a8d3559b90648ea28239'],
  ['2022Q4-MN-MSP', 16, 15775, 23563, null], // outside
  ['SYN-000008', 16, 18076, 26312, 'beffa17b68b4a355afbc998b7b913a9793147492da04fff21ec3097982e22f7d'], // interior
  ['2022Q2-GA-ATL', 17, 34803, 52472, '9eaa71ef3948f2c9d27321d667df9f96d3c0b119b7c4c830c29587169c35dddf'], // river
  // rural-road
  ['2022-P01-NE-OMA', 18, 61160, 98020, 'c3095e8f7df231addfb5c5c9fa9efdc7f6720a7b991b76b6b6b84d866d395b0d'],
  // framing
  ['2026-P01-ID-BOI', 20, 185871, 382739, '001bbf4c3e23c5a5fa5158f528713998319e703a539a5d1c856b13ed45b6902f'],
  ['2025-P1-AZ-PHX', 19, 98957, 210318, '5bc5e39ca19717fdfb4c00aa2c2f976821ba9788d5d444890548e90c541de8fc'], // barn
  ['2023Q3-MO-KC', 17, 31099, 50021, '88f647f0d2eb39760e8617cc0fdad8186c64c06deb2bfe15d0f34ec4e590d995'], // farmyard
  ['2023-P01-CO-BLDR', 21, 435180, 793926, '6fdef7e2b6ac4405c4f9bdb410dd605e9555761bddb2b8503d56e7b9ddb8d863'], // pool
  ['2024Q3-TN-NSH', 19, 135846, 205608, 'd788c3e3df51fd7a45951c172611eeec73d8799e89ff56768d4c8d7c717b6d3d'], // slab
  ['2024Q1-NE-OMA', 16, 15299, 24515, '1672efba9ee8d6e84ded16d24bdcd8f185d82cd0b2368576c1d423e675f76e74'], // graded
  // sports-field
  ['2025-P02-CO-BLDR', 18, 54423, 99242, 'f343acadf260074c317fd615c141ff582520963190c913a24d4d81500a39f49c'],
  ['2026Q4-FL-PTCH', 16, 17822, 27662, '2a106aa127eee944b3ba50690baa9828b66e92c183a3c01d70c3532faa6000ae'], // interior
];

const PNGS: Golden[] = [
  ['2022Q4-MN-MSP', 14, 3947, 5894, '78e4bee2c03e9491cd4259e38f3166cf2363a7796d9ceb6a40c5e807175974c4'],
  ['2022Q4-MN-MSP', 14, 3944, 5890, '687064dd088faedb2db3ad404ca4c5b1c454673637dbeda993c2753e4e01ef4b'],
  ['2025-P01-CO-DEN', 20, 218284, 398002, 'd1e610d32652c9840ce94f2426d66d35d4678293155a60ead88a28901be3b70d'],
  ['2024Q3-CO-DEN', 14, 3413, 6213, '744f78e1a1e7209439737b71b6dcccb0e97620a2660ccc9ea39a6207389d75fc'],
];

function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  ];
}

describe('golden imagery', () => {
  it.each(TILES)('%s %i/%i/%i renders unchanged', (id, z, x, y, hash) => {
    const rgba = renderTile(survey(id), z, x, y);
    expect(rgba && sha256(rgba)).toBe(hash);
  });

  it.each(PNGS)('%s %i/%i/%i encodes to the same PNG', (id, z, x, y, hash) => {
    expect(sha256(encodePng(renderTile(survey(id), z, x, y)!))).toBe(hash);
  });

  it('reports the same tile coverage', () => {
    const lines: string[] = [];
    for (const id of ['2024-P1-SC-IVA', '2022Q4-MN-MSP', 'SYN-000008']) {
      const s = survey(id);
      for (const z of [11, 13, 14]) {
        const [x0, y0] = tileOf(s.bbox[0], s.bbox[3], z);
        const [x1, y1] = tileOf(s.bbox[2], s.bbox[1], z);
        for (let y = y0 - 1; y <= y1 + 1; y++) {
          for (let x = x0 - 1; x <= x1 + 1; x++) {
            lines.push(
              `${id}/${z}/${x}/${y}:${tileIntersectsFootprint(s, z, x, y) ? 1 : 0}:${tileCoverageFraction(s, z, x, y)}`,
            );
          }
        }
      }
    }
    expect(lines).toHaveLength(1291);
    expect(sha256(lines.join('\n'))).toBe('3fec4ced152064dcd2743b8715c3a1830b3519bd33a19f9238733849930afc5c');
  });

  it('reports the same ground classes', () => {
    const ids = ['2022Q4-MN-MSP', '2025-P1-AZ-PHX', '2024Q3-CO-DEN', '2026Q4-FL-PTCH'];
    const classes = ids.flatMap((id) => {
      const [w, s, e, n] = survey(id).bbox;
      // a 12×12 grid of points over the bbox, row by row from the south
      return Array.from({ length: 144 }, (_, k) =>
        groundClassAt(
          survey(id),
          w + (((k % 12) + 0.5) / 12) * (e - w),
          s + ((Math.floor(k / 12) + 0.5) / 12) * (n - s),
        ),
      );
    });
    expect(new Set(classes).size).toBe(27);
    expect(sha256(classes.join(','))).toBe('3faa3e502c707dbe5a5c608a0d97eef32a29c58d5492a1df443c3a2cc0a31342');
  });
});

describe('golden catalogs', () => {
  // Changed on purpose once: the re-published mosaics (issue 21), which left every other field as it was.
  it('builds the same demo catalog', () => {
    expect(sha256(JSON.stringify(demoCatalog()))).toBe(
      '895893b1e7a1cf7fe2b15d95190f8765473ff5d227b80b4e7b973eaa37ed8202',
    );
  });

  it('builds the same synthetic catalog', () => {
    expect(sha256(JSON.stringify(syntheticCatalog(500)))).toBe(
      '61d78a2354532d56dd09d7a2fac035f5aece65090fe6e9d62cae55e8d5add145',
    );
  });
});
