/**
 * The simulated targets' authorisation pages (the platform's "allow this app" screen of an OAuth
 * flow): `GET /api/sim/targets/authorise/{token}` shows what Control Room asks for, and the form
 * posts the user's decision back. Allowing activates the destination (unless the platform refuses:
 * the notAuthorised fault); denying leaves it inactive. No API key: the token (from PUT
 * /media/destination/activate/{id}) is the secret, as the state parameter of a real flow is.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DestinationTarget } from '#schema';
import type { AppExtension } from '../../http/extension.ts';
import type { Db } from '../../db/database.ts';
import type { ExtensionRoute } from '../../http/openapi.ts';
import type { Clock } from '../../jobs/clock.ts';
import type { AppServices } from '../../services.ts';
import { adapterFor, asTargetDestination, targetEnv } from './core.ts';
import { destinationByActivationToken, setActivation } from './destination-repo.ts';
import { recordChange } from '../../changes/record-entity.ts';

const ROUTES: ExtensionRoute[] = [
  {
    method: 'get',
    path: '/sim/targets/authorise/{token}',
    operationId: 'simTargets.authorisePage',
    summary: "A simulated target's authorisation page",
    description:
      'The page PUT /media/destination/activate/{id} points to while activation needs the user: it asks to allow Control Room to publish to the platform account. Simulated world, beyond the interface.',
    authenticated: false,
    responses: { 200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } }, 404: { description: 'Unknown or used token' } },
  },
  {
    method: 'post',
    path: '/sim/targets/authorise/{token}',
    operationId: 'simTargets.authorise',
    summary: 'Allow or deny on the authorisation page',
    description: 'Form field decision=allow|deny. Allowing activates the destination unless the platform refuses (fault notAuthorised).',
    authenticated: false,
    responses: { 200: { description: 'The outcome page', content: { 'text/html': { schema: { type: 'string' } } } }, 404: { description: 'Unknown or used token' } },
  },
];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const COLOURS: Record<string, string> = { SocialNetwork: '#1d4ed8', MicroBlog: '#0f172a', VideoSite: '#b91c1c', MediaPlatform: '#047857', Custom: '#475569' };

function page(title: string, targetName: string, body: string): string {
  const colour = COLOURS[targetName] ?? '#334155';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
:root{color-scheme:light dark}
body{font-family:system-ui,sans-serif;margin:0;background:Canvas;color:CanvasText;display:grid;place-items:center;min-height:100vh}
main{max-width:28rem;padding:2rem;border:1px solid #8884;border-radius:12px}
header{display:flex;gap:.75rem;align-items:center;margin-bottom:1rem}
.logo{width:2.5rem;height:2.5rem;border-radius:8px;background:${colour};color:#fff;display:grid;place-items:center;font-weight:700}
ul{padding-left:1.2rem}
.actions{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1.5rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #8886;background:transparent;color:inherit;cursor:pointer}
button.primary{background:${colour};color:#fff;border-color:${colour}}
button:focus-visible{outline:3px solid #60a5fa;outline-offset:2px}
</style></head><body><main>
<header><div class="logo" aria-hidden="true">${escape(targetName.slice(0, 1))}</div><div><strong>${escape(targetName)}</strong><div><small>Simulated platform</small></div></div></header>
${body}
</main></body></html>`;
}

export async function registerAuthoriseRoutes(
  app: FastifyInstance,
  context: { db: Db; clock: Clock; services: Pick<AppServices, 'targets'>; dataChanged(clientId: string | null): Promise<void> },
): Promise<void> {
  const { db, clock, services, dataChanged } = context;
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const gone = (reply: FastifyReply) =>
      reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('Link expired', 'Platform', '<h1>This authorisation link is no longer valid</h1><p>Check the activation of the destination again in Control Room to get a new link.</p>'));

    scope.get<{ Params: { token: string } }>('/api/sim/targets/authorise/:token', async (request, reply) => {
      const destination = await destinationByActivationToken(db, request.params.token);
      if (!destination) return gone(reply);
      const targetName = DestinationTarget.nameOf(destination.target) ?? 'Platform';
      return reply.type('text/html; charset=utf-8').send(
        page(
          `Authorise Control Room — ${targetName}`,
          targetName,
          `<h1>Allow Control Room to publish to ${escape(targetName)}?</h1>
<p>Destination <strong>${escape(destination.name)}</strong> asks for access to your ${escape(targetName)} account to:</p>
<ul><li>create live broadcasts and stream to them</li><li>upload videos and publish them</li><li>read views and statistics</li></ul>
<form method="post"><div class="actions">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
</div></form>`,
        ),
      );
    });

    scope.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>('/api/sim/targets/authorise/:token', async (request, reply) => {
      const destination = await destinationByActivationToken(db, request.params.token);
      if (!destination) return gone(reply);
      const targetName = DestinationTarget.nameOf(destination.target) ?? 'Platform';
      const allow = request.body?.decision === 'allow';
      // The platform's answer first, then one write (a plain route: no transaction around it).
      const outcome = await adapterFor(services, destination.target).authorise(targetEnv(db, clock), asTargetDestination(destination), allow);
      const now = clock.now().toISOString();
      await setActivation(
        db,
        destination.clientId,
        destination.id,
        outcome.ok
          ? { active: true, activation: { status: 'authorised', authorisedAt: now, account: outcome.account }, dateModified: clock.now() }
          : { active: false, activation: { status: 'denied', requestedAt: destination.activation.requestedAt ?? now }, dateModified: clock.now() },
      );
      await recordChange(db, clock, destination.clientId, { kind: 'destination', id: destination.id, action: 'Updated' });
      // A plain route, not an operation: the cached reads of the destination go by hand.
      await dataChanged(destination.clientId);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          outcome.ok
            ? page('Authorised', targetName, `<h1>Control Room is authorised</h1><p>The destination <strong>${escape(destination.name)}</strong> is active. You can close this window.</p>`)
            : page('Not authorised', targetName, `<h1>Not authorised</h1><p>${escape(outcome.reason)}</p><p>You can close this window.</p>`),
        );
    });
  });
}

export const authoriseExtension: AppExtension = {
  register: (app, context) => registerAuthoriseRoutes(app, context),
  routes: ROUTES,
};
