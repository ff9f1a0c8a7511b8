import type { ReactNode } from 'react';
import { descriptionBlocks, type DescriptionBlock, type DescriptionInline } from '@bookwright/contracts/text';

/**
 * A description shown read-only, formatted: built from the sanitiser's blocks as React elements, so no
 * markup from the server or a model is ever handed to the browser as HTML.
 */
export function DescriptionText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`space-y-2 ${className}`}>{blocks(descriptionBlocks(html))}</div>;
}

function blocks(list: readonly DescriptionBlock[]): ReactNode[] {
  return list.map((block, index) => {
    if (block.kind === 'paragraph') return <p key={index}>{block.inlines.map(inline)}</p>;
    const items = block.items.map((item, i) => <li key={i}>{blocks(item)}</li>);
    return block.ordered ? (
      <ol key={index} className="list-decimal space-y-1 pl-5">
        {items}
      </ol>
    ) : (
      <ul key={index} className="list-disc space-y-1 pl-5">
        {items}
      </ul>
    );
  });
}

function inline(part: DescriptionInline, index: number): ReactNode {
  if ('br' in part) return <br key={index} />;
  let node: ReactNode = part.text;
  if (part.em) node = <em>{node}</em>;
  if (part.strong) node = <strong>{node}</strong>;
  return <span key={index}>{node}</span>;
}
