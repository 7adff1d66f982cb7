/**
 * An operator opening any page of the dashboard downloads its startup code at once. The entry
 * evaluates that code a part at a time (src/app/main.tsx), importing each part once the one before
 * has run, so that no part holds the browser for long; the page the service serves names every
 * part's scripts beforehand (vite.config.ts), or the browser would learn of each only as the part
 * before it ran: one round trip after another. The Webhooks page has no preload of its own (only
 * the common first views do), so what it names is the startup's alone.
 */
import { expect, test, type APIRequestContext } from './test.ts';

async function text(request: APIRequestContext, path: string, accept = '*/*'): Promise<string> {
  const response = await request.get(path, { headers: { Accept: accept } });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return response.text();
}

/** The scripts a built module imports statically (`from"./x.js"`), as paths on the service. */
const staticImports = (source: string, from: string): string[] =>
  [...source.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)].map((match) => new URL(match[1]!, `http://dashboard${from}`).pathname);

/** The scripts a built module may import dynamically: Vite's list of their files (`__vite__mapDeps`), as paths on the service. */
const dynamicImports = (source: string): string[] => {
  const list = source.match(/__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/)?.[1];
  return list ? (JSON.parse(list) as string[]).map((file) => `/${file}`) : [];
};

test('the page names every script of the startup, for the browser to fetch them all at once', async ({ request }) => {
  // As a browser navigating there asks for it.
  const html = await text(request, '/webhooks', 'text/html');
  const entry = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
  expect(entry, 'the entry script').toBeTruthy();
  const named = new Set([entry!, ...[...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1]!)]);

  // The entry and what it imports statically run at once; the startup's parts are what they import dynamically.
  const entrySource = await text(request, entry!);
  const startup = new Set<string>();
  for (const path of [entry!, ...staticImports(entrySource, entry!)]) {
    const source = path === entry ? entrySource : await text(request, path);
    for (const part of dynamicImports(source)) startup.add(part);
  }
  expect(startup.size, 'the entry imports its startup in parts').toBeGreaterThan(1);
  expect([...startup].filter((path) => !named.has(path)), 'startup scripts the page does not name').toEqual([]);
});
