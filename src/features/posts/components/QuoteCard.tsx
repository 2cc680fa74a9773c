import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar';
import { Handle } from '../../../components/Handle';
import { backendFileUrl } from '../../../config/env';
import { paths } from '../../../config/paths';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { Post } from '../../../types/api';
import { WarningIcon } from './icons';
import { postImagesOf } from '../postImages';
import './QuoteCard.css';

/** What an image's alt says when its author gave no description (as a card's does). */
function undescribed(fullName: string): string {
  return t('post.undescribedImage', { name: fullName });
}

export interface QuoteCardProps {
  /** The post quoted, as the quoting post carries it (`post` null once it is gone for the reader). */
  quote: NonNullable<Post['quote']>;
  /** In a post: the whole card links to the quoted post. In the quote's composer it is shown alone. */
  link?: boolean;
}

/**
 * A quoted post under the quoting post's text: its author, its text and its images, small; behind
 * its content warning, the warning alone (the post's page opens it). The whole card is one link to
 * the quoted post, so a keyboard reaches it in one stop; a post gone says so instead.
 */
export function QuoteCard({ quote, link = true }: QuoteCardProps) {
  const say = useT();
  const quoted = quote.post;
  if (!quoted) {
    return <p className="quote-card quote-card--gone">{say('quote.gone')}</p>;
  }
  const fullName = quoted.userFullName || `${quoted.firstName} ${quoted.lastName}`.trim();
  const images = postImagesOf(quoted);
  const inside = (
    <>
      <span className="quote-card__byline">
        <Avatar src={quoted.image} name={fullName} size="sm" decorative />
        <span className="quote-card__author" dir="auto">{fullName}</span>
        <Handle className="quote-card__handle" username={quoted.username} />
      </span>
      {quoted.warning ? (
        <span className="quote-card__warning" dir="auto">
          <WarningIcon />
          {say('quote.warning', { warning: quoted.warning })}
        </span>
      ) : (
        <>
          {quoted.content ? <span className="quote-card__text" dir="auto">{quoted.content}</span> : null}
          {images.length > 1 ? (
            // Its several images small, side by side in their order.
            <span className="quote-card__images">
              {images.map((image, index) => (
                <img key={`${index}:${image.src}`} className="quote-card__tile" src={backendFileUrl(image.src)} alt={image.alt || undescribed(fullName)} loading="lazy" decoding="async" />
              ))}
            </span>
          ) : quoted.postImage ? (
            <img className="quote-card__image" src={backendFileUrl(quoted.postImage)} alt={quoted.imageAlt || undescribed(fullName)} loading="lazy" decoding="async" />
          ) : null}
        </>
      )}
    </>
  );
  return link ? (
    <Link className="quote-card" to={paths.post.href(quoted.id)}>
      {inside}
    </Link>
  ) : (
    <div className="quote-card">{inside}</div>
  );
}
