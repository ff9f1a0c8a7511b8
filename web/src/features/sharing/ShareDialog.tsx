import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  roleDescriptions,
  roleLabels,
  sharedRoles,
  sharingMessages,
  type BookMember,
  type BookRole,
  type PendingInvitation,
  type SharedRole,
} from '@bookwright/contracts';
import { errorMessage, isApiError } from '../../api/baseQuery';
import { Dialog } from '../../components/Dialog';
import { controlClass } from '../../components/fields';
import { toast } from '../../components/toast';
import { Button, ErrorBox, TextField } from '../../components/ui';
import { useCurrentUserQuery } from '../auth/authApi';
import { plansPath } from '../billing/planAccess';
import { CopyLink } from './CopyLink';
import {
  useChangeMemberRoleMutation,
  useInviteMemberMutation,
  useListMembersQuery,
  useNewInvitationLinkMutation,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
} from './sharingApi';
import { sharingTexts as texts } from './texts';

export interface SharedBook {
  _id: string;
  title: string;
  role: BookRole;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' });

/**
 * Who is on a book (issue 43). Its owner invites people by email with a role, changes roles, removes people,
 * and copies or revokes the invitations still waiting; everyone else sees the list, and may leave the book.
 */
export function ShareDialog({ book, open, onClose }: { book: SharedBook; open: boolean; onClose: () => void }) {
  const owner = book.role === 'owner';
  const { data, isLoading, isError } = useListMembersQuery(book._id, { skip: !open });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={owner ? texts.shareTitle(book.title) : `${texts.people}: ${book.title}`}
      description={owner ? texts.shareDescription : texts.peopleDescription}
    >
      {owner && <InviteForm bookId={book._id} />}
      {isLoading && (
        <p className="mt-6 text-sm text-stone-600" aria-busy="true">
          {texts.loading}
        </p>
      )}
      {isError && (
        <div className="mt-6">
          <ErrorBox>{texts.loadFailed}</ErrorBox>
        </div>
      )}
      {data && <People book={book} members={data.members} onLeft={onClose} />}
      {owner && data && data.invitations.length > 0 && <Invitations bookId={book._id} invitations={data.invitations} />}
    </Dialog>
  );
}

/** The owner's invitation: an email and a role, each role said in one line. */
function InviteForm({ bookId }: { bookId: string }) {
  const [invite, { isLoading }] = useInviteMemberMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SharedRole>('coauthor');
  const [refusal, setRefusal] = useState<{ msg: string; needsPlan: boolean }>();
  const [sent, setSent] = useState<{ email: string; link: string }>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    setSent(undefined);
    try {
      const created = await invite({ bookId, email: email.trim(), role }).unwrap();
      setSent({ email: created.email, link: created.link });
      setEmail('');
    } catch (error) {
      setRefusal({
        msg: errorMessage(error, texts.inviteFailed),
        needsPlan: isApiError(error) && error.status === 402,
      });
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Invite someone" className="mt-6 space-y-4">
      {refusal && (
        <ErrorBox>
          {refusal.msg}
          {refusal.needsPlan && (
            <>
              {' '}
              <Link to={plansPath} className="font-semibold underline underline-offset-2">
                {texts.seePlans}
              </Link>
            </>
          )}
        </ErrorBox>
      )}
      <TextField
        label={texts.email}
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <RolePicker value={role} onChange={setRole} />
      <Button type="submit" className="w-full sm:w-auto" busy={isLoading} disabled={isLoading}>
        {isLoading ? texts.inviting : texts.invite}
      </Button>
      {sent && <SentInvitation {...sent} />}
    </form>
  );
}

/** The four roles an owner gives, as radio cards with their one-line descriptions. */
function RolePicker({ value, onChange }: { value: SharedRole; onChange: (role: SharedRole) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{texts.role}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {sharedRoles.map((role) => (
          <label
            key={role}
            className={`flex cursor-pointer gap-2.5 rounded-lg border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-300 ${value === role ? 'border-ink-600 bg-ink-50' : 'border-stone-300 hover:border-stone-400'}`}
          >
            <input
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-labelledby={`${name}-${role}-label`}
              aria-describedby={`${name}-${role}`}
              className="mt-0.5 accent-ink-800"
            />
            <span>
              <span id={`${name}-${role}-label`} className="block font-semibold text-ink-950">
                {roleLabels[role]}
              </span>
              <span id={`${name}-${role}`} className="block text-xs text-stone-600">
                {roleDescriptions[role]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Right after inviting: the mailed link, to copy as well (the server keeps only its hash). */
function SentInvitation({ email, link }: { email: string; link: string }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm">
      <p className="text-emerald-900">{texts.invitedTo(email)}</p>
      <CopyLink label={texts.copyLinkFor(email)} getLink={() => Promise.resolve(link)} />
    </div>
  );
}

function People({ book, members, onLeft }: { book: SharedBook; members: BookMember[]; onLeft: () => void }) {
  const { data: user } = useCurrentUserQuery();
  const owner = book.role === 'owner';
  const me = members.find((member) => member.id === user?._id);
  return (
    <section aria-labelledby="share-people" className="mt-7">
      <h3 id="share-people" className="text-sm font-semibold text-ink-950">
        {texts.peopleHeading}
      </h3>
      <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
        {members.map((member) => (
          <li
            key={member.id}
            data-testid="book-member"
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3"
          >
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-ink-950">
                {member.name} {member.id === user?._id && <span className="font-normal">{texts.you}</span>}
              </p>
              <p className="truncate text-xs text-stone-600">{member.email}</p>
            </div>
            {owner && member.role !== 'owner' ? (
              <MemberControls bookId={book._id} member={member} />
            ) : (
              <span className="text-sm text-stone-700">{roleLabels[member.role]}</span>
            )}
          </li>
        ))}
      </ul>
      {me && me.role !== 'owner' && <LeaveBook bookId={book._id} memberId={me.id} onLeft={onLeft} />}
    </section>
  );
}

/** The owner's controls on one person: the role, and removing them. */
function MemberControls({ bookId, member }: { bookId: string; member: BookMember }) {
  const [changeRole, changing] = useChangeMemberRoleMutation();
  const [remove, removing] = useRemoveMemberMutation();
  async function onRole(role: SharedRole) {
    try {
      await changeRole({ bookId, memberId: member.id, role }).unwrap();
      toast.success(texts.roleChanged(member.name, role));
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  async function onRemove() {
    try {
      await remove({ bookId, memberId: member.id }).unwrap();
      toast.success(sharingMessages.removed);
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  return (
    <div className="flex items-center gap-2">
      <select
        aria-label={texts.roleOf(member.name)}
        value={member.role}
        disabled={changing.isLoading}
        onChange={(event) => void onRole(event.target.value as SharedRole)}
        className={controlClass(false, '', 'compact')}
      >
        {sharedRoles.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </select>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={texts.removeWho(member.name)}
        busy={removing.isLoading}
        disabled={removing.isLoading}
        onClick={() => void onRemove()}
      >
        {texts.remove}
      </Button>
    </div>
  );
}

function LeaveBook({ bookId, memberId, onLeft }: { bookId: string; memberId: string; onLeft: () => void }) {
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const navigate = useNavigate();
  async function leave() {
    try {
      await remove({ bookId, memberId }).unwrap();
      toast.success(sharingMessages.left);
      onLeft();
      await navigate('/app');
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  return (
    <Button
      type="button"
      variant="secondary"
      className="mt-4 w-full sm:w-auto"
      busy={isLoading}
      disabled={isLoading}
      onClick={() => void leave()}
    >
      {isLoading ? texts.leaving : texts.leave}
    </Button>
  );
}

/** The owner's invitations not accepted yet: a fresh link to copy, or revoke. */
function Invitations({ bookId, invitations }: { bookId: string; invitations: PendingInvitation[] }) {
  const [newLink] = useNewInvitationLinkMutation();
  const [revoke] = useRevokeInvitationMutation();
  async function onRevoke(invitationId: string) {
    try {
      await revoke({ bookId, invitationId }).unwrap();
      toast.success(texts.revoked);
    } catch (error) {
      toast.error(errorMessage(error, texts.changeFailed));
    }
  }
  return (
    <section aria-labelledby="share-pending" className="mt-7">
      <h3 id="share-pending" className="text-sm font-semibold text-ink-950">
        {texts.pendingHeading}
      </h3>
      <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
        {invitations.map((invitation) => (
          <li key={invitation.id} data-testid="book-invitation" className="py-3">
            <p className="truncate text-sm font-semibold text-ink-950">{invitation.email}</p>
            <p className="text-xs text-stone-600">
              {roleLabels[invitation.role]} · {texts.expires(dayFormat.format(new Date(invitation.expiresAt)))}
            </p>
            <div className="flex flex-wrap items-start gap-2">
              <CopyLink
                label={texts.copyLinkFor(invitation.email)}
                getLink={async () => (await newLink({ bookId, invitationId: invitation.id }).unwrap()).link}
              />
              <Button
                type="button"
                variant="ghost"
                className="mt-2 px-3 py-1.5"
                aria-label={texts.revokeFor(invitation.email)}
                onClick={() => void onRevoke(invitation.id)}
              >
                {texts.revoke}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
