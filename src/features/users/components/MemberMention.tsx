import { Link } from 'react-router-dom';
import type { MentionPart } from '../../../components/RichText';
import { paths } from '../../../config/paths';
import { usernameKey } from '../../../../contract/search';
import { useFindMembersQuery } from '../usersApi';

/**
 * `@name` in a text: a link to the profile of the member who has that username (ignoring case), or
 * the text as written when nobody has it (asked once for each name, `member-search`). Re-renders only
 * when that member's id changes.
 */
export function MemberMention({ username, text }: { username: string; text: string }) {
  const { memberId } = useFindMembersQuery({ username: usernameKey(username) }, {
    selectFromResult: ({ data }) => ({ memberId: data?.users[0]?._id }),
  });
  if (!memberId) return <>{text}</>;
  return (
    <Link className="rich-text__mention" to={paths.profile.href(memberId)}>
      {text}
    </Link>
  );
}

/** RichText's `renderMention`: each mention as a MemberMention. */
export function renderMention(part: MentionPart) {
  return <MemberMention username={part.username} text={part.text} />;
}
