/**
 * Every refusal and failure the API answers, as one error: the HTTP status and the server's `{msg}` (the
 * API's one error shape), plus what some answers add. 0 is "no answer at all" (the network failed).
 */
export class BookwrightError extends Error {
  override readonly name = 'BookwrightError';
  constructor(
    /** The HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** The server's message (its `msg`), or a description of the failure when it sent none. */
    readonly msg: string,
    readonly details: {
      /** What an export's checks found missing (400 of POST /book/export/{id}). */
      issues?: string[];
      /** Seconds to wait, from Retry-After (429, 503). */
      retryAfterSeconds?: number;
      /** The gateway's id of the request (X-Request-Id), for its logs. */
      requestId?: string;
      cause?: unknown;
    } = {},
  ) {
    super(details.issues?.length ? `${msg}: ${details.issues.join('; ')}` : msg, { cause: details.cause });
  }

  get issues(): string[] | undefined {
    return this.details.issues;
  }

  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }

  /** Built from a failed answer and its body (already read: JSON, text, or nothing). */
  static fromResponse(response: Response, body: unknown): BookwrightError {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const msg =
      typeof record.msg === 'string' && record.msg
        ? record.msg
        : typeof body === 'string' && body.trim()
          ? body.trim().slice(0, 500)
          : `HTTP ${response.status} ${response.statusText}`.trim();
    const issues = Array.isArray(record.issues)
      ? record.issues.filter((issue): issue is string => typeof issue === 'string')
      : undefined;
    const retryAfter = Number(response.headers.get('retry-after'));
    const requestId = response.headers.get('x-request-id') ?? undefined;
    return new BookwrightError(response.status, msg, {
      ...(issues ? { issues } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      ...(requestId ? { requestId } : {}),
    });
  }

  /** The network failed: no answer came. */
  static unreachable(url: string, cause: unknown): BookwrightError {
    const reason = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : '';
    return new BookwrightError(0, `Cannot reach ${url}${reason ? ` (${reason})` : ''}`, { cause });
  }
}
