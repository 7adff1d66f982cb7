/**
 * Fastify's logger of each request (`request.log`), made only once something is logged at a level
 * the service logs. pino serialises a child's bindings when it makes one: ~6 µs a request, a
 * tenth of a cache hit's ~66 µs, for a logger most requests never use (requests log at debug
 * level, app.ts; the service runs at info or warn). A child asked of it (auth.ts binds the client
 * to every authenticated request's) is as lazy: made, with its parent, when it first logs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

type LogMethod = (...args: unknown[]) => void;
/** What a lazy logger asks of the logger it stands below until it is made. */
type Levelled = Pick<FastifyBaseLogger, 'level'> & { isLevelEnabled(level: string): boolean };

export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  // A route's own level changes what is enabled: no shortcut then.
  if (options.level) return logger.child(bindings, options);
  return lazyChild(logger as FastifyBaseLogger & Levelled, () => logger.child(bindings, options));
}

/** A logger that is `make()` once it logs (or its level is set), and until then answers for `above`'s levels. */
function lazyChild(above: Levelled, make: () => FastifyBaseLogger): FastifyBaseLogger {
  let made: (FastifyBaseLogger & Levelled) | undefined;
  const real = () => (made ??= make() as FastifyBaseLogger & Levelled);
  const lazy = {
    get level() {
      return (made ?? above).level;
    },
    set level(level: string) {
      real().level = level;
    },
    isLevelEnabled: (level: string) => (made ?? above).isLevelEnabled(level),
    child: (more: Bindings, moreOptions?: ChildLoggerOptions): FastifyBaseLogger =>
      moreOptions?.level ? real().child(more, moreOptions) : lazyChild(lazy as unknown as Levelled, () => real().child(more, moreOptions)),
    silent: () => undefined,
  } as Record<string, unknown>;
  for (const level of LEVELS) {
    lazy[level] = ((...args: unknown[]) => {
      if (made || above.isLevelEnabled(level)) (real()[level] as LogMethod)(...args);
    }) satisfies LogMethod;
  }
  return lazy as unknown as FastifyBaseLogger;
}
