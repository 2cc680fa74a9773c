import { Fragment, useMemo, type ReactNode } from 'react';
import { textParts, type TextPart } from '../../contract/richText';
import './RichText.css';

export type MentionPart = Extract<TextPart, { kind: 'mention' }>;

/** Whether a text holds an address or a mention, which become elements of their own. */
export function hasLinkParts(text: string): boolean {
  return textParts(text).some((part) => part.kind === 'link' || part.kind === 'mention');
}

export interface RichTextProps {
  text: string;
  /** A mention as an element: a link to the member's profile when a member has the name, else the text. */
  renderMention: (part: MentionPart) => ReactNode;
}

/**
 * A post's or a reply's text, with its addresses as links (a new tab, `noopener nofollow ugc`, shown
 * shortened) and its mentions as the caller renders them. Elements are made from the text's parts,
 * never from HTML: markup in a text shows as the text it is.
 */
export function RichText({ text, renderMention }: RichTextProps) {
  const parts = useMemo(() => textParts(text), [text]);
  return (
    <>
      {parts.map((part, index) => {
        switch (part.kind) {
          case 'link':
            return (
              <a key={index} className="rich-text__link" href={part.href} target="_blank" rel="noopener nofollow ugc" title={part.href}>
                {part.display}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            );
          case 'mention':
            return <Fragment key={index}>{renderMention(part)}</Fragment>;
          default:
            return <Fragment key={index}>{part.text}</Fragment>;
        }
      })}
    </>
  );
}
