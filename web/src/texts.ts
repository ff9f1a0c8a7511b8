/**
 * Texts of the product spec (§2, §4, §5, §8) that only the web shows. Texts the server also uses come from
 * '@bookwright/contracts'; everything here is written exactly as the spec gives it.
 */
export const productName = 'Bookwright';
export const tagline = 'AI-powered book creation platform for modern authors';

export const authTexts = {
  signingIn: 'Signing in...',
  creatingAccount: 'Creating account...',
  continueWith: 'Continue with',
  /** Shown when a failed call carries no msg of its own. */
  fallbackError: 'We encountered an unexpected error. Please try again later',
} as const;

export const forgotPasswordTexts = {
  submit: 'Send Recovery Link',
  sending: 'Sending...',
  sent: 'Link Sent!',
  success: "Check your inbox! We've sent you a link to reset your password.",
  failure: 'Failed to send password reset link. Please try again.',
} as const;

export const resetPasswordTexts = {
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  incomplete: 'Please complete all the fields',
  success: 'Password reset successfully! Redirecting you to login...',
  failure: 'Failed to reset password. Please try again.',
  /** The spec's redirect delay after a successful reset (§9). */
  redirectDelayMs: 2000,
} as const;

export const planTexts = {
  getStarted: 'Get Started',
  loading: 'Loading...',
  mostPopular: 'Most Popular',
  custom: 'Custom',
  contactSales: 'Contact Sales',
  checkoutFailure: 'Error initiating checkout. Please try again.',
} as const;

export const successTexts = {
  title: `Welcome in ${productName}`,
  body: 'Your subscription is now active... time to write your first book!',
  startWriting: 'Start Writing',
} as const;

export const shellTexts = {
  signOut: 'Sign Out',
} as const;

export const errorScreenTexts = {
  goBack: 'Go Back',
  goHome: 'Go to Home',
  /** 'Error Code: {status} • {time}' */
  code: (status: number, time: string) => `Error Code: ${status} \u2022 ${time}`,
} as const;

/** Toasts close by themselves after this long (spec §8). */
export const toastAutoCloseMs = 5000;

export const salesEmail = 'sales@bookwright.app';
