import { redirect } from 'react-router';
import type { AppStore } from '../../app/store';
import { authApi } from './authApi';

/**
 * Loader of the authenticated area (spec §2): loads the current user on entering /app; any failure sends the
 * visitor to /login. The user stays in the RTK Query cache, where the shell reads it.
 */
export function requireUser(store: AppStore) {
  return async () => {
    const result = await store.dispatch(
      authApi.endpoints.currentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    if (result.error || !result.data) throw redirect('/login');
    return result.data;
  };
}
