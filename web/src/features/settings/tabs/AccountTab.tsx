import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sameEmail } from '@bookwright/contracts/text';
import { type User } from '@bookwright/contracts/http';
import { InputField } from '../../../components/fields';
import { toast } from '../../../components/toast';
import { Button, ErrorBox } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { settingsTexts } from '../texts';
import { Avatar, fullName } from '../../shell/UserBadge';
import { useUpdateAccountMutation } from '../settingsApi';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { DownloadData } from './DownloadData';
import { Panel } from './Panel';

const texts = settingsTexts.account;

/** Member-since as month and year (spec §9), e.g. "November 2026". */
export const memberSince = (createdAt: string) =>
  new Date(createdAt).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

export function AccountTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-6">
      {editing ? (
        <AccountForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <Panel
          title={texts.heading}
          actions={
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {texts.edit}
            </Button>
          }
        >
          <div className="flex flex-wrap items-center gap-5">
            <Avatar user={user} className="size-20 text-2xl" />
            <dl className="min-w-0 space-y-1">
              <dt className="sr-only">{texts.name}</dt>
              <dd className="truncate font-display text-2xl font-semibold text-ink-950">{fullName(user)}</dd>
              <dt className="sr-only">{texts.userName}</dt>
              <dd className="truncate text-sm text-stone-600">@{user.userName}</dd>
              <dt className="sr-only">{texts.email}</dt>
              <dd className="truncate text-sm text-stone-600">{user.email}</dd>
              <dt className="sr-only">{texts.memberSince}</dt>
              <dd className="text-sm text-stone-600">
                {texts.memberSince} {memberSince(user.createdAt)}
              </dd>
            </dl>
          </div>
        </Panel>
      )}
      <DownloadData />
      <Panel
        title={settingsTexts.deletion.heading}
        description={settingsTexts.deletion.text}
        tone="danger"
        actions={
          <Button
            variant="secondary"
            className="border-red-300 text-red-700 hover:border-red-400"
            onClick={() => setDeleting(true)}
          >
            {settingsTexts.deletion.open}
          </Button>
        }
      />
      <DeleteAccountDialog user={user} open={deleting} onClose={() => setDeleting(false)} />
    </div>
  );
}

function AccountForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [fields, setFields] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    userName: user.userName,
    email: user.email,
    password: '',
  });
  const [image, setImage] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const emailChanged = !sameEmail(fields.email, user.email);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  function pickImage(file: File | undefined) {
    if (!file) return;
    // Avatar pickers accept images only (spec §5); the server decodes it to be sure.
    if (!file.type.startsWith('image/')) {
      toast.error(texts.notAnImage);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setImage(file);
    setPreview(URL.createObjectURL(file));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    const form = new FormData();
    form.append('firstName', fields.firstName);
    form.append('lastName', fields.lastName);
    form.append('userName', fields.userName);
    form.append('email', fields.email);
    if (emailChanged) form.append('password', fields.password);
    if (image) form.append('image', image);
    try {
      await updateAccount({ id: user._id, form }).unwrap();
      toast.success(texts.success);
      onDone();
    } catch (error) {
      toast.error(texts.failure);
      setProblem(errorMessage(error, texts.failure));
    }
  }

  const shown: User = preview ? { ...user, avatar: preview } : user;
  return (
    <Panel title={texts.heading}>
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <div className="flex flex-wrap items-center gap-4">
          <Avatar user={shown} className="size-20 text-2xl" />
          <div>
            <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
              {texts.changeAvatar}
            </Button>
            <p className="mt-1.5 text-xs text-stone-600">{texts.avatarHint}</p>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-label={texts.changeAvatar}
              tabIndex={-1}
              onChange={(event) => pickImage(event.target.files?.[0])}
            />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={texts.firstName}
            name="firstName"
            value={fields.firstName}
            onChange={set('firstName')}
            required
          />
          <InputField
            label={texts.lastName}
            name="lastName"
            value={fields.lastName}
            onChange={set('lastName')}
            required
          />
          <InputField
            label={texts.userName}
            name="userName"
            value={fields.userName}
            onChange={set('userName')}
            required
          />
          <InputField
            label={texts.email}
            name="email"
            type="email"
            value={fields.email}
            onChange={set('email')}
            autoComplete="email"
            required
          />
          {emailChanged && (
            <InputField
              label={texts.currentPassword}
              name="password"
              type="password"
              hint={texts.currentPasswordHint}
              value={fields.password}
              onChange={set('password')}
              autoComplete="current-password"
              className="sm:col-span-2"
              required
            />
          )}
        </div>
        {problem && <ErrorBox>{problem}</ErrorBox>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onDone} disabled={isLoading}>
            {texts.cancel}
          </Button>
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            {isLoading ? texts.saving : texts.save}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
