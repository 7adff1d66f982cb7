/**
 * No import cycles, and no area reaching into another's internals (docs/README.md "Areas").
 *
 * The graph is built from the sources with the TypeScript parser: value imports and re-exports
 * (`import type` and type-only names are left out: they vanish at run time), relative and `#`
 * specifiers. A cycle is a strongly connected component of more than one file (or a file
 * importing itself). The lint zones in eslint.config.js forbid the internals; this test checks the
 * cycles, which a lint rule sees only file by file.
 *
 * Covered: the folders in ROOTS, the dashboard included. The areas are also checked as wholes:
 * with each area's files taken as one node, no area may reach itself again through another, so
 * pages/event -> pages/compose -> pages/event fails even when no single file closes the loop.
 * That holds for the dashboard's page areas (src/pages/<area>, docs/README.md "Page areas") and
 * for the server's (src/server/areas/<area>, and the change log, src/server/changes; README
 * "Areas"): they form a tree, e.g. event <- live <- compose, event <- asset <- syndication.
 * The router's lazy `import()`s are not imports here: they load a route when it is visited.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROOTS = ['src/server', 'src/schema', 'src/client', 'src/app', 'src/pages', 'src/components'];
const ALIASES: Record<string, string> = {
  '#schema': 'src/schema/index.ts',
  '#client': 'src/client/index.ts',
  '#schema/': 'src/schema/',
  '#client/': 'src/client/',
  '#server/': 'src/server/',
  '#testing/': 'src/testing/',
  '#app/': 'src/app/',
  '#pages/': 'src/pages/',
  '#components/': 'src/components/',
};

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'migrations' && name !== 'node_modules') filesUnder(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(repo, path));
  }
  return out;
}

function target(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return relative(repo, resolve(repo, dirname(from), specifier));
  if (ALIASES[specifier]) return ALIASES[specifier];
  const alias = Object.keys(ALIASES).find((a) => a.endsWith('/') && specifier.startsWith(a));
  return alias ? ALIASES[alias] + specifier.slice(alias.length) : undefined;
}

/** What a file imports at run time. */
export function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(repo, file), 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
    } else continue;
    const to = target(file, (statement.moduleSpecifier as ts.StringLiteral).text);
    if (to) out.push(to);
  }
  return out;
}

/** Strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const root of ROOTS) for (const file of filesUnder(join(repo, root))) graph.set(file, runtimeImports(file));
  return graph;
}

/** A page area's folder (src/pages/<area>) for its files; any other file stays itself. */
function pageAreaOf(file: string): string {
  return /^src\/pages\/[^/]+(?=\/)/.exec(file)?.[0] ?? file;
}

/** A server area's folder (src/server/areas/<area>, or src/server/changes) for its files; any other file stays itself. */
function serverAreaOf(file: string): string {
  return /^src\/server\/(areas\/[^/]+|changes)(?=\/)/.exec(file)?.[0] ?? file;
}

/** The cycles of the graph with each file taken as the area `areaOf` names (files outside areas stay themselves, and carry paths between areas). */
function areaCycles(areaOf: (file: string) => string): string[][] {
  const areas = new Map<string, Set<string>>();
  for (const [file, imports] of importGraph()) {
    const from = areaOf(file);
    const to = areas.get(from) ?? new Set<string>();
    for (const imported of imports) if (areaOf(imported) !== from) to.add(areaOf(imported));
    areas.set(from, to);
  }
  return cycles(new Map([...areas].map(([area, to]) => [area, [...to]])));
}

describe('the import graph of the server, the schema module, the client and the dashboard', () => {
  it('has no cycles', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('has no cycles between page areas', () => {
    expect(areaCycles(pageAreaOf)).toEqual([]);
  });

  it('has no cycles between server areas', () => {
    expect(areaCycles(serverAreaOf)).toEqual([]);
  });
});
