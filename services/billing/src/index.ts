export { billingService, createBillingService, type BillingServiceOptions } from './service';
export { BillingConfigSchema, type BillingConfig } from './config';
export type { PaymentProvider, CheckoutSession, BillingCustomer } from './payments/payment-provider';
