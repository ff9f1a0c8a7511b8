import { productName } from '../../texts';

export const planTexts = {
  getStarted: 'Get Started',
  loading: 'Loading...',
  mostPopular: 'Most Popular',
  custom: 'Custom',
  contactSales: 'Contact Sales',
  checkoutFailure: 'Error initiating checkout. Please try again.',
  /** The local payment provider (no Stripe configured): plans activate without any payment. */
  localPlan: 'Local plan: no charge',
  localPlanNote: 'This installation takes no payments: choosing a plan activates it at once, free of charge.',
} as const;

export const pastDueTexts = {
  title: 'Your last payment failed.',
  body: 'Update your payment method to keep your plan.',
  action: 'Go to billing',
} as const;

export const successTexts = {
  title: `Welcome to ${productName}`,
  body: 'Your subscription is now active... time to write your first book!',
  startWriting: 'Start Writing',
  activating: 'Activating your plan…',
} as const;
