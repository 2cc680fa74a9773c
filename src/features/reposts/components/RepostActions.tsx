import { memo, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CountInName } from '../../../components/CountInName';
import { focusAfterRemoval } from '../../../components/focusAfterRemoval';
import { PopupPanel } from '../../../components/PopupPanel';
import { postCardsAround } from '../../posts/components/postCardsAround';
import { usePopupPlacement } from '../../../components/popupPlacement';
import { useMenuKeys } from '../../../components/useMenuKeys';
import { usePressOutside } from '../../../components/usePressOutside';
import { useHistoryWindow } from '../../../components/useHistoryWindow';
import { paths } from '../../../config/paths';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import { hasCapability } from '../../../lib/api/capabilities';
import { useAppSelector } from '../../../lib/store/hooks';
import type { Post } from '../../../types/api';
import { QuoteIcon, RepostIcon } from '../../posts/components/icons';
import { flipToggle } from '../../ui/notify';
import { useOnePress } from '../../ui/useOnePress';
import { selectQuoteRefusal } from '../quotePolicy';
import { selectIsReposted, useRepostPostMutation, useUndoRepostMutation } from '../repostsApi';
import { QuoteDialog } from './QuoteDialog';
import './Reposts.css';

type Item = 'repost' | 'quote';
const ITEMS: readonly Item[] = ['repost', 'quote'];

/** The author's name, as the reason a quote is not offered says it. */
function authorName(post: Post): string {
  return post.userFullName || `${post.firstName} ${post.lastName}`.trim() || `@${post.username}`;
}

/**
 * The post's Repost menu among its actions, named with its repost count ("Repost, 3 reposts"):
 * Repost (or Undo repost, once the member reposted it) and Quote, which opens the composer in a
 * window with the post under the text box. Quote stays in the menu but cannot be chosen when the
 * author's policy does not let the member, and says why. The menu closes with the focus back on its
 * button, which the quote window also gives it back to. Beside it, the post's quote count, when it
 * has quotes, links to the post's page where they are listed. Nothing without the `reposts` extension.
 */
export const RepostActions = memo(function RepostActions({ post }: { post: Post }) {
  const say = useT();
  const shown = useAppSelector((state) => hasCapability(state, 'reposts'));
  const refusal = useAppSelector((state) => selectQuoteRefusal(state, post));
  const reposted = useAppSelector((state) => selectIsReposted(state, post.id));
  const [repost] = useRepostPostMutation();
  const [undo] = useUndoRepostMutation();
  const onePress = useOnePress();
  const quoting = useHistoryWindow(`quote-post:${post.id}`);
  const menu = useMenuKeys(ITEMS.length);
  const { open, active, buttonRef, close } = menu;
  const panelRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const reasonId = useId();
  const placement = usePopupPlacement(buttonRef, panelRef, open);
  usePressOutside(open, [panelRef, buttonRef], menu.dismiss);

  if (!shown) return null;
  const repostCount = post.repostCount ?? 0;
  const quoteCount = post.quoteCount ?? 0;

  const choose = (item: Item) => {
    if (item === 'quote' && refusal) return;
    close(true);
    if (item === 'quote') {
      quoting.open();
      return;
    }
    void onePress(() => {
      // Undone, the member's own repost leaves the lists it brought the post into, this card with it:
      // its focus goes on to the next card, as a deleted post's does (nothing moves if the card stays).
      const card = reposted ? buttonRef.current?.closest<HTMLElement>('article') : undefined;
      const refocus = card ? focusAfterRemoval(card, postCardsAround(card)) : undefined;
      return flipToggle(
        reposted,
        { call: () => repost(post.id).unwrap(), toast: t('repost.done') },
        {
          call: async () => {
            const change = await undo(post.id).unwrap();
            refocus?.();
            return change;
          },
          toast: t('repost.undone'),
        },
      );
    });
  };

  const labels: Record<Item, string> = { repost: say(reposted ? 'repost.undo' : 'repost.repost'), quote: say('repost.quote') };

  return (
    <>
      <span className="repost-menu">
        <button
          ref={buttonRef}
          type="button"
          className={`post-card__action post-card__action--repost${reposted ? ' is-active' : ''}`}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          title={say('repost.menu')}
          onClick={() => (open ? close(false) : menu.openAt(0))}
          onKeyDown={menu.onButtonKeyDown}
        >
          <RepostIcon />
          {/* Named by its content, as the heart is: "Repost, 3 reposts". */}
          <CountInName name={say('repost.menuName', { count: repostCount })} count={repostCount} />
        </button>
        {open ? (
          <PopupPanel panelRef={panelRef} placement={placement}>
          <ul id={menuId} className="repost-menu__list" role="menu" aria-label={say('repost.menu')} onKeyDown={menu.onMenuKeyDown}>
            {ITEMS.map((item, index) => {
              const refused = item === 'quote' && refusal !== undefined;
              return (
                <li key={item} role="none">
                  <button
                    ref={menu.itemRef(index)}
                    type="button"
                    role="menuitem"
                    tabIndex={index === active ? 0 : -1}
                    className="repost-menu__item"
                    aria-disabled={refused || undefined}
                    aria-describedby={refused ? reasonId : undefined}
                    onClick={() => choose(item)}
                  >
                    {item === 'repost' ? <RepostIcon /> : <QuoteIcon />}
                    {labels[item]}
                  </button>
                </li>
              );
            })}
          </ul>
          {refusal ? (
            <p id={reasonId} className="repost-menu__reason">
              {say(refusal === 'nobody' ? 'quote.nobody' : 'quote.onlyFollowers', { name: authorName(post) })}
            </p>
          ) : null}
          </PopupPanel>
        ) : null}
      </span>
      {quoteCount > 0 ? (
        // Named by its content: "Quotes, 2 quotes"; the post's page lists them.
        <Link className="post-card__action" to={paths.post.href(post.id)} title={say('quotes.title')}>
          <QuoteIcon />
          <CountInName name={say('repost.quotesName', { count: quoteCount })} count={quoteCount} />
        </Link>
      ) : null}
      {quoting.isOpen ? <QuoteDialog post={post} onClose={quoting.close} /> : null}
    </>
  );
});
