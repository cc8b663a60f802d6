/**
 * The layers, checked in `npm test` (npm run check:structure):
 *   src/app (the shell) → src/features/<name> → the engine and shared viewer code (src/map, src/api, src/auth,
 *   src/area, src/state, src/links, src/ui, src/workers) → core/ (shared with the service).
 * A feature imports another feature only through its public index.ts; server/ never imports src/; core/ imports
 * neither; and there are no cycles.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-not-to-viewer',
      comment: 'The service (and gateway) share code with the viewer only through core/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'core-stands-alone',
      comment: 'core/ is shared by the viewer, the service, bench and scripts: it imports neither side.',
      severity: 'error',
      from: { path: '^core/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'no-upward-to-app',
      comment: 'Only main.tsx imports the app shell; features and shared code are composed by it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app/|main\\.tsx$)' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-not-to-features',
      comment: 'The engine and shared viewer code know no feature; features reach the map through its slots.',
      severity: 'error',
      from: { path: '^src/(map|api|auth|area|state|links|ui|units|format|workers)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'feature-not-into-another-feature',
      comment: "A feature uses another only through that feature's index.ts; prefer composing them in src/app.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'viewer-not-to-service',
      comment: 'The viewer shares code with the service only through core/ (its tests talk to a running one).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'no-circular',
      comment: 'No cycles of imports that run code (a type-only import back is not one).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|public|docs|reports|\\.stryker-tmp)/|(^|/)\\.(dist|results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
