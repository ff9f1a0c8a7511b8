import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  invitableWorkspaceRoles,
  sharingMessages,
  type InvitableWorkspaceRole,
  type InvitationView,
} from '@bookwright/contracts/http';
import { errorMessage, isApiError } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { Button, buttonClass, ErrorBox } from '../../components/ui';
import { useCurrentUserQuery } from '../auth/authApi';
import { AuthLayout } from '../auth/AuthLayout';
import { booksApi } from '../books/booksApi';
import { bookPath } from '../books/status';
import { libraryPath } from '../workspaces/libraryScope';
import { useAcceptInvitationMutation, useGetInvitationQuery } from './sharingApi';
import { inviteParam, sharingTexts as texts } from './texts';

const linkClass = 'rounded font-semibold text-ink-800 underline underline-offset-4 hover:text-ink-950';

/**
 * /invite/{token} (issue 43), public: who invited the visitor to which book or team workspace, in which
 * role. Signed in, they accept it and land on the book (or the workspace's library); signed out, they create
 * an account or sign in, which brings them back here with ?accept=1 to accept it at once.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const invitation = useGetInvitationQuery(token);
  if (invitation.data) return <Invitation token={token} invitation={invitation.data} />;
  if (invitation.isLoading || invitation.isUninitialized)
    return (
      <AuthLayout title={texts.inviteTitle}>
        <p className="text-sm text-stone-600" aria-busy="true">
          {texts.loadingInvitation}
        </p>
      </AuthLayout>
    );
  return (
    <AuthLayout title={texts.notFoundTitle}>
      <ErrorBox>
        {isApiError(invitation.error) && invitation.error.status === 404
          ? sharingMessages.invitationNotFound
          : errorMessage(invitation.error, texts.acceptFailed)}
      </ErrorBox>
      <LibraryLink />
    </AuthLayout>
  );
}

/** Who invited the visitor to what: a book in a role, or a team workspace as an admin or a member. */
function greetingOf(invitation: InvitationView): string {
  const { inviterName, title, role } = invitation;
  if (invitation.kind === 'workspace' && isWorkspaceRole(role))
    return texts.invitedToWorkspace(inviterName, title, role);
  return texts.invitedBy(inviterName, title, isWorkspaceRole(role) ? 'coauthor' : role);
}

const isWorkspaceRole = (role: InvitationView['role']): role is InvitableWorkspaceRole =>
  (invitableWorkspaceRoles as readonly string[]).includes(role);

function Invitation({ token, invitation }: { token: string; invitation: InvitationView }) {
  const greeting = greetingOf(invitation);
  if (invitation.status !== 'pending') {
    const expired = invitation.status === 'expired';
    return (
      <AuthLayout title={expired ? texts.expiredTitle : texts.usedTitle} subtitle={greeting}>
        <p role="status" data-testid="invitation-state" className="text-[15px] text-stone-800">
          {expired ? sharingMessages.invitationExpired : sharingMessages.invitationUsed}
        </p>
        <LibraryLink />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={texts.inviteTitle} subtitle={<span data-testid="invitation-greeting">{greeting}</span>}>
      <PendingInvitation token={token} invitation={invitation} />
    </AuthLayout>
  );
}

function PendingInvitation({ token, invitation }: { token: string; invitation: InvitationView }) {
  // Asked afresh: the visitor may have signed in a moment ago, on the login page that sent them back here.
  const { data: user, isLoading } = useCurrentUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const [params] = useSearchParams();
  const [accept, { isLoading: accepting }] = useAcceptInvitationMutation();
  const [error, setError] = useState<string>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const autoAccepted = useRef(false);

  async function onAccept() {
    setError(undefined);
    try {
      const accepted = await accept(token).unwrap();
      // A workspace's invitation opens the library on that workspace's books.
      if (accepted.kind === 'workspace' || !accepted.bookId) {
        await navigate(accepted.workspaceId ? libraryPath(accepted.workspaceId) : '/app');
        return;
      }
      // The book's page depends on its status (the editor for a ready book): the library's way to it.
      const book = await dispatch(
        booksApi.endpoints.getBook.initiate(accepted.bookId, { forceRefetch: true, subscribe: false }),
      );
      await navigate((book.data && bookPath(book.data)) ?? '/app?shelf=shared');
    } catch (err) {
      setError(errorMessage(err, texts.acceptFailed));
    }
  }

  const signedIn = user !== undefined;
  const acceptNow = params.get('accept') === '1';
  useEffect(() => {
    if (!signedIn || !acceptNow || autoAccepted.current) return;
    autoAccepted.current = true;
    void onAccept();
    // Once, when the visitor comes back signed in; onAccept reads only stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, acceptNow]);

  if (isLoading) return null;
  if (!user) {
    const query = `?${inviteParam}=${encodeURIComponent(token)}&email=${encodeURIComponent(invitation.email)}`;
    return (
      <div className="space-y-5">
        <p className="text-[15px] text-stone-800">
          {texts.invitedEmail(invitation.email)} {texts.signInToAccept}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={`/signup${query}`} className={buttonClass('primary', 'sm:flex-1')}>
            {texts.createAccount}
          </Link>
          <Link to={`/login${query}`} className={buttonClass('secondary', 'sm:flex-1')}>
            {texts.signIn}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {error && <ErrorBox>{error}</ErrorBox>}
      <p className="text-[15px] text-stone-800">{texts.signedInAs(user.email)}</p>
      <Button type="button" className="w-full" busy={accepting} disabled={accepting} onClick={() => void onAccept()}>
        {accepting ? texts.accepting : texts.accept}
      </Button>
    </div>
  );
}

/** The way out of an invitation that cannot be accepted any more. */
function LibraryLink() {
  return (
    <p className="mt-6 text-sm">
      <Link to="/app" className={linkClass}>
        {texts.openLibrary}
      </Link>
    </p>
  );
}
