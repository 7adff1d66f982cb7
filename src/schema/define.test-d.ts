import { describe, expectTypeOf, it } from 'vitest';
import { type endpoints, type EndpointInput, type EndpointOutput, type EndpointResult, type EventType, type EventCollection } from '#schema';

describe('types inferred from operation records', () => {
  it('input has params, query and body only where the operation has them', () => {
    expectTypeOf<EndpointInput<typeof endpoints.eventType.update>>().toEqualTypeOf<
      { params: { id: string } } & { query?: undefined } & {
        body: { name: string; referenceId?: string | null | undefined; colour: string };
      }
    >();
    expectTypeOf<EndpointInput<typeof endpoints.eventType.list>>().toEqualTypeOf<
      { params?: undefined } & { query?: { noCache?: boolean | undefined } } & { body?: undefined }
    >();
  });

  it('a required query parameter makes the query required', () => {
    expectTypeOf<EndpointInput<typeof endpoints.eventType.getByReference>['query']>().toEqualTypeOf<{
      id: string;
      noCache?: boolean | undefined;
    }>();
  });

  it('output is the union of success bodies, 204 as null', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.eventType.get>>().toEqualTypeOf<EventType | null>();
    expectTypeOf<EndpointOutput<typeof endpoints.eventType.events>>().toEqualTypeOf<EventCollection>();
    expectTypeOf<EndpointOutput<typeof endpoints.eventType.delete>>().toEqualTypeOf<null>();
  });

  it('a handler result names a declared success status', () => {
    expectTypeOf<{ status: 204 }>().toExtend<EndpointResult<typeof endpoints.eventType.get>>();
    expectTypeOf<{ status: 201; body: null }>().not.toExtend<EndpointResult<typeof endpoints.eventType.get>>();
  });
});
