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
} as const;
