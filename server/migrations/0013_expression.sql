-- Alt text and edit marks (the `alt-text` and `edit-marks` extensions): a post's image carries the
-- description its author wrote for those who cannot see it ('' when none), and the post the time its
-- author last changed its text or description (NULL when never; created_at stays the posting time).
--
-- The member lists (the `member-lists` extension) need no table: follows_by_followee (followee_id,
-- seq) and reactions_in_order (post_id, seq) already read a page of followers or likers from a cursor
-- on, and follows_by_follower does the same for a member's followings.

ALTER TABLE posts ADD COLUMN image_alt text NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN edited_at timestamptz;
CREATE INDEX follows_by_follower ON follows (follower_id, seq);
