import {
  JetStreamApiCodes,
  JetStreamApiError,
  type ConsumerConfig,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';

/** Creates the stream, or brings an existing one's dedup window, retention and subjects up to date. */
export async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  try {
    const info = await jsm.streams.info(config.name);
    const current = info.config;
    const same =
      current.duplicate_window === config.duplicate_window &&
      current.max_age === config.max_age &&
      JSON.stringify(current.subjects) === JSON.stringify(config.subjects);
    if (!same) await jsm.streams.update(config.name, config);
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.code !== JetStreamApiCodes.StreamNotFound) throw error;
    // Another service may create it at the same moment; an identical config makes that a no-op.
    await jsm.streams.add(config);
  }
}

/** Creates the durable consumer, or updates the settings of one that exists. */
export async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  try {
    await jsm.consumers.add(stream, config);
  } catch (error) {
    // Exists with other settings (a replica or an older release created it): the latest settings win.
    if (!(error instanceof JetStreamApiError)) throw error;
    await jsm.consumers
      .update(stream, config.durable_name, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
        backoff: config.backoff,
        max_ack_pending: config.max_ack_pending,
      })
      .catch(() => {
        throw error;
      });
  }
}
