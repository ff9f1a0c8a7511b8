import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../generated/openapi';
import { BookEventStream } from '../events/book-event-stream';
import { BookwrightError } from './bookwright-error';
import { CookieJar } from './cookie-jar';
import { sessionTransport, tokenTransport, type Transport } from './transport';

/** The API's schemas by name (`Schemas['Book']`), generated from docs/api/openapi.json. */
export type Schemas = components['schemas'];

export interface ClientOptions {
  /** Where Bookwright runs, e.g. `http://localhost:8080` or `https://books.example.com` (no /api/v1). */
  baseUrl: string;
  /** A fetch to send with (tests, proxies); default the global one. */
  fetch?: typeof fetch;
}

/** One call's outcome as openapi-fetch answers it. */
interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * A Bookwright client: `api` is the typed openapi-fetch client of every operation in the OpenAPI document
 * (paths, parameters and bodies checked by the compiler), authenticated by an API token or a signed-in
 * session. `ok()` turns an answer into its data or a {@link BookwrightError}.
 *
 * ```ts
 * const bw = Bookwright.withToken({ baseUrl, token: process.env.BOOKWRIGHT_TOKEN! });
 * const books = await bw.ok(bw.api.GET('/api/v1/book'));
 * ```
 */
export class Bookwright {
  readonly api: Client<paths>;
  readonly baseUrl: string;

  private constructor(
    baseUrl: string,
    /** Every request goes through it: the token or the session's cookies and XSRF header. */
    readonly transport: Transport,
    /** How this client is signed in. */
    readonly auth: 'token' | 'session',
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.api = createClient<paths>({ baseUrl: this.baseUrl, fetch: transport });
  }

  /** A client that sends `Authorization: Bearer <token>` (a `bw_pat_…` API token) and no cookie. */
  static withToken(options: ClientOptions & { token: string }): Bookwright {
    return new Bookwright(options.baseUrl, tokenTransport(options.token.trim(), options.fetch), 'token');
  }

  /**
   * Signs in with email and password (POST /api/v1/auth/login) and keeps the session as a browser does: the
   * `sid` cookie and the XSRF double submit. What only a session may do (making API tokens) needs this.
   */
  static async signIn(options: ClientOptions & { email: string; password: string }): Promise<Bookwright> {
    const client = new Bookwright(options.baseUrl, sessionTransport(new CookieJar(), options.fetch), 'session');
    await client.ok(
      client.api.POST('/api/v1/auth/login', { body: { email: options.email, password: options.password } }),
    );
    return client;
  }

  /** A session client with no one signed in yet (sign-up, or a login made through `api`). */
  static anonymous(options: ClientOptions): Bookwright {
    return new Bookwright(options.baseUrl, sessionTransport(new CookieJar(), options.fetch), 'session');
  }

  /** The data of a successful answer; a refusal or failure throws a {@link BookwrightError} with its `{msg}`. */
  async ok<T>(pending: Promise<CallResult<T>>): Promise<T> {
    const result = await pending;
    if (!result.response.ok || result.error !== undefined)
      throw BookwrightError.fromResponse(result.response, result.error);
    return result.data as T;
  }

  /**
   * Opens the live book events (GET /api/v1/events, Server-Sent Events) of the books this client may read:
   * resolves once the server says the stream is registered, so whatever is done after it is seen on it.
   */
  openEvents(options: { signal?: AbortSignal } = {}): Promise<BookEventStream> {
    return BookEventStream.open(this.transport, this.baseUrl, options.signal);
  }
}
