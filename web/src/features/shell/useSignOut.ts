import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { useLogoutMutation } from '../auth/authApi';

/** Spec §4: call logout, then go to /login, whatever logout answered. */
export function useSignOut() {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    await logout()
      .unwrap()
      .catch(() => undefined);
    await navigate('/login', { replace: true });
    dispatch(api.util.resetApiState());
  }

  return { signOut, signingOut };
}
