import { useState } from 'react';
import { useNavigate } from 'react-router';

/** Where signing out goes: leaving the page first lets a page with unsaved work ask before anything happens. */
export const signOutPath = '/logout';

/**
 * Signing out is a navigation to /logout: the editor's leave warning (a route blocker) comes first, and an
 * author who stays is still signed in. SignOutPage does the rest.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    await navigate(signOutPath);
    // Still here: the author chose to stay (the page unmounts otherwise).
    setSigningOut(false);
  }

  return { signOut, signingOut };
}
