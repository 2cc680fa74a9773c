type SegmenterLike = { segment(input: string): Iterable<unknown> };

let segmenter: SegmenterLike | null | undefined;

function getSegmenter(): SegmenterLike | null {
  if (segmenter === undefined) {
    const Segmenter = (Intl as { Segmenter?: new (locale?: string, options?: { granularity: 'grapheme' }) => SegmenterLike }).Segmenter;
    segmenter = Segmenter ? new Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

/** The number of characters as a person counts them: an emoji or an accented letter is one. */
export function countGraphemes(text: string): number {
  if (text === '') return 0;
  const seg = getSegmenter();
  if (!seg) return Array.from(text).length;
  let count = 0;
  for (const _segment of seg.segment(text)) count += 1;
  return count;
}
