import { describe, expectTypeOf, it } from 'vitest';
import type {
  endpoints,
  ArchiverStream,
  Capture,
  ComposePlaylist,
  EndpointInput,
  EndpointOutput,
  EventWebhook,
  PublicationPage,
  VodDownload,
} from '#schema';

describe('types inferred from the media, compose and archiver records', () => {
  it('a hyphenated path parameter keeps its name', () => {
    expectTypeOf<EndpointInput<typeof endpoints.asset.sync>['params']>().toEqualTypeOf<{ 'event-id': string }>();
  });

  it('path parameters are spelled as the interface spells them', () => {
    expectTypeOf<EndpointInput<typeof endpoints.vodDownload.deleteForEvent>['params']>().toEqualTypeOf<{ eventid: string }>();
    expectTypeOf<EndpointInput<typeof endpoints.vodDownload.listForEvent>['params']>().toEqualTypeOf<{ eventId: string }>();
    expectTypeOf<EndpointInput<typeof endpoints.webhook.listForEvent>['params']>().toEqualTypeOf<{ eventsId: string }>();
  });

  it('archiver stream ids are numbers', () => {
    expectTypeOf<EndpointInput<typeof endpoints.archiverStream.get>['params']>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<EndpointOutput<typeof endpoints.archiverStream.delete>>().toEqualTypeOf<ArchiverStream>();
  });

  it('compose add answers an id; clone answers the playlist', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.compose.create>>().toEqualTypeOf<string>();
    expectTypeOf<EndpointOutput<typeof endpoints.compose.clone>>().toEqualTypeOf<ComposePlaylist>();
  });

  it('a capture list is captures or ids', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.archiverCapture.list>>().toEqualTypeOf<Capture[] | string[]>();
  });

  it('204 and 410 resolve to null', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.webhook.listForEvent>>().toEqualTypeOf<EventWebhook[] | null>();
    expectTypeOf<EndpointOutput<typeof endpoints.vodDownload.get>>().toEqualTypeOf<VodDownload | null>();
    expectTypeOf<EndpointOutput<typeof endpoints.vodDownload.delete>>().toEqualTypeOf<null>();
  });

  it('a declared 400 is not a success body', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.archiverflow.create>>().toEqualTypeOf<{ id: string; name: string; configurationJson: string; version?: number }>();
  });

  it('the direct VOD publication list is a page', () => {
    expectTypeOf<EndpointOutput<typeof endpoints.directVodPublication.list>>().toEqualTypeOf<PublicationPage>();
  });

  it('a direct destination is added with its target name (text)', () => {
    expectTypeOf<EndpointInput<typeof endpoints.destination.create>['body']['target']>().toEqualTypeOf<string>();
    expectTypeOf<EndpointInput<typeof endpoints.mediaDestination.create>['body']['target']>().toEqualTypeOf<string | number>();
  });

  it('query parameters keep the interface casing', () => {
    expectTypeOf<EndpointInput<typeof endpoints.vodDownload.purgeExpired>>().toMatchTypeOf<{ query?: { Buffer?: number | undefined } }>();
    expectTypeOf<EndpointInput<typeof endpoints.asset.rename>['query']>().toEqualTypeOf<{ Name: string }>();
  });
});
