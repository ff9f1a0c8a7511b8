/**
 * Just enough of the Hocuspocus wire format (lib0 encoding) to find the document content a message
 * carries: `varString documentName, varUint messageType`, and for a sync message `varUint syncType,
 * varUint8Array content`. Any other message carries no document content.
 */
export type SyncContent = { kind: 'none' } | { kind: 'step2' | 'update'; content: Uint8Array };

const messageSync = 0;
const messageSyncReply = 4;
const syncStep2 = 1;
const syncUpdate = 2;

/** Throws RangeError on a message cut short or with a length past its end. */
export function syncContentOf(message: Uint8Array): SyncContent {
  const reader = new Reader(message);
  reader.skipBytes(reader.varUint()); // the document's name
  const type = reader.varUint();
  if (type !== messageSync && type !== messageSyncReply) return { kind: 'none' };
  const syncType = reader.varUint();
  if (syncType !== syncStep2 && syncType !== syncUpdate) return { kind: 'none' };
  const length = reader.varUint();
  const content = reader.bytes(length);
  return { kind: syncType === syncStep2 ? 'step2' : 'update', content };
}

class Reader {
  #position = 0;
  constructor(private readonly data: Uint8Array) {}

  varUint(): number {
    let value = 0;
    let multiplier = 1;
    for (;;) {
      if (this.#position >= this.data.length) throw new RangeError('message ends inside a number');
      const byte = this.data[this.#position++]!;
      value += (byte & 0x7f) * multiplier;
      if (byte < 0x80) return value;
      multiplier *= 128;
      if (multiplier > Number.MAX_SAFE_INTEGER) throw new RangeError('number too large');
    }
  }

  bytes(length: number): Uint8Array {
    if (this.#position + length > this.data.length) throw new RangeError('message ends inside its content');
    const slice = this.data.subarray(this.#position, this.#position + length);
    this.#position += length;
    return slice;
  }

  skipBytes(length: number): void {
    this.bytes(length);
  }
}
