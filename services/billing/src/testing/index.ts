export { StripeServer, startStripeServer, type StripeServerOptions } from './stripe-server';
