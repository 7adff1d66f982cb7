/**
 * The event-stream parser of the change-feed reader (eventsource-parser, with the message type and
 * last event id an EventSource gives). The reader itself runs against the real
 * service in src/server/changes/feed-reader.test.ts (the client may not import the server, tests
 * included; the server's tests may import the client).
 */
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './change-feed.ts';

describe('createSseParser', () => {
  // Text as the reader's TextDecoder hands it on (it takes off a byte-order mark itself).
  const STREAM =
    'retry: 2500\n' +
    ': heartbeat\n\n' +
    'id: 1\ndata: {"a":1}\n\n' +
    'event: ready\r\nid: 7\r\ndata: {"seq":7}\r\n\r\n' +
    'data:no space\rdata:  two spaces\r\r' +
    'id: 9\ndata\n\n' +
    'unknown: field\nevent: custom\ndata: x\n\n' +
    'data: unfinished';

  function parse(chunks: string[]) {
    const messages: SseMessage[] = [];
    const retries: number[] = [];
    const parser = createSseParser({ onMessage: (m) => messages.push(m), onRetry: (ms) => retries.push(ms) });
    for (const chunk of chunks) parser.push(chunk);
    return { messages, retries, lastEventId: parser.lastEventId };
  }

  const expected = {
    messages: [
      { type: 'message', data: '{"a":1}', lastEventId: '1' },
      { type: 'ready', data: '{"seq":7}', lastEventId: '7' },
      { type: 'message', data: 'no space\n two spaces', lastEventId: '7' },
      // A bare `data` line is an empty data line; the id of a message carries over to the next.
      { type: 'message', data: '', lastEventId: '9' },
      { type: 'custom', data: 'x', lastEventId: '9' },
    ],
    retries: [2500],
    lastEventId: '9',
  };

  it('reads ids, types, multi-line data and retry, skips comments, with LF, CRLF and CR line ends; drops an unfinished message', () => {
    expect(parse([STREAM])).toEqual(expected);
  });

  it('gives the same messages however the stream is cut into chunks (a CRLF split in two included)', () => {
    expect(parse([...STREAM])).toEqual(expected);
    for (let cut = 1; cut < STREAM.length; cut++) expect(parse([STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(expected);
  });
});
