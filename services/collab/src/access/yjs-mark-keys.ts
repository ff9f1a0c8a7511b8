/** y-prosemirror keeps marks that may overlap (comments) as `<mark>--<8 base64 chars>` formatting keys. */
const hashedMarkName = /^(.*)--[a-zA-Z0-9+/=]{8}$/;

/** The mark a Yjs formatting key (or a y-prosemirror element attribute) stands for. */
export const markNameOfKey = (key: string): string => hashedMarkName.exec(key)?.[1] ?? key;

/** The element attribute y-tiptap keeps a block's own marks in (their JSON), when it has any. */
export const blockMarksKey = '__marks';
