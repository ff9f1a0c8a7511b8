import { pino, type Logger as PinoLogger, type LoggerOptions } from 'pino';
import { currentCorrelationId } from '../correlation/correlation';

export type Logger = PinoLogger;

/** Paths whose values never reach a log line, wherever they appear in a logged object. */
export const redactedPaths = [
  'password',
  'newPassword',
  'confirmPassword',
  'token',
  'sessionToken',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.session.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

export interface LoggerSettings {
  service: string;
  level?: string;
  /** Pretty, human-readable lines; default: when stdout is a terminal. */
  pretty?: boolean;
  /** Write somewhere else than stdout (tests). */
  destination?: NodeJS.WritableStream;
}

/**
 * One logger for every service: pino JSON lines with the service name on every line, pretty in a
 * terminal, secrets redacted, the current correlation id on every line written during a request or event.
 * Request and event handlers use `logger.child({ reqId })` / `{ eventId }`.
 */
export function createLogger(settings: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level: settings.level ?? 'info',
    base: { service: settings.service },
    redact: { paths: redactedPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Every line written while handling a request or event says whose work it is.
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
  };
  const pretty = settings.pretty ?? Boolean(process.stdout.isTTY);
  if (settings.destination) return pino(options, settings.destination as never);
  if (pretty) {
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' },
      },
    });
  }
  return pino(options);
}

/** A logger that writes nothing, for tests that do not look at logs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
