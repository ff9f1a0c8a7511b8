import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  roleDescriptions,
  roleLabels,
  sharedRoles,
  sharingMessages,
  type BookMember,
  type BookRole,
  type PendingInvitation,
  type SharedRole,
} from '@bookwright/contracts/http';
import { errorMessage, isApiError } from '../../api/baseQuery';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ui';
import { useCurrentUserQuery } from '../auth/authApi';
import { plansPath } from '../billing/planAccess';
import { InvitationRow } from './people/InvitationRow';
import { InviteForm } from './people/InviteForm';
import { LeaveButton } from './people/LeaveButton';
import { MemberControls } from './people/MemberControls';
import { PersonRow, RoleLabel, rowListClass } from './people/PersonRow';
import type { RoleChoices } from './people/roleChoices';
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
      {owner && <InviteToBook bookId={book._id} />}
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

/** The roles an owner gives on a book, with the contracts' words for each. */
const bookRoles: RoleChoices<SharedRole> = { roles: sharedRoles, labels: roleLabels, descriptions: roleDescriptions };

/** The owner's invitation; a 402 (sharing needs a paid plan) links to the plans. */
function InviteToBook({ bookId }: { bookId: string }) {
  const [invite] = useInviteMemberMutation();
  return (
    <InviteForm
      className="mt-6"
      choices={bookRoles}
      initialRole="coauthor"
      invite={(email, role) => invite({ bookId, email, role }).unwrap()}
      refusal={(error) => (
        <>
          {errorMessage(error, texts.inviteFailed)}
          {isApiError(error) && error.status === 402 && (
            <>
              {' '}
              <Link to={plansPath} className="font-semibold underline underline-offset-2">
                {texts.seePlans}
              </Link>
            </>
          )}
        </>
      )}
    />
  );
}

function People({ book, members, onLeft }: { book: SharedBook; members: BookMember[]; onLeft: () => void }) {
  const { data: user } = useCurrentUserQuery();
  const [changeRole] = useChangeMemberRoleMutation();
  const [remove] = useRemoveMemberMutation();
  const owner = book.role === 'owner';
  const me = members.find((member) => member.id === user?._id);
  return (
    <Section heading={texts.peopleHeading}>
      <ul className={`mt-2 ${rowListClass}`}>
        {members.map((member) => (
          <PersonRow key={member.id} testId="book-member" person={member} isMe={member.id === user?._id}>
            {owner && member.role !== 'owner' ? (
              <MemberControls
                name={member.name}
                role={member.role}
                choices={bookRoles}
                changeRole={(role) => changeRole({ bookId: book._id, memberId: member.id, role }).unwrap()}
                remove={() => remove({ bookId: book._id, memberId: member.id }).unwrap()}
                removed={sharingMessages.removed}
              />
            ) : (
              <RoleLabel>{roleLabels[member.role]}</RoleLabel>
            )}
          </PersonRow>
        ))}
      </ul>
      {me && me.role !== 'owner' && (
        <LeaveButton
          label={texts.leave}
          left={sharingMessages.left}
          leave={() => remove({ bookId: book._id, memberId: me.id }).unwrap()}
          onLeft={onLeft}
        />
      )}
    </Section>
  );
}

/** The owner's invitations not accepted yet: a fresh link to copy, or revoke. */
function Invitations({ bookId, invitations }: { bookId: string; invitations: PendingInvitation[] }) {
  const [newLink] = useNewInvitationLinkMutation();
  const [revoke] = useRevokeInvitationMutation();
  return (
    <Section heading={texts.pendingHeading}>
      <ul className={`mt-2 ${rowListClass}`}>
        {invitations.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            testId="book-invitation"
            email={invitation.email}
            role={roleLabels[invitation.role]}
            expires={dayFormat.format(new Date(invitation.expiresAt))}
            newLink={async () => (await newLink({ bookId, invitationId: invitation.id }).unwrap()).link}
            revoke={() => revoke({ bookId, invitationId: invitation.id }).unwrap()}
          />
        ))}
      </ul>
    </Section>
  );
}

/** A part of the dialog under its own heading, which names it. */
function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-7">
      <h3 id={id} className="text-sm font-semibold text-ink-950">
        {heading}
      </h3>
      {children}
    </section>
  );
}
