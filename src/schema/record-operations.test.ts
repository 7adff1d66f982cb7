import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ErrorBodySchema, Guid, IdParams } from './common.ts';
import { defineArea, type EndpointInput, type EndpointOutput } from './define.ts';
import { recordOperations } from './record-operations.ts';

const Widget = z.object({ id: Guid, name: z.string() });
const WidgetBody = z.object({ name: z.string() });
const STALE = ['room', 'event'] as const;

describe('the standard operations of a record resource', () => {
  const rooms = recordOperations({ kind: 'room', path: '/room/', role: 'admin', schema: Widget, invalidates: STALE });
  const area = defineArea('room', {
    list: rooms.list('List rooms'),
    get: rooms.get('Get a room'),
    create: rooms.create('Add a room', { body: WidgetBody }),
    update: rooms.update('Update a room', { body: WidgetBody, responses: { 200: Widget, 400: ErrorBodySchema } }),
    delete: rooms.delete('Delete a room', { responses: { 410: null } }),
    rename: rooms.action('PUT', '/room/rename/{id}', 'Rename a room', { body: WidgetBody }),
    renameByBody: rooms.update('Rename a room by the id in its body', { path: '/room/', params: undefined, resource: { kind: 'room', id: 'body.id' } }),
  });

  it('declares each from the shared fields', () => {
    expect(area.list).toMatchObject({ method: 'GET', path: '/room/', role: 'viewer', invalidates: [] });
    expect(area.list.responses[200]).toBeInstanceOf(z.ZodArray);
    expect(area.get).toMatchObject({ method: 'GET', path: '/room/{id}', resource: { kind: 'room', id: 'params.id' }, params: IdParams, responses: { 200: Widget } });
    expect(area.create).toMatchObject({ method: 'POST', path: '/room/', role: 'admin', resource: { kind: 'room' }, body: WidgetBody, responses: { 200: Widget } });
    expect(area.update).toMatchObject({ method: 'PUT', path: '/room/{id}', role: 'admin', resource: { kind: 'room', id: 'params.id' }, params: IdParams });
    expect(area.rename).toMatchObject({ method: 'PUT', path: '/room/rename/{id}', role: 'admin', resource: { kind: 'room', id: 'params.id' }, params: IdParams });
  });

  it('lets an operation say what it does differently, and drops a field it gives as undefined', () => {
    expect(area.update.responses).toEqual({ 200: Widget, 400: ErrorBodySchema });
    expect(area.delete.responses).toEqual({ 410: null });
    expect(area.renameByBody.path).toBe('/room/');
    expect('params' in area.renameByBody).toBe(false);
    expect(area.renameByBody.resource).toEqual({ kind: 'room', id: 'body.id' });
  });

  it("stales what shows a record on a change to one, and only the area's own queries on a create", () => {
    expect(area.update.invalidates).toEqual(STALE);
    expect(area.delete.invalidates).toEqual(STALE);
    expect(area.rename.invalidates).toEqual(STALE);
    expect(area.create.invalidates).toEqual(['room']);
  });

  it('names the record on a get only for a kind with versions (for its ETag)', () => {
    const assets = recordOperations({ kind: 'asset', path: '/asset/', role: 'operator', schema: Widget });
    expect('resource' in assets.get('Get an asset')).toBe(false);
    expect(assets.delete('Delete an asset').resource).toEqual({ kind: 'asset', id: 'params.id' });
  });

  it('takes another name for the id', () => {
    const EventIdParams = z.object({ eventId: Guid });
    const playlists = recordOperations({ kind: 'compose', path: '/compose/', id: 'eventId', params: EventIdParams, role: 'operator', schema: Widget });
    const get = playlists.get('Get a playlist');
    expect(get).toMatchObject({ path: '/compose/{eventId}', resource: { kind: 'compose', id: 'params.eventId' }, params: EventIdParams });
    expectTypeOf(get.path).toEqualTypeOf<'/compose/{eventId}'>();
  });

  it('keeps the types a caller and a handler see', () => {
    expectTypeOf<EndpointInput<typeof area.update>>().toEqualTypeOf<
      { params: { id: string } } & { query?: undefined } & { body: { name: string } }
    >();
    expectTypeOf<EndpointOutput<typeof area.delete>>().toEqualTypeOf<null>();
    expectTypeOf<EndpointOutput<typeof area.list>>().toEqualTypeOf<{ id: string; name: string }[]>();
  });
});
