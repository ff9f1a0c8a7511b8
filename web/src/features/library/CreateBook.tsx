import { useId, useRef, useState, type FormEvent } from 'react';
import { bookLanguageOptions, genres, planMessages, type User } from '@bookwright/contracts/http';
import { errorMessage, isApiError, newRequestId } from '../../api/baseQuery';
import { InputField, SelectField } from '../../components/fields';
import { SparkIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { createBookTexts } from './texts';
import { usePlanBookMutation } from '../books/booksApi';
import { focusControl } from '../../components/fields';
import { ImportManuscriptButton } from '../import/ImportManuscriptButton';
import { workspaceTexts } from '../workspaces/texts';
import { checkPlan, emptyPlanForm, type PlanField, type PlanForm } from './planForm';

const fictionGenres = genres.filter((g) => g.bookType === 'fiction');
const nonFictionGenres = genres.filter((g) => g.bookType === 'non-fiction');

/**
 * The prompt box and the creation form (spec §2, §4, §5): the fields appear once the prompt has text;
 * validation runs in the spec's order and highlights the first failing field; a success clears and closes it.
 */
export function CreateBook({ user, workspaceId }: { user: User; workspaceId?: string | undefined }) {
  const [form, setForm] = useState<PlanForm>(emptyPlanForm);
  const [error, setError] = useState<PlanError>();
  const { onSubmit, isLoading } = usePlanSubmit(form, setForm, setError, workspaceId);
  const open = form.prompt.length > 0;

  const set = (field: PlanField) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    if (error?.field === field) setError(undefined);
  };
  const errorOf = (field: PlanField) => (error?.field === field ? error.message : undefined);

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Create a book"
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <PromptBox
        value={form.prompt}
        onChange={set('prompt')}
        open={open}
        error={errorOf('prompt')}
        workspaceId={workspaceId}
      />
      {open ? (
        <div className="mt-5 border-t border-stone-200 bg-paper/60 px-5 py-5 sm:px-7 sm:py-6">
          <PlanFields
            form={form}
            set={set}
            errorOf={errorOf}
            onSize={(size) => {
              setForm((f) => ({ ...f, size }));
              if (error?.field === 'size') setError(undefined);
            }}
          />
          <SubmitRow left={workspaceId ? undefined : user.booksLeftThisMonth} isLoading={isLoading} />
        </div>
      ) : (
        <p className="px-5 pt-3 pb-5 text-xs text-stone-500 sm:px-7">
          Title, language, audience, genre and size come next.
        </p>
      )}
    </form>
  );
}

interface PlanError {
  field: PlanField;
  message: string;
}

/**
 * Checks the form in the spec's order (focusing the first failing field) and asks for the plan; a success
 * clears the form. With a workspace chosen in the library the book is the workspace's (issue 43).
 */
function usePlanSubmit(
  form: PlanForm,
  setForm: (form: PlanForm) => void,
  setError: (error?: PlanError) => void,
  workspaceId: string | undefined,
) {
  const [planBook, { isLoading }] = usePlanBookMutation();
  // One create action, one id: a retry after a failure may follow a request the server did carry out (its
  // answer lost), and the same id lets the gateway answer that book instead of spending the allowance again.
  const requestId = useRef<string>(undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkPlan(form);
    if (!check.ok) {
      setError({ field: check.field, message: check.message });
      focusControl(event.currentTarget, check.field);
      return;
    }
    setError(undefined);
    requestId.current ??= newRequestId();
    try {
      await planBook({
        ...check.request,
        ...(workspaceId ? { workspaceId } : {}),
        requestId: requestId.current,
      }).unwrap();
      requestId.current = undefined;
      toast.success(planMessages.started);
      setForm(emptyPlanForm);
    } catch (err) {
      // A refusal (4xx) did nothing on the server: the next attempt is a new action. A lost answer or a
      // server fault keeps the id, since the book may exist already.
      if (isApiError(err) && err.status >= 400 && err.status < 500 && ![408, 409, 429].includes(err.status))
        requestId.current = undefined;
      toast.error(
        isApiError(err) && err.status === 403 ? planMessages.limitReached : errorMessage(err, createBookTexts.failure),
      );
    }
  }

  return { onSubmit, isLoading };
}

/** The prompt: the one field shown until it has text. */
function PromptBox({
  value,
  onChange,
  open,
  error,
  workspaceId,
}: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  open: boolean;
  error: string | undefined;
  workspaceId: string | undefined;
}) {
  const promptId = useId();
  const promptErrorId = useId();
  return (
    <div className="px-5 pt-5 sm:px-7 sm:pt-6">
      {/* A manuscript already written starts here too (issue 46), beside the idea. */}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <label htmlFor={promptId} className="block font-display text-xl font-semibold text-ink-950 sm:text-2xl">
          What will your next book be about?
        </label>
        <ImportManuscriptButton workspaceId={workspaceId} />
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Describe the idea in your own words. We plan the structure; you review it before a word is written.
      </p>
      <textarea
        id={promptId}
        name="prompt"
        value={value}
        onChange={onChange}
        rows={open ? 4 : 3}
        placeholder={createBookTexts.promptPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? promptErrorId : undefined}
        className={`mt-4 block w-full resize-y rounded-xl border bg-paper px-4 py-3 font-display text-[17px] leading-relaxed text-stone-900 placeholder:font-sans placeholder:text-[15px] placeholder:text-stone-400 focus:border-ink-500 focus:bg-white focus:ring-2 focus:ring-ink-200 focus:outline-none ${error ? 'border-red-500 ring-2 ring-red-100' : 'border-stone-300'}`}
      />
      {error && (
        <p id={promptErrorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Title, language, audience, genre and size. */
function PlanFields({
  form,
  set,
  errorOf,
  onSize,
}: {
  form: PlanForm;
  set: (field: PlanField) => (event: { target: { value: string } }) => void;
  errorOf: (field: PlanField) => string | undefined;
  onSize: (size: string) => void;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        name="title"
        label="Title"
        value={form.title}
        onChange={set('title')}
        error={errorOf('title')}
        autoComplete="off"
        className="sm:col-span-2"
      />
      <SelectField
        name="language"
        label="Language"
        value={form.language}
        onChange={set('language')}
        error={errorOf('language')}
      >
        <option value="">Select a language</option>
        {bookLanguageOptions.map((l) => (
          <option key={l.value} value={l.value}>
            {l.label}
          </option>
        ))}
      </SelectField>
      <InputField
        name="targetAudience"
        label="Target audience"
        value={form.targetAudience}
        onChange={set('targetAudience')}
        error={errorOf('targetAudience')}
        placeholder="e.g. Young adults who love mysteries"
        autoComplete="off"
      />
      <SelectField
        name="genre"
        label="Genre"
        value={form.genre}
        onChange={set('genre')}
        error={errorOf('genre')}
        className="sm:col-span-2"
      >
        <option value="">Select a genre</option>
        <optgroup label="Fiction">
          {fictionGenres.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Non-fiction">
          {nonFictionGenres.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <SizeChoice value={form.size} onChange={onSize} error={errorOf('size')} />
    </div>
  );
}

/** The allowance left (not said in a workspace: its owner's allowance pays) and the create button. */
function SubmitRow({ left, isLoading }: { left: number | null | undefined; isLoading: boolean }) {
  return (
    <div className="mt-6 flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-stone-600">
        {left === undefined
          ? workspaceTexts.allowance
          : left === null
            ? 'Your plan includes unlimited books.'
            : `${left} ${left === 1 ? 'book' : 'books'} left this month.`}
      </p>
      <Button type="submit" busy={isLoading} disabled={isLoading} className="px-6">
        {!isLoading && <SparkIcon className="size-4.5" />}
        {isLoading ? createBookTexts.submitting : createBookTexts.submit}
      </Button>
    </div>
  );
}

/** Standard (short, about 100 pages) is selectable; Long (150+ pages) is shown disabled, coming soon. */
function SizeChoice({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (size: string) => void;
  error: string | undefined;
}) {
  const errorId = useId();
  const options = [
    { value: 'short', label: createBookTexts.sizeStandard, hint: createBookTexts.sizeStandardHint, disabled: false },
    { value: 'long', label: createBookTexts.sizeLong, hint: createBookTexts.sizeLongHint, disabled: true },
  ];
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">Size</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={`relative flex items-start gap-3 rounded-xl border bg-white px-4 py-3.5 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ink-300 ${option.disabled ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-50' : 'cursor-pointer hover:border-ink-400'} ${checked ? 'border-ink-700 ring-1 ring-ink-700' : error ? 'border-red-500' : 'border-stone-300'}`}
            >
              <input
                type="radio"
                name="size"
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-invalid={error ? true : undefined}
                className="mt-1 size-4 accent-ink-800"
              />
              <span className="min-w-0">
                <span
                  className={`block text-sm font-semibold ${option.disabled ? 'text-stone-500' : 'text-stone-900'}`}
                >
                  {option.label}
                  {option.disabled && (
                    <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-stone-600 uppercase">
                      {createBookTexts.comingSoon}
                    </span>
                  )}
                </span>
                <span className={`block text-xs ${option.disabled ? 'text-stone-500' : 'text-stone-600'}`}>
                  {option.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
