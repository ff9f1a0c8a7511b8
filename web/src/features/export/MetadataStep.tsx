import { useState, type FormEvent, type ReactNode } from 'react';
import {
  effectiveMetadataLanguage,
  metadataLanguages,
  requiredEpubMetadata,
  UpdateMetadataRequestSchema,
  type Book,
  type RequiredEpubMetadata,
  type UpdateMetadataRequest,
} from '@bookwright/contracts/http';
import { newIdentifier, startingAuthor, type MetadataDraft } from '../editor/metadata/metadataDraft';
import { useCurrentUserQuery } from '../auth/authApi';
import { focusControl, InputField, SelectField } from '../../components/fields';
import { Button, ErrorBox } from '../../components/ui';
import { exportTexts } from './texts';

type Values = Record<RequiredEpubMetadata, string>;

const valuesOf = (book: Book, author = book.author ?? ''): Values => ({
  title: book.title ?? '',
  author: book.author?.trim() ? book.author : author,
  identifier: book.identifier ?? '',
  languageMetadata: effectiveMetadataLanguage(book),
});

/** Spec §5: an EPUB needs title, author, identifier and languageMetadata. */
export function missingMetadataOf(book: Book): RequiredEpubMetadata[] {
  const values = valuesOf(book);
  return requiredEpubMetadata.filter((field) => !values[field].trim());
}

interface MetadataStepProps {
  book: Book;
  /** The editor's unsaved metadata, when there is one. */
  draft?: MetadataDraft | undefined;
  onDraftChange?: ((change: Partial<MetadataDraft>) => void) | undefined;
  /** The fields found missing (by the book or by the server's check); they are marked. */
  missing: readonly RequiredEpubMetadata[];
  busy: boolean;
  back: ReactNode;
  onSubmit: (metadata: UpdateMetadataRequest) => void;
}

/** The editor's draft as typed; outside the editor the book, an empty author starting as the account's name. */
function startingValues(
  book: Book,
  draft: MetadataDraft | undefined,
  user: Parameters<typeof startingAuthor>[1],
): Values {
  if (!draft) return valuesOf(book, startingAuthor(book, user));
  const { title, author, identifier, languageMetadata } = draft;
  return { title, author, identifier, languageMetadata };
}

/**
 * The export dialog's 'Missing Required Metadata' step (spec §2, §5): the four required fields, prefilled with
 * what the book has (or, in the editor, what the author typed in the side panel); 'Export EPUB' stays
 * disabled until all are filled. The request keeps the other metadata as the book (or the draft) has it,
 * and every change is written to the draft too, so nothing typed here is lost when the dialog closes.
 */
export function MetadataStep({ book, draft, onDraftChange, missing, busy, back, onSubmit }: MetadataStepProps) {
  const { data: user } = useCurrentUserQuery();
  const [values, setValues] = useState<Values>(() => startingValues(book, draft, user));
  const change = (name: RequiredEpubMetadata, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    onDraftChange?.({ [name]: value });
  };
  const [error, setError] = useState<{ field?: RequiredEpubMetadata; message: string }>();
  const complete = requiredEpubMetadata.every((field) => values[field].trim() !== '');

  const field = (name: RequiredEpubMetadata) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      change(name, event.target.value);
      if (error) setError(undefined);
    },
    requiredMark: true,
    error: error?.field === name ? error.message : undefined,
    disabled: busy,
    'data-missing': missing.includes(name) || undefined,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || busy) return;
    const others = draft
      ? {
          genreMetadata: draft.genreMetadata,
          publisher: draft.publisher,
          description: draft.description,
          keywords: [...draft.keywords],
          rights: draft.rights,
          publicationDate: draft.publicationDate || null,
        }
      : {
          genreMetadata: book.genreMetadata,
          publisher: book.publisher,
          description: book.description,
          keywords: book.keywords,
          rights: book.rights,
          publicationDate: book.publicationDate,
        };
    const parsed = UpdateMetadataRequestSchema.safeParse({
      ...values,
      ...others,
      isbn: book.isbn,
      subtitle: book.subtitle,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const name = issue?.path[0];
      const own = requiredEpubMetadata.find((f) => f === name);
      setError({ ...(own ? { field: own } : {}), message: issue?.message ?? exportTexts.metadataSaveFailure });
      if (own) focusControl(event.currentTarget, own);
      return;
    }
    onSubmit(parsed.data);
  }

  const firstMissing = requiredEpubMetadata.find((f) => !values[f].trim());
  return (
    <form onSubmit={submit} noValidate aria-label={exportTexts.missingTitle}>
      <div className="space-y-4">
        {error && !error.field && <ErrorBox>{error.message}</ErrorBox>}
        <InputField
          label="Title"
          autoComplete="off"
          data-autofocus={firstMissing === 'title' || undefined}
          {...field('title')}
        />
        <InputField
          label="Author"
          autoComplete="name"
          data-autofocus={firstMissing === 'author' || undefined}
          {...field('author')}
        />
        <div>
          <InputField
            label="Identifier (UUID/ISBN)"
            autoComplete="off"
            placeholder="urn:uuid:… or an ISBN"
            data-autofocus={firstMissing === 'identifier' || undefined}
            {...field('identifier')}
          />
          {!values.identifier.trim() && (
            <button
              type="button"
              disabled={busy}
              onClick={() => change('identifier', newIdentifier())}
              className="mt-1.5 rounded text-xs font-semibold text-ink-700 underline-offset-2 hover:underline"
            >
              {exportTexts.generateUuid}
            </button>
          )}
        </div>
        <SelectField
          label="Language"
          data-autofocus={firstMissing === 'languageMetadata' || undefined}
          {...field('languageMetadata')}
        >
          <option value="" disabled>
            {exportTexts.chooseLanguage}
          </option>
          {metadataLanguages.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {back}
        <Button type="submit" disabled={!complete || busy} busy={busy}>
          {busy ? exportTexts.exporting : exportTexts.exportEpub}
        </Button>
      </div>
    </form>
  );
}
