import { z } from 'zod';
import { defineRequest } from '../../bus/define';

/**
 * GET /user/export, the renderings of one manuscript or version: export owns every rendering of a book, the
 * gateway only zips. A long manuscript is over one NATS message; the bus carries it (large bodies).
 */
export const renderTakeoutRequest = defineRequest({
  name: 'export.takeout.render',
  version: 1,
  request: z.object({
    userId: z.string(),
    bookId: z.string(),
    /** The stored document (tiptap JSON text), as book.takeout.book or book.takeout.version answer it. */
    content: z.string(),
    /**
     * Where the zip holds each of the book's images, by image id, relative to the Markdown file
     * (`images/<id>.png`, `../images/<id>.png` from versions/). An image not listed is left out.
     */
    imagePaths: z.record(z.string(), z.string()).default({}),
  }),
  response: z.object({
    /** manuscript.md: CommonMark in its printed form, or a note that points to the .json when it does not convert. */
    markdown: z.string(),
    /** manuscript.json: the printed document, indented; as stored when it is not one the contract accepts. */
    json: z.string(),
  }),
  description:
    'Renders a manuscript or named version for the takeout: its Markdown and its printed JSON (open suggestions rejected, comment anchors out). Never fails on what a document holds: one that does not convert is logged and said so in the Markdown.',
});
