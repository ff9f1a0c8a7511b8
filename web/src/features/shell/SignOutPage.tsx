import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { useLogoutMutation } from '../auth/authApi';

/** /logout — spec §4: call logout, then go to /login, whatever logout answered. */
export function SignOutPage() {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await logout()
        .unwrap()
        .catch(() => undefined);
      await navigate('/login', { replace: true });
      dispatch(api.util.resetApiState());
    })();
  }, [logout, dispatch, navigate]);

  return null;
}
