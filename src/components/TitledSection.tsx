import type { ReactNode } from 'react';

/**
 * A section of a page named by its heading (screen readers list it by that name), its classes and
 * the heading's id drawn from one BEM block: `block`, `block__title`, `block-title`. The content,
 * often a list, follows the heading.
 */
export function TitledSection({ block, title, children }: { block: string; title: string; children: ReactNode }) {
  return (
    <section className={block} aria-labelledby={`${block}-title`}>
      <h2 id={`${block}-title`} className={`${block}__title`}>{title}</h2>
      {children}
    </section>
  );
}
