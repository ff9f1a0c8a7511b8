import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import {
  genres,
  metadataLanguages,
  metadataMessages,
  type Book,
  type UpdateMetadataRequest,
} from '@bookwright/contracts/http';
import { focusControl, InputField, SelectField } from '../../../components/fields';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { exportTexts } from '../../export/texts';
import { metadataTexts } from './texts';
import { DatePicker } from './DatePicker';
import { DescriptionField } from './DescriptionField';
import { KeywordsInput } from './KeywordsInput';
import {
  checkMetadataDraft,
  metadataDraftOf,
  newIdentifier,
  startingAuthor,
  type DraftField,
  type MetadataDraft,
} from './metadataDraft';
import { SuggestMetadata, withSuggestion } from './SuggestMetadata';
import type { MetadataSaveResult } from './useMetadataSaves';
import { errorMessage } from '../../../api/baseQuery';
import { useCurrentUserQuery } from '../../auth/authApi';

type TextField = Exclude<DraftField, 'keywords' | 'publicationDate'>;

/** The order of the fields on screen: a refused save focuses the first one named. */
const fieldOrder: readonly DraftField[] = [
  'title',
  'author',
  'identifier',
  'languageMetadata',
  'genreMetadata',
  'publisher',
  'description',
  'keywords',
  'rights',
  'publicationDate',
];

/**
 * The side panel's metadata form (spec §2): required fields (title, author, identifier, language) carry a red
 * asterisk; 'Save metadata' / 'Saving...'; the side panel's toasts of spec §8. A refused save names every
 * field at fault next to it and keeps everything typed: the values live in the editor's draft (`draft`), not
 * here, until they are saved.
 */
export function MetadataForm({
  book,
  draft: form,
  onDraftChange: setForm,
  saveMetadata,
  onNeedPlan,
  locked = false,
}: {
  book: Book;
  draft: MetadataDraft;
  onDraftChange: Dispatch<SetStateAction<MetadataDraft>>;
  /** The conditional save (If-Match) of the editor page. */
  saveMetadata: (metadata: UpdateMetadataRequest) => Promise<MetadataSaveResult>;
  /**
   * Set while the book is read-only (no plan): the details are shown, not edited, and the save leads to the
   * plans. The export dialog still completes missing details, since exporting stays open without a plan.
   */
  onNeedPlan?: (() => void) | undefined;
  /** The reader's role on a shared book may not change its details: shown, with no save and no AI. */
  locked?: boolean;
}) {
  const readOnly = onNeedPlan !== undefined || locked;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isLoading, setLoading] = useState(false);
  const [suggestedSubtitle, setSuggestedSubtitle] = useState<string>();
  const { data: user } = useCurrentUserQuery();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (onNeedPlan) return onNeedPlan();
    if (locked) return;
    const checked = checkMetadataDraft(form, book);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = fieldOrder.find((field) => checked.errors[field]);
      if (first) focusControl(event.currentTarget, first);
      return;
    }
    setErrors({});
    setLoading(true);
    try {
      // An accepted suggestion's subtitle has no field of its own here: it goes with this save.
      const metadata = { ...checked.request, subtitle: suggestedSubtitle ?? checked.request.subtitle };
      const { book: saved, kept } = await saveMetadata(metadata);
      setSuggestedSubtitle(undefined);
      setForm(metadataDraftOf(saved));
      if (kept === 'mine') toast.success(metadataMessages.saved);
    } catch (error) {
      toast.error(errorMessage(error, metadataTexts.saveFailure));
    } finally {
      setLoading(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Book metadata" className="space-y-4">
      {!locked && (
        <SuggestMetadata
          bookId={book._id}
          onNeedPlan={onNeedPlan}
          onAccept={(suggestion) => {
            setForm((f) => withSuggestion(f, suggestion, startingAuthor(book, user)));
            setSuggestedSubtitle(suggestion.subtitle);
          }}
        />
      )}
      <MetadataFields form={form} setForm={setForm} errors={errors} setErrors={setErrors} readOnly={readOnly} />
      {locked ? null : readOnly ? (
        <Button type="submit" variant="secondary" className="w-full">
          {metadataTexts.needsPlan}
        </Button>
      ) : (
        <Button type="submit" className="w-full" busy={isLoading} disabled={isLoading}>
          {isLoading ? metadataTexts.saving : metadataTexts.save}
        </Button>
      )}
    </form>
  );
}

type FieldErrors = Partial<Record<DraftField, string>>;

/** The fields of the details, each with the refusal of its last save; typing in one clears its refusal. */
function MetadataFields({
  form,
  setForm,
  errors,
  setErrors,
  readOnly,
}: {
  form: MetadataDraft;
  setForm: Dispatch<SetStateAction<MetadataDraft>>;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  readOnly: boolean;
}) {
  const clearError = (key: DraftField) =>
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _cleared, ...rest } = e;
      return rest;
    });
  const setField = <K extends DraftField>(key: K, value: MetadataDraft[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearError(key);
  };
  const text = (key: TextField): TextFieldProps => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setField(key, event.target.value),
    name: key,
    error: errors[key],
  });

  return (
    <fieldset disabled={readOnly} className="space-y-4">
      <InputField label="Title" requiredMark autoComplete="off" {...text('title')} />
      <InputField label="Author" requiredMark autoComplete="off" {...text('author')} />
      <IdentifierField
        field={text('identifier')}
        onGenerate={() => {
          setForm((f) => ({ ...f, identifier: newIdentifier() }));
          clearError('identifier');
        }}
      />
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
      <DescriptionField
        label="Description"
        value={form.description}
        disabled={readOnly}
        error={errors.description}
        onChange={(description) => setField('description', description)}
      />
      <KeywordsInput
        label="Subject/Keywords"
        keywords={form.keywords}
        onChange={(keywords) => setField('keywords', keywords)}
      />
      <FieldError message={errors.keywords} />
      <InputField label="Rights" autoComplete="off" placeholder="e.g. All rights reserved" {...text('rights')} />
      <DatePicker
        label="Publication Date"
        value={form.publicationDate}
        onChange={(publicationDate) => setField('publicationDate', publicationDate)}
      />
      <FieldError message={errors.publicationDate} />
    </fieldset>
  );
}

/** The props of a text field bound to the draft. */
interface TextFieldProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  name: TextField;
  error: string | undefined;
}

/** The identifier, with a new UUID offered while it is empty. */
function IdentifierField({ field, onGenerate }: { field: TextFieldProps; onGenerate: () => void }) {
  return (
    <div>
      <InputField
        label="Identifier (UUID/ISBN)"
        requiredMark
        autoComplete="off"
        placeholder="urn:uuid:… or an ISBN"
        {...field}
      />
      {!field.value.trim() && (
        <button
          type="button"
          onClick={onGenerate}
          className="mt-1.5 rounded text-xs font-semibold text-ink-700 underline-offset-2 hover:underline"
        >
          {exportTexts.generateUuid}
        </button>
      )}
    </div>
  );
}

/** The refusal of a field whose control has no error slot of its own (keywords, the date picker). */
function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="-mt-2 text-sm text-red-700">
      {message}
    </p>
  );
}
