import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { textParts, type TextPart } from '../../contract/richText';
import { paths } from '../config/paths';
import { useT } from '../i18n/useT';
import './RichText.css';

export type MentionPart = Extract<TextPart, { kind: 'mention' }>;

/** Whether a text holds an address or a mention (or a tag, when tags link), which become elements of their own. */
export function hasLinkParts(text: string, linkTags = false): boolean {
  return textParts(text).some((part) => part.kind === 'link' || part.kind === 'mention' || (linkTags && part.kind === 'tag'));
}

export interface RichTextProps {
  text: string;
  /** A mention as an element: a link to the member's profile when a member has the name, else the text. */
  renderMention: (part: MentionPart) => ReactNode;
  /** Tags as links to their page (a backend with the `tags` extension); otherwise they stay text. */
  linkTags?: boolean;
}

/**
 * A post's or a reply's text, with its addresses as links (a new tab, `noopener nofollow ugc`, shown
 * shortened), its mentions as the caller renders them, and its tags as links to their page. Elements are made from the text's parts,
 * never from HTML: markup in a text shows as the text it is. Each address, mention and tag is
 * isolated from the text around it (`<bdi>`, its direction its own first letter's): in a text written
 * right to left, `@liam_chen` stays "@liam_chen" and an address reads left to right, while a tag
 * written in Arabic keeps its "#" at its start.
 */
export function RichText({ text, renderMention, linkTags = false }: RichTextProps) {
  const say = useT();
  const newTab = say('link.newTab');
  const parts = useMemo(() => textParts(text), [text]);
  return (
    <>
      {parts.map((part, index) => {
        switch (part.kind) {
          case 'link':
            return (
              <bdi key={index}>
                <a className="rich-text__link" href={part.href} target="_blank" rel="noopener nofollow ugc" title={part.href}>
                  {part.display}
                  <span className="visually-hidden">{newTab}</span>
                </a>
              </bdi>
            );
          case 'mention':
            return <bdi key={index}>{renderMention(part)}</bdi>;
          case 'tag':
            return (
              <bdi key={index}>
                {linkTags ? (
                  <Link className="rich-text__tag" to={paths.tag.href(part.tag)}>
                    {part.text}
                  </Link>
                ) : (
                  part.text
                )}
              </bdi>
            );
          default:
            return <Fragment key={index}>{part.text}</Fragment>;
        }
      })}
    </>
  );
}
