import { useState } from 'react';
import { apiFetch } from '../../../api/apiFetch';
import { toast } from '../../../components/toast';
import { DownloadIcon } from '../../../components/icons';
import { Button } from '../../../components/ui';
import { dispositionFileName, saveFile } from '../../export/fileRequest';
import { Panel } from './Panel';
import { serverMessageOf } from '../../../api/baseQuery';

export const downloadDataTexts = {
  heading: 'Your data',
  text: 'A zip of your account, plan, invoices and every book (trashed ones too): the manuscript as Markdown and as the editor’s document, covers and named versions.',
  action: 'Download my data',
  preparing: 'Preparing your data…',
  started: 'Your data is downloading.',
  failure: 'Could not download your data. Please try again.',
} as const;

/** `attachment; filename="bookwright-data-2026-11-25.zip"` → the file name; today's name otherwise. */
export function fileNameOf(disposition: string | null, today: Date = new Date()): string {
  return dispositionFileName(disposition) ?? `bookwright-data-${today.toISOString().slice(0, 10)}.zip`;
}

async function msgOf(response: Response): Promise<string | undefined> {
  return serverMessageOf(await response.json().catch(() => undefined));
}

/**
 * "Download my data" (GDPR art. 20): GET /user/export answers a zip. Fetched rather than followed as a
 * link, so a refusal (429 while the last export is recent) shows the server's words instead of a page of JSON.
 */
export function DownloadData() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await apiFetch('/user/export');
      if (!response.ok) {
        toast.error((await msgOf(response)) ?? downloadDataTexts.failure);
        return;
      }
      const blob = await response.blob();
      saveFile(URL.createObjectURL(blob), fileNameOf(response.headers.get('Content-Disposition')));
      toast.success(downloadDataTexts.started);
    } catch {
      toast.error(downloadDataTexts.failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel
      title={downloadDataTexts.heading}
      description={downloadDataTexts.text}
      actions={
        <Button variant="secondary" onClick={() => void download()} disabled={busy} busy={busy}>
          {!busy && <DownloadIcon className="size-4" />}
          {busy ? downloadDataTexts.preparing : downloadDataTexts.action}
        </Button>
      }
    />
  );
}
