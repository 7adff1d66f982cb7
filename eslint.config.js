// The one lint config. Beyond the recommended rules it enforces DESIGN.md's import boundaries:
// each folder of src/ says who may import it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// A leading \\ keeps '#' literal: these patterns use .gitignore syntax, where '#' starts a comment.
const ui = ['\\#app/*', '\\#pages/*', '\\#components/*', '**/app/**', '**/pages/**', '**/components/**'];
const server = ['\\#server/*', '**/server/**'];
const testing = ['\\#testing/*', '**/testing/**'];
const client = ['\\#client', '\\#client/*', '**/client/**'];
const nodeAndFrameworks = ['node:*', 'fastify', 'fastify*', '@fastify/*', 'drizzle-orm*', 'pg', '@electric-sql/*', 'pino'];
const react = ['react', 'react-*', 'react/*', '@mui/*', '@tanstack/*', '@emotion/*'];

/** `no-restricted-imports` for one folder: what it may not import, and why (and further patterns, e.g. `regex` ones). */
function boundary(files, groups, message, paths = [], more = []) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }, ...more], paths }] } };
}

// Server areas have a front door (src/server/areas/<area>/index.ts): another area, the demo,
// the sim or the bench import that, never the area's other files. Only the app's wiring
// (areas/index.ts: routes and jobs; app.ts, main.ts, services.ts: extensions and
// settings) reaches an area's routes.ts, jobs.ts and extension files.
const frontDoor = 'Import another area through its front door, src/server/areas/<area>/index.ts (docs/README.md "Areas").';
const areasInternals = { regex: '(^|/)areas/[^/]+/(?!index\\.ts$)[^/]+$', message: frontDoor };
// From inside an area: `../<other area>/<file>`.
const siblingAreasInternals = { regex: '^\\.\\./[^./][^/]*/(?!index\\.ts$)[^/]+$', message: frontDoor };
const wiring = ['src/server/app.ts', 'src/server/main.ts', 'src/server/services.ts', 'src/server/areas/index.ts'];

// Page areas have a front door too (src/pages/<area>/index.ts): another page area, the app and
// the shared components import that, never the area's other files; inside an area, import
// relatively. Only the router reaches a page module itself (with a lazy import(), which this rule
// does not see), so each route stays its own chunk.
const pageFrontDoor = 'Import another page area through its front door, src/pages/<area>/index.ts (docs/README.md "Page areas").';
const pagesInternals = { regex: '^#pages/[^/]+/(?!index\\.ts$).+', message: pageFrontDoor };
// From a file of an area (src/pages/<area>/<file>): `../<other area>/<file>`; one folder down, `../../<other area>/<file>`.
const siblingPagesInternals = { regex: '^\\.\\./[^./][^/]*/(?!index\\.ts$).+', message: pageFrontDoor };
const cousinPagesInternals = { regex: '^\\.\\./\\.\\./[^./][^/]*/(?!index\\.ts$).+', message: pageFrontDoor };

/**
 * An area's handlers hold no queries (docs/README.md "One handler shape"): a file that registers
 * handlers (calls `implement(...)`, or defines an `AppExtension`) imports neither drizzle-orm nor
 * the tables; its queries are in the area's repository (repo.ts). Types of rows may be imported.
 * A file of `implement(...)`s exports its list of them (`export const xRoutes: Implementation[]`)
 * and nothing else: what route files share lives in a module of the area.
 */
const handlersWithoutQueries = {
  meta: {
    type: 'problem',
    messages: {
      query: "{{source}}: a file that registers handlers has no queries; put them in the area's repository (repo.ts).",
      export: 'A route file exports its list of handlers (Implementation[]) only; move what others use to a module of the area.',
    },
  },
  create(context) {
    const queryImports = [];
    const exports = [];
    let registers = false;
    let implementsOperations = false;
    const isRouteList = (node) =>
      node.declaration?.type === 'VariableDeclaration' &&
      node.declaration.declarations.every((d) => {
        const t = d.id.typeAnnotation?.typeAnnotation;
        return t?.type === 'TSArrayType' && t.elementType.type === 'TSTypeReference' && t.elementType.typeName.name === 'Implementation';
      });
    const typeOnly = (node) => node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if ((/^drizzle-orm($|\/)/.test(source) || /(^|\/)db\/tables(\/|$)/.test(source)) && !typeOnly(node)) queryImports.push(node);
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'implement') registers = implementsOperations = true;
      },
      ExportNamedDeclaration(node) {
        if (node.exportKind !== 'type' && !isRouteList(node)) exports.push(node);
      },
      VariableDeclarator(node) {
        const annotation = node.id.typeAnnotation?.typeAnnotation;
        if (annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' && annotation.typeName.name === 'AppExtension') registers = true;
      },
      'Program:exit'() {
        if (registers) for (const node of queryImports) context.report({ node, messageId: 'query', data: { source: node.source.value } });
        if (implementsOperations) for (const node of exports) context.report({ node, messageId: 'export' });
      },
    };
  },
};
const house = { rules: { 'handlers-without-queries': handlersWithoutQueries } };

/** Pages read and write the URL's query through one hook, which renders a write at once. */
const urlParamsOnlyThroughTheHook = [
  { name: 'react-router', importNames: ['useSearchParams'], message: 'Use useUrlParams (#components/use-url-params.ts): it writes the URL without losing a quick second click.' },
  { name: '@mui/material/Tooltip', message: "Use Tooltip from #components/tooltip.tsx: MUI's renders again in the task that commits it (docs/README.md \"Lists\")." },
  { name: '@mui/material', importNames: ['Tooltip'], message: "Use Tooltip from #components/tooltip.tsx: MUI's renders again in the task that commits it (docs/README.md \"Lists\")." },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '.bench/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/{app,pages,components}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  boundary(['src/schema/**'], [...ui, ...server, ...testing, ...client, ...nodeAndFrameworks, ...react], 'src/schema imports only zod (DESIGN.md: Layout).'),
  boundary(['src/client/**'], [...ui, ...server, ...testing, ...nodeAndFrameworks], 'src/client imports only the schema module.'),
  // Page tests render against the real in-process service (src/testing), as DESIGN.md asks.
  boundary(['src/{app,pages,components}/**/!(*.test).{ts,tsx}'], [...server, ...testing, ...nodeAndFrameworks], 'UI code talks to the service only through #client.', urlParamsOnlyThroughTheHook, [pagesInternals]),
  boundary(['src/pages/*/!(*.test).{ts,tsx}'], [...server, ...testing, ...nodeAndFrameworks], 'UI code talks to the service only through #client.', urlParamsOnlyThroughTheHook, [pagesInternals, siblingPagesInternals]),
  boundary(['src/pages/*/*/**/!(*.test).{ts,tsx}'], [...server, ...testing, ...nodeAndFrameworks], 'UI code talks to the service only through #client.', urlParamsOnlyThroughTheHook, [pagesInternals, cousinPagesInternals]),
  // Page tests render against the in-process service, and reach other areas through their front doors too.
  { files: ['src/{app,pages,components}/**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [pagesInternals] }] } },
  { files: ['src/pages/*/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [pagesInternals, siblingPagesInternals] }] } },
  { files: ['src/pages/*/*/**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [pagesInternals, cousinPagesInternals] }] } },
  {
    // Every Select records its value box in a transition through the theme's SelectDisplayProps
    // (src/components/select-display.tsx); a Select's own SelectDisplayProps would replace them.
    files: ['src/{app,pages,components}/**/*.{ts,tsx}'],
    ignores: ['src/app/theme.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "JSXAttribute[name.name='SelectDisplayProps'], Property[key.name='SelectDisplayProps']",
        message: "The theme's SelectDisplayProps record every Select's value box in a transition (src/components/select-display.tsx); passing your own replaces them.",
      }],
    },
  },
  boundary(['src/components/use-url-params.ts'], [...server, ...testing, ...nodeAndFrameworks], 'UI code talks to the service only through #client.'),
  boundary(['e2e/**/*.spec.ts'], ['@playwright/test'], "Specs take test and expect from e2e/test.ts, which points each worker at its own service."),
  {
    ...boundary(['src/server/**/!(*.test).ts'], [...ui, ...client, ...testing, ...react], 'The server imports the schema module, never UI or client code.', [], [areasInternals]),
    ignores: [...wiring, 'src/server/areas/*/**'],
  },
  boundary(['src/server/areas/*/**/!(*.test).ts'], [...ui, ...client, ...testing, ...react], 'The server imports the schema module, never UI or client code.', [], [areasInternals, siblingAreasInternals]),
  boundary(wiring, [...ui, ...client, ...testing, ...react], 'The server imports the schema module, never UI or client code.'),
  {
    files: ['src/server/areas/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { house },
    rules: { 'house/handlers-without-queries': 'error' },
  },
  {
    // Command-line entry points print to the terminal by design.
    files: ['src/server/keys-cli.ts', 'src/bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
