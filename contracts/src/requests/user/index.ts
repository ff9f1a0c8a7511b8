import { defineHealthRequest } from '../health';
import { createTokenRequest } from './create-token';
import { listTokensRequest } from './list-tokens';
import { revokeTokenRequest } from './revoke-token';
import { resolveTokenRequest } from './resolve-token';
import { signUpRequest } from './sign-up';
import { loginRequest } from './login';
import { logoutRequest } from './logout';
import { resolveSessionRequest } from './resolve-session';
import { getProfileRequest } from './get-profile';
import { changePasswordRequest } from './change-password';
import { updateAccountRequest } from './update-account';
import { deleteAccountRequest } from './delete-account';
import { sendSalesEnquiryRequest } from './send-sales-enquiry';
import { forgotPasswordRequest } from './forgot-password';
import { resetPasswordRequest } from './reset-password';
import { identitySignInRequest } from './identity-sign-in';
import { peopleRequest } from './people';
import { mailInvitationRequest } from './mail-invitation';
import { mailCommentRequest } from './mail-comment';
import { updateMailSettingsRequest } from './update-mail-settings';
import { mailBookGoneRequest } from './mail-book-gone';

export * from './session';

export const userRequests = {
  health: defineHealthRequest('user'),
  // Personal API tokens (issue 45): kept by the user service, only as a keyed hash (decision 0045).
  createToken: createTokenRequest,
  listTokens: listTokensRequest,
  revokeToken: revokeTokenRequest,
  resolveToken: resolveTokenRequest,
  signUp: signUpRequest,
  login: loginRequest,
  logout: logoutRequest,
  resolveSession: resolveSessionRequest,
  getProfile: getProfileRequest,
  changePassword: changePasswordRequest,
  updateAccount: updateAccountRequest,
  deleteAccount: deleteAccountRequest,
  sendSalesEnquiry: sendSalesEnquiryRequest,
  forgotPassword: forgotPasswordRequest,
  resetPassword: resetPasswordRequest,
  identitySignIn: identitySignInRequest,
  people: peopleRequest,
  mailInvitation: mailInvitationRequest,
  mailComment: mailCommentRequest,
  updateMailSettings: updateMailSettingsRequest,
  mailBookGone: mailBookGoneRequest,
} as const;
