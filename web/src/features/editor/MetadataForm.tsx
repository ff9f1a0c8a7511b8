import { useState, type FormEvent } from 'react';
import {
  genres,
  metadataLanguages,
  metadataMessages,
  UpdateMetadataRequestSchema,
  type Book,
  type UpdateMetadataRequest,
} from '@bookwright/contracts';
import { focusControl, InputField, SelectField, TextAreaField } from '../../components/fields';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { metadataTexts } from '../../texts';
import { useUpdateMetadataMutation } from '../books/booksApi';
import { DatePicker } from './DatePicker';
import { KeywordsInput } from './KeywordsInput';
import { SuggestMetadata, withSuggestion } from '../metadata-suggest/SuggestMetadata';

type TextKey =
  'title' | 'author' | 'identifier' | 'languageMetadata' | 'genreMetadata' | 'publisher' | 'description' | 'rights';

interface MetadataFormState extends Record<TextKey, string> {
  keywords: readonly string[];
  publicationDate: string;
}

const fromBook = (book: Book): MetadataFormState => ({
  title: book.title,
  author: book.author ?? '',
  identifier: book.identifier ?? '',
  // Spec §3: shown as English by default.
  languageMetadata: book.languageMetadata ?? 'en',
  genreMetadata: book.genreMetadata,
  publisher: book.publisher ?? '',
  description: book.description ?? '',
  keywords: book.keywords,
  rights: book.rights ?? '',
  publicationDate: book.publicationDate ?? '',
});

/** A random (version 4) UUID, also outside secure contexts where crypto.randomUUID is missing. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The side panel's metadata form (spec §2): required fields (title, author, identifier, language) carry a red
 * asterisk; 'Save metadata' / 'Saving...'; the side panel's toasts of spec §8. isbn and subtitle are not
 * edited here and are sent back unchanged.
 */
export function MetadataForm({ book }: { book: Book }) {
  const [form, setForm] = useState(() => fromBook(book));
  const [error, setError] = useState<{ field: keyof MetadataFormState; message: string }>();
  const [save, { isLoading }] = useUpdateMetadataMutation();
  const [suggestedSubtitle, setSuggestedSubtitle] = useState<string>();

  const text = (key: TextKey) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: event.target.value }));
      if (error?.field === key) setError(undefined);
    },
    name: key,
    error: error?.field === key ? error.message : undefined,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ...form,
      keywords: [...form.keywords],
      publicationDate: form.publicationDate || null,
      isbn: book.isbn,
      subtitle: suggestedSubtitle ?? book.subtitle,
    };
    const parsed = UpdateMetadataRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] as keyof MetadataFormState | undefined;
      if (field && field in form) {
        setError({ field, message: issue?.message ?? '' });
        focusControl(event.currentTarget, field);
        return;
      }
    }
    setError(undefined);
    try {
      const saved = await save({ id: book._id, metadata: (parsed.data ?? body) as UpdateMetadataRequest }).unwrap();
      setForm(fromBook(saved));
      toast.success(metadataMessages.saved);
    } catch {
      toast.error(metadataTexts.saveFailure);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Book metadata" className="space-y-4">
      <SuggestMetadata
        bookId={book._id}
        onAccept={(suggestion) => {
          setForm((f) => withSuggestion(f, suggestion));
          setSuggestedSubtitle(suggestion.subtitle);
        }}
      />
      <InputField label="Title" requiredMark autoComplete="off" {...text('title')} />
      <InputField label="Author" requiredMark autoComplete="off" {...text('author')} />
      <div>
        <InputField
          label="Identifier (UUID/ISBN)"
          requiredMark
          autoComplete="off"
          placeholder="urn:uuid:… or an ISBN"
          {...text('identifier')}
        />
        {!form.identifier && (
          <button
            type="button"
            onClick={() => setForm((f) => ({ ...f, identifier: `urn:uuid:${uuid()}` }))}
            className="mt-1.5 rounded text-xs font-semibold text-ink-700 underline-offset-2 hover:underline"
          >
            Generate a UUID
          </button>
        )}
      </div>
      <SelectField label="Language" requiredMark {...text('languageMetadata')}>
        {metadataLanguages.map((l) => (
          <option key={l.value} value={l.value}>
            {l.label}
          </option>
        ))}
      </SelectField>
      <InputField label="Genre" list="genre-suggestions" autoComplete="off" {...text('genreMetadata')} />
      <datalist id="genre-suggestions">
        {genres.map((g) => (
          <option key={g.value} value={g.value} />
        ))}
      </datalist>
      <InputField label="Publisher" autoComplete="organization" {...text('publisher')} />
      <TextAreaField label="Description" rows={5} {...text('description')} />
      <KeywordsInput
        label="Subject/Keywords"
        keywords={form.keywords}
        onChange={(keywords) => setForm((f) => ({ ...f, keywords }))}
      />
      <InputField label="Rights" autoComplete="off" placeholder="e.g. All rights reserved" {...text('rights')} />
      <DatePicker
        label="Publication Date"
        value={form.publicationDate}
        onChange={(publicationDate) => setForm((f) => ({ ...f, publicationDate }))}
      />
      <Button type="submit" className="w-full" busy={isLoading} disabled={isLoading}>
        {isLoading ? metadataTexts.saving : metadataTexts.save}
      </Button>
    </form>
  );
}
