/**
 * Where a page's first load spends its time, read from a Chrome trace (`BENCH_TRACE=<folder>` of
 * the browser bench writes one per page): the main thread's long tasks before the `first row`
 * mark with what they held (script evaluation per file, style, layout, React's work) and their CPU time, the requests
 * and when they were sent and answered, and the JavaScript's CPU samples until the first row,
 * mapped through the build's source maps to the package or source file they ran in.
 *
 *   npx tsx src/bench/trace-summary.ts .bench/trace/first-load-1.json [dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: CpuProfile; timeDeltas?: number[]; url?: string; requestId?: string; functionName?: string } };
}

interface CpuProfile {
  nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
}

const ms = (us: number) => Math.round(us / 100) / 10;

/** `node_modules/<package>` or the source file a built position came from. */
function owner(source: string): string {
  const inModules = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1]!;
  const inSrc = source.match(/src\/.*$/);
  return inSrc ? inSrc[0] : source;
}

export function summariseTrace(file: string, dist = 'dist'): string[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const mark = events.find((e) => e.name === 'first row' && e.cat.includes('blink.user_timing'));
  if (!mark) return [`${file}: no "first row" mark`];
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === mark.pid)!;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === mark.pid && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'));
  const start = navigation?.ts ?? Math.min(...onMain.filter((e) => e.ts > 0).map((e) => e.ts));
  const end = mark.ts;
  const at = (ts: number) => ms(ts - start);
  const lines = [`${basename(file)}: first row at ${at(end)} ms`];

  // Requests: sent, answered, finished (ms from navigation).
  const sent = events.filter((e) => e.name === 'ResourceSendRequest');
  const byId = (name: string, id: string) => events.find((e) => e.name === name && e.args?.data?.requestId === id);
  lines.push('requests (sent / response / finished, ms):');
  for (const request of sent.filter((e) => e.ts < end)) {
    const id = request.args!.data!.requestId!;
    const response = byId('ResourceReceiveResponse', id);
    const finish = byId('ResourceFinish', id);
    const url = String(request.args!.data!.url).replace(/^https?:\/\/[^/]+/, '');
    lines.push(`  ${at(request.ts)} / ${response ? at(response.ts) : '-'} / ${finish ? at(finish.ts) : '-'}  ${url.length > 110 ? `${url.slice(0, 110)}…` : url}`);
  }

  // Long tasks and what they held: the task's direct children, summed by kind (and script file).
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000 && e.ts < end && e.ts >= start);
  lines.push(`long tasks before the first row: ${tasks.length}`);
  for (const task of tasks) {
    const inside = onMain.filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur!);
    const kinds = new Map<string, number>();
    for (const e of inside) {
      if (!/^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|v8\.produceModuleCache|FunctionCall|TimerFire|FireAnimationFrame|RunMicrotasks|UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|ParseHTML|ParseAuthorStyleSheet|EventDispatch|V8\.GC_SCAVENGER|MajorGC|MinorGC|V8\.GCFinalizeMC|HitTest|ScheduleStyleRecalculation)$/.test(e.name)) continue;
      const url = e.args?.data?.url ?? (e.args as { fileName?: string } | undefined)?.fileName;
      const key = url ? `${e.name} ${basename(String(url))}` : e.name;
      kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0));
    }
    const top = [...kinds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
    // The thread's own time in it (tdur): on a loaded machine the wall time also holds the waits for a core.
    const cpu = (task as TraceEvent & { tdur?: number }).tdur;
    lines.push(`  at ${at(task.ts)} ms, ${ms(task.dur!)} ms${cpu === undefined ? '' : ` (CPU ${ms(cpu)} ms)`}: ${top.map(([k, d]) => `${k} ${ms(d)}`).join('; ')}`);
  }

  // CPU samples on the main thread until the first row, by package / source file: self time, and
  // (inclusive) every source file of the dashboard on the stack, for the whole load and per long task.
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    const name = basename(new URL(url).pathname);
    if (!maps.has(name)) {
      const path = join(dist, 'assets', `${name}.map`);
      maps.set(name, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
    }
    return maps.get(name)!;
  };
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid && e.id === profile?.id);
  const nodes = new Map<number, NonNullable<CpuProfile['nodes']>[number]>();
  const ownerOfNode = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const known = ownerOfNode.get(id);
    if (known) return known;
    const frame = nodes.get(id)?.callFrame;
    let key = frame?.functionName && frame.functionName.startsWith('(') ? frame.functionName : '(native or unknown)';
    if (frame?.url?.includes('/assets/')) {
      const map = mapOf(frame.url);
      const position = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
      key = position?.source ? owner(position.source) : basename(frame.url);
    }
    ownerOfNode.set(id, key);
    return key;
  };
  type Tally = { self: Map<string, number>; inclusive: Map<string, number> };
  const tally = (): Tally => ({ self: new Map(), inclusive: new Map() });
  const whole = tally();
  const perTask = tasks.map(tally);
  // The page's render and commit: from the answer of its first request for the events to the first row.
  const listRequest = sent.find((e) => e.ts < end && /\/api\/event\/\?/.test(String(e.args?.data?.url)));
  const listAnswered = listRequest ? byId('ResourceReceiveResponse', listRequest.args!.data!.requestId!)?.ts : undefined;
  const afterAnswer = tally();
  const add = (t: Tally, sample: number, us: number) => {
    t.self.set(ownerOf(sample), (t.self.get(ownerOf(sample)) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = nodes.get(id)?.parent) {
      const key = ownerOf(id);
      if (key.startsWith('src/') && !seen.has(key)) {
        seen.add(key);
        t.inclusive.set(key, (t.inclusive.get(key) ?? 0) + us);
      }
    }
  };
  let time = (profile?.args?.data?.startTime as number | undefined) ?? 0;
  for (const chunk of chunks) {
    const cpu = chunk.args!.data!.cpuProfile!;
    for (const node of cpu.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args!.data!.timeDeltas ?? [];
    for (const [i, sample] of (cpu.samples ?? []).entries()) {
      time += deltas[i] ?? 0;
      if (time < start || time > end) continue;
      const us = deltas[i + 1] ?? deltas[i] ?? 0;
      add(whole, sample, us);
      if (listAnswered !== undefined && time >= listAnswered) add(afterAnswer, sample, us);
      const index = tasks.findIndex((task) => time >= task.ts && time <= task.ts + task.dur!);
      if (index >= 0) add(perTask[index]!, sample, us);
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `${ms(us)} ${key}`);
  const total = [...whole.self.values()].reduce((a, b) => a + b, 0);
  lines.push(`JavaScript samples until the first row (${ms(total)} ms sampled), self time by package or file:`);
  for (const line of top(whole.self, 25)) lines.push(`  ${line}`);
  lines.push('dashboard source files on the stack (inclusive):');
  for (const line of top(whole.inclusive, 20)) lines.push(`  ${line}`);
  if (listAnswered !== undefined) {
    const sampled = [...afterAnswer.self.values()].reduce((a, b) => a + b, 0);
    lines.push(`from the events' answer (${at(listAnswered)} ms) to the first row: ${ms(sampled)} ms sampled; self ${top(afterAnswer.self, 12).join('; ')}`);
    lines.push(`    on the stack: ${top(afterAnswer.inclusive, 25).join('; ')}`);
  }
  for (const [i, task] of tasks.entries()) {
    lines.push(`task at ${at(task.ts)} ms (${ms(task.dur!)} ms): self ${top(perTask[i]!.self, 8).join('; ')}`);
    lines.push(`    on the stack: ${top(perTask[i]!.inclusive, 12).join('; ')}`);
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of summariseTrace(process.argv[2]!, process.argv[3])) console.log(line);
}
