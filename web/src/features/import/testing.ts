import { vi } from 'vitest';
import { buildBook } from '@bookwright/contracts/testing';
import type { Book, ImportReport } from '@bookwright/contracts/http';

/**
 * Test helpers of the import dialogs (imported by their tests only): jsdom's XMLHttpRequest sends nothing
 * anywhere, so a fake one records each upload and lets the test report progress and answer it.
 */
export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  withCredentials: boolean;
  aborted: boolean;
  /** The browser sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number): void;
  answer(status: number, body?: unknown, headers?: Record<string, string>): void;
  /** No answer: the network failed. */
  fail(): void;
}

export function stubUploads(): { uploads: FakeUpload[]; next: () => Promise<FakeUpload> } {
  const uploads: FakeUpload[] = [];
  const waiting: ((upload: FakeUpload) => void)[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private record: FakeUpload | undefined;
    open(method: string, url: string) {
      this.method = method;
      this.url = url.replace(/^\/api\/v1/, '');
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name] ?? null;
    }
    abort() {
      if (this.record) this.record.aborted = true;
      this.onabort?.();
    }
    send(body: FormData) {
      const record: FakeUpload = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        withCredentials: this.withCredentials,
        aborted: false,
        progress: (loaded, total) =>
          this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 } as ProgressEvent),
        answer: (status, answerBody, headers = {}) => {
          this.status = status;
          this.responseText = answerBody === undefined ? '' : JSON.stringify(answerBody);
          this.responseHeaders = headers;
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      };
      this.record = record;
      uploads.push(record);
      waiting.shift()?.(record);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let taken = 0;
  return {
    uploads,
    /** The next upload sent (after the ones already taken). */
    next: () =>
      new Promise((resolve) => {
        const index = taken++;
        const sent = uploads[index];
        if (sent) resolve(sent);
        else waiting.push(resolve);
      }),
  };
}

export const sampleReport = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  source: { fileName: 'the-keeper.docx', kind: 'docx', bytes: 48_213 },
  chapters: [
    { title: 'Chapter One: Night Watch', words: 3_120 },
    { title: 'Chapter Two: The Letter', words: 2_904 },
  ],
  words: 6_024,
  frontMatter: ['title-page', 'copyright'],
  metadata: { title: 'The Keeper of Letters', author: 'Ada Author', rights: '© 2026 Ada Author' },
  kept: [
    { kind: 'chapters', count: 2 },
    { kind: 'italics', count: 14 },
    { kind: 'scene-breaks', count: 3 },
    { kind: 'notes', count: 1 },
  ],
  dropped: [
    { kind: 'comments', count: 3 },
    { kind: 'text-boxes', count: 1 },
  ],
  ...overrides,
});

export const importedBook = (overrides: Partial<Book> = {}): Book =>
  buildBook({ _id: 'imported-1', title: 'The Keeper of Letters', status: 'ready', ...overrides });
