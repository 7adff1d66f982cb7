import { describe, expectTypeOf, it } from 'vitest';
import type {
  BillingStatistics,
  Channel,
  ChapterPoint,
  ChapterPointCollection,
  ClientProperty,
  EndpointInput,
  EndpointOutput,
  EndpointResult,
  endpoints,
  Event,
  EventCollection,
  EventType,
  ParsedInput,
  Room,
} from '#schema';

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

describe('types of the event, property and lookup areas', () => {
  it('takes an event state as a number or a name and answers the event', () => {
    expectTypeOf<EndpointInput<typeof endpoints.event.setState>['body']>().toEqualTypeOf<{
      state: string | number;
      waitUntilCompleted?: boolean | undefined;
    }>();
    expectTypeOf<EndpointOutput<typeof endpoints.event.setState>>().toEqualTypeOf<Event>();
    expectTypeOf<ParsedInput<typeof endpoints.event.setState>['body']>().toEqualTypeOf<{ state: number; waitUntilCompleted: boolean }>();
  });

  it('types path parameters as the record declares them', () => {
    expectTypeOf<EndpointInput<typeof endpoints.event.setExternalUpdate>['params']>().toEqualTypeOf<{ id: string; flag: boolean }>();
    expectTypeOf<EndpointInput<typeof endpoints.clientProperty.getTemplate>['params']>().toEqualTypeOf<{ templateId: string }>();
  });

  it('sends JSON Patch operations as an array', () => {
    expectTypeOf<EndpointInput<typeof endpoints.event.patch>['body']>().toEqualTypeOf<
      { op: 'replace' | 'add' | 'remove'; path: string; value?: unknown }[]
    >();
  });

  it('resolves a 410 Gone and a 204 to null', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.clientProperty.delete>>().toEqualTypeOf<null>();
    expectTypeOf<EndpointOutput<typeof endpoints.room.get>>().toEqualTypeOf<Room | null>();
    expectTypeOf<EndpointOutput<typeof endpoints.clientProperty.get>>().toEqualTypeOf<ClientProperty[] | null>();
    expectTypeOf<{ status: 410 }>().toExtend<EndpointResult<typeof endpoints.tag.delete>>();
  });

  it('leaves error statuses out of the output', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.customProperty.deleteMany>>().toEqualTypeOf<null>();
    expectTypeOf<EndpointOutput<typeof endpoints.clientProperty.create>>().toEqualTypeOf<ClientProperty[]>();
  });

  it('types a chapter point tree recursively', () => {
    expectTypeOf<ChapterPoint['children'][number]>().toEqualTypeOf<ChapterPoint>();
    expectTypeOf<EndpointOutput<typeof endpoints.search.chapterPoints>>().toEqualTypeOf<ChapterPointCollection>();
  });

  it('keeps JSON text fields strings on both sides', () => {
    expectTypeOf<EndpointInput<typeof endpoints.channel.upsert>['body']['configurationJson']>().toEqualTypeOf<string>();
    expectTypeOf<Channel['configurationJson']>().toEqualTypeOf<string>();
  });

  it('requires the id of a reference lookup and the clipping user of a clip search', () => {
    expectTypeOf<EndpointInput<typeof endpoints.event.getByReference>['query']['id']>().toEqualTypeOf<string>();
    expectTypeOf<EndpointInput<typeof endpoints.search.clips>['query']['clippingUser']>().toEqualTypeOf<string>();
    expectTypeOf<EndpointOutput<typeof endpoints.stats.billing>>().toEqualTypeOf<BillingStatistics>();
  });
});
