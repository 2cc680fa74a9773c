-- A post's content warning (the `content-warnings` extension): shown in place of its text and image
-- until the reader opens them; '' when the author gave none.
ALTER TABLE posts ADD COLUMN warning text NOT NULL DEFAULT '';
