/**
 * The one error type that crosses service boundaries. `status` is the HTTP status the gateway answers
 * with; `msg` is shown to the user as is, so it must come from the spec's wording or be equally clear.
 * `expose` is false for 5xx: their message is replaced by the catalogue's generic text at the edge.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    status: number,
    msg: string,
    options?: { code?: string; extra?: Record<string, unknown>; cause?: unknown },
  ) {
    super(msg, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = options?.code;
    this.extra = options?.extra;
  }

  get expose(): boolean {
    return this.status < 500;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
