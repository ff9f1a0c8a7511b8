import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { authApi, useLogoutMutation } from '../auth/authApi';
import { clearUserDrafts } from '../editor/saving/draftStore';

/** /logout — spec §4: call logout, then go to /login, whatever logout answered. */
export function SignOutPage() {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const started = useRef(false);
  const userId = useAppSelector(authApi.endpoints.currentUser.select()).data?._id;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // Unsaved manuscripts of this author stay on a shared computer no longer than their session.
      if (userId) await clearUserDrafts(userId);
      await logout()
        .unwrap()
        .catch(() => undefined);
      await navigate('/login', { replace: true });
      dispatch(api.util.resetApiState());
    })();
  }, [logout, dispatch, navigate, userId]);

  return null;
}
