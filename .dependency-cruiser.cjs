/**
 * Who may import whom (docs/architecture.md#the-layers, docs/decisions.md), checked by
 * dependency-cruiser in `npm run deps` and in `npm test`. Paths are regular expressions over
 * paths relative to the repository root. Type-only imports count like any other: a type import
 * still couples two modules, and the rule must hold for code an outside author copies.
 *
 * Browser code: core/ (except core/common), shell/, plugins/*\/web, examples/*\/web.
 * Server code: server/, plugins/*\/server. Shared (isomorphic): core/common, plugins/*\/common.
 * Test code (*.test.ts(x), tests/, bench/, scripts/) assembles the app, so it is exempt from the
 * plugin/host rules, but not from the browser/server split where it would be bundled.
 */

// TypeScript 7 has no JavaScript compiler API, so dependency-cruiser cannot use `tsc` here: it
// parses with swc (`parser: 'swc'`, @swc/core). dependency-cruiser 17 (the last line that runs on
// Node 20; 18 needs Node 22) hands swc fixed options without `tsx`, so a .tsx file with JSX stops
// the whole run. 18.3 fixed that upstream (sverweij/dependency-cruiser#1086: `tsx` by extension);
// this applies the same option on Node 20. dependency-cruiser imports @swc/core's CommonJS exports
// object, the one `require` returns here, so wrapping its parseFileSync before the first file is
// parsed is enough. Remove with the move to dependency-cruiser >= 18.3.
const swc = require('@swc/core');
if (!swc.parseFileSync.polycueTsx) {
  const parseFileSync = swc.parseFileSync;
  swc.parseFileSync = Object.assign(
    (file, options) => parseFileSync(file, { ...options, tsx: /\.[jt]sx$/.test(file) }),
    {
      polycueTsx: true,
    },
  );
}

const TESTS = '(\\.test\\.tsx?$|^tests/|^bench/|^scripts/)';
// Optional plugins: every folder of plugins/ but the kernel (scripts/lib/kernel-plugins.json).
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const KERNEL = JSON.parse(readFileSync(path.join(__dirname, 'scripts/lib/kernel-plugins.json'), 'utf8')).kernel;
const OPTIONAL = readdirSync(path.join(__dirname, 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !KERNEL.includes(entry.name))
  .map((entry) => entry.name);
const BROWSER = '^(core/(?!common/)|shell/|plugins/[^/]+/web/|examples/[^/]+/web/)';
const SERVER = '^(server/|plugins/[^/]+/server/)';
const REPO = '^(core|shell|plugins|server|examples|tests|bench|scripts)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-knows-no-feature',
      comment:
        'core/ is the kernel every plugin builds on: it knows no feature, no shell and no server (docs/architecture.md#the-layers).',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(shell|plugins|server|examples)/' },
    },
    {
      name: 'core-common-self-contained',
      comment:
        'core/common is the contract both sides share (and outside plugins build against): it imports nothing else of the repository, so it can never drag browser or server code into the other side.',
      severity: 'error',
      from: { path: '^core/common/' },
      to: { path: REPO, pathNot: '^core/common/' },
    },
    {
      name: 'browser-not-to-server',
      comment:
        'Browser code is bundled for the page: server modules there would ship secrets, Node built-ins and database code to every visitor. Holds for test files too (Vitest bundles them the same way).',
      severity: 'error',
      from: { path: BROWSER },
      to: { path: SERVER },
    },
    {
      name: 'server-not-to-browser',
      comment:
        'Server code runs in Node: the browser kernel (core/model, core/services, core/ui), the shell and plugin web code assume a DOM and the web container. What both sides need lives in core/common or a plugin common/.',
      severity: 'error',
      from: { path: SERVER },
      to: { path: '^(shell/|plugins/[^/]+/web/|examples/[^/]+/web/|core/(?!common/))' },
    },
    {
      name: 'plugin-common-isomorphic',
      comment:
        "A plugin's common/ is its contract, loaded by its web and its server side alike: it may import only core/common and plugins' common/ folders, never one side.",
      severity: 'error',
      from: { path: '^plugins/[^/]+/common/', pathNot: TESTS },
      to: { path: REPO, pathNot: '^(core/common/|plugins/[^/]+/common/)' },
    },
    {
      name: 'plugins-not-to-shell',
      comment:
        'The shell knows plugins only through the registry; a plugin reaches it only through core/ (its extension points and services).',
      severity: 'error',
      from: { path: '^plugins/', pathNot: TESTS },
      to: { path: '^shell/' },
    },
    {
      name: 'plugin-server-through-plugin-api',
      comment:
        "server/plugin-api is the one door from a plugin's server code into the host: the host can reorganise everything behind it, and the door is the whole server contract a plugin relies on.",
      severity: 'error',
      from: { path: '^plugins/[^/]+/server/', pathNot: TESTS },
      to: { path: '^server/', pathNot: '^server/plugin-api(/index)?\\.ts$' },
    },
    {
      name: 'host-not-to-plugins',
      comment:
        'The host (server/) knows no feature: plugins are discovered and registered by server/plugins.ts alone, so adding or removing a plugin is adding or removing its folder.',
      severity: 'error',
      from: { path: '^server/', pathNot: `^server/plugins\\.ts$|${TESTS}` },
      to: { path: '^plugins/' },
    },
    {
      name: 'cross-plugin-through-contracts',
      comment:
        "A plugin reaches another only through that plugin's common/ (types, schemas, service tokens) or its declared extension points (web/extension-points.ts from web code, server/extension-points.ts from server code; the other pairings are caught by the browser/server rules). Internals stay free to change.",
      severity: 'error',
      from: { path: '^plugins/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^plugins/',
        pathNot: ['^plugins/$1/', '^plugins/[^/]+/common/', '^plugins/[^/]+/(web|server)/extension-points\\.ts$'],
      },
    },
    {
      name: 'cli-is-an-api-client',
      comment:
        'The command-line client (cli/) talks to the server over HTTP like any outside script: its request and response types are generated from the OpenAPI document (cli/generated, docs/cli.md); it may share constants of the contracts (core/common, plugins/*/common), never server or browser code.',
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: REPO, pathNot: ['^core/common/', '^plugins/[^/]+/common/'] },
    },
    {
      name: 'optional-plugins-stand-alone',
      comment:
        "An optional plugin (every folder of plugins/ but the kernel, scripts/lib/kernel-plugins.json) must leave a working product when its folder is removed, so no other plugin imports anything of it, its contracts included: plugins meet through a kernel plugin's extension points and services (docs/plugins.md section 10; `npm run check:removal` proves it). Tests that need it go with it.",
      severity: 'error',
      from: { path: '^plugins/([^/]+)/', pathNot: TESTS },
      to: { path: `^plugins/(${OPTIONAL.join('|')})/`, pathNot: '^plugins/$1/' },
    },
    {
      name: 'no-circular-in-host',
      comment:
        'A cycle in the host makes start-up order depend on which module loads first; the host stays a tree of layers.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^server/', circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import the checker cannot resolve is an import no rule checks: every import of repository code must resolve.',
      severity: 'error',
      from: { path: '^(core|shell|plugins|server|tests|bench|scripts)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    doNotFollow: { path: 'node_modules' },
    // `npm run deps` cruises the whole repository: everything but build output, installs and what .gitignore keeps out.
    exclude: {
      path: '(^|/)(dist|node_modules|\\.tmp)/|^(\\.git|data|test-results|playwright-report|installed-plugins|bench/results)/',
    },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.json', '.d.ts'],
      // Packages' `exports` maps (ESM-only packages such as inversify have nothing else).
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
