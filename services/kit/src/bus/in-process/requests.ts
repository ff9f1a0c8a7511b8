import type { AnyRequestDef } from '@bookwright/contracts/bus';
import type { Logger } from '../../logger/logger';
import type { RequestContext } from '../bus';
import { answerRequest, decodeReply, DEFAULT_REQUEST_TIMEOUT_MS, encodeRequest, InFlight, unavailable } from '../wire';
import type { BusTimers } from './timers';

/** One `serve` of a request in this process. */
export interface Responder {
  def: AnyRequestDef;
  handler: (payload: unknown, context: RequestContext) => Promise<unknown>;
  stopped: boolean;
  inFlight: InFlight;
}

interface QueueGroup {
  members: Responder[];
  next: number;
}

/** Requests as core NATS routes them: every queue group gets the request once, one member of each answers. */
export class RequestRouter {
  readonly #groupsBySubject = new Map<string, Map<string, QueueGroup>>();
  readonly #pending = new Set<() => void>();

  constructor(
    private readonly logger: Logger,
    private readonly timers: BusTimers,
  ) {}

  /** Joins `queue` on the request's subject; `remove` leaves it. */
  add(def: AnyRequestDef, handler: Responder['handler'], queue: string): Responder {
    const responder: Responder = { def, handler, stopped: false, inFlight: new InFlight() };
    let groups = this.#groupsBySubject.get(def.subject);
    if (!groups) this.#groupsBySubject.set(def.subject, (groups = new Map()));
    let group = groups.get(queue);
    if (!group) groups.set(queue, (group = { members: [], next: 0 }));
    group.members.push(responder);
    return responder;
  }

  remove(responder: Responder, queue: string): void {
    responder.stopped = true;
    const members = this.#groupsBySubject.get(responder.def.subject)?.get(queue)?.members;
    const index = members?.indexOf(responder) ?? -1;
    if (members && index >= 0) members.splice(index, 1);
  }

  async request(
    def: AnyRequestDef,
    payload: unknown,
    options?: { timeoutMs?: number; requestId?: string },
  ): Promise<unknown> {
    const body = encodeRequest(def, payload);
    const targets = this.#pick(def.subject);
    if (targets.length === 0) throw unavailable();
    const reply = await this.#firstAnswer(targets, body, options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, options);
    return decodeReply(def, reply, this.logger);
  }

  /** Fails every request still waiting for an answer (the bus is closed). */
  cancelPending(): void {
    for (const cancel of [...this.#pending]) cancel();
  }

  #pick(subject: string): Responder[] {
    const picked: Responder[] = [];
    for (const group of this.#groupsBySubject.get(subject)?.values() ?? []) {
      if (group.members.length === 0) continue;
      const member = group.members[group.next % group.members.length];
      group.next = (group.next + 1) % group.members.length;
      if (member) picked.push(member);
    }
    return picked;
  }

  /** The first answer of any target, on a later tick; unavailable when none comes within `timeoutMs`. */
  #firstAnswer(
    targets: Responder[],
    body: string,
    timeoutMs: number,
    options: { requestId?: string } | undefined,
  ): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      let done = false;
      const finish = (outcome: () => void) => {
        if (done) return;
        done = true;
        this.timers.clear(timer);
        this.#pending.delete(cancel);
        outcome();
      };
      const cancel = () => finish(() => reject(unavailable()));
      const timer = this.timers.set(cancel, timeoutMs);
      this.#pending.add(cancel);
      for (const responder of targets) {
        setImmediate(() => {
          if (responder.stopped) return;
          void responder.inFlight
            .track(answerRequest(responder.def, responder.handler, body, options?.requestId, this.logger))
            .then((answer) => finish(() => resolve(answer)));
        });
      }
    });
  }
}
