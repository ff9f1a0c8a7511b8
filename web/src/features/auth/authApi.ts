import type {
  AuthProvidersResponse,
  AuthSuccess,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  Message,
  ResetPasswordRequest,
  SignUpRequest,
  User,
} from '@bookwright/contracts/http';
import { api } from '../../api/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query<User, void>({
      query: () => '/user/current-user',
      providesTags: ['CurrentUser'],
    }),
    login: build.mutation<AuthSuccess, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    signUp: build.mutation<AuthSuccess, SignUpRequest>({
      query: (body) => ({ url: '/auth/sign-up', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    /** Which identity provider the login and signup pages offer (public; asked once per page load). */
    authProviders: build.query<AuthProvidersResponse, void>({
      query: () => '/auth/providers',
    }),
    logout: build.mutation<Message, void>({
      query: () => '/auth/logout',
    }),
    forgotPassword: build.mutation<Message, ForgotPasswordRequest>({
      query: (body) => ({ url: '/user/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Message, ResetPasswordRequest>({
      query: (body) => ({ url: '/user/reset-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<Message, ChangePasswordRequest>({
      query: (body) => ({ url: '/user/password', method: 'PATCH', body }),
    }),
  }),
});

export const {
  useCurrentUserQuery,
  useLoginMutation,
  useSignUpMutation,
  useLogoutMutation,
  useAuthProvidersQuery,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
} = authApi;
