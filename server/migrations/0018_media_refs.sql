-- How many members (avatars) and posts name each stored image. The last one to let go of an image
-- deletes it: a deleted post's photo, or a replaced avatar, is no longer served under its address.
-- Until now every image stayed for good; those that nothing names go now.
ALTER TABLE media ADD COLUMN refs integer NOT NULL DEFAULT 0 CHECK (refs >= 0);
SELECT media_recount();
