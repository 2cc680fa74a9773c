import { useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../lib/store/hooks';
import { NotFound } from '../components/NotFound';
import { useT } from '../i18n/useT';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { selectCurrentUserId } from '../features/auth/sessionSlice';
import { PostList } from '../features/posts/components/PostList';
import { WithPostCardExtras } from './PostCardExtras';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { refusalStatus } from '../lib/apiError';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { ProfileHeader } from '../features/users/components/ProfileHeader';
import { PinnedPosts } from '../features/pins/components/PinnedPosts';
import { RelationActions } from '../features/relations/components/RelationActions';
import { ReportMemberButton } from '../features/reports/components/ReportMemberButton';
import { BlockedProfile, MutedAndBlockedLink } from '../features/relations/components/BlockedProfile';
import { useRelationWith } from '../features/relations/relationsApi';
import { fullName } from '../features/users/followUpdates';
import { useGetUserQuery } from '../features/users/usersApi';
import './ProfilePage.css';

/** /users/:userId: a member's profile and posts (spec section 2). */
export function ProfilePage() {
  const say = useT();
  const { userId = '' } = useParams();
  const postsHeadingId = useId();
  const myId = useAppSelector(selectCurrentUserId);
  const { currentData: user, isSuccess, isError, error, isFetching } = useGetUserQuery(userId || skipToken);
  const username = user?.username ?? '';
  // A member's posts, a page at a time. While another member's posts load, the previous member's
  // are not shown as theirs (usePagedPosts reads the current list's data alone).
  const pages = usePagedPosts({ list: 'member', username }, { skip: !username });
  const postsLoaded = pages.loaded;
  const { posts } = pages;
  // The latest load decides: a profile shown before that now answers not found (the member blocked
  // this one) is not shown any more.
  const notFound = isError && !isFetching && refusalStatus(error) === 404;
  const relation = useRelationWith(userId);
  usePageTitle(user ? fullName(user) : say(notFound ? 'page.notFoundTitle' : 'profile.title'));
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffLongMs);

  // A member the member blocks: the backend answers nothing of theirs any more (what is cached is not shown).
  if (relation?.blockedMember) return <BlockedProfile member={relation.blockedMember} />;
  if (!user || notFound) {
    if (notFound) {
      return (
        <div className="profile-page">
          <NotFound missing="member" />
        </div>
      );
    }
    if (isError && !isFetching) {
      return (
        <div className="profile-page">
          <h1 className="profile-page__title">{say('profile.title')}</h1>
          <p className="profile-page__message" role="status">{say('profile.failed')}</p>
        </div>
      );
    }
    return (
      <div className="profile-page" aria-busy="true">
        <h1 className="profile-page__title">{say('profile.title')}</h1>
        <p className="profile-page__message">{say('profile.loading')}</p>
      </div>
    );
  }

  return (
    <div className="profile-page">
      <ProfileHeader
        user={user}
        isOwn={user._id === myId}
        actions={user._id === myId ? <MutedAndBlockedLink /> : (
          <>
            <RelationActions user={user} />
            <ReportMemberButton user={user} />
          </>
        )}
      />
      <WithPostCardExtras>
        <PinnedPosts userId={user._id} name={fullName(user)} />
      </WithPostCardExtras>
      <section className="profile-page__section" aria-labelledby={postsHeadingId}>
        <h2 id={postsHeadingId} className="profile-page__subtitle">
          {say('profile.posts')}
        </h2>
        {postsLoaded ? (
          <WithPostCardExtras>
            <PostList posts={posts} more={pages.more} emptyText={say('profile.noPosts')} label={say('profile.postsBy', { name: fullName(user) })} />
          </WithPostCardExtras>
        ) : (
          <p className="profile-page__message">{say('profile.postsLoading')}</p>
        )}
      </section>
    </div>
  );
}
