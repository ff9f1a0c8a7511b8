import { useEffect, useRef, useState, type RefObject } from 'react';
import { coverDefaults, coverMessages, type Book, type GenerateCoverRequest } from '@bookwright/contracts/http';
import { Dialog } from '../../components/Dialog';
import { ImageIcon, SparkIcon } from '../../components/icons';
import { errorMessage, isApiError } from '../../api/baseQuery';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { OptionButton } from '../export/FormatList';
import { useStepFocus } from '../export/useStepFocus';
import {
  useApplyCoverMutation,
  useGenerateCoverMutation,
  useUploadCoverMutation,
  type GeneratedCover,
} from './coverApi';
import { coverGenerationFailureMessage } from './coverErrors';
import { coverTexts } from './texts';
import { GenerateStep } from './GenerateStep';
import { UploadStep, type ChosenImage } from './UploadStep';

/** A 4xx answer: the server looked at the request and said no (a network failure or a 5xx may pass later). */
const refusedByServer = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/** Spec §4: the choice, then upload or generate; generate leads to the preview. */
type Step = 'choice' | 'upload' | 'generate' | 'preview';

export const defaultCoverOptions: GenerateCoverRequest = { ...coverDefaults, prompt: '', typeset: true };

const titles: Record<Step, { title: string; description: string }> = {
  choice: { title: coverTexts.title, description: coverTexts.description },
  upload: { title: coverTexts.uploadTitle, description: coverTexts.uploadDescription },
  generate: { title: coverTexts.generateTitle, description: coverTexts.generateDescription },
  preview: { title: coverTexts.previewTitle, description: coverTexts.previewDescription },
};

/**
 * The editor's Cover dialog (spec §2, §4, §8): generate a cover with AI (options, then a preview to use or
 * replace) or upload one. Applying a cover is PATCH /book/{id} { coverImage }; a generated cover is applied by
 * the URL the server stored it under, so its full-resolution master stays the print cover. Closing resets
 * the options to the defaults.
 */
export function CoverDialog({ book, open, onClose }: { book: Book; open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>('choice');
  const [options, setOptions] = useState<GenerateCoverRequest>(defaultCoverOptions);
  const [image, setImage] = useState<ChosenImage>();
  const [generated, setGenerated] = useState<GeneratedCover>();
  const [busy, setBusy] = useState<Busy>();
  // The server's refusal of the chosen image (4xx): the same bytes would be refused again.
  const [refusal, setRefusal] = useState<{ url: string | undefined; message: string }>();
  // Every opening is a session; work that finishes after its dialog was closed changes nothing.
  const session = useRef(0);
  const body = useRef<HTMLDivElement>(null);
  useStepFocus(step, body);
  const previews = usePreviewUrls();
  const { applyUpload, applyGenerated } = useApplyCover({
    book,
    session,
    setBusy,
    close,
    onRefused: (message) => setRefusal({ url: image?.url, message }),
  });
  const generate = useGenerateCover({ book, session, setBusy, previews }, (cover) => {
    setGenerated(cover);
    setStep('preview');
  });

  function chooseImage(next: ChosenImage | undefined) {
    previews.free(image?.url);
    if (next) previews.hold(next.url);
    setImage(next);
  }

  function close() {
    session.current += 1;
    previews.free(image?.url);
    previews.free(generated?.previewUrl);
    setStep('choice');
    setOptions(defaultCoverOptions);
    setImage(undefined);
    setGenerated(undefined);
    setBusy(undefined);
    onClose();
  }

  function generateAnother() {
    previews.free(generated?.previewUrl);
    setGenerated(undefined);
    setStep('generate');
  }

  const back = <BackButton onBack={() => setStep('choice')} disabled={busy !== undefined} />;

  return (
    <Dialog open={open} onClose={close} title={titles[step].title} description={titles[step].description}>
      <div ref={body} className="mt-5">
        {step === 'choice' && <ChoiceStep onChoose={setStep} />}
        {step === 'upload' && (
          <UploadStep
            image={image}
            onImage={chooseImage}
            busy={busy === 'upload'}
            back={back}
            onApply={() => applyUpload(image)}
            refusal={refusal && image && refusal.url === image.url ? refusal.message : undefined}
          />
        )}
        {step === 'generate' && (
          <GenerateStep
            options={options}
            onChange={setOptions}
            busy={busy === 'generate'}
            back={back}
            onGenerate={(request) => void generate(request)}
          />
        )}
        {step === 'preview' && generated && (
          <PreviewStep
            generated={generated}
            busy={busy}
            onGenerateAnother={generateAnother}
            onApply={() => applyGenerated(generated)}
          />
        )}
      </div>
    </Dialog>
  );
}

type Busy = 'upload' | 'generate' | 'apply';

/** The object URLs of the previews, freed when replaced, on close and when the page goes. */
function usePreviewUrls() {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);
  return {
    hold: (url: string) => urls.current.add(url),
    free: (url: string | undefined) => {
      if (!url) return;
      URL.revokeObjectURL(url);
      urls.current.delete(url);
    },
  };
}

type PreviewUrls = ReturnType<typeof usePreviewUrls>;

interface CoverSession {
  book: Book;
  /** The dialog's opening this work belongs to. */
  session: RefObject<number>;
  setBusy: (busy: Busy | undefined) => void;
}

/**
 * Applies a stored cover to the book with spec §8's toasts; closes the dialog when it worked. A refusal
 * shows the server's message (why this image was refused), and the upload step keeps it beside the image.
 */
function useApplyCover({
  book,
  session,
  setBusy,
  close,
  onRefused,
}: CoverSession & { close: () => void; onRefused: (message: string) => void }) {
  const [uploadCover] = useUploadCoverMutation();
  const [applyCover] = useApplyCoverMutation();

  async function apply(coverImage: () => Promise<string>, kind: 'upload' | 'apply') {
    const started = session.current;
    setBusy(kind);
    try {
      const url = await coverImage();
      await applyCover({ id: book._id, coverImage: url }).unwrap();
    } catch (error) {
      const message = errorMessage(error, coverTexts.uploadFailure);
      toast.error(message);
      if (started === session.current) {
        setBusy(undefined);
        if (kind === 'upload' && refusedByServer(error)) onRefused(message);
      }
      return;
    }
    toast.success(coverMessages.uploaded);
    toast.success(coverTexts.coverUpdated);
    if (started === session.current) close();
  }

  return {
    applyUpload(image: ChosenImage | undefined) {
      if (!image) {
        toast.error(coverMessages.noImage);
        return;
      }
      const file = image.file;
      void apply(async () => (await uploadCover({ id: book._id, image: file }).unwrap()).imageUrl, 'upload');
    },
    applyGenerated(generated: GeneratedCover | undefined) {
      if (!generated) {
        toast.error(coverMessages.noImage);
        return;
      }
      // The stored cover, not the preview's bytes: uploading those would lose the print resolution.
      const imageUrl = generated.imageUrl;
      void apply(async () => imageUrl, 'apply');
    },
  };
}

/** Generates a cover; its preview reaches `onGenerated` only if the dialog was not closed meanwhile. */
function useGenerateCover(
  { book, session, setBusy, previews }: CoverSession & { previews: PreviewUrls },
  onGenerated: (cover: GeneratedCover) => void,
) {
  const [generateCover] = useGenerateCoverMutation();

  return async function generate(request: GenerateCoverRequest) {
    const started = session.current;
    setBusy('generate');
    try {
      const cover = await generateCover({ id: book._id, options: request }).unwrap();
      if (started !== session.current) {
        URL.revokeObjectURL(cover.previewUrl);
        return;
      }
      previews.hold(cover.previewUrl);
      onGenerated(cover);
    } catch (error) {
      toast.error(coverGenerationFailureMessage(error));
    }
    if (started === session.current) setBusy(undefined);
  };
}

function BackButton({ onBack, disabled }: { onBack: () => void; disabled: boolean }) {
  return (
    <Button type="button" variant="secondary" onClick={onBack} disabled={disabled}>
      {coverTexts.back}
    </Button>
  );
}

function ChoiceStep({ onChoose }: { onChoose: (step: 'generate' | 'upload') => void }) {
  return (
    <ul aria-label={coverTexts.choicesLabel} className="space-y-2.5">
      <OptionButton
        icon={<SparkIcon className="size-5" />}
        title={coverTexts.generateWithAi}
        hint={coverTexts.generateWithAiHint}
        onClick={() => onChoose('generate')}
      />
      <OptionButton
        icon={<ImageIcon className="size-5" />}
        title={coverTexts.uploadYourOwn}
        hint={coverTexts.uploadHint}
        onClick={() => onChoose('upload')}
      />
    </ul>
  );
}

function PreviewStep({
  generated,
  busy,
  onGenerateAnother,
  onApply,
}: {
  generated: GeneratedCover;
  busy: Busy | undefined;
  onGenerateAnother: () => void;
  onApply: () => void;
}) {
  return (
    <div>
      <div className="flex justify-center rounded-xl bg-stone-100 p-3 sm:p-4">
        <img
          src={generated.previewUrl}
          alt={coverTexts.generatedPreview}
          className="max-h-[50vh] w-auto max-w-full rounded-[3px] object-contain shadow-lg ring-1 ring-black/10"
        />
      </div>
      <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onGenerateAnother} disabled={busy !== undefined}>
          {coverTexts.generateAnother}
        </Button>
        <Button type="button" onClick={onApply} disabled={busy !== undefined} busy={busy === 'apply'} data-autofocus>
          {busy === 'apply' ? coverTexts.applying : coverTexts.useThisCover}
        </Button>
      </div>
    </div>
  );
}
