import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from '@bookwright/kit';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<Logger['info']>;

/**
 * `request.log` made on the first line written. Fastify gives every request a child of the service logger
 * carrying its id, and pino builds a child eagerly: it copies the bindings, runs them through redaction and
 * serialises them. That was 2.5–3% of the gateway's CPU on `GET /book` (bench/README.md), for a logger most
 * requests never write to when request logging is off (LOG_LEVEL warn and above). What it writes is what the
 * eager child would write: the same parent, bindings and options, made at the first line that passes the
 * level.
 */
export class DeferredRequestLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args);
  }
  error(...args: LogArguments): void {
    this.#write('error', args);
  }
  warn(...args: LogArguments): void {
    this.#write('warn', args);
  }
  info(...args: LogArguments): void {
    this.#write('info', args);
  }
  debug(...args: LogArguments): void {
    this.#write('debug', args);
  }
  trace(...args: LogArguments): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options) as FastifyBaseLogger;
  }

  bindings(): Bindings {
    return this.#child ? this.#child.bindings() : { ...this.#parent.bindings(), ...this.#bindings };
  }

  #write(level: Level, args: LogArguments): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.#real();
    logger[level](...args);
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }
}

/**
 * Fastify's `childLoggerFactory`: a deferred child, unless the route asks for options of its own (a
 * `logLevel`, serializers), which pino applies when the child is made.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new DeferredRequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
}
