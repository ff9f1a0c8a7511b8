import type { ExportRequest, ExportValidation, ValidateExportRequest } from '@bookwright/contracts/http';
import { api } from '../../api/api';
import { dispositionFileName, postForFile, type FileRequestError } from './fileRequest';

const bookPath = (id: string) => encodeURIComponent(id);

/** An exported file, held as an object URL (the store keeps serializable values only). */
export interface ExportedFile {
  objectUrl: string;
  size: number;
  /** The server's download name (Content-Disposition), letters of every language kept. */
  fileName?: string;
  /** Open suggestions of the manuscript the file left out (x-open-suggestions): it prints them rejected. */
  openSuggestions: number;
}

/** The x-open-suggestions header as a count; 0 when absent or not a count. */
const openSuggestionsOf = (header: string | null): number => {
  const count = Number(header ?? '0');
  return Number.isInteger(count) && count > 0 ? count : 0;
};

/** The export endpoints (spec §7): the validation the dialog shows, and the file itself. */
export const exportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /book/{id}/validate-export: a read (nothing changes), so a query that follows the options. */
    validateExport: build.query<ExportValidation, { id: string; request: ValidateExportRequest }>({
      query: ({ id, request }) => ({ url: `/book/${bookPath(id)}/validate-export`, method: 'POST', body: request }),
      // The manuscript and metadata change between two openings of the dialog: never answer from an old check.
      keepUnusedDataFor: 0,
    }),
    /** POST /book/export/{id}: answers the EPUB, PDF or ZIP. Errors carry the body (400's `issues`). */
    exportBook: build.mutation<ExportedFile, { id: string; request: ExportRequest }>({
      queryFn: async ({ id, request }, { signal }) => {
        const result = await postForFile(`/book/export/${bookPath(id)}`, request, signal);
        if ('error' in result) return { error: result.error as FileRequestError };
        const { blob, headers } = result.data;
        const fileName = dispositionFileName(headers.get('Content-Disposition'));
        return {
          data: {
            objectUrl: URL.createObjectURL(blob),
            size: blob.size,
            ...(fileName ? { fileName } : {}),
            openSuggestions: openSuggestionsOf(headers.get('x-open-suggestions')),
          },
        };
      },
    }),
  }),
});

export const { useValidateExportQuery, useExportBookMutation } = exportApi;
