/** Cloth colours for books without a cover image, picked from the title so a book keeps its colour. */
const cloths = [
  { bg: '#1a2a3f', ink: '#f3ede2', rule: '#c2781a' },
  { bg: '#5b2333', ink: '#f6ebe0', rule: '#e0b36a' },
  { bg: '#2f4a3a', ink: '#eef0e6', rule: '#c9a45c' },
  { bg: '#38567e', ink: '#f3f6fa', rule: '#f3ede2' },
  { bg: '#7a4a1f', ink: '#fbf3e6', rule: '#f3d9a6' },
  { bg: '#3d3553', ink: '#f1edf7', rule: '#d4b26a' },
];

function clothFor(title: string) {
  // FNV-1a: nearby titles still land on different cloths.
  let hash = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) hash = Math.imul(hash ^ title.charCodeAt(i), 0x01000193);
  return cloths[(hash >>> 0) % cloths.length]!;
}

/**
 * The title's size on a cloth cover, in the cover's width (cqw), at most `maxPx`: small enough that the longest
 * word fits a line (about 0.6 em a letter in 72% of the width) and that every line fits the cover's height.
 */
function titleSize(title: string, maxPx: number): string {
  const words = title.split(/\s+/).filter(Boolean);
  const longest = Math.max(1, ...words.map((w) => [...w].length));
  const letters = Math.max(1, [...title].length);
  const cqw = Math.min(16, 120 / longest, 100 / Math.sqrt(letters));
  return `min(${maxPx}px, ${cqw.toFixed(2)}cqw)`;
}

/**
 * A book's cover: the image when it has one, otherwise a plain cloth binding with the title set in the
 * display serif. Decorative (the title is always written next to it), so hidden from screen readers.
 */
export function BookCover({
  title,
  coverImage,
  size = 'md',
  className = '',
}: {
  title: string;
  coverImage: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const frame = `@container relative aspect-[2/3] shrink-0 overflow-hidden rounded-[3px] shadow-sm ring-1 ring-black/10 ${className}`;
  if (coverImage) {
    return (
      <div className={frame} aria-hidden="true">
        <img src={coverImage} alt="" className="size-full object-cover" loading="lazy" />
      </div>
    );
  }
  const cloth = clothFor(title);
  return (
    <div className={frame} style={{ backgroundColor: cloth.bg, color: cloth.ink }} aria-hidden="true">
      {/* the spine's shadow */}
      <span className="absolute inset-y-0 left-0 w-[6%] bg-black/20" />
      {size === 'sm' ? (
        <span className="absolute inset-x-[22%] top-[30%] h-px" style={{ backgroundColor: cloth.rule }} />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center px-[14%] text-center">
          <span className="mb-[8%] h-px w-1/3" style={{ backgroundColor: cloth.rule }} />
          {/* Wraps between words only, never clipped: the type shrinks with the cover and the title. */}
          <span
            className="font-display leading-tight font-semibold text-balance [overflow-wrap:normal] hyphens-manual"
            style={{ fontSize: titleSize(title, size === 'lg' ? 24 : 15) }}
          >
            {title}
          </span>
          <span className="mt-[8%] h-px w-1/3" style={{ backgroundColor: cloth.rule }} />
        </div>
      )}
    </div>
  );
}
