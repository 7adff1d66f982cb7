/**
 * A node-postgres connection to an embedded PGlite: node-postgres's client speaks the wire
 * protocol to it as it would to a server socket, so both databases run through one driver (see
 * database.ts). Where the PGlite lives is the transport's business: in this thread, or in a worker
 * thread so that PostgreSQL's work does not hold up the event loop (pglite-host.ts).
 *
 * node-postgres writes a query as several messages (Parse, Bind, Describe, Execute, Sync); they
 * are collected and handed over together at Sync, one exchange per query, and the answer is
 * parsed with node-postgres's own protocol parser. PGlite's bundled node-postgres connection
 * (`@electric-sql/pglite/node-postgres`) sends each message on its own and cannot reach a worker.
 *
 * BEGIN, SAVEPOINT and RELEASE are not sent on their own: they are answered at once and travel
 * with the next statement, in its exchange (their replies are left out of what node-postgres
 * reads). Each exchange is a round trip to the worker (~0.2-1 ms under load); a write on PGlite is
 * a handful of statements, and these three carry nothing the service waits for. Only where they
 * cannot fail but for a mistake of ours: BEGIN outside a transaction, the others inside one. Then
 * the statement that follows fails with the transaction aborted, and its error is replaced by
 * theirs, which says why.
 */
import { EventEmitter } from 'node:events';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { BackendMessage, NotificationResponseMessage } from 'pg-protocol/dist/messages.js';

export interface PgliteTransport {
  /** Resolves when the database can take messages. */
  readonly ready: Promise<void>;
  /** Runs protocol messages (one or more, the last a Sync, Flush or simple Query) and answers PostgreSQL's raw reply. */
  exchange(messages: Uint8Array): Promise<Uint8Array>;
}

type Message = Parameters<typeof serialize.parse>[0];

/** Simple queries answered at once and sent with the next exchange (see the top), by the transaction status they need. */
const DEFERRED = { I: /^\s*begin\b/i, T: /^\s*(savepoint|release)\b/i } as const;

export class PgliteConnection extends EventEmitter {
  // Read by node-postgres's Client (end() skips connection.end() unless it was connecting).
  _connecting = false;
  // node-postgres's Client.end() destroys the stream while a query is active.
  readonly stream = { destroy: () => this.end() };
  // node-postgres records here which named statements this connection has prepared.
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  /**
   * Every notification (LISTEN) the session receives. Apart from the events node-postgres listens
   * to, which are dropped when a client of the pool ends.
   */
  readonly notifications = new EventEmitter<{ notification: [NotificationResponseMessage] }>();

  readonly #transport: PgliteTransport;
  #queue: Promise<void>;
  /** Why the transport failed (the database worker is gone): every later exchange fails the same way. */
  #failed: Error | undefined;
  #pending: Buffer[] = [];
  /** Deferred simple queries (see the top), sent before the next exchange's own messages. */
  #deferred: Buffer[] = [];
  /** The session's transaction status as of the last ReadyForQuery: idle, in a transaction, or in a failed one. */
  #status = 'I';
  readonly #parser = new Parser();

  constructor(transport: PgliteTransport) {
    super();
    this.#transport = transport;
    this.#queue = transport.ready;
  }

  #buffer(message: Buffer): void {
    this.#pending.push(message);
  }

  #send(message?: Buffer): void {
    if (message) this.#pending.push(message);
    const messages = Buffer.concat([...this.#deferred, ...this.#pending]);
    // The replies of the deferred queries come first, each up to its ReadyForQuery.
    const answered = { left: this.#deferred.length, error: undefined as BackendMessage | undefined };
    this.#deferred = [];
    this.#pending = [];
    this.#queue = this.#queue
      .then(() => this.#transport.exchange(messages))
      .then((reply) => this.#parser.parse(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength), (message) => this.#receive(message, answered)))
      .catch((error: unknown) => this.#fail(error instanceof Error ? error : new Error(String(error))));
  }

  /**
   * Like a socket that broke: node-postgres fails the client's queries with the error and the
   * pool drops the client when it is released; a client connecting later fails at once (connect),
   * before a transaction could take it. The client re-emits the error to its own listeners and,
   * checked out of the pool, has none: that throw is not ours to surface a second time.
   */
  #fail(error: Error): void {
    this.#failed ??= error;
    try {
      this.emit('error', error);
    } catch {
      // the client's queries have already been told
    }
  }

  #receive(message: BackendMessage, answered: { left: number; error: BackendMessage | undefined }): void {
    if (message.name === 'readyForQuery') this.#status = (message as BackendMessage & { status: string }).status;
    if (message.name === 'notification') this.notifications.emit('notification', message as NotificationResponseMessage);
    else if (answered.left > 0) {
      // A deferred query's reply: node-postgres has had its answer.
      if (message.name === 'error') answered.error ??= message;
      if (message.name === 'readyForQuery') answered.left--;
      return;
    } else if (message.name === 'error' && answered.error) {
      message = answered.error;
      answered.error = undefined;
    }
    // node-postgres expects an ErrorResponse as 'errorMessage'.
    this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#queue;
    const failed = this.#failed;
    process.nextTick(() => (failed ? this.#fail(failed) : this.emit('readyForQuery')));
  }

  // Authentication and TLS do not apply to an embedded database.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}

  query(text: string): void {
    const deferrable = (this.#status === 'I' || this.#status === 'T') && DEFERRED[this.#status].test(text);
    if (!deferrable) return this.#send(serialize.query(text));
    this.#status = 'T';
    this.#deferred.push(serialize.query(text));
    const command = text.trim().split(/\s+/, 1)[0]!.toUpperCase();
    // As the server would answer, once node-postgres has finished sending (never from inside its call).
    process.nextTick(() => {
      this.emit('commandComplete', { name: 'commandComplete', length: 4 + command.length + 1, text: command });
      this.emit('readyForQuery', { name: 'readyForQuery', length: 5, status: 'T' });
    });
  }
  parse(query: Message): void {
    this.#buffer(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#buffer(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#buffer(serialize.execute(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#buffer(serialize.describe(message));
  }
  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#buffer(serialize.close(message));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#buffer(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }

  /** Like a socket closing: the database itself stays open (its owner closes it); the pool's next client reuses this connection. */
  end(): void {
    this.#queue = this.#queue.then(() => {
      this.emit('end');
    });
    for (const name of this.eventNames()) if (name !== 'newListener') this.removeAllListeners(name);
  }

  ref(): void {}
  unref(): void {}
}
