import type { DiffPart } from './revisionDiff';

/**
 * Text with what one side adds marked green (`ins`) and what it takes away struck red (`del`). Screen
 * readers do not announce `ins`/`del` on their own, so the labels, when given, go before each mark as
 * hidden text.
 */
export function DiffMarks({
  parts,
  addedLabel,
  removedLabel,
}: {
  parts: DiffPart[];
  addedLabel?: string;
  removedLabel?: string;
}) {
  return parts.map((part, i) =>
    part.kind === 'same' ? (
      <span key={i} className="text-stone-500">
        {part.text}
      </span>
    ) : part.kind === 'added' ? (
      <ins key={i} className="bg-green-100 text-green-900 no-underline">
        {addedLabel && <span className="sr-only">{addedLabel} </span>}
        {part.text}
      </ins>
    ) : (
      <del key={i} className="bg-red-100 text-red-900">
        {removedLabel && <span className="sr-only">{removedLabel} </span>}
        {part.text}
      </del>
    ),
  );
}
