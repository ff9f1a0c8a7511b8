import { data, type RouteObject } from 'react-router';
import { ErrorScreen } from '../features/errors/ErrorScreen';
import { requireUser } from '../features/auth/requireUser';
import { loadBook } from '../features/books/loadBook';
import { PageFallback, RootLayout } from './RootLayout';
import type { AppStore } from './store';

const errorElement = <ErrorScreen />;

/**
 * Every page is its own chunk (route `lazy`), so the landing page carries neither the app nor, later, the
 * editor. Every route has the error screen as its errorElement; unknown URLs end in the 404 screen.
 */
export function appRoutes(store: AppStore): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement,
      hydrateFallbackElement: <PageFallback />,
      children: [
        {
          index: true,
          errorElement,
          lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).LandingPage }),
        },
        ...accountPages(),
        ...legalPages(),
        {
          // Public: an invitation to a book (issue 43), read before signing in; accepting needs a session.
          path: 'invite/:token',
          errorElement,
          lazy: async () => ({ Component: (await import('../features/sharing/InvitePage')).InvitePage }),
        },
        {
          path: 'choose-plan',
          errorElement,
          lazy: async () => ({ Component: (await import('../features/billing/ChoosePlanPage')).ChoosePlanPage }),
        },
        signedInApp(store),
        {
          path: '*',
          errorElement,
          Component: () => null,
          loader: () => {
            throw data(null, { status: 404, statusText: 'Not Found' });
          },
        },
      ],
    },
  ];
}

function accountPages(): RouteObject[] {
  return [
    {
      path: 'logout',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/shell/SignOutPage')).SignOutPage }),
    },
    {
      path: 'login',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
    },
    {
      path: 'signup',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/auth/SignUpPage')).SignUpPage }),
    },
    {
      path: 'forgot-password',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage }),
    },
    {
      path: 'reset-password/:token',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }),
    },
  ];
}

function legalPages(): RouteObject[] {
  return [
    {
      path: 'privacy-policy',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/legal/LegalPage')).PrivacyPolicyPage }),
    },
    {
      path: 'terms-of-service',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/legal/LegalPage')).TermsOfServicePage }),
    },
    {
      path: 'cookies-policy',
      errorElement,
      lazy: async () => ({ Component: (await import('../features/legal/LegalPage')).CookiesPolicyPage }),
    },
  ];
}

/** Under /app, so requireUser's loader runs before any of its pages. */
function signedInApp(store: AppStore): RouteObject {
  return {
    path: 'app',
    id: 'app',
    errorElement,
    // The loader is not lazy, so the user loads while the shell's chunk downloads.
    loader: requireUser(store),
    lazy: async () => ({ Component: (await import('../features/shell/AppShell')).AppShell }),
    children: [
      {
        index: true,
        errorElement,
        lazy: async () => ({ Component: (await import('../features/shell/AppHome')).AppHome }),
      },
      {
        path: 'success',
        errorElement,
        lazy: async () => ({ Component: (await import('../features/billing/SuccessPage')).SuccessPage }),
      },
      {
        path: 'plans',
        errorElement,
        lazy: async () => ({ Component: (await import('../features/billing/PlansPage')).PlansPage }),
      },
      {
        path: 'trash',
        errorElement,
        lazy: async () => ({ Component: (await import('../features/library/TrashPage')).TrashPage }),
      },
      {
        path: 'settings',
        errorElement,
        lazy: async () => ({ Component: (await import('../features/settings/SettingsPage')).SettingsPage }),
      },
      {
        // The editor (and tiptap with it) is its own chunk: no other page downloads it.
        path: 'edit/:bookId',
        errorElement,
        loader: loadBook(store),
        lazy: async () => ({ Component: (await import('../features/editor/EditorPage')).EditorPage }),
      },
      {
        path: ':bookId',
        errorElement,
        loader: loadBook(store),
        lazy: async () => ({ Component: (await import('../features/validation/ValidationPage')).ValidationPage }),
      },
    ],
  };
}
