import { useId, useRef, useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { coverUploadMaxBytes } from '@bookwright/contracts/http';
import { ImageIcon, TrashIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { coverTexts } from './texts';

/** The image the author picked, with an object URL for its preview. */
export interface ChosenImage {
  file: File;
  url: string;
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Why the file cannot be a cover, checked before anything is sent (images only, 10 MB at most). */
export function imageProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return coverTexts.notAnImageFile;
  if (file.size > coverUploadMaxBytes) return coverTexts.tooLargeFile(megabytes(file.size));
  return undefined;
}

/**
 * The cover dialog's upload step (spec §2, §5): an image picker (click or drop; images only, 'PNG, JPG up to
 * 10MB'), the preview with a remove button, Back and 'Apply Cover' ('Uploading...').
 */
export function UploadStep({
  image,
  onImage,
  busy,
  back,
  onApply,
  refusal,
}: {
  image: ChosenImage | undefined;
  onImage: (image: ChosenImage | undefined) => void;
  busy: boolean;
  back: ReactNode;
  onApply: () => void;
  /** The server's message when it refused this image. */
  refusal?: string | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pickProblem, setProblem] = useState<string>();
  // The preview that the browser could not draw: a file named .png that is no image, or a broken one.
  const [brokenUrl, setBrokenUrl] = useState<string>();
  const broken = image !== undefined && brokenUrl === image.url;
  const problem = pickProblem ?? (broken ? coverTexts.unreadableImage : refusal);
  // Applying cannot work for an image the browser cannot show or the server refused: choose another first.
  const unusable = broken || refusal !== undefined;

  function pick(file: File | undefined) {
    if (!file) return;
    const why = imageProblem(file);
    setProblem(why);
    if (why) return;
    onImage({ file, url: URL.createObjectURL(file) });
  }

  function remove() {
    onImage(undefined);
    setProblem(undefined);
    // The picker comes back where the preview was; the focus goes with it.
    requestAnimationFrame(() => input.current?.focus());
  }

  return (
    <div>
      {image ? (
        <ImagePreview image={image} busy={busy} onRemove={remove} onBroken={() => setBrokenUrl(image.url)} />
      ) : (
        <ImagePicker id={id} inputRef={input} busy={busy} problem={problem} onPick={pick} />
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {back}
        <Button type="button" onClick={onApply} disabled={busy || (image !== undefined && unusable)} busy={busy}>
          {busy ? coverTexts.uploading : coverTexts.applyCover}
        </Button>
      </div>
    </div>
  );
}

/** The chosen image, its name and size, and a remove button. */
function ImagePreview({
  image,
  busy,
  onRemove,
  onBroken,
}: {
  image: ChosenImage;
  busy: boolean;
  onRemove: () => void;
  /** The browser could not draw it. */
  onBroken: () => void;
}) {
  return (
    <figure className="flex flex-col items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:flex-row sm:items-start">
      <img
        src={image.url}
        alt={coverTexts.preview}
        onError={onBroken}
        className="max-h-64 w-auto max-w-[60%] rounded-[3px] object-contain shadow-md ring-1 ring-black/10 sm:max-h-56 sm:max-w-[45%]"
      />
      <figcaption className="min-w-0 flex-1 text-center sm:text-left">
        <p className="truncate text-sm font-semibold text-stone-900" title={image.file.name}>
          {image.file.name}
        </p>
        <p className="text-xs text-stone-600">{megabytes(image.file.size)} MB</p>
        <Button
          type="button"
          variant="secondary"
          className="mt-3 px-3 py-2"
          onClick={onRemove}
          disabled={busy}
          data-autofocus
        >
          <TrashIcon className="size-4" />
          {coverTexts.remove}
        </Button>
      </figcaption>
    </figure>
  );
}

/** The image picker: click to choose, or drop a file on it. */
function ImagePicker({
  id,
  inputRef,
  busy,
  problem,
  onPick,
}: {
  /** The step's id: the picker's hint and the step's problem are named from it. */
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  problem: string | undefined;
  onPick: (file: File | undefined) => void;
}) {
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) onPick(event.dataTransfer.files[0]);
  };

  return (
    <label
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-9 text-center transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ink-300 ${dragging ? 'border-ink-500 bg-ink-50' : problem ? 'border-red-400 bg-red-50/40' : 'border-stone-300 bg-stone-50 hover:border-ink-400'}`}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-white text-ink-700 shadow-sm ring-1 ring-stone-200">
        <ImageIcon className="size-5.5" />
      </span>
      <span className="text-sm text-stone-700">
        <span className="font-semibold text-ink-800 underline-offset-2">{coverTexts.chooseImage}</span>{' '}
        {coverTexts.dropHere}
      </span>
      <span id={`${id}-hint`} className="text-xs text-stone-600">
        {coverTexts.uploadHint}
      </span>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        aria-label={coverTexts.coverImage}
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
        aria-invalid={problem ? true : undefined}
        disabled={busy}
        data-autofocus
        className="sr-only"
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
