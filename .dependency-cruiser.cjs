/**
 * The layers, checked in `npm test` (npm run check:structure):
 *   src/app (the shell) → src/features/<name> → the engine and shared viewer code (src/map, src/api, src/auth,
 *   src/area, src/catalog, src/state, src/links, src/ui, src/workers) → core/ (shared with the service).
 * A feature imports another feature only through its public index.ts, and the shell a feature only through index.ts
 * or on-demand.ts; features depend on each other in no circle; server/ and src/ import each other never; core/
 * imports neither; and there are no cycles of modules.
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
      from: { path: '^src/(map|api|auth|area|catalog|state|links|ui|units|format|workers)/' },
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
      name: 'no-feature-cycles',
      comment:
        'Features do not depend on each other in a circle (type-only imports count): a notion two features share ' +
        "moves down (src/catalog/ for the catalog's queries), or they meet in the app shell or through a store.",
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/features/[^/]+' },
      to: { path: '^src/features/[^/]+', circular: true },
    },
    {
      name: 'app-through-feature-entries',
      comment:
        'The app shell composes features through their public entries only: index.ts, and on-demand.ts for the part ' +
        'a feature loads lazily (tests may reach inside to set up a state).',
      severity: 'error',
      from: { path: '^src/app/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/features/', pathNot: '^src/features/[^/]+/(index|on-demand)\\.tsx?$' },
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
