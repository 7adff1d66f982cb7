/** A request's write of the archiver on the change feed (`event: archiver` messages), in its transaction. */
import { recordChanges } from '../../changes/record-entity.ts';
import type { RequestContext } from '../../http/implement.ts';

/** Puts a write on the change feed, in the request's transaction. */
export function changed(ctx: RequestContext, kind: 'capture' | 'profile' | 'stream' | 'flow', id: string | number, action: 'Added' | 'Updated' | 'Deleted') {
  return recordChanges(ctx.db, ctx.clock, ctx.client.clientId, [{ kind, id: String(id), action }]);
}
