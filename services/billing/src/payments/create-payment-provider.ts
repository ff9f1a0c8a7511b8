import { ConfigError } from '@bookwright/kit';
import type { PaymentProviderName } from '../config';
import { createLocalPaymentProvider } from './local-payment-provider';
import type { PaymentProvider } from './payment-provider';

/** The adapter PAYMENT_PROVIDER names. */
export function createPaymentProvider(
  name: PaymentProviderName,
  deps: Parameters<typeof createLocalPaymentProvider>[0],
): PaymentProvider {
  switch (name) {
    case 'local':
      return createLocalPaymentProvider(deps);
    case 'stripe':
      // The configuration already refuses it; this keeps a hand-built config from starting half a service.
      throw new ConfigError(['PAYMENT_PROVIDER=stripe is not available yet']);
  }
}
