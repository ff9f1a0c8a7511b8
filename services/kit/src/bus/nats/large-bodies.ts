import { randomUUID } from 'node:crypto';
import { nanos } from '@nats-io/transport-node';
import type { Msg, MsgHdrs, NatsConnection } from '@nats-io/nats-core';
import { Objm, StorageType as ObjectStorageType, type ObjectStore } from '@nats-io/obj';
import type { Logger } from '../../logger/logger';

/** Names the object holding a request's or reply's body that was too large for one NATS message. */
const BODY_OBJECT_HEADER = 'Bw-Body-Object';
/** Room left in a message for the subject and headers beside the body. */
const MESSAGE_OVERHEAD_BYTES = 16 * 1024;
/** A large body not collected by then (its requester or responder died) is dropped by the server. */
const LARGE_BODY_TTL_MS = 60 * 60 * 1000;

/**
 * A request or reply larger than the server takes in one message (max_payload, 1 MB by default: a long
 * manuscript is more) travels through an object store bucket, and the message carries its name. The
 * receiver takes it and removes it; what nobody collects expires.
 */
export class LargeBodies {
  #store: Promise<ObjectStore> | undefined;
  readonly #encoder = new TextEncoder();

  constructor(
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {}

  /**
   * The body to send, as bytes (encoded once: measuring it needs them, and the client would encode the
   * text again): `body` itself, or nothing with its object named in `hdrs` when it is too large.
   */
  async outgoing(body: string, hdrs: MsgHdrs): Promise<Uint8Array> {
    const bytes = this.#encoder.encode(body);
    if (bytes.byteLength <= this.nc.info!.max_payload - MESSAGE_OVERHEAD_BYTES) return bytes;
    const name = randomUUID();
    await (await this.#bucket()).putBlob({ name }, bytes);
    hdrs.set(BODY_OBJECT_HEADER, name);
    return new Uint8Array(0);
  }

  /** The body a message brought, collected from the bucket when it names an object. */
  async incoming(msg: Msg): Promise<string> {
    const name = msg.headers?.get(BODY_OBJECT_HEADER);
    if (!name) return msg.string();
    const store = await this.#bucket();
    const bytes = await store.getBlob(name);
    void store
      .delete(name)
      .catch((error: unknown) => this.logger.debug({ err: error }, 'could not remove a large body'));
    if (!bytes) throw new Error(`large body ${name} is gone`);
    return new TextDecoder().decode(bytes);
  }

  #bucket(): Promise<ObjectStore> {
    this.#store ??= new Objm(this.nc).create(`${this.namespace}_bus_bodies`, {
      storage: ObjectStorageType.File,
      ttl: nanos(LARGE_BODY_TTL_MS),
    });
    this.#store.catch(() => (this.#store = undefined));
    return this.#store;
  }
}
